"""Metadata-only lists and Table answers as the real server gives them, and the test server's beside them."""

from __future__ import annotations

import pytest
from support.apiserver import FakeAPIServer, raw_get

METADATA = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"
TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
NAMESPACE = "wire-forms"
OBJECTS = [
    {
        "apiVersion": "v1",
        "kind": "Secret",
        "metadata": {"name": "registry", "namespace": NAMESPACE, "labels": {"app": "shop"}},
        "stringData": {"token": "planted-token-value"},
    },
    {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "settings", "namespace": NAMESPACE},
        "data": {"retries": "3"},
    },
]


@pytest.fixture(scope="module")
def both(control_plane):
    control_plane.apply(*control_plane.namespace(NAMESPACE), *OBJECTS)
    with FakeAPIServer() as fake:
        for obj in OBJECTS:
            stored = control_plane.get(
                f"/api/v1/namespaces/{NAMESPACE}/{obj['kind'].lower()}s/{obj['metadata']['name']}"
            )[1]
            fake.add(stored)
        yield control_plane, fake


def shape(value, depth: int = 3):
    """Keys, nested to ``depth``, with lists shown by their first element: what a client relies on."""
    if isinstance(value, dict) and depth:
        return {k: shape(v, depth - 1) for k, v in value.items()}
    if isinstance(value, list) and value and depth:
        return [shape(value[0], depth - 1)]
    return type(value).__name__


def test_a_metadata_only_list_of_secrets_has_no_data_and_the_test_servers_shape(both):
    control_plane, fake = both
    path = f"/api/v1/namespaces/{NAMESPACE}/secrets"
    status, real = control_plane.get(path, accept=METADATA)
    assert status == 200 and real["kind"] == "PartialObjectMetadataList" and real["apiVersion"] == "meta.k8s.io/v1"
    (item,) = real["items"]
    assert set(item) == {"kind", "apiVersion", "metadata"} and item["kind"] == "PartialObjectMetadata"
    assert "planted-token-value" not in str(real) and "data" not in item
    ours = raw_get(fake, path, accept=METADATA)[2]
    assert {k: v for k, v in shape(ours).items() if k != "metadata"} == {
        k: v for k, v in shape(real).items() if k != "metadata"
    }
    assert set(ours["items"][0]) == set(item) and ours["items"][0]["kind"] == item["kind"]
    assert ours["items"][0]["metadata"] | {"resourceVersion": None} == item["metadata"] | {
        "resourceVersion": None
    }  # its own counter


def test_a_table_answer_has_the_test_servers_shape(both):
    control_plane, fake = both
    path = f"/api/v1/namespaces/{NAMESPACE}/configmaps"
    status, real = control_plane.get(path, accept=TABLE)
    assert status == 200 and real["kind"] == "Table" and real["apiVersion"] == "meta.k8s.io/v1"
    ours = raw_get(fake, path, accept=TABLE)[2]
    assert set(ours) == set(real)
    assert set(ours["columnDefinitions"][0]) == set(real["columnDefinitions"][0])
    assert set(ours["rows"][0]) == set(real["rows"][0])
    assert ours["rows"][0]["object"]["kind"] == real["rows"][0]["object"]["kind"] == "PartialObjectMetadata"
    assert next(c["name"] for c in real["columnDefinitions"]) == "Name" and real["rows"][0]["cells"][0] == "settings"
