"""The live source against the test API server: discovery, paging, retries, RBAC, redaction."""

from __future__ import annotations

import gc
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from kubegap.errors import UserError
from kubegap.sources import live
from kubegap.sources.kubeclient import connect
from kubegap.sources.live import LiveSource, RetryPolicy

KINDS = ["Pod", "Node", "ConfigMap", "PyTorchJob", "DaemonSet", "RayCluster"]


def collect(kubeconfig, kinds=KINDS, **options):
    sleeps: list[float] = []
    source = LiveSource(connect(str(kubeconfig)), kinds, sleep=sleeps.append, **options)
    return source.collect(), sleeps


def lists_of(server, path):
    return [e for e in server.log if e["path"] == path]


def test_collects_the_kinds_asked_for_with_kind_and_api_version(apiserver, kubeconfig):
    collection, _ = collect(kubeconfig)
    assert collection.collected == {"Pod", "Node", "ConfigMap", "PyTorchJob", "DaemonSet"}
    assert collection.absent == {"RayCluster"}  # the cluster does not serve it
    assert not collection.forbidden and not collection.failed and not collection.partial
    job = next(o for o in collection.resources if o["kind"] == "PyTorchJob")
    assert job["apiVersion"] == "kubeflow.org/v1" and job["metadata"]["name"] == "llama"
    node = next(o for o in collection.resources if o["kind"] == "Node")
    assert "managedFields" not in node["metadata"]
    assert collection.cluster == {"name": "test", "version": "v1.31.2"}
    assert not lists_of(apiserver, "/api/v1/secrets")  # only what was asked for is listed


def test_pages_with_limit_and_continue(apiserver, kubeconfig, monkeypatch):
    monkeypatch.setattr(live, "PAGE_SIZE", 2)
    collection, _ = collect(kubeconfig, ["Pod"])
    assert len([o for o in collection.resources if o["kind"] == "Pod"]) == 5
    pages = lists_of(apiserver, "/api/v1/pods")
    assert [e["query"]["limit"] for e in pages] == ["2", "2", "2"]
    assert ["continue" in e["query"] for e in pages] == [False, True, True]


def test_an_expired_continue_token_restarts_the_list(apiserver, kubeconfig, monkeypatch):
    monkeypatch.setattr(live, "PAGE_SIZE", 2)
    apiserver.fault("/api/v1/pods", status=410, message="too old", continued_only=True, times=1)
    collection, _ = collect(kubeconfig, ["Pod"])
    names = sorted(o["metadata"]["name"] for o in collection.resources)
    assert names == [f"web-{i}" for i in range(5)]  # no duplicates from the abandoned attempt
    pages = lists_of(apiserver, "/api/v1/pods")
    assert ["continue" in e["query"] for e in pages] == [False, True, False, True, True]


def test_429_waits_for_retry_after(apiserver, kubeconfig):
    apiserver.fault("/api/v1/nodes", status=429, retry_after=3, times=2)
    collection, sleeps = collect(kubeconfig, ["Node"])
    assert "Node" in collection.collected
    assert sleeps == pytest.approx([3, 3], abs=0.1)  # measured on the real clock from when the 429 came
    assert len(lists_of(apiserver, "/api/v1/nodes")) == 3


@pytest.mark.parametrize("fault", [{"status": 500}, {"status": 503}, {"drop": True}])
def test_server_errors_and_broken_connections_are_retried(apiserver, kubeconfig, fault):
    apiserver.fault("/api/v1/configmaps", times=2, **fault)
    collection, sleeps = collect(kubeconfig, ["ConfigMap"])
    assert "ConfigMap" in collection.collected
    assert len(sleeps) == 2 and sleeps[1] > sleeps[0] * 0.9 / 2  # exponential, jittered


def test_retries_are_bounded_and_a_failing_kind_is_recorded(apiserver, kubeconfig):
    apiserver.fault("/api/v1/configmaps", status=500)
    collection, sleeps = collect(kubeconfig, ["ConfigMap", "Node"], policy=RetryPolicy(attempts=3))
    assert len(lists_of(apiserver, "/api/v1/configmaps")) == 3 and len(sleeps) == 2
    assert "Node" in collection.collected and "ConfigMap" not in collection.collected
    assert "500 InternalError" in collection.failed["ConfigMap"] and collection.partial


def test_every_request_has_a_timeout(apiserver, kubeconfig, monkeypatch):
    from kubegap.sources import kubeclient

    monkeypatch.setattr(kubeclient, "READ_TIMEOUT", 0.3)
    apiserver.fault("/api/v1/nodes", latency=1.0)
    started = time.monotonic()
    collection, _ = collect(kubeconfig, ["Node"], policy=RetryPolicy(attempts=2))
    assert time.monotonic() - started < 2.0
    assert "ReadTimeoutError" in collection.failed["Node"]


