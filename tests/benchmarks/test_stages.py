"""The benchmark's stage breakdown runs on the same assembly as every surface (a renamed function fails here, not in `make bench`)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import Shape, write
from run import stages

from kubegap.pipeline import audit, audit_options
from kubegap.sources.manifests import ManifestSource


def test_stages_time_every_step_of_the_audit_and_find_what_the_audit_finds(tmp_path):
    path = write(Shape(nodes=4, namespaces=2), tmp_path / "small.json")
    measured = stages(str(path))
    assert set(measured) == {
        "load",
        "inventory",
        "checks",
        "report",
        "render_json",
        "render_table",
        "objects",
        "findings",
    }
    assert all(measured[name] > 0 for name in ("load", "inventory", "checks", "report", "render_json", "render_table"))
    report = audit([ManifestSource([str(path)]).collect()], audit_options())
    assert measured["findings"] == len(report.findings) > 0
