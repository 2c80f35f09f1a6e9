"""The integration files work as written: every shell command they show is run, and every kubegap
command they quote.

Shell blocks run in a sandbox shaped like a clone of kubegap (a copy of ``integrations/`` and a
``.venv`` whose ``kubegap`` runs the sources under test), each with a fresh ``$HOME`` and stand-ins for
``claude`` and ``codex`` that record their arguments. What a block leaves behind is then used as the
agent would use it: each MCP server it registers (with ``claude mcp add``, ``codex mcp add`` or as the
plugin's ``.mcp.json``) is started in the user's repository, with no ``--root``, and must audit a
manifest there by its relative path; each skill or AGENTS.md must name a kubegap that runs. The
install lines (venv, pip, build) are proven by tests/test_packaging.py. When the real ``claude`` and
``codex`` are on the PATH, they install the same lines and Claude Code must report the servers connected.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from kubegap import __version__
from kubegap.demo import demo_path

ROOT = Path(__file__).resolve().parent.parent
INTEGRATIONS = ROOT / "integrations"
PLUGIN = INTEGRATIONS / "claude-code" / "kubegap"
DOCUMENTS = sorted(INTEGRATIONS.rglob("*.md"))
INSTALL = re.compile(r"pip install|-m venv|-m build|make demo")
USER_REPOSITORY = "/path/to/your/repository"
KUBEGAP_BY_PATH = ("@KUBEGAP@", "~/.claude/skills/kubegap/bin/kubegap")
"""How the skill and AGENTS.md name kubegap: by path, never a bare command that may not be on PATH."""
PLACEHOLDERS = {
    "PATH...": str(demo_path()),
    "<changed paths>": str(demo_path()),
    "CASE-ID": "datadog-2023-systemd-networkd-cilium-outage",
    "<case-id>": "datadog-2023-systemd-networkd-cilium-outage",
    "CHECK-ID": "pdb-missing",
    "<check-id>": "pdb-missing",
}
MANIFEST = """apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec: {replicas: 1, template: {spec: {containers: [{name: api, image: "registry.example.com/shop/api:latest"}]}}}
"""


def shell_blocks(document: Path) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", document.read_text(), re.DOTALL)


def quoted_commands(document: Path) -> list[str]:
    spellings = "|".join(map(re.escape, ("kubegap", *KUBEGAP_BY_PATH)))
    return [m.group(0) for m in re.finditer(rf"(?<=`)(?:{spellings}) [^`]+(?=`)", document.read_text())]


def sandbox(tmp_path: Path) -> tuple[Path, dict, Path]:
    """A clone-shaped folder, the environment its commands run in, and the user's repository."""
    clone = tmp_path / "clone"
    (clone / ".venv" / "bin").mkdir(parents=True)
    shutil.copytree(INTEGRATIONS, clone / "integrations", symlinks=True)
    kubegap = clone / ".venv" / "bin" / "kubegap"
    kubegap.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT / "src"}" exec "{sys.executable}" -m kubegap "$@"\n')
    kubegap.chmod(0o755)
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for agent in ("claude", "codex"):
        stub = stubs / agent
        stub.write_text(
            f'#!/bin/sh\nexec "{sys.executable}" -c "import json, sys; print(json.dumps(sys.argv[1:]))" "$@" >> "$HOME/{agent}.log"\n'
        )
        stub.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    repository = tmp_path / "repository"
    (repository / "k8s").mkdir(parents=True)
    (repository / "k8s" / "app.yaml").write_text(MANIFEST)
    env = {**os.environ, "HOME": str(home), "PATH": f"{stubs}{os.pathsep}{os.environ['PATH']}"}
    return clone, env, repository


def audit_in(repository: Path, command: str, args: list[str], env: dict) -> dict:
    """Start a registered server as its client does, in the user's repository, and audit a file there."""

    async def body():
        params = StdioServerParameters(command=command, args=args, env=env, cwd=str(repository))
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("audit_manifests", {"paths": "k8s", "checks": "image-tag-mutable"})
            assert not result.is_error, result.content
            return json.loads(result.content[0].text)

    return anyio.run(body)


