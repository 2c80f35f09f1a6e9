"""The read-only guard refuses, before sending, everything but reads kubegap is allowed to make."""

from __future__ import annotations

import pytest

from kubegap.sources.kubeclient import connect
from kubegap.sources.readonly import METADATA_ACCEPT, ReadOnlyViolation, ReadPolicy

POLICY = ReadPolicy("https://example.test")


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
        ("GET", "/api/v1/namespaces/ml/status", "application/json"),  # a subresource of a namespace
        ("GET", "/api/v1/watch/pods", "application/json"),  # the legacy watch path
        ("GET", "/api/v1/tokenreviews", "application/json"),  # not a kind kubegap reads
        ("GET", "/apis/apps", "application/json"),  # discovery kubegap never asks for
        ("GET", "/openapi/v2", "application/json"),
        ("GET", "/metrics", "text/plain"),
        ("GET", "/api/v1/pods?limit=500&limit=1", "application/json"),  # a parameter twice
        ("GET", "/api/v1/pods?labelSelector=app", "application/json"),  # a parameter kubegap never sends
        ("GET", "/api/v1/pods?limit=-1", "application/json"),
        ("GET", "/api/v1/pods?limit", "application/json"),
        ("GET", "/api/v1/pods?continue=a%3Db", "application/json"),
        ("GET", "/apis?limit=1", "application/json"),  # discovery takes no query
        ("GET", "/api/v1/namespaces/Ml/pods", "application/json"),  # not a namespace name
        ("GET", "/apis/Apps/v1/deployments", "application/json"),
        ("GET", "/apis/apps/V1/deployments", "application/json"),
        ("GET", "/api/v1/pods/", "application/json"),  # a trailing slash is not canonical
        ("GET", "/api/v1/./pods", "application/json"),
    ],
)
def test_refused(method, path, accept):
    with pytest.raises(ReadOnlyViolation):
        POLICY.check(method, "https://example.test" + path, {"Accept": accept})


@pytest.mark.parametrize(
    "url",
    [
        "https://other.test/api/v1/pods",  # another host
        "http://example.test/api/v1/pods",  # another scheme
        "https://example.test:8443/api/v1/pods",  # another port
        "https://admin:hunter2@example.test/api/v1/pods",  # credentials in the URL
        "https://example.test/api/v1/pods#x",
        "https://example.test/api/v1/p%6Fds",
        "https://example.test/api/v1/pods\\..\\secrets",
        "https://example.test/api/v1/p\u00f6ds",
        "https://example.test/api/v1/pods\r\nX: y",
        "https://example.test/api/v1/pods\x00",
        "https://example.test/api/v1/pods?limit=500 HTTP/1.1",
        "/api/v1/pods",  # no scheme and host: urllib3 could not tell where it goes
    ],
)
def test_only_canonical_urls_to_the_configured_server(url):
    with pytest.raises(ReadOnlyViolation):
        POLICY.check("GET", url)


def test_a_read_carries_no_body():
    with pytest.raises(ReadOnlyViolation, match="no body"):
        POLICY.check("GET", "https://example.test/api/v1/pods", body=b"{}")


def test_a_server_below_a_path_is_judged_below_it():
    """Rancher and other proxies serve a cluster's API below a path of their own."""
    policy = ReadPolicy("https://rancher.example.test/k8s/clusters/c-m-4x7q2/")
    policy.check("GET", "https://rancher.example.test/k8s/clusters/c-m-4x7q2/api/v1/pods?limit=500")
    for url in (
        "https://rancher.example.test/api/v1/pods",
        "https://rancher.example.test/k8s/clusters/other/api/v1/pods",
        "https://rancher.example.test/k8s/clusters/c-m-4x7q2/../other/api/v1/pods",
    ):
        with pytest.raises(ReadOnlyViolation):
            policy.check("GET", url)


@pytest.mark.parametrize(
    "server",
    [
        "https://example.test/x/../y",
        "https://example.test/#x",
        "https://example.test/?a=b",
        "https://admin:pw@example.test",
        "ftp://example.test",
        "example.test:6443",
        "https://",
    ],
)
def test_a_server_url_that_is_not_plain_is_refused(server):
    with pytest.raises(ReadOnlyViolation, match="server URL"):
        ReadPolicy(server)


def test_a_kind_discovery_found_in_another_group_may_be_read_once_allowed():
    policy = ReadPolicy("https://example.test")
    url = "https://example.test/apis/extensions/v1beta1/namespaces/ml/ingresses?limit=500"
    with pytest.raises(ReadOnlyViolation, match="not a resource kubegap reads"):
        policy.check("GET", url)
    policy.allow("extensions", "ingresses")
    policy.check("GET", url)
    for group, plural in (("", "proxy"), ("x/..", "pods"), ("", "pods/log"), ("", "Pods")):
        with pytest.raises(ReadOnlyViolation):
            policy.allow(group, plural)


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
    POLICY.check("GET", "https://example.test" + path, {"Accept": accept})


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
