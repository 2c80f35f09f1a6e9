"""Hostile files: a clear warning, bounded cost, nothing executed, every other file still audited."""

from __future__ import annotations

import json

import pytest
from robustness.scenarios import SCENARIOS, run

# Safety bounds against hangs and blow-ups, not performance targets (see benchmarks/ for those).
MAX_SECONDS = 60
MAX_RSS_MB = 1024


def _attack(scenario):
    said = f" ('{scenario.expect_stderr}')" if scenario.expect_stderr else ""
    expect = (
        f"skipped with a warning naming the file{said}" if scenario.expect_stderr else "read"
    ) + "; the good file beside it still audited; nothing executed; bounded time and memory"
    return pytest.param(
        scenario,
        id=scenario.name,
        marks=pytest.mark.attack(
            id=f"file-{scenario.name}", surface="files", attempt=scenario.description, expect=expect
        ),
    )


@pytest.mark.parametrize("scenario", [_attack(s) for s in SCENARIOS])
def test_hostile_input(scenario, tmp_path):
    outcome = run(scenario, tmp_path)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    assert outcome.exit_code == 1, (outcome.exit_code, outcome.stderr[-2000:])
    report = json.loads(outcome.stdout)
    assert any(f["object"]["name"] == "canary" for f in report["findings"]), "the good file was not audited"
    if scenario.expect_stderr:
        assert scenario.expect_stderr in outcome.stderr
        assert any(scenario.expect_stderr in w for w in report["warnings"])
    assert not (tmp_path / "pwned").exists(), "input was executed"
    assert outcome.seconds < MAX_SECONDS and outcome.peak_rss_mb < MAX_RSS_MB


@pytest.mark.parametrize("name, objects", [("10k-documents", 10_001), ("utf-16", 2)])
def test_unusual_but_valid_input_is_read_not_skipped(name, objects, tmp_path):
    scenario = next(s for s in SCENARIOS if s.name == name)
    assert json.loads(run(scenario, tmp_path).stdout)["summary"]["objects"] == objects
