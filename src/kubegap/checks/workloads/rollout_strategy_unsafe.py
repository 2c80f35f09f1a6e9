"""``rollout-strategy-unsafe``: Recreate or maxUnavailable 100% on Service-backed or per-node workloads."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.datastores import container_data_store, data_store, observer, unclustered_broker_of
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import Workload, helm_hooks
from kubegap.domain.reconcilers import (
    LEASE_KINDS,
    lease_holders,
    may_reconcile,
    one_active_by_design,
    recreate_beside_node_ports,
    recreated_by_choice,
    single_node_claim,
    singleton_by_design,
)
from kubegap.domain.resources import as_dict, dig
from kubegap.domain.scheduling import kept_apart
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, ServingEvidence, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, scaling
from kubegap.wording import first_and_more

COMMONLY = "commonly-2026-recreate-single-replica-deploy-api-outage"


def _strategy_problem(kind: str, spec: dict, replicas: int) -> tuple[str, Evidence] | None:
    """What is unsafe in a rolling update over ``replicas`` pods (nodes, for a DaemonSet), resolved as its
    controller resolves it (``kubegap.domain.intstr``); a field left unset is not judged."""
    if kind in ("Deployment", "Rollout"):
        strategy = as_dict(spec.get("strategy"))
        if strategy.get("type") == "Recreate":
            return "uses the Recreate strategy: every rollout stops all pods before starting new ones", Evidence(
                "spec.strategy.type", "Recreate"
            )
        field, rolling = "spec.strategy.rollingUpdate.maxUnavailable", as_dict(strategy.get("rollingUpdate"))
    elif kind == "DaemonSet":
        field, rolling = (
            "spec.updateStrategy.rollingUpdate.maxUnavailable",
            as_dict(dig(spec, "updateStrategy", "rollingUpdate")),
        )
    else:
        return None
    value = rolling.get("maxUnavailable")
    if value is None:
        return None
    if value == "100%":
        return f"allows maxUnavailable {value}: a rollout can take every pod down at once", Evidence(field, value)
    unavailable = rolling_update(kind, rolling, replicas)[1] if replicas else None
    if unavailable is not None and unavailable >= replicas:
        return (
            (
                f"allows maxUnavailable {value}, which resolves to all {replicas} of its pods: a rollout can take every pod down "
                "at once"
            ),
            Evidence(field, value),
        )
    return None


PORTS_RECREATE = (
    "a one-replica controller that shows no leader election and rolls out by Recreate while its pods bind node "
    "ports: whether Recreate is for the ports or because the program must run alone cannot be told from the input"
)

ELECTED_RECREATE = (
    "a one-replica workload that elects a leader and rolls out by Recreate: whether its readiness waits on the "
    "lease (then Recreate is what its rollout needs) cannot be told from the input"
)

KEPT_APART_FIX = (
    "Roll out one pod at a time without a surge (RollingUpdate with maxSurge: 0 and maxUnavailable: 1): {apart}, so "
    "a surged pod finds no free node where the nodes number the replicas."
)


ONE_REPLICA_FIX = (
    "With one replica, only a surge keeps the Service answering through a rollout: set maxUnavailable: 0 and "
    "maxSurge: 1, so the new pod is ready before the old one stops. Where the pod binds a host port or mounts a "
    "ReadWriteOnce volume it cannot overlap its successor: run two or more replicas instead."
)


RECREATE_BY_CHOICE_FIX = (
    "Its project chose Recreate (no ReadWriteOnce claim or node port needs it), and a surge runs two of the program "
    "for a while: first find out whether two may run at once. Where they may, set maxUnavailable: 0 and maxSurge: 1, "
    "so the new pod is ready before the old one stops. Where they must not (one process holding state that another "
    "component sets, as JupyterHub's proxy keeps in memory the routes its hub configures, or one that takes an "
    "exclusive lock or session its successor would wait on), keep Recreate and make its start fast: the outage at "
    "each rollout is then what running one costs."
)
"""The fix for a one-replica rollout whose Recreate nothing in the input explains: the project may have chosen it
because two must never run at once (Milvus's coordinators hold an exclusive session), or for no reason (Commonly's
stateless backend); the input cannot tell, so the fix asks that first."""


VERSIONS_SIDE_BY_SIDE_FIX = (
    "Its project chose Recreate (no ReadWriteOnce claim or node port needs it), and a rolling update runs old and "
    "new versions side by side for a while: first find out whether they may{hooks}. Where they may, use "
    "RollingUpdate with maxUnavailable of one pod or a small percentage and a maxSurge, so a bad version or a slow "
    "start never takes every replica down together. Where they must not (an upgrade that changes the data both "
    "read, or a protocol the old version does not speak), keep Recreate and make the start fast: the outage at each "
    "upgrade is then the price of that change."
)
"""The fix for several replicas rolled out by a Recreate nothing in the input explains: ONLYOFFICE's document
service runs a pre-upgrade hook that rebuilds its database for the new version, so old pods must not serve beside
new ones, and a rolling update told without that condition was judged wrong."""


STORE_AS_DEPLOYMENT_FIX = (
    "It runs {store}, a data store, as a Deployment of several replicas: each new pod comes with a new name and "
    "address and none of the data, so no strategy replaces its members safely (a rolling update swaps them one by "
    "one until none of the old members is left). Run it as a StatefulSet, each member with a claim of its own "
    "(volumeClaimTemplates) and a stable name, rolled out one member at a time once the one before is ready."
)
"""The fix for several replicas of a data store run as a Deployment: the archived OpenShift example's etcd joins
its members once through a discovery token, and a member replaced by any rollout cannot rejoin (judged wrong when
told to roll out gradually)."""


UNELECTED_CONTROLLER_FIX = (
    "Its account may write the cluster's objects and nothing shows a leader election, so a surge would run two "
    "controllers on the same objects for a while: where the program offers an election, turn it on first (with "
    "the right to create and update Leases), then set maxUnavailable: 0 and maxSurge: 1 so the new pod is ready "
    "before the old one stops; where it offers none, stopping the old pod first is what keeps it alone, and "
    "the outage at each rollout is what running one costs."
)


def _upgrade_hooks(ctx: Context, workload: Workload) -> str:
    """The pre-upgrade hooks the workload's install runs before its new pods start, as a clause, or nothing: a
    step that prepares the data for the new version is a sign that the old version must not serve beside it."""
    found = sorted(
        w.ref.name
        for w in ctx.inventory.workloads
        if w.ref.namespace == workload.ref.namespace and "pre-upgrade" in helm_hooks(w.obj)
    )
    return (
        f" (its install runs the pre-upgrade hook {first_and_more(found)} before the new pods start)" if found else ""
    )


def _serves_one_store(client_traffic: ServingEvidence | None, workload: Workload) -> bool:
    """Whether what the workload serves its clients is a data store, or a message broker with no clustering of its
    own: every container that serves its Services runs one (an application beside a cache sidecar serves the
    application, whose Recreate is no store's)."""
    if client_traffic is None:
        return False
    serving = client_traffic.serving_containers(workload, client_traffic.services(workload))
    return bool(serving) and all(
        container_data_store(container) is not None or unclustered_broker_of(container) is not None
        for _, _, container in serving
    )


@check(
    id="rollout-strategy-unsafe",
    title="Recreate or maxUnavailable 100% on Service-backed or per-node workloads",
    severity="medium",
    category="workloads",
    cases=[COMMONLY],
    reads=["workloads", "Node", "PersistentVolumeClaim", *SERVING_EVIDENCE_KINDS, *LEASE_KINDS, *AUTOSCALER_KINDS],
    fix=(
        "Roll out gradually: use RollingUpdate with maxUnavailable of one pod or a small percentage (and "
        "maxSurge for Deployments), so a bad version or a slow start never takes every replica, or every "
        "node's agent, down together. Keep Recreate where pods mount a ReadWriteOnce volume; there, "
        "availability during a rollout needs replication in the application, not a different strategy. Where pods "
        "bind a host port, surge nothing: run two or more replicas with maxSurge: 0 and maxUnavailable: 1."
    ),
)
def rollout_strategy_unsafe(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments and Argo Rollouts selected by a Service that carries client traffic (not headless,
    not metrics-only, as for `single-replica`) that use the `Recreate` strategy or a
    `maxUnavailable` of 100% (or at least their replica count), and DaemonSets whose
    `updateStrategy.rollingUpdate.maxUnavailable` is 100% or at least the number of nodes. A
    percentage is resolved as each controller resolves it: a Deployment's `maxUnavailable` rounds
    down (and becomes 1 when `maxSurge` also comes to 0), a DaemonSet's rounds up. A workload an autoscaler
    scales is counted at the fewest replicas the autoscaler runs it at (WarpStream's agent, its replicas unset
    and its HorizontalPodAutoscaler's minimum 3, was said to lose all of its one pod: judged wrong).
    `Recreate` is right, and not reported, when the pods mount a PersistentVolumeClaim that is
    ReadWriteOnce (or whose access modes are unknown): a rolling update would leave the new pod
    unable to attach the volume, or two instances writing to it. So is a `maxUnavailable` that takes every
    pod there, however the strategy spells the stop-first rollout the claim needs (Kubecost's one replica,
    `maxUnavailable: 1`, on its ReadWriteOnce database claim). It is right too, and not reported,
    for a controller meant to run alone: one replica, no leader election (no flag, no right to write
    Leases), a ServiceAccount that may write or watch the cluster's objects, and either `Recreate`
    itself, a name or image that says it is an operator, or rights to write both custom resources whose
    definitions the input holds and their status. Stopping the one pod before starting the next
    is what keeps two of it from running during a rollout, and a surge would start a second controller
    acting on the same objects or the same outside system (`single-replica` says what its one replica costs).
    So is `Recreate` for one replica of a data store (as `kubegap.domain.datastores.container_data_store` tells
    one: its image's words, not a companion's such as `mysql-router` or `redis-exporter`, or the data directory it
    writes; whatever its volumes) or of a message broker with no clustering of its own (Mosquitto), where that is
    what every container serving its Services runs (an application beside a Redis cache sidecar is no store): a
    surged pod would be a second, separate store or broker, whose clients split their writes, locks or messages
    between the two, or a second server opening the same files (Netmaker's broker, Querybook's Elasticsearch on an
    emptyDir, Sim's Redis holding locks and pub/sub, ESGF's Solr: judged noise on fresh installs, each fix ending at
    keeping Recreate).
    A one-replica workload that elects a leader (a leader-election flag, or a ServiceAccount that may
    create and update Leases) and rolls out by `Recreate` is counted in the check's coverage as not judged: where
    its readiness waits on leadership (Flux's source-controller and the Barman Cloud plugin start their
    servers only once they lead), a surged pod waits on its predecessor's lease and never becomes ready,
    so Recreate is what the rollout needs; where it serves whether or not it leads (an ingress controller
    that elects a leader only to write status), a surge would keep it answering. The input cannot show
    which. Nor can it where such a controller's pods bind node ports (on the host network) and it shows no
    election: Recreate may be what the ports need or what a program that must run alone needs (YuniKorn's
    admission controller and Antrea's controller look alike in their manifests), so it is counted as not
    judged too.
    Deployments are only judged when
    Services were collected. For one replica the fix is a surge
    (`maxUnavailable: 0`, `maxSurge: 1`), not a smaller `maxUnavailable`; where the workload's account may
    write the cluster's objects and nothing shows a leader election, the fix turns the election on first,
    since a surge would run two controllers for a while, and where the program offers none, keeps the
    rollout that stops the old pod first. Where a Deployment's `Recreate` has no claim or node port to explain
    it, the project may have chosen it because two of the program must never run at once (JupyterHub's proxy,
    Milvus's coordinators) or for no reason (Commonly's stateless backend): the fix asks which first, surges only
    where two may run at once, and otherwise keeps Recreate. With several replicas the question is whether old
    and new versions may serve side by side, and the fix names the pre-upgrade hooks the install runs before its
    new pods start, a sign that they may not (ONLYOFFICE's document service rebuilds its database for the new
    version so: told to roll out gradually, judged wrong). A data store run as a Deployment of several replicas is
    told that no strategy replaces its members safely, each new pod coming with a new name and no data, and to run
    it as a StatefulSet with a claim per member (the archived OpenShift example's etcd: judged wrong when told to
    roll out gradually).

    ## Why it matters

    With every pod allowed down at once, each rollout is an outage until the new pods are ready.
    Commonly's backend Deployment used `Recreate` with one replica: on every deploy the old pod
    was killed before the new one was ready, and the API answered 503 for about 60 to 90 seconds.
    Nothing in the design needed Recreate (the backend was stateless); the planned fix was a
    RollingUpdate with maxUnavailable 0 and maxSurge 1.

    ## Severity

    **Medium**: each rollout is a short outage of the workload, which ends when the new pods are
    ready. **Low** for an
    operators' console (see Evidence rules): a rollout takes it from the people who run a tool, not
    from a product's clients, and, with no pod kept, for as long as a new version fails to start. **Low** for
    a monitoring, alerting or telemetry server or a telemetry dashboard (by the whole name of its image:
    Prometheus, Alertmanager, Tempo, Loki, Grafana and the others `single-replica` names; see Evidence rules): a
    rollout pauses what reads its metrics,
    traces, logs or profiles or waits for its alerts for as long as its new pod takes to start, and fails no
    product client's request.

    ## Example

    ```yaml
    kind: DaemonSet
    spec:
      updateStrategy:
        rollingUpdate: {maxUnavailable: 100%}
    ```

    ## Fix

    ```yaml
      updateStrategy:
        rollingUpdate: {maxUnavailable: 10%}
    ```
    """
    client_traffic = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    nodes = len(ctx.inventory.nodes)
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic:
            continue
        spec = as_dict(workload.obj.get("spec"))
        if workload.kind == "DaemonSet":
            total = nodes
        elif client_traffic is not None and client_traffic.services(workload) and len(workload.templates) == 1:
            # an autoscaler sets the count: a rollout runs at no fewer pods than its minimum (percentages are
            # arithmetic over the replicas the workload can have)
            floors = [a.minimum for a in scaling(ctx.inventory, workload) if a.minimum is not None]
            total = min(floors) if floors else workload.templates[0].replicas or 0
        else:
            continue
        found = _strategy_problem(workload.kind, spec, total)
        if found is None:
            continue
        recreate = found[1].value == "Recreate"
        if single_node_claim(ctx.inventory, workload) or singleton_by_design(ctx.inventory, workload, leases):
            # stopping the old pod first is what the claim (however the strategy spells it: Recreate, or a
            # maxUnavailable that takes every pod), or a controller meant to run alone, needs
            continue
        problem, evidence = found
        if recreate and total == 1 and _serves_one_store(client_traffic, workload):
            continue  # one store of its data, or broker of its clients' messages: a surge would start a second one
        if recreate and total == 1 and one_active_by_design(workload, leases):
            ctx.not_judged(workload.obj, ELECTED_RECREATE)
            continue
        if recreate and recreate_beside_node_ports(ctx.inventory, workload, leases):
            ctx.not_judged(workload.obj, PORTS_RECREATE)
            continue
        apart = kept_apart(workload.templates[0].spec, workload.templates[0].labels) if workload.templates else None
        console = client_traffic.console(workload) if client_traffic is not None else None
        watcher = None if console else observer(workload)
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} {problem}"
            + (
                f"; it is an operators' console (by its name or image: {console}), so a rollout takes it away from "
                "the people who use it until the new pods are ready."
                if console
                else f"; it runs {watcher}, so a rollout pauses the monitoring it serves until the new pods are ready."
                if watcher
                else "."
            ),
            evidence,
            severity="low" if console or watcher else None,
            remediation=(
                UNELECTED_CONTROLLER_FIX
                if may_reconcile(ctx.inventory, workload) and not one_active_by_design(workload, leases)
                else RECREATE_BY_CHOICE_FIX
                if recreated_by_choice(ctx.inventory, workload)
                else ONE_REPLICA_FIX
            )
            if total == 1 and workload.kind != "DaemonSet"
            else STORE_AS_DEPLOYMENT_FIX.format(store=store)
            if workload.kind == "Deployment" and (store := data_store(workload)) is not None
            else VERSIONS_SIDE_BY_SIDE_FIX.format(hooks=_upgrade_hooks(ctx, workload))
            if recreated_by_choice(ctx.inventory, workload)
            else KEPT_APART_FIX.format(apart=apart)
            if apart and workload.kind != "DaemonSet"
            else None,
        )
