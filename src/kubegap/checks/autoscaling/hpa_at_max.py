"""``hpa-at-max``: HorizontalPodAutoscaler pinned at maxReplicas."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.autoscaling._helpers import MITODL, _hpa_bounds
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import dig
from kubegap.domain.status import has_status

ZALANDO_HPA = "zalando-2026-kubelet-summary-metrics-hpa-maxed-oomkills"


@check(
    id="hpa-at-max",
    title="HorizontalPodAutoscaler pinned at maxReplicas",
    severity="medium",
    category="autoscaling",
    cases=[ZALANDO_HPA, MITODL],
    requires=["HorizontalPodAutoscaler"],
    fix=(
        "Raise maxReplicas (and check the cluster can place that many pods), or make each pod handle more; an "
        "autoscaler at its ceiling can no longer absorb load."
    ),
)
def hpa_at_max(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    On a live cluster: HorizontalPodAutoscalers whose `status.currentReplicas` has reached
    `spec.maxReplicas`, when that is above `minReplicas`. Skipped when no HPA carries status.

    ## Why it matters

    An autoscaler at its maximum has stopped autoscaling: further load lands on the existing
    pods. Zalando's kubelet-summary-metrics HPA reached its maximum of 10 replicas one evening
    and some pods were OOM-killed; the maximum was raised to 20 for all clusters the next day.
    HPAs with min equal to max are left out: they are always at their maximum, and at mitodl such
    HPAs made the at-max alert fire constantly, hiding the HPAs that were really saturated.

    ## Severity

    Always **medium**: the workload keeps running at its ceiling; what it cannot do is absorb more load.

    ## Example

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 8}
    status: {currentReplicas: 8, desiredReplicas: 8}
    ```

    ## Fix

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 20}
    ```
    """
    hpas = [h for h in ctx.inventory.of_kind("HorizontalPodAutoscaler") if has_status(h)]
    if not hpas:
        raise Skip("no HorizontalPodAutoscaler carries live status")
    for hpa in hpas:
        minimum, maximum = _hpa_bounds(hpa)
        current = dig(hpa, "status", "currentReplicas")
        if isinstance(current, int) and maximum is not None and maximum > minimum and current >= maximum:
            yield ctx.finding(
                hpa,
                f"HPA runs {current} replicas, its maximum: it cannot scale further.",
                Evidence("status.currentReplicas", current),
                Evidence("spec.maxReplicas", maximum),
            )
