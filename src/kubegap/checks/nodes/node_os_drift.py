"""``node-os-drift``: Nodes of one pool, or pools of one OS, running different OS images, kernels, container runtimes or kubelets."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.nodes._helpers import cluster_nodes
from kubegap.domain.resources import as_dict, dig, label

NODE_DRIFT = (
    "moj-2026-containerd-221-node-group-invalid-utf8-secrets",
    "kubernetes-user-2026-kubelet-134-env-dollar-multibyte-utf8",
)


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
    Skipped when the Nodes of a manifests input come from several files (saved node listings, which
    may be several clusters'): nothing shows they are one cluster's.

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
    for node in cluster_nodes(ctx):
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
    for family, per_field in _cross_pool_drift(pools):
        pool_names = sorted({pool for per_pool in per_field.values() for pool in per_pool})
        yield ctx.finding(
            ctx.cluster,
            f"Pools on {family} run different {', '.join(per_field)} ({', '.join(pool_names)}): workloads that work on "
            "one pool can fail on the other, and only where they happen to be scheduled.",
            *(Evidence(f"nodes[pool].status.nodeInfo.{field}", per_pool) for field, per_pool in per_field.items()),
        )
