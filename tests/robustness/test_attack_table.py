"""docs/ROBUSTNESS.md publishes every attack the tests try (``@pytest.mark.attack``) and whether it held:
the table must list exactly the attacks the tests mark, as they describe them, and count as failed
exactly those marked ``xfail`` (the suite fails on any other attack test that fails)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT
from support.attacks import FIELDS, attack_section, expected

DOC = ROOT / "docs" / "ROBUSTNESS.md"


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> list[dict]:
    """Every attack test, from collecting the whole suite with the attack-table plugin."""
    table = tmp_path_factory.mktemp("attacks") / "attacks.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-m",
            "attack",
            "-p",
            "no:cacheprovider",
            f"--attack-table={table}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return json.loads(table.read_text())


def test_every_attack_is_described_fully_and_alike(collected):
    assert collected, "no test is marked attack"
    for test in collected:
        assert all(isinstance(test[name], str) and test[name].strip() for name in FIELDS), test
    expected(collected)  # raises when two tests describe one attack id differently


def test_the_robustness_doc_is_up_to_date(collected):
    section = attack_section(expected(collected))
    assert section in DOC.read_text(encoding="utf-8"), (
        "docs/ROBUSTNESS.md is stale: run 'python scripts/robustness_report.py'"
    )
