"""What a scrape shows about a Service port's clients (``kubegap.domain.serving``)."""

from __future__ import annotations

import copy

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory
from kubegap.domain.serving import ServingEvidence, serving

SERVICE = {
    "apiVersion": "v1",
    "kind": "Service",
    "metadata": {"name": "api", "namespace": "shop", "labels": {"app": "api"}},
    "spec": {"selector": {"app": "api"}, "ports": [{"name": "http", "port": 80, "targetPort": "http"}]},
}
DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "api", "namespace": "shop"},
    "spec": {
        "replicas": 1,
        "selector": {"matchLabels": {"app": "api"}},
        "template": {
            "metadata": {"labels": {"app": "api"}},
            "spec": {
                "containers": [
                    {"name": "api", "image": "example/api:1.2.3", "ports": [{"name": "http", "containerPort": 8080}]}
                ]
            },
        },
    },
}
EXPORTER = copy.deepcopy(DEPLOYMENT)
EXPORTER["spec"]["template"]["spec"]["containers"][0]["image"] = "example/blackbox-exporter:0.27.0"
MONITOR = {
    "apiVersion": "monitoring.coreos.com/v1",
    "kind": "ServiceMonitor",
    "metadata": {"name": "api", "namespace": "shop"},
    "spec": {"selector": {"matchLabels": {"app": "api"}}, "endpoints": [{"port": "http"}]},
}
INGRESS = {
    "apiVersion": "networking.k8s.io/v1",
    "kind": "Ingress",
    "metadata": {"name": "api", "namespace": "shop"},
    "spec": {"defaultBackend": {"service": {"name": "api", "port": {"name": "http"}}}},
}


def _evidence(
    *objects: dict, forbidden: dict[str, str] | None = None, service: dict = SERVICE, **facts: object
) -> ServingEvidence:
    collection = Collection(collected={o["kind"] for o in (service, *objects)}, forbidden=forbidden or {}, **facts)
    for obj in (service, *objects):
        collection.add(obj, Origin("install.yaml", 0))
    return serving(Inventory(collection))


def _serves_clients(*objects: dict, forbidden: dict[str, str] | None = None, service: dict = SERVICE) -> bool:
    return _evidence(*objects, forbidden=forbidden, service=service).serves_clients(service)


def _two_ports() -> tuple[dict, dict]:
    """The API beside a port of its own for metrics, which the monitor scrapes."""
    service, deployment = copy.deepcopy(SERVICE), copy.deepcopy(DEPLOYMENT)
    service["spec"]["ports"].append({"name": "telemetry", "port": 9090, "targetPort": "telemetry"})
    deployment["spec"]["template"]["spec"]["containers"][0]["ports"].append(
        {"name": "telemetry", "containerPort": 9090}
    )
    return service, deployment


def test_a_scrape_that_would_take_the_only_port_clients_have_shows_nothing():
    assert _serves_clients(DEPLOYMENT, MONITOR)


def test_a_scrape_tells_a_metrics_port_from_the_clients_ports():
    service, deployment = _two_ports()
    monitor = copy.deepcopy(MONITOR)
    monitor["spec"]["endpoints"] = [{"port": "telemetry"}]
    evidence = _evidence(deployment, monitor, service=service)
    assert [p["name"] for p in evidence.client_ports(service)] == ["http"]


def test_an_exporter_s_scraped_port_is_its_job():
    assert not _serves_clients(EXPORTER, MONITOR)


def test_a_scrape_does_not_outweigh_a_route_or_a_node_port():
    assert _serves_clients(EXPORTER, MONITOR, INGRESS)
    node_port = copy.deepcopy(SERVICE)
    node_port["spec"]["type"] = "NodePort"
    assert _serves_clients(EXPORTER, MONITOR, service=node_port)


def test_every_gateway_route_kind_sends_clients():
    route = {
        "apiVersion": "gateway.networking.k8s.io/v1alpha2",
        "kind": "TCPRoute",
        "metadata": {"name": "api", "namespace": "shop"},
        "spec": {"rules": [{"backendRefs": [{"name": "api", "port": 80}]}]},
    }
    assert _serves_clients(EXPORTER, MONITOR, route)


def test_a_scrape_shows_nothing_where_a_cluster_s_routes_could_not_be_read():
    assert _serves_clients(EXPORTER, MONITOR, forbidden={"Ingress": "ingresses is forbidden"})


def test_a_scrape_shows_nothing_where_gateway_routes_were_read_from_some_namespaces_only():
    """A route in a namespace the audit did not read may send to the Service."""
    limited = {"listed": {"HTTPRoute"}, "cluster": {"namespaces": ["shop"]}}
    assert not _evidence(EXPORTER, MONITOR).serves_clients(SERVICE)
    assert _evidence(EXPORTER, MONITOR, **limited).serves_clients(SERVICE)


def _route(api_version: str, kind: str, spec: dict, ns: str = "shop") -> dict:
    return {"apiVersion": api_version, "kind": kind, "metadata": {"name": "api", "namespace": ns}, "spec": spec}


TRAEFIK = _route("traefik.io/v1alpha1", "IngressRoute", {"routes": [{"services": [{"name": "api", "port": "http"}]}]})
ISTIO = _route("networking.istio.io/v1", "VirtualService", {"http": [{"route": [{"destination": {"host": "api"}}]}]})
OPENSHIFT = _route("route.openshift.io/v1", "Route", {"to": {"kind": "Service", "name": "api"}})


