"""``replicas-colocated``: All ready replicas on one node or in one zone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.nodes._helpers import ZONE_LABELS
from kubegap.checks.workloads._helpers import MOONLIGHT
from kubegap.domain.resources import dig, labels, name
from kubegap.domain.status import is_ready


def _zone(node: dict) -> str | None:
    node_labels = labels(node)
    return next((node_labels[key] for key in ZONE_LABELS if key in node_labels), None)


def _ready_placements(pods: list[dict], zone_of: dict[str, str | None], zone_count: int) -> list[str] | None:
    """The nodes of the ready pods, in order; None as soon as two of them are on different nodes and
    (where nodes span zones) in different zones or an unknown one: neither colocation can follow,
    and most workloads are spread, so most of their pods need not be read (nor their nodes counted)."""
    placed: list[str] = []
    nodes: set[str] = set()
    zones: set[str | None] = set()
    for pod in pods:
        if is_ready(pod) and isinstance(node_name := dig(pod, "spec", "nodeName"), str) and node_name:
            placed.append(node_name)
            nodes.add(node_name)
            zones.add(zone_of.get(node_name))
            if len(nodes) > 1 and (zone_count <= 1 or len(zones) > 1 or None in zones):
                return None
    return placed


@check(
    id="replicas-colocated",
    title="All ready replicas on one node or in one zone",
    severity="high",
    category="workloads",
    cases=[MOONLIGHT],
    requires=["Pod", "Node"],
    fix=(
        "Add topologySpreadConstraints (or pod anti-affinity) over kubernetes.io/hostname and "
        "topology.kubernetes.io/zone, then restart the workload so the scheduler places its replicas again."
    ),
    reads=["workloads"],
)
def replicas_colocated(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Where pods actually run: workloads with at least two ready pods that all sit on one node while
    the cluster has more than one node, or all in one zone (`topology.kubernetes.io/zone`) while
    the cluster's nodes span several. One-shot and batch work (Jobs, CronJobs, training jobs, Helm
    and Argo CD hooks) is not reported.

    ## Why it matters

    Replicas protect a service only if one failure cannot take them all. At Moonlight in January
    2019 the scheduler placed several CPU-heavy pods on the same GKE node; that node ran at a
    sustained 100% CPU until the virtual machine suffered a kernel panic and crashed, and the
    website and API had intermittent outages from 18 to 22 January.

    ## Severity

    Always **high**: one node or zone failure takes every ready replica.

    ## Example

    ```text
    Deployment web/api: 3 ready pods, all on node pool-a-7f2c
    ```

    ## Fix

    ```yaml
          topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
             labelSelector: {matchLabels: {app: api}}}
    ```
    """
    nodes = {name(n): n for n in ctx.inventory.nodes}
    if len(nodes) < 2:
        raise Skip("fewer than two nodes")
    zone_of = {node_name: _zone(n) for node_name, n in nodes.items()}  # once per node, not once per pod
    zones = {z for z in zone_of.values() if z}
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic:
            continue
        placed = _ready_placements(ctx.inventory.pods_of(workload.obj), zone_of, len(zones))
        if placed is None or len(placed) < 2:
            continue
        on_nodes = Counter(placed)
        if len(on_nodes) == 1:
            (node_name,) = on_nodes
            yield ctx.finding(
                workload.obj,
                f"All {len(placed)} ready pods of this {workload.kind} run on node {node_name}.",
                Evidence("pods[*].spec.nodeName", dict(on_nodes)),
            )
            continue
        in_zones = Counter(zone_of.get(n) for n in placed)
        if len(zones) > 1 and len(in_zones) == 1 and None not in in_zones:
            (zone,) = in_zones
            yield ctx.finding(
                workload.obj,
                f"All {len(placed)} ready pods of this {workload.kind} run in zone {zone}, though nodes span {len(zones)} zones.",
                Evidence("pods[*].spec.nodeName", dict(on_nodes)),
                Evidence("nodes[*].metadata.labels[topology.kubernetes.io/zone]", zone),
            )
