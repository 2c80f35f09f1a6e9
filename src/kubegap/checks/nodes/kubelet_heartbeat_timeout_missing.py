"""``kubelet-heartbeat-timeout-missing``: Kubelets without client-side timeouts on their API calls (before 1.7.8)."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import dig, name
from kubegap.domain.versions import release

ZALANDO_HEARTBEAT = "zalando-2017-kubelet-stuck-connections-elb-most-nodes-notready"


KUBELET_TIMEOUT_FIXED = (1, 7, 8)
"""The first release with client-side timeouts on the kubelet's API calls (shipped in 1.8, backported to 1.7.8)."""


@check(
    id="kubelet-heartbeat-timeout-missing",
    title="Kubelets without client-side timeouts on their API calls (before 1.7.8)",
    severity="high",
    category="nodes",
    cases=[ZALANDO_HEARTBEAT],
    requires=["Node"],
    fix=(
        "Upgrade the kubelets to a supported Kubernetes release (at the very least 1.7.8, where the client-side "
        "timeout of the kubelet's API calls arrived), one node pool at a time."
    ),
)
def kubelet_heartbeat_timeout_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Nodes whose `status.nodeInfo.kubeletVersion` is a 1.x release before 1.7.8: the kubelet's calls
    to the API server have no client-side timeout there. The fix shipped in Kubernetes 1.8 and was
    backported to 1.7.8. One finding for the cluster lists the affected nodes by version.

    ## Why it matters

    Without a timeout, a kubelet whose TCP connection to the API server stalls keeps retrying its
    node-status heartbeat over the dead connection until the kernel gives it up, about 15 minutes
    later; the node controller marks the node NotReady meanwhile. In one of Zalando's clusters on
    AWS, running v1.7.4 with the API server behind an ELB, most nodes went NotReady at once, fewer
    than 20% stayed available, and they all came back together about 15 minutes later.

    ## Severity

    Always **high**: a network blip can leave kubelets hung without reporting, and their nodes go
    NotReady together.

    ## Example

    ```text
    node ip-10-0-1-17: kubeletVersion v1.7.4+coreos.0
    ```

    ## Fix

    ```text
    node ip-10-0-1-17: kubeletVersion v1.7.8 or later (better: a supported release)
    ```
    """
    affected: dict[str, list[str]] = {}
    for node in ctx.inventory.nodes:
        version = dig(node, "status", "nodeInfo", "kubeletVersion")
        found = release(version)
        if found is not None and found[0] == 1 and found < KUBELET_TIMEOUT_FIXED:
            affected.setdefault(version, []).append(name(node))
    if not affected:
        return
    count = sum(len(nodes) for nodes in affected.values())
    yield ctx.finding(
        ctx.cluster,
        f"{count} of {len(ctx.inventory.nodes)} node(s) run a kubelet before 1.7.8 ({', '.join(sorted(affected))}), whose API "
        "calls have no client-side timeout: a stalled connection to the API server stops their heartbeats for about "
        "15 minutes and the nodes go NotReady together.",
        *(
            Evidence("nodes[*].status.nodeInfo.kubeletVersion", {"version": v, "nodes": sorted(n)})
            for v, n in sorted(affected.items())
        ),
    )
