"""A broken kubeconfig is a clear error (exit 2, no traceback) on every surface, and nothing is sent."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import anyio
import orjson
import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer

from kubegap.sources.kubeconfig import MAX_KUBECONFIG_BYTES


@dataclass(frozen=True)
class Broken:
    id: str
    attempt: str
    build: Callable[[FakeAPIServer, Path], str]
    """Writes the kubeconfig (or picks a path) and returns what --kubeconfig is given."""
    says: str


def _edited(edit: Callable[[dict], None]) -> Callable[[FakeAPIServer, Path], str]:
    def build(server: FakeAPIServer, folder: Path) -> str:
        path = server.kubeconfig(folder / "kubeconfig")
        config = orjson.loads(path.read_bytes())
        edit(config)
        path.write_bytes(orjson.dumps(config))
        return str(path)

    return build


def _written(content: bytes) -> Callable[[FakeAPIServer, Path], str]:
    def build(server: FakeAPIServer, folder: Path) -> str:
        (folder / "kubeconfig").write_bytes(content)
        return str(folder / "kubeconfig")

    return build


def _inline_ca(value: str) -> Callable[[dict], None]:
    def edit(config: dict) -> None:
        cluster = config["clusters"][0]["cluster"]
        del cluster["certificate-authority"]
        cluster["certificate-authority-data"] = value

    return edit


def _user(user: dict) -> Callable[[dict], None]:
    return lambda config: config["users"][0].update(user=user)


def _exec(command: str) -> dict:
    return {"exec": {"apiVersion": "client.authentication.k8s.io/v1beta1", "command": command, "args": []}}


def _huge(server: FakeAPIServer, folder: Path) -> str:
    path = folder / "kubeconfig"
    with path.open("wb") as file:
        file.truncate(MAX_KUBECONFIG_BYTES + 1)  # sparse: costs no disk
    return str(path)


BROKEN = [
    Broken(
        "bad-base64",
        "certificate-authority-data that is not base64",
        _edited(_inline_ca("not base64!!")),
        "not valid base64",
    ),
    Broken(
        "missing-token-file",
        "a tokenFile that does not exist",
        _edited(_user({"tokenFile": "/nonexistent/token"})),
        'cannot read "/nonexistent/token": No such file or directory',
    ),
    Broken(
        "yaml-error",
        "a YAML syntax error",
        _written(b"apiVersion: v1\nclusters: [\n  - name: x\n"),
        "is not valid YAML: ",
    ),
    Broken("not-a-mapping", "a YAML list instead of a kubeconfig", _written(b"- a\n- b\n"), "is not a kubeconfig"),
    Broken("binary", "binary bytes", _written(b"\x00\xff\xfe" * 100), "is not UTF-8 text"),
    Broken(
        "directory",
        "a directory given as the kubeconfig",
        lambda server, folder: str(folder),
        "is a directory, not a file",
    ),
    Broken("device", "/dev/zero given as the kubeconfig", lambda server, folder: "/dev/zero", "is not a regular file"),
    Broken(
        "huge",
        f"a sparse file of {MAX_KUBECONFIG_BYTES + 1:,} bytes",
        _huge,
        f"over the {MAX_KUBECONFIG_BYTES:,}-byte limit",
    ),
    Broken(
        "exec-plugin-missing",
        "an exec credential plugin that is not installed",
        _edited(_user(_exec("kubegap-no-such-plugin"))),
        "cannot get credentials: [Errno 2] No such file or directory",
    ),
    Broken(
        "exec-plugin-fails",
        "an exec credential plugin that exits 1",
        _edited(_user(_exec("false"))),
        "cannot get credentials: exec: process returned 1",
    ),
]


def _params(command: str, surface: str):
    """One attack per broken kubeconfig and command: each command is its own surface with its own id."""
    return [
        pytest.param(
            b,
            id=b.id,
            marks=pytest.mark.attack(
                id=f"kubeconfig-{command}-{b.id}",
                surface=surface,
                attempt=b.attempt,
                expect="exit 2 with an error naming the file and what is wrong; no traceback; nothing sent",
            ),
        )
        for b in BROKEN
    ]


@pytest.mark.parametrize("broken", _params("audit", "kubegap audit --kubeconfig"))
def test_audit(broken, tmp_path):
    with FakeAPIServer() as server:
        result = run_cli("audit", "--kubeconfig", broken.build(server, tmp_path), "--format", "json")
        log = list(server.log)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.stderr.startswith("kubegap: error: ") and broken.says in result.stderr, result.stderr
    assert result.stdout == "" and log == [] and "ERROR:root" not in result.stderr


@pytest.mark.parametrize("broken", _params("snapshot", "kubegap snapshot --kubeconfig"))
def test_snapshot(broken, tmp_path):
    output = tmp_path / "out" / "snapshot.json"
    with FakeAPIServer() as server:
        result = run_cli("snapshot", "--kubeconfig", broken.build(server, tmp_path), "-o", str(output))
        log = list(server.log)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert broken.says in result.stderr and log == [] and not output.exists()


@pytest.mark.parametrize(
    "broken",
    [
        b
        for b in _params("mcp", "MCP audit_cluster and list_contexts")
        if b.values[0].id in ("bad-base64", "yaml-error", "directory", "exec-plugin-missing")
    ],
)
def test_mcp(broken, tmp_path):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    with FakeAPIServer() as server:
        params = StdioServerParameters(
            command=sys.executable,
            env=dict(os.environ),
            args=["-m", "kubegap", "mcp", "--root", str(tmp_path), "--kubeconfig", broken.build(server, tmp_path)],
        )

        async def body():
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return [await session.call_tool(tool, {}) for tool in ("audit_cluster", "list_contexts")]

        audited, listed = anyio.run(body)
        log = list(server.log)
    text = " ".join(getattr(c, "text", "") for c in audited.content)
    assert audited.is_error and broken.says in text and "Traceback" not in text, text
    # listing reads names only: what it does not read (certificates, plugins) cannot break it
    listing = " ".join(getattr(c, "text", "") for c in listed.content)
    assert (listed.is_error and broken.says in listing) or json.loads(listing) == {
        "contexts": ["test"],
        "current": "test",
    }
    assert log == []
