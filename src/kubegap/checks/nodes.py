"""Node OS checks: networking that an OS update can break, and updates that hit every node at once."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from kubegap.checks._common import daemonsets_matching, images
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.podtemplates import pod_templates
from kubegap.resources import as_dict, as_list, command_words, containers, dig, label, labels, name, quantity
from kubegap.tokens import Vocabulary

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"
KOPS_UBUNTU = "kops-user-2025-systemd-networkd-restart-flushes-aws-vpc-cni-rules"

ZONE_LABELS = ("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone")
REGION_LABELS = ("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region")


def os_image(node: dict) -> str:
    value = dig(node, "status", "nodeInfo", "osImage")
    return value if isinstance(value, str) else ""


LOCAL_CLUSTER_HOSTS = ("minikube", "docker-desktop")


def is_local_dev_node(node: dict) -> bool:
    """A node of a single-machine development cluster (kind, minikube, Docker Desktop): containers, not hosts."""
    provider = dig(node, "spec", "providerID")
    node_labels = labels(node)
    return (
        (isinstance(provider, str) and provider.startswith("kind://"))
        or node_labels.get("kubernetes.io/hostname") in LOCAL_CLUSTER_HOSTS
        or any(key.startswith("minikube.k8s.io/") for key in node_labels)
    )


def production_nodes(ctx: Context) -> list[dict]:
    """The inventory's nodes without those of local development clusters."""
    return [n for n in ctx.inventory.nodes if not is_local_dev_node(n)]


_UBUNTU = re.compile(r"ubuntu\s+(\d+)\.(\d+)", re.IGNORECASE)


def networkd_flushes_foreign_rules(image: str) -> bool:
    """Ubuntu 21.10 and later ship systemd >= 248, whose networkd removes policy rules it did not add."""
    match = _UBUNTU.search(image)
    return bool(match) and (int(match.group(1)), int(match.group(2))) >= (21, 10)


MITIGATION = "ManageForeignRoutingPolicyRules=no"


def _mentions_mitigation(ctx: Context) -> str | None:
    """Where the cluster shows networkd being told to leave foreign rules alone, if anywhere."""
    for cm in ctx.inventory.of_kind("ConfigMap"):
        data = cm.get("data") if isinstance(cm.get("data"), dict) else {}
        if any(isinstance(v, str) and MITIGATION in v.replace(" ", "") for v in data.values()):
            return f"ConfigMap {dig(cm, 'metadata', 'namespace')}/{dig(cm, 'metadata', 'name')}"
    for workload in ctx.inventory.workloads:
        for template in workload.templates:
            for _, container in containers(template.spec):
                if not (container.get("command") or container.get("args")):
                    continue  # no words to join
                words = " ".join(command_words(container))
                if MITIGATION in words.replace(" ", ""):
                    return str(workload.ref)
    return None


ROUTING_CNIS = {
    "Cilium": Vocabulary(("cilium/cilium", "cilium-agent")),
    "The AWS VPC CNI": Vocabulary(("amazon-k8s-cni",)),
}
"""CNIs that install per-pod routing policy rules (ip rule) of their own, by the images or names that give them away."""


def _routing_cni(ctx: Context) -> tuple[str, dict] | None:
    """The CNI agent DaemonSet (or a pod of it, when only pods were collected) and the CNI's name."""
    for cni, vocabulary in ROUTING_CNIS.items():
        for workload in daemonsets_matching(ctx.inventory, vocabulary):
            return cni, workload.obj
    for cni, vocabulary in ROUTING_CNIS.items():
        for pod in ctx.inventory.of_kind("Pod"):
            if any(vocabulary.find(i) for t in pod_templates(pod) for i in images(t)):
                return cni, pod
    return None


