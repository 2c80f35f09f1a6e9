"""A JSON report is input too (``kubegap diff``, ``--baseline``, a fleet of reports, ``kubegap serve
--report``): a mistyped or truncated one is refused with an error naming the file and field, never a
traceback."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys

import pytest

from kubegap.errors import UserError
from kubegap.pipeline import audit_reports, configured_options
from kubegap.report import FORMATS, renderer
from kubegap.report.baseline import load_report, with_baseline
from kubegap.report.diff import diff_report, render_json, render_table

JUNK = (None, 0, -1, 10**20, 1.5, float("inf"), "", "x", "\x1b[2J", [], {}, [1, "a"], {"a": 1}, True)


@pytest.fixture(scope="module")
def demo_report(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("report") / "demo.json"
    subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", "--demo", "--format", "json", "-o", str(path)],
        capture_output=True,
        timeout=120,
    )
    return json.loads(path.read_text())


def _mutated(report: dict, rng: random.Random, rate: float) -> dict:
    """A copy of ``report`` with values replaced by junk, or keys dropped, here and there."""
    report = copy.deepcopy(report)

    def walk(value) -> None:
        keys = list(value) if isinstance(value, dict) else range(len(value)) if isinstance(value, list) else ()
        for key in keys:
            roll = rng.random()
            if roll < rate / 3 and isinstance(value, dict):
                del value[key]
            elif roll < rate:
                value[key] = copy.deepcopy(rng.choice(JUNK))
            else:
                walk(value[key])

    walk(report)
    return report


def _read_everywhere(reports: list[dict], tmp_path) -> None:
    """What every reader of reports does with them: load, diff, baseline, fleet, every format."""
    paths = []
    for index, report in enumerate(reports):
        path = tmp_path / f"r{index}.json"
        path.write_bytes(json.dumps(report, allow_nan=True).encode())
        paths.append(path)
    try:
        loaded = [load_report(path) for path in paths]
    except UserError:
        return
    diff = diff_report(loaded[0], loaded[1], "old", "new")
    render_table(diff, io.StringIO())
    render_json(diff, io.StringIO())
    with_baseline(loaded[1], loaded[0], "old")
    try:
        fleet = audit_reports([(str(p), r) for p, r in zip(paths, loaded, strict=True)], configured_options())
    except UserError:
        return
    for name in FORMATS:
        renderer(name)(fleet, io.StringIO())


SEEDS = 40


@pytest.mark.attack(
    id="report-mistyped",
    surface="files",
    attempt="JSON reports with fields dropped or replaced by values of the wrong type, given to kubegap diff, --baseline and a fleet audit",
    expect="each either read or refused with an error naming the file and field; never a traceback",
)
def test_mistyped_reports_are_refused_or_read(demo_report, tmp_path):
    crashed = []
    for seed in range(SEEDS):
        rng = random.Random(seed)
        rate = (0.002, 0.01, 0.05, 0.1)[seed % 4]
        try:
            _read_everywhere([_mutated(demo_report, rng, rate), _mutated(demo_report, rng, rate)], tmp_path)
        except Exception as exc:  # noqa: BLE001 - any exception but UserError is what this test looks for
            crashed.append(f"seed {seed}: {type(exc).__name__}: {exc}"[:200])
    assert not crashed, crashed
