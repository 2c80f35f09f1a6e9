"""Workload availability: replica counts, how replicas are spread, and where they actually run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kubegap.checks._common import (
    LEASE_KINDS,
    SERVING_KINDS,
    data_store,
    hpa_targets,
    is_ready,
    lease_holders,
    may_reconcile,
    mounted_volumes,
    one_active_by_design,
    registers_webhooks,
    single_node_claim,
    singleton_by_design,
    spec_path,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.nodes import ZONE_LABELS
from kubegap.checks.serving import ADMISSION, CONVERSION, SERVING_EVIDENCE_KINDS, serving
from kubegap.inventory import Inventory
from kubegap.podtemplates import PodTemplate, Workload, leader_election_off
from kubegap.resources import as_dict, as_list, containers, dig, labels, name
from kubegap.scheduling import host_ports
from kubegap.selectors import Selector
from kubegap.tokens import Vocabulary
from kubegap.wording import first_and_more

PYTHON_DISCORD_VOLUMES = "python-discord-2021-node-recycle-volumes-fail-to-mount"
MOONLIGHT = "moonlight-2019-cpu-heavy-pods-colocated-kernel-panics"
PDB_LABELS = "kubernetes-user-2017-pdb-label-mismatch-drain-downtime"


def replicas(workload: Workload) -> int | None:
    """Desired replicas of a replica-keeping controller (None for other kinds or unusable values)."""
    if workload.kind not in SERVING_KINDS or len(workload.templates) != 1:
        return None
    return workload.templates[0].replicas


def max_hpa_replicas(workload: Workload, targets) -> int | None:
    found = [
        dig(hpa, "spec", "maxReplicas")
        for hpa in targets.get((workload.ref.namespace, workload.kind, workload.ref.name), [])
        if isinstance(dig(hpa, "spec", "maxReplicas"), int)
    ]
    return max(found) if found else None


@check(
    id="single-replica",
    title="One replica behind a Service",
    severity="high",
    category="workloads",
    cases=[PYTHON_DISCORD_VOLUMES, PDB_LABELS, "dfds-2024-ami-rollover-single-replica-prod-pods-down"],
    requires=["Service"],
    reads=["workloads", "HorizontalPodAutoscaler", "PersistentVolumeClaim", *SERVING_EVIDENCE_KINDS, *LEASE_KINDS],
    fix=(
        "Run at least two replicas of anything a Service depends on (spec.replicas: 2 or more, or an HPA with "
        "minReplicas >= 2), spread across nodes; for stateful services, replicate the data in the application "
        "(a primary with a replica) instead of relying on one pod and one volume."
    ),
)
def single_replica(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets, ReplicationControllers and Argo Rollouts selected by a
    Service that carries client traffic and that run one replica (`spec.replicas: 1`, or unset or null) with no
    HorizontalPodAutoscaler allowing more. Client traffic needs evidence (see Evidence rules in the
    docs): a headless Service (`clusterIP: None`), or one whose every port is a metrics, profiling,
    health, debug or admin port (by its name, the name of the container port it reaches or the
    Service's own name, as words; or scraped by a ServiceMonitor or PodMonitor, or the
    `prometheus.io/port` of a Service annotated `prometheus.io/scrape`), carries none; a Service
    that an admission webhook, an APIService or a CRD conversion webhook names carries the API
    server's. A Service that only backs admission webhooks is `webhook-backend-unavailable`'s to judge
    (by what the webhooks intercept and whether they fail closed) when it runs in the same audit: one
    cause, one finding.
    Leader-elected controllers (a `--leader-elect`-style flag or variable, or a ServiceAccount bound
    to write Leases, through an aggregated ClusterRole too) have one active reconciler by design and
    are not reported, unless their Service backs an aggregated API or a CRD conversion webhook, or
    the workload registers admission webhooks itself at run time (its ServiceAccount may create
    webhook configurations): leader election says which replica reconciles, not which serves, and
    every call of the API server lands on the one pod. Workloads
    scaled to zero and one-shot or batch work (Jobs, CronJobs, training jobs, Helm and Argo CD hooks)
    are not reported either. Skipped when HorizontalPodAutoscalers were forbidden.

    A controller meant to run alone (one replica, no leader election, a ServiceAccount that may write or
    watch the cluster's objects, and a `Recreate` rollout that no ReadWriteOnce claim explains or a name
    or image that says it is an operator, a controller of its own custom resources by definition) is
    reported at **low** unless it serves the API server, and is never told to run a second replica:
    its fix is to keep one, and to turn on leader election first if the program has it.

    The fix never asks for what would break the workload: a StatefulSet is told to add members only
    if its application replicates (one whose members have no volume claim templates and run no data
    store keeps no data per ordinal, and is told to run more); a Deployment on a ReadWriteOnce claim, that the claim cannot be
    shared; one whose pods keep their state on an emptyDir (mounted where state is kept, such as
    `/var/lib/<program>` or `/data`), that unless the program replicates that state between its pods
    it must first move to a database every replica uses; a workload whose ServiceAccount may write API
    objects and that shows no leader election, that a controller must turn its election on before it
    runs twice (an API server that writes on its users' behalf, such as Argo CD's, has the same rights
    and runs many replicas, so the rights alone do not say which it is).

    ## Why it matters

    With one replica, anything that takes its node away takes the service down. In July 2021 a
    Python Discord node on Linode Kubernetes Engine was recycled by force; afterwards its block
    volumes would not mount, and every stateful service (PostgreSQL, Redis, PrestaShop) and the
    services depending on them stayed down for hours. Each of those stateful pods had one volume, in
    a single-replica Deployment or a StatefulSet, so nothing else could serve while it could not
    start. And a user whose nginx Deployment
    had one replica saw the service go down when the node running it was drained; as a maintainer
    pointed out, one replica cannot be highly available whatever its PodDisruptionBudget says.

    ## Severity

    **High**: losing one node is an outage of everything the Service serves, its clients and the API
    server's aggregated APIs alike (an APIService that does not answer fails discovery for every
    client). **Low** when all the Services carry is conversion of custom resources (and admission
    calls, which `webhook-backend-unavailable` judges): while the replica is away, reads and writes of
    those custom resources fail, and nothing else does. **Medium** when the API server's calls come
    from admission webhooks the workload registers itself at run time (its ServiceAccount may create
    webhook configurations, none of which is in the input): what they intercept, and so the blast
    radius, cannot be told. **Low** for a controller meant to run alone that serves no API: its one
    replica is how it is built, not a setting to change, and what its Service carries for clients is not
    shown by it. **Low** for an operators' console (named as a UI, dashboard or console, beside a program
    bound to the Kubernetes API; see Evidence rules): losing it costs the people operating a tool their
    view, not a product's clients their service.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 1
    ---
    kind: Service          # selects the Deployment's pods
    ```

    ## Fix

    ```yaml
    kind: Deployment
    spec:
      replicas: 3
      template:
        spec:
          topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
             labelSelector: {matchLabels: {app: api}}}
    ```
    """
    if "HorizontalPodAutoscaler" in ctx.inventory.collection.forbidden:
        raise Skip("HorizontalPodAutoscalers are forbidden, so autoscaled replicas are unknown")
    evidence = serving(ctx.inventory)
    targets = hpa_targets(ctx.inventory)
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic or replicas(workload) != 1:
            continue
        behind = [
            s
            for s in evidence.services(workload)
            if not (evidence.admission_backend(s) and ctx.left_to("webhook-backend-unavailable"))
        ]
        roles = sorted(
            {role for s in behind for role in evidence.api_roles(s)},
            key=lambda role: (role.startswith(ADMISSION), role),
        )
        if not roles and registers_webhooks(ctx.inventory, workload):
            roles = [RUNTIME_WEBHOOKS]
        elected = one_active_by_design(workload, leases)
        if not behind or (elected and not roles):
            continue
        ceiling = max_hpa_replicas(workload, targets)
        if ceiling is not None and ceiling > 1:
            continue
        services = sorted({name(s) for s in behind})
        serves = f", which serves the API server ({first_and_more(roles)})" if roles else ""
        console = None if roles else evidence.console(workload)
        alone = None if console else singleton_by_design(ctx.inventory, workload, leases)
        why = (
            ": leader election decides which replica reconciles, not which serves, and"
            if elected
            else f": it is an operators' console (by its name or image: {console}), so"
            if console
            else f": it is {alone}, so"
            if alone
            else ":"
        )
        converts = _conversion_only(evidence, behind, roles)
        outage = (
            "fails reads and writes of the custom resources it converts"
            if converts
            else "takes the console away from the people who use it until its pod is rescheduled"
            if console
            else "stops its work, and whatever its Service answers, until its pod is rescheduled"
            if alone
            else "takes the service down"
        )
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} runs one replica behind Service {', '.join(services)}{serves}{why} losing its node {outage}.",
            Evidence("spec.replicas", 1),
            Evidence("services", services),
            *([Evidence("serves", roles)] if roles else []),
            *(
                [Evidence("spec.strategy.type", "Recreate")]
                if alone and dig(workload.obj, "spec", "strategy", "type") == "Recreate"
                else []
            ),
            remediation=singleton_fix(workload) if alone else more_replicas_fix(ctx.inventory, workload, elected),
            severity="low"
            if converts or console or (alone and not roles)
            else "medium"
            if roles == [RUNTIME_WEBHOOKS]
            else None,
        )


