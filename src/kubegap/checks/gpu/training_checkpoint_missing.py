"""``training-checkpoint-missing``: Training that restarts its workers keeps its checkpoints only on pod-local storage."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.gpu._helpers import _training_gpu_templates
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.gpus import template_gpus
from kubegap.domain.podtemplates import TRAINING_KINDS, PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig

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