def test_traefik_istio_and_openshift_routes_send_clients():
    for route in (TRAEFIK, ISTIO, OPENSHIFT):
        assert _serves_clients(EXPORTER, MONITOR, route), route["kind"]


def test_a_route_sends_clients_to_the_port_it_names_only():
    """Each kind names the port its own way: Traefik a Service port's name or number, Istio its number, OpenShift
    the endpoints' port (the Service port's name or the number its pods listen on)."""
    service, deployment = _two_ports()
    monitor = copy.deepcopy(MONITOR)
    monitor["spec"]["endpoints"] = [{"port": "http"}, {"port": "telemetry"}]
    traefik = _route("traefik.io/v1alpha1", "IngressRoute", {"routes": [{"services": [{"name": "api", "port": 9090}]}]})
    istio = _route(
        "networking.istio.io/v1",
        "VirtualService",
        {"tcp": [{"route": [{"destination": {"host": "api.shop.svc.cluster.local", "port": {"number": 9090}}}]}]},
    )
    openshift = _route("route.openshift.io/v1", "Route", {"to": {"name": "api"}, "port": {"targetPort": "telemetry"}})
    for route in (traefik, istio, openshift):
        evidence = _evidence(EXPORTER, deployment, monitor, route, service=service)
        assert [p["name"] for p in evidence.client_ports(service)] == ["telemetry"], route["kind"]


def test_a_route_of_another_api_group_or_to_a_host_outside_the_cluster_sends_nothing():
    knative = _route("serving.knative.dev/v1", "Route", {"traffic": [{"revisionName": "api-00001", "percent": 100}]})
    external = _route(
        "networking.istio.io/v1", "VirtualService", {"http": [{"route": [{"destination": {"host": "api.example"}}]}]}
    )
    elsewhere = _route("traefik.io/v1alpha1", "IngressRoute", {"routes": [{"services": [{"name": "api"}]}]}, ns="ops")
    for route in (knative, external, elsewhere):
        assert not _serves_clients(EXPORTER, MONITOR, route), route["kind"]


def test_a_traefik_route_that_requires_an_empty_host_sends_nothing():
    """A chart that leaves its host unset writes ``Host(``)``, which no request carries."""
    spec = {"routes": [{"match": "Host(``) && PathPrefix(`/`)", "services": [{"name": "api", "port": 80}]}]}
    unset = _route("traefik.containo.us/v1alpha1", "IngressRoute", spec)
    assert not _serves_clients(EXPORTER, MONITOR, unset)
    spec["routes"][0]["match"] = "Host(`api.example.com`) && PathPrefix(`/`)"
    assert _serves_clients(EXPORTER, MONITOR, _route("traefik.containo.us/v1alpha1", "IngressRoute", spec))


def test_an_openshift_route_names_by_number_the_pods_port_a_service_targets_by_name():
    """The Service targets the container port ``http`` (8080); the Route names 8080."""
    route = _route("route.openshift.io/v1", "Route", {"to": {"name": "api"}, "port": {"targetPort": 8080}})
    assert _serves_clients(EXPORTER, MONITOR, route)
    route["spec"]["port"]["targetPort"] = 9999
    assert not _serves_clients(EXPORTER, MONITOR, route)


def test_a_setting_calls_the_service_it_names_as_a_host():
    """A value names a Service as a host alone, in a URL or address (not as the URL's scheme), by its short name in
    the setting's own namespace, as ``name.namespace`` or by its cluster name; a ConfigMap's value counts as a
    container's setting does."""
    from kubegap.domain.services import hosts, named_in_settings

    assert list(hosts("redis://cache:6379/0")) == ["cache", "0"]
    assert list(hosts("dnssrv+_grpc._tcp.store.monitoring.svc")) == ["store.monitoring.svc"]
    assert list(hosts("postgres://u:p@pg-read.hs.svc.cluster.local:5432/db")) == [
        "u",
        "pg-read.hs.svc.cluster.local",
        "db",
    ]
    docs = [
        {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "api", "namespace": "shop"},
            "spec": {
                "selector": {"matchLabels": {"app": "api"}},
                "template": {
                    "metadata": {"labels": {"app": "api"}},
                    "spec": {
                        "containers": [
                            {
                                "name": "api",
                                "image": "example/api:1.0",
                                "env": [{"name": "CACHE_URL", "value": "redis://cache:6379"}],
                                "args": ["--ledger=ledger.payments:80", "--primary=mongo-0.mongo:27017"],
                            }
                        ]
                    },
                },
            },
        },
        {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": "router", "namespace": "shop"},
            "data": {"READ_HOST": "db-read.shop.svc.cluster.local"},
        },
    ]
    called = named_in_settings(Inventory(Collection(docs)))
    assert [c.where for c in called[("shop", "cache")]] == ["Deployment api CACHE_URL"]
    assert [c.where for c in called[("payments", "ledger")]] == ["Deployment api --ledger"]
    assert [c.where for c in called[("shop", "db-read")]] == ["ConfigMap router READ_HOST"]
    assert [c.where for c in called[("shop", "mongo")]] == ["Deployment api --primary"]  # a member's short name
    assert ("shop", "redis") not in called
