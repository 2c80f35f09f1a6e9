"""``pod-ip-capacity``: Pod IP range too small for the node count or the autoscaler's maximum."""

from __future__ import annotations

import ipaddress
import re
from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.podtemplates import pod_templates
from kubegap.domain.resources import as_dict, command_words, containers, dig, kind, name, namespace, quantity
from kubegap.domain.tokens import Words

LOVEHOLIDAYS = "loveholidays-2020-gke-pod-ip-range-exhausted"


_CLUSTER_CIDR_FLAG = re.compile(r"--cluster-cidr=(\S+)")


_CLUSTER_CIDR_CONFIG = re.compile(r"^\s*clusterCIDR:\s*[\"']?([0-9a-fA-F.:/,]+)", re.MULTILINE)


_NODE_GROUP_FLAG = re.compile(r"--nodes=(\d+):(\d+):\S+")


_MAX_NODES_FLAG = re.compile(r"--max-nodes-total=(\d+)")


def _ipv4_network(text: str) -> ipaddress.IPv4Network | None:
    for part in text.split(","):
        try:
            network = ipaddress.ip_network(part.strip(), strict=False)
        except ValueError:
            continue
        if isinstance(network, ipaddress.IPv4Network):
            return network
    return None


def _words(obj: dict) -> str:
    return " ".join(
        word
        for template in pod_templates(obj)
        for _, container in containers(template.spec)
        for word in command_words(container)
    )


CLUSTER_CIDR_COMPONENTS = Words(("kube-controller-manager", "kube-proxy"))
"""kube-system components whose --cluster-cidr flag names the cluster's pod range."""


def cluster_pod_range(ctx: Context) -> tuple[ipaddress.IPv4Network, str] | None:
    """The cluster's IPv4 pod range and where it was found: the setting, the controller manager's or
    kube-proxy's ``--cluster-cidr`` (a Pod or DaemonSet), or the kube-proxy ConfigMap."""
    configured = ctx.setting("cluster_pod_cidr")
    if configured is not None:
        network = _ipv4_network(configured) if isinstance(configured, str) else None
        if network is None:
            raise Skip(f"the setting cluster_pod_cidr ({configured!r}) is not an IPv4 CIDR")
        return network, "setting cluster_pod_cidr"
    fruitless: set[tuple[int, int]] = set()  # a DaemonSet's pods share their container lists: each searched once
    for obj in (*ctx.inventory.pods.in_namespace("kube-system"), *ctx.inventory.of_kind("DaemonSet")):
        if CLUSTER_CIDR_COMPONENTS.starts(name(obj)) and namespace(obj) == "kube-system":
            spec = as_dict(obj.get("spec"))
            shared = (id(spec.get("containers")), id(spec.get("initContainers"))) if kind(obj) == "Pod" else None
            if shared in fruitless:
                continue
            match = _CLUSTER_CIDR_FLAG.search(_words(obj))
            if match and (network := _ipv4_network(match.group(1))):
                return network, f"{kind(obj)} kube-system/{name(obj)} --cluster-cidr"
            if shared is not None:
                fruitless.add(shared)
    for config_map in ctx.inventory.of_kind("ConfigMap"):
        if namespace(config_map) == "kube-system" and name(config_map) == "kube-proxy":
            for value in as_dict(dig(config_map, "data")).values():
                match = _CLUSTER_CIDR_CONFIG.search(value) if isinstance(value, str) else None
                if match and (network := _ipv4_network(match.group(1))):
                    return network, "ConfigMap kube-system/kube-proxy clusterCIDR"
    return None


def autoscaler_max_nodes(ctx: Context) -> tuple[int, str] | None:
    """The cluster autoscaler's node ceiling from its flags: --max-nodes-total, else the sum of --nodes maxima."""
    for kind_name in ("Deployment", "Pod"):
        for obj in ctx.inventory.of_kind(kind_name):
            if "cluster-autoscaler" not in name(obj):
                continue
            words = _words(obj)
            total = _MAX_NODES_FLAG.search(words)
            if total and int(total.group(1)) > 0:
                return int(total.group(1)), f"{kind_name} {namespace(obj)}/{name(obj)} --max-nodes-total"
            groups = _NODE_GROUP_FLAG.findall(words)
            if groups:
                return sum(int(maximum) for _, maximum in groups), f"{kind_name} {namespace(obj)}/{name(obj)} --nodes"
    return None


def _pod_block(node: dict) -> ipaddress.IPv4Network | None:
    cidr = dig(node, "spec", "podCIDR")
    return _ipv4_network(cidr) if isinstance(cidr, str) else None


def _max_pods(node: dict) -> int | None:
    amount = quantity(dig(node, "status", "allocatable", "pods")) or quantity(dig(node, "status", "capacity", "pods"))
    return int(amount) if amount else None


