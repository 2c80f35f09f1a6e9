"""``hostport-rollout-blocked``: Rolling update of host-port pods with no node to start a new pod on."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.workloads._helpers import replicas
from kubegap.domain.containers import spec_path
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import as_dict, dig, str_map
from kubegap.domain.scheduling import eligible, host_ports
from kubegap.domain.workloads import audited_workloads

NEW_RELIC = "newrelic-2022-controlplane-hostnetwork-upgrade-stuck-pending"


OPENSHIFT_SNO = "openshift-2022-sno-network-operator-hostport-rollout-stuck"


HOSTNAME_LABEL = "kubernetes.io/hostname"


def _room(ctx: Context, template: PodTemplate) -> tuple[int, str] | None:
    """How many nodes the pods may run on and how that is known, or None when it cannot be told."""
    node_name = template.spec.get("nodeName")
    if isinstance(node_name, str) and node_name:
        return 1, f"its pods are pinned to node {node_name} (spec.nodeName)"
    pinned = str_map(template.spec.get("nodeSelector")).get(HOSTNAME_LABEL)
    if pinned:
        return 1, f"its pods are pinned to node {pinned} (nodeSelector {HOSTNAME_LABEL})"
    if ctx.inventory.collected("Node") or ctx.inventory.nodes:
        count = sum(
            1
            for node in ctx.inventory.nodes
            if dig(node, "spec", "unschedulable") is not True and eligible(template.spec, node)
        )
        return count, f"only {count} schedulable node(s) match its placement rules"
    return None


@check(
    id="hostport-rollout-blocked",
    title="Rolling update of host-port pods with no node to start a new pod on",
    severity="medium",
    category="workloads",
    cases=[NEW_RELIC, OPENSHIFT_SNO],
    reads=["workloads", "Deployment", "Node"],
    fix=(
        "Let the rollout free a node before it starts a new pod: set strategy.rollingUpdate to maxSurge: 0 and "
        "maxUnavailable: 1 (or strategy Recreate for a single replica, accepting a short gap during each update), "
        "or add nodes, or drop the host port for a Service."
    ),
)
def hostport_rollout_blocked(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments whose pods bind ports on their node (a container `hostPort`, or any declared
    container port with `hostNetwork: true`) and whose rolling update must start a new pod before
    it may stop an old one (`maxUnavailable` resolving to 0 for the replica count: the default 25%
    rounds down to 0 below four replicas, and `maxSurge` above 0), when the pods cannot have a spare
    node: they are pinned to one node (`spec.nodeName` or a `kubernetes.io/hostname` node
    selector), or the collected Nodes that are schedulable and match the pods' node selector,
    required node affinity and tolerations number no more than the replicas. Two pods cannot bind
    the same port on one node, so the new pod stays Pending and the rollout never ends. Without
    Nodes and without pinning, the room cannot be told and the Deployment is not judged.

    ## Why it matters

    New Relic's Kubernetes integration could run its control-plane component as a Deployment on the
    host network. On a one-node cluster an upgrade or configuration change left the new pod Pending
    for over an hour ("didn't have free ports for the requested pod ports") while the old pod held
    the ports; the maintainers found it failed whenever the component was a Deployment on the host
    network with only one node, and a chart change proposed the Recreate strategy for it so that
    the old pod would free the ports first. Upgrades of single-node OpenShift failed the same way
    when the network operator's new pod could not get its host port and the rollout exceeded its
    progress deadline; the fix set `maxSurge: 0` so that the old pod stops first.

    ## Severity

    Always **medium**: the rollout never finishes, while the old pods keep serving.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 1                        # default RollingUpdate: surge 1, unavailable 0
      template:
        spec:
          hostNetwork: true
          containers: [{name: agent, ports: [{containerPort: 8080}]}]
    ```

    ## Fix

    ```yaml
    spec:
      strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 1}}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if workload.kind != "Deployment":
            continue
        template = workload.templates[0]
        ports = host_ports(template.spec)
        if not ports:
            continue  # asked first: few pods bind a host port
        count = replicas(workload)
        strategy = as_dict(dig(workload.obj, "spec", "strategy"))
        if not count or dig(strategy, "type") == "Recreate":
            continue
        surge, unavailable = rolling_update("Deployment", as_dict(strategy.get("rollingUpdate")), count)
        if surge is None or unavailable is None or surge <= 0 or unavailable > 0:
            continue
        room = _room(ctx, template)
        if room is None or room[0] > count:
            continue
        yield ctx.finding(
            workload.obj,
            f"Deployment {workload.ref.name} binds host port(s) {', '.join(map(str, ports))} with {count} replica(s) and a rolling "
            f"update that starts a new pod before stopping an old one (maxSurge {surge}, maxUnavailable 0), and {room[1]}: "
            "the new pod finds no node with the port free and the rollout stalls.",
            Evidence(spec_path(template, "containers[*].ports"), ports),
            Evidence("spec.strategy.rollingUpdate", {"maxSurge": surge, "maxUnavailable": unavailable}),
            Evidence("nodes", room[1]),
        )