def registered(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def server_command(arguments: list[str]) -> list[str]:
    """The server's command line from ``claude|codex mcp add [options] NAME -- COMMAND ARGS...``."""
    assert arguments[:2] == ["mcp", "add"] and "--" in arguments, arguments
    return arguments[arguments.index("--") + 1 :]


def assert_audits_the_repository(repository: Path, command: list[str], env: dict) -> None:
    assert "--root" not in command, "an install pinned to one folder cannot read the user's repositories"
    assert Path(command[0]).is_absolute(), "the server is the venv's kubegap, by path"
    report = audit_in(repository, command[0], command[1:], env)
    assert [o["object"] for g in report["groups"] for o in g["objects"]] == ["Deployment shop/api"]


BLOCKS = [(doc, block) for doc in DOCUMENTS for block in shell_blocks(doc) if not INSTALL.search(block)]


def test_every_integration_document_is_covered():
    assert {doc.relative_to(INTEGRATIONS).as_posix() for doc, _ in BLOCKS} == {
        "claude-code/README.md",
        "codex/README.md",
    }
    assert not [doc for doc in DOCUMENTS if "pip install kubegap" in doc.read_text()]


@pytest.mark.parametrize(
    "document, block", BLOCKS, ids=[f"{d.parent.name}/{d.name}:{i}" for i, (d, _) in enumerate(BLOCKS)]
)
def test_shell_commands_work_as_written(tmp_path, document, block):
    clone, env, repository = sandbox(tmp_path)
    home = Path(env["HOME"])
    script = block.replace(USER_REPOSITORY, str(repository))
    for run in (1, 2):  # a second run leaves the same result: installs can be repeated
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script], cwd=clone, env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        if run == 1:
            first = {p: p.read_bytes() for p in (home / ".codex" / "AGENTS.md", repository / "AGENTS.md") if p.exists()}
    effects = 0
    for agent in ("claude", "codex"):
        for arguments in registered(home / f"{agent}.log")[:1]:
            effects += 1
            if agent == "claude":
                assert arguments[2:4] == ["-s", "user"], "Claude Code: available in every project"
            assert_audits_the_repository(repository, server_command(arguments), env)
    plugin = home / ".claude" / "skills" / "kubegap"
    if plugin.exists():
        effects += 1
        manifest = json.loads((plugin / ".claude-plugin" / "plugin.json").read_text())
        assert manifest["name"] == "kubegap" and manifest["version"] == __version__
        server = json.loads((plugin / ".mcp.json").read_text())["mcpServers"]["kubegap"]
        command = server["command"].replace("${CLAUDE_PLUGIN_ROOT}", str(plugin))
        assert_audits_the_repository(repository, [command, *server["args"]], env)
        skill = (plugin / "SKILL.md").read_text()
        assert skill.startswith("---\nname: kubegap\n")
        cli = KUBEGAP_BY_PATH[1].replace("~", str(home))
        assert (
            KUBEGAP_BY_PATH[1] in skill
            and subprocess.run([cli, "--version"], capture_output=True, text=True, check=False).stdout.strip()
        )
    for agents, written in first.items():
        effects += 1
        text = agents.read_text()
        assert agents.read_bytes() == written, "a second run adds no second copy"
        assert "@KUBEGAP@" not in text and "integrations/" not in text
        command = re.search(r"`(\S+/kubegap) audit", text).group(1)
        assert (
            Path(command).is_absolute()
            and subprocess.run([command, "--version"], capture_output=True, text=True).returncode == 0
        )
    assert effects, f"the block did nothing an agent could use:\n{block}"


def test_the_plugin_runs_the_clones_kubegap():
    link = PLUGIN / "bin" / "kubegap"
    assert link.is_symlink() and os.readlink(link) == "../../../../.venv/bin/kubegap"


COMMANDS = sorted({command for doc in DOCUMENTS for command in quoted_commands(doc)})


@pytest.mark.parametrize("command", COMMANDS)
def test_quoted_kubegap_commands_run(tmp_path, command):
    for placeholder, value in PLACEHOLDERS.items():
        command = command.replace(placeholder, value)
    arguments = shlex.split(command)[1:]
    env = {**os.environ, "KUBECONFIG": str(tmp_path / "no-kubeconfig")}
    done = subprocess.run(
        [sys.executable, "-m", "kubegap", *arguments],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert "Traceback" not in done.stderr
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout.strip()


def real(agent: str):
    return pytest.mark.skipif(shutil.which(agent) is None, reason=f"the real {agent} CLI is not on the PATH")


def install_lines(document: Path) -> str:
    return "\n".join(
        block for block in shell_blocks(document) if not INSTALL.search(block) and USER_REPOSITORY not in block
    )


@real("claude")
def test_claude_code_connects_both_installs(tmp_path):
    clone, env, repository = sandbox(tmp_path)
    env = {**env, "PATH": os.environ["PATH"], "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_TELEMETRY": "1"}
    for block in shell_blocks(INTEGRATIONS / "claude-code" / "README.md"):
        if not INSTALL.search(block):
            done = subprocess.run(
                ["bash", "-euo", "pipefail", "-c", block],
                cwd=clone,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
    listed = subprocess.run(
        ["claude", "mcp", "list"], cwd=repository, env=env, capture_output=True, text=True, timeout=300
    ).stdout
    assert re.search(r"^plugin:kubegap:kubegap: .*Connected", listed, re.MULTILINE) and re.search(
        r"^kubegap: .*Connected", listed, re.MULTILINE
    ), listed


@real("codex")
def test_codex_registers_the_server_once(tmp_path):
    clone, env, repository = sandbox(tmp_path)
    env = {**env, "PATH": os.environ["PATH"]}
    for _ in range(2):
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", install_lines(INTEGRATIONS / "codex" / "README.md")],
            cwd=clone,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    import tomllib

    servers = tomllib.loads((Path(env["HOME"]) / ".codex" / "config.toml").read_text())["mcp_servers"]
    assert list(servers) == ["kubegap"]
    assert_audits_the_repository(repository, [servers["kubegap"]["command"], *servers["kubegap"]["args"]], env)
