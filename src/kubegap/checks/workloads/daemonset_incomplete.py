"""``daemonset-incomplete``: DaemonSet not running on every eligible node."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.daemonsets import daemonset_covers
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, dig, name
from kubegap.domain.status import has_status

KUBERMATIC = "kubermatic-2021-envoy-agent-daemonset-missing-on-tainted-nodes"


CRYPTNONO = "cryptnono-2024-monero-detector-fails-on-mixed-node-kernels"


COS_GPU_INSTALLER = "kubernetes-2026-ci-cos-125-gpu-driver-installer-crashloop"


def _every_node(workload: Workload) -> bool:
    """A DaemonSet meant for every node: no node selector and no required node affinity."""
    spec = workload.templates[0].spec
    return not spec.get("nodeSelector") and not dig(
        spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"
    )


@check(
    id="daemonset-incomplete",
    title="DaemonSet not running on every eligible node",
    severity="high",
    category="workloads",
    cases=[KUBERMATIC, CRYPTNONO, COS_GPU_INSTALLER],
    requires=["DaemonSet"],
    reads=["workloads", "Node"],
    defaults={"agent_namespaces": ["kube-system"]},
    fix=(
        "Find the nodes without a ready pod (kubectl get pods -o wide -l <selector>) and why: resources the "
        "node cannot give, an image pull error, a crash loop, or a taint the DaemonSet does not tolerate; give "
        "agents that other agents depend on the same tolerations, and a system-node-critical priority."
    ),
)
def daemonset_incomplete(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    - On a live cluster: DaemonSets whose ready pods (`status.numberReady`) fall short of the pods
      they should run (`status.desiredNumberScheduled`), and, when Pods were collected, nodes the
      DaemonSet is eligible for (node selector, required node affinity, taints and the
      tolerations the controller adds) that run no pod of it.
    - With Nodes collected: per-node agents in the `agent_namespaces` (default `kube-system`)
      meant for every node (no node selector or required node affinity) that a node's taints
      keep away, while another such agent can run there: the agents' tolerations disagree.

    ## Why it matters

    Per-node agents do their job only where they run, and a DaemonSet that does not tolerate a
    taint simply leaves those nodes out; nothing flags the node. In a Kubermatic user cluster a
    new tainted node pool was unusable: the canal CNI DaemonSet tolerated the taints, but the
    envoy-agent DaemonSet that canal needs to reach the API server had no tolerations, so canal
    crash-looped on those nodes and no workload pod could run there. An agent can also run
    everywhere and work only on some nodes: cryptnono's crypto-miner detector, a DaemonSet that
    compiles a bpftrace program against each node's kernel headers, stopped working on GKE 1.29
    nodes (kernel 6.1) while it still worked on 1.27 nodes (5.15), and its first fix then broke
    it on 5.15 nodes. GPU nodes depend on such an agent too: when the Kubernetes project's GPU test
    nodes moved to COS 125, the NVIDIA driver installer DaemonSet, still on a release for COS 121,
    crash-looped on them, no driver was installed and `nvidia.com/gpu` never appeared.

    ## Severity

    Always **high**: a node without its agent (network, storage, logging) is missing part of what every
    pod on it relies on.

    ## Example

    ```yaml
    # node pool "batch":        taints: [{key: dedicated, value: batch, effect: NoSchedule}]
    # kube-system/canal:        tolerations: [{operator: Exists, effect: NoSchedule}]
    # kube-system/envoy-agent:  no tolerations: never scheduled on the batch nodes
    ```

    ## Fix

    ```yaml
    # kube-system/envoy-agent, like the agents that depend on it
    tolerations:
    - {operator: Exists, effect: NoSchedule}
    - {operator: Exists, effect: NoExecute}
    ```
    """
    daemonsets = [w for w in ctx.inventory.workloads if w.kind == "DaemonSet"]
    nodes_known = ctx.inventory.collected("Node")
    if not nodes_known and not any(has_status(w.obj) for w in daemonsets):
        raise Skip("no DaemonSet carries live status and Nodes were not collected")
    pods_known = ctx.inventory.collected("Pod") and nodes_known
    agents = [w for w in daemonsets if w.ref.namespace in ctx.setting("agent_namespaces") and _every_node(w)]
    covered = {id(w.obj): {name(n) for n in ctx.inventory.nodes if daemonset_covers(w, n)} for w in agents}
    for workload in daemonsets:
        status = as_dict(workload.obj.get("status"))
        desired, ready = status.get("desiredNumberScheduled"), status.get("numberReady")
        evidence = []
        if isinstance(desired, int) and isinstance(ready, int) and ready < desired:
            evidence.append(Evidence("status.numberReady", {"ready": ready, "desired": desired}))
        if id(workload.obj) in covered:
            others = set().union(*(nodes for key, nodes in covered.items() if key != id(workload.obj)))
            left_out = sorted(others - covered[id(workload.obj)])
            if left_out:
                evidence.append(
                    Evidence("nodes whose taints it does not tolerate, where other agents run", left_out[:20])
                )
        if pods_known and has_status(workload.obj):
            running = {
                n for p in ctx.inventory.pods_of(workload.obj) if isinstance(n := dig(p, "spec", "nodeName"), str)
            }
            if id(workload.obj) in covered:  # an agent: the nodes it covers are known already
                uncovered = sorted(covered[id(workload.obj)] - running)
            else:
                uncovered = sorted(
                    {
                        name(node)
                        for node in ctx.inventory.nodes
                        if name(node) not in running and daemonset_covers(workload, node)
                    }
                )
            if uncovered:
                evidence.append(Evidence("eligible nodes without a pod", uncovered[:20]))
        if evidence:
            yield ctx.finding(
                workload.obj, "DaemonSet is not running a ready pod on every node it should cover.", *evidence
            )
