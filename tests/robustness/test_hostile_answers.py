"""Answers a live audit cannot take at face value: never a clean report on a partial view, never an
endless list, never unbounded server text on a terminal or in a report.

Each answer is injected on the test API server holding the small GPU training cluster of the live
tests, and ``kubegap audit --fail-on-partial`` runs against it in a fresh process: the kind the answer
touched must be failed (not collected as empty, not absent), the checks that need it skipped with the
reason, the exit code 3, and no traceback printed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer
from support.clusters import training_cluster

from kubegap.checks import all_checks
from kubegap.sources import live
from kubegap.sources.kubeclient import MAX_SERVER_TEXT_CHARS, connect
from kubegap.sources.live import LiveSource, RetryPolicy

NODES = "/api/v1/nodes"


@dataclass(frozen=True)
class Answer:
    id: str
    path: str
    body: object
    attempt: str
    failed: tuple[str, ...]
    says: str


def _nodes(**fields) -> dict:
    return {"kind": "NodeList", "apiVersion": "v1", "metadata": {"resourceVersion": "7"}, **fields}


UNUSABLE = [
    Answer("items-null", NODES, _nodes(items=None), "a NodeList whose items is null", ("Node",), "items is null"),
    Answer(
        "items-string",
        NODES,
        _nodes(items="gpu-0"),
        "a NodeList whose items is a string",
        ("Node",),
        "items is a string",
    ),
    Answer(
        "items-number", NODES, _nodes(items=2), "a NodeList whose items is a number", ("Node",), "items is a number"
    ),
    Answer("items-missing", NODES, _nodes(), "a NodeList without items", ("Node",), "an object without items"),
    Answer(
        "bare-array",
        NODES,
        [{"metadata": {"name": "gpu-0"}}],
        "a bare array of nodes instead of a list object",
        ("Node",),
        "the answer is an array",
    ),
    Answer(
        "item-not-object",
        NODES,
        _nodes(items=[{"metadata": {"name": "gpu-0"}}, "gpu-1"]),
        "a NodeList with a string among its items",
        ("Node",),
        "an item of the answer is not an object",
    ),
    Answer(
        "same-continue-token",
        NODES,
        _nodes(items=[{"metadata": {"name": "gpu-0"}}], metadata={"continue": "abc"}),
        "every page hands out the same continue token",
        ("Node",),
        "the same continue token twice",
    ),
    Answer(
        "empty-page-with-token",
        NODES,
        _nodes(items=[], metadata={"continue": "abc"}),
        "a page with no objects and a continue token",
        ("Node",),
        "a page with no objects and a continue token",
    ),
    Answer(
        "discovery-core-null",
        "/api/v1",
        {"kind": "APIResourceList", "groupVersion": "v1", "resources": None},
        "the core group's discovery document lists resources: null",
        ("Pod", "Node", "ConfigMap"),
        "discovery of the core API group failed: the answer is not an APIResourceList",
    ),
    Answer(
        "discovery-groups-array",
        "/apis",
        [],
        "/apis answers a bare array",
        ("Deployment", "PyTorchJob"),
        "discovery of the API groups (/apis) failed: the answer is not an APIGroupList",
    ),
    Answer(
        "discovery-group-string",
        "/apis/kubeflow.org/v1",
        "kubeflow",
        "kubeflow.org/v1's discovery document is a string",
        ("PyTorchJob", "MPIJob"),
        "discovery of kubeflow.org/v1 failed: the answer is not an APIResourceList",
    ),
    Answer(
        "discovery-core-versions",
        "/api",
        {"kind": "APIVersions"},
        "/api lists no versions",
        ("Pod", "Node"),
        "discovery of the core API group failed: the answer is not an APIVersions list",
    ),
]


def _audit(server: FakeAPIServer, tmp_path, *extra: str):
    kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
    return run_cli(
        "audit",
        "--kubeconfig",
        str(kubeconfig),
        "--fail-on",
        "none",
        "--fail-on-partial",
        "--format",
        "json",
        "--deadline",
        "60",
        *extra,
    )


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(
            a,
            id=a.id,
            marks=pytest.mark.attack(
                id=f"answer-{a.id}",
                surface="API server answer (kubegap audit)",
                attempt=a.attempt,
                expect="the kinds it would have held are failed with the reason, their checks skipped; exit 3 with --fail-on-partial",
            ),
        )
        for a in UNUSABLE
    ],
)
def test_an_answer_that_says_nothing_is_a_failed_kind_not_an_empty_one(answer, tmp_path):
    with FakeAPIServer() as server:
        training_cluster(server)
        server.fault(answer.path, body=answer.body)
        result = _audit(server, tmp_path)
        requests = sum(1 for entry in server.log if entry["path"] == answer.path)
    assert result.returncode == 3 and "Traceback" not in result.stderr, result.stderr[-2000:]
    report = json.loads(result.stdout)
    coverage = {c["check_id"]: c for c in report["coverage"]}
    for kind in answer.failed:
        why = report["kinds"]["failed"].get(kind, "")
        assert answer.says in why, (kind, report["kinds"])
        assert f"kubegap: warning: {kind} could not be collected: " in result.stderr
        for check in all_checks():
            if kind in check.requires:
                assert (
                    coverage[check.id]["status"] == "skipped"
                    and "could not be collected" in coverage[check.id]["reason"]
                )
    assert requests <= 2, "a list that cannot go on is not asked for again and again"


def test_an_empty_metadata_list_is_empty_not_failed(apiserver, tmp_path):
    """kube-apiserver answers an empty PartialObjectMetadataList with "items": null (the test server does too)."""
    collection = LiveSource(
        connect(str(apiserver.kubeconfig(tmp_path / "kubeconfig"))), ["Event", "Node"], metadata_only=["Event"]
    ).collect()
    events = [e for e in apiserver.log if e["path"] == "/api/v1/events"]
    assert events and "as=PartialObjectMetadataList" in events[0]["accept"] and events[0]["status"] == 200
    assert "Event" in collection.collected and not collection.failed


@pytest.fixture
def apiserver():
    with FakeAPIServer() as server:
        yield training_cluster(server)


@pytest.mark.attack(
    id="answer-endless-continue",
    surface="API server answer (live collection)",
    attempt="every page carries objects and a fresh continue token, and no remainingItemCount",
    expect=f"cut off after MAX_LIST_PAGES pages ({live.MAX_LIST_PAGES:,} of {live.PAGE_SIZE}), the kind failed",
)
def test_a_list_that_never_ends_is_cut_off_after_the_page_limit(apiserver, tmp_path, monkeypatch):
    monkeypatch.setattr(live, "MAX_LIST_PAGES", 25)  # the limit is 1,000: the rule, not its size, is tested here
    apiserver.fault(NODES, endless=True)
    collection = LiveSource(connect(str(apiserver.kubeconfig(tmp_path / "kubeconfig"))), ["Node", "Pod"]).collect()
    assert sum(1 for e in apiserver.log if e["path"] == NODES) == 25
    assert "cut off after 25 pages of 500 objects" in collection.failed["Node"]
    assert "Pod" in collection.collected


@pytest.mark.attack(
    id="answer-remaining-count-exceeded",
    surface="API server answer (live collection)",
    attempt="every page claims one object remains, and hands out a fresh continue token",
    expect="held to twice what it said remains plus a page: 4 pages, the kind failed",
)
def test_a_list_is_held_to_the_objects_its_server_said_remained():
    asked: list[dict] = []

    class Pages:
        def get(self, path, query, accept, parse):
            asked.append(query)
            page = {"metadata": {"continue": f"t{len(asked)}", "remainingItemCount": 1}, "items": [{"n": len(asked)}]}
            return parse(json.dumps(page).encode())

    from concurrent.futures import ThreadPoolExecutor

    with (
        ThreadPoolExecutor(max_workers=1) as ahead,
        pytest.raises(live.UnusableList, match="past the objects the server said"),
    ):
        live.list_pages(Pages(), NODES, "application/json", lambda items: None, RetryPolicy(), ahead)
    assert len(asked) == 4


def test_a_real_list_with_remaining_item_counts_is_read_whole(apiserver, tmp_path, monkeypatch):
    """kube-apiserver's counts are exact for a list without selectors: they never cut an honest list short."""
    monkeypatch.setattr(live, "PAGE_SIZE", 2)
    collection = LiveSource(connect(str(apiserver.kubeconfig(tmp_path / "kubeconfig"))), ["Pod"]).collect()
    pages = [e for e in apiserver.log if e["path"] == "/api/v1/pods"]
    assert len(pages) == 3 and len(collection.resources) == 5 and not collection.failed


