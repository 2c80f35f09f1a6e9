"""Timings for the scaling guard, taken in a fresh interpreter: ``python guard_timings.py FILE...``.

Prints, as JSON, the best of ``REPEATS`` interleaved runs per file of the floor (orjson parsing the
file, collector off) and of the whole audit (read, index, check, report, render). A fresh process, as
the benchmarks use, so that the heap of a long test session does not count against the audit.
"""

from __future__ import annotations

import gc
import io
import json
import sys
import time
from pathlib import Path

import orjson

from kubegap.pipeline import audit, audit_options
from kubegap.report import renderer
from kubegap.sources.manifests import ManifestSource

REPEATS = 5


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


def timings(paths: list[Path]) -> tuple[list[float], list[float]]:
    """Best floor and best audit time per file."""
    _audit(paths[0])  # imports, the library, the check registry: once, not per size
    floors: list[list[float]] = [[] for _ in paths]
    audits: list[list[float]] = [[] for _ in paths]
    for _ in range(REPEATS):
        for index, path in enumerate(paths):
            floors[index].append(_floor(path))
            audits[index].append(_audit(path))
    return [min(f) for f in floors], [min(a) for a in audits]


if __name__ == "__main__":
    print(json.dumps(timings([Path(p) for p in sys.argv[1:]])))
