"""The read-only guard refuses, before sending, everything but reads kubegap is allowed to make."""

from __future__ import annotations

import pytest

from kubegap.sources.kubeclient import connect
from kubegap.sources.readonly import METADATA_ACCEPT, ReadOnlyViolation, check_request


@pytest.mark.parametrize(
    "method, path, accept",
    [
        ("POST", "/api/v1/namespaces", "application/json"),
        ("DELETE", "/api/v1/namespaces/ml/pods/web-0", "application/json"),
        ("PATCH", "/apis/apps/v1/namespaces/ml/deployments/web", "application/json"),
        ("PUT", "/api/v1/nodes/gpu-0", "application/json"),
        ("HEAD", "/api/v1/pods", "application/json"),
        ("GET", "/api/v1/namespaces/ml/pods/web-0/exec?command=sh", "*/*"),
        ("GET", "/api/v1/namespaces/ml/pods/web-0/attach", "*/*"),
        ("GET", "/api/v1/namespaces/ml/pods/web-0/portforward", "*/*"),
        ("GET", "/api/v1/namespaces/ml/pods/web-0/log", "*/*"),
        ("GET", "/api/v1/namespaces/ml/services/web/proxy/admin", "*/*"),
        ("GET", "/api/v1/nodes/gpu-0/proxy/metrics", "*/*"),
        ("GET", "/api/v1/proxy/namespaces/ml/services/web", "*/*"),
        ("GET", "/api/v1/secrets", "application/json"),
        ("GET", "/api/v1/namespaces/ml/secrets/registry", "application/json"),
        ("GET", "/api/v1/secrets", METADATA_ACCEPT + ",application/json"),
    ],
)
def test_refused(method, path, accept):
    with pytest.raises(ReadOnlyViolation):
        check_request(method, "https://example.test" + path, {"Accept": accept})


@pytest.mark.parametrize(
    "path, accept",
    [
        ("/api/v1/pods?limit=500", "application/json"),
        ("/api/v1/namespaces/log/pods", "application/json"),  # a namespace called log is fine
        ("/apis/apps/v1/namespaces/proxy/deployments", "application/json"),
        ("/api/v1/secrets", METADATA_ACCEPT),
        ("/apis", "application/json"),
        ("/version", "application/json"),
    ],
)
def test_allowed(path, accept):
    check_request("GET", "https://example.test" + path, {"Accept": accept})


def test_the_official_client_cannot_write_or_exec_through_a_kubegap_connection(apiserver, kubeconfig):
    """Every code path of the client goes through the guarded pool manager; nothing reaches the server."""
    from kubernetes import client

    connection = connect(str(kubeconfig))
    core = client.CoreV1Api(connection.api_client)
    before = len(apiserver.log)
    attempts = [
        lambda: core.create_namespace({"metadata": {"name": "x"}}),
        lambda: core.delete_namespaced_pod("web-0", "ml"),
        lambda: core.patch_node("gpu-0", {"metadata": {"labels": {"a": "b"}}}),
        lambda: core.read_namespaced_pod_log("web-0", "ml"),
        lambda: core.connect_get_namespaced_pod_exec("web-0", "ml", command=["sh"]),
        lambda: core.connect_get_node_proxy("gpu-0"),
        lambda: core.list_secret_for_all_namespaces(),
        lambda: core.read_namespaced_secret("registry", "ml"),
        lambda: connection.api_client.rest_client.pool_manager.connection_from_url(apiserver.url),
    ]
    for attempt in attempts:
        with pytest.raises(ReadOnlyViolation):
            attempt()
    assert len(apiserver.log) == before  # refused before anything was sent
    assert core.list_namespaced_config_map("ml").items[0].metadata.name == "nccl"  # reads still work
