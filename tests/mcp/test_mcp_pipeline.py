"""The MCP server shares the CLI's pipeline: its audits honour the configuration file, and its
catalog holds every registered check, the fleet check included."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import kubegap

MANIFESTS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {containers: [{name: api, image: "api:1.0"}]}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop}
spec: {selector: {app: api}, ports: [{port: 80}]}
"""


def _call(tmp_path, tool: str, arguments: dict, *server_args: str) -> dict:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "kubegap", "mcp", "--root", str(tmp_path), *server_args],
        cwd=str(tmp_path),
        env={
            **os.environ,
            "PYTHONPATH": str(Path(kubegap.__file__).parents[1]),
        },  # this checkout, from another working directory
    )

    async def body():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool(tool, arguments)
            assert not result.is_error, result.content
            return result.structured_content or json.loads(result.content[0].text)

    return anyio.run(body)


def _groups(tmp_path, *server_args: str) -> dict:
    arguments = {"paths": [str(tmp_path / "app.yaml")], "checks": ["single-replica"]}
    return {g["check_id"]: g for g in _call(tmp_path, "audit_manifests", arguments, *server_args)["groups"]}


def test_audit_tools_apply_the_working_directorys_config_file(tmp_path):
    (tmp_path / "app.yaml").write_text(MANIFESTS)
    assert _groups(tmp_path)["single-replica"]["severity"] == "high"
    (tmp_path / ".kubegap.yaml").write_text("checks:\n  single-replica: {severity: low}\n")
    assert _groups(tmp_path)["single-replica"]["severity"] == "low"
    explicit = tmp_path / "strict.yaml"
    explicit.write_text("exemptions:\n- {check: single-replica, namespace: shop, reason: a demo that may restart}\n")
    assert "single-replica" not in _groups(tmp_path, "--config", str(explicit))


def test_explain_check_knows_the_fleet_check(tmp_path):
    explained = _call(tmp_path, "explain_check", {"check_id": "fleet-os-updates-correlated"})
    assert list(explained["documentation"]) == ["What it checks", "Why it matters", "Severity", "Example", "Fix"]
    assert "datadog-2023-systemd-networkd-cilium-outage" in json.dumps(explained["cases"])
