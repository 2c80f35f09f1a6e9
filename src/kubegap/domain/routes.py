"""Routes: the Ingresses and other objects through which a proxy sends clients to a Service's endpoints, and which
Service port each names (``routed_backends``, per Service, worked out once per audit).

- Ingresses: the default backend and every rule path's ``backend`` (``ingress_backends``), in the Ingress's namespace.

- Gateway API routes (``GATEWAY_ROUTE_KINDS``): ``spec.rules[].backendRefs`` of kind Service (or none), in the route's
  namespace unless the reference names another.
- Traefik's IngressRoutes (TCP and UDP ones too): ``spec.routes[].services`` of kind Service (or none), in the
  route's namespace unless the reference names another; a route whose ``match`` requires an empty host takes no
  request.
- Istio's VirtualServices: ``spec.http|tcp|tls[].route[].destination``, whose ``host`` is a Service's short name
  (in the VirtualService's namespace) or its full name (``name.namespace.svc.cluster.local``). Istio takes any
  other host as written, to match a registry entry (a ServiceEntry's), so it names no Service here.
- OpenShift's Routes: ``spec.to`` and ``spec.alternateBackends`` of kind Service, in the Route's namespace. A Route's
  ``spec.port.targetPort`` names the endpoints' port: a Service port's name, or the number its pods listen on.

A kind is read only from its own API group: a Knative Route or a kind of the same name elsewhere is not a route.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from kubegap.domain.kinds import groups_of
from kubegap.domain.resources import as_dict, as_list, dig, group, name, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.services import FULL_NAME, called_service, named_service

GATEWAY_ROUTE_KINDS = ("HTTPRoute", "GRPCRoute", "TLSRoute", "TCPRoute", "UDPRoute")
"""Gateway API routes."""
PROXY_ROUTE_KINDS = ("IngressRoute", "IngressRouteTCP", "IngressRouteUDP", "VirtualService", "Route")
"""Routes of proxies that are not the Gateway API's: Traefik's, Istio's and OpenShift's."""
CROSS_NAMESPACE_ROUTE_KINDS = (*GATEWAY_ROUTE_KINDS, *(kind for kind in PROXY_ROUTE_KINDS if kind != "Route"))
"""Route kinds that may send to a Service in another namespace (all but OpenShift's): read from some namespaces
only, they leave open whether a route elsewhere sends to a Service."""

_GROUPS = {kind: groups_of(kind) for kind in (*GATEWAY_ROUTE_KINDS, *PROXY_ROUTE_KINDS)}


class Backend(NamedTuple):
    """A Service a route sends to: its namespace and name as the route writes them, and the Service ``port`` it
    names (a name or number; None where it names none), or, for an OpenShift Route, the endpoints' ``target_port``."""

    ns: str | None
    name: str
    port: object = None
    target_port: object = None


def is_route(obj: dict) -> bool:
    """Whether ``obj`` is a route of its kind's own API group."""
    return group(obj) in _GROUPS.get(str(obj.get("kind")), ())


def route_backends(route: dict) -> Iterator[Backend]:
    """The Services ``route`` sends to."""
    if not is_route(route):
        return
    kind, own = route.get("kind"), namespace(route)
    if kind in GATEWAY_ROUTE_KINDS:
        for rule in as_list(dig(route, "spec", "rules")):
            yield from _references(as_list(dig(rule, "backendRefs")), own)
    elif kind == "VirtualService":
        for protocol in ("http", "tcp", "tls"):
            for rule in as_list(dig(route, "spec", protocol)):
                for destination in as_list(dig(rule, "route")):
                    if (found := _host_service(dig(destination, "destination", "host"), own)) is not None:
                        yield Backend(*found, port=dig(destination, "destination", "port", "number"))
    elif kind == "Route":
        target = dig(route, "spec", "port", "targetPort")
        for ref in (dig(route, "spec", "to"), *as_list(dig(route, "spec", "alternateBackends"))):
            if dig(ref, "kind") in (None, "Service") and isinstance(dig(ref, "name"), str):
                yield Backend(own, as_dict(ref)["name"], target_port=target)
    else:
        for rule in as_list(dig(route, "spec", "routes")):
            if not _matches_nothing(dig(rule, "match")):
                yield from _references(as_list(dig(rule, "services")), own)


EMPTY_HOSTS = re.compile(r"Host(SNI)?\(\s*(``|\"\"|'')\s*\)")
"""A Traefik matcher on an empty host name, which no request carries (a chart's host value left unset)."""


def _matches_nothing(match: object) -> bool:
    """Whether a Traefik route's ``match`` requires an empty host, so that no request takes it (StreamPipes's chart
    writes ``Host(``) && PathPrefix(`/`)`` with its host unset). A match with alternatives (``||``) is taken to match
    something."""
    return isinstance(match, str) and "||" not in match and EMPTY_HOSTS.search(match) is not None


def _references(refs: list, own: str | None) -> Iterator[Backend]:
    for ref in refs:
        if dig(ref, "kind") in (None, "Service") and isinstance(dig(ref, "name"), str):
            ref_ns = dig(ref, "namespace")
            yield Backend(ref_ns if isinstance(ref_ns, str) else own, ref["name"], dig(ref, "port"))


def _host_service(host: object, own: str | None) -> tuple[str | None, str] | None:
    """The ``(namespace, name)`` of the Service an Istio destination host names, or None for a host that names no
    Service of the cluster (an external name, a wildcard)."""
    if not isinstance(host, str) or not host or "*" in host:
        return None
    return (own, host) if "." not in host else named_service(host, (FULL_NAME,))


def describe(route: dict) -> str:
    """``HTTPRoute web``: the route's kind and name, as evidence names it."""
    return f"{route.get('kind')} {name(route)}"


def ingress_backends(ingress: dict) -> Iterator[tuple[str, dict]]:
    """``(field path, backend)`` for an Ingress's default backend and every rule path."""
    spec = as_dict(ingress.get("spec"))
    for field in ("defaultBackend", "backend"):
        if isinstance(spec.get(field), dict):
            yield f"spec.{field}", spec[field]
    for r, rule in enumerate(as_list(spec.get("rules"))):
        for p, path in enumerate(as_list(dig(rule, "http", "paths"))):
            if isinstance(dig(path, "backend"), dict):
                yield f"spec.rules[{r}].http.paths[{p}].backend", path["backend"]


def backend_service(backend: dict) -> str | None:
    """The Service an Ingress backend names (v1 ``service.name`` or the old ``serviceName``)."""
    found = dig(backend, "service", "name") or dig(backend, "serviceName")
    return found if isinstance(found, str) else None


def routed_backends(inventory: Readable) -> dict[tuple[str | None, str], list[tuple[str, object, bool]]]:
    """Per Service ``(namespace, name)``, the Ingress backends and routes that send to it: the object that routes
    (``Ingress web``), the port it names (a name or number; None where it names none) and whether that names the
    endpoints' port rather than the Service's (an OpenShift Route's ``targetPort``). Worked out once per audit."""
    return inventory.derive("routed_backends", _routed_backends)


def _routed_backends(inventory: Readable) -> dict[tuple[str | None, str], list[tuple[str, object, bool]]]:
    found: dict[tuple[str | None, str], list[tuple[str, object, bool]]] = {}
    for ingress in inventory.of_kind("Ingress"):
        for _, backend in ingress_backends(ingress):
            if (service_name := backend_service(backend)) is not None:
                port = dig(backend, "service", "port", "name")
                port = port if port is not None else dig(backend, "service", "port", "number")
                port = port if port is not None else dig(backend, "servicePort")
                key = _service_key(inventory, namespace(ingress), service_name)
                found.setdefault(key, []).append((f"Ingress {name(ingress)}", port, False))
    for route in (route for kind in (*GATEWAY_ROUTE_KINDS, *PROXY_ROUTE_KINDS) for route in inventory.of_kind(kind)):
        for ref in route_backends(route):
            by_target = ref.target_port is not None
            key = _service_key(inventory, ref.ns, ref.name)
            found.setdefault(key, []).append((describe(route), ref.target_port if by_target else ref.port, by_target))
    return found


def _service_key(inventory: Readable, ns: str | None, service_name: str) -> tuple[str | None, str]:
    """The ``(namespace, name)`` of the Service a backend in ``ns`` names, as the input writes it: a backend and its
    Service, one written with the install's namespace and one without, are the same object."""
    _, found = called_service(inventory, ns, service_name)
    return (namespace(found), name(found)) if found is not None else (ns, service_name)