def singleton_fix(workload: Workload) -> str:
    """Keep one replica, and roll it out without running two: what a controller with no leader election needs."""
    strategy = as_dict(dig(workload.obj, "spec", "strategy"))
    recreate = strategy.get("type") == "Recreate"
    no_surge = dig(strategy, "rollingUpdate", "maxSurge") in (0, "0", "0%")
    return (
        "Keep one replica: with no leader election, a second replica would be a second controller acting on the same "
        "objects, "
        + (
            "and Recreate keeps rollouts from running two. "
            if recreate
            else "and its rollout, with no surge, never runs two. "
            if no_surge
            else "and a rollout that surges runs two for a while: roll it out without a surge (strategy Recreate, "
            "or maxSurge: 0). "
        )
        + "If the program offers leader election (a flag or its chart's setting), turn it on, then run two replicas "
        "spread across nodes; until then its pod's rescheduling after a node loss is its outage."
    )


RUNTIME_WEBHOOKS = "admission webhooks it registers at run time, whose scope the input does not show"


def _conversion_only(evidence, behind: list[dict], roles: list[str]) -> list[str]:
    """The CRDs a workload converts, when converting them (and admitting requests, which
    ``webhook-backend-unavailable`` judges) is all its Services carry: its loss fails those custom resources
    alone, not an API every client discovers (an APIService) nor a client's requests."""
    if not roles or not all(evidence.api_roles(s) for s in behind):
        return []
    if not all(role.startswith((CONVERSION, ADMISSION)) for role in roles):
        return []
    return sorted(role.removeprefix(CONVERSION) for role in roles if role.startswith(CONVERSION))


