"""README.md as a newcomer reads it: the set-up commands, how to run kubegap, a quick start whose output
is what kubegap prints, then reference; its generated figures are current."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT

README = (ROOT / "README.md").read_text()


def test_the_generated_parts_are_current():
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "readme.py"), "--check"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_setup_then_how_to_run_then_a_quick_start_then_reference():
    headings = re.findall(r"^## (.+)$", README, re.MULTILINE)
    assert headings[:3] == ["Install", "Quick start", "Audit"]
    install = README[README.index("## Install") : README.index("## Quick start")]
    assert "make demo" in install and "make test" in install
    assert ".venv/bin/kubegap" in install and ". .venv/bin/activate" in install
    assert (ROOT / "Makefile").read_text().count("-m venv $(VENV)") == 1 and "VENV ?= .venv" in (
        ROOT / "Makefile"
    ).read_text()
    assert "Use from Claude Code or Codex" in headings


def test_internals_live_in_docs():
    for internal in ("BM25F", "memory-mapped", "~/.cache/kubegap", "src/kubegap/\n  cli/"):
        assert internal not in README, internal
        assert internal in (ROOT / "docs" / "INTERNALS.md").read_text(), internal


def test_figures_the_readme_names_are_the_codes():
    from kubegap.report.markdown import COMMENT_LIMIT
    from kubegap.report.table import WHOLE_REPORT

    flat = " ".join(README.split())
    assert f"A report of more than {WHOLE_REPORT} findings" in flat
    assert f"fits a GitHub comment ({COMMENT_LIMIT:,} characters)" in flat
    page = re.search(
        r"var PAGE = (\d+);", (ROOT / "src" / "kubegap" / "web" / "static" / "viewer.js").read_text()
    ).group(1)
    assert f"{page} to a page" in flat
    keep = re.search(
        r'typer.Option\((\d+), "--keep"', (ROOT / "src" / "kubegap" / "cli" / "audit.py").read_text()
    ).group(1)
    assert f"the last {keep}," in flat


def test_the_quick_starts_library_commands_work():
    from conftest import run_cli

    block = README[README.index("## Quick start") : README.index("## Audit")]
    commands = re.findall(r"^kubegap ((?:cases|checks) show \S+)", block, re.MULTILINE)
    assert len(commands) == 2
    for command in commands:
        assert run_cli(*command.split()).returncode == 0, command
