"""PodDisruptionBudgets: missing where replicas need them, or so strict that nodes cannot drain."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.absence import RBAC_KINDS, empty_said
from kubegap.checks._common import (
    absent_means_none,
    hpa_targets,
    lease_holders,
    one_active_by_design,
    pod_sources,
    workloads_selected_by,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.checks.workloads import replicas
from kubegap.intstr import pdb_disruptions_allowed
from kubegap.inventory import Inventory
from kubegap.podsources import KINDS as pod_source_kinds
from kubegap.podtemplates import Workload
from kubegap.resources import dig, name, namespace, percent
from kubegap.scheduling import kept_apart
from kubegap.selectors import Selector

KONGZ = "kongz-2023-graylog-cluster-upgrade-evicts-all-pods"
DEVOPSHOF = "devopshof-2019-externaltrafficpolicy-local-drain-ingress-outage"
KUBE_HETZNER = "kube-hetzner-2024-pdbs-block-system-upgrade-drain"
EMQX_EMPTY_PDB = "emqx-operator-2026-pdb-without-policy-blocks-evictions"


def pdb_workloads(inventory: Inventory, pdb: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a PDB's selector matches (a null selector matches none)."""
    return workloads_selected_by(inventory, pdb, "PodDisruptionBudget", _pdb_selector)


def _pdb_selector(pdb: dict) -> Selector | None:
    return Selector.from_label_selector(dig(pdb, "spec", "selector"))


def most_replicas(workload: Workload, targets) -> tuple[int | None, dict | None]:
    """The most replicas a workload runs: its HPA's maxReplicas when one targets it, else its replica count."""
    for hpa in targets.get((workload.ref.namespace, workload.kind, workload.ref.name), []):
        maximum = dig(hpa, "spec", "maxReplicas")
        if isinstance(maximum, int) and not isinstance(maximum, bool):
            return maximum, hpa
    return replicas(workload), None


def fewest_replicas(workload: Workload, targets) -> tuple[int | None, dict | None]:
    """The fewest replicas a workload runs: its HPA's minReplicas when one targets it, else its replica count."""
    hpas = targets.get((workload.ref.namespace, workload.kind, workload.ref.name))
    if hpas:
        minimum = dig(hpas[0], "spec", "minReplicas", default=1)
        if isinstance(minimum, int) and not isinstance(minimum, bool):
            return minimum, hpas[0]
    return replicas(workload), None


