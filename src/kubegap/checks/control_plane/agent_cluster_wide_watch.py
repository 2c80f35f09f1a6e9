"""``agent-cluster-wide-watch``: Per-node agent allowed to list and watch pods or nodes across the whole cluster."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.reconcilers import service_account
from kubegap.domain.resources import as_dict, as_list, containers, dig, name
from kubegap.domain.roles import granted_rules, lasting_bindings
from kubegap.domain.scheduling import control_plane_only
from kubegap.domain.workloads import SERVING_KINDS

OPENAI = "openai-2024-telemetry-service-overloads-kube-apiservers"


READ_VERBS = frozenset({"list", "watch", "*"})


WATCHED_PER_NODE = frozenset({"pods", "nodes", "*"})
"""Resources whose cluster-wide lists and watches cost the API server most when every node's agent makes them."""


def knows_its_node(template: PodTemplate) -> bool:
    """Whether a container gets its node's name from the downward API, so it can scope reads to that node."""
    return any(
        dig(variable, "valueFrom", "fieldRef", "fieldPath") == "spec.nodeName"
        for _, container in containers(template.spec)
        for variable in as_list(container.get("env"))
    )


def _bindings_by_subject(ctx: Context) -> dict[tuple[str | None, str], list[dict]]:
    """ClusterRoleBindings per bound ServiceAccount ``(namespace, name)``."""
    by_subject: dict[tuple[str | None, str], list[dict]] = {}
    for binding in lasting_bindings(ctx.inventory, ("ClusterRoleBinding",)):
        for subject in as_list(binding.get("subjects")):
            subject_ns = dig(subject, "namespace")
            if (
                dig(subject, "kind") == "ServiceAccount"
                and isinstance(dig(subject, "name"), str)
                and isinstance(subject_ns, str)
            ):
                by_subject.setdefault((subject_ns, subject["name"]), []).append(binding)
    return by_subject


def routes_between_nodes(workload: Workload) -> bool:
    """Whether every pod of the workload is a network agent: host network and the NET_ADMIN capability (or
    privileged), as a pod network's node agent runs to program routes, tunnels or rules towards every node."""

    def network_agent(template: PodTemplate) -> bool:
        if template.spec.get("hostNetwork") is not True:
            return False
        for _, container in containers(template.spec, init=False):
            context = as_dict(container.get("securityContext"))
            added = {c for c in as_list(dig(context, "capabilities", "add")) if isinstance(c, str)}
            if context.get("privileged") is True or added & {"NET_ADMIN", "CAP_NET_ADMIN"}:
                return True
        return False

    return bool(workload.templates) and all(network_agent(t) for t in workload.templates)


def _central_accounts(ctx: Context) -> set[tuple[str | None, str]]:
    """The ServiceAccounts a replicated workload (``SERVING_KINDS``: a Deployment, StatefulSet, ReplicaSet or
    Rollout) runs as: rights granted to one of them are that central workload's, and show nothing of what a
    DaemonSet sharing the account reads."""
    return {
        (workload.ref.namespace, service_account(template))
        for workload in ctx.inventory.workloads
        if workload.kind in SERVING_KINDS
        for template in workload.templates
    }


def _cluster_wide_reads(rules: list[dict]) -> list[str]:
    """Resources a ClusterRole's rules let its holder list or watch across the cluster."""
    found: set[str] = set()
    for rule in rules:
        verbs = {v for v in as_list(dig(rule, "verbs")) if isinstance(v, str)}
        if verbs & READ_VERBS:
            found |= {r for r in as_list(dig(rule, "resources")) if isinstance(r, str) and r in WATCHED_PER_NODE}
    return sorted(found)


