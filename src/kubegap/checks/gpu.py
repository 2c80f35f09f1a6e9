"""GPU and AI-training checks: collective-communication timeouts, node health, shared memory, GPU node taints."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import (
    GPU_RESOURCES, daemonset_covers, daemonsets_matching, is_gpu_node, mounted_volumes, node_gpus, template_gpus,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.resources import as_dict, as_list, command_words, containers, dig, env_names, name, namespace, quantity
from kubegap.scheduling import node_taints
from kubegap.podtemplates import TRAINING_KINDS, PodTemplate, Workload
from kubegap.tokens import Vocabulary, words

MEGASCALE = "bytedance-2024-megascale-nic-flapping"
OPT_175B = "meta-2021-opt-175b-hardware-failures-restarts"

NCCL_KNOBS = ("NCCL_IB_TIMEOUT", "NCCL_IB_RETRY_CNT")
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


def _knobs_set(ctx: Context, ns: str | None, template: PodTemplate) -> tuple[set[str], bool]:
    """NCCL knobs a template sets, and whether some source of settings could not be read."""
    found: set[str] = set()
    unknown = False
    mounted_configmaps = {
        dig(v, "configMap", "name")
        for v in as_list(template.spec.get("volumes"))
        if isinstance(dig(v, "configMap", "name"), str)
    }
    configmaps = set(mounted_configmaps)
    for _, container in containers(template.spec, init=False):
        found |= env_names(container) & set(NCCL_KNOBS)
        words = " ".join(command_words(container))
        found |= {knob for knob in NCCL_KNOBS if f"{knob}=" in words}
        for source in as_list(container.get("envFrom")):
            ref = dig(source, "configMapRef", "name")
            if isinstance(ref, str):
                configmaps.add(ref)
    for cm_name in configmaps:
        keys = _configmap_keys(ctx, ns, cm_name)
        if keys is None:
            unknown = True
        else:
            found |= keys & set(NCCL_KNOBS)
    return found, unknown


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
    title="Distributed GPU training leaves NCCL's InfiniBand timeout and retry count at their defaults",
    severity="high",
    category="gpu",
    cases=[MEGASCALE],
    reads=["workloads", "ConfigMap", *sorted(TRAINING_KINDS)],
    fix=(
        "Set NCCL_IB_TIMEOUT and NCCL_IB_RETRY_CNT explicitly in the training pods (env or a mounted "
        "nccl.conf), sized so that a link that flaps for a few seconds is retried rather than fatal, and "
        "enable adaptive retransmission on the NICs where they support it."
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

    but do not set `NCCL_IB_TIMEOUT` and
    `NCCL_IB_RETRY_CNT` explicitly, neither in `env`, in an `envFrom` ConfigMap, in a mounted
    `nccl.conf`, nor on the command line. Jobs on AWS EFA (`FI_PROVIDER=efa`), with `NCCL_IB_DISABLE=1`
    or `NCCL_NET=Socket` are not affected by these knobs and are not reported. When a referenced
    ConfigMap was not collected the check stays silent rather than guess.

    ## Why it matters

    In ByteDance's MegaScale production runs on more than 10,000 GPUs, network interfaces flapped: a
    link went down and came back within a few seconds, dropping the packets in flight. NCCL's default
    timeout expired with a completion error before the NIC came back, so one short flap stalled or
    slowed the whole training job. ByteDance's first lesson was to set the timeout threshold
    explicitly to a larger value; it also tuned NCCL's retransmit timer and retry count and enabled the
    NIC's `adap_retrans` feature.

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
                - {name: NCCL_IB_TIMEOUT, value: "22"}
                - {name: NCCL_IB_RETRY_CNT, value: "13"}
    ```

    Choose values for your fabric: the verbs timeout grows as 4.096 µs × 2^`NCCL_IB_TIMEOUT`, so a
    few steps above the default already ride out multi-second flaps. Pair it with the framework's
    collective timeout (for example `timeout=` in `torch.distributed.init_process_group`).
    """
    for workload, templates in training_runs(ctx):
        evidence, pods, missing = [], 0, set()
        for template in templates:
            reason = _ib_evidence(ctx, template)
            if reason is None:
                continue
            knobs, unknown = _knobs_set(ctx, workload.ref.namespace, template)
            absent = [k for k in NCCL_KNOBS if k not in knobs]
            if not absent or unknown:
                continue
            pods += template.replicas or 1
            missing.update(absent)
            evidence.append(Evidence(f"{template.path}.spec.containers[*].env", {"uses": reason, "unset": absent}))
        if evidence:
            unset = " and ".join(k for k in NCCL_KNOBS if k in missing)
            yield ctx.finding(
                workload.obj,
                f"{pods} GPU pod(s) use InfiniBand/RoCE with {unset} at NCCL's defaults: a link flap of a few "
                "seconds can abort or stall the whole job.",
                *evidence,
            )


