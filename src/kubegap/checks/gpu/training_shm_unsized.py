"""``training-shm-unsized``: Multi-GPU pods left with the container runtime's 64Mi /dev/shm."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.gpus import GPU_RESOURCES, template_gpus
from kubegap.domain.podtemplates import TRAINING_KINDS, PodTemplate
from kubegap.domain.resources import as_list, containers, dig, quantity

NVIDIA_SHM = "nvidia-2026-ai-cloud-validation-nccl-job-missing-dev-shm"


PYTORCH_SHM = "pytorch-2026-ci-gpu-pods-default-dev-shm-nccl-failures"


DEFAULT_SHM_BYTES = 64 * 2**20


def _shm_problem(template: PodTemplate, path: str, container: dict) -> str | None:
    """Why this container's /dev/shm is the runtime's 64Mi default (or no larger); None when it is sized."""
    if template.spec.get("hostIPC") is True:
        return None
    volumes = {
        v["name"]: v
        for v in as_list(template.spec.get("volumes"))
        if isinstance(v, dict) and isinstance(v.get("name"), str)
    }
    for mount in as_list(container.get("volumeMounts")):
        if not isinstance(mount, dict) or str(mount.get("mountPath", "")).rstrip("/") != "/dev/shm":
            continue
        volume = volumes.get(mount["name"], {}) if isinstance(mount.get("name"), str) else {}
        limit = quantity(dig(volume, "emptyDir", "sizeLimit"))
        if isinstance(volume.get("emptyDir"), dict) and limit is not None and limit <= DEFAULT_SHM_BYTES:
            return f"{path} mounts /dev/shm with sizeLimit {dig(volume, 'emptyDir', 'sizeLimit')}"
        return None
    return f"{path} mounts nothing at /dev/shm (the runtime default is 64Mi)"


@check(
    id="training-shm-unsized",
    title="Multi-GPU pods left with the container runtime's 64Mi /dev/shm",
    severity="high",
    category="gpu",
    cases=[NVIDIA_SHM, PYTORCH_SHM],
    reads=["workloads", *sorted(TRAINING_KINDS)],
    defaults={"min_gpus_per_pod": 2},
    fix=(
        "Mount a memory-backed emptyDir at /dev/shm in every container that runs multi-GPU NCCL/MPI work, "
        "sized for the ranks on the node (for example 2Gi-8Gi; the memory counts against the pod's limit)."
    ),
)
def training_shm_unsized(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Pod templates that ask for at least `min_gpus_per_pod` GPUs (default 2) in one pod, and so run
    several ranks that talk through shared memory, whose GPU containers mount nothing at
    `/dev/shm` (they get the container runtime's 64Mi tmpfs) or mount an `emptyDir` there with a
    `sizeLimit` of 64Mi or less. Pods with `hostIPC: true` share the host's /dev/shm and are not
    reported.

    ## Why it matters

    NCCL and OpenMPI/UCX use POSIX shared memory between the processes on one node. In PyTorch's CI
    (2026) Kubernetes workflow pods on a multi-GPU runner had nothing mounted at /dev/shm, and NCCL
    could not create its shared-memory segment there ("No space left on device") until a tmpfs
    was mounted. In NVIDIA's ai-cloud-validation tool the
    single-node NCCL all-reduce Job mounted no /dev/shm, so with 8 ranks on an 8-GPU node UCX's
    shared-memory transport could not start and crashed with a segmentation fault, while the
    sibling multi-node manifest already mounted an 8Gi memory-backed /dev/shm.

    ## Severity

    Always **high**: the job's ranks fail (bus errors) or crawl as soon as they exchange data through
    shared memory.

    ## Example

    ```yaml
    kind: Job
    spec:
      template:
        spec:
          containers:
          - name: nccl-test
            resources: {limits: {nvidia.com/gpu: 8}}
    ```

    ## Fix

    ```yaml
          containers:
          - name: nccl-test
            volumeMounts: [{name: dshm, mountPath: /dev/shm}]
          volumes:
          - {name: dshm, emptyDir: {medium: Memory, sizeLimit: 8Gi}}
    ```
    """
    minimum = ctx.setting("min_gpus_per_pod")
    multi_gpu = False
    for workload in ctx.inventory.workloads:
        if workload.is_finished:
            continue
        evidence = []
        for template in workload.templates:
            if template_gpus(template) < minimum:
                continue
            multi_gpu = True
            for path, container in containers(template.spec, init=False):
                if any(
                    quantity(dig(container, "resources", s, r)) for s in ("limits", "requests") for r in GPU_RESOURCES
                ):
                    problem = _shm_problem(
                        template, f"{template.path}.spec.{path}" if template.path else f"spec.{path}", container
                    )
                    if problem:
                        evidence.append(Evidence(f"{template.path or 'spec'}.volumes", problem))
        if evidence:
            yield ctx.finding(
                workload.obj,
                "Multi-GPU pods run with the container runtime's 64Mi /dev/shm: NCCL/MPI shared-memory "
                "transport can fail to start or crash.",
                *evidence,
            )
    if not multi_gpu:
        raise Skip(f"no pod template asks for {minimum} or more GPUs")
