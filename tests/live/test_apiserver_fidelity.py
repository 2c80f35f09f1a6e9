"""The test API server speaks the protocol the real kubectl expects, and the real one's shapes."""

from __future__ import annotations

import json

import pytest
from support.apiserver import raw_get


def test_kubectl_walks_pages_with_chunk_size(apiserver, kubectl):
    result = kubectl("get", "pods", "-A", "--chunk-size=2", "-o", "json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert sorted(p["metadata"]["name"] for p in listed["items"]) == [f"web-{i}" for i in range(5)]
    assert all(p["kind"] == "Pod" for p in listed["items"])  # kubectl fills in what list items lack
    pages = [e for e in apiserver.log if e["path"] == "/api/v1/pods"]
    assert [e["query"].get("limit") for e in pages] == ["2", "2", "2"]
    assert [("continue" in e["query"]) for e in pages] == [False, True, True]


def test_kubectl_reports_an_expired_continue_token(apiserver, kubectl):
    apiserver.fault("/api/v1/pods", status=410, continued_only=True, times=1)
    result = kubectl("get", "pods", "-A", "--chunk-size=2", "-o", "json")
    assert result.returncode == 1
    assert result.stderr.startswith("Error from server (Expired): The provided continue parameter is too old")


def test_kubectl_api_resources_reads_discovery(apiserver, kubectl):
    result = kubectl("api-resources")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[1:]}
    assert {"pods", "nodes", "deployments", "pytorchjobs", "storageclasses"} <= set(rows)
    assert rows["pytorchjobs"][-3:] == ["kubeflow.org/v1", "true", "PyTorchJob"]
    assert rows["nodes"][-2:] == ["false", "Node"]
    assert "pods/log" not in rows  # subresources are not resources


def test_kubectl_shows_forbidden_as_usual(apiserver, kubectl):
    apiserver.deny("nodes")
    result = kubectl("get", "nodes")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        'Error from server (Forbidden): nodes is forbidden: User "system:serviceaccount:kubegap:auditor" '
        'cannot list resource "nodes" in API group "" at the cluster scope'
    )


def test_kubectl_table_output_and_bad_token(apiserver, kubectl, tmp_path):
    result = kubectl("get", "pods", "-n", "ml")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:3] == ["NAME", "CREATED", "AT"] and "web-0" in result.stdout
    assert "as=Table" in [e for e in apiserver.log if e["path"] == "/api/v1/namespaces/ml/pods"][-1]["accept"]
    bad = apiserver.kubeconfig(tmp_path / "bad", token="wrong")
    denied = kubectl("get", "pods", config=bad)
    assert denied.returncode == 1 and "Unauthorized" in denied.stderr


def test_list_items_carry_no_kind_and_pages_are_consistent(apiserver):
    status, _, first = raw_get(apiserver, "/api/v1/pods?limit=3")
    assert status == 200 and first["kind"] == "PodList" and first["apiVersion"] == "v1"
    assert all("kind" not in item and "apiVersion" not in item for item in first["items"])
    assert first["metadata"]["remainingItemCount"] == 2
    token = first["metadata"]["continue"]
    apiserver.add({"kind": "Pod", "metadata": {"name": "late", "namespace": "ml"}})
    _, _, second = raw_get(apiserver, f"/api/v1/pods?limit=3&continue={token}")
    assert len(second["items"]) == 2 and "continue" not in second["metadata"]
    assert second["metadata"]["resourceVersion"] == first["metadata"]["resourceVersion"]


def test_expired_continue_token_is_410_expired(apiserver):
    _, _, first = raw_get(apiserver, "/api/v1/pods?limit=2")
    apiserver.expire_continue_tokens()
    status, _, body = raw_get(apiserver, f"/api/v1/pods?limit=2&continue={first['metadata']['continue']}")
    assert status == 410
    assert body["kind"] == "Status" and body["reason"] == "Expired" and body["code"] == 410
    assert body["message"].startswith("The provided continue parameter is too old")


def test_auth_is_required(apiserver):
    for token in (None, "wrong"):
        status, _, body = raw_get(apiserver, "/api/v1/pods", token=token)
        assert status == 401 and body["reason"] == "Unauthorized"


