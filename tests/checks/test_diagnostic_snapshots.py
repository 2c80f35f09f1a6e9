"""Every diagnostic a fixture produces is snapshotted: severity, object, message, evidence, fix, fingerprint.

``snapshots/<check-id>.yaml`` holds, for each of the check's fixtures, the findings it produces. A
changed message or evidence shows in review as a diff of that file; a changed fingerprint breaks users'
baselines, so it shows too. Regenerate after an intended change with
``KUBEGAP_UPDATE_SNAPSHOTS=1 pytest tests/checks/test_diagnostic_snapshots.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
import yaml

from kubegap.checks import all_checks
from kubegap.report.document import ReportedFinding
from kubegap.report.identity import fingerprint

_spec = importlib.util.spec_from_file_location("check_fixtures", Path(__file__).parent / "test_fixtures.py")
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
FIXTURES, _run = _fixtures.FIXTURES, _fixtures._run
SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("KUBEGAP_UPDATE_SNAPSHOTS") == "1"


def _diagnostics(check_id: str) -> dict:
    produced = {}
    for path in sorted((FIXTURES / check_id).glob("*/*.yaml")):
        _, findings = _run(path)
        entries = []
        for finding in findings:
            entry = {
                "object": finding.object.to_json(),
                "severity": finding.severity,
                "message": finding.message,
                "evidence": [e.to_json() for e in finding.evidence],
                "remediation": finding.remediation,
            }
            entry["fingerprint"] = fingerprint(ReportedFinding.from_json({"check_id": finding.check_id, **entry}))
            entries.append(entry)
        produced[f"{path.parent.name}/{path.name}"] = entries
    return produced


def _dump(diagnostics: dict) -> str:
    return yaml.safe_dump(diagnostics, sort_keys=False, allow_unicode=True, width=100)


@pytest.mark.parametrize("check", all_checks(), ids=lambda c: c.id)
def test_diagnostics_match_their_snapshot(check) -> None:
    snapshot = SNAPSHOTS / f"{check.id}.yaml"
    text = _dump(_diagnostics(check.id))
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        snapshot.write_text(text, encoding="utf-8")
    assert snapshot.is_file(), f"no snapshot for {check.id}: run with KUBEGAP_UPDATE_SNAPSHOTS=1 and review it"
    assert snapshot.read_text(encoding="utf-8") == text, (
        f"{check.id}'s diagnostics changed: review, then regenerate with KUBEGAP_UPDATE_SNAPSHOTS=1"
    )


def test_no_snapshot_without_a_check() -> None:
    known = {check.id for check in all_checks()}
    assert not {path.stem for path in SNAPSHOTS.glob("*.yaml")} - known
