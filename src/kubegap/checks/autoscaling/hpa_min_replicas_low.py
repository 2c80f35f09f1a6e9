"""``hpa-min-replicas-low``: HorizontalPodAutoscaler with minReplicas below 2, or min equal to max."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.autoscaling._helpers import MITODL, _hpa_bounds, missing_target
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import WORKLOAD_KINDS
from kubegap.domain.resources import dig, namespace
from kubegap.domain.services import service_workloads
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, runs_one_replica, serving

TARGET_MISSING = "the workload it scales does not exist, so it scales nothing"


PINNED_FIX = (
    "Give maxReplicas room above minReplicas, and minReplicas 2 or more, once the program can run as several replicas: "
    "nothing in the input shows whether it keeps state in its own process (sessions, connections, addresses it hands "
    "out) that a second replica would not share, and a chart that pins its autoscaler at one may do so because it "
    "cannot. Where it can run only one, remove the autoscaler, which never scales it and only reports it at its "
    "maximum, and make the one pod's recovery short."
)
"""The fix for an autoscaler pinned at one replica: a chart may pin it because its program runs only as one (Open5GS's
network functions hold their sessions in memory)."""


@check(
    id="hpa-min-replicas-low",
    title="HorizontalPodAutoscaler with minReplicas below 2, or min equal to max",
    severity="low",
    category="autoscaling",
    cases=[MITODL],
    requires=["HorizontalPodAutoscaler"],
    reads=[*SERVING_EVIDENCE_KINDS],
    fix=(
        "Set minReplicas to at least 2 so quiet hours never leave a single pod to absorb a node failure or the "
        "first burst of traffic, and give maxReplicas room above minReplicas for the autoscaler to act."
    ),
)
def hpa_min_replicas_low(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    HorizontalPodAutoscalers whose `minReplicas` (1 when unset) is below 2, or equal to
    `maxReplicas`, which makes the autoscaler a fixed replica count. An HPA whose target workload the
    input proves missing (a cluster's complete listing holds none, or the install that templates the HPA
    defines its workloads and nothing in it could create this one: see Evidence rules) scales nothing, and
    is counted as not judged: Flagsmith's chart templates its server-sent-events HPA by default and leaves
    its Deployment out. A `minReplicas` below 2 on the
    backend of a fail-closed admission webhook is `webhook-backend-unavailable`'s, which reports the
    one replica as the availability of the API writes it admits (one cause, one finding), when it runs
    in the same audit.

    ## Why it matters

    At low load the autoscaler scales down to `minReplicas`; with one replica, the loss of its
    node is an outage until a new pod is ready. With min equal to max nothing scales at all, and
    the HPA is permanently at its maximum. At mitodl two production HPAs were set to min 1 and
    max 1; their "HPA at max replicas" alert fired almost continuously and, during a bot-crawl
    incident, buried the real signal that other HPAs were genuinely pegged at their maximum.

    An autoscaler pinned at one replica (minimum and maximum 1) may be pinned because its program runs only as
    one: its fix asks for more replicas only once the program can run as several, and otherwise to remove the
    autoscaler, which never scales.

    ## Severity

    Always **low**: one replica during quiet hours is a risk for as long as the autoscaler keeps it
    there, not a standing outage.

    ## Example

    ```yaml
    kind: HorizontalPodAutoscaler
    spec: {minReplicas: 1, maxReplicas: 10}
    ```

    ## Fix

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 10}
    ```
    """
    clients = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    guarded = (
        set()
        if clients is None or not ctx.left_to("webhook-backend-unavailable")
        else {  # webhook-backend-unavailable reports their one replica
            (w.ref.namespace, w.kind, w.ref.name)
            for w in ctx.inventory.workloads
            if any(runs_one_replica(service_workloads(ctx.inventory, s)) for s in clients.fail_closed_services(w))
        }
    )
    for hpa in ctx.inventory.of_kind("HorizontalPodAutoscaler"):
        minimum, maximum = _hpa_bounds(hpa)
        target = (
            namespace(hpa),
            dig(hpa, "spec", "scaleTargetRef", "kind"),
            dig(hpa, "spec", "scaleTargetRef", "name"),
        )
        if minimum < 2 and all(isinstance(part, str) for part in target[1:]) and target in guarded:
            continue  # webhook-backend-unavailable's: the API's availability, one cause
        missing = missing_target(ctx.inventory, hpa) if target[1] in WORKLOAD_KINDS else None
        if missing is not None and missing[2].proven:
            ctx.not_judged(hpa, TARGET_MISSING)
            continue
        if maximum is not None and minimum == maximum:
            yield ctx.finding(
                hpa,
                f"HPA has minReplicas equal to maxReplicas ({minimum}): it never scales and is always at its maximum.",
                Evidence("spec.minReplicas", minimum),
                Evidence("spec.maxReplicas", maximum),
                remediation=PINNED_FIX if minimum < 2 else None,
            )
        elif minimum < 2:
            yield ctx.finding(
                hpa, f"HPA may scale down to {minimum} replica(s).", Evidence("spec.minReplicas", minimum)
            )
