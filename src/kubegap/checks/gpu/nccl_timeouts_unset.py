"""``nccl-timeouts-unset``: Distributed GPU training leaves NCCL's InfiniBand timeout at its default."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.gpu._helpers import _training_gpu_templates
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.podtemplates import TRAINING_KINDS, PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig, env_names
from kubegap.domain.tokens import Words, words

MEGASCALE = "bytedance-2024-megascale-nic-flapping"


IB_TIMEOUT = "NCCL_IB_TIMEOUT"
"""The knob that sets how long NCCL waits for a link: each of its NCCL_IB_RETRY_CNT retries (0-7, default 7,
already the most the InfiniBand retry counter holds) waits 4.096 µs × 2^NCCL_IB_TIMEOUT."""


# Transports on which the InfiniBand verbs timeouts do not apply.
NON_IB_MARKERS = {"FI_PROVIDER": "efa", "NCCL_IB_DISABLE": "1", "NCCL_NET": "socket"}


RDMA_RESOURCE_HINTS = Words(("rdma", "hca", "roce", "infiniband", "mellanox", "mlnx", "ib", "hostdev", "sriov"))
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
    collected, or the input does not hold this one and is not a complete listing of them (see kubegap.domain.absence)."""
    if not ctx.inventory.collected("ConfigMap"):
        return None
    cm = ctx.inventory.get("ConfigMap", ns, cm_name)
    if cm is None:
        return set() if ctx.inventory.closed("ConfigMap", ns) else None
    data = as_dict(cm.get("data"))
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
