"""``nodelocal-dns-missing``: No node-local DNS cache in a large cluster."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.dns._helpers import ZALANDO
from kubegap.domain.daemonsets import daemonsets_matching
from kubegap.domain.node_lists import separate_node_lists
from kubegap.domain.resources import name, namespace
from kubegap.domain.tokens import Words

QUINYX = "quinyx-2019-eks-dns-timeouts-conntrack-race"


PREPLY = "preply-2020-stale-conntrack-kube-dns-partial-outage"


NODE_LOCAL_DNS = Words(("node-local-dns", "nodelocaldns", "k8s-dns-node-cache"))


@check(
    id="nodelocal-dns-missing",
    title="No node-local DNS cache in a large cluster",
    severity="medium",
    category="dns",
    cases=[ZALANDO, QUINYX, PREPLY],
    requires=["Node", "DaemonSet"],
    defaults={"min_nodes": 10},
    fix=(
        "Deploy NodeLocal DNSCache (the node-local-dns DaemonSet) so each node answers and caches its "
        "pods' queries locally and talks to CoreDNS over TCP, keeping a DNS-heavy pod's blast radius on "
        "its own node."
    ),
)
def nodelocal_dns_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters with at least `min_nodes` nodes (default 10) where no DaemonSet runs a node-local
    DNS cache (named `node-local-dns` / `nodelocaldns`, or running the `k8s-dns-node-cache`
    image). Skipped for smaller clusters, when Nodes or DaemonSets were not collected, and when the
    Nodes of a manifests input come from several files (saved node listings, which may be several
    clusters'): nothing shows they are one cluster's.

    ## Why it matters

    Without a per-node cache every lookup crosses the network to a few CoreDNS pods through the
    kube-dns ClusterIP. At Zalando one application's query spike OOM-killed every CoreDNS pod at
    once and took DNS down for the whole cluster; the lesson drawn was that a DNS-heavy workload's
    blast radius should be limited to its node, and a dnsmasq cache on every node was planned.
    Quinyx's DNS lookups were hit by kernel conntrack races on EKS, and running local DNS servers was
    among the options weighed. At Preply a stale UDP conntrack entry for the kube-dns ClusterIP kept
    sending some services' DNS traffic to a pod that no longer existed.

    ## Severity

    Always **medium**: without a node-local cache, one DNS-heavy pod or a conntrack race degrades
    lookups cluster-wide, not only on its node.

    ## Example

    ```text
    40 nodes; DaemonSets: kube-proxy, aws-node, fluent-bit   (no node-local-dns)
    ```

    ## Fix

    ```text
    kubectl apply -f nodelocaldns.yaml   # from kubernetes/kubernetes cluster/addons/dns/nodelocaldns,
                                         # with __PILLAR__ values filled in for your cluster
    ```
    """
    if reason := separate_node_lists(ctx.inventory):
        raise Skip(reason)
    nodes = ctx.inventory.nodes
    if len(nodes) < ctx.setting("min_nodes"):
        raise Skip(f"{len(nodes)} node(s), fewer than min_nodes={ctx.setting('min_nodes')}")
    if any(daemonsets_matching(ctx.inventory, NODE_LOCAL_DNS)):
        return
    yield ctx.finding(
        ctx.cluster,
        f"{len(nodes)} nodes and no node-local DNS cache: every pod's lookups go through the kube-dns "
        "ClusterIP to a few CoreDNS pods.",
        Evidence("nodes", len(nodes)),
        Evidence("DaemonSets", sorted(f"{namespace(d)}/{name(d)}" for d in ctx.inventory.of_kind("DaemonSet"))[:20]),
    )