@check(
    id="agent-cluster-wide-watch",
    title="Per-node agent allowed to list and watch pods or nodes across the whole cluster",
    severity="low",
    category="control-plane",
    cases=[OPENAI],
    requires=["DaemonSet", "ServiceAccount", "ClusterRoleBinding", "ClusterRole"],
    reads=["Node", "workloads"],
    defaults={"min_nodes": 100},
    precision="low",
    fix=(
        "Check what the agent lists and watches. If every pod watches pods or nodes cluster-wide, let it read "
        "only its own node's (a field selector on spec.nodeName, or the kubelet's API), or move cluster-wide "
        "collection into one central Deployment; roll changes to such agents out cluster by cluster, largest last."
    ),
)
def agent_cluster_wide_watch(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    DaemonSets whose ServiceAccount exists and is bound by a ClusterRoleBinding to a ClusterRole
    that allows `list` or `watch` (or `*`) on pods, nodes or `*`, cluster-wide. One such agent runs
    on every node; if each pod uses those rights, the API server serves its lists and watches once
    per node. RBAC says what an agent may do, not what it does: agents that get their node's name
    from the downward API (an `env` entry with `fieldRef: {fieldPath: spec.nodeName}`) can scope
    their reads to that node and are not reported. A network agent (host network with the
    `NET_ADMIN` capability or privileged, as a pod network's node agent runs) needs every Node to
    route or tunnel to it, so its Node reads are not reported (its pod reads still are). An agent
    that shares its ServiceAccount with a Deployment, StatefulSet, ReplicaSet or Argo Rollout is not
    reported either: the account's rights are that central workload's, and show nothing of the agent's
    own reads. Nor is one kept to control-plane nodes (a `nodeSelector` or a required node affinity on
    `node-role.kubernetes.io/control-plane` or `master`): it runs on the handful of nodes of the control plane, so
    its reads do not grow with the cluster (OpenStack's cloud controller manager, a DaemonSet on the control plane,
    also elects one leader to do its work). For the
    others it is advice to check (`low`),
    since the manifest cannot show which calls the agent makes. When Nodes were
    collected, clusters with fewer than `min_nodes` (default 100) nodes are not reported: the load
    matters at scale. Skipped unless DaemonSets, ServiceAccounts, ClusterRoleBindings and
    ClusterRoles were all collected.

    ## Why it matters

    On 11 December 2024 OpenAI rolled out a telemetry service with a very wide footprint; its
    configuration made every node issue resource-intensive Kubernetes API operations whose cost grew
    with cluster size. With thousands of nodes doing this at once the API servers of the largest
    clusters were overwhelmed, DNS-based service discovery failed once cached records expired, and
    all products were badly degraded or down for about four hours. Testing in staging did not
    reveal the load, which showed only under full production load.

    ## Severity

    Always **low**: RBAC shows what the agent may do, not what it does, and the load matters only at
    scale.

    ## Example

    ```yaml
    kind: ClusterRole
    metadata: {name: telemetry-agent}
    rules:
    - {apiGroups: [""], resources: [pods, nodes], verbs: [get, list, watch]}
    ```

    ## Fix

    ```text
    watch only this node's pods: fieldSelector=spec.nodeName=$(NODE_NAME)
    or run cluster-wide collection in one Deployment and keep the DaemonSet node-local
    ```
    """
    nodes = len(ctx.inventory.nodes)
    if ctx.inventory.collected("Node") and nodes < ctx.setting("min_nodes"):
        raise Skip(
            f"{nodes} node(s), fewer than min_nodes {ctx.setting('min_nodes')}: per-node watches do not load the API server yet"
        )
    bindings = _bindings_by_subject(ctx)
    central = _central_accounts(ctx)
    for workload in ctx.inventory.workloads:
        if workload.kind != "DaemonSet" or any(knows_its_node(t) for t in workload.templates):
            continue
        if all(control_plane_only(t.spec) for t in workload.templates):
            continue  # on the control plane's few nodes: its reads do not grow with the cluster
        ns, account = workload.ref.namespace, service_account(workload.templates[0])
        if ctx.inventory.get("ServiceAccount", ns, account) is None or (ns, account) in central:
            continue
        reads: dict[str, list[str]] = {}
        for binding in bindings.get((ns, account), []):
            role_name = dig(binding, "roleRef", "name")
            is_cluster_role = dig(binding, "roleRef", "kind") == "ClusterRole" and isinstance(role_name, str)
            role = ctx.inventory.get("ClusterRole", None, role_name) if is_cluster_role else None
            resources = _cluster_wide_reads(granted_rules(ctx.inventory, role))
            if resources:
                reads[f"ClusterRoleBinding {name(binding)} -> ClusterRole {role_name}"] = resources
        if reads and routes_between_nodes(workload):
            # a network agent programs a route or tunnel to every node: reading every Node is its job
            reads = {
                where: kept for where, resources in reads.items() if (kept := [r for r in resources if r != "nodes"])
            }
        if reads:
            every = sorted({r for resources in reads.values() for r in resources})
            scale = f"on {nodes} nodes" if nodes else "on every node"
            yield ctx.finding(
                workload.obj,
                f"Runs {scale} and its ServiceAccount {account} may list/watch {', '.join(every)} cluster-wide: if "
                "every pod does, the API server's load from it grows with the node count.",
                *(Evidence(where, resources) for where, resources in reads.items()),
                Evidence("serviceAccountName", f"{ns}/{account}"),
            )
