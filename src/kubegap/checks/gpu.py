"""GPU and AI-training checks: collective-communication timeouts, checkpoints, shared memory, GPU node taints."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import (
    GPU_RESOURCES,
    is_gpu_node,
    mounted_volumes,
    node_gpus,
    template_gpus,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.podtemplates import TRAINING_KINDS, PodTemplate, Workload
from kubegap.resources import as_dict, as_list, command_words, containers, dig, env_names, quantity
from kubegap.scheduling import node_taints
from kubegap.tokens import Vocabulary, words

MEGASCALE = "bytedance-2024-megascale-nic-flapping"

IB_TIMEOUT = "NCCL_IB_TIMEOUT"
"""The knob that sets how long NCCL waits for a link: each of its NCCL_IB_RETRY_CNT retries (0-7, default 7,
already the most the InfiniBand retry counter holds) waits 4.096 µs × 2^NCCL_IB_TIMEOUT."""
# Transports on which the InfiniBand verbs timeouts do not apply.
NON_IB_MARKERS = {"FI_PROVIDER": "efa", "NCCL_IB_DISABLE": "1", "NCCL_NET": "socket"}
RDMA_RESOURCE_HINTS = Vocabulary(("rdma", "hca", "roce", "infiniband", "mellanox", "mlnx", "ib", "hostdev", "sriov"))
"""Device-plugin resource names of RDMA NICs: rdma/*, the NVIDIA network operator's nvidia.com/hostdev, SR-IOV VFs."""
MULTUS_NETWORKS = "k8s.v1.cni.cncf.io/networks"
RDMA_CAPABILITIES = ("IPC_LOCK", "CAP_IPC_LOCK")


def _env_value(container: dict, key: str) -> str | None:
    for entry in as_list(container.get("env")):
        if isinstance(entry, dict) and entry.get("name") == key and isinstance(entry.get("value"), str):
            return entry["value"]
    return None


def _configmap_keys(ctx: Context, ns: str | None, cm_name: str) -> set[str] | None:
    """Keys (and ``nccl.conf`` settings) of a ConfigMap; None when they cannot be known: ConfigMaps were not
    collected, or the input does not hold this one and is not a complete listing of them (see kubegap.absence)."""
    if not ctx.inventory.collected("ConfigMap"):
        return None
    cm = ctx.inventory.get("ConfigMap", ns, cm_name)
    if cm is None:
        return set() if ctx.inventory.closed("ConfigMap", ns) else None
    data = cm.get("data") if isinstance(cm.get("data"), dict) else {}
    keys = {k for k in data if isinstance(k, str)}
    for value in data.values():
        if isinstance(value, str):  # an nccl.conf file: KEY=value lines
            keys |= {line.split("=", 1)[0].strip() for line in value.splitlines() if "=" in line}
    return keys


def _timeout_set(ctx: Context, ns: str | None, template: PodTemplate) -> tuple[bool, bool]:
    """Whether a template sets NCCL_IB_TIMEOUT, and whether some source of settings could not be read."""
    found: set[str] = set()
    unknown = False
    mounted_configmaps = {
        dig(v, "configMap", "name")
        for v in as_list(template.spec.get("volumes"))
        if isinstance(dig(v, "configMap", "name"), str)
    }
    configmaps = set(mounted_configmaps)
    for _, container in containers(template.spec, init=False):
        found |= env_names(container) & {IB_TIMEOUT}
        if f"{IB_TIMEOUT}=" in " ".join(command_words(container)):
            found.add(IB_TIMEOUT)
        for source in as_list(container.get("envFrom")):
            ref = dig(source, "configMapRef", "name")
            if isinstance(ref, str):
                configmaps.add(ref)
    for cm_name in configmaps:
        keys = _configmap_keys(ctx, ns, cm_name)
        if keys is None:
            unknown = True
        else:
            found |= keys & {IB_TIMEOUT}
    return bool(found), unknown


def _uses_other_transport(template: PodTemplate) -> bool:
    """AWS EFA, or NCCL told not to use InfiniBand verbs: the knobs do not apply."""
    for _, container in containers(template.spec, init=False):
        for key, marker in NON_IB_MARKERS.items():
            if (_env_value(container, key) or "").lower() == marker:
                return True
        for section in ("limits", "requests"):
            for resource in as_dict(dig(container, "resources", section)):
                if isinstance(resource, str) and "efa" in words(resource):
                    return True
    return False


def _locks_memory(container: dict) -> bool:
    """Privileged, or granted IPC_LOCK (needed to pin memory for RDMA)."""
    security = as_dict(container.get("securityContext"))
    added = [str(c).upper() for c in as_list(dig(security, "capabilities", "add"))]
    return security.get("privileged") is True or any(c in RDMA_CAPABILITIES for c in added)


def _ib_evidence(ctx: Context, template: PodTemplate) -> str | None:
    """Why we believe the pods use InfiniBand/RoCE verbs (the transport these knobs govern)."""
    if _uses_other_transport(template):
        return None
    for path, container in containers(template.spec, init=False):
        for section in ("limits", "requests"):
            for resource in as_dict(dig(container, "resources", section)):
                if isinstance(resource, str) and RDMA_RESOURCE_HINTS.find(resource) is not None:
                    return f"{path} requests {resource}"
        ib_vars = sorted(n for n in env_names(container) if n.startswith("NCCL_IB_"))
        if ib_vars:
            return f"{path} sets {', '.join(ib_vars)}"
    networks = template.annotations.get(MULTUS_NETWORKS, "").strip()
    if networks:
        return f"pod attaches secondary networks ({MULTUS_NETWORKS}: {networks[:80]})"
    for _, volume in mounted_volumes(template):
        host_path = str(dig(volume, "hostPath", "path", default="")).rstrip("/")
        if host_path == "/dev/infiniband" or host_path.startswith("/dev/infiniband/"):
            return f"volume {volume.get('name')} mounts hostPath {host_path}"
    if template.spec.get("hostNetwork") is True:
        for path, container in containers(template.spec, init=False):
            if _locks_memory(container):
                return f"hostNetwork with {path} privileged or granted IPC_LOCK"
    return None


def _training_gpu_templates(workload: Workload) -> list[PodTemplate]:
    batch_kind = workload.kind in TRAINING_KINDS or workload.kind in ("Job", "CronJob")
    if not batch_kind or workload.is_finished:
        return []
    gpu_templates = [t for t in workload.templates if template_gpus(t) > 0]
    pods = sum(t.replicas or 1 for t in gpu_templates)
    return gpu_templates if pods > 1 else []


def training_runs(ctx: Context) -> list[tuple[Workload, list[PodTemplate]]]:
    """Unfinished multi-pod GPU training workloads with their GPU pod templates; Skip when there are none."""
    runs = [(w, templates) for w in ctx.inventory.workloads if (templates := _training_gpu_templates(w))]
    if not runs:
        raise Skip("no multi-pod GPU training workloads")
    return runs


@check(
    id="nccl-timeouts-unset",
    title="Distributed GPU training leaves NCCL's InfiniBand timeout at its default",
    severity="high",
    category="gpu",
    cases=[MEGASCALE],
    reads=["workloads", "ConfigMap", *sorted(TRAINING_KINDS)],
    fix=(
        "Set NCCL_IB_TIMEOUT explicitly in the training pods (env or a mounted nccl.conf), so that a link that "
        "flaps for a few seconds is retried rather than fatal whatever the NCCL version: NCCL waits about "
        "NCCL_IB_RETRY_CNT (0-7, default 7, already the most) times 4.096 µs × 2^NCCL_IB_TIMEOUT (1-31) before it "
        "fails, 30 s at 20 and 2 minutes at 22. Keep that below the framework's collective timeout (PyTorch's "
        "default for NCCL: 10 minutes), and enable adaptive retransmission on NICs that support it."
    ),
)
def nccl_timeouts_unset(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Multi-pod GPU training workloads (PyTorchJob, MPIJob, TFJob, JobSet, LeaderWorkerSet, RayCluster,
    Jobs and other pod-template custom resources) whose pods use InfiniBand or RoCE, seen by any of:

    - a device-plugin resource of an RDMA NIC: `rdma/*` (k8s-rdma-shared-dev-plugin), the NVIDIA
      network operator's `nvidia.com/hostdev`, SR-IOV virtual functions, or a name mentioning
      `hca`, `roce`, `infiniband` or `mellanox`;
    - other `NCCL_IB_*` variables (`NCCL_IB_HCA`, `NCCL_IB_GID_INDEX` ...);
    - a Multus/SR-IOV secondary network attached with the `k8s.v1.cni.cncf.io/networks` pod
      annotation;
    - a `hostPath` volume of `/dev/infiniband`;
    - `hostNetwork: true` with a container that is privileged or granted `IPC_LOCK` (needed to pin
      memory for RDMA);

    but do not set `NCCL_IB_TIMEOUT`, neither in `env`, in an `envFrom` ConfigMap, in a mounted
    `nccl.conf`, nor on the command line. `NCCL_IB_RETRY_CNT` is not required: its default, 7, is
    already the largest value the InfiniBand retry counter holds. Jobs on AWS EFA (`FI_PROVIDER=efa`),
    with `NCCL_IB_DISABLE=1` or `NCCL_NET=Socket` are not affected by these knobs and are not
    reported. When a referenced ConfigMap was not collected the check stays silent rather than guess.

    ## Why it matters

    In ByteDance's MegaScale production runs on more than 10,000 GPUs, network interfaces flapped: a
    link went down and came back within a few seconds, dropping the packets in flight. NCCL's default
    timeout expired with a completion error before the NIC came back, so one short flap stalled or
    slowed the whole training job. ByteDance's first lesson was to set the timeout threshold
    explicitly to a larger value; it also tuned NCCL's retransmit timer and retry count and enabled the
    NIC's `adap_retrans` feature.

    NCCL documents how long it waits: each InfiniBand attempt times out after 4.096 µs ×
    2^`NCCL_IB_TIMEOUT`, and the time before NCCL raises a network error is that times
    `NCCL_IB_RETRY_CNT`. Left unset, that time is the default of whichever NCCL the image ships:
    `NCCL_IB_TIMEOUT` was 14 before NCCL 2.14 (about half a second in all), 18 from 2.14 (about 7.5 s)
    and is 20 from 2.23 (about 30 s). Setting it explicitly makes the job's tolerance of a flapping
    link a decision rather than an accident of the image.

    ## Severity

    Always **high**: a link flap of a few seconds fails the whole job, every rank of it.

    ## Example

    ```yaml
    apiVersion: kubeflow.org/v1
    kind: PyTorchJob
    spec:
      pytorchReplicaSpecs:
        Worker:
          replicas: 16
          template:
            spec:
              containers:
              - name: trainer
                env:
                - {name: NCCL_IB_HCA, value: mlx5}
                resources:
                  limits: {nvidia.com/gpu: 8, rdma/rdma_shared_device_a: 1}
    ```

    ## Fix

    ```yaml
                env:
                - {name: NCCL_IB_HCA, value: mlx5}
                - {name: NCCL_IB_TIMEOUT, value: "22"}    # 17.2 s per attempt: about 2 minutes in all
                - {name: NCCL_IB_RETRY_CNT, value: "7"}   # the default, and the most the counter holds (0-7)
    ```

    Choose the value for your fabric from NCCL's table (`NCCL_IB_TIMEOUT` 0-31; 0 and 32 or more mean
    no timeout at all, so a dead link would hang the job): 19 waits about 15 s, 20 about 30 s, 21 about
    60 s. A larger value rides out longer flaps but also takes longer to report a link that is really
    dead; keep the total below the framework's collective timeout (`timeout=` of
    `torch.distributed.init_process_group`, 10 minutes by default for NCCL), which aborts the
    collective and crashes the process when it expires.
    """
    for workload, templates in training_runs(ctx):
        evidence, pods = [], 0
        for template in templates:
            reason = _ib_evidence(ctx, template)
            if reason is None:
                continue
            timeout_set, unknown = _timeout_set(ctx, workload.ref.namespace, template)
            if timeout_set or unknown:
                continue
            pods += template.replicas or 1
            evidence.append(
                Evidence(f"{template.path}.spec.containers[*].env", {"uses": reason, "unset": [IB_TIMEOUT]})
            )
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{pods} GPU pod(s) use InfiniBand/RoCE with {IB_TIMEOUT} unset: how long a link may flap before "
                "NCCL fails the whole job is left to the NCCL version's default (about half a second before 2.14).",
                *evidence,
            )


ELASTIC_CHECKPOINTS = "kubeflow-user-2022-elastic-pytorchjob-checkpoints-lost-with-pods"

DURABLE_VOLUME_SOURCES = (
    "persistentVolumeClaim",
    "nfs",
    "csi",
    "hostPath",
    "cephfs",
    "glusterfs",
    "azureFile",
    "iscsi",
    "fc",
)
"""Volume sources that outlive a pod (hostPath counts: it is how shared filesystems are often mounted).
A generic ``ephemeral`` claim and ``emptyDir`` are deleted with the pod."""
OBJECT_STORE_SCHEMES = ("s3://", "gs://", "gcs://", "hdfs://", "abfs://", "abfss://", "az://", "oss://", "wasbs://")
CHECKPOINT_WORDS = ("checkpoint", "ckpt")


def _durable_mounts(template: PodTemplate) -> list[str]:
    """Mount paths, in the training containers, of volumes that outlive the pod."""
    durable = {
        v["name"]
        for _, v in mounted_volumes(template)
        if isinstance(v.get("name"), str) and any(isinstance(v.get(source), dict) for source in DURABLE_VOLUME_SOURCES)
    }
    return [
        m["mountPath"]
        for _, c in containers(template.spec, init=False)
        for m in as_list(c.get("volumeMounts"))
        if isinstance(m, dict)
        and isinstance(m.get("name"), str)
        and m["name"] in durable
        and isinstance(m.get("mountPath"), str)
    ]


def _checkpoint_settings(template: PodTemplate) -> list[tuple[str, str]]:
    """``(where, value)`` for every flag or env var naming a checkpoint location (``--ckpt-dir /x``, ``CHECKPOINT_DIR=/x``)."""
    found = []
    for container_path, container in containers(template.spec, init=False):
        path = f"{template.path}.spec.{container_path}" if template.path else f"spec.{container_path}"
        words = " ".join(command_words(container)).split()
        for index, word in enumerate(words):
            if not word.startswith("-") or not any(hint in word.lower() for hint in CHECKPOINT_WORDS):
                continue
            if "=" in word:
                found.append((f"{path}.args", word.split("=", 1)[1]))
            elif index + 1 < len(words) and not words[index + 1].startswith("-"):
                found.append((f"{path}.args", words[index + 1]))
        for entry in as_list(container.get("env")):
            if (
                isinstance(entry, dict)
                and isinstance(entry.get("name"), str)
                and isinstance(entry.get("value"), str)
                and any(hint in entry["name"].lower() for hint in CHECKPOINT_WORDS)
            ):
                found.append((f"{path}.env[{entry['name']}]", entry["value"]))
    return found


def _names_object_store(template: PodTemplate) -> bool:
    for _, container in containers(template.spec, init=False):
        words = command_words(container) + [
            str(e.get("value", "")) for e in as_list(container.get("env")) if isinstance(e, dict)
        ]
        if any(scheme in str(word).lower() for word in words for scheme in OBJECT_STORE_SCHEMES):
            return True
    return False


def _under(path: str, mount: str) -> bool:
    mount = mount.rstrip("/") or "/"
    return mount == "/" or path == mount or path.startswith(mount + "/")


def _checkpoint_storage(template: PodTemplate) -> tuple[bool | None, list[Evidence]]:
    """Whether the template's checkpoints survive the pod: True, False (with evidence), None when unknown."""
    if _names_object_store(template):
        return True, []
    mounts = _durable_mounts(template)
    settings = _checkpoint_settings(template)
    if not settings:
        return bool(mounts), []
    local = []
    for where, value in settings:
        if not value.startswith("/"):
            return None, []  # a bucket name, a variable: the destination cannot be read
        if any(_under(value, mount) for mount in mounts):
            return True, []
        local.append(Evidence(where, value))
    return False, local


def _restarting_runs(ctx: Context) -> list[tuple[Workload, list[PodTemplate], dict]]:
    """Unfinished training that restarts its workers and is meant to carry on: multi-pod GPU training, and
    elastic training jobs (``spec.elasticPolicy``) of any size, each with its elastic policy ({} when none)."""
    runs = []
    for workload in ctx.inventory.workloads:
        if workload.is_finished:
            continue
        elastic = as_dict(dig(workload.obj, "spec", "elasticPolicy")) if workload.kind in TRAINING_KINDS else {}
        templates = _training_gpu_templates(workload) or (list(workload.templates) if elastic else [])
        if templates:
            runs.append((workload, templates, elastic))
    if not runs:
        raise Skip("no multi-pod GPU training or elastic training workloads")
    return runs


@check(
    id="training-checkpoint-missing",
    title="Training that restarts its workers keeps its checkpoints only on pod-local storage",
    severity="medium",
    category="gpu",
    cases=[ELASTIC_CHECKPOINTS],
    reads=["workloads", *sorted(TRAINING_KINDS)],
    defaults={"min_gpus": 8},
    fix=(
        "Write checkpoints to storage that outlives the pods (a ReadWriteMany PVC, an NFS, Lustre or other "
        "CSI volume mounted in every worker, or an object store), point the training script's checkpoint "
        "path at it explicitly, and resume from the latest checkpoint when the workers restart."
    ),
)
def training_checkpoint_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Training workloads that restart their workers and carry on: elastic training jobs
    (`spec.elasticPolicy`, as on Kubeflow's PyTorchJob) of any size, and multi-pod GPU training
    (PyTorchJob, MPIJob, JobSet, LeaderWorkerSet, RayCluster, Jobs and other pod-template custom
    resources), whose checkpoints would not survive their pods. Durable means a mounted volume that
    outlives the pod (PVC, NFS, CSI, hostPath, CephFS, Azure File ...) or an object-store URL (`s3://`,
    `gs://`, `hdfs://`, `abfs://` ...) in an argument or an environment variable. `emptyDir` and
    generic ephemeral volumes do not count: they are deleted with the pod, and the container's own
    filesystem with every restart of the container.

    - When a flag or environment variable names the checkpoint location (`--checkpoint-dir /ckpt`,
      `CKPT_PATH=/out`), that path must lie under a durable mount; a location on the container's
      filesystem or an emptyDir is reported. A location that is neither a path nor a URL (a bucket
      name, a variable) cannot be judged and is not reported.
    - Without any such setting, the workload is reported when none of its pods mounts anything durable
      or names an object store, and it is an elastic job (built to restart its workers and resume) or
      uses at least `min_gpus` GPUs in all (default 8, one node's worth): smaller, non-elastic jobs are
      cheap to rerun from the start. A script that uploads checkpoints through code of its own is
      invisible here; naming the destination in the manifest makes it visible.

    ## Why it matters

    A user testing the fault tolerance of an elastic PyTorchJob ran Kubeflow's own ImageNet example
    with two workers and deleted one worker pod: the other worker failed as well, every pod of the job
    restarted, and the checkpoints, which the example's script writes by default to
    `/tmp/checkpoint.pth.tar` on the container's filesystem, were lost with them. The script counts on
    a surviving worker to hand its newest checkpoint to the others, and PyTorch's elastic launcher kills
    all surviving workers on any failure or change of membership, warning users to checkpoint their
    progress; with nothing durable mounted, a restart of every pod leaves nothing to resume from.

    ## Severity

    Always **medium**: a restart of every pod loses the training done since the job started, but not
    the job, its data or anything else on the cluster; the check's GPU threshold already leaves out
    runs cheap enough to redo.

    ## Example

    ```yaml
    apiVersion: kubeflow.org/v1
    kind: PyTorchJob
    spec:
      elasticPolicy: {rdzvBackend: c10d, minReplicas: 1, maxReplicas: 2, maxRestarts: 100}
      pytorchReplicaSpecs:
        Worker:
          replicas: 2
          restartPolicy: OnFailure
          template:
            spec:
              containers:
              - name: pytorch
                command: [python, -m, torch.distributed.run, /workspace/examples/imagenet.py]
                # the script's default checkpoint file is /tmp/checkpoint.pth.tar
    ```

    ## Fix

    ```yaml
              containers:
              - name: pytorch
                command: [python, -m, torch.distributed.run, /workspace/examples/imagenet.py,
                          --checkpoint-file=/checkpoints/checkpoint.pth.tar]
                volumeMounts: [{name: checkpoints, mountPath: /checkpoints}]
              volumes:
              - {name: checkpoints, persistentVolumeClaim: {claimName: imagenet-checkpoints}}   # ReadWriteMany
    ```
    """
    for workload, templates, elastic in _restarting_runs(ctx):
        judged = [(t, *_checkpoint_storage(t)) for t in templates]
        if any(durable is not False for _, durable, _ in judged):
            continue
        pods = sum(t.replicas or 1 for t in templates)
        local = [e for _, _, evidence in judged for e in evidence]
        gpus = sum(template_gpus(t) * (t.replicas or 1) for t in templates)
        if not local and not elastic and gpus < ctx.setting("min_gpus"):
            continue
        if local:
            message = (
                f"{pods} training pod(s) write checkpoints to {', '.join(sorted({str(e.value) for e in local}))} "
                "on storage deleted with the pod (the container's filesystem, an emptyDir or an ephemeral volume): "
                "a restarted worker has nothing to resume from."
            )
        elif elastic:
            restarts = elastic.get("maxRestarts")
            message = (
                f"Elastic training job restarts its {pods} pod(s) on failure"
                + (f" (maxRestarts {restarts})" if isinstance(restarts, int) else "")
                + " but they mount nothing that outlives a pod and name no object store: any checkpoint stays on "
                "pod-local storage, and once every pod has restarted the run starts over."
            )
        else:
            message = (
                f"{pods} GPU training pods ({gpus:g} GPUs) mount nothing that outlives a pod and name no object store: "
                "any checkpoint stays on pod-local storage, and a failed worker can cost the whole run's progress."
            )
        yield ctx.finding(
            workload.obj,
            message,
            *local,
            *(
                Evidence(f"{t.path}.spec.volumes", [dig(v, "name") for v in as_list(t.spec.get("volumes"))])
                for t in templates
            ),
            *([Evidence("spec.elasticPolicy", elastic)] if elastic and not local else []),
        )


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


TWO_I_TWO_C = "2i2c-2024-untainted-eks-gpu-nodes-scaled-up-for-builder-pod"
SCHEDULING_EFFECTS = ("NoSchedule", "NoExecute")


@check(
    id="gpu-node-untainted",
    title="GPU nodes without a taint in a cluster that also runs non-GPU workloads",
    severity="medium",
    category="gpu",
    cases=[TWO_I_TWO_C],
    requires=["Node"],
    reads=["workloads"],
    fix=(
        "Taint GPU node pools (for example nvidia.com/gpu=present:NoSchedule) so that only pods that "
        "tolerate it, usually the ones requesting GPUs, are placed on them or make the autoscaler add them."
    ),
)
def gpu_node_untainted(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes with GPUs (capacity or the GPU operator's `nvidia.com/gpu.present` label) that carry no
    `NoSchedule` or `NoExecute` taint, when the inventory also holds workloads whose pods request no
    GPU. Skipped when no workload was collected (nothing says what else could land on the nodes).

    ## Why it matters

    On 2i2c's AWS clusters the GPU node pools created with eksctl carried the same user-node label as
    ordinary user nodes and, unlike their GCP GPU pools, no taint. BinderHub image-builder pods,
    scheduled onto user nodes, could therefore land on GPU nodes, and on one hub a single build
    request made the cluster autoscaler start a GPU node.

    ## Severity

    Always **medium**: pods that need no GPU can take a GPU node's CPU and memory, and the autoscaler
    may keep costly nodes for them.

    ## Example

    ```yaml
    kind: Node
    metadata: {name: gpu-1, labels: {node-purpose: user}}
    status: {capacity: {nvidia.com/gpu: "4"}}
    spec: {}          # no taints
    ```

    ## Fix

    ```yaml
    spec:
      taints:
      - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
    ```
    """
    gpu_nodes = [n for n in ctx.inventory.nodes if is_gpu_node(n)]
    if not gpu_nodes:
        raise Skip("no GPU nodes")
    if not ctx.inventory.workloads:
        raise Skip("no workloads collected, so it is unknown whether non-GPU pods could use the GPU nodes")
    untainted = [n for n in gpu_nodes if not any(t.get("effect") in SCHEDULING_EFFECTS for t in node_taints(n))]
    if not untainted:
        return  # every GPU node keeps other pods off: no need to count the workloads that ask for no GPU
    cpu_only = [w for w in ctx.inventory.workloads if not any(template_gpus(t) > 0 for t in w.templates)]
    if not cpu_only:
        return
    for node in untainted:
        yield ctx.finding(
            node,
            f"GPU node has no NoSchedule taint: non-GPU pods ({len(cpu_only)} workloads request no GPU) can be "
            "placed on it or make the autoscaler add GPU nodes.",
            Evidence("spec.taints", dig(node, "spec", "taints")),
            Evidence("GPU capacity", node_gpus(node)),
        )
