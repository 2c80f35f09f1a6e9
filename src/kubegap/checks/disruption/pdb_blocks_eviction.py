"""``pdb-blocks-eviction``: PodDisruptionBudget that allows zero disruptions, or that the API rejects."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.disruption._helpers import (
    covered_replicas,
)
from kubegap.domain.intstr import pdb_disruptions_allowed
from kubegap.domain.resources import as_dict, percent
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.workloads import AUTOSCALER_KINDS

DEVOPSHOF = "devopshof-2019-externaltrafficpolicy-local-drain-ingress-outage"


EMQX_EMPTY_PDB = "emqx-operator-2026-pdb-without-policy-blocks-evictions"


MOST_COUNTS = 1000
"""The most replica counts a budget is evaluated at (an autoscaler's range can be wide)."""


def _no_eviction(
    spec: dict, field: str, fewest: int, most: int, scalers: tuple[Evidence, ...]
) -> tuple[str, str, tuple[Evidence, ...]] | None:
    """A budget whose policy, resolved as the disruption controller resolves it (``kubegap.domain.intstr``), allows no
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
    at = (
        f"the autoscaler's minimum of {blocked[0]}"
        if scalers and fewest
        else f"{blocked[0]} (scaled up from zero)"
        if scalers
        else str(blocked[0])
    )
    if blocked[-1] < most:
        reason = (
            f"minAvailable {value} allows no voluntary eviction below {blocked[-1] + 1} replicas{rounding}, "
            f"and the pods it covers can run at {at}"
        )
    elif fewest == most or not fewest:
        reason = f"minAvailable {value} keeps all {blocked[0]} replica(s) it covers{rounding}"
    else:
        reason = f"minAvailable {value} keeps every one of the {fewest} to {most} replicas it covers{rounding}"
    return "blocks node drains", reason, evidence


def _blocking_reason(inventory: Readable, pdb: dict) -> tuple[str, str, tuple[Evidence, ...]] | None:
    """``(what is wrong, why, evidence)`` for a budget that blocks evictions or cannot exist; None when fine."""
    spec = as_dict(pdb.get("spec"))
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
        covered = covered_replicas(inventory, pdb)
        found = _no_eviction(spec, field, *covered) if covered is not None else None
    if found:
        return found
    status = as_dict(pdb.get("status"))
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
    reads=[*AUTOSCALER_KINDS, "workloads"],
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
    HorizontalPodAutoscaler targets from its `minReplicas` to its `maxReplicas` (a KEDA ScaledObject from its
    `minReplicaCount`, 0 when unset, to its `maxReplicaCount`, 100 when unset), otherwise its
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
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        found = _blocking_reason(ctx.inventory, pdb)
        if found:
            verdict, reason, evidence = found
            yield ctx.finding(pdb, f"PodDisruptionBudget {verdict}: {reason}.", *evidence)
