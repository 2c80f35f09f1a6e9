"""One cause, one finding, but never clean on a partial run: a check that leaves a gap to the check owning its
cause (``Context.left_to``) reports it itself when that check is not part of the audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubegap.checks import get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "fixtures"

HANDOFFS = [
    # (fixture, the check that steps aside, the check it steps aside for)
    ("pdb-missing/passes/fail-closed-webhook-backend.yaml", "pdb-missing", "webhook-backend-unavailable"),
    (
        "hpa-min-replicas-low/passes/fail-closed-webhook-backend.yaml",
        "hpa-min-replicas-low",
        "webhook-backend-unavailable",
    ),
    ("single-replica/passes/admission-webhook-backends.yaml", "single-replica", "webhook-backend-unavailable"),
    ("single-replica/passes/cluster-dns-left-to-coredns-resilience.yaml", "single-replica", "coredns-resilience"),
    (
        "memory-limit-missing/passes/resources-unset-is-one-requests-finding.yaml",
        "memory-limit-missing",
        "requests-missing",
    ),
    ("image-tag-mutable/passes/tag-its-publisher-withdrew.yaml", "image-tag-mutable", "image-withdrawn"),
]


def _fired(fixture: str, check_ids: list[str]) -> set[str]:
    inventory = Inventory(ManifestSource([str(FIXTURES / fixture)]).collect())
    return {f.check_id for f in run_checks(inventory, [get_check(c) for c in check_ids]).findings}


@pytest.mark.parametrize(("fixture", "stepping_aside", "owner"), HANDOFFS)
def test_a_gap_left_to_its_owner_is_reported_when_the_owner_does_not_run(fixture, stepping_aside, owner):
    assert (FIXTURES / fixture).exists(), fixture
    together = _fired(fixture, [stepping_aside, owner])
    assert owner in together and stepping_aside not in together
    assert _fired(fixture, [stepping_aside]) == {stepping_aside}
