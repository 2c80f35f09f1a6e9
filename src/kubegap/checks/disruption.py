"""PodDisruptionBudgets: missing where replicas need them, or so strict that nodes cannot drain."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import absent_means_none, int_or_percent
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.workloads import replicas
from kubegap.inventory import Inventory
from kubegap.resources import dig, namespace
from kubegap.selectors import Selector
from kubegap.workloads import Workload

KONGZ = "kongz-2023-graylog-cluster-upgrade-evicts-all-pods"
DEVOPSHOF = "devopshof-2019-externaltrafficpolicy-local-drain-ingress-outage"


def pdb_workloads(inventory: Inventory, pdb: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a PDB's selector matches (a null selector matches none)."""
    selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
    return inventory.workload_templates.select(namespace(pdb), selector)


@check(
    id="pdb-missing",
    title="Multi-replica workload with no PodDisruptionBudget",
    severity="medium",
    category="disruption",
    cases=[KONGZ],
    reads=["PodDisruptionBudget"],
    fix=(
        "Give every replicated service a PodDisruptionBudget over its pod labels (for example maxUnavailable: 1), "
        "so node drains and upgrades evict its replicas one at a time instead of all at once."
    ),
)
def pdb_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets and Argo Rollouts with two or more replicas whose pod
    template labels no PodDisruptionBudget in their namespace selects. Batch workloads and Helm
    test hooks are not reported. Manifests are taken as the whole application (no PDB in the files
    means none); a snapshot that did not collect PodDisruptionBudgets skips the check.

    ## Why it matters

    Without a PodDisruptionBudget, the eviction API lets a drain take every replica at once. In
    June 2023 a user of the KongZ Graylog Helm chart upgraded their cluster; node rotation evicted
    all Graylog pods from different nodes at the same time and Graylog went down. The chart shipped
    no PodDisruptionBudget; one was added to it afterwards.

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
    for workload in ctx.inventory.workloads:
        count = replicas(workload)
        if workload.serves_traffic and count is not None and count >= 2 and id(workload.obj) not in covered:
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {count} replicas and no PodDisruptionBudget selects them: a drain can evict all at once.",
                Evidence("spec.replicas", count),
            )


def _blocking_reason(inventory: Inventory, pdb: dict) -> tuple[str, Evidence] | None:
    spec = pdb.get("spec") if isinstance(pdb.get("spec"), dict) else {}
    selected = pdb_workloads(inventory, pdb)
    total = sum(count for w in selected if (count := replicas(w)) is not None)
    if "maxUnavailable" in spec:
        allowed = int_or_percent(spec["maxUnavailable"], max(total, 1), round_up=True)
        if allowed == 0:
            return "maxUnavailable 0 allows no voluntary eviction", Evidence("spec.maxUnavailable", spec["maxUnavailable"])
    if "minAvailable" in spec and selected:
        value = spec["minAvailable"]
        if value == "100%":
            return "minAvailable 100% allows no voluntary eviction", Evidence("spec.minAvailable", value)
        if isinstance(value, int) and not isinstance(value, bool) and total and value >= total:
            return (
                f"minAvailable {value} is at least the {total} replica(s) it covers",
                Evidence("spec.minAvailable", value),
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
            f"all {expected} pods are healthy yet it allows 0 disruptions",
            Evidence("status.disruptionsAllowed", 0),
        )
    return None


@check(
    id="pdb-blocks-eviction",
    title="PodDisruptionBudget that allows zero disruptions",
    severity="high",
    category="disruption",
    cases=[DEVOPSHOF],
    requires=["PodDisruptionBudget"],
    fix=(
        "Let every PodDisruptionBudget allow at least one eviction when all its pods are healthy: use "
        "maxUnavailable: 1 (or a percentage that resolves to at least 1), or a minAvailable below the replica "
        "count; add replicas rather than tightening the budget."
    ),
)
def pdb_blocks_eviction(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets that can never allow a voluntary eviction: `maxUnavailable` of 0 or
    `0%`, `minAvailable` of `100%` or at least the replica count of the workloads they select,
    or, on a live cluster, `status.disruptionsAllowed` of 0 while every expected pod is healthy.

    ## Why it matters

    A drain has to wait for, or give up on, pods whose budget allows no eviction, and whatever
    depends on the drain finishing is stuck or overtaken. During a GKE node pool migration at
    DevOps Hof, PodDisruptionBudgets slowed the eviction of the ingress-nginx pods from the old
    nodes while the load balancer had already been switched to the new ones; with
    `externalTrafficPolicy: Local` no node in the backend pool had a local ingress pod, and all
    ingress traffic was lost during the drain.

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
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        found = _blocking_reason(ctx.inventory, pdb)
        if found:
            reason, evidence = found
            yield ctx.finding(pdb, f"PodDisruptionBudget blocks node drains: {reason}.", evidence)
