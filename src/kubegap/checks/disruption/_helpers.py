"""What several disruption checks share."""

from __future__ import annotations

from kubegap.checks.workloads._helpers import replicas
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector
from kubegap.domain.services import workloads_selected_by
from kubegap.domain.workloads import Autoscaler, scaling


def pdb_workloads(inventory: Readable, pdb: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a PDB's selector matches (a null selector matches none)."""
    return workloads_selected_by(inventory, pdb, "PodDisruptionBudget", _pdb_selector)


def _pdb_selector(pdb: dict) -> Selector | None:
    return Selector.from_label_selector(dig(pdb, "spec", "selector"))


def most_replicas(inventory: Readable, workload: Workload) -> tuple[int | None, Autoscaler | None]:
    """The most replicas a workload runs: its first autoscaler's maximum that says a number, else its replica
    count."""
    for scaler in scaling(inventory, workload):
        if scaler.maximum is not None:
            return scaler.maximum, scaler
    return replicas(workload), None
