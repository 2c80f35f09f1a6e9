"""``node-loss-headroom``: Too little free capacity to reschedule the pods of a lost node."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import as_dict, as_list, dig, name, quantity
from kubegap.domain.scheduling import CONTROL_PLANE_LABELS

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
    totals: dict[str, float] = dict.fromkeys(HEADROOM_RESOURCES, 0)
    for container in pod_containers:
        if isinstance(container, dict):
            requests = as_dict(dig(container, "resources", "requests"))
            for resource in HEADROOM_RESOURCES:
                totals[resource] += quantity(requests.get(resource)) or 0.0
    return totals


def _moves_with_node(owner_references: object) -> bool:
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
        if not isinstance(spec, dict):
            continue
        node_name = spec.get("nodeName")
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
        read = {n: quantity(dig(node, "status", "allocatable", resource)) for n, node in nodes.items()}
        allocatable = {n: value for n, value in read.items() if value is not None}
        if len(allocatable) < len(read):
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
