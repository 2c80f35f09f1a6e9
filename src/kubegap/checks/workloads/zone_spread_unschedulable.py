"""``zone-spread-unschedulable``: Replicas spread over zones with whenUnsatisfiable: DoNotSchedule."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.nodes._helpers import ZONE_LABELS
from kubegap.checks.workloads._helpers import replicas
from kubegap.domain.containers import spec_path
from kubegap.domain.resources import as_list, dig
from kubegap.domain.workloads import SERVING_KINDS, audited_workloads

GROSSER_ZONE_SPREAD = "kubernetes-user-2023-zone-spread-donotschedule-pods-pending"


def hard_zone_constraints(spec: dict) -> list[tuple[int, dict]]:
    """``(index, constraint)`` for topology spread constraints over zones that forbid scheduling when unsatisfied."""
    return [
        (index, constraint)
        for index, constraint in enumerate(as_list(spec.get("topologySpreadConstraints")))
        if isinstance(constraint, dict)
        and constraint.get("topologyKey") in ZONE_LABELS
        and constraint.get("whenUnsatisfiable", "DoNotSchedule") == "DoNotSchedule"
    ]


@check(
    id="zone-spread-unschedulable",
    title="Replicas spread over zones with whenUnsatisfiable: DoNotSchedule",
    severity="low",
    category="workloads",
    cases=[GROSSER_ZONE_SPREAD],
    reads=["workloads", *SERVING_KINDS],
    precision="medium",
    fix=(
        "Spread over zones with whenUnsatisfiable: ScheduleAnyway, so that replicas a troubled zone cannot take start "
        "in the others (keep a DoNotSchedule constraint on kubernetes.io/hostname if replicas must not share a node)."
    ),
)
def zone_spread_unschedulable(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, ReplicaSets and Argo Rollouts with two or more replicas whose pod template has a
    `topologySpreadConstraints` entry over zones (`topology.kubernetes.io/zone` or the older
    `failure-domain.beta.kubernetes.io/zone`) with `whenUnsatisfiable: DoNotSchedule`, which is
    the default when the field is unset. StatefulSets are not judged: their pods follow their
    volumes, which are usually bound to one zone anyway. Hard zone spreading is sometimes chosen on
    purpose (a quorum that must not lose two members to one zone); this is advice (`low`).

    ## Why it matters

    A hard zone constraint lets a replica start only where the skew stays within `maxSkew`. When a
    zone has no capacity left or is failing, replicas the constraint sends there stay Pending
    rather than starting in the healthy zones. A user whose Deployment of 9 replicas was spread over
    zones with DoNotSchedule, with one availability zone short of capacity, saw 7 of the 9 pods
    stay Pending; the owner of the Cluster Autoscaler recommends against hard zone spreading in
    clouds for this reason, since during a partial zone failure it keeps pods from falling back to
    other zones.

    ## Severity

    Always **low**: replicas stay Pending only while a zone is short of capacity or failing.

    ## Example

    ```yaml
    topologySpreadConstraints:
    - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
       labelSelector: {matchLabels: {app: api}}}
    ```

    ## Fix

    ```yaml
    topologySpreadConstraints:
    - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway,
       labelSelector: {matchLabels: {app: api}}}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if workload.kind == "StatefulSet" or not workload.serves_traffic:
            continue
        count = replicas(workload)
        if count is None or count < 2:
            continue
        template = workload.templates[0]
        hard = hard_zone_constraints(template.spec)
        if not hard:
            continue
        index, constraint = hard[0]
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} {workload.ref.name} spreads its {count} replicas over {constraint['topologyKey']} with "
            f"whenUnsatisfiable: DoNotSchedule (maxSkew {dig(constraint, 'maxSkew')}): when a zone runs out of capacity or "
            "fails, the replicas it is owed stay Pending instead of starting in the other zones.",
            Evidence(
                spec_path(template, f"topologySpreadConstraints[{index}].whenUnsatisfiable"),
                constraint.get("whenUnsatisfiable", "DoNotSchedule (default)"),
            ),
        )
