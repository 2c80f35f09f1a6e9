"""What a scrape shows about a Service port's clients (``kubegap.domain.serving``)."""

from __future__ import annotations

import copy

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory
from kubegap.domain.serving import serving

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


def _serves_clients(*objects: dict, forbidden: dict[str, str] | None = None, service: dict = SERVICE) -> bool:
    collection = Collection(collected={o["kind"] for o in (service, *objects)}, forbidden=forbidden or {})
    for obj in (service, *objects):
        collection.add(obj, Origin("install.yaml", 0))
    return serving(Inventory(collection)).serves_clients(service)


def test_a_scraped_port_nothing_else_is_shown_to_reach_carries_no_client_traffic():
    assert _serves_clients(DEPLOYMENT)
    assert not _serves_clients(DEPLOYMENT, MONITOR)


def test_a_scrape_does_not_outweigh_a_route_or_a_node_port():
    assert _serves_clients(DEPLOYMENT, MONITOR, INGRESS)
    node_port = copy.deepcopy(SERVICE)
    node_port["spec"]["type"] = "NodePort"
    assert _serves_clients(DEPLOYMENT, MONITOR, service=node_port)


def test_a_scrape_shows_nothing_where_a_cluster_s_routes_could_not_be_read():
    assert _serves_clients(DEPLOYMENT, MONITOR, forbidden={"Ingress": "ingresses is forbidden"})
