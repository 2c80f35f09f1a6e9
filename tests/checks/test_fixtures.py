"""Every check has fixtures that must fire and fixtures that must not.

``fixtures/<check-id>/fires/*.yaml`` must produce at least one finding of that check (exactly N
when the file starts with ``# expect: N``; every finding at severity S when a leading comment line says
``# severity: S``); ``fixtures/<check-id>/passes/*.yaml`` must produce
none, and the check must have run (not been skipped) unless the file starts with ``# skipped``.
A leading ``# settings: {json}`` comment line runs the check with those settings (small thresholds
keep fixtures small). A fleet check's fixture holds one kubegap Snapshot document per cluster.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.fleets import fleet_members

from kubegap.checks import all_checks, get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check, run_fleet_check
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "fixtures"


def _cases(kind: str):
    for path in sorted(FIXTURES.glob(f"*/{kind}/*.yaml")):
        yield pytest.param(path, id=f"{path.parent.parent.name}/{path.stem}")


def _run(path: Path):
    check = get_check(path.parent.parent.name)
    assert check is not None, f"fixture folder {path.parent.parent.name} names no check"
    if check.scope == "fleet":
        return run_fleet_check(check, fleet_members(path), _settings(path))
    collection = ManifestSource([str(path)]).collect()
    assert not collection.warnings, collection.warnings
    return run_check(check, Inventory(collection), _settings(path))


def _settings(path: Path) -> dict:
    found = _comment(path, "# settings:")
    return json.loads(found) if found is not None else {}


def _comment(path: Path, prefix: str) -> str | None:
    """The rest of the leading comment line that starts with ``prefix``, stripped; None without one."""
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        if line.startswith(prefix):
            return line.removeprefix(prefix).strip()
    return None


def _header(path: Path) -> str:
    return path.read_text().splitlines()[0]


@pytest.mark.parametrize("path", list(_cases("fires")))
def test_fires(path: Path) -> None:
    coverage, findings = _run(path)
    assert coverage.status == "ran", coverage
    expected = re.match(r"# expect: (\d+)", _header(path))
    if expected:
        assert len(findings) == int(expected.group(1)), [f.message for f in findings]
    else:
        assert findings
    for finding in findings:
        assert finding.message and finding.remediation and finding.cases
    severity = _comment(path, "# severity:")
    if severity is not None:
        assert {f.severity for f in findings} == {severity}, [(f.severity, f.message) for f in findings]


@pytest.mark.parametrize("path", list(_cases("passes")))
def test_passes(path: Path) -> None:
    coverage, findings = _run(path)
    assert findings == [], [f.message for f in findings]
    if _header(path).startswith("# skipped"):
        assert coverage.status == "skipped", coverage
    else:
        assert coverage.status == "ran", coverage


@pytest.mark.parametrize("check", all_checks(), ids=lambda c: c.id)
def test_every_check_has_both_kinds_of_fixture(check) -> None:
    folder = FIXTURES / check.id
    assert list((folder / "fires").glob("*.yaml")), f"{check.id} has no fixture that must fire"
    assert list((folder / "passes").glob("*.yaml")), f"{check.id} has no fixture that must not fire"
