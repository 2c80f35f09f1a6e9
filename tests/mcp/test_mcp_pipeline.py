"""The MCP server shares the CLI's pipeline: its audits honour the configuration file, and its
catalog holds every registered check, the fleet check included."""

from __future__ import annotations

import json
import os
import subprocess
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


def _snapshot(folder: Path, name: str) -> Path:
    from kubegap.demo import demo_path

    snapshot = json.loads(demo_path().read_text())
    snapshot["cluster"]["name"] = name
    path = folder / f"{name}.json"
    path.write_text(json.dumps(snapshot))
    return path


def test_snapshots_of_two_named_clusters_are_a_fleet_as_on_the_command_line(tmp_path):
    """Each finding names its cluster, and the answer is the command line's fleet report, grouped."""
    paths = [str(_snapshot(tmp_path, "eu")), str(_snapshot(tmp_path, "us"))]
    answer = _call(tmp_path, "audit_manifests", {"paths": paths, "checks": ["single-replica"], "limit": 50})
    (group,) = answer["groups"]
    objects = [entry["object"] for entry in group["objects"]]
    assert group["count"] == len(objects) and objects
    assert {label.split(": ", 1)[0] for label in objects} == {"eu", "us"}
    assert len([o for o in objects if o.startswith("eu: ")]) == len([o for o in objects if o.startswith("us: ")])

    cli = subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", *paths, "--check", "single-replica", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(cli.stdout)
    assert report["cluster"] == {"name": "fleet", "members": ["eu", "us"]}
    assert group["count"] == report["summary"]["findings"]


def test_manifests_and_inline_yaml_are_one_cluster(tmp_path):
    (tmp_path / "app.yaml").write_text(MANIFESTS)
    arguments = {
        "paths": [str(tmp_path / "app.yaml")],
        "yaml": MANIFESTS.replace("shop", "cart"),
        "checks": ["single-replica"],
    }
    (group,) = _call(tmp_path, "audit_manifests", arguments)["groups"]
    assert sorted(entry["object"] for entry in group["objects"]) == ["Deployment cart/api", "Deployment shop/api"]