SPREAD = (
    "spread across nodes (topologySpreadConstraints over kubernetes.io/hostname) and covered by a PodDisruptionBudget"
)


def more_replicas_fix(inventory: Inventory, workload: Workload, elected: str | None) -> str:
    """How to run a second replica of a workload that runs one without breaking it: a StatefulSet's members
    must replicate, a ReadWriteOnce claim cannot be shared, and a controller must elect before it runs twice
    (``elected``: the leader election the workload shows, if any)."""
    if workload.kind == "StatefulSet":
        if not as_list(dig(workload.obj, "spec", "volumeClaimTemplates")) and data_store(workload) is None:
            return (
                "Its members have no volume claim templates and run no data store, so a second ordinal keeps no data of "
                "its own: unless the program keeps state that its members must share, run two or more members "
                f"{SPREAD}."
            )
        return (
            "Add members only if the application replicates across them (a primary with replicas, a quorum): a second "
            "ordinal of a standalone server is a second, empty server with a volume of its own. Replicate the data in "
            f"the application, then run two or more members {SPREAD}."
        )
    store = data_store(workload)
    if store is not None:
        return (
            f"It runs {store}, a data store: a second replica would be a second, separate store behind the same "
            "Service (writes through one pod missing from the other). Replicate the data in the application (its "
            f"clustered or replicated mode, usually as a StatefulSet), then run two or more members {SPREAD}."
        )
    claim = single_node_claim(inventory, workload)
    if claim is not None:
        known = inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim) is not None
        return (
            f"The pods mount the claim {claim}, which one node at a time can attach{'' if known else ' (or whose access modes are unknown)'}, "
            "so a second replica cannot share it: move to a StatefulSet with a claim per replica (each replica then keeps "
            "its own data: the application must replicate it, or gather it on its own as a monitoring server does), or, "
            "only if the program lets two of it share one data directory, to storage several nodes can mount; then run "
            f"two replicas {SPREAD}."
        )
    kept = pod_local_state(workload)
    first = (
        f"Its pods keep state in emptyDir volume {kept[0]} (mounted at {kept[1]}), one copy per pod: unless the program "
        "replicates that state between its pods, a second replica would keep a separate copy, so first move the state "
        "to a database every replica uses (the application's external database setting). "
        if kept is not None
        else ""
    )
    if (workload.ref.namespace, workload.kind, workload.ref.name) in hpa_targets(inventory):
        more = f"Raise its HorizontalPodAutoscaler's minReplicas to 2 or more (the autoscaler sets spec.replicas), {SPREAD}"
    else:
        more = f"Run at least two replicas (spec.replicas: 2 or more, or an HPA with minReplicas >= 2), {SPREAD}"
    if elected:
        return f"{first}{more}: the workload is {elected}, so one replica reconciles while every replica serves."
    switched_off = leader_election_off(workload)
    if switched_off:
        return f"{first}Turn its leader election on (it is switched off: {switched_off}), then {more[0].lower()}{more[1:]}."
    if may_reconcile(inventory, workload) is False:
        return f"{first}{more}."
    return (
        f"{first}{more}. If it is a controller that reconciles API objects without leader election, turn its election on "
        "first (a --leader-elect flag or its chart's setting): two replicas without one act on the same objects twice."
    )