HOSTILE_TEXT = "\x1b]0;owned\x07\x1b[2J\r" + "A" * 100_000


@pytest.mark.attack(
    id="answer-error-text",
    surface="API server answer (kubegap audit)",
    attempt="a 500 whose Status message is 100,000 characters with terminal escapes and a CR",
    expect=f"the message is escaped and cut to {MAX_SERVER_TEXT_CHARS} characters on stderr and in the report",
)
def test_server_text_is_escaped_and_bounded(apiserver, tmp_path):
    apiserver.fault(NODES, status=500, message=HOSTILE_TEXT)
    result = _audit(apiserver, tmp_path, "--format", "table=" + str(tmp_path / "table.txt"))
    assert result.returncode == 3 and "Traceback" not in result.stderr
    why = json.loads(result.stdout)["kinds"]["failed"]["Node"]
    assert why.startswith("list nodes: 500 InternalError: \\x1b]0;owned\\x07\\x1b[2J\\rAAAA") and why.endswith("A…")
    assert len(why) <= MAX_SERVER_TEXT_CHARS + len("list nodes: 500 InternalError: ")
    for text in (result.stderr, result.stdout, (tmp_path / "table.txt").read_text()):
        assert not any(ch in text for ch in "\x1b\x07\r") and "A" * (MAX_SERVER_TEXT_CHARS + 1) not in text
    assert len(result.stderr) < 4 * MAX_SERVER_TEXT_CHARS


