"""PodDisruptionBudgets: missing where replicas need them, or so strict that nodes cannot drain."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.checks._common import absent_means_none, hpa_targets, int_or_percent, pod_sources, workloads_selected_by
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.workloads import replicas
from kubegap.inventory import Inventory
from kubegap.podsources import KINDS as pod_source_kinds
from kubegap.resources import dig, name, namespace, percent
from kubegap.selectors import Selector
from kubegap.podtemplates import Workload

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
    reads=["workloads", "PodDisruptionBudget", "HorizontalPodAutoscaler"],
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
    two or more pods, a drain can take them together. Batch workloads and Helm
    test hooks are not reported. Manifests are taken as the whole application (no PDB in the files
    means none); a snapshot that did not collect PodDisruptionBudgets skips the check.

    ## Why it matters

    Without a PodDisruptionBudget, the eviction API lets a drain take every replica at once. In
    June 2023 a user of the KongZ Graylog Helm chart upgraded their cluster; node rotation evicted
    all Graylog pods from different nodes at the same time and Graylog went down. The chart shipped
    no PodDisruptionBudget; one was added to it afterwards. When a kube-hetzner cluster's
    automated upgrade hung on other workloads' budgets, the applications without a budget of
    their own were the ones evicted freely, and they stayed down until someone intervened.

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
    covered = {id(w.obj) for pdb in ctx.inventory.of_kind("PodDisruptionBudget") for w in pdb_workloads(ctx.inventory, pdb)}
    targets = hpa_targets(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic or id(workload.obj) in covered:
            continue
        count, hpa = most_replicas(workload, targets)
        if count is not None and count >= 2:
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {'up to ' if hpa else ''}{count} replicas and no PodDisruptionBudget selects "
                "them: a drain can evict all at once.",
                Evidence(f"HorizontalPodAutoscaler {name(hpa)} spec.maxReplicas", count) if hpa else Evidence("spec.replicas", count),
            )


def _covered(inventory: Inventory, pdb: dict, targets) -> tuple[int, tuple[Evidence, ...]]:
    """The replicas of the workloads a budget selects, each at its fewest, and the autoscalers that set them.

    Only a numeric minAvailable or a percentage maxUnavailable depends on them: most budgets (maxUnavailable 1)
    are judged without matching their selector."""
    counts = [fewest_replicas(w, targets) for w in pdb_workloads(inventory, pdb)]
    total = sum(count for count, _ in counts if count is not None)
    scalers = tuple(Evidence(f"HorizontalPodAutoscaler {name(hpa)} spec.minReplicas", count) for count, hpa in counts if hpa is not None)
    return total, scalers


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
                f"{field} {spec[field]} is above 100%, which the API server rejects: the budget is never created "
                "and the apply that carries it fails",
                (Evidence(f"spec.{field}", spec[field]),),
            )
    if "maxUnavailable" in spec:
        value = spec["maxUnavailable"]
        total = _covered(inventory, pdb, targets)[0] if isinstance(value, str) else 1  # a number does not depend on it
        allowed = int_or_percent(value, max(total, 1), round_up=True)
        if allowed == 0:
            return (
                "blocks node drains",
                "maxUnavailable 0 allows no voluntary eviction",
                (Evidence("spec.maxUnavailable", spec["maxUnavailable"]),),
            )
    if "minAvailable" in spec:
        value = spec["minAvailable"]
        if percent(value) == 100:
            return "blocks node drains", f"minAvailable {value} allows no voluntary eviction", (Evidence("spec.minAvailable", value),)
        if isinstance(value, int) and not isinstance(value, bool):
            total, scalers = _covered(inventory, pdb, targets)
            if total and value >= total:
                covered = f"the {total} replica(s) it covers" + (" at the autoscaler's minimum" if scalers else "")
                return (
                    "blocks node drains",
                    f"minAvailable {value} is at least {covered}",
                    (Evidence("spec.minAvailable", value), *scalers),
                )
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

    PodDisruptionBudgets that can never allow a voluntary eviction: `maxUnavailable` of 0 or
    `0%`, `minAvailable` of `100%` or at least the replica count of the workloads they select, a
    budget with neither `minAvailable` nor `maxUnavailable` (no policy: the disruption controller
    then allows no eviction), or, on a live cluster, `status.disruptionsAllowed` of 0 while every
    expected pod is healthy. A percentage above 100% in either field is reported too: the API
    server's validation rejects it, so the budget is never created. A workload that a HorizontalPodAutoscaler targets is
    counted at the autoscaler's `minReplicas`, the fewest pods it runs; otherwise at its
    `spec.replicas` (1 when unset).

    ## Why it matters

    A drain has to wait for, or give up on, pods whose budget allows no eviction, and whatever
    depends on the drain finishing is stuck or overtaken. During a GKE node pool migration at
    DevOps Hof, PodDisruptionBudgets kept the ingress-nginx pods from being evicted from the old
    nodes while the load balancer had already been switched to the new ones; with
    `externalTrafficPolicy: Local` no node in the backend pool had a local ingress pod, and all
    ingress traffic was lost during the drain. The EMQX operator created budgets with
    neither field when a user set neither; Kubernetes accepts such a budget without a default,
    and it blocks every voluntary eviction of the pods it selects.

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
    reads=["workloads", *list(pod_source_kinds)],
    fix=(
        "Point the PodDisruptionBudget's selector at the labels of the pods it should protect (check them with "
        "kubectl get pods -l <selector>), or delete it if the workload is gone."
    ),
)
def pdb_dangling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets whose selector matches nothing that creates pods in their namespace
    (workload pod templates, with the labels their controllers add, and the pods of Prometheus,
    Alertmanager and ThanosRuler resources, from their `podMetadata` labels) and, when Pods were
    collected, no pod either. A label whose value the input cannot tell counts as possibly
    matching, and a custom resource that describes pods kubegap cannot label (an unknown
    operator's) counts as a possible match. A null selector selects nothing; an empty one (`{}`)
    selects every pod in the namespace.

    ## Why it matters

    A budget that selects nothing protects nothing, and raises no error. A user created an nginx
    Deployment and a PodDisruptionBudget with minAvailable 1, drained the node running its pod,
    and the service went down anyway: the budget selected `app=my-nginx`, but `kubectl run` had
    labelled the pods `run=my-nginx`, so the budget covered no pod.

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
    pods_known = ctx.inventory.collected("Pod")
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
        ns = namespace(pdb)
        if pods_known and ctx.inventory.pods.select(ns, selector):
            continue  # it selects a pod: what else could create pods need not be asked
        sources = pod_sources(ctx.inventory)
        if sources.select(ns, selector) or sources.unknown_in(ns):
            continue
        yield ctx.finding(
            pdb,
            f"PodDisruptionBudget selects no {'pods' if pods_known else 'workloads'} in its namespace: it protects nothing.",
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
