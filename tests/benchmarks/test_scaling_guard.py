"""Regression guard for the benchmark targets, on small clusters: ratios only, never absolute times.

At two sizes (600 and 1,800 pods) it times the whole audit in this process (read, index, check,
report, render) beside the floor (orjson parsing the same file, collector off), interleaved,
best of five: noise on a shared machine only ever adds time. It fails when the audit takes more than 2.5x the floor at the larger size, or
when the audit's time grows faster than the pods by an exponent over 1.1 (beyond what noise adds
to the floor's own exponent, measured alongside). Files are sliced as a 60,000-pod snapshot is,
by lowering the slicing thresholds. The full benchmarks are in benchmarks/ (make bench).
"""

from __future__ import annotations

import gc
import io
import math
import sys
import time
from pathlib import Path

import orjson
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import Shape, write  # noqa: E402

from kubegap.pipeline import audit, audit_options
from kubegap.report import renderer
from kubegap.sources import jsonslices, manifests
from kubegap.sources.manifests import ManifestSource

SIZES = (Shape(nodes=20, namespaces=6), Shape(nodes=60, namespaces=18))
REPEATS = 5
FLOOR_RATIO = 2.5
EXPONENT = 1.1
NOISE = 0.3
"""Allowance for a shared 2-core machine at these small sizes, late in a long test session (whose heap
makes the larger run slower: about 1.26 seen there, 1.0 in a fresh process). A quadratic step in a
check shows as an exponent near 2, far past it. The 1.1 target itself is measured by `make bench`."""


def _floor(path: Path) -> float:
    raw = path.read_bytes()
    gc.collect()
    gc.disable()
    try:
        started = time.perf_counter()
        orjson.loads(raw)
        return time.perf_counter() - started
    finally:
        gc.enable()


def _audit(path: Path) -> float:
    gc.collect()  # every run starts from the same collector state
    started = time.perf_counter()
    report = audit([ManifestSource([str(path)]).collect()], audit_options())
    renderer("json")(report, io.StringIO())
    return time.perf_counter() - started


@pytest.fixture(scope="module")
def timings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scaling")
    paths = [write(shape, folder / f"{shape.pods}.json") for shape in SIZES]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifests, "SLICED_READ_BYTES", 1 << 20)
        patch.setattr(jsonslices, "SLICE_BYTES", 256 << 10)
        _audit(paths[0])  # imports, the library, the check registry: once, not per size
        floors: list[list[float]] = [[] for _ in paths]
        audits: list[list[float]] = [[] for _ in paths]
        for _ in range(REPEATS):
            for index, path in enumerate(paths):
                floors[index].append(_floor(path))
                audits[index].append(_audit(path))
    return [min(f) for f in floors], [min(a) for a in audits]


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
    assert exponent <= allowed, f"audit time grows as pods^{exponent:.2f} (floor: pods^{floor:.2f}, allowed {allowed:.2f})"
