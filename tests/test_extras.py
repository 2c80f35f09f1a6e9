"""The core install audits, reports and reads the library without the website's and the MCP server's extras,
and the commands that need one say which to install (exit code 2) instead of failing on an import."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kubegap.extras import EXTRAS

NOT_IN_CORE = {"starlette", "jinja2", "markupsafe", "uvicorn", "mcp", "anyio"}
"""Modules only the extras bring (markdown-it-py and typing_extensions come with rich and pydantic too)."""

WITHOUT_EXTRAS = """
import sys

class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
from kubegap.cli import main
sys.argv = ["kubegap", *{args!r}]
main()
"""


def kubegap_without_extras(*args: str, cwd=None) -> subprocess.CompletedProcess:
    script = WITHOUT_EXTRAS.format(blocked=sorted(NOT_IN_CORE), args=list(args))
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_what_the_core_lacks_is_only_in_the_extras():
    assert NOT_IN_CORE <= set(EXTRAS["web"]) | set(EXTRAS["mcp"])


@pytest.mark.parametrize(
    "args",
    [
        ("audit", "--demo", "--fail-on", "none"),
        ("audit", "--demo", "--fail-on", "none", "--format", "html"),
        ("audit", "--demo", "--fail-on", "none", "--format", "sarif"),
        ("cases", "show", "datadog-2023-systemd-networkd-cilium-outage"),
        ("checks", "show", "nccl-timeouts-unset"),
    ],
)
def test_the_core_runs_without_the_extras(args):
    done = kubegap_without_extras(*args)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip()


@pytest.mark.parametrize(
    ("args", "extra"),
    [(("mcp",), "mcp"), (("serve", "--port", "0"), "web"), (("site", "build", "site"), "web")],
)
def test_a_command_that_needs_an_extra_names_it(args, extra, tmp_path):
    done = kubegap_without_extras(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-3000:]
    assert f"pip install 'kubegap[{extra}]'" in done.stderr
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.iterdir()), "nothing is written before the extra is checked"


def test_checking_for_an_extra_imports_none_of_it():
    """The website checks for the web extra, which lists the MCP SDK for its Host check: looking the modules up
    must not import the MCP SDK's server stack, or uvicorn, into a site build."""
    script = (
        "import sys\n"
        "from kubegap.extras import require\n"
        "require('web', 'the website')\n"
        "require('mcp', 'the MCP server')\n"
        f"print(sorted(m for m in {sorted(NOT_IN_CORE)!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[]"