@check(
    id="pod-ip-capacity",
    title="Pod IP range too small for the node count or the autoscaler's maximum",
    severity="high",
    category="autoscaling",
    cases=[LOVEHOLIDAYS],
    requires=["Node"],
    reads=["Pod", "Deployment", "DaemonSet", "ConfigMap"],
    defaults={"cluster_pod_cidr": None, "max_fill": 0.8},
    setting_types={"cluster_pod_cidr": str},
    fix=(
        "Plan the pod IP range against the largest the cluster may grow: the number of node blocks it holds "
        "(2^(node prefix - range prefix)) must exceed the autoscaler's maximum node count. Widen the range "
        "(on GKE, add a secondary range to the node pool or use discontiguous pod ranges), lower the per-node "
        "block size with maxPods, or cap the autoscaler below the range's limit."
    ),
)
def pod_ip_capacity(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Where nodes show their pod address blocks (`spec.podCIDR`, as with kube-controller-manager
    IPAM and GKE VPC-native clusters):

    - nodes whose `maxPods` exceeds the addresses of their own pod block;
    - the cluster pod range, taken from the `cluster_pod_cidr` setting, the `--cluster-cidr` flag
      of the kube-controller-manager or kube-proxy (a kube-system Pod or DaemonSet) or the
      kube-proxy ConfigMap's `clusterCIDR`: how many node blocks it holds, against the node count (reported once more than
      `max_fill`, default 80%, of the blocks are used) and against the cluster autoscaler's maximum
      (`--max-nodes-total` or the sum of its `--nodes` maxima), when its Deployment or pod is visible.

    Skipped when no node shows a pod CIDR (the CNI assigns addresses itself). Without a visible
    cluster range only the per-node test runs.

    ## Why it matters

    In loveholidays' VPC-native GKE cluster the pod range was a /16, 65,536 addresses, a lot of
    pods as the team saw it; at GKE's default of one /24 block per node it holds 256 nodes. The
    cluster stood at 256 nodes when a deployment needed more capacity: the cluster autoscaler got
    nowhere, new pods stayed Pending with the scheduler reporting 0/256 nodes available, and a
    deployment that normally took minutes hung for about an hour. The post is titled "When GKE ran
    out of IP addresses".

    ## Severity

    Always **high**: when the range runs out, new nodes get no pod block (or pods no address), and the
    cluster cannot grow at the moment it needs to.

    ## Example

    ```text
    cluster pod range 10.4.0.0/16, node blocks /24  ->  256 nodes at most
    cluster-autoscaler --nodes=3:400:default-pool
    ```

    ## Fix

    ```text
    widen the pod range (or add ranges) so that 2^(24 - prefix) > autoscaler max,
    or give nodes smaller blocks (fewer maxPods), or cap the autoscaler at the range's limit
    ```
    """
    nodes = ctx.inventory.nodes
    node_blocks = [(node, block) for node in nodes if (block := _pod_block(node)) is not None]  # each CIDR parsed once
    blocks = Counter(block.prefixlen for _, block in node_blocks)
    if not blocks:
        raise Skip("no node shows a spec.podCIDR")
    for node, network in node_blocks:
        pods = _max_pods(node)
        if pods and pods > network.num_addresses - 2:
            yield ctx.finding(
                node,
                f"Node allows {pods} pods but its pod block {network} holds only {network.num_addresses - 2} addresses.",
                Evidence("spec.podCIDR", dig(node, "spec", "podCIDR")),
                Evidence("status.allocatable.pods", pods),
            )
    found = cluster_pod_range(ctx)
    if found is None:
        return
    cluster_range, where = found
    node_prefix = blocks.most_common(1)[0][0]
    if node_prefix < cluster_range.prefixlen:
        return
    capacity = 2 ** (node_prefix - cluster_range.prefixlen)
    evidence = [
        Evidence("cluster pod range", f"{cluster_range} ({where})"),
        Evidence("nodes[*].spec.podCIDR prefix", f"/{node_prefix}"),
        Evidence("node blocks in range", capacity),
        Evidence("nodes", len(nodes)),
    ]
    ceiling = autoscaler_max_nodes(ctx)
    if ceiling is not None and ceiling[0] > capacity:
        yield ctx.finding(
            ctx.cluster,
            f"The cluster autoscaler may grow to {ceiling[0]} nodes but the pod range {cluster_range} holds only "
            f"{capacity} /{node_prefix} node blocks: scale-up stops at {capacity} nodes.",
            *evidence,
            Evidence("autoscaler maximum", f"{ceiling[0]} ({ceiling[1]})"),
        )
    elif len(nodes) > ctx.setting("max_fill") * capacity:
        yield ctx.finding(
            ctx.cluster,
            f"{len(nodes)} nodes use {len(nodes) / capacity:.0%} of the {capacity} node blocks the pod range "
            f"{cluster_range} holds: the cluster cannot grow past {capacity} nodes.",
            *evidence,
        )