def test_forbidden_kinds_name_the_rbac_rule(apiserver, kubeconfig):
    apiserver.deny("pods")
    apiserver.deny("pytorchjobs", "kubeflow.org")
    collection, _ = collect(kubeconfig)
    assert collection.forbidden == {
        "Pod": "list pods (core) cluster-wide",
        "PyTorchJob": "list pytorchjobs (kubeflow.org) cluster-wide",
    }
    assert not any(o["kind"] == "Pod" for o in collection.resources)


def test_namespace_scoped_credentials(apiserver, kubeconfig):
    apiserver.deny("pods")  # cluster-wide, but allowed in ml
    apiserver.deny("pods", namespace="shop")
    collection, _ = collect(kubeconfig, ["Pod", "Node"], namespaces=["ml"])
    assert {o["metadata"]["namespace"] for o in collection.resources if o["kind"] == "Pod"} == {"ml"}
    assert lists_of(apiserver, "/api/v1/namespaces/ml/pods") and not lists_of(apiserver, "/api/v1/pods")
    assert lists_of(apiserver, "/api/v1/nodes")  # cluster-scoped kinds are still listed cluster-wide
    denied, _ = collect(kubeconfig, ["Pod"], namespaces=["ml", "shop"])
    assert denied.forbidden == {"Pod": "list pods (core) in namespace shop"}


def test_a_discovered_kind_that_answers_404_is_absent(apiserver, kubeconfig):
    apiserver.fault(
        "/apis/kubeflow.org/v1/pytorchjobs", status=404, message="the server could not find the requested resource"
    )
    collection, _ = collect(kubeconfig, ["PyTorchJob"])
    assert collection.absent == {"PyTorchJob"} and not collection.partial


def test_a_group_whose_discovery_fails_is_not_called_absent(apiserver, kubeconfig):
    apiserver.fault("/apis/kubeflow.org/v1", status=503)
    collection, _ = collect(kubeconfig, ["PyTorchJob", "Pod"], policy=RetryPolicy(attempts=1))
    assert (
        "PyTorchJob" in collection.failed and "discovery of kubeflow.org/v1 failed" in collection.failed["PyTorchJob"]
    )
    assert "Pod" in collection.collected


def test_rejected_credentials_and_unreachable_servers_are_user_errors(apiserver, tmp_path):
    bad = apiserver.kubeconfig(tmp_path / "bad", token="wrong")
    with pytest.raises(UserError, match="credentials were rejected"):
        collect(bad)
    missing = tmp_path / "none"
    with pytest.raises(UserError, match="no kubeconfig at"):
        connect(str(missing))


def test_kinds_are_collected_concurrently(apiserver, kubeconfig):
    apiserver.latency = 0.15
    started = time.monotonic()
    collection, _ = collect(
        kubeconfig, ["Pod", "Node", "ConfigMap", "PyTorchJob", "DaemonSet", "Deployment", "StatefulSet", "Job"]
    )
    elapsed = time.monotonic() - started
    assert len(collection.collected) == 8
    # one after another, the 17 requests (/version, /api, /api/v1, /apis, 5 groups, 8 lists) take 2.55 s;
    # with the group documents and the lists overlapping, about 0.9 s
    assert elapsed < 0.15 * (4 + 5 + 8) * 0.7


def test_secrets_are_listed_as_metadata_only(apiserver, kubeconfig):
    collection, _ = collect(kubeconfig, ["Secret"])
    (secret,) = [o for o in collection.resources if o["kind"] == "Secret"]
    assert secret["apiVersion"] == "v1" and set(secret) == {"kind", "apiVersion", "metadata"}
    (request,) = lists_of(apiserver, "/api/v1/secrets")
    assert request["accept"] == "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"


def test_values_are_redacted_at_ingest(apiserver, kubeconfig):
    collection, _ = collect(kubeconfig, ["Pod", "PyTorchJob", "ConfigMap"])
    text = repr(collection.resources)
    assert "hunter2" not in text and "sk-secret-value" not in text and "abc123" not in text
    assert "last-applied-configuration" not in text
    job = next(o for o in collection.resources if o["kind"] == "PyTorchJob")
    env = job["spec"]["pytorchReplicaSpecs"]["Worker"]["template"]["spec"]["containers"][0]["env"]
    assert env == [{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "WANDB_API_KEY", "value": "<redacted>"}]
    cm = next(o for o in collection.resources if o["kind"] == "ConfigMap")
    assert cm["data"] == {"nccl.conf": "NCCL_IB_TIMEOUT=22\napi_token=<redacted>", "notes": "<redacted>"}


def test_exec_plugin_credentials_through_the_official_loader(apiserver, tmp_path):
    import json
    import sys

    path = apiserver.kubeconfig(tmp_path / "kc")
    config = json.loads(path.read_text())
    credential = {
        "apiVersion": "client.authentication.k8s.io/v1beta1",
        "kind": "ExecCredential",
        "status": {"token": apiserver.token},
    }
    config["users"][0]["user"] = {
        "exec": {
            "apiVersion": "client.authentication.k8s.io/v1beta1",
            "command": sys.executable,
            "args": ["-c", f"print({json.dumps(json.dumps(credential))})"],
            "interactiveMode": "Never",
        }
    }
    path.write_text(json.dumps(config))
    collection, _ = collect(path, ["Node"])
    assert "Node" in collection.collected
    assert all(e["authorized"] for e in apiserver.log)