HEALTH_AGENTS = ("node-problem-detector", "dcgm", "gpu-health", "nic-health")
STANDARD_CONDITIONS = frozenset({"Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"})


def _condition_types(node: dict) -> set[str]:
    return {
        c["type"]
        for c in as_list(dig(node, "status", "conditions"))
        if isinstance(c, dict) and isinstance(c.get("type"), str)
    }


@check(
    id="gpu-node-health-missing",
    title="GPU nodes without GPU or NIC health reporting",
    severity="high",
    category="gpu",
    cases=[OPT_175B],
    requires=["Node"],
    reads=["DaemonSet"],
    defaults={"agents": list(HEALTH_AGENTS)},
    fix=(
        "Run node-problem-detector (with GPU and NIC problem rules) or NVIDIA DCGM on every GPU node, so "
        "that Xid errors, ECC faults and link flaps become node conditions or metrics that can cordon "
        "the node; make sure its tolerations match the GPU nodes' taints."
    ),
)
def gpu_node_health_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes with GPUs (`nvidia.com/gpu` or `amd.com/gpu` capacity, or the GPU operator's
    `nvidia.com/gpu.present` label) that no health agent covers: no DaemonSet whose name or image
    names a known agent as words (node-problem-detector, NVIDIA DCGM / dcgm-exporter, or names set
    in the `agents` setting) would run on the node (its nodeSelector, node affinity and tolerations are
    checked against the node's labels and taints), and the node reports no condition beyond the
    kubelet's standard five. Skipped when DaemonSets were not collected.

    ## Why it matters

    Meta AI trained OPT-175B on 1,024 rented A100s with no automated GPU burn-in, InfiniBand
    testing or log monitoring at launch, and logged more than 40 restarts in two weeks of
    November 2021: nodes dropped out with ECC errors or lost GPUs, replacements arrived with the
    same faults, and each one was found by people watching the run and recovered by hand. Once
    monitoring and health checks were combined into automated recovery, 8 hardware failures between
    Christmas and New Year were recovered automatically. A GPU node that reports nothing leaves a
    failing GPU or a flapping NIC to be discovered as a hung or crashed job.

    ## Severity

    Always **high**: a GPU or NIC fault on the node stays invisible, and jobs keep landing on it and
    failing.

    ## Example

    ```yaml
    apiVersion: apps/v1
    kind: DaemonSet
    metadata: {name: node-problem-detector, namespace: kube-system}
    spec:
      template:
        spec:
          nodeSelector: {node-pool: general}   # never reaches the GPU pool
    ```

    ## Fix

    ```yaml
        spec:
          tolerations:
          - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
    ```
    """
    if not ctx.inventory.collected("DaemonSet"):
        raise Skip("DaemonSet not collected, so health agents cannot be seen")
    gpu_nodes = [n for n in ctx.inventory.nodes if is_gpu_node(n)]
    if not gpu_nodes:
        raise Skip("no GPU nodes")
    agents = list(daemonsets_matching(ctx.inventory, Vocabulary(a for a in ctx.setting("agents") if isinstance(a, str))))
    for node in gpu_nodes:
        if _condition_types(node) - STANDARD_CONDITIONS or any(daemonset_covers(agent, node) for agent in agents):
            continue
        names = sorted(f"{namespace(a.obj)}/{name(a.obj)}" for a in agents)
        yield ctx.finding(
            node,
            "GPU node has no GPU/NIC health reporting: no health-agent DaemonSet runs here and the node "
            "reports no custom conditions.",
            Evidence("status.conditions[*].type", sorted(_condition_types(node))),
            Evidence("health agents in cluster (not covering this node)", names or None),
        )


NVIDIA_SHM = "nvidia-2026-ai-cloud-validation-nccl-job-missing-dev-shm"
PYTORCH_SHM = "pytorch-2026-ci-gpu-pods-default-dev-shm-nccl-failures"
DEFAULT_SHM_BYTES = 64 * 2**20


def _shm_problem(template: PodTemplate, path: str, container: dict) -> str | None:
    """Why this container's /dev/shm is the runtime's 64Mi default (or no larger); None when it is sized."""
    if template.spec.get("hostIPC") is True:
        return None
    volumes = {v["name"]: v for v in as_list(template.spec.get("volumes")) if isinstance(v, dict) and isinstance(v.get("name"), str)}
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
                if any(quantity(dig(container, "resources", s, r)) for s in ("limits", "requests") for r in GPU_RESOURCES):
                    problem = _shm_problem(template, f"{template.path}.spec.{path}" if template.path else f"spec.{path}", container)
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
