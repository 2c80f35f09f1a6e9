"""``ingress-backend-missing``: Ingress routing to a Service or port that does not exist."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import missing_said
from kubegap.domain.resources import api_version, as_list, dig, name, namespace
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.routes import backend_service, ingress_backends
from kubegap.domain.services import named_service

OPENBANK = "openbank-2026-ingress-backend-service-wrong-namespace-503"


def _pre_v1_fields_in_v1(ingress: dict, path: str, backend: dict) -> bool:
    """Whether a networking.k8s.io/v1 Ingress uses fields only the v1beta1 API had."""
    if api_version(ingress) != "networking.k8s.io/v1" or "service" in backend or "resource" in backend:
        return False
    return path == "spec.backend" or "serviceName" in backend or "servicePort" in backend


def _pre_v1_problem(path: str, backend: dict) -> str:
    if path == "spec.backend":
        return (
            "spec.backend is not a networking.k8s.io/v1 field (v1 calls it spec.defaultBackend), so the API server "
            "drops it and the Ingress has no default backend"
        )
    fields = " and ".join(f for f in ("serviceName", "servicePort") if f in backend)
    return (
        f"{path} uses {fields}, which networking.k8s.io/v1 does not have, so it names no Service and the API server "
        "rejects the Ingress (resource or service backend is required)"
    )


def _backend_problem(service: dict, service_name: str, port: object, target: dict | None = None) -> str | None:
    """What is wrong with the port of an existing Service backend and what follows from it; None when it resolves.
    ``target``: the in-cluster Service an ExternalName Service names, where the input holds it."""
    ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
    number, port_name = dig(port, "number"), dig(port, "name")
    if number is None and port_name is None:
        return (
            f"the backend names no port of Service {service_name}, so the API server rejects the Ingress "
            "(port name or number is required)"
        )
    if isinstance(number, int) and not isinstance(number, bool) and dig(service, "spec", "type") == "ExternalName":
        return _external_name_problem(service_name, ports, number, target)
    if isinstance(number, int) and not isinstance(number, bool) and number not in [p.get("port") for p in ports]:
        return f"Service {service_name} has no port {number}, so requests to it get 503"
    if isinstance(port_name, str) and port_name not in {p.get("name") for p in ports if isinstance(p.get("name"), str)}:
        return f"Service {service_name} has no port named {port_name}, so requests to it get 503"
    return None


def _external_name_problem(service_name: str, ports: list[dict], number: int, target: dict | None) -> str | None:
    """An ExternalName Service has no endpoints to match: the controller sends to its external name at the port the
    backend gives, or at the target of the Service port it lists for that number. Where the name resolves to a
    Service the input holds, with a cluster IP, that port must be one of its ports; a headless one's clients reach
    the pods' ports, and an external name is not judged."""
    if target is None or dig(target, "spec", "clusterIP") == "None":
        return None
    listed = next((p for p in ports if p.get("port") == number), None)
    reached = listed.get("targetPort", number) if listed is not None else number
    served = [p.get("port") for p in as_list(dig(target, "spec", "ports")) if isinstance(p, dict)]
    if isinstance(reached, int) and reached not in served:
        return (
            f"Service {service_name} names Service {name(target)} in namespace {namespace(target)}, which has no "
            f"port {reached}, so requests to it fail"
        )
    return None


def _named_service(ctx: Context, service: dict) -> dict | None:
    """The in-cluster Service an ExternalName Service's name resolves to (``balances.ledger.svc.cluster.local``),
    where the input holds it."""
    if dig(service, "spec", "type") != "ExternalName":
        return None
    found = named_service(dig(service, "spec", "externalName"))
    return ctx.inventory.get("Service", found[0], found[1]) if found is not None else None


