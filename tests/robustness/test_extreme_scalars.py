"""Extreme scalars in every field the checks read: no check crashes and every report format renders.

The fixtures of every check and the demo cluster are the objects: they hold every field some check
reads, in the shapes checks expect, so replacing their scalars reaches the code that parses numbers,
quantities and percentages, not only the type checks in front of it. Each scalar is replaced, with
some probability, by an extreme value: integers past 64 bits (and past a double), infinities and
NaN, percentages and quantities that overflow, dates, control characters. The objects are then
written as YAML and read back as a user's manifest would be, so they reach the checks as input does.
Hypothesis draws which fixtures, how many scalars and which values; a deterministic sweep does the
same over every object, a kind of extreme value at a time.
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubegap.checks import all_checks
from kubegap.domain.inventory import Inventory
from kubegap.library import load_library
from kubegap.report import FORMATS, renderer
from kubegap.report.model import Part, assemble_report
from kubegap.report.table import TableView
from kubegap.report.table import render as render_table
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "tests" / "checks" / "fixtures").glob("*/*/*.yaml"))
DEMO = ROOT / "src" / "kubegap" / "demo" / "cluster.json"
KINDS_OF_EXTREMES = {
    "integers": (
        10**20,
        -(10**20),
        2**63,
        2**64,
        -(2**63) - 1,
        10**400,
        -(10**400),
        99999999999999999999,
        2**31 - 1,
        -1,
    ),
    "floats": (float("inf"), float("-inf"), float("nan"), 1e308, -1e308, 5e-324, -0.0),
    "percentages": ("1e999%", "nan%", "-5%", "%", "inf%", "١٢%", "+5%", "5.5%", "99999999999999999999%"),
    "quantities": (
        "1e999",
        "nan",
        "inf",
        "-inf",
        "99999999999999999999",
        "99999999999999999999Gi",
        "1e999Gi",
        "1e308Ei",
        "NaNm",
        "0x10",
        "1_000",
        "",
        "-1",
    ),
    "other scalars": (True, False, None, dt.date(2024, 1, 1), dt.datetime(2024, 1, 1, 6, 0)),
    "control characters": ("\x1b[2J\x1b[31m", "\u202eevil", "a\nb", "\x9b31m", "\x00"),
}
EXTREMES = tuple(value for values in KINDS_OF_EXTREMES.values() for value in values)
CHECKS = all_checks()
LIBRARY = load_library()


def _objects(paths) -> list[dict]:
    return ManifestSource([str(p) for p in paths]).collect().resources


CORPUS = _objects([*FIXTURES, DEMO])


def _replace_scalars(value, rng: random.Random, rate: float, extremes) -> None:
    """Replace scalars in place, each with probability ``rate``, by one of ``extremes`` (copies: parts
    are shared between objects, so the walk works on a deep copy)."""
    keys = list(value) if isinstance(value, dict) else range(len(value)) if isinstance(value, list) else ()
    for key in keys:
        part = value[key]
        if isinstance(part, dict | list):
            _replace_scalars(part, rng, rate, extremes)
        elif rng.random() < rate:
            value[key] = copy.deepcopy(rng.choice(extremes))


def _audit_and_render(objects: list[dict], folder: Path) -> None:
    """Write ``objects`` as a manifest, read it as kubegap reads one, audit it with every check, render every format."""
    manifest = folder / "extreme.yaml"
    manifest.write_text(yaml.dump_all(objects, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper)))
    collection = ManifestSource([str(manifest)]).collect()
    collection.collected |= {obj["kind"] for obj in objects if isinstance(obj.get("kind"), str)}
    inventory = Inventory(collection)
    result = run_checks(inventory, CHECKS)
    crashed = [c for c in result.coverage if c.status == "error"]
    assert not crashed, crashed
    report = assemble_report([Part(result, inventory)], CHECKS, LIBRARY)
    for name in FORMATS:
        renderer(name)(report, io.StringIO())
    render_table(report, io.StringIO(), TableView(verbose=True, width=80))
    render_table(report, io.StringIO(), TableView(group_by="check", width=80))


@pytest.mark.attack(
    id="extreme-scalars",
    surface="files",
    attempt="integers past 64 bits and past a double, infinities, NaN, percentages and quantities like '1e999%' and "
    "'nan%', dates and control characters in any field of any object",
    expect="every check runs (none crashes) and every report format renders",
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    st.lists(st.sampled_from(FIXTURES), min_size=1, max_size=6, unique=True),
    st.floats(0.05, 1.0),
    st.randoms(use_true_random=False),
    st.lists(st.sampled_from(EXTREMES), min_size=1, max_size=8),
)
def test_extreme_scalars_in_fixtures(tmp_path_factory, paths, rate, rng, extremes):
    objects = copy.deepcopy(_objects(paths))
    for obj in objects:
        _replace_scalars(obj, rng, rate, extremes)
    _audit_and_render(objects, tmp_path_factory.mktemp("extreme"))


@pytest.mark.attack(
    id="extreme-scalars",
    surface="files",
    attempt="integers past 64 bits and past a double, infinities, NaN, percentages and quantities like '1e999%' and "
    "'nan%', dates and control characters in any field of any object",
    expect="every check runs (none crashes) and every report format renders",
)
@pytest.mark.parametrize("kind", KINDS_OF_EXTREMES)
def test_one_kind_of_extreme_everywhere(kind, tmp_path):
    """Every fixture and the demo cluster at once, a third of their scalars replaced by extreme values of one kind."""
    objects = copy.deepcopy(CORPUS)
    rng = random.Random(kind)
    for obj in objects:
        _replace_scalars(obj, rng, 0.3, KINDS_OF_EXTREMES[kind])
    _audit_and_render(objects, tmp_path)
