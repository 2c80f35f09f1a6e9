"""``service-endpoints-thin``: Service with no ready endpoint, or only one."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.networking._helpers import ReadyEndpoints
from kubegap.domain.absence import empty_said
from kubegap.domain.podsources import KINDS as pod_source_kinds
from kubegap.domain.podsources import PodSources, describe, pod_sources
from kubegap.domain.podtemplates import is_hook
from kubegap.domain.resources import as_list, dig, name, namespace
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.routes import routed_backends
from kubegap.domain.selectors import Selector
from kubegap.domain.services import named_in_settings
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, runs_no_pods
from kubegap.severity import Severity

MONZO = "monzo-2017-linkerd-null-endpoints-payments-outage"


def _planned_pods(sources: PodSources, ns: str | None, selector: Selector) -> tuple[int, list[str]] | None:
    """Pods the selected pod sources ask for, and which objects; None when that cannot be known."""
    if not sources.in_namespace(ns):
        return None
    selected = sources.select(ns, selector)
    replicas = [s.replicas for s in selected if s.replicas is not None]
    if len(replicas) < len(selected):
        return None  # a DaemonSet runs as many pods as eligible nodes
    return sum(replicas), describe(selected)


def _carries_clients(ctx: Context, service: dict) -> bool:
    """Whether a Service may carry client traffic: a port not known as a metrics, profiling, health, debug
    or admin port (a headless Service's pod names are client traffic too), or the API server's."""
    ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
    return not ports or bool(serving(ctx.inventory).client_ports(service))


HOOK_SERVICE = (
    "a Helm or Argo CD hook's Service, which serves the hook or test pods the install tool runs (wire-server's "
    "brig-integration, for its helm test bot), not clients"
)


@check(
    id="service-endpoints-thin",
    title="Service with no ready endpoint, or only one",
    severity="medium",
    category="networking",
    cases=[MONZO],
    requires=["Service"],
    reads=[
        "workloads",
        "ConfigMap",
        *AUTOSCALER_KINDS,
        "EndpointSlice",
        "Endpoints",
        *pod_source_kinds,
        *RBAC_KINDS,
        *SERVING_EVIDENCE_KINDS,
    ],
    fix=(
        "Delete Services nothing serves any more, fix the selector of a Service that selects nothing, "
        "and run at least two ready replicas behind Services that clients depend on."
    ),
)
def service_endpoints_thin(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Services with a selector (not ExternalName, not hand-managed endpoints). Where its endpoints
    are known (EndpointSlices or Endpoints listed from a cluster or snapshot, or present in the
    input for this Service): those with no ready endpoint, or exactly one. Otherwise, judged
    against the workload pod templates of its namespace (an object written without one is in the install's, where
    the input's workloads name one: `Inventory.install_namespace`) (with the labels their controllers add,
    such as a StatefulSet's pod names; a label whose value the input cannot tell counts as possibly
    matching): reported when none of them could match, or only workloads scaled to zero replicas,
    and the input proves that nothing else makes its pods (see Evidence rules in the docs): a
    template that misses the selector by one near-miss label, or a namespace whose pods only its
    workloads can create (no workload allowed to create pods or workloads there, no custom resource
    whose controller the input does not run). Otherwise, and when its namespace has neither
    endpoints nor any workload, the Service is not judged, and coverage says so. Nor is a Service that is itself
    a Helm or Argo CD hook, where its endpoints are unknown and no Ingress or route sends to it: it serves the hook
    or test pods the install tool runs, which the input need not hold (wire-server's `brig-integration`, for its
    `helm test` bot: judged wrong). A Service whose workloads are all scaled to zero is reported only where the
    input calls it: an Ingress or route sends to it, or a container's variable or flag or a ConfigMap's value names
    it as a host (`kubegap.domain.services.named_in_settings`), and the message names what does (Hyperswitch's
    router reads from its PostgreSQL read Service, whose replicas are left at zero: a gap); the API server calls a
    Service a webhook, APIService or conversion names, and a setting of a workload that itself runs no pod calls
    nothing. Otherwise the Service is counted as not judged: nothing the input shows calls it, though a caller may
    name it in a Secret, whose values are never read, or sit outside the input (that chart's other read Services,
    which nothing calls: judged noise when reported).

    ## Why it matters

    On 27 October 2017 Monzo's payments failed for about an hour and a half. The day before, a new
    service had been scaled down to zero replicas but left in place as a Kubernetes Service. When
    linkerd, which routes traffic between Monzo's microservices, was restarted, it could not handle
    how Kubernetes 1.6 and later represent a Service with no endpoints and failed to start, taking
    routing down for the whole platform; deleting the empty Services ended the outage.

    ## Severity

    **medium** for a Service that may carry client traffic: with no ready endpoint its clients fail now,
    with one they fail with that pod. **low** for a Service whose every port is a metrics, profiling,
    health, debug or admin port (see `single-replica`): monitoring loses a target, no client fails.

    ## Example

    ```yaml
    kind: Service
    metadata: {name: ledger-v2}
    spec: {selector: {app: ledger-v2}}
    ---
    kind: Deployment
    metadata: {name: ledger-v2}
    spec: {replicas: 0}
    ```

    ## Fix

    ```text
    kubectl delete service ledger-v2      # nothing serves it any more
    or scale the Deployment to 2+ ready replicas
    ```
    """
    endpoints = ReadyEndpoints(ctx.inventory)
    for service in ctx.inventory.of_kind("Service"):
        if dig(service, "spec", "type") == "ExternalName":
            continue
        ns, service_name = namespace(service), name(service)
        ready = endpoints.ready(ns, service_name)
        if ready is None and is_hook(service) and (ns, service_name) not in routed_backends(ctx.inventory):
            ctx.not_judged(service, HOOK_SERVICE)
            continue
        if ready is not None and ready > 1:
            continue  # nothing to report, whatever the selector: most Services are not read further
        selector = Selector.from_map(dig(service, "spec", "selector"))
        if selector is None:
            continue
        severity: Severity | None = None if _carries_clients(ctx, service) else "low"
        if ready is not None:  # none or one
            yield ctx.finding(
                service,
                f"Service has {'no ready endpoint' if ready == 0 else 'only one ready endpoint'}"
                + (" (its ports only serve metrics, profiling, health, debug or admin requests)." if severity else "."),
                Evidence("ready endpoints", ready),
                Evidence("spec.selector", str(selector)),
                severity=severity,
            )
            continue
        sources = pod_sources(ctx.inventory)  # worked out only when some Service's endpoints are unknown
        planned = _planned_pods(sources, ns, selector)
        if planned is None or planned[0] != 0:
            continue
        how = empty_said(ctx, service, ns, selector, sources.labelled(ns))
        if how is None:
            continue
        callers = _callers(ctx, service)
        if planned[1] and not callers:
            ctx.not_judged(service, SCALED_DOWN_UNCALLED)
            continue
        yield ctx.finding(
            service,
            f"Service selects no pods: no workload in its namespace runs pods it matches{how}."
            if not planned[1]
            else f"Service selects only workloads scaled to zero replicas{how}, and the input calls it: "
            f"{', '.join(callers[:3])}{' ...' if len(callers) > 3 else ''}.",
            Evidence("spec.selector", str(selector)),
            Evidence("selected workloads", planned[1] or None),
            *([Evidence("called by", callers)] if planned[1] else []),
            severity=severity,
        )


SCALED_DOWN_UNCALLED = (
    "a Service whose workloads are scaled to zero, which nothing the input shows calls: no Ingress, route or API "
    "server registration sends to it and no setting of a running workload or ConfigMap names it as a host "
    "(a caller may name it in a Secret, whose values are never read, or sit outside the input)"
)


def _callers(ctx: Context, service: dict) -> list[str]:
    """What the input shows calls the Service: the Ingresses and routes that send to it, the API server where a
    webhook, APIService or conversion names it, and the settings that name it as a host
    (``services.named_in_settings``) of a ConfigMap or of a workload that runs pods."""
    key = (ctx.inventory.home(namespace(service)), name(service))
    routed = [what for what, *_ in routed_backends(ctx.inventory).get((namespace(service), name(service)), [])]
    api = serving(ctx.inventory).api_roles(service)
    named = [
        caller.where
        for caller in named_in_settings(ctx.inventory).get(key, [])
        if caller.workload is None or not runs_no_pods(ctx.inventory, caller.workload)
    ]
    return sorted(dict.fromkeys(routed + api + named))