@check(
    id="ingress-backend-missing",
    title="Ingress routing to a Service or port that does not exist",
    severity="high",
    category="networking",
    cases=[OPENBANK],
    requires=["Ingress", "Service"],
    reads=[*RBAC_KINDS, "workloads"],
    fix=(
        "Point every Ingress backend at a Service in the Ingress's own namespace, by a port it exposes; "
        "to reach a Service elsewhere, add an ExternalName Service beside the Ingress or move the Ingress; "
        "in networking.k8s.io/v1 write backends as service: {name, port: {number or name}}. "
        "Probe public paths from outside the cluster."
    ),
)
def ingress_backend_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Ingress backends (`defaultBackend` and every rule path; `networking.k8s.io/v1` and the old
    `serviceName`/`servicePort` form) whose Service does not exist in the Ingress's namespace, that
    name no port, or whose Service does not expose the port they name (by number or by name; an ExternalName
    Service has no endpoints to match, and controllers send to its external name at the number the backend gives,
    so the number, or the target of the port it lists for it, is judged against the in-cluster Service that name
    resolves to, where the input holds it and gives it a cluster IP, and not judged otherwise). A
    `networking.k8s.io/v1` Ingress written with the old fields, which v1 does not have, is
    reported too: a rule backend with only `serviceName`/`servicePort` names no Service, and the
    API server rejects the Ingress; a `spec.backend` (v1: `spec.defaultBackend`) is dropped.
    Backends that name a resource instead of a Service are not judged; skipped unless Ingresses
    and Services were both collected. That a Service does not exist is known from a cluster or
    snapshot that listed Services; in manifests only from positive evidence (see Evidence rules in
    the docs): a Service of that name in another namespace only, a near-miss name, or files beside
    the Ingress that define the namespace's Services while nothing in the input could create one.
    Otherwise the backend is not judged, and coverage says so. One finding per Ingress, with every broken backend in the
    evidence.

    ## Why it matters

    On OpenBank's public sandbox the /api/v1/balances path returned HTTP 503 for roughly 60 days: the
    Ingress in the accounts namespace named a Service balance-service, which lives in the balances
    namespace, and an Ingress backend can only refer to a Service in its own namespace. Every health
    signal stayed green, because the Service itself was healthy, in-cluster callers used its full DNS
    name, and the Ingress reported Synced/Healthy throughout.

    ## Severity

    Always **high**: the path returns errors to every client, while everything inside the cluster looks
    healthy.

    ## Example

    ```yaml
    kind: Ingress
    metadata: {name: accounts-api, namespace: accounts}
    spec:
      rules:
      - http:
          paths:
          - path: /api/v1/balances
            pathType: Prefix
            backend: {service: {name: balance-service, port: {number: 8103}}}   # lives in "balances"
    ```

    ## Fix

    ```yaml
    kind: Service
    metadata: {name: balance-service, namespace: accounts}
    spec: {type: ExternalName, externalName: balance-service.balances.svc.cluster.local}
    ```
    """
    for ingress in ctx.inventory.of_kind("Ingress"):
        ns = namespace(ingress)
        problems: list[tuple[str, Evidence]] = []
        for path, backend in ingress_backends(ingress):
            if _pre_v1_fields_in_v1(ingress, path, backend):
                problems.append((_pre_v1_problem(path, backend), Evidence(path, backend)))
                continue
            service_name = backend_service(backend)
            if service_name is None:
                continue
            port = dig(backend, "service", "port")
            if port is None and dig(backend, "servicePort") is not None:
                old = dig(backend, "servicePort")
                port = {"number": old} if isinstance(old, int) else {"name": old}
            service = ctx.inventory.get("Service", ns, service_name)
            if service is None:
                how = missing_said(ctx, "Service", ns, service_name, ingress)
                if how is None:
                    continue
                problem: str | None = (
                    f"Service {service_name} does not exist in the Ingress's namespace{how}, so requests to it get 503"
                )
            else:
                problem = _backend_problem(service, service_name, port, _named_service(ctx, service))
            if problem:
                problems.append((problem, Evidence(path, backend)))
        if problems:
            yield ctx.finding(
                ingress,
                f"{'Ingress backend is' if len(problems) == 1 else f'{len(problems)} Ingress backends are'} broken: "
                + "; ".join(problem for problem, _ in problems)
                + ".",
                *(evidence for _, evidence in problems),
            )
