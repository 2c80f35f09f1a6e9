"""Gentle on the API server: bounded concurrency, one pause for every worker on 429, lists the watch cache can serve."""

from __future__ import annotations

import pytest
from conftest import run_cli

from kubegap.checks import all_checks
from kubegap.sources import live
from kubegap.sources.kubeclient import connect
from kubegap.sources.live import CACHE_SERVED_KINDS, LiveSource, Throttle
from kubegap.sources.readonly import METADATA_ACCEPT
from kubegap.sources.targets import metadata_kinds

MANY_KINDS = [
    "Pod",
    "Node",
    "ConfigMap",
    "PyTorchJob",
    "DaemonSet",
    "Deployment",
    "Service",
    "Namespace",
    "StorageClass",
    "ServiceAccount",
    "ReplicaSet",
    "StatefulSet",
]


@pytest.mark.parametrize("workers", [1, 2, live.WORKERS])
def test_no_more_requests_in_flight_than_the_concurrency(apiserver, kubeconfig, workers):
    apiserver.latency = 0.03  # long enough for requests to overlap when they can
    LiveSource(connect(str(kubeconfig), workers=workers), MANY_KINDS, workers=workers).collect()
    assert 1 <= apiserver.max_in_flight <= workers
    if workers > 1:
        assert apiserver.max_in_flight > 1  # the bound is a bound, not a serialisation


def test_a_429_pauses_every_worker_until_its_retry_after(apiserver, kubeconfig):
    apiserver.latency = 0.02
    apiserver.fault("/api/v1/pods", status=429, retry_after=1, times=1)
    collection = LiveSource(connect(str(kubeconfig)), MANY_KINDS).collect()
    assert "Pod" in collection.collected
    throttled = next(e for e in apiserver.log if e.get("status") == 429)
    # Requests already on their way may land just after the 429; after that, nothing until the wait is over.
    quiet = [e for e in apiserver.log if throttled["time"] + 0.3 <= e["time"] < throttled["time"] + 0.9]
    assert quiet == [], [(e["path"], round(e["time"] - throttled["time"], 2)) for e in quiet]
    assert any(e["time"] >= throttled["time"] + 0.95 for e in apiserver.log)
    assert any("asked kubegap to slow down 1 time(s)" in w for w in collection.warnings)


def test_throttle_holds_until_the_latest_retry_after():
    now = [10.0]
    throttle = Throttle(lambda: now[0])
    throttle.hold(2.0)
    throttle.hold(0.5)  # a shorter wait does not cut the longer one short
    assert throttle.pending() == 2.0 and throttle.times == 2
    now[0] = 11.5
    assert throttle.pending() == 0.5


def test_small_cluster_scoped_kinds_are_read_from_the_watch_cache_and_the_rest_in_pages(apiserver, kubeconfig):
    LiveSource(connect(str(kubeconfig)), MANY_KINDS).collect()
    lists = {
        e["path"]: e["query"]
        for e in apiserver.log
        if e["path"] in ("/api/v1/namespaces", "/api/v1/pods", "/apis/storage.k8s.io/v1/storageclasses")
    }
    assert lists["/api/v1/namespaces"].get("resourceVersion") == "0"
    assert lists["/apis/storage.k8s.io/v1/storageclasses"].get("resourceVersion") == "0"
    assert "resourceVersion" not in lists["/api/v1/pods"] and lists["/api/v1/pods"]["limit"] == str(live.PAGE_SIZE)
    assert {"Namespace", "StorageClass"} <= CACHE_SERVED_KINDS and not {"Pod", "Node", "Event"} & CACHE_SERVED_KINDS


def test_concurrency_flag_is_bounded():
    result = run_cli("audit", "--concurrency", str(live.MAX_WORKERS + 1))
    assert result.returncode == 2 and "--concurrency" in result.stderr


def test_kinds_the_checks_only_count_are_listed_as_metadata(apiserver, kubeconfig):
    checks = all_checks()
    metadata = metadata_kinds(checks)
    assert "Event" in metadata and "Pod" not in metadata
    apiserver.add(
        {
            "apiVersion": "v1",
            "kind": "Event",
            "metadata": {"name": "e1", "namespace": "ml"},
            "reason": "Scheduled",
            "message": "a long message the audit never needs",
        }
    )
    collection = LiveSource(connect(str(kubeconfig)), ["Event", "Pod"], metadata_only=metadata).collect()
    lists = {e["path"]: e["accept"] for e in apiserver.log}
    assert lists["/api/v1/events"] == METADATA_ACCEPT and lists["/api/v1/pods"] == "application/json"
    (event,) = [o for o in collection.resources if o["kind"] == "Event"]
    assert "message" not in event and event["metadata"]["name"] == "e1"
    assert "Event" in collection.collected


def test_a_check_sees_only_the_metadata_of_what_it_declares_metadata_only():
    from kubegap.domain.collection import Collection
    from kubegap.domain.inventory import Inventory
    from kubegap.domain.scoped_inventory import ScopedInventory

    event = {"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e1"}, "message": "m"}
    view = ScopedInventory(Inventory(Collection(resources=[event])), "x", ["Event"], ["Event"])
    assert view.of_kind("Event") == [{"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e1"}}]


@pytest.mark.parametrize("workers", [1, 2])
def test_pages_asked_for_ahead_stay_within_the_concurrency(apiserver, kubeconfig, monkeypatch, workers):
    monkeypatch.setattr(live, "PAGE_SIZE", 1)  # every list of more than one object comes in pages fetched ahead
    apiserver.latency = 0.03
    collection = LiveSource(connect(str(kubeconfig), workers=workers), MANY_KINDS, workers=workers).collect()
    assert {"Pod", "Node", "ConfigMap"} <= collection.collected
    assert any("continue" in e["query"] for e in apiserver.log)
    assert 1 <= apiserver.max_in_flight <= workers
