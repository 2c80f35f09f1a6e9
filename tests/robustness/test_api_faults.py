"""API faults: the audit ends within its deadline, says honestly what it could not collect, exits
with a code that says so, prints no traceback, and only ever reads."""

from __future__ import annotations

import dataclasses

import pytest
from robustness.api_faults import FAULT_SCENARIOS, coverage_words, run_fault
from support.apiserver import unsafe_requests

from kubegap.checks import all_checks

AFTER_COLLECTION = 3.0
"""Seconds past the deadline the checks and the report may take (the machine has 2 cores)."""
MAX_RSS_MB = 512


def _scenario(name: str):
    return next(s for s in FAULT_SCENARIOS if s.name == name)


@pytest.mark.parametrize("scenario", FAULT_SCENARIOS, ids=lambda s: s.name)
def test_api_fault(scenario, tmp_path):
    outcome = run_fault(scenario, tmp_path)
    process = outcome.process
    assert "Traceback" not in process.stderr, process.stderr
    assert process.exit_code == scenario.exit_code, (process.exit_code, process.stderr[-2000:])
    assert outcome.seconds_after_first_request < scenario.deadline + AFTER_COLLECTION
    assert process.peak_rss_mb < MAX_RSS_MB
    assert unsafe_requests(outcome.log) == []
    if scenario.requests is not None:
        assert scenario.requests(outcome.log), [(e["path"], e["query"]) for e in outcome.log]
    if not scenario.kinds:
        assert outcome.report is None, "an audit that could not start must not print a report"
        assert "kubegap: error: " in process.stderr and scenario.says in process.stderr
        return
    for kind, state in scenario.kinds.items():
        assert outcome.state(kind) == state, (kind, outcome.report["kinds"])
    failed = outcome.report["kinds"]["failed"]
    assert not scenario.says or any(scenario.says in why for why in failed.values()), failed
    coverage = {c["check_id"]: c for c in outcome.report["coverage"]}
    for kind, why in failed.items():
        assert f"kubegap: warning: {kind} could not be collected: {why}" in process.stderr
        for check in all_checks():
            if kind in check.requires:
                assert coverage[check.id]["status"] == "skipped", coverage[check.id]
                assert f"could not be collected ({why})" in coverage[check.id]["reason"]


def test_a_partial_audit_exits_0_without_fail_on_partial(tmp_path):
    """--fail-on-partial is what turns a partial audit into exit 3; the report says so either way."""
    outcome = run_fault(_scenario("500-always"), tmp_path, fail_on_partial=False)
    assert outcome.process.exit_code == 0 and outcome.state("Node") == "failed"
    assert coverage_words(outcome).startswith("Node failed: list nodes: 500 InternalError")


def test_no_deadline_means_waiting_out_every_retry(tmp_path):
    """With --deadline 0 the slow kind is given every retry, so the deadline above is what bounded it."""
    slow = dataclasses.replace(_scenario("slower-than-timeout"), deadline=0)
    outcome = run_fault(slow, tmp_path)
    assert outcome.process.exit_code == 3 and outcome.state("Node") == "failed"
    assert "ReadTimeoutError" in outcome.report["kinds"]["failed"]["Node"]
    assert sum(1 for e in outcome.log if e["path"] == "/api/v1/nodes") == 5
