"""Regression guard for the benchmark targets, on small clusters: ratios only, never absolute times.

At two sizes (600 and 1,800 pods) it times the whole audit (read, index, check, report, render)
beside the floor (orjson parsing the same file, collector off), interleaved, best of five, in a
fresh interpreter (guard_timings.py), as the benchmarks do: noise on a shared machine only ever adds
time, and the heap of a long test session made the audit slower in this process than in a fresh one.
It fails when the audit takes more than 2.5x the floor at the larger size, or
when the audit's time grows faster than the pods by an exponent over 1.1 (beyond what noise adds
to the floor's own exponent, measured alongside). Files of these sizes are read in slices, as a
60,000-pod snapshot is. The full benchmarks are in benchmarks/ (make bench).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import Shape, write

SIZES = (Shape(nodes=20, namespaces=6), Shape(nodes=60, namespaces=18))
FLOOR_RATIO = 2.5
EXPONENT = 1.1
NOISE = 0.3
"""Allowance for a shared 2-core machine at these small sizes. A quadratic step in a check shows as an
exponent near 2, far past it. The 1.1 target itself is measured by `make bench`."""


@pytest.fixture(scope="module")
def timings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scaling")
    paths = [write(shape, folder / f"{shape.pods}.json") for shape in SIZES]
    measured = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("guard_timings.py")), *map(str, paths)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(measured.stdout)


def _exponent(times: list[float]) -> float:
    return math.log(times[1] / times[0]) / math.log(SIZES[1].pods / SIZES[0].pods)


def test_audit_stays_within_its_ratio_to_the_parse_floor(timings):
    floors, audits = timings
    ratio = audits[1] / floors[1]
    assert ratio <= FLOOR_RATIO, f"audit {audits[1]:.3f} s is {ratio:.2f}x the parse floor {floors[1]:.3f} s"


def test_audit_time_grows_no_faster_than_the_cluster(timings):
    floors, audits = timings
    exponent, floor = _exponent(audits), _exponent(floors)
    allowed = max(EXPONENT, floor) + NOISE
    assert exponent <= allowed, (
        f"audit time grows as pods^{exponent:.2f} (floor: pods^{floor:.2f}, allowed {allowed:.2f})"
    )
