"""The API server's own audit log: every path of kubegap that reaches a cluster only ever read.

One ServiceAccount, bound to the role `kubegap rbac` prints, runs each path in turn: audit (JSON, table,
one namespace), snapshot, a fleet of two contexts, and the MCP server's audit_cluster and list_contexts
through a real MCP client session. Each path must leave requests in the log (so none passes by doing
nothing), and all of them together only get, list or watch, never a subresource that streams or executes.
"""

from __future__ import annotations

import json
import os
import sys

import anyio
from conftest import run_cli
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from support.apiserver import STREAMS_AND_PROXIES

USER = "system:serviceaccount:read-only:auditor"
READS = {"get", "list", "watch"}


def two_contexts(config_path, out_path):
    """The ServiceAccount's kubeconfig with a second context to the same cluster: a fleet of two."""
    config = json.loads(config_path.read_text())
    context = dict(config["contexts"][0], name="second")
    out_path.write_text(json.dumps({**config, "contexts": [*config["contexts"], context]}))
    return out_path


def mcp_session(config, root):
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "kubegap", "mcp", "--root", str(root), "--kubeconfig", str(config)],
        env=dict(os.environ),
    )

    async def body():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            contexts = await session.call_tool("list_contexts", {})
            audited = await session.call_tool("audit_cluster", {})
            return contexts, audited

    return anyio.run(body)


def test_every_cluster_path_only_reads(control_plane, tmp_path):
    control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    config = control_plane.service_account(
        "read-only", "auditor", tmp_path / "kubeconfig", cluster_role="kubegap-reader"
    )
    control_plane.apply(
        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "web", "namespace": "read-only"},
            "spec": {"containers": [{"name": "web", "image": "nginx:1.27"}]},
        }
    )
    fleet = two_contexts(config, tmp_path / "fleet.kubeconfig")
    paths = {
        "audit json": ["audit", "--kubeconfig", str(config), "--format", "json", "--fail-on", "none"],
        "audit table": ["audit", "--kubeconfig", str(config), "--fail-on", "none"],
        "audit one namespace": ["audit", "--kubeconfig", str(config), "--namespace", "read-only", "--fail-on", "none"],
        "snapshot": ["snapshot", "--kubeconfig", str(config), "--output", str(tmp_path / "snapshot.json.gz")],
        "fleet of two contexts": [
            "audit",
            "--kubeconfig",
            str(fleet),
            "--context",
            "auditor",
            "--context",
            "second",
            "--format",
            "json",
            "--fail-on",
            "none",
        ],
    }
    seen = len(control_plane.audit_events(USER))
    for name, args in paths.items():
        result = run_cli(*args)
        assert result.returncode == 0, (name, result.stderr)
        now = len(control_plane.audit_events(USER))
        assert now > seen, f"{name} sent nothing to the cluster"
        seen = now
    contexts, audited = mcp_session(config, tmp_path)
    assert not contexts.is_error and not audited.is_error, audited.content
    assert (audited.structured_content or json.loads(audited.content[0].text))["summary"]["objects"] > 0
    events = control_plane.audit_events(USER)
    assert len(events) > seen, "the MCP server's audit_cluster sent nothing to the cluster"

    assert {e["verb"] for e in events} <= READS, sorted({e["verb"] for e in events} - READS)
    assert not [e["requestURI"] for e in events if e.get("objectRef", {}).get("subresource") in STREAMS_AND_PROXIES]
    assert {e["userAgent"] for e in events} == {"kubegap"}
    assert {e["responseStatus"]["code"] for e in events} <= {200, 403}