STATE_PATHS = Vocabulary(("data", "var lib", "storage", "db", "database", "pgdata", "state"))
"""Words of a mount path where a program keeps its state (``/var/lib/grafana``, ``/data``), not scratch space."""


def pod_local_state(workload: Workload) -> tuple[str, str] | None:
    """``(volume, mount path)`` of an emptyDir on disk that a regular container writes its state to, by the
    path's words, or None: each pod keeps its own copy, so replicas do not share it."""
    for template in workload.templates:
        scratch = {
            v["name"]
            for _, v in mounted_volumes(template)
            if isinstance(v.get("emptyDir"), dict) and v["emptyDir"].get("medium") != "Memory"
        }
        for _, container in containers(template.spec, init=False):
            for mount in as_list(container.get("volumeMounts")):
                path, volume = dig(mount, "mountPath"), dig(mount, "name")
                if (
                    isinstance(volume, str)
                    and volume in scratch
                    and isinstance(path, str)
                    and dig(mount, "readOnly") is not True
                    and STATE_PATHS.find(path)
                ):
                    return mount["name"], path
    return None


def _selects_own_pods(term, template: PodTemplate) -> bool:
    selector = Selector.from_label_selector(dig(term, "labelSelector"))
    return selector is not None and selector.matches(template.labels)


def _may_cover_own_namespace(inventory: Inventory, term, ns: str | None) -> bool:
    """Whether an (anti-)affinity term's namespaces may include the pod's own: no ``namespaces`` and no
    ``namespaceSelector`` (the pod's own), its name in ``namespaces``, or a selector that matches it or
    whose match the input cannot tell (the Namespace's labels unknown, or the namespace chosen at install)."""
    listed = [n for n in as_list(dig(term, "namespaces")) if isinstance(n, str)]
    chooser = dig(term, "namespaceSelector")
    if (not listed and chooser is None) or ns is None or ns in listed:
        return True
    if chooser is None:
        return False
    selector = Selector.from_label_selector(chooser)
    if selector is None:
        return False
    found = inventory.get("Namespace", None, ns)
    known = {**(labels(found) if found else {}), "kubernetes.io/metadata.name": ns}
    return selector.matches(known) or (found is None and not inventory.collected("Namespace"))


