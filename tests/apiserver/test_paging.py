"""Real paging: lists longer than kubegap's page, a continue token expired by etcd compaction, resourceVersion=0."""

from __future__ import annotations

import json
import time
import urllib.parse

import pytest
from conftest import run_cli

from kubegap.sources.kubeclient import connect
from kubegap.sources.live import PAGE_SIZE, LiveSource

NAMESPACE = "paging"
COUNT = 2 * PAGE_SIZE + 100
"""ConfigMaps in the namespace: three of kubegap's pages."""
USER = "system:serviceaccount:paging:auditor"


@pytest.fixture(scope="module")
def many_configmaps(control_plane, tmp_path_factory):
    """COUNT ConfigMaps in one namespace, and a kubeconfig of a ServiceAccount bound to `kubegap rbac`'s role."""
    control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    config = control_plane.service_account(
        NAMESPACE, "auditor", tmp_path_factory.mktemp("paging") / "kubeconfig", cluster_role="kubegap-reader"
    )
    items = [
        {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": f"settings-{i:04d}", "namespace": NAMESPACE},
            "data": {"retries": str(i)},
        }
        for i in range(COUNT)
    ]
    control_plane.kubectl(
        "create", "-f", "-", stdin=json.dumps({"apiVersion": "v1", "kind": "List", "items": items}), timeout=600
    )
    return config


def query(event: dict) -> dict:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(event["requestURI"]).query))


def configmap_lists(control_plane) -> list[dict]:
    return [
        e
        for e in control_plane.audit_events(USER)
        if e["verb"] == "list"
        and e["objectRef"]["resource"] == "configmaps"
        and e["objectRef"].get("namespace") == NAMESPACE
    ]


def test_kubegap_walks_every_page_of_a_long_list(control_plane, many_configmaps, tmp_path):
    before = len(configmap_lists(control_plane))
    snapshot = tmp_path / "snapshot.json"
    result = run_cli(
        "snapshot", "--kubeconfig", str(many_configmaps), "--namespace", NAMESPACE, "--output", str(snapshot)
    )
    assert result.returncode == 0, result.stderr
    kept = [o for o in json.loads(snapshot.read_text())["items"] if o["kind"] == "ConfigMap"]
    assert len(kept) == COUNT
    pages = [query(e) for e in configmap_lists(control_plane)[before:]]
    assert [p.get("limit") for p in pages] == [str(PAGE_SIZE)] * 3
    assert ["continue" in p for p in pages] == [False, True, True]
    assert all("resourceVersion" not in p for p in pages)  # consistent reads, page by page


def test_pages_carry_a_continue_token_and_the_count_remaining(control_plane, many_configmaps):
    status, first = control_plane.get(f"/api/v1/namespaces/{NAMESPACE}/configmaps?limit={PAGE_SIZE}")
    assert status == 200 and len(first["items"]) == PAGE_SIZE
    assert first["metadata"]["remainingItemCount"] == COUNT - PAGE_SIZE
    assert all("kind" not in item and "apiVersion" not in item for item in first["items"])
    token = urllib.parse.quote(first["metadata"]["continue"])
    _, second = control_plane.get(f"/api/v1/namespaces/{NAMESPACE}/configmaps?limit={PAGE_SIZE}&continue={token}")
    assert second["metadata"]["resourceVersion"] == first["metadata"]["resourceVersion"]
    assert second["metadata"]["remainingItemCount"] == COUNT - 2 * PAGE_SIZE


def test_resource_version_zero_is_answered_from_the_watch_cache(control_plane, many_configmaps):
    """What kubegap relies on for its few cache-served kinds (kubegap.sources.live.CACHE_SERVED_KINDS)."""
    status, listed = control_plane.get(f"/api/v1/namespaces/{NAMESPACE}/configmaps?limit={PAGE_SIZE}&resourceVersion=0")
    assert status == 200
    assert len(listed["items"]) == COUNT and "continue" not in listed["metadata"]  # the limit is not applied


def expired(control_plane, path: str, token: str) -> dict | None:
    """The server's 410 answer to ``token`` once the API server's compaction of etcd has passed it (None if it never came)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, body = control_plane.get(f"{path}?limit={PAGE_SIZE}&continue={urllib.parse.quote(token)}")
        if status == 410:
            return body
        control_plane.apply(
            {
                "apiVersion": "v1",
                "kind": "ConfigMap",
                "metadata": {"name": "tick", "namespace": "default"},
                "data": {"at": str(time.monotonic())},
            }
        )  # moves etcd on, so the next compaction passes the token
        time.sleep(1)
    return None


def test_a_token_older_than_the_last_compaction_is_410_expired(control_plane, many_configmaps):
    path = f"/api/v1/namespaces/{NAMESPACE}/configmaps"
    _, first = control_plane.get(f"{path}?limit={PAGE_SIZE}")
    body = expired(control_plane, path, first["metadata"]["continue"])
    assert body is not None, "the API server kept serving a token older than etcd's compaction"
    assert body["kind"] == "Status" and body["reason"] == "Expired" and body["code"] == 410
    assert body["message"].startswith("The provided continue parameter is too old")


class CompactedMidList:
    """A connection that, before a list's second page is asked for, waits until the API server's compaction of
    etcd has passed the token and the server refuses it (410), as it can do to a long collection."""

    def __init__(self, connection, control_plane):
        self.connection, self.control_plane, self.expired = connection, control_plane, None

    def __getattr__(self, name):
        return getattr(self.connection, name)

    def get(self, path, query=None, *args, **kwargs):
        if query and "continue" in query and self.expired is None:
            self.expired = expired(self.control_plane, path, query["continue"])
        return self.connection.get(path, query, *args, **kwargs)


def test_kubegap_starts_a_list_again_when_its_continue_token_expired(control_plane, many_configmaps):
    connection = CompactedMidList(connect(str(many_configmaps)), control_plane)
    before = len(configmap_lists(control_plane))
    try:
        collection = LiveSource(connection, ["ConfigMap"], namespaces=[NAMESPACE]).collect()
    finally:
        connection.close()
    assert connection.expired is not None and connection.expired["reason"] == "Expired"
    assert len([o for o in collection.resources if o["kind"] == "ConfigMap"]) == COUNT
    assert collection.failed == {} and collection.warnings == []
    statuses = [(e["responseStatus"]["code"], "continue" in query(e)) for e in configmap_lists(control_plane)[before:]]
    assert statuses[:3] == [(200, False), (410, True), (200, False)], statuses  # page one, the refusal, a fresh start
    assert [code for code, _ in statuses[3:]] == [200, 200]