def test_discovery_documents_have_the_real_shape(apiserver, shared):
    """Same keys, per resource, as the real discovery documents in the shared corpus."""
    real = json.loads((shared / "corpus/kubernetes-kubernetes/api/discovery/api__v1.json").read_text())
    _, _, ours = raw_get(apiserver, "/api/v1")
    assert set(ours) == set(real) | {"apiVersion"} or set(ours) == set(real)
    real_pods = next(r for r in real["resources"] if r["name"] == "pods")
    our_pods = next(r for r in ours["resources"] if r["name"] == "pods")
    assert {"name", "namespaced", "kind", "verbs", "singularName", "shortNames"} <= set(real_pods)
    assert {k: our_pods[k] for k in ("name", "namespaced", "kind", "shortNames", "singularName")} == {
        k: real_pods[k] for k in ("name", "namespaced", "kind", "shortNames", "singularName")
    }
    assert set(real_pods["verbs"]) == set(our_pods["verbs"])
    real_groups = json.loads((shared / "corpus/kubernetes-kubernetes/api/discovery/apis.json").read_text())
    _, _, groups = raw_get(apiserver, "/apis")
    assert set(groups) == set(real_groups)
    assert set(groups["groups"][0]) == set(real_groups["groups"][0])
    real_api = json.loads((shared / "corpus/kubernetes-kubernetes/api/discovery/api.json").read_text())
    _, _, api = raw_get(apiserver, "/api")
    assert set(api) == set(real_api)


def test_metadata_only_and_table_forms(apiserver):
    accept = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"
    _, _, listed = raw_get(apiserver, "/api/v1/namespaces/ml/secrets", accept=accept)
    assert listed["kind"] == "PartialObjectMetadataList" and listed["apiVersion"] == "meta.k8s.io/v1"
    (item,) = listed["items"]
    assert item["kind"] == "PartialObjectMetadata" and set(item) == {"kind", "apiVersion", "metadata"}
    _, _, table = raw_get(
        apiserver, "/api/v1/pods", accept="application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
    )
    assert table["kind"] == "Table" and [c["name"] for c in table["columnDefinitions"]] == ["Name", "Created At"]
    assert len(table["rows"]) == 5 and table["rows"][0]["object"]["kind"] == "PartialObjectMetadata"


def test_get_one_object_and_not_found(apiserver):
    status, _, pod = raw_get(apiserver, "/api/v1/namespaces/ml/pods/web-0")
    assert status == 200 and pod["kind"] == "Pod" and pod["metadata"]["name"] == "web-0"
    status, _, missing = raw_get(apiserver, "/api/v1/namespaces/ml/pods/nope")
    assert status == 404 and missing["reason"] == "NotFound" and missing["message"] == 'pods "nope" not found'
    status, _, text = raw_get(apiserver, "/no/such/path")
    assert status == 404 and text == "404 page not found\n"


@pytest.mark.parametrize(
    "code, reason",
    [
        (401, "Unauthorized"),
        (403, "Forbidden"),
        (404, "NotFound"),
        (410, "Expired"),
        (429, "TooManyRequests"),
        (500, "InternalError"),
    ],
)
def test_injected_status_faults(apiserver, code, reason):
    apiserver.fault("/api/v1/nodes", status=code, retry_after=7 if code == 429 else None, times=1)
    status, headers, body = raw_get(apiserver, "/api/v1/nodes")
    assert status == code and body["reason"] == reason and body["code"] == code
    if code == 429:
        assert headers["Retry-After"] == "7" and body["details"]["retryAfterSeconds"] == 7
    assert raw_get(apiserver, "/api/v1/nodes")[0] == 200  # times=1: only the first request


def test_dropped_connection_and_request_log(apiserver):
    apiserver.fault("/api/v1/pods", drop=True, times=1)
    with pytest.raises(Exception) as raised:
        raw_get(apiserver, "/api/v1/pods")
    assert "IncompleteRead" in repr(raised.value) or isinstance(raised.value, (ConnectionError, OSError))
    entry = apiserver.log[-1]
    assert entry["method"] == "GET" and entry["path"] == "/api/v1/pods" and entry["authorized"]