def test_in_cluster_service_account(apiserver, tmp_path, monkeypatch):
    from kubernetes.config import incluster_config

    token = tmp_path / "token"
    token.write_text(apiserver.token)
    monkeypatch.setattr(incluster_config, "SERVICE_TOKEN_FILENAME", str(token))
    monkeypatch.setattr(incluster_config, "SERVICE_CERT_FILENAME", str(apiserver.credentials.ca_path))
    monkeypatch.setenv("KUBERNETES_SERVICE_HOST", "127.0.0.1")
    monkeypatch.setenv("KUBERNETES_SERVICE_PORT", apiserver.url.rsplit(":", 1)[1])
    connection = connect(use_in_cluster=True)
    collection = LiveSource(connection, ["Pod"]).collect()
    assert collection.cluster["name"] == "in-cluster" and "Pod" in collection.collected


def test_progress_bar_only_on_a_terminal(monkeypatch):
    from kubegap.cli import progress

    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: True, raising=False)
    assert progress.progress_for(quiet=False) is progress.RichProgress and progress.progress_for(quiet=True) is None
    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: False, raising=False)
    assert progress.progress_for(quiet=False) is None


def test_progress_bar_counts_kinds_and_objects(apiserver, kubeconfig, monkeypatch):
    import io

    from rich.console import Console

    screen = io.StringIO()
    monkeypatch.setattr("rich.console.Console", lambda **kw: Console(file=screen, force_terminal=True, width=120))
    from kubegap.cli.progress import RichProgress

    collection, _ = collect(kubeconfig, ["Pod", "Node"], progress=RichProgress)
    assert "Pod" in collection.collected
    assert "2/2" in screen.getvalue() and "7 objects" in screen.getvalue()


def test_the_cyclic_collector_rests_while_objects_are_read(apiserver, kubeconfig):
    apiserver.add(
        *(
            {"kind": "ConfigMap", "metadata": {"name": f"settings-{i}", "namespace": "default"}, "data": {"a": "b=c"}}
            for i in range(3000)
        )
    )
    passes = []

    def counted(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    source = LiveSource(connect(str(kubeconfig)), ["ConfigMap"])
    gc.callbacks.append(counted)
    try:
        collection = source.collect()
    finally:
        gc.callbacks.remove(counted)
    assert len(collection.resources) > 3000
    assert passes == []  # thousands of parsed dicts, and not one pass of the collector over them
    assert gc.isenabled()


def test_the_next_page_is_asked_for_before_a_page_is_converted():
    asked: list[dict] = []
    next_asked = threading.Event()

    class Pages:
        def get(self, path, query, accept, parse):
            asked.append(query)
            if "continue" in query:
                next_asked.set()
                return parse(b'{"kind":"PodList","metadata":{},"items":[{"n":2}]}')
            return parse(b'{"kind":"PodList","metadata":{"continue":"t1"},"items":[{"n":1}]}')

    def convert(items):
        if items and items[0]["n"] == 1:
            assert next_asked.wait(5), "page 2 was not asked for before page 1 was converted"
        for item in items:
            item["seen"] = True

    with ThreadPoolExecutor(max_workers=1) as ahead:
        items = live.list_pages(Pages(), "/api/v1/pods", "application/json", convert, RetryPolicy(), ahead)
    assert items == [{"n": 1, "seen": True}, {"n": 2, "seen": True}]
    assert asked == [{"limit": live.PAGE_SIZE}, {"limit": live.PAGE_SIZE, "continue": "t1"}]


def test_a_continue_token_written_after_the_items_is_followed_too():
    class Pages:
        def get(self, path, query, accept, parse):
            if "continue" in query:
                return parse(b'{"items":[{"n":2}],"metadata":{}}')
            return parse(b'{"items":[{"n":1}],"metadata":{"continue":"t1"}}')

    with ThreadPoolExecutor(max_workers=1) as ahead:
        items = live.list_pages(Pages(), "/api/v1/pods", "application/json", lambda items: None, RetryPolicy(), ahead)
    assert items == [{"n": 1}, {"n": 2}]


def test_the_longest_lists_are_started_first(apiserver, kubeconfig):
    LiveSource(connect(str(kubeconfig)), ["ConfigMap", "DaemonSet", "Node", "Pod"], workers=1).collect()
    lists = [
        e["path"]
        for e in apiserver.log
        if e["path"].rsplit("/", 1)[-1] in ("configmaps", "daemonsets", "nodes", "pods")
    ]
    assert lists[0] == "/api/v1/pods" and len(lists) == 4