@pytest.mark.attack(
    id="answer-trickle",
    surface="API server answer (live collection)",
    attempt="the nodes' answer trickles a byte every 0.1 s: no read waits as long as the 1 s request timeout",
    expect="each request gives up after the request timeout, the kind fails by the 4 s deadline",
)
def test_an_answer_that_trickles_ends_with_the_request_timeout(apiserver, tmp_path):
    import time

    apiserver.fault(NODES, trickle=0.1)
    started = time.monotonic()
    collection = LiveSource(
        connect(str(apiserver.kubeconfig(tmp_path / "kubeconfig")), request_timeout=1.0), ["Node", "Pod"], deadline=4.0
    ).collect()
    assert time.monotonic() - started < 4.0 + 2.0
    assert "Node" in collection.failed and "Pod" in collection.collected


@pytest.mark.attack(
    id="answer-oversized",
    surface="API server answer (live collection)",
    attempt="an answer larger than the answer size limit (lowered here to 100 kB; it is 1 GiB)",
    expect="the read stops at the limit, the kind fails; memory holds no more than the limit",
)
def test_an_answer_over_the_size_limit_fails_its_kind(apiserver, tmp_path, monkeypatch):
    from kubegap.sources import kubeclient

    monkeypatch.setattr(kubeclient, "MAX_ANSWER_BYTES", 100_000)
    apiserver.fault(
        NODES, body=_nodes(items=[{"metadata": {"name": f"n-{i}", "labels": {"pad": "x" * 60}}} for i in range(2_000)])
    )
    collection = LiveSource(connect(str(apiserver.kubeconfig(tmp_path / "kubeconfig"))), ["Node", "Pod"]).collect()
    assert "over the 100,000-byte limit" in collection.failed["Node"] and "Pod" in collection.collected
