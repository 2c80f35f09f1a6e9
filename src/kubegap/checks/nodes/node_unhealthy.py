"""``node-unhealthy``: Nodes NotReady, Unknown, under resource pressure or without network."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.nodes._helpers import _control_plane
from kubegap.domain.resources import as_list, dig

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