def _spreads(inventory: Inventory, workload: Workload, template: PodTemplate) -> bool:
    """Whether a podAntiAffinity term over the workload's own namespace, or a topologySpreadConstraint,
    selects the workload's own pods, or the pods bind a node port (two cannot share a node)."""
    if host_ports(template.spec):
        return True
    anti = as_dict(dig(template.spec, "affinity", "podAntiAffinity"))
    terms = [
        *as_list(anti.get("requiredDuringSchedulingIgnoredDuringExecution")),  # a new list: the resource's is shared
        *(dig(t, "podAffinityTerm") for t in as_list(anti.get("preferredDuringSchedulingIgnoredDuringExecution"))),
    ]
    constraints = as_list(template.spec.get("topologySpreadConstraints"))  # always over the pod's own namespace
    return any(_selects_own_pods(c, template) for c in constraints) or any(
        _selects_own_pods(t, template) and _may_cover_own_namespace(inventory, t, workload.ref.namespace) for t in terms
    )


@check(
    id="spread-missing",
    title="Multi-replica workload with no pod anti-affinity or topology spread",
    severity="low",
    category="workloads",
    cases=[MOONLIGHT],
    fix=(
        "Tell the scheduler to keep replicas apart: add topologySpreadConstraints over kubernetes.io/hostname "
        "(and topology.kubernetes.io/zone) with whenUnsatisfiable: ScheduleAnyway, or a preferred podAntiAffinity "
        "on the workload's own labels; a hard rule (DoNotSchedule, or required anti-affinity) leaves replicas "
        "Pending, and rollouts stuck, when there are fewer nodes than replicas."
    ),
    reads=["workloads", "Namespace"],
)
def spread_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets, ReplicationControllers and Argo Rollouts with two or more
    replicas that serve traffic and whose pod template has no `podAntiAffinity` term (required or preferred) and no
    `topologySpreadConstraints` entry whose `labelSelector` matches the template's own labels. A
    term or constraint with no selector, or one that selects other pods, spreads nothing of this
    workload; nor does an anti-affinity term whose `namespaces` (and `namespaceSelector`, matched
    against the Namespace's labels) leave out the pod's own namespace: it keeps the pods away from
    other namespaces' pods, not from each other. Where the input cannot tell (the namespace is chosen
    at install, or its labels were not collected), the term counts as spreading. Pods that bind a
    node port (a `hostPort`, or a container port on the host network) are spread already: the
    scheduler never puts two of them on one node. ReplicationControllers are judged like ReplicaSets. The scheduler's default spreading (soft, `ScheduleAnyway`, in recent releases) is
    not visible through the API and gives way when nodes are busy, so this is advice (`low`).

    ## Why it matters

    Without a spreading rule, nothing stops the scheduler from placing several replicas on one
    node. At Moonlight in January 2019 the scheduler put several CPU-heavy pods on the same GKE
    node; nodes running at a sustained 100% CPU hit kernel panics and crashed, causing
    intermittent outages that ended with no external traffic reaching the cluster. The post names no
    rule keeping those pods apart, and the Kubernetes Failure Stories list names anti-affinity rules
    among what was involved.

    ## Severity

    Always **low**: the scheduler's default spreading usually keeps replicas apart; it gives way only
    when nodes are busy.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 4
      template:
        spec:
          containers: [{name: worker, image: example/worker:5.2}]
    ```

    ## Fix

    ```yaml
          topologySpreadConstraints:
          - maxSkew: 1
            topologyKey: kubernetes.io/hostname
            whenUnsatisfiable: ScheduleAnyway
            labelSelector: {matchLabels: {app: worker}}
    ```
    """
    for workload in ctx.inventory.workloads:
        count = replicas(workload)
        if not workload.serves_traffic or count is None or count < 2:
            continue
        template = workload.templates[0]
        if not _spreads(ctx.inventory, workload, template):
            # its own pods are what its selector selects: labels that change with each release (chart, version) do not
            own = _own_selector(workload, template)
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {count} replicas with no anti-affinity or topology spread that selects its own pods "
                f"({own or 'no labels'}): they may share one node.",
                Evidence(spec_path(template, "affinity.podAntiAffinity"), None),
                Evidence(spec_path(template, "topologySpreadConstraints"), None),
            )


def _own_selector(workload: Workload, template: PodTemplate) -> Selector | None:
    """What selects the workload's own pods: its selector (a ReplicationController's is a plain map, defaulted
    from the template's labels when unset), else its template's labels."""
    written = dig(workload.obj, "spec", "selector")
    own = (
        Selector.from_map(written)
        if workload.kind == "ReplicationController"
        else Selector.from_label_selector(written)
    )
    return own if own is not None and not own.selects_everything else Selector.from_map(template.labels)


def _zone(node: dict) -> str | None:
    node_labels = labels(node)
    return next((node_labels[key] for key in ZONE_LABELS if key in node_labels), None)


def _ready_placements(pods: list[dict], zone_of: dict[str, str | None], zone_count: int) -> list[str] | None:
    """The nodes of the ready pods, in order; None as soon as two of them are on different nodes and
    (where nodes span zones) in different zones or an unknown one: neither colocation can follow,
    and most workloads are spread, so most of their pods need not be read (nor their nodes counted)."""
    placed: list[str] = []
    nodes: set[str] = set()
    zones: set[str | None] = set()
    for pod in pods:
        if is_ready(pod) and isinstance(node_name := dig(pod, "spec", "nodeName"), str) and node_name:
            placed.append(node_name)
            nodes.add(node_name)
            zones.add(zone_of.get(node_name))
            if len(nodes) > 1 and (zone_count <= 1 or len(zones) > 1 or None in zones):
                return None
    return placed


@check(
    id="replicas-colocated",
    title="All ready replicas on one node or in one zone",
    severity="high",
    category="workloads",
    cases=[MOONLIGHT],
    requires=["Pod", "Node"],
    fix=(
        "Add topologySpreadConstraints (or pod anti-affinity) over kubernetes.io/hostname and "
        "topology.kubernetes.io/zone, then restart the workload so the scheduler places its replicas again."
    ),
    reads=["workloads"],
)
def replicas_colocated(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Where pods actually run: workloads with at least two ready pods that all sit on one node while
    the cluster has more than one node, or all in one zone (`topology.kubernetes.io/zone`) while
    the cluster's nodes span several. One-shot and batch work (Jobs, CronJobs, training jobs, Helm
    and Argo CD hooks) is not reported.

    ## Why it matters

    Replicas protect a service only if one failure cannot take them all. At Moonlight in January
    2019 the scheduler placed several CPU-heavy pods on the same GKE node; that node ran at a
    sustained 100% CPU until the virtual machine suffered a kernel panic and crashed, and the
    website and API had intermittent outages from 18 to 22 January.

    ## Severity

    Always **high**: one node or zone failure takes every ready replica.

    ## Example

    ```text
    Deployment web/api: 3 ready pods, all on node pool-a-7f2c
    ```

    ## Fix

    ```yaml
          topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
             labelSelector: {matchLabels: {app: api}}}
    ```
    """
    nodes = {name(n): n for n in ctx.inventory.nodes}
    if len(nodes) < 2:
        raise Skip("fewer than two nodes")
    zone_of = {node_name: _zone(n) for node_name, n in nodes.items()}  # once per node, not once per pod
    zones = {z for z in zone_of.values() if z}
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic:
            continue
        placed = _ready_placements(ctx.inventory.pods_of(workload.obj), zone_of, len(zones))
        if placed is None or len(placed) < 2:
            continue
        on_nodes = Counter(placed)
        if len(on_nodes) == 1:
            (node_name,) = on_nodes
            yield ctx.finding(
                workload.obj,
                f"All {len(placed)} ready pods of this {workload.kind} run on node {node_name}.",
                Evidence("pods[*].spec.nodeName", dict(on_nodes)),
            )
            continue
        in_zones = Counter(zone_of.get(n) for n in placed)
        if len(zones) > 1 and len(in_zones) == 1 and None not in in_zones:
            (zone,) = in_zones
            yield ctx.finding(
                workload.obj,
                f"All {len(placed)} ready pods of this {workload.kind} run in zone {zone}, though nodes span {len(zones)} zones.",
                Evidence("pods[*].spec.nodeName", dict(on_nodes)),
                Evidence("nodes[*].metadata.labels[topology.kubernetes.io/zone]", zone),
            )
