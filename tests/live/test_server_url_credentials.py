"""A user and password written into a kubeconfig's server URL are never printed: not in errors, reports,
snapshots or MCP answers (the official Python client never sends them either)."""

from __future__ import annotations

import os
import sys

import anyio
import orjson
import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer, make_credentials
from support.clusters import training_cluster

PASSWORD = "hunter2-in-the-url"


def _with_password(server: FakeAPIServer, folder, *, token: str | None = None, other_ca: bool = False):
    path = server.kubeconfig(folder / "kubeconfig", token=token)
    config = orjson.loads(path.read_bytes())
    cluster = config["clusters"][0]["cluster"]
    cluster["server"] = cluster["server"].replace("https://", f"https://admin:{PASSWORD}@")
    if other_ca:
        (folder / "other").mkdir()
        cluster["certificate-authority"] = str(make_credentials(folder / "other").ca_path)
    path.write_bytes(orjson.dumps(config))
    return path


CASES = [
    ("audit", {}, 0, "a working cluster: the report"),
    ("expired-token", {"token": "expired"}, 2, "rejected credentials: the error names the server"),
    ("wrong-ca", {"other_ca": True}, 2, "a certificate the CA does not vouch for: the TLS error names the server"),
]


@pytest.mark.parametrize(
    "name, options, code, attempt",
    [
        pytest.param(
            *case,
            id=case[0],
            marks=pytest.mark.attack(
                id=f"server-url-password-{case[0]}",
                surface="kubegap audit and snapshot",
                attempt=f"user:password@ in the server URL; {case[3]}",
                expect="the password appears nowhere: stderr, the report in every format, the snapshot",
            ),
        )
        for case in CASES
    ],
)
def test_the_password_is_never_printed(name, options, code, attempt, tmp_path):
    with FakeAPIServer() as server:
        training_cluster(server)
        kubeconfig = _with_password(server, tmp_path, **options)
        audited = run_cli(
            "audit",
            "--kubeconfig",
            str(kubeconfig),
            "--fail-on",
            "none",
            "--format",
            "json",
            "--format",
            f"table={tmp_path / 'table.txt'}",
            "--format",
            f"sarif={tmp_path / 'report.sarif'}",
        )
        snapshot = run_cli("snapshot", "--kubeconfig", str(kubeconfig), "-o", str(tmp_path / "snapshot.json"))
    assert audited.returncode == code and snapshot.returncode == code, (audited.stderr, snapshot.stderr)
    written = [audited.stdout, audited.stderr, snapshot.stdout, snapshot.stderr]
    written += [path.read_text() for path in tmp_path.iterdir() if path.suffix in (".txt", ".sarif", ".json")]
    assert not [text for text in written if PASSWORD in text or "admin:" in text]
    if code:
        assert "kubegap: error: https://127.0.0.1:" in audited.stderr  # the server is still named
    else:
        assert orjson.loads(audited.stdout)["summary"]["objects"] > 0


@pytest.mark.attack(
    id="server-url-password-mcp",
    surface="MCP audit_cluster",
    attempt="user:password@ in the server URL",
    expect="neither the answer of a working audit nor the error of a failing one carries the password",
)
def test_mcp_answers_never_carry_the_password(tmp_path):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    with FakeAPIServer() as server:
        training_cluster(server)
        working = _with_password(server, tmp_path)
        (tmp_path / "expired").mkdir()
        expired = _with_password(server, tmp_path / "expired", token="expired")

        async def call(kubeconfig):
            params = StdioServerParameters(
                command=sys.executable,
                env=dict(os.environ),
                args=["-m", "kubegap", "mcp", "--root", str(tmp_path), "--kubeconfig", str(kubeconfig)],
            )
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await session.call_tool("audit_cluster", {})

        answers = [anyio.run(call, working), anyio.run(call, expired)]
    assert [answer.is_error for answer in answers] == [False, True]
    for answer in answers:
        text = (
            " ".join(getattr(c, "text", "") for c in answer.content) + orjson.dumps(answer.structured_content).decode()
        )
        assert PASSWORD not in text and "admin:" not in text
