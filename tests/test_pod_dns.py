"""What the input shows of a StatefulSet's pods being looked up by name (``kubegap.domain.pod_dns``)."""

from __future__ import annotations

from pathlib import Path

from kubegap.domain.inventory import Inventory
from kubegap.domain.pod_dns import pod_names_resolved, service_reached
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "checks" / "fixtures" / "statefulset-headless-service-missing"


def _inventory(name: str) -> Inventory:
    return Inventory(ManifestSource([str(FIXTURES / name)]).collect())


def test_a_peer_list_names_the_pods_and_the_evidence_is_the_host():
    found = pod_names_resolved(_inventory("fires/peer-list-in-config-map.yaml"), "coord", "zk-hs")
    assert found is not None
    assert found.place == "ConfigMap zk-config data[zoo.cfg]"
    assert found.host == "zk-0.zk-hs.coord.svc.cluster.local:2888:3888"


def test_a_client_that_reaches_the_service_is_shown_without_its_password():
    inventory = _inventory("fires/client-reaches-missing-service.yaml")
    assert pod_names_resolved(inventory, "shop", "db") is None  # no pod is named
    found = service_reached(inventory, "shop", "db")
    assert found is not None and found.host == "postgres://<redacted>@db:5432/shop"
    assert "hunter2" not in found.host


def test_a_file_named_after_the_service_names_no_host():
    inventory = _inventory("passes/agents-dial-their-server.yaml")
    assert service_reached(inventory, "ci", "agent") is None  # agent.yaml is a file
