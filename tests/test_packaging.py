"""The wheel and sdist that ``python -m build`` makes install and run, without the checkout.

The wheel is built from the sdist (``build``'s default), so a file missing from either fails here.
It is installed into a fresh virtual environment with ``--no-deps --no-index`` (offline); the
dependencies come from the environment running the tests, added after the new environment's own
site-packages so that the installed kubegap, not the checkout's, is the one that runs.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args, isolated: bool = True, **kwargs) -> subprocess.CompletedProcess:
    """Run a command; ``isolated`` drops PYTHONPATH, which would put the checkout's sources first."""
    env = {k: v for k, v in os.environ.items() if not (isolated and k in ("PYTHONPATH", "PYTHONHOME"))}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300, env=env, **kwargs)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin folder of a virtual environment with the built wheel installed."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed (pip install -e '.[test]')")
    work = tmp_path_factory.mktemp("package")
    dist = work / "dist"
    built = run(sys.executable, "-m", "build", "--outdir", dist, ROOT, isolated=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert len(list(dist.glob("kubegap-*.tar.gz"))) == 1
    (wheel,) = dist.glob("kubegap-*.whl")
    env_dir = work / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    (Path(purelib) / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    installed = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel)
    assert installed.returncode == 0, installed.stderr[-3000:]
    return env_dir / "bin"


def test_the_built_wheel_installs_and_audits_the_demo(installed):
    where = run(installed / "python", "-c", "import kubegap; print(kubegap.__file__)").stdout
    assert where.startswith(str(installed.parent)), f"the checkout's kubegap ran, not the wheel's: {where}"
    version = run(installed / "kubegap", "--version")
    assert version.returncode == 0 and version.stdout.startswith("kubegap "), version.stderr
    demo = run(installed / "kubegap", "audit", "--demo", "--fail-on", "none", cwd=installed.parent)
    assert demo.returncode == 0, demo.stderr[-3000:]
    assert "nccl-timeouts-unset" in demo.stdout and "checks ran" in demo.stdout.splitlines()[-1]
    cases = run(installed / "kubegap", "cases", "show", "datadog-2023-systemd-networkd-cilium-outage")
    assert cases.returncode == 0 and "Root cause" in cases.stdout


def test_the_kubectl_plugin_says_kubectl_gap(installed):
    shown = run(installed / "kubectl-gap", "audit", "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Usage: kubectl gap audit ")


def test_the_website_and_the_mcp_server_are_extras_of_the_wheel(installed):
    listed = run(
        installed / "python", "-c", "import importlib.metadata as m; print(chr(10).join(m.requires('kubegap')))"
    )
    assert listed.returncode == 0, listed.stderr
    core = {
        line.split(">")[0].split("[")[0].strip().lower()
        for line in listed.stdout.splitlines()
        if "extra ==" not in line
    }
    extras = {line.split('extra == "')[1].rstrip('"') for line in listed.stdout.splitlines() if "extra ==" in line}
    assert {"kubernetes", "pyyaml", "typer"} <= core
    assert not core & {"mcp", "starlette", "jinja2", "uvicorn"}
    assert {"web", "mcp", "all", "test"} <= extras
