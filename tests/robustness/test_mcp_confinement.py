"""A curious agent, through a real MCP client session: the server reads nothing outside its roots, by
any path (``..``, an absolute path, a symbolic link given or met in a folder), and takes inline JSON
manifests as its tool's description says."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PLANTED = "planted-outside-the-root-7f3a"
OUTSIDE = f"""apiVersion: apps/v1
kind: StatefulSet
metadata: {{name: {PLANTED}, namespace: outside}}
spec:
  template:
    spec:
      containers: [{{name: db, image: "postgres:16.1", volumeMounts: [{{name: d, mountPath: /d}}]}}]
      volumes: [{{name: d, hostPath: {{path: /srv/{PLANTED}}}}}]
"""
INSIDE = OUTSIDE.replace(PLANTED, "inside")


def _call(root: Path, calls: list[tuple[str, dict]]) -> list:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "kubegap", "mcp", "--root", str(root)], env=dict(os.environ)
    )

    async def session() -> list:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            return [await client.call_tool(name, arguments) for name, arguments in calls]

    return anyio.run(session)


def _text(result) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


@pytest.fixture
def tree(tmp_path):
    """``root/`` holds a good manifest and links out of it; ``outside/`` holds a manifest the server must not read."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "apps").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.yaml").write_text(OUTSIDE)
    (root / "apps" / "ok.yaml").write_text(INSIDE)
    (root / "apps" / "link.yaml").symlink_to(outside / "secret.yaml")
    (root / "linked-dir").symlink_to(outside, target_is_directory=True)
    return root, outside


@pytest.mark.attack(
    id="mcp-symlink-in-root",
    surface="MCP server",
    attempt="audit_manifests on a folder inside the root holding a symbolic link to a manifest outside it",
    expect="the link is left unread and named in the warnings; the folder's own files are audited; nothing outside is read",
)
def test_a_link_inside_a_root_to_a_file_outside_is_not_followed(tree):
    root, _ = tree
    (result,) = _call(root, [("audit_manifests", {"paths": [str(root)]})])
    assert not result.is_error, _text(result)
    assert PLANTED not in _text(result)
    payload = result.structured_content
    assert payload["summary"]["objects"] == 1
    assert any("link.yaml: a link to a file outside the folders this audit may read" in w for w in payload["warnings"])


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(
            "{root}/apps/link.yaml",
            id="link-given",
            marks=pytest.mark.attack(
                id="mcp-symlink-given",
                surface="MCP server",
                attempt="audit_manifests on a symbolic link inside the root to a file outside it",
                expect="refused: outside the folders this server may read",
            ),
        ),
        pytest.param(
            "{root}/linked-dir",
            id="linked-dir",
            marks=pytest.mark.attack(
                id="mcp-symlinked-folder",
                surface="MCP server",
                attempt="audit_manifests on a symbolic link inside the root to a folder outside it",
                expect="refused: outside the folders this server may read",
            ),
        ),
        pytest.param(
            "{root}/apps/../../outside/secret.yaml",
            id="dot-dot",
            marks=pytest.mark.attack(
                id="mcp-dot-dot",
                surface="MCP server",
                attempt="audit_manifests on root/apps/../../outside/secret.yaml",
                expect="refused: outside the folders this server may read",
            ),
        ),
        pytest.param(
            "{outside}/secret.yaml",
            id="absolute",
            marks=pytest.mark.attack(
                id="mcp-absolute-path",
                surface="MCP server",
                attempt="audit_manifests on an absolute path outside the root",
                expect="refused: outside the folders this server may read",
            ),
        ),
    ],
)
def test_paths_leading_outside_the_roots_are_refused(tree, path):
    root, outside = tree
    given = path.format(root=root, outside=outside)
    results = _call(root, [("audit_manifests", {"paths": [given]})])
    for result in results:
        assert result.is_error and "outside the folders this server may read" in _text(result)
        assert PLANTED not in _text(result)


DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "StatefulSet",
    "metadata": {"name": "db", "namespace": "shop"},
    "spec": {
        "template": {
            "spec": {
                "containers": [
                    {"name": "db", "image": "postgres:16.1", "volumeMounts": [{"name": "d", "mountPath": "/d"}]}
                ],
                "volumes": [{"name": "d", "hostPath": {"path": "/srv/db"}}],
            }
        }
    },
}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(json.dumps(DEPLOYMENT), id="object"),
        pytest.param(json.dumps(DEPLOYMENT, indent=2), id="indented"),
        pytest.param(json.dumps({"apiVersion": "v1", "kind": "List", "items": [DEPLOYMENT]}), id="list"),
    ],
)
def test_inline_json_manifests_are_audited(tmp_path, text):
    """The SDK parses a JSON text given for an argument typed ``str | None`` into an object and then refuses it."""
    (result,) = _call(tmp_path, [("audit_manifests", {"yaml": text})])
    assert not result.is_error, _text(result)
    assert result.structured_content["summary"]["objects"] == 1
    assert any(g["check_id"] == "local-storage-stateful" for g in result.structured_content["groups"])
