"""Nothing in an audit changes what it reads.

Equal parts of different resources are one shared value once read (``kubegap.sources.compact``),
a pod template's facts are worked out once (``PodTemplate.derive``) and once-per-audit values are
shared by every check that asks (``Inventory.derive``, ``ScopedInventory.derive``). A check that
changed any of them would silently change what other objects hold and what other checks see. So
every check runs over realistic inputs, and:

- the resources serialise to the same bytes after the audit as before;
- every memoised value is, once the audits are over, what it was when it was worked out;
- a second audit over the same inventory, and an audit running the checks in the opposite order
  over a fresh one, find exactly what the first found (a check that changed a shared value would
  change what the checks after it find).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest
from support.fleets import fleet_members

from kubegap.demo import demo_path
from kubegap.domain.inventory import Inventory
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.scoped_inventory import ScopedInventory
from kubegap.pipeline import select_checks
from kubegap.runner import RunResult, run_checks
from kubegap.sources.compact import Compactor
from kubegap.sources.manifests import ManifestSource
from kubegap.sources.snapshot import read_snapshot

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "checks" / "fixtures"
CHECKS = select_checks(None)
CLUSTER_CHECKS = [c for c in CHECKS if c.scope != "fleet"]
FLEET_CHECKS = [c for c in CHECKS if c.scope == "fleet"]
CORPUS_PROJECTS = (
    "GoogleCloudPlatform-container-engine-accelerators",
    "GoogleCloudPlatform-microservices-demo",
    "aws-samples-awsome-distributed-training",
    "cert-manager-cert-manager",
    "kubeflow-training-operator-master",
    "kubernetes-examples",
)
"""Real manifests (GPU drivers and training, services, examples) of the shared corpus, each audited in a tenth of a second."""


def _benchmark_snapshot() -> Inventory:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from generate import Shape, document
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    shape = Shape(nodes=20, pods_per_node=10, namespaces=4)
    return Inventory(read_snapshot(document(shape), "benchmark", Compactor()))


def _manifests(*paths: Path) -> Callable[[], Inventory]:
    return lambda: Inventory(ManifestSource([str(p) for p in paths]).collect())


def _settings(path: Path) -> dict[str, dict]:
    """A fixture's ``# settings:`` header, for the check the fixture is about."""
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# settings:"):
            return {path.parent.parent.name: json.loads(line.removeprefix("# settings:"))}
    return {}


def _fixtures(scope: str) -> list[Path]:
    ids = {c.id for c in (FLEET_CHECKS if scope == "fleet" else CLUSTER_CHECKS)}
    return [p for p in sorted(FIXTURES.glob("*/*/*.yaml")) if p.parent.parent.name in ids]


def _serialised(inventory: Inventory) -> bytes:
    """The resources as bytes: a part a check changed, wherever it is shared, changes them."""
    collection = inventory.collection
    return orjson.dumps(
        [collection.resources, collection.cluster], option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
    )


def _fingerprint(value, path: frozenset[int] = frozenset()) -> str:
    """``value`` written out in full: containers item by item, dataclasses by the fields they compare
    (a pod template's memo is not one of them). Other objects are written as their type only: what
    they hold is judged by what the checks find with it."""
    if isinstance(value, str | int | float | type(None)):
        return repr(value)
    if id(value) in path:
        return "<cycle>"
    inner = path | {id(value)}
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_fingerprint(k, inner)}: {_fingerprint(v, inner)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return type(value).__name__ + "[" + ", ".join(_fingerprint(v, inner) for v in value) + "]"
    if isinstance(value, set | frozenset):
        return type(value).__name__ + "{" + ", ".join(sorted(_fingerprint(v, inner) for v in value)) + "}"
    if dataclasses.is_dataclass(value):
        fields = (f.name for f in dataclasses.fields(value) if f.compare)
        return (
            type(value).__name__
            + "("
            + ", ".join(f"{name}={_fingerprint(getattr(value, name), inner)}" for name in fields)
            + ")"
        )
    return f"<{type(value).__name__}>"


@pytest.fixture
def memoised(monkeypatch) -> list[tuple[object, object, str]]:
    """Every value memoised during the test, as ``(key, value, its fingerprint when it was worked out)``."""
    made: list[tuple[object, object, str]] = []
    for holder in (Inventory, ScopedInventory, PodTemplate):

        def derive(self, key, compute, original=holder.derive):
            def recorded(source):
                value = compute(source)
                made.append((key, value, _fingerprint(value)))
                return value

            return original(self, key, recorded)

        monkeypatch.setattr(holder, "derive", derive)
    return made


def _changed(made: list[tuple[object, object, str]]) -> list:
    """The keys of the memoised values that are no longer what they were when worked out."""
    return [key for key, value, fingerprint in made if _fingerprint(value) != fingerprint]


def _outcome(result: RunResult) -> tuple:
    """What an audit found, in an order that does not depend on the order the checks ran in."""
    return (
        sorted(result.findings, key=repr),
        sorted(((s.finding, s.reason, s.by) for s in result.suppressed), key=repr),
        sorted(result.coverage, key=lambda c: c.check_id),
    )


CLUSTER_INPUTS = [
    pytest.param(_manifests(demo_path()), {}, id="demo"),
    pytest.param(_benchmark_snapshot, {}, id="benchmark-snapshot"),
    *(
        pytest.param(_manifests(path), _settings(path), id=f"{path.parent.parent.name}/{path.parent.name}/{path.stem}")
        for path in _fixtures("cluster")
    ),
]


def _assert_audits_change_nothing(load: Callable[[], Inventory], settings: dict[str, dict], memoised: list) -> None:
    inventory = load()
    before = _serialised(inventory)
    first = run_checks(inventory, CLUSTER_CHECKS, settings=settings)
    assert _serialised(inventory) == before
    second = run_checks(inventory, CLUSTER_CHECKS, settings=settings)
    assert _serialised(inventory) == before
    assert _outcome(second) == _outcome(first)
    reversed_order = run_checks(load(), CLUSTER_CHECKS[::-1], settings=settings)
    assert _outcome(reversed_order) == _outcome(first)
    assert memoised, "nothing was memoised: the audit no longer goes through derive"
    assert _changed(memoised) == []


@pytest.mark.parametrize(("load", "settings"), CLUSTER_INPUTS)
def test_an_audit_changes_neither_its_input_nor_what_it_memoises(load, settings, memoised):
    _assert_audits_change_nothing(load, settings, memoised)


@pytest.mark.parametrize("project", CORPUS_PROJECTS)
def test_an_audit_of_real_manifests_changes_nothing_it_reads(shared, project, memoised):
    _assert_audits_change_nothing(_manifests(shared / "corpus" / project), {}, memoised)


@pytest.mark.parametrize("path", _fixtures("fleet"), ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}")
def test_a_fleet_audit_changes_nothing_it_reads(path, memoised):
    members = fleet_members(path)
    settings = _settings(path)
    before = [_serialised(inventory) for _, inventory in members]
    first = run_checks(None, FLEET_CHECKS, settings=settings, fleet=members)
    second = run_checks(None, FLEET_CHECKS, settings=settings, fleet=members)
    assert [_serialised(inventory) for _, inventory in members] == before
    assert _outcome(second) == _outcome(first)
    assert _outcome(run_checks(None, FLEET_CHECKS[::-1], settings=settings, fleet=fleet_members(path))) == _outcome(
        first
    )
    assert _changed(memoised) == []
