"""The integration files work as written: every shell command they show is run, and every
``kubegap ...`` command they quote.

Shell blocks run in a sandbox shaped like a clone of kubegap (``integrations/`` and a ``.venv``
whose ``kubegap`` runs the sources under test), each with a fresh ``$HOME`` and a stand-in
``claude`` that records its arguments. What a block leaves behind is then used as an agent would:
an MCP server registered with Claude Code or in ``~/.codex/config.toml`` is started and must list
its tools; a copied skill or AGENTS.md must be there. The install lines (venv, pip, build) are
proven by tests/test_packaging.py, which builds, installs and runs the wheel.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from kubegap.demo import demo_path

ROOT = Path(__file__).resolve().parent.parent
INTEGRATIONS = ROOT / "integrations"
DOCUMENTS = sorted(INTEGRATIONS.rglob("*.md"))
INSTALL = re.compile(r"pip install|-m venv|-m build|make demo")
USER_REPOSITORY = "/path/to/your/repository"
PLACEHOLDERS = {
    "PATH...": str(demo_path()),
    "<changed paths>": str(demo_path()),
    "snapshot.json.gz": str(demo_path()),
    "CASE-ID": "datadog-2023-systemd-networkd-cilium-outage",
    "<case-id>": "datadog-2023-systemd-networkd-cilium-outage",
    "CHECK-ID": "pdb-missing",
    "<check-id>": "pdb-missing",
    '"QUERY"': "coredns",
}


def shell_blocks(document: Path) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", document.read_text(), re.S)


def quoted_commands(document: Path) -> list[str]:
    return re.findall(r"`(kubegap [^`]+)`", document.read_text())


def sandbox(tmp_path: Path) -> tuple[Path, dict]:
    """A clone-shaped folder and the environment its commands run in."""
    clone = tmp_path / "clone"
    (clone / ".venv" / "bin").mkdir(parents=True)
    (clone / "integrations").symlink_to(INTEGRATIONS)
    kubegap = clone / ".venv" / "bin" / "kubegap"
    kubegap.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m kubegap "$@"\n')
    kubegap.chmod(0o755)
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    claude = stubs / "claude"
    claude.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "import json, sys; print(json.dumps(sys.argv[1:]))" "$@" >> "$HOME/claude.log"\n')
    claude.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "PATH": f"{stubs}{os.pathsep}{kubegap.parent}{os.pathsep}{os.environ['PATH']}"}
    return clone, env


def tools_of(command: str, args: list[str], env: dict, cwd: Path) -> set[str]:
    async def body():
        params = StdioServerParameters(command=command, args=args, env=env, cwd=str(cwd))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return {tool.name for tool in (await session.list_tools()).tools}

    return anyio.run(body)


BLOCKS = [(doc, block) for doc in DOCUMENTS for block in shell_blocks(doc) if not INSTALL.search(block)]


def test_every_integration_document_is_covered():
    assert {doc.relative_to(INTEGRATIONS).as_posix() for doc, _ in BLOCKS} == {
        "claude-code/README.md", "claude-code/kubegap/SKILL.md", "codex/README.md"}
    assert not [doc for doc in DOCUMENTS if "pip install kubegap" in doc.read_text()]


@pytest.mark.parametrize("document, block", BLOCKS, ids=[f"{d.parent.name}/{d.name}:{i}" for i, (d, _) in enumerate(BLOCKS)])
def test_shell_commands_work_as_written(tmp_path, document, block):
    clone, env = sandbox(tmp_path)
    home = Path(env["HOME"])
    user_repository = tmp_path / "repository"
    user_repository.mkdir()
    script = block.replace(USER_REPOSITORY, str(user_repository))
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=clone, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    effects = 0
    log = home / "claude.log"
    for line in log.read_text().splitlines() if log.exists() else []:
        effects += 1
        arguments = json.loads(line)
        assert arguments[:3] == ["mcp", "add", "kubegap"] and arguments[3] == "--"
        assert "audit_manifests" in tools_of(arguments[4], arguments[5:], env, clone)
    codex = home / ".codex" / "config.toml"
    if codex.exists():
        effects += 1
        server = tomllib.loads(codex.read_text())["mcp_servers"]["kubegap"]
        assert "@VENV@" not in server["command"]
        assert "audit_manifests" in tools_of(server["command"], server["args"], env, clone)
    skill = home / ".claude" / "skills" / "kubegap" / "SKILL.md"
    if skill.exists():
        effects += 1
        assert skill.read_text().startswith("---\nname: kubegap\n")
    agents = user_repository / "AGENTS.md"
    if agents.exists():
        effects += 1
        assert "kubegap audit" in agents.read_text() and "integrations/" not in agents.read_text()
    assert effects, f"the block did nothing an agent could use:\n{block}"


COMMANDS = sorted({command for doc in DOCUMENTS for command in quoted_commands(doc)})


@pytest.mark.parametrize("command", COMMANDS)
def test_quoted_kubegap_commands_run(tmp_path, command):
    for placeholder, value in PLACEHOLDERS.items():
        command = command.replace(placeholder, value)
    arguments = shlex.split(command)[1:]
    env = {**os.environ, "KUBECONFIG": str(tmp_path / "no-kubeconfig")}
    done = subprocess.run([sys.executable, "-m", "kubegap", *arguments], capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert "Traceback" not in done.stderr
    live = not any(a.endswith(".json") for a in arguments) and arguments[0] == "audit"
    if live:  # the live audit with no cluster: a clear input error, exit 2
        assert done.returncode == 2 and "kubegap: error:" in done.stderr, done.stderr
    else:
        assert done.returncode in (0, 1), done.stderr
        assert done.stdout.strip()
