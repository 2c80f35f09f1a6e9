"""Checks only read: an audit leaves every resource as it was (equal parts are shared between objects,
so one changed list would change what every later check sees in other objects)."""

from __future__ import annotations

import copy
from pathlib import Path

from kubegap.audit import run_audit
from kubegap.checks import all_checks
from kubegap.inventory import Inventory
from kubegap.sources.manifests import ManifestSource

ROOT = Path(__file__).resolve().parents[2]


def test_an_audit_changes_no_resource() -> None:
    paths = sorted(str(p) for p in (ROOT / "tests" / "checks" / "fixtures").glob("*/*/*.yaml"))
    collection = ManifestSource([*paths, str(ROOT / "src" / "kubegap" / "demo" / "cluster.json")]).collect()
    before = copy.deepcopy(collection.resources)
    run_audit(Inventory(collection), all_checks())
    changed = [f"{o.get('kind')} {o.get('metadata', {}).get('name')}" for o, b in zip(collection.resources, before, strict=True) if o != b]
    assert not changed