@check(
    id="pdb-missing",
    title="Multi-replica workload with no PodDisruptionBudget",
    severity="medium",
    category="disruption",
    cases=[KONGZ, KUBE_HETZNER],
    reads=["workloads", "PodDisruptionBudget", "HorizontalPodAutoscaler", *SERVING_EVIDENCE_KINDS],
    fix=(
        "Give every replicated service a PodDisruptionBudget over its pod labels (for example maxUnavailable: 1), "
        "so node drains and upgrades evict its replicas one at a time instead of all at once."
    ),
)
def pdb_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets and Argo Rollouts with two or more replicas whose pod
    template labels no PodDisruptionBudget in their namespace selects. A workload that a
    HorizontalPodAutoscaler targets is counted at the autoscaler's `maxReplicas`: whenever it runs
    two or more pods, a drain can take them together. One-shot and batch work (Jobs, CronJobs,
    training jobs, Helm and Argo CD hooks) is not reported, nor a leader-elected controller that no
    Service selects (one elected replica works while the others wait: a drain that evicts them all
    pauses its work while they restart, and no request fails), nor an operators' console (see Evidence
    rules: a drain that takes it whole costs its operators a reload), nor the backend of a fail-closed
    admission webhook: `webhook-backend-unavailable` judges its budget and replicas together, as
    the availability of the API writes it admits (one cause, one finding), when it runs in the same
    audit. Manifests are taken as the whole application (no PDB in the files
    means none); a snapshot that did not collect PodDisruptionBudgets skips the check.

    ## Why it matters

    Without a PodDisruptionBudget, the eviction API lets a drain take every replica at once. In
    June 2023 a user of the KongZ Graylog Helm chart upgraded their cluster; node rotation evicted
    all Graylog pods from different nodes at the same time and Graylog went down. The chart shipped
    no PodDisruptionBudget; one was added to it afterwards. When a kube-hetzner cluster's
    automated upgrade hung on other workloads' budgets, the applications without a budget of
    their own were the ones evicted freely, and they stayed down until someone intervened.

    ## Severity

    **medium** for a workload that a Service with a port for clients selects (headless Services
    included: their clients reach the pods by address), or that backs an admission webhook, an
    aggregated API or a conversion webhook: a drain that evicts every replica at once is an outage of
    that service. **low** for a workload that no such Service selects (queue workers, controllers,
    exporters read only by monitoring), when Services were collected: its work pauses until the pods are
    rescheduled, but no request fails. Where Services were not collected, **medium**.

    ## Example

    ```yaml
    kind: StatefulSet
    metadata: {name: graylog}
    spec:
      replicas: 3              # no PodDisruptionBudget selects app=graylog
    ```

    ## Fix

    ```yaml
    apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: {name: graylog}
    spec:
      maxUnavailable: 1
      selector: {matchLabels: {app: graylog}}
    ```
    """
    if not absent_means_none(ctx.inventory, "PodDisruptionBudget"):
        raise Skip(ctx.inventory.why_missing("PodDisruptionBudget"))
    covered = {
        id(w.obj) for pdb in ctx.inventory.of_kind("PodDisruptionBudget") for w in pdb_workloads(ctx.inventory, pdb)
    }
    targets = hpa_targets(ctx.inventory)
    clients = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if (
            not workload.serves_traffic
            or id(workload.obj) in covered
            or (clients is not None and clients.console(workload))
        ):
            continue
        if (
            clients is not None
            and clients.fail_closed_services(workload)
            and ctx.left_to("webhook-backend-unavailable")
        ):
            continue  # webhook-backend-unavailable's: the API's availability, one cause
        count, hpa = most_replicas(workload, targets)
        if count is not None and count >= 2:
            unserved = clients is not None and clients.unaddressed(workload)
            if unserved and one_active_by_design(workload, leases):
                continue  # one elected replica works, the others wait: a drain pauses its work while they restart
            apart = kept_apart(workload.templates[0].spec, workload.templates[0].labels)
            how = (
                f"{apart}, so each runs on its own node, but an upgrade that drains several nodes at once can evict all"
                if apart
                else "a drain can evict all at once"
            )
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {'up to ' if hpa else ''}{count} replicas and no PodDisruptionBudget selects "
                f"them: {how}"
                + (
                    " (no Service with a port for clients selects them: their work pauses, no request fails)."
                    if unserved
                    else "."
                ),
                Evidence(f"HorizontalPodAutoscaler {name(hpa)} spec.maxReplicas", count)
                if hpa
                else Evidence("spec.replicas", count),
                severity="low" if unserved else None,
            )


MOST_COUNTS = 1000
"""The most replica counts a budget is evaluated at (an autoscaler's range can be wide)."""


def _covered(inventory: Inventory, pdb: dict, targets) -> tuple[int, int, tuple[Evidence, ...]]:
    """The fewest and the most replicas of the workloads a budget selects (each at its autoscaler's minReplicas
    and maxReplicas when one targets it), and the autoscalers that set them; 0 and 0 when some selected
    workload's count cannot be known (a DaemonSet's follows the nodes).

    Only a numeric minAvailable or a percentage depends on them: most budgets (maxUnavailable 1) are judged
    without matching their selector."""
    fewest = most = 0
    scalers: list[Evidence] = []
    for workload in pdb_workloads(inventory, pdb):
        low, hpa = fewest_replicas(workload, targets)
        high, _ = most_replicas(workload, targets)
        if low is None or high is None:
            return 0, 0, ()
        fewest += low
        most += high
        if hpa is not None:
            scalers.append(Evidence(f"HorizontalPodAutoscaler {name(hpa)} spec.minReplicas", low))
            scalers.append(Evidence(f"HorizontalPodAutoscaler {name(hpa)} spec.maxReplicas", high))
    return fewest, max(most, fewest), tuple(scalers)


def _no_eviction(
    spec: dict, field: str, fewest: int, most: int, scalers: tuple[Evidence, ...]
) -> tuple[str, str, tuple[Evidence, ...]] | None:
    """A budget whose policy, resolved as the disruption controller resolves it (``kubegap.intstr``), allows no
    eviction at some replica count the selected workloads can run; None when it always allows one."""
    value = spec[field]
    blocked = [
        n for n in range(max(fewest, 1), min(most, fewest + MOST_COUNTS) + 1) if pdb_disruptions_allowed(spec, n) == 0
    ]
    if not blocked or blocked[0] != max(fewest, 1):
        return None
    evidence = (Evidence(f"spec.{field}", value), *scalers)
    if field == "maxUnavailable" or percent(value) == 100:
        return "blocks node drains", f"{field} {value} allows no voluntary eviction", evidence
    rounding = " (Kubernetes rounds a percentage up)" if percent(value) is not None else ""
    scaled = "the autoscaler's minimum of " if scalers else ""
    if blocked[-1] < most:
        reason = (
            f"minAvailable {value} allows no voluntary eviction below {blocked[-1] + 1} replicas{rounding}, "
            f"and the pods it covers can run at {scaled}{blocked[0]}"
        )
    elif fewest == most or not fewest:
        reason = f"minAvailable {value} keeps all {blocked[0]} replica(s) it covers{rounding}"
    else:
        reason = f"minAvailable {value} keeps every one of the {fewest} to {most} replicas it covers{rounding}"
    return "blocks node drains", reason, evidence


def _blocking_reason(inventory: Inventory, pdb: dict, targets) -> tuple[str, str, tuple[Evidence, ...]] | None:
    """``(what is wrong, why, evidence)`` for a budget that blocks evictions or cannot exist; None when fine."""
    spec = pdb.get("spec") if isinstance(pdb.get("spec"), dict) else {}
    if "maxUnavailable" not in spec and "minAvailable" not in spec:
        return (
            "blocks node drains",
            "it sets neither minAvailable nor maxUnavailable, and a budget without a policy allows no voluntary eviction",
            (Evidence("spec", {k: v for k, v in spec.items() if k != "selector"} or None),),
        )
    for field in ("minAvailable", "maxUnavailable"):
        share = percent(spec.get(field))
        if share is not None and share > 100:
            return (
                "is invalid",
                (
                    f"{field} {spec[field]} is above 100%, which the API server rejects: the budget is never created "
                    "and the apply that carries it fails"
                ),
                (Evidence(f"spec.{field}", spec[field]),),
            )
    field = "maxUnavailable" if "maxUnavailable" in spec else "minAvailable"
    value = spec[field]
    if field == "maxUnavailable" and not isinstance(value, str) or percent(value) in (0, 100):
        found = _no_eviction(spec, field, 1, 1, ())  # a number, 0% or 100% does not depend on the replicas
    else:
        fewest, most, scalers = _covered(inventory, pdb, targets)
        found = _no_eviction(spec, field, fewest, most, scalers) if fewest or field == "maxUnavailable" else None
    if found:
        return found
    status = pdb.get("status") if isinstance(pdb.get("status"), dict) else {}
    expected, healthy = status.get("expectedPods"), status.get("currentHealthy")
    if (
        status.get("disruptionsAllowed") == 0
        and isinstance(expected, int)
        and expected > 0
        and isinstance(healthy, int)
        and healthy >= expected
    ):
        return (
            "blocks node drains",
            f"all {expected} pods are healthy yet it allows 0 disruptions",
            (Evidence("status.disruptionsAllowed", 0),),
        )
    return None


@check(
    id="pdb-blocks-eviction",
    title="PodDisruptionBudget that allows zero disruptions, or that the API rejects",
    severity="high",
    category="disruption",
    cases=[DEVOPSHOF, EMQX_EMPTY_PDB],
    requires=["PodDisruptionBudget"],
    reads=["HorizontalPodAutoscaler", "workloads"],
    fix=(
        "Give every PodDisruptionBudget a policy that allows at least one eviction when all its pods are healthy: use "
        "maxUnavailable: 1 (or a percentage that resolves to at least 1), or a minAvailable below the replica "
        "count; add replicas rather than tightening the budget."
    ),
)
def pdb_blocks_eviction(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets that allow no voluntary eviction at some replica count the pods they
    select can have: `maxUnavailable` of 0 or `0%`, `minAvailable` of `100%`, a `minAvailable`
    that resolves to every pod, a budget with neither `minAvailable` nor `maxUnavailable` (no
    policy: the disruption controller then allows no eviction), or, on a live cluster,
    `status.disruptionsAllowed` of 0 while every expected pod is healthy. A percentage above 100%
    in either field is reported too: the API server's validation rejects it, so the budget is
    never created.

    Percentages are resolved as the disruption controller resolves them: both `minAvailable` and
    `maxUnavailable` percentages round up, so `minAvailable: 80%` keeps every pod of 1 to 4
    replicas and any `maxUnavailable` above 0% allows one eviction. The count is the replicas of
    the workloads the budget selects, over every count they can run: a workload that a
    HorizontalPodAutoscaler targets from its `minReplicas` to its `maxReplicas`, otherwise its
    `spec.replicas` (1 when unset); a budget that blocks at the autoscaler's minimum is reported
    with the count from which it allows an eviction. Budgets over a DaemonSet's pods, whose count
    follows the nodes, are judged only on what does not depend on it.

    ## Why it matters

    A drain has to wait for, or give up on, pods whose budget allows no eviction, and whatever
    depends on the drain finishing is stuck or overtaken. During a GKE node pool migration at
    DevOps Hof, PodDisruptionBudgets kept the ingress-nginx pods from being evicted from the old
    nodes while the load balancer had already been switched to the new ones; with
    `externalTrafficPolicy: Local` no node in the backend pool had a local ingress pod, and all
    ingress traffic was lost during the drain. The EMQX operator created budgets with
    neither field when a user set neither; Kubernetes accepts such a budget without a default,
    and it blocks every voluntary eviction of the pods it selects.

    ## Severity

    Always **high**: every drain of a node running those pods stalls, which stops upgrades and node
    replacement.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    spec:
      minAvailable: 2          # the Deployment it selects runs 2 replicas
      selector: {matchLabels: {app: ingress-nginx}}
    ```

    ## Fix

    ```yaml
    kind: PodDisruptionBudget
    spec:
      maxUnavailable: 1
      selector: {matchLabels: {app: ingress-nginx}}
    ```
    """
    targets = hpa_targets(ctx.inventory)
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        found = _blocking_reason(ctx.inventory, pdb, targets)
        if found:
            verdict, reason, evidence = found
            yield ctx.finding(pdb, f"PodDisruptionBudget {verdict}: {reason}.", *evidence)


PDB_LABELS = "kubernetes-user-2017-pdb-label-mismatch-drain-downtime"
GARDENER_PDBS = "gardener-2022-dns-controller-pods-two-pdbs-drain-failure"
CRASHLOOP_DRAIN = "kubernetes-user-2019-crashloop-pods-pdb-block-node-replacement"


@check(
    id="pdb-dangling",
    title="PodDisruptionBudget that selects no pods",
    severity="low",
    category="disruption",
    cases=[PDB_LABELS],
    requires=["PodDisruptionBudget"],
    reads=["workloads", *list(pod_source_kinds), *RBAC_KINDS],
    fix=(
        "Point the PodDisruptionBudget's selector at the labels of the pods it should protect (check them with "
        "kubectl get pods -l <selector>), or delete it if the workload is gone."
    ),
)
def pdb_dangling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets whose selector matches no workload pod template in their namespace (with
    the labels their controllers add; a label whose value the input cannot tell counts as possibly
    matching) and, where a cluster or snapshot listed Pods, no pod either. In manifests a budget
    that matches no template is reported only on evidence that nothing else makes its pods (see
    Evidence rules in the docs): a template that misses it by one near-miss label, or a namespace
    whose pods only its workloads can create (no workload allowed to create pods or workloads there,
    no custom resource whose controller the input does not run); otherwise it is not judged, and
    coverage says so. A null selector selects nothing; an empty one (`{}`) selects every pod in the
    namespace.

    ## Why it matters

    A budget that selects nothing protects nothing, and raises no error. A user created an nginx
    Deployment and a PodDisruptionBudget with minAvailable 1, drained the node running its pod,
    and the service went down anyway: the budget selected `app=my-nginx`, but `kubectl run` had
    labelled the pods `run=my-nginx`, so the budget covered no pod.

    ## Severity

    Always **low**: the budget protects nothing, which is the same as having none; `pdb-missing` judges
    what that leaves exposed.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    spec:
      selector: {matchLabels: {app: api}}   # the pods are labelled app.kubernetes.io/name: api
    ```

    ## Fix

    ```yaml
      selector: {matchLabels: {app.kubernetes.io/name: api}}
    ```
    """
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
        ns = namespace(pdb)
        closed = ctx.inventory.closed("Pod", ns)
        if closed and ctx.inventory.pods.select(ns, selector):
            continue  # it selects a pod: what else could create pods need not be asked
        sources = pod_sources(ctx.inventory)
        if sources.select(ns, selector):
            continue
        how = ""
        if selector is None:
            how = " (a null selector selects nothing)"
        elif not closed:
            how = empty_said(ctx, pdb, ns, selector, sources.labelled(ns))
            if how is None:
                continue
        yield ctx.finding(
            pdb,
            f"PodDisruptionBudget selects no {'pods' if closed else 'workloads'} in its namespace{how}: it protects nothing.",
            Evidence("spec.selector", dig(pdb, "spec", "selector")),
        )


@check(
    id="pdb-overlap",
    title="Pods covered by more than one PodDisruptionBudget",
    severity="medium",
    category="disruption",
    cases=[GARDENER_PDBS],
    requires=["PodDisruptionBudget"],
    fix=(
        "Give each set of pods exactly one PodDisruptionBudget: narrow the selectors so that they no longer "
        "overlap, or merge the budgets."
    ),
    reads=["workloads"],
)
def pdb_overlap(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads whose pod template labels are selected by two or more PodDisruptionBudgets in their
    namespace. Reported once per workload, naming the budgets.

    ## Why it matters

    The eviction API refuses to evict a pod that more than one PodDisruptionBudget covers, so a
    drain of the node running it fails. In Gardener's shoot-dns-service extension, labels that
    were not distinct made the dns-controller-manager pods match two budgets, and drains failed
    with "This pod has more than one PodDisruptionBudget".

    ## Severity

    Always **medium**: drains of the nodes running those pods fail until someone steps in.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    metadata: {name: api}
    spec: {selector: {matchLabels: {app: api}}, maxUnavailable: 1}
    ---
    kind: PodDisruptionBudget
    metadata: {name: everything}
    spec: {selector: {}, maxUnavailable: 1}
    ```

    ## Fix

    ```text
    delete the catch-all budget, or exclude the pods the specific one covers
    ```
    """
    budgets: dict[int, tuple[Workload, list[dict]]] = {}
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        for workload in pdb_workloads(ctx.inventory, pdb):
            budgets.setdefault(id(workload.obj), (workload, []))[1].append(pdb)
    for workload, pdbs in budgets.values():
        if len(pdbs) > 1:
            names = [name(pdb) for pdb in pdbs]
            yield ctx.finding(
                workload.obj,
                f"Pods of this {workload.kind} are covered by {len(names)} PodDisruptionBudgets ({', '.join(sorted(names))}): "
                "the eviction API refuses to evict them.",
                Evidence("PodDisruptionBudgets", sorted(names)),
            )


@check(
    id="pdb-unhealthy-eviction-policy",
    title="PodDisruptionBudget without unhealthyPodEvictionPolicy AlwaysAllow",
    severity="low",
    category="disruption",
    cases=[CRASHLOOP_DRAIN],
    requires=["PodDisruptionBudget"],
    fix=(
        "Set spec.unhealthyPodEvictionPolicy: AlwaysAllow (Kubernetes 1.27 and later) so that pods which are "
        "running but not ready can be evicted during a drain; they serve nothing the budget protects."
    ),
)
def pdb_unhealthy_eviction_policy(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets that do not set `unhealthyPodEvictionPolicy: AlwaysAllow`. With the
    default (`IfHealthyBudget`), running pods that are not ready can only be evicted while the
    budget is met. Skipped on clusters known to run a Kubernetes version before 1.27, which do
    not offer the field by default.

    ## Why it matters

    When pods are crash-looping, the budget is not met, so their eviction is refused and a drain
    waits on pods that serve nothing. A Kubernetes user's outage did not heal itself: automation
    had put every node into draining, and no drain could finish because pods stuck in
    CrashLoopBackOff were protected by PodDisruptionBudgets, so no node was emptied and replaced.
    Upstream, `unhealthyPodEvictionPolicy` was later added for this.

    ## Severity

    Always **low**: it matters only while the selected pods are unhealthy during a drain.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    spec:
      maxUnavailable: 1
      selector: {matchLabels: {app: api}}
    ```

    ## Fix

    ```yaml
    spec:
      maxUnavailable: 1
      unhealthyPodEvictionPolicy: AlwaysAllow
      selector: {matchLabels: {app: api}}
    ```
    """
    version = ctx.inventory.collection.cluster.get("version")
    match = re.match(r"v?1\.(\d+)", version) if isinstance(version, str) else None
    if match and int(match.group(1)) < 27:
        raise Skip(f"unhealthyPodEvictionPolicy needs Kubernetes 1.27 or later; the cluster runs {version}")
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        policy = dig(pdb, "spec", "unhealthyPodEvictionPolicy")
        if policy != "AlwaysAllow":
            yield ctx.finding(
                pdb,
                "PodDisruptionBudget blocks evicting unready pods whenever its budget is not met: drains stall on broken pods.",
                Evidence("spec.unhealthyPodEvictionPolicy", policy or "IfHealthyBudget (default)"),
            )
