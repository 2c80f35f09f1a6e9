"""Every check survives mistyped fields: fixtures with values swapped for junk never crash a check.

Deterministic (seeded) mutations of every fixture and the demo cluster: each dict value or list item
is replaced, with some probability, by a value of the wrong type. A check may find less, or skip,
but its coverage must never be ``error``.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from kubegap.checks import all_checks
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

ROOT = Path(__file__).resolve().parents[2]
JUNK = (None, 1, "x", [], {}, True, [1, "a", None], {"a": 1})


def _mutate(value, rng: random.Random, rate: float) -> None:
    """Replace values by junk; each junk value is a fresh copy, since a part shared within one object
    (equal parts are stored once) is walked again and would otherwise mutate ``JUNK`` itself."""
    keys = list(value) if isinstance(value, dict) else range(len(value)) if isinstance(value, list) else ()
    for key in keys:
        if rng.random() < rate:
            value[key] = copy.deepcopy(rng.choice(JUNK))
        else:
            _mutate(value[key], rng, rate)


@pytest.fixture(scope="module")
def corpus() -> Collection:
    paths = sorted(str(p) for p in (ROOT / "tests" / "checks" / "fixtures").glob("*/*/*.yaml"))
    return ManifestSource([*paths, str(ROOT / "src" / "kubegap" / "demo" / "cluster.json")]).collect()


@pytest.mark.parametrize("seed", range(40))
def test_no_check_crashes_on_mistyped_fields(corpus: Collection, seed: int) -> None:
    rng = random.Random(seed)
    rate = (0.02, 0.08, 0.2, 0.4)[seed % 4]
    messy = Collection(collected=set(corpus.collected), absent=set(corpus.absent))
    for obj in corpus.resources:
        copied = copy.deepcopy(obj)
        _mutate(copied, rng, rate)
        if isinstance(copied.get("kind"), str) and isinstance(copied.get("metadata"), dict):
            messy.add(copied)
    crashed = [c for c in run_checks(Inventory(messy), all_checks()).coverage if c.status == "error"]
    assert not crashed, crashed