@check(
    id="networkd-foreign-routes",
    title="CNI routing rules on nodes whose systemd-networkd deletes rules it did not create",
    severity="high",
    category="nodes",
    cases=[DATADOG, KOPS_UBUNTU],
    requires=["Node"],
    reads=["workloads", "ConfigMap"],
    fix=(
        "Tell systemd-networkd to leave the CNI's routing alone on every node: a drop-in such as "
        "/etc/systemd/networkd.conf.d/cni.conf with [Network] ManageForeignRoutingPolicyRules=no and "
        "ManageForeignRoutes=no, baked into the node image (or applied by a node-configuration "
        "DaemonSet), and test an in-place systemd upgrade on a canary node."
    ),
)
def networkd_foreign_routes(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters whose CNI installs routing policy rules of its own, Cilium (a DaemonSet or pods running
    the `cilium/cilium` image) or the AWS VPC CNI (the `aws-node` DaemonSet, running `amazon-k8s-cni`),
    with nodes on an OS whose systemd-networkd removes routing policy rules it did not create when it
    starts (Ubuntu 21.10 and later, with systemd 248 or newer), when nothing in the cluster shows
    networkd configured with `ManageForeignRoutingPolicyRules=no` (in a node-configuration ConfigMap
    or DaemonSet command). Reported once, on the CNI's DaemonSet, with the affected nodes.

    ## Why it matters

    On 8 March 2023 an automatic systemd security update reached Datadog's Ubuntu 22.04 Kubernetes
    nodes. When systemd-networkd started again on the running nodes it removed the routing rules that
    Cilium had installed, the nodes lost network connectivity, and Datadog lost about 60% of its
    compute capacity in five regions at once. systemd-networkd has flushed routing policy rules it
    did not create since version 248; the opt-out, `ManageForeignRoutingPolicyRules`, came in 249.
    Datadog's fix included configuring networkd to leave the routing tables alone. In June 2025 the
    same behaviour struck a kops user on the AWS VPC CNI: unattended-upgrades installed a systemd
    update on every Ubuntu 22.04 node, systemd-networkd restarted and removed the CNI's per-pod rules,
    hundreds of pods crash-looped and the ingress controllers went down with them; kops now ships the
    networkd opt-out on those nodes.

    ## Severity

    Always **high**: one package update that restarts systemd-networkd breaks pod networking on every
    affected node at once.

    ## Example

    ```text
    nodes:   osImage "Ubuntu 22.04.2 LTS"
    CNI:     DaemonSet kube-system/cilium
    nothing sets ManageForeignRoutingPolicyRules=no
    ```

    ## Fix

    ```ini
    # /etc/systemd/networkd.conf.d/10-cni.conf, in the node image
    [Network]
    ManageForeignRoutingPolicyRules=no
    ManageForeignRoutes=no
    ```
    """
    found = _routing_cni(ctx)
    if found is None:
        if not (ctx.inventory.collected("DaemonSet") or ctx.inventory.collected("Pod")):
            raise Skip("neither DaemonSets nor Pods were collected, so the CNI is unknown")
        raise Skip("the cluster runs neither Cilium nor the AWS VPC CNI")
    cni, agent = found
    exposed = [n for n in ctx.inventory.nodes if networkd_flushes_foreign_rules(os_image(n))]
    if not exposed:
        return
    mitigation = _mentions_mitigation(ctx)
    if mitigation:
        return
    images_seen = Counter(os_image(n) for n in exposed)
    yield ctx.finding(
        agent,
        f"{cni} manages routes on {len(exposed)} node(s) whose systemd-networkd removes foreign routing "
        "rules when it restarts, and nothing shows ManageForeignRoutingPolicyRules=no.",
        Evidence("nodes[*].status.nodeInfo.osImage", dict(images_seen.most_common())),
        Evidence("nodes", sorted(name(n) for n in exposed)[:20]),
    )


MUTABLE_OS = Vocabulary(
    ("ubuntu", "debian", "centos", "red hat", "rocky", "almalinux", "amazon linux", "suse", "oracle linux")
)
UPDATE_COORDINATORS = Vocabulary(("kured", "system-upgrade-controller"))
COORDINATOR_KINDS = ("Plan", "MachineConfigPool")


def update_coordinator(inventory) -> str | None:
    """What coordinates node OS updates in this cluster (kured, system-upgrade-controller, a MachineConfigPool), if anything."""
    for kind_name in COORDINATOR_KINDS:
        if inventory.of_kind(kind_name):
            return kind_name
    for kind_name in ("DaemonSet", "Deployment"):
        for obj in inventory.of_kind(kind_name):
            obj_name = name(obj)
            found = UPDATE_COORDINATORS.find(obj_name) or any(
                UPDATE_COORDINATORS.find(i) for t in pod_templates(obj) for i in images(t)
            )
            if found:
                return f"{kind_name} {obj_name}"
    return None


def _distro(image: str) -> str:
    """The OS release without its point version: "Ubuntu 22.04.3 LTS" -> "ubuntu 22.04"."""
    match = re.match(r"\s*([A-Za-z][A-Za-z ]*?)\s*(\d+(?:\.\d+)?)", image)
    return f"{match.group(1).lower()} {match.group(2)}" if match else image.lower()


def _spread(node_labels: list[dict[str, str]], keys: tuple[str, ...]) -> set[str]:
    return {value for found in node_labels for key in keys if (value := found.get(key))}


@check(
    id="node-updates-uncoordinated",
    title="Every node runs one mutable OS release with no coordinated update mechanism",
    severity="high",
    category="nodes",
    cases=[DATADOG],
    requires=["Node", "DaemonSet", "Deployment"],
    reads=[*COORDINATOR_KINDS],
    fix=(
        "Stage OS changes: disable unattended in-place upgrades on nodes and roll new node images pool by "
        "pool and region by region, or let a coordinator (kured, system-upgrade-controller, a managed "
        "maintenance window) apply updates a few nodes at a time, with a different schedule per region."
    ),
)
def node_updates_uncoordinated(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters with more than one node where every node runs the same release of a general-purpose,
    package-updated OS (Ubuntu, Debian, RHEL and its rebuilds, Amazon Linux, SUSE), and no update
    coordinator is visible: no kured DaemonSet, no system-upgrade-controller or its `Plan` objects,
    no OpenShift `MachineConfigPool`. Immutable, image-updated systems (Container-Optimized OS,
    Bottlerocket, Flatcar, Talos) are not reported, nor are the nodes of local development clusters
    (kind, minikube, Docker Desktop), which are containers rather than updated hosts. The finding
    names the zones and regions the nodes span: the wider the spread, the larger the blast radius
    of one package update.

    ## Why it matters

    Datadog's Kubernetes nodes ran Ubuntu 22.04 base images in which a legacy security-update channel
    was still enabled, applying updates in the same default daily window (06:00 to 07:00 UTC) in every
    region. On 8 March 2023 one systemd update therefore reached regions on different cloud providers
    within the same hour, outside Datadog's usual practice of rolling changes out one region at a
    time, and its side effect took about 60% of the company's compute capacity offline. Datadog now
    rolls out every update, security updates included, in a controlled way.

    ## Severity

    Always **high**: one bad package update reaches every node at the same time.

    ## Example

    ```text
    12 nodes, 3 zones, 2 regions, all "Ubuntu 22.04.2 LTS"; unattended-upgrades on; no kured
    ```

    ## Fix

    ```text
    - bake OS updates into node images; roll them pool by pool, region by region
    - or disable unattended-upgrades and run kured / system-upgrade-controller with a per-region window
    ```
    """
    nodes = production_nodes(ctx)
    if len(nodes) < 2:
        raise Skip("fewer than two nodes outside local development clusters")
    releases = Counter(_distro(os_image(n)) for n in nodes)
    if len(releases) != 1:
        return
    release = next(iter(releases))
    if MUTABLE_OS.find(release) is None:
        return
    coordinator = update_coordinator(ctx.inventory)
    if coordinator:
        return
    node_labels = [labels(n) for n in nodes]
    zones, regions = _spread(node_labels, ZONE_LABELS), _spread(node_labels, REGION_LABELS)
    where = f" across {len(zones)} zone(s)" + (f" in {len(regions)} region(s)" if regions else "") if zones else ""
    yield ctx.finding(
        ctx.cluster,
        f"All {len(nodes)} nodes{where} run {release} with no coordinated update mechanism: one OS package "
        "update can change every node at once.",
        Evidence("nodes[*].status.nodeInfo.osImage", dict(Counter(os_image(n) for n in nodes))),
        Evidence("zones", sorted(zones) or None),
        Evidence("regions", sorted(regions) or None),
    )


NODE_DRIFT = (
    "moj-2026-containerd-221-node-group-invalid-utf8-secrets",
    "kubernetes-user-2026-kubelet-134-env-dollar-multibyte-utf8",
)
SINGLE_MASTER = "viktorbarzin-2026-single-master-kubeadm-upgrade-rollback-cascade"

POOL_LABELS = (
    "eks.amazonaws.com/nodegroup",
    "cloud.google.com/gke-nodepool",
    "kubernetes.azure.com/agentpool",
    "agentpool",
    "karpenter.sh/nodepool",
    "node.kubernetes.io/instance-type",
    "beta.kubernetes.io/instance-type",
)
NODE_INFO_FIELDS = ("osImage", "kernelVersion", "containerRuntimeVersion", "kubeletVersion")
CROSS_POOL_FIELDS = ("osImage", "kernelVersion", "containerRuntimeVersion")
"""Compared between pools of one OS family; kubelet versions between pools are version-skew's concern."""


def _family(image: str) -> str:
    """The OS family without its release: "Amazon Linux 2023.9.20250929" -> "amazon linux"."""
    match = re.match(r"\s*([A-Za-z][A-Za-z -]*?)\s*\d", image)
    return match.group(1).lower() if match else image.lower()


def _pool_values(members: list[dict], field: str) -> frozenset[str]:
    return frozenset(v for info in members if isinstance(v := info.get(field), str) and v)


def _cross_pool_drift(pools: dict[str, list[dict]]) -> Iterator[tuple[str, dict[str, dict[str, list[str]]]]]:
    """``(family, {field: {pool: values}})`` for OS families whose pools (each node's ``status.nodeInfo``) run
    different versions."""
    families: dict[str, dict[str, list[dict]]] = {}
    for pool, members in pools.items():
        for info in members:
            if isinstance(image := info.get("osImage"), str) and image:
                families.setdefault(_family(image), {}).setdefault(pool, []).append(info)
    for family, family_pools in sorted(families.items()):
        if len(family_pools) < 2:
            continue
        drift = {}
        for field in CROSS_POOL_FIELDS:
            per_pool = {pool: _pool_values(members, field) for pool, members in sorted(family_pools.items())}
            if len({values for values in per_pool.values() if values}) > 1:
                drift[field] = {pool: sorted(values) for pool, values in per_pool.items()}
        if drift:
            yield family, drift


def node_pool(node: dict) -> str:
    """The pool a node belongs to (managed node group, GKE/AKS pool, Karpenter pool, instance type)."""
    for key in POOL_LABELS:
        if value := label(node, key):
            return f"{key}={value}"
    return "(no pool label)"


@check(
    id="node-os-drift",
    title="Nodes of one pool, or pools of one OS, running different OS images, kernels, container runtimes or kubelets",
    severity="medium",
    category="nodes",
    cases=NODE_DRIFT,
    requires=["Node"],
    fix=(
        "Find out how nodes of one pool came to differ (an unattended upgrade, a hand fix, a half-finished "
        "roll), stop changes to running hosts, and replace the pool's nodes from one image."
    ),
)
def node_os_drift(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes grouped by pool (managed node group, GKE or AKS pool, Karpenter NodePool, else instance
    type; nodes of local development clusters such as kind and minikube left out) whose
    `status.nodeInfo` shows more than one `osImage`, `kernelVersion`,
    `containerRuntimeVersion` or `kubeletVersion` within the pool. Nodes that report no value for a field are left out
    of that field's comparison. One finding per drifting pool: nodes built from one image that
    report different versions have changed while running, or a roll has stopped half-way.

    Pools are also compared with each other: when pools of one OS family (Amazon Linux, Ubuntu,
    Container-Optimized OS ...) run different OS releases, kernels or container runtimes, each
    pool may be uniform and the cluster still runs two platforms, as during a migration to a new
    node group. One finding per OS family names every pool and its versions. Pools of different
    OS families (a Windows pool, an Ubuntu GPU pool beside Container-Optimized OS) are a choice,
    not drift, and are not compared; kubelet versions between pools are left to `version-skew`.

    ## Why it matters

    Software that works on one node can fail on its neighbour. When the UK Ministry of Justice's
    Cloud Platform rolled a new EKS node group (Amazon Linux 2023.11, containerd 2.2.1) beside the
    old one (2023.9, containerd 2.1.4), pods failed to start on an invalid-UTF-8 error the new
    containerd raised on existing Secrets. During an EKS upgrade from 1.33 to 1.34, containers failed
    only on upgraded nodes, whose kubelet mangled some environment values. A pool that mixes
    versions makes such failures partial and confusing.

    ## Severity

    Always **medium**: nodes that differ behave differently under the same workload, which makes faults
    hard to pin down; nothing is down yet.

    ## Example

    ```text
    pool eks.amazonaws.com/nodegroup=general:
      kernelVersion 5.15.0-1051-aws (4 nodes), 5.15.0-1062-aws (2 nodes)
    ```

    ## Fix

    ```text
    disable unattended upgrades in the node image; roll the pool onto one new image
    (managed node group update, or cordon/drain/replace)
    ```
    """
    pools: dict[str, list[dict]] = {}  # each pool's nodes as their status.nodeInfo, looked up once per node
    for node in production_nodes(ctx):
        pools.setdefault(node_pool(node), []).append(as_dict(dig(node, "status", "nodeInfo")))
    for pool, members in sorted(pools.items()):
        if len(members) < 2:
            continue
        drift = {}
        for field in NODE_INFO_FIELDS:
            values = Counter(v for info in members if isinstance(v := info.get(field), str) and v)
            if len(values) > 1:
                drift[field] = dict(values.most_common())
        if drift:
            yield ctx.finding(
                ctx.cluster,
                f"Nodes of pool {pool} differ in {', '.join(drift)}: {len(members)} nodes that should be identical are not.",
                *(Evidence(f"nodes[{pool}].status.nodeInfo.{field}", values) for field, values in drift.items()),
            )
    for family, drift in _cross_pool_drift(pools):
        pool_names = sorted({pool for per_pool in drift.values() for pool in per_pool})
        yield ctx.finding(
            ctx.cluster,
            f"Pools on {family} run different {', '.join(drift)} ({', '.join(pool_names)}): workloads that work on "
            "one pool can fail on the other, and only where they happen to be scheduled.",
            *(Evidence(f"nodes[pool].status.nodeInfo.{field}", per_pool) for field, per_pool in drift.items()),
        )


CONTROL_PLANE_LABELS = ("node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master")


def _control_plane(node: dict) -> bool:
    return any(key in labels(node) for key in CONTROL_PLANE_LABELS)


@check(
    id="control-plane-single-node",
    title="A self-managed control plane on a single node",
    severity="medium",
    category="nodes",
    cases=[SINGLE_MASTER],
    requires=["Node"],
    fix=(
        "Run three (or five) control-plane nodes with stacked or external etcd members in different "
        "failure domains, or accept the single node knowingly and monitor etcd and the API server from "
        "outside the cluster."
    ),
)
def control_plane_single_node(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters whose nodes include exactly one labelled `node-role.kubernetes.io/control-plane` (or
    the old `.../master`). Managed clusters (EKS, GKE, AKS) show no control-plane nodes and are not
    applicable; nor are local development clusters (kind, minikube, Docker Desktop), single-machine
    by design.

    ## Why it matters

    Upgrading a control-plane node restarts its API server, etcd member, controller manager and
    scheduler; with one node there is no other copy to serve meanwhile. A home lab's automated kubeadm
    upgrade of its single master rolled back on every attempt in May 2026: each manifest swap left the
    cluster without an API server for up to a minute, operators crashed on the refused connections,
    their restarts flooded the master's disk, and kubeadm gave up waiting for the new pods and undid
    the upgrade. The operator's analysis names the single master as the bottleneck and designs three
    masters behind a load balancer.

    ## Severity

    Always **medium**: the API is unavailable while that one node is down, though running workloads keep
    running.

    ## Example

    ```text
    nodes: cp-1 (node-role.kubernetes.io/control-plane), worker-1, worker-2
    ```

    ## Fix

    ```text
    kubeadm join <endpoint> --control-plane ...   # twice more, in other failure domains
    ```
    """
    control_plane = [n for n in production_nodes(ctx) if _control_plane(n)]
    if not control_plane:
        raise Skip("no control-plane nodes visible (a managed control plane, or a local development cluster)")
    if len(control_plane) == 1:
        node = control_plane[0]
        yield ctx.finding(
            node,
            "This is the only control-plane node: losing it, or its etcd member, takes the API server down.",
            Evidence("metadata.labels", {k: v for k, v in labels(node).items() if k in CONTROL_PLANE_LABELS}),
            Evidence("nodes", len(ctx.inventory.nodes)),
        )


AIRMAP = "airmap-2018-worker-nodes-notready-platform-outage"
MOJ_RETIREMENT = "moj-2022-aws-instance-retirement-node-stuck-notready-prometheus-down"
PRESSURE_CONDITIONS = ("MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable")


def _node_problems(node: dict) -> list[tuple[str, Evidence]]:
    """``(what is wrong, evidence)`` for each unhealthy condition of a node."""
    problems = []
    for index, condition in enumerate(as_list(dig(node, "status", "conditions"))):
        kind_of, status = dig(condition, "type"), dig(condition, "status")
        if kind_of == "Ready" and status != "True":
            word = "NotReady" if status == "False" else "Ready status Unknown"
            problems.append(
                (
                    word,
                    Evidence(
                        f"status.conditions[{index}]",
                        {"type": "Ready", "status": status, "reason": dig(condition, "reason")},
                    ),
                )
            )
        elif isinstance(kind_of, str) and kind_of in PRESSURE_CONDITIONS and status == "True":
            problems.append((kind_of, Evidence(f"status.conditions[{index}]", {"type": kind_of, "status": status})))
    return problems


@check(
    id="node-unhealthy",
    title="Nodes NotReady, Unknown, under resource pressure or without network",
    severity="high",
    category="nodes",
    cases=[AIRMAP, MOJ_RETIREMENT],
    requires=["Node"],
    fix=(
        "Find out why the node is unhealthy (kubectl describe node, kubelet and runtime logs); drain and "
        "replace nodes that do not recover, and check that their pods were rescheduled rather than stuck "
        "terminating on the dead node."
    ),
)
def node_unhealthy(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes whose `Ready` condition is `False` or `Unknown` (the kubelet stopped reporting), or whose
    `MemoryPressure`, `DiskPressure`, `PIDPressure` or `NetworkUnavailable` condition is `True`.
    Cordoned nodes (`spec.unschedulable`) are named in the evidence of an unhealthy node, not reported
    on their own. Nodes without status (manifests) are not judged.

    ## Why it matters

    On 19 July 2018 every AirMap platform service became unresponsive for about five hours while a
    growing set of worker nodes went NotReady and would not stay healthy when their kubelets were
    revived; staggered restarts of all worker nodes finally cleared it. On the Ministry of Justice
    Cloud Platform (November 2022) AWS stopped a retiring instance ungracefully: the EKS node stayed
    NotReady with its Prometheus pod stuck terminated, and Prometheus was down for 27 minutes until
    the team killed the pod.

    ## Severity

    **high** when more than one node is unhealthy, or when the unhealthy node is the cluster's only node
    or its only control-plane node: there is nowhere left to move its work. **medium** when one node of
    several is unhealthy: its pods are rescheduled on the others.

    ## Example

    ```text
    NAME                          STATUS     ROLES
    ip-10-0-1-23.ec2.internal     NotReady   <none>
    ```

    ## Fix

    ```sh
    kubectl describe node ip-10-0-1-23.ec2.internal
    kubectl drain ip-10-0-1-23.ec2.internal --ignore-daemonsets --delete-emptydir-data
    ```
    """
    nodes = ctx.inventory.nodes
    unhealthy = [(node, problems) for node in nodes if (problems := _node_problems(node))]
    control_planes = [n for n in nodes if _control_plane(n)]
    for node, problems in unhealthy:
        cordoned = [Evidence("spec.unschedulable", True)] if dig(node, "spec", "unschedulable") is True else []
        alone = (
            "the cluster's only node"
            if len(nodes) == 1
            else ("the only control-plane node" if _control_plane(node) and len(control_planes) == 1 else None)
        )
        among = f"{len(unhealthy)} of {len(nodes)} nodes are" if len(unhealthy) > 1 else None
        said = "; ".join(part for part in (alone, among) if part)
        yield ctx.finding(
            node,
            f"Node is unhealthy: {', '.join(word for word, _ in problems)}" + (f" ({said})." if said else "."),
            *(evidence for _, evidence in problems),
            *cordoned,
            severity=None if len(unhealthy) > 1 or alone else "medium",
        )


GRAFANA_HEADROOM = "grafana-2018-hosted-metrics-node-loss-pending-pods"
HEADROOM_RESOURCES = ("cpu", "memory")


def _schedulable(node: dict) -> bool:
    """A node the scheduler can place displaced pods on: not cordoned, not NotReady, not a tainted control plane."""
    if dig(node, "spec", "unschedulable") is True:
        return False
    ready = next(
        (c for c in as_list(dig(node, "status", "conditions")) if isinstance(c, dict) and c.get("type") == "Ready"),
        None,
    )
    if ready is not None and ready.get("status") != "True":
        return False
    return not any(
        isinstance(t, dict) and t.get("key") in CONTROL_PLANE_LABELS and t.get("effect") in ("NoSchedule", "NoExecute")
        for t in as_list(dig(node, "spec", "taints"))
    )


def _requests(pod_containers: list) -> dict[str, float]:
    """The CPU and memory requests of a pod's regular containers, summed."""
    totals = dict.fromkeys(HEADROOM_RESOURCES, 0)
    for container in pod_containers:
        if isinstance(container, dict):
            requests = as_dict(dig(container, "resources", "requests"))
            for resource in HEADROOM_RESOURCES:
                totals[resource] += quantity(requests.get(resource)) or 0.0
    return totals


def _moves_with_node(owner_references) -> bool:
    """Whether a pod with these owner references must find a new node when its node is lost (DaemonSet
    and static pods do not)."""
    for ref in as_list(owner_references):
        if isinstance(ref, dict) and ref.get("kind") in ("DaemonSet", "Node"):
            return False
    return True


AmountsPerNode = dict[str, dict[str, float]]
"""Per resource, an amount per node name."""


def _loads(pods: list[dict], nodes: dict[str, dict]) -> tuple[AmountsPerNode, AmountsPerNode] | None:
    """The requests of the pods placed on each of ``nodes`` that have not finished, and of those among them that
    move with their node, summed in input order; None when no pod is placed on one of ``nodes``.

    Replicas read from one source share their container list and owner references, so each of
    those is judged once."""
    by_containers: dict[int, dict[str, float]] = {}
    moves_by_owners: dict[int, bool] = {}
    used: AmountsPerNode = {resource: dict.fromkeys(nodes, 0) for resource in HEADROOM_RESOURCES}
    displaced: AmountsPerNode = {resource: dict.fromkeys(nodes, 0) for resource in HEADROOM_RESOURCES}
    placed = False
    for pod in pods:  # fields read directly, not through dig: this runs for every pod
        spec = pod.get("spec")
        node_name = spec.get("nodeName") if isinstance(spec, dict) else None
        if not isinstance(node_name, str) or node_name not in nodes:
            continue
        status = pod.get("status")
        if isinstance(status, dict) and status.get("phase") in ("Succeeded", "Failed"):
            continue
        pod_containers = as_list(spec.get("containers"))
        if (requested := by_containers.get(id(pod_containers))) is None:
            requested = by_containers[id(pod_containers)] = _requests(pod_containers)
        meta = pod.get("metadata")
        owners = meta.get("ownerReferences") if isinstance(meta, dict) else None
        if (moves := moves_by_owners.get(id(owners))) is None:
            moves = moves_by_owners[id(owners)] = _moves_with_node(owners)
        placed = True
        for resource in HEADROOM_RESOURCES:
            used[resource][node_name] += requested[resource]
            if moves:
                displaced[resource][node_name] += requested[resource]
    return (used, displaced) if placed else None


@check(
    id="node-loss-headroom",
    title="Too little free capacity to reschedule the pods of a lost node",
    severity="high",
    category="nodes",
    cases=[GRAFANA_HEADROOM],
    requires=["Node", "Pod"],
    defaults={"nodes_lost": 1},
    fix=(
        "Keep enough free allocatable capacity to absorb the loss of your largest nodes (or the nodes of one zone): "
        "add nodes or let the cluster autoscaler add them quickly, and right-size requests so free capacity is real."
    ),
)
def node_loss_headroom(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    From a live snapshot (Nodes with `allocatable`, Pods placed with `spec.nodeName`): whether the
    pods running on the `nodes_lost` (default 1) most loaded schedulable nodes could be placed on the
    free capacity of the others, for CPU and memory requests. Free capacity is each remaining
    schedulable node's allocatable minus the requests of the pods on it; cordoned, NotReady and
    tainted control-plane nodes offer none. DaemonSet and static pods are not counted as displaced:
    they do not move. The comparison is of totals, so it is optimistic: when even the total does
    not fit, some pods certainly stay Pending. Skipped when no pod is placed on a known node
    (manifests).

    ## Why it matters

    In December 2018 problems at Grafana Labs' cloud provider took four nodes of the Hosted Metrics
    us-west2 cluster out of service. Their pods could not be rescheduled because the cluster had no
    excess capacity: many stayed Pending, queries slowed and some customer instances were
    unavailable until the nodes came back. In a smaller repeat a few hours later the team added a
    node to increase pod capacity.

    ## Severity

    Always **high**: when the most loaded nodes go, some of their pods have nowhere to run.

    ## Example

    ```text
    6 nodes, 16 CPU allocatable each; 15 CPU requested on every node
    losing the busiest node displaces 15 CPU of pods; the other 5 nodes have 5 CPU free
    ```

    ## Fix

    ```text
    add a node (or a node's worth of autoscaler headroom), or lower over-sized requests,
    so that free capacity on the other nodes covers the busiest node's pods
    ```
    """
    nodes = {name(n): n for n in ctx.inventory.nodes if _schedulable(n)}
    loads = _loads(ctx.inventory.of_kind("Pod"), nodes)
    if loads is None:
        raise Skip("no pods are placed on known nodes, so node load is unknown (headroom needs a live snapshot)")
    lost = ctx.setting("nodes_lost")
    if len(nodes) <= lost:
        raise Skip(f"{len(nodes)} schedulable node(s): nothing is left to absorb the loss of {lost}")
    for resource in HEADROOM_RESOURCES:
        allocatable = {n: quantity(dig(node, "status", "allocatable", resource)) for n, node in nodes.items()}
        if any(value is None for value in allocatable.values()):
            continue
        used, displaced = loads[0][resource], loads[1][resource]
        busiest = sorted(nodes, key=lambda n: displaced[n], reverse=True)[:lost]
        moving = sum(displaced[n] for n in busiest)
        free = sum(max(allocatable[n] - used[n], 0.0) for n in nodes if n not in busiest)
        if moving > free:
            unit = (lambda v: f"{v:g} CPU") if resource == "cpu" else (lambda v: f"{v / 2**30:.1f}Gi")
            yield ctx.finding(
                ctx.cluster,
                f"If the {lost} busiest node(s) ({', '.join(busiest)}) fail, their pods request {unit(moving)} of {resource} "
                f"but the other {len(nodes) - lost} schedulable nodes have {unit(free)} free: at least {unit(moving - free)} "
                "of pods would stay Pending.",
                Evidence(f"pods on {', '.join(busiest)}: requests.{resource}", unit(moving)),
                Evidence(f"other nodes: allocatable.{resource} - requests.{resource}", unit(free)),
            )


KUBIFY_RESERVED = "gardener-2019-kubify-kubelet-oom-node-notready-tiny-memory-reserve"


@check(
    id="node-memory-reserve-missing",
    title="Nodes that reserve (almost) no memory for the kubelet and the system",
    severity="medium",
    category="nodes",
    cases=[KUBIFY_RESERVED],
    requires=["Node"],
    defaults={"min_reserved_memory": "256Mi"},
    fix=(
        "Reserve memory for the node's own daemons: set kubeReserved and systemReserved (and an eviction threshold) "
        "in the kubelet configuration, sized for the node (managed node images do this by default), so pods are "
        "evicted or OOM-killed before the kubelet or the container runtime is."
    ),
)
def node_memory_reserve_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes whose `status.allocatable.memory` is less than `min_reserved_memory` (default 256Mi)
    below `status.capacity.memory`: the kubelet hands almost all of the machine's memory to pods,
    keeping back no `kubeReserved`/`systemReserved` memory beyond the default eviction threshold
    (100Mi). One finding lists the nodes. Nodes without both values (manifests) and nodes of local
    development clusters (kind, minikube, Docker Desktop) are not judged.

    ## Why it matters

    When pods may use nearly all of a node's memory, a pod that grows pushes the node into a system
    out-of-memory kill, and the OOM killer can pick the kubelet or the container runtime: the node
    goes NotReady and everything on it stops. In a Gardener cluster set up with kubify, a logging
    curator job consumed too much memory, the node went NotReady, most likely because the kubelet
    or Docker was OOM-killed, and the Gardener API server on it went down; the kubelet had been
    started with only a tiny memory reservation.

    ## Severity

    **medium** when every judged node holds back too little memory: a cluster-wide memory spike can take
    several nodes NotReady together. **low** when only some do: the others keep room for the pods a
    failing node loses.

    ## Example

    ```text
    node worker-3: capacity.memory 16Gi, allocatable.memory 15.9Gi   (100Mi held back)
    ```

    ## Fix

    ```yaml
    # KubeletConfiguration
    kubeReserved: {cpu: 100m, memory: 1Gi}
    systemReserved: {cpu: 100m, memory: 500Mi}
    evictionHard: {memory.available: 200Mi}
    ```
    """
    minimum = quantity(ctx.setting("min_reserved_memory")) or 0.0
    thin = {}
    judged = 0
    for node in production_nodes(ctx):
        capacity = quantity(dig(node, "status", "capacity", "memory"))
        allocatable = quantity(dig(node, "status", "allocatable", "memory"))
        if capacity is None or allocatable is None or capacity <= 0:
            continue
        judged += 1
        if capacity - allocatable < minimum:
            thin[name(node)] = f"{(capacity - allocatable) / 2**20:.0f}Mi of {capacity / 2**30:.1f}Gi"
    if thin:
        yield ctx.finding(
            ctx.cluster,
            f"{len(thin)} of {judged} node(s) hold back less than {ctx.setting('min_reserved_memory')} of memory from "
            "pods: a pod that grows can push the node into a system OOM that kills the kubelet or container runtime, and "
            "the node goes NotReady.",
            Evidence("nodes: capacity.memory - allocatable.memory", dict(sorted(thin.items())[:20])),
            severity=None if len(thin) == judged else "low",
        )
