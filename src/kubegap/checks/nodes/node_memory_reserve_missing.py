"""``node-memory-reserve-missing``: Nodes that reserve (almost) no memory for the kubelet and the system."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.nodes._helpers import production_nodes
from kubegap.domain.resources import dig, name, quantity

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
