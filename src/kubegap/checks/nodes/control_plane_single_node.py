"""``control-plane-single-node``: A self-managed control plane on a single node."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.nodes._helpers import _control_plane, cluster_nodes
from kubegap.domain.resources import labels
from kubegap.domain.scheduling import CONTROL_PLANE_LABELS

SINGLE_MASTER = "viktorbarzin-2026-single-master-kubeadm-upgrade-rollback-cascade"


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
    by design. Skipped when the Nodes of a manifests input come from several files (saved node
    listings, which may be several clusters'): nothing shows they are one cluster's.

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
    control_plane = [n for n in cluster_nodes(ctx) if _control_plane(n)]
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
