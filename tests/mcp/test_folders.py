"""Which folders the file tools read: ``--root`` when given; else the client's MCP roots (Claude Code offers
the project); else the directory the client started the server in (what Codex does)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.mcp_session import error_text, payload, run

from kubegap.mcp.folders import root_path

DEPLOYMENT = """apiVersion: apps/v1
kind: Deployment
metadata: {name: NAME, namespace: shop}
spec: {replicas: 1, template: {spec: {containers: [{name: app, image: "registry.example.com/shop/app:latest"}]}}}
"""


@pytest.fixture
def folders(tmp_path):
    """Two repositories and the folder a client starts servers in, each with its own manifest."""
    made = {}
    for name in ("started-in", "repo-a", "repo-b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "app.yaml").write_text(DEPLOYMENT.replace("NAME", name.replace("-", "")))
        made[name] = tmp_path / name
    return made


async def audit(agent, path: str):
    return await agent.call("audit_manifests", {"paths": [path], "checks": ["image-tag-mutable"]})


def objects(result) -> list[str]:
    return [o["object"] for g in payload(result)["groups"] for o in g["objects"]]


def test_the_clients_roots_are_the_folders_read_relative_paths_from_the_first(folders):
    async def body(agent):
        return [
            await audit(agent, "app.yaml"),
            await audit(agent, str(folders["repo-b"] / "app.yaml")),
            await audit(agent, str(folders["started-in"] / "app.yaml")),
        ]

    (first, second, outside), _ = run(body, folders["started-in"], roots=[folders["repo-a"], folders["repo-b"]])
    assert objects(first) == ["Deployment shop/repoa"] and objects(second) == ["Deployment shop/repob"]
    assert "outside the folders this server may read" in error_text(outside)


def test_without_roots_the_starting_directory(folders):
    async def body(agent):
        return [await audit(agent, "app.yaml"), await audit(agent, str(folders["repo-a"] / "app.yaml"))]

    (inside, outside), _ = run(body, folders["started-in"])
    assert objects(inside) == ["Deployment shop/startedin"]
    assert "outside the folders" in error_text(outside)


def test_root_given_on_the_command_line_wins_over_the_clients(folders):
    async def body(agent):
        return [await audit(agent, "app.yaml"), await audit(agent, str(folders["repo-a"] / "app.yaml"))]

    (fixed, offered), _ = run(body, folders["started-in"], "--root", str(folders["repo-b"]), roots=[folders["repo-a"]])
    assert objects(fixed) == ["Deployment shop/repob"]
    assert "outside the folders" in error_text(offered)


def test_root_uris():
    assert root_path(Path("/srv/my repo").as_uri()) == Path("/srv/my repo").resolve()
    assert root_path("file://localhost/srv/x") == Path("/srv/x").resolve()
    assert root_path("https://example.com/repo") is None
    assert root_path("file://other-host/srv/x") is None
