"""Path tricks against the read-only promise: from every surface, nothing but reads of the collections
kubegap reads reaches the API server: no Secret data, log, proxy, exec, attach, port-forward or write.

A namespace is the one argument that goes into request paths. Each trick is tried through the
guard itself (the URL the live source would build from it, sent through a kubegap connection, as if
some surface had let it through), through the official client's API classes on a kubegap
connection, and through every surface that takes a namespace: ``kubegap audit``, ``kubegap
snapshot``, a fleet audit, and the MCP tool ``audit_cluster`` in a real MCP client session. Context
names, which are printed, are tried too, and so are tricks from a hostile server (discovery
documents, continue tokens, redirects). The test API server's request log is the judge: what it
received, not only what was raised.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass

import anyio
import orjson
import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer, unsafe_requests
from support.clusters import training_cluster

from kubegap.sources.discovery import APIResource
from kubegap.sources.kubeclient import connect
from kubegap.sources.readonly import ReadOnlyViolation

PODS = APIResource("", "v1", "pods", "Pod", True, ("list",))
SECRET_VALUE = "c2VjcmV0"  # the planted Secret's data in support.clusters.training_cluster


@dataclass(frozen=True)
class Trick:
    id: str
    namespace: str
    attempt: str
    argv: bool = True
    """Whether a command line can carry it (no NUL byte)."""


TRICKS = [
    Trick(
        "dot-segments", "x/../ml/secrets#", "dot segments up to ml's Secrets, a fragment hiding the rest of the path"
    ),
    Trick("dot-segments-log", "x/../ml/pods/web-0/log#", "dot segments to a pod's log"),
    Trick(
        "dot-segments-exec",
        "x/../ml/pods/web-0/exec?command=sh&stdout=true#",
        "dot segments to exec in a pod, with its query",
    ),
    Trick("dot-segments-node-proxy", "x/../../nodes/gpu-0/proxy/metrics#", "dot segments to the node proxy"),
    Trick("dot-segments-service-proxy", "x/../ml/services/web/proxy/admin#", "dot segments to the service proxy"),
    Trick("fragment", "ml/secrets#", "a slash to ml's Secrets, the fragment dropping '/pods'"),
    Trick("query-smuggling", "ml/secrets?watch=true&x=", "a slash and a query: a watch of ml's Secrets"),
    Trick("semicolon", "ml;secrets", "a ';' parameter in the path"),
    Trick("encoded-slash", "ml%2Fsecrets%23", "percent-encoded '/' and '#'"),
    Trick("encoded-dots", "x/%2e%2e/ml/secrets%23", "percent-encoded dot segments"),
    Trick("double-encoding", "x%252F..%252Fml%252Fsecrets", "double percent-encoding"),
    Trick("backslash", "x\\..\\ml\\secrets#", "backslashes for slashes"),
    Trick("fullwidth-solidus", "x\uff0f..\uff0fml\uff0fsecrets#", "fullwidth solidus (U+FF0F) for slashes"),
    Trick("dot-leaders", "x/\u2025/ml/\u2024\u2024/secrets#", "two-dot and one-dot leaders (U+2025, U+2024) for dots"),
    Trick("crlf", "ml\r\nX-Injected: 1", "CR LF, to add a header"),
    Trick("nul", "ml\x00/../secrets", "a NUL byte", argv=False),
    Trick("overlong", "a" * 64, "64 characters, one past a namespace's 63"),
    Trick("overlong-huge", "a" * 100_000, "100,000 characters"),
]
ARGV_TRICKS = [trick for trick in TRICKS if trick.argv]


def attacks(where: str, surface: str, expect: str, tricks: list[Trick] = TRICKS) -> list:
    """One attack per trick and surface (``where`` tells the surfaces apart in the attack's id)."""
    return [
        pytest.param(
            trick,
            id=trick.id,
            marks=pytest.mark.attack(
                id=f"guard-{where}-namespace-{trick.id}",
                surface=surface,
                attempt=f"namespace: {trick.attempt}",
                expect=expect,
            ),
        )
        for trick in tricks
    ]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with FakeAPIServer() as server:
        training_cluster(server)
        yield server, server.kubeconfig(tmp_path_factory.mktemp("kubeconfig") / "kubeconfig")


def _sent_during(server: FakeAPIServer, action):
    """``(what action returned, the requests the server received meanwhile)``."""
    before = len(server.log)
    value = action()
    return value, server.log[before:]


@pytest.mark.parametrize(
    "trick",
    attacks(
        "urllib3",
        "read-only guard",
        "ReadOnlyViolation before sending: the URL urllib3 would send is not canonical or not a read",
    ),
)
def test_the_guard_judges_what_urllib3_would_send(trick, cluster):
    server, kubeconfig = cluster
    connection = connect(str(kubeconfig))

    def attempt():
        with pytest.raises(ReadOnlyViolation):
            connection.get(PODS.path(trick.namespace), {"limit": 500})

    assert _sent_during(server, attempt)[1] == []


@pytest.mark.parametrize(
    "trick",
    attacks(
        "client",
        "official client API classes",
        "ReadOnlyViolation before sending: the client's escaping is refused too",
    ),
)
def test_the_official_client_on_a_kubegap_connection_sends_nothing(trick, cluster):
    from kubernetes import client

    server, kubeconfig = cluster
    core = client.CoreV1Api(connect(str(kubeconfig)).api_client)

    def attempt():
        with pytest.raises(ReadOnlyViolation):
            core.list_namespaced_pod(trick.namespace)

    assert _sent_during(server, attempt)[1] == []


REFUSED = "refused before any request: exit 2, an error naming the namespace and the rule, no traceback; the server received nothing"


def _assert_refused_before_sending(result, sent: list[dict]) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert 'kubegap: error: namespace "' in result.stderr and "a namespace is an RFC 1123 label" in result.stderr
    assert sent == [], unsafe_requests(sent)
    assert len(result.stderr) < 1000 and "\r" not in result.stderr and "\x00" not in result.stderr


@pytest.mark.parametrize("trick", attacks("audit", "kubegap audit --namespace", REFUSED, ARGV_TRICKS))
def test_cli_audit(trick, cluster):
    server, kubeconfig = cluster
    result, sent = _sent_during(
        server,
        lambda: run_cli("audit", "--kubeconfig", str(kubeconfig), "--namespace", trick.namespace, "--format", "json"),
    )
    _assert_refused_before_sending(result, sent)
    assert result.stdout == ""


@pytest.mark.parametrize(
    "trick", attacks("snapshot", "kubegap snapshot --namespace", REFUSED + "; no snapshot written", ARGV_TRICKS)
)
def test_cli_snapshot(trick, cluster, tmp_path):
    server, kubeconfig = cluster
    output = tmp_path / "snapshot.json"
    result, sent = _sent_during(
        server,
        lambda: run_cli("snapshot", "--kubeconfig", str(kubeconfig), "--namespace", trick.namespace, "-o", str(output)),
    )
    _assert_refused_before_sending(result, sent)
    assert not output.exists()


@pytest.fixture
def two_contexts(cluster, tmp_path):
    """A kubeconfig with two contexts, eu and us, on the one test server: a fleet."""
    server, kubeconfig = cluster
    config = orjson.loads(kubeconfig.read_bytes())
    context = config["contexts"][0]
    config["contexts"] = [{"name": name, "context": context["context"]} for name in ("eu", "us")]
    config["current-context"] = "eu"
    path = tmp_path / "fleet"
    path.write_bytes(orjson.dumps(config))
    return server, path


@pytest.mark.attack(
    id="guard-fleet-namespace-dot-segments",
    surface="kubegap audit --context A --context B --namespace",
    attempt="a fleet of two contexts with the namespace x/../ml/secrets#",
    expect=REFUSED,
)
def test_fleet_audit(two_contexts):
    server, kubeconfig = two_contexts
    result, sent = _sent_during(
        server,
        lambda: run_cli(
            "audit",
            "--kubeconfig",
            str(kubeconfig),
            "--context",
            "eu",
            "--context",
            "us",
            "--namespace",
            "x/../ml/secrets#",
        ),
    )
    _assert_refused_before_sending(result, sent)


CONTEXT_TRICKS = [
    ("osc-title", "\x1b]0;owned\x07", "an OSC escape sequence that retitles the terminal"),
    ("forged-line", "eu\r\nkubegap: error: forged", "CR LF, to forge a line of output"),
    ("bidi-override", "\u202eue-dorp", "a right-to-left override (U+202E) reversing what follows"),
    ("overlong", "c" * 10_000, "10,000 characters"),
]


@pytest.mark.parametrize(
    "name, context, attempt",
    [
        pytest.param(
            name,
            context,
            attempt,
            id=name,
            marks=pytest.mark.attack(
                id=f"guard-context-{name}",
                surface="kubegap audit --context (a fleet)",
                attempt=f"context: {attempt}",
                expect="refused before the kubeconfig is used: exit 2, the name printed escaped; the server received nothing",
            ),
        )
        for name, context, attempt in CONTEXT_TRICKS
    ],
)
def test_fleet_context_names(name, context, attempt, two_contexts):
    server, kubeconfig = two_contexts
    result, sent = _sent_during(
        server, lambda: run_cli("audit", "--kubeconfig", str(kubeconfig), "--context", "eu", "--context", context)
    )
    assert sent == []
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "kubegap: error: context " in result.stderr and "printable characters" in result.stderr
    assert not any(ch in result.stderr for ch in "\x1b\x07\r\u202e") and len(result.stderr) < 1000


# -- the MCP server: one real client session tries every trick -----------------------------------


@pytest.fixture(scope="module")
def mcp_answers(tmp_path_factory):
    """``{trick id: (is_error, text, requests the server received during the call)}`` from one MCP session."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    folder = tmp_path_factory.mktemp("mcp")
    with FakeAPIServer() as server:
        training_cluster(server)
        kubeconfig = server.kubeconfig(folder / "kubeconfig")
        params = StdioServerParameters(
            command=sys.executable,
            env=dict(os.environ),
            args=["-m", "kubegap", "mcp", "--root", str(folder), "--kubeconfig", str(kubeconfig)],
        )
        calls = {trick.id: {"namespaces": [trick.namespace]} for trick in TRICKS}
        calls.update({f"context-{name}": {"context": context} for name, context, _ in CONTEXT_TRICKS})

        async def session_body():
            answers = {}
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                for key, arguments in calls.items():
                    before = len(server.log)
                    result = await session.call_tool("audit_cluster", arguments)
                    text = " ".join(getattr(c, "text", "") for c in result.content)
                    answers[key] = (result.is_error, text, server.log[before:])
                answers["still-serving"] = (
                    await session.call_tool("audit_cluster", {"namespaces": ["ml"]}),
                    None,
                    None,
                )
            return answers

        return anyio.run(session_body)


@pytest.mark.parametrize(
    "trick",
    attacks(
        "mcp",
        "MCP audit_cluster (namespaces)",
        "a short validation error naming namespaces and the pattern; the server received nothing",
    ),
)
def test_mcp_audit_cluster(trick, mcp_answers):
    is_error, text, sent = mcp_answers[trick.id]
    assert is_error and "invalid arguments for audit_cluster: namespaces.0" in text, text[:500]
    assert "should match pattern" in text or "at most 63 characters" in text, text[:500]
    assert sent == [] and len(text) < 400


@pytest.mark.parametrize(
    "name, context, attempt",
    [
        pytest.param(
            name,
            context,
            attempt,
            id=name,
            marks=pytest.mark.attack(
                id=f"guard-mcp-context-{name}",
                surface="MCP audit_cluster (context)",
                attempt=f"context: {attempt}",
                expect="a short validation error naming context and the rule; the server received nothing",
            ),
        )
        for name, context, attempt in CONTEXT_TRICKS
    ],
)
def test_mcp_context_names(name, context, attempt, mcp_answers):
    is_error, text, sent = mcp_answers[f"context-{name}"]
    assert is_error and "invalid arguments for audit_cluster: context" in text, text[:500]
    assert sent == [] and len(text) < 400 and not any(ch in text for ch in "\x1b\x07\r\u202e")


def test_the_mcp_session_still_audits_after_every_trick(mcp_answers):
    result = mcp_answers["still-serving"][0]
    assert not result.is_error
    report = json.loads(result.content[0].text)
    assert report["summary"]["objects"] > 0 and SECRET_VALUE not in result.content[0].text


# -- a hostile API server: what it answers cannot steer a request ---------------------------------


@dataclass(frozen=True)
class HostileAnswer:
    id: str
    path: str
    answer: object
    attempt: str
    failed: tuple[str, ...]
    """Kinds reported as failed (not absent, not collected) because of it."""
    status: int | None = None
    headers: dict | None = None


def _apis_with(group: dict) -> dict:
    return {"kind": "APIGroupList", "apiVersion": "v1", "groups": [group]}


HOSTILE = [
    HostileAnswer(
        "discovery-group-dot-segments",
        "/apis",
        _apis_with({"name": "x/../../api/v1/namespaces/ml/secrets#", "preferredVersion": {"version": "v1"}}),
        "/apis names a group x/../../api/v1/namespaces/ml/secrets#",
        ("PyTorchJob", "Deployment"),
    ),
    HostileAnswer(
        "discovery-version-dot-segments",
        "/apis",
        _apis_with(
            {"name": "kubeflow.org", "preferredVersion": {"version": "v1/../../../api/v1/namespaces/ml/secrets#"}}
        ),
        "/apis gives kubeflow.org the preferred version v1/../../../api/v1/namespaces/ml/secrets#",
        ("PyTorchJob", "Deployment"),
    ),
    HostileAnswer(
        "discovery-resource-name",
        "/apis/kubeflow.org/v1",
        {
            "kind": "APIResourceList",
            "resources": [
                {
                    "name": "../../../api/v1/namespaces/ml/secrets#",
                    "kind": "PyTorchJob",
                    "namespaced": True,
                    "verbs": ["list"],
                }
            ],
        },
        "kubeflow.org/v1 serves PyTorchJobs under the name ../../../api/v1/namespaces/ml/secrets#",
        ("PyTorchJob", "MPIJob"),
    ),
    HostileAnswer(
        "discovery-resource-secrets",
        "/apis/kubeflow.org/v1",
        {
            "kind": "APIResourceList",
            "resources": [{"name": "secrets#", "kind": "PyTorchJob", "namespaced": True, "verbs": ["list"]}],
        },
        "kubeflow.org/v1 serves PyTorchJobs under the name secrets#",
        ("PyTorchJob", "MPIJob"),
    ),
    HostileAnswer(
        "continue-token-smuggling",
        "/api/v1/nodes",
        {
            "kind": "NodeList",
            "apiVersion": "v1",
            "items": [{"metadata": {"name": "n"}}],
            "metadata": {"continue": "x/../../namespaces/ml/secrets?watch=true#"},
        },
        "a continue token carrying dot segments, a query and a fragment",
        ("Node",),
    ),
    HostileAnswer(
        "redirect",
        "/api/v1/nodes",
        {"kind": "Status", "code": 302},
        "302 Found to /api/v1/namespaces/ml/secrets",
        ("Node",),
        status=302,
        headers={"Location": "/api/v1/namespaces/ml/secrets"},
    ),
]


@pytest.mark.parametrize(
    "hostile",
    [
        pytest.param(
            h,
            id=h.id,
            marks=pytest.mark.attack(
                id=f"guard-server-{h.id}",
                surface="API server answer (kubegap audit)",
                attempt=h.attempt,
                expect="nothing steered is sent; the kinds it touches are failed (exit 3 with --fail-on-partial), never absent",
            ),
        )
        for h in HOSTILE
    ],
)
def test_a_hostile_server_cannot_steer_a_request(hostile, tmp_path):
    with FakeAPIServer() as server:
        training_cluster(server)
        server.fault(hostile.path, body=hostile.answer, status=hostile.status, headers=hostile.headers)
        kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
        result = run_cli(
            "audit", "--kubeconfig", str(kubeconfig), "--fail-on", "none", "--fail-on-partial", "--format", "json"
        )
        log = list(server.log)
    assert unsafe_requests(log) == []
    assert not [e for e in log if "secrets" in e["target"] and "as=PartialObjectMetadata" not in e["accept"]]
    assert result.returncode == 3 and "Traceback" not in result.stderr, result.stderr[-2000:]
    report = json.loads(result.stdout)
    for kind in hostile.failed:
        assert kind in report["kinds"]["failed"], (kind, report["kinds"])
    assert SECRET_VALUE not in result.stdout


@pytest.mark.attack(
    id="guard-server-redirect-official-client",
    surface="official client API classes",
    attempt="302 Found to /api/v1/namespaces/ml/secrets, followed by urllib3 unless told not to",
    expect="the redirect is not followed: the client sees the 302, the server only the first request",
)
def test_the_official_client_does_not_follow_a_redirect(tmp_path):
    from kubernetes import client
    from kubernetes.client.exceptions import ApiException

    with FakeAPIServer() as server:
        training_cluster(server)
        server.fault("/api/v1/nodes", status=302, headers={"Location": "/api/v1/namespaces/ml/secrets"})
        core = client.CoreV1Api(connect(str(server.kubeconfig(tmp_path / "kubeconfig"))).api_client)
        with pytest.raises(ApiException) as raised:
            core.list_node()
        log = list(server.log)
    assert raised.value.status == 302
    assert [e["target"] for e in log] == ["/api/v1/nodes"]
