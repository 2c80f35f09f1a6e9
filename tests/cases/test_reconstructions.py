"""Every case's check links are proven on a reconstruction of the incident.

For each case that names checks, ``library/data/reconstructions/<case-id>/incident.yaml`` rebuilds
the configuration its sources describe and ``fixed.yaml`` the same after the remediation the case
reports. Every check the case names must run and fire on the incident, and run without a finding on
the fix. Each file opens with a comment block saying which source sentence each part comes from. A
header line ``# settings: {"<check-id>": {...}}`` runs checks with those settings, so a threshold the
incident passed (a hundred thousand Events) can be shown at a small scale, as its header then says.
A fleet check runs over ``incident-fleet.yaml`` and ``fixed-fleet.yaml`` beside them: one kubegap
Snapshot document per cluster.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.fleets import fleet_members
from support.reconstructions import HERE, LINKED, header

from kubegap.checks import get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check, run_fleet_check
from kubegap.sources.manifests import ManifestSource


def _settings(path: Path) -> dict:
    for line in header(path):
        if line.startswith("# settings:"):
            return json.loads(line.removeprefix("# settings:"))
    return {}


def _audit(path: Path, check_ids):
    collection = ManifestSource([str(path)]).collect()
    assert not collection.warnings, collection.warnings
    inventory = Inventory(collection)
    settings = _settings(path)
    results = {}
    for check_id in check_ids:
        check = get_check(check_id)
        assert check is not None, f"{path} names unknown check {check_id}"
        if check.scope == "fleet":
            results[check_id] = run_fleet_check(check, fleet_members(path.with_name(f"{path.stem}-fleet.yaml")))
        else:
            results[check_id] = run_check(check, inventory, settings.get(check_id))
    return results


@pytest.mark.parametrize("case", LINKED, ids=lambda c: c.id)
def test_every_named_check_fires_on_the_incident(case) -> None:
    path = HERE / case.id / "incident.yaml"
    assert path.is_file(), f"{case.id} names checks {list(case.checks)} but has no reconstruction at {path}"
    for check_id, (coverage, findings) in _audit(path, case.checks).items():
        assert coverage.status == "ran", f"{case.id}: {check_id} did not run on the incident: {coverage}"
        assert findings, f"{case.id}: {check_id} finds nothing on the incident's reconstruction"


@pytest.mark.parametrize("case", LINKED, ids=lambda c: c.id)
def test_no_named_check_fires_on_the_fix(case) -> None:
    path = HERE / case.id / "fixed.yaml"
    assert path.is_file(), f"{case.id} has no fixed.yaml beside its reconstruction"
    for check_id, (coverage, findings) in _audit(path, case.checks).items():
        assert coverage.status == "ran", f"{case.id}: {check_id} did not run on the fix: {coverage}"
        assert not findings, f"{case.id}: {check_id} still fires after the fix: {[f.message for f in findings]}"


@pytest.mark.parametrize("case", LINKED, ids=lambda c: c.id)
def test_reconstruction_says_where_each_part_comes_from(case) -> None:
    for name in ("incident.yaml", "fixed.yaml"):
        lines = header(HERE / case.id / name)
        assert any(line.lstrip("# ").lower().startswith("source") for line in lines), (
            f"{case.id}/{name} must open with comments naming the source sentence behind each part"
        )


def test_no_reconstruction_without_a_case() -> None:
    linked = {case.id for case in LINKED}
    stray = sorted(p.name for p in HERE.iterdir() if p.is_dir() and not p.name.startswith("_") and p.name not in linked)
    assert not stray, f"reconstructions for cases that name no check (or do not exist): {stray}"
