"""A check reads only the kinds it declares, so a live ``--check`` run lists everything it needs.

Every check runs over every fixture and every shared-corpus project through an inventory view
that records each kind touched; the kinds touched must be within the check's ``reads``. And the
view refuses an undeclared kind at run time, turning the check's coverage into ``error``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from kubegap.checks import all_checks
from kubegap.checks.base import Check, Context
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.domain.scoped_inventory import WORKLOAD_KINDS, ScopedInventory, UndeclaredKind
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "fixtures"


def _touched(inventories: list[Inventory]) -> dict[str, set[str]]:
    touched: dict[str, set[str]] = defaultdict(set)
    for inventory in inventories:
        for check in all_checks():
            view = ScopedInventory(inventory, check.id, None)
            try:
                if check.scope == "fleet":
                    check.facts(view)
                else:
                    list(check.run(Context(view, check, {})))
            except Exception:  # noqa: BLE001, S110 - a check that stops early has still recorded what it read so far
                pass
            touched[check.id] |= view.touched
    return touched


def _undeclared(touched: dict[str, set[str]]) -> dict[str, list[str]]:
    checks = {c.id: c for c in all_checks()}
    return {
        check_id: sorted(kinds - set(checks[check_id].reads))
        for check_id, kinds in touched.items()
        if kinds - set(checks[check_id].reads)
    }


def test_checks_read_only_declared_kinds_over_every_fixture():
    inventories = [Inventory(ManifestSource([str(p)]).collect()) for p in sorted(FIXTURES.glob("*/*/*.yaml"))]
    touched = _touched(inventories)
    assert len(touched) == len(all_checks())
    assert not _undeclared(touched)


def test_checks_read_only_declared_kinds_over_the_corpus(shared):
    projects = sorted(p for p in (shared / "corpus").iterdir() if p.is_dir())
    assert projects
    assert not _undeclared(_touched([Inventory(ManifestSource([str(p)]).collect()) for p in projects]))


def test_the_recording_sees_reads_through_every_lookup():
    deployment = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "a", "uid": "d1"},
        "spec": {"template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "c"}]}}},
    }
    replica_set = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "metadata": {
            "name": "web-1",
            "namespace": "a",
            "uid": "r1",
            "ownerReferences": [{"uid": "d1", "controller": True, "kind": "Deployment", "name": "web"}],
        },
    }
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": "web-1-x",
            "namespace": "a",
            "uid": "p1",
            "ownerReferences": [{"uid": "r1", "controller": True, "kind": "ReplicaSet", "name": "web-1"}],
        },
    }
    inventory = Inventory(Collection(resources=[deployment, replica_set, pod]))
    view = ScopedInventory(inventory, "x", None)
    assert view.pods_of(deployment) == [pod]
    assert view.touched == {"Pod", "ReplicaSet"}
    view = ScopedInventory(inventory, "x", None)
    view.get("Service", "a", "web")
    view.nodes  # noqa: B018
    view.collected("Ingress")
    assert view.touched == {"Service", "Node", "Ingress"}
    view = ScopedInventory(inventory, "x", None)
    view.workload_templates.in_namespace("a")
    assert view.touched == set(WORKLOAD_KINDS)


def _check_reading(kind_name: str, reads: tuple[str, ...]) -> Check:
    def run(ctx: Context):
        yield from (ctx.finding(obj, "seen") for obj in ctx.inventory.of_kind(kind_name))

    return Check(
        id="reads-services", title="t", severity="low", category="c", cases=("x",), fix="f", run=run, reads=reads
    )


def test_an_undeclared_kind_is_an_error_naming_the_kind_never_a_clean_run():
    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": "a"}}
    inventory = Inventory(Collection(resources=[service]))
    coverage, findings = run_check(_check_reading("Service", ("Pod",)), inventory)
    assert coverage.status == "error"
    assert "Service" in coverage.reason and "reads=" in coverage.reason
    assert findings == []
    coverage, findings = run_check(_check_reading("Service", ("Service",)), inventory)
    assert (coverage.status, len(findings)) == ("ran", 1)


@pytest.mark.parametrize("check", all_checks(), ids=lambda c: c.id)
def test_declared_reads_are_kinds_kubegap_knows_how_to_list(check: Check):
    from kubegap.domain.kinds import KNOWN_KINDS

    assert set(check.reads) <= set(KNOWN_KINDS), sorted(set(check.reads) - set(KNOWN_KINDS))


def test_a_check_cannot_reach_the_objects_around_its_lookups():
    def run(ctx: Context):
        yield from (ctx.finding(obj, "seen") for obj in ctx.inventory.collection.resources)

    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": "a"}}
    sneaky = Check(id="reads-everything", title="t", severity="low", category="c", cases=("x",), fix="f", run=run)
    coverage, findings = run_check(sneaky, Inventory(Collection(resources=[service], cluster={"name": "c"})))
    assert coverage.status == "error" and "resources" in coverage.reason and findings == []


def test_a_value_derived_once_still_records_its_reads_for_every_check_that_asks():
    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": "a"}}
    inventory = Inventory(Collection(resources=[service]))
    calls = []

    def count_services(view) -> int:
        calls.append(view)
        return len(view.of_kind("Service"))

    first = ScopedInventory(inventory, "first", ("Service",))
    assert first.derive("services", count_services) == 1
    assert first.touched == {"Service"}
    second = ScopedInventory(inventory, "second", None)
    assert second.derive("services", count_services) == 1
    assert second.touched == {"Service"} and len(calls) == 1
    coverage, findings = run_check(
        Check(
            id="no-services",
            title="t",
            severity="low",
            category="c",
            cases=("x",),
            fix="f",
            reads=("Pod",),
            run=lambda ctx: iter([ctx.finding(service, "seen")] * ctx.inventory.derive("services", count_services)),
        ),
        inventory,
    )
    assert coverage.status == "error" and "Service" in coverage.reason and findings == [] and len(calls) == 1


def test_a_check_that_asks_again_for_a_value_whose_kinds_it_does_not_declare_is_refused_again():
    service = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": "a"}}
    inventory = Inventory(Collection(resources=[service]))
    view = ScopedInventory(inventory, "pods-only", ("Pod",))
    for _ in range(2):
        with pytest.raises(UndeclaredKind):
            view.derive("services", lambda v: len(v.of_kind("Service")))
    declared = ScopedInventory(inventory, "services", ("Service",))
    assert [declared.derive("services", lambda v: len(v.of_kind("Service"))) for _ in range(2)] == [1, 1]
