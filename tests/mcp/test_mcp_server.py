"""A real MCP client session (the SDK's stdio client) against `kubegap mcp`."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import jsonschema
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from kubegap.demo import demo_path
from kubegap.mcp.paging import OBJECTS_PER_PAGE

PLANTED = "c3VwZXItc2VjcmV0LXRva2VuLTk5"  # base64 of a fake token planted in a Secret and an env value
MANIFESTS = f"""
apiVersion: v1
kind: Secret
metadata: {{name: registry-token, namespace: shop}}
data: {{token: {PLANTED}}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {{name: db, namespace: shop}}
spec:
  template:
    spec:
      containers:
      - name: db
        image: postgres:16.1
        env: [{{name: PASSWORD, value: {PLANTED}}}]
        envFrom: [{{secretRef: {{name: registry-token}}}}]
        volumeMounts: [{{name: data, mountPath: /var/lib/postgresql/data}}]
      volumes: [{{name: data, hostPath: {{path: /srv/db}}}}]
"""


def _session(tmp_path: Path, *extra: str):
    return stdio_client(_params("--root", str(tmp_path), "--root", str(demo_path().parent), *extra))


def _params(*args: str) -> StdioServerParameters:
    """The server under test, with this environment (the SDK passes only a few variables by default, which
    would drop PYTHONPATH and run another kubegap than the one under test)."""
    return StdioServerParameters(command=sys.executable, args=["-m", "kubegap", "mcp", *args], env=dict(os.environ))


async def _with_session(tmp_path, body):
    async with _session(tmp_path) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return await body(session)


def run(tmp_path, body):
    return anyio.run(_with_session, tmp_path, body)


def _payload(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def _error_text(result) -> str:
    assert result.is_error
    return " ".join(getattr(c, "text", "") for c in result.content)


EXPECTED_TOOLS = {
    "audit_cluster",
    "audit_manifests",
    "diff_reports",
    "list_checks",
    "explain_check",
    "search_cases",
    "get_case",
    "list_contexts",
}


def test_tools_are_listed_with_read_only_annotations(tmp_path):
    async def body(session):
        return (await session.list_tools()).tools

    tools = run(tmp_path, body)
    assert EXPECTED_TOOLS <= {t.name for t in tools}
    for tool in tools:
        assert tool.description and tool.input_schema["type"] == "object"
        assert (
            tool.annotations.read_only_hint is True
        )  # the protocol's destructive and idempotent hints then mean nothing
        assert tool.annotations.destructive_hint is not True


@pytest.mark.attack(
    id="mcp-secret-material",
    surface="MCP server",
    attempt="audits of manifests holding a Secret and a planted token in an env value, by path and inline",
    expect="no result carries the Secret's data or the env value",
)
def test_audits_return_compact_grouped_findings_and_never_secret_material(tmp_path):
    (tmp_path / "app.yaml").write_text(MANIFESTS)

    async def body(session):
        by_path = await session.call_tool("audit_manifests", {"paths": [str(tmp_path / "app.yaml")]})
        inline = await session.call_tool("audit_manifests", {"yaml": MANIFESTS, "min_severity": "high"})
        snapshot = await session.call_tool("audit_manifests", {"paths": [str(demo_path())], "limit": 2})
        return by_path, inline, snapshot

    by_path, inline, snapshot = run(tmp_path, body)
    for result in (by_path, inline, snapshot):
        text = json.dumps(_payload(result))
        assert PLANTED not in text
        assert "super-secret" not in text
    groups = _payload(by_path)["groups"]
    assert any(g["check_id"] == "local-storage-stateful" for g in groups)
    assert all(g["cases"] and all(c.get("url", "https://").startswith("https://") for c in g["cases"]) for g in groups)
    demo = _payload(snapshot)
    assert len(demo["groups"]) == 2 and demo["checks_with_findings"] > 2 and "next_cursor" in demo


STATEFULSETS = "---\n".join(
    f"apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db-{i:02d}, namespace: t}}\nspec:\n  template:\n"
    "    spec:\n"
    "      containers: [{name: db, image: 'postgres:16.1', volumeMounts: [{name: d, mountPath: /d}]}]\n"
    "      volumes: [{name: d, hostPath: {path: /srv}}]\n"
    for i in range(23)
)


def test_cursors_reach_every_group_and_every_object_of_a_group(tmp_path):
    async def body(session):
        tool = next(t for t in (await session.list_tools()).tools if t.name == "audit_manifests")
        pages = [await session.call_tool("audit_manifests", {"paths": [str(demo_path())], "limit": 3})]
        while "next_cursor" in _payload(pages[-1]):
            pages.append(
                await session.call_tool(
                    "audit_manifests",
                    {"paths": [str(demo_path())], "limit": 3, "cursor": _payload(pages[-1])["next_cursor"]},
                )
            )
        arguments = {"yaml": STATEFULSETS, "checks": ["local-storage-stateful"]}
        objects = [await session.call_tool("audit_manifests", arguments)]
        while "next_cursor" in _payload(objects[-1])["groups"][0]:
            cursor = _payload(objects[-1])["groups"][0]["next_cursor"]
            objects.append(await session.call_tool("audit_manifests", {**arguments, "cursor": cursor}))
        return tool, pages, objects

    tool, pages, objects = run(tmp_path, body)
    for result in pages + objects:
        payload = _payload(result)
        jsonschema.validate(payload, tool.output_schema)
        assert result.content[0].text == json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    groups = [g["check_id"] for page in pages for g in _payload(page)["groups"]]
    assert len(pages) > 2 and len(groups) == len(set(groups)) == _payload(pages[0])["checks_with_findings"]
    names = [o["object"] for page in objects for o in _payload(page)["groups"][0]["objects"]]
    assert len(objects) == -(-23 // OBJECTS_PER_PAGE) and _payload(objects[0])["groups"][0]["count"] == 23
    assert sorted(names) == [f"StatefulSet t/db-{i:02d}" for i in range(23)]
    assert all(
        o.get("detail") and o.get("location") for page in objects for o in _payload(page)["groups"][0]["objects"]
    )


@pytest.mark.attack(
    id="mcp-invalid-arguments",
    surface="MCP server",
    attempt="no arguments, /etc/passwd, a path climbing out of the root, 5 MB of inline YAML, unknown ids and terms, a page of 0",
    expect="a short error for each; nothing outside the roots read",
)
def test_invalid_arguments_get_clear_errors(tmp_path):
    outside = Path("/etc/passwd")

    async def body(session):
        return [
            await session.call_tool("audit_manifests", {}),
            await session.call_tool("audit_manifests", {"paths": [str(outside)]}),
            await session.call_tool("audit_manifests", {"paths": [str(tmp_path) + "/../../../../../etc"]}),
            await session.call_tool("audit_manifests", {"yaml": "x" * (5 * 1024 * 1024 + 1)}),
            await session.call_tool("audit_manifests", {"yaml": "replicas: 3\n"}),
            await session.call_tool("audit_manifests", {"paths": [str(tmp_path / "missing.json")]}),
            await session.call_tool("explain_check", {"check_id": "no-such-check"}),
            await session.call_tool("get_case", {"case_id": "../../etc/passwd"}),
            await session.call_tool("search_cases", {"component": ["no/such-term"]}),
            await session.call_tool("search_cases", {"page": 0}),
            await session.call_tool("audit_manifests", {"yaml": MANIFESTS, "min_severity": "severe"}),
        ]

    results = run(tmp_path, body)
    messages = [_error_text(r) for r in results]
    assert "give paths or inline yaml" in messages[0]
    assert "outside the folders" in messages[1] and "outside the folders" in messages[2]
    assert "larger than" in messages[3]
    assert "no Kubernetes objects" in messages[4]
    assert "no such file" in messages[5]
    assert "no check" in messages[6] and "no case" in messages[7] and "no component term" in messages[8]
    assert all(m for m in messages[9:])


def test_library_tools_resources_and_prompt(tmp_path):
    async def body(session):
        checks = [_payload(await session.call_tool("list_checks", {}))]
        while "next_cursor" in checks[-1]:
            checks.append(_payload(await session.call_tool("list_checks", {"cursor": checks[-1]["next_cursor"]})))
        explained = _payload(await session.call_tool("explain_check", {"check_id": "networkd-foreign-routes"}))
        found = _payload(await session.call_tool("search_cases", {"query": "systemd-networkd Cilium"}))
        case = _payload(await session.call_tool("get_case", {"case_id": found["cases"][0]["id"]}))
        resource = await session.read_resource(f"kubegap://case/{case['id']}")
        prompts = (await session.list_prompts()).prompts
        prompt = await session.get_prompt("audit_and_plan", {"target": "prod"})
        return checks, explained, found, case, resource, prompts, prompt

    checks, explained, found, case, resource, prompts, prompt = run(tmp_path, body)
    assert "next_cursor" in prompt.messages[0].content.text and "offset" not in prompt.messages[0].content.text
    listed = [i for page in checks for by_id in page["checks"].values() for i in by_id]
    assert len(listed) == len(set(listed)) == checks[0]["total"] and {
        "nccl-timeouts-unset",
        "networkd-foreign-routes",
    } <= set(listed)
    assert set(explained["documentation"]) == {"What it checks", "Why it matters", "Severity", "Example", "Fix"}
    assert found["cases"][0]["id"] == "datadog-2023-systemd-networkd-cilium-outage"
    assert case["sources"][0]["url"].startswith("https://")
    assert "## Root cause" in resource.contents[0].text
    assert "audit_and_plan" in {p.name for p in prompts}
    assert "prod" in prompt.messages[0].content.text


def test_resources_list_the_cases_and_an_unknown_one_is_a_clean_error(tmp_path):
    from kubegap.library import load_library

    errlog = (tmp_path / "stderr.log").open("w+")

    async def body():
        async with (
            stdio_client(_params("--root", str(tmp_path)), errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            listed = (await session.list_resources()).resources
            content = await session.read_resource(listed[0].uri)
            try:
                await session.read_resource("kubegap://case/no-such-case")
                refused = None
            except Exception as exc:  # noqa: BLE001 - the SDK raises its error type for an error answer
                refused = str(exc)
            prompt = await session.get_prompt("explain_finding", {"check_id": "pdb-missing"})
            return listed, content, refused, prompt

    listed, content, refused, prompt = anyio.run(body)
    errlog.seek(0)
    stderr = errlog.read()
    ids = {case.id for case in load_library().cases}
    assert {
        str(r.uri).removeprefix("kubegap://case/") for r in listed if str(r.uri).startswith("kubegap://case/")
    } == ids
    assert all(r.mime_type == "text/markdown" and r.title for r in listed)
    assert "## Root cause" in content.contents[0].text
    assert refused is not None and "no case 'no-such-case'" in refused
    assert "Traceback" not in stderr, stderr[-2000:]
    text = prompt.messages[0].content.text
    assert "get_case" in text and "pdb-missing" in text


@pytest.mark.attack(
    id="mcp-script-payloads",
    surface="MCP server",
    attempt="a script payload as a case id and as a check id",
    expect="refused as unknown, the text returned as data, never rendered",
)
@pytest.mark.parametrize("name", ["get_case", "explain_check"])
def test_script_payloads_come_back_as_plain_data(tmp_path, name):
    payload = "<script>alert(1)</script>"

    async def body(session):
        return await session.call_tool(name, {"case_id" if name == "get_case" else "check_id": payload})

    message = _error_text(run(tmp_path, body))
    assert "no " in message  # rejected as unknown; the text is returned verbatim as data, never rendered


def _nested(depth: int):
    value = "x"
    for _ in range(depth):
        value = [value]
    return value


MALFORMED = [
    ("audit_manifests", {"paths": [1, 2]}, "valid string"),
    ("audit_manifests", {"paths": _nested(100)}, "valid string"),
    ("audit_manifests", {"paths": ["x" * 100_000]}, "at most 4096 characters"),
    ("audit_manifests", {"yaml": 42}, "valid string"),
    ("audit_manifests", {"yaml": "a: 1", "limit": "ten"}, "valid integer"),
    ("audit_manifests", {"yaml": "a: 1", "limit": 10**30}, "less than or equal to 100"),
    ("audit_manifests", {"yaml": "a: 1", "limit": 0}, "greater than or equal to 1"),
    (
        "audit_manifests",
        {"yaml": "a: 1", "offset": 2, "pathz": []},
        "unknown argument(s) 'offset', 'pathz' for audit_manifests",
    ),
    ("audit_manifests", {"yaml": "a: 1", "cursor": "not-a-cursor"}, "cursor: not one this tool gave"),
    ("audit_manifests", {"yaml": "a: 1", "cursor": "x" * 100_000}, "at most 1000 characters"),
    ("get_case", {"case_id": "x", "verbose": True}, "unknown argument(s) 'verbose'"),
    ("audit_manifests", {"yaml": "a: 1", "checks": ["c" * 1_000_000]}, "at most 200 characters"),
    ("audit_manifests", {"yaml": "a: 1", "checks": {"a": {"b": {"c": []}}}}, "valid list"),
    ("audit_manifests", {"paths": "x" * 1_000_000}, "at most 4096 characters"),
    ("diff_reports", {"old": None, "new": "b.json"}, "valid string"),
    ("search_cases", {"page": "x"}, "valid integer"),
    ("search_cases", {"page": 1.5}, "fractional part"),
    ("search_cases", {"query": 7}, "valid string"),
    ("search_cases", {"query": "a OR " * 200_000}, "at most 500 characters"),
    ("search_cases", {"symptom": ["s" * 1_000_000]}, "at most 200 characters"),
    ("get_case", {"case_id": {"$gt": ""}}, "valid string"),
    ("get_case", {"case_id": "x" * 1_000_000}, "at most 200 characters"),
    ("explain_check", {"check_id": 123}, "valid string"),
    ("explain_check", {"check_id": "x" * 1_000_000}, "at most 200 characters"),
    ("list_checks", {"category": {"gpu": 1}}, "valid list"),
    ("audit_cluster", {"context": "c" * 1_000_000}, "at most 253 characters"),
    ("audit_cluster", {"namespaces": {"ml": 1}}, "valid list"),
    ("no_such_tool", {}, "Unknown tool"),
]


@pytest.mark.attack(
    id="mcp-malformed-arguments",
    surface="MCP server",
    attempt="arguments of the wrong type, megabyte strings, unknown arguments and tools, nesting 100 deep, resource URIs with dot segments",
    expect="one short validation error per field; the session goes on",
)
def test_malformed_arguments_are_short_clear_errors_and_the_session_goes_on(tmp_path):
    async def body(session):
        results = [await session.call_tool(name, arguments) for name, arguments, _ in MALFORMED]
        refused = []
        for uri in ("kubegap://case/..%2F..%2Fetc%2Fpasswd", "kubegap://case/%00", "kubegap://case/" + "x" * 100_000):
            try:
                await session.read_resource(uri)
            except Exception as exc:  # noqa: BLE001 - the SDK raises its error type for an error answer
                refused.append(str(exc))
        checks = await session.call_tool("list_checks", {})
        return results, refused, checks

    results, refused, checks = run(tmp_path, body)
    for (name, arguments, phrase), result in zip(MALFORMED, results):
        message = _error_text(result)
        assert phrase in message, (name, message[:500])
        assert len(message) < 400, (name, "an error must be short and never echo a huge argument back")
        assert "pydantic" not in message and "https://" not in message and "For further information" not in message
    assert len(refused) == 3 and all("root:" not in m for m in refused), refused
    assert _payload(checks)["checks"], "the session still answers after every malformed call"


def _rpc(process, message: str | dict, timeout: float = 10.0) -> dict | None:
    """Write one JSON-RPC line; the next answer, or None if none came within ``timeout``."""
    import select

    process.stdin.write((message if isinstance(message, str) else json.dumps(message)).encode() + b"\n")
    process.stdin.flush()
    if not select.select([process.stdout], [], [], timeout)[0]:
        return None
    return json.loads(process.stdout.readline())


@pytest.mark.attack(
    id="mcp-deep-nesting",
    surface="MCP server",
    attempt="raw JSON-RPC with arguments nested 200,000 levels deep",
    expect="no answer past the parser's limit; the session goes on serving",
)
def test_arguments_nested_past_the_parser_limit_never_end_the_session(tmp_path):
    """Nesting the JSON parser accepts gets a validation error; deeper nesting is dropped by the SDK
    (a line it cannot parse has no request to answer); either way the server keeps serving."""
    import subprocess

    process = subprocess.Popen(
        [sys.executable, "-m", "kubegap", "mcp", "--root", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}
        assert "result" in _rpc(process, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}, 60)
        process.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        answers = {}
        for depth in (150, 5_000, 200_000):
            arguments = '{"paths": ' + "[" * depth + '"x"' + "]" * depth + "}"
            call = '{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "audit_manifests", "arguments": %s}}'
            answers[depth] = _rpc(process, call % (depth, arguments), 5)
        assert answers[150]["result"]["isError"] and "valid string" in answers[150]["result"]["content"][0]["text"]
        for depth in (5_000, 200_000):
            assert answers[depth] is None or "error" in answers[depth] or answers[depth]["result"]["isError"]
        assert _rpc(process, "not JSON at all", 2) is None
        tools = _rpc(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        assert {t["name"] for t in tools["result"]["tools"]} >= EXPECTED_TOOLS
        assert process.poll() is None
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    assert "Traceback" not in process.stderr.read().decode()


def test_audit_cluster_and_contexts_against_the_test_api_server(tmp_path):
    from support.apiserver import FakeAPIServer
    from support.clusters import training_cluster

    with FakeAPIServer() as server:
        training_cluster(server)
        kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
        params = _params("--root", str(tmp_path), "--kubeconfig", str(kubeconfig))

        async def body():
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                contexts = await session.call_tool("list_contexts", {})
                audited = await session.call_tool("audit_cluster", {"context": "test"})
                missing = await session.call_tool("audit_cluster", {"context": "no-such-context"})
                scoped = await session.call_tool("audit_cluster", {"namespaces": ["ml", "no-such-namespace"]})
                server.deny("poddisruptionbudgets", group="policy")
                denied = await session.call_tool("audit_cluster", {})
                return contexts, audited, missing, scoped, denied

        contexts, audited, missing, scoped, denied = anyio.run(body)
        methods = {entry["method"] for entry in server.log}
    assert _payload(contexts) == {"contexts": ["test"], "current": "test"}
    report = _payload(audited)
    assert report["summary"]["objects"] > 0 and report["groups"]
    text = json.dumps(report)
    assert (
        "sk-secret-value" not in text
        and "c2VjcmV0" not in text
        and "test-token" not in text
        and "BEGIN CERTIFICATE" not in text
    )
    assert "no-such-context" in _error_text(missing)
    assert methods == {"GET"}
    assert [w for w in _payload(scoped)["warnings"] if "'no-such-namespace'" in w]
    assert not [w for w in _payload(scoped)["warnings"] if "'ml'" in w]
    forbidden = _payload(denied)["summary"]["kinds_forbidden"]
    assert "PodDisruptionBudget" in forbidden and not report["summary"]["kinds_forbidden"]
