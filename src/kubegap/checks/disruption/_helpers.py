"""What several disruption checks share."""

from __future__ import annotations

from kubegap.checks.base import Evidence
from kubegap.checks.workloads._helpers import replicas
from kubegap.domain.podtemplates import Workload
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.workloads import Autoscaler, pdb_workloads, scaling


def most_replicas(inventory: Readable, workload: Workload) -> tuple[int | None, Autoscaler | None]:
    """The most replicas a workload runs: its first autoscaler's maximum that says a number, else its replica
    count."""
    for scaler in scaling(inventory, workload):
        if scaler.maximum is not None:
            return scaler.maximum, scaler
    return replicas(workload), None


def _fewest_replicas(inventory: Readable, workload: Workload) -> tuple[int | None, Autoscaler | None]:
    """The fewest replicas a workload runs: its autoscaler's minimum when one scales it, else its replica count."""
    found = scaling(inventory, workload)
    if found and found[0].minimum is not None:
        return found[0].minimum, found[0]
    return replicas(workload), None


def covered_replicas(inventory: Readable, pdb: dict) -> tuple[int, int, tuple[Evidence, ...]] | None:
    """The fewest and the most replicas of the workloads a budget selects (each at its autoscaler's minReplicas
    and maxReplicas when one targets it), and the autoscalers that set them; None when it selects no workload or
    some selected workload's count cannot be known (a DaemonSet's follows the nodes). The fewest is 0 only where
    a KEDA ScaledObject may scale every selected workload to zero."""
    fewest = most = 0
    scalers: list[Evidence] = []
    selected = pdb_workloads(inventory, pdb)
    for workload in selected:
        low, scaler = _fewest_replicas(inventory, workload)
        high, _ = most_replicas(inventory, workload)
        if low is None or high is None:
            return None
        fewest += low
        most += high
        if scaler is not None:
            scalers.append(Evidence(f"{scaler.label} {scaler.minimum_field}", low))
            scalers.append(Evidence(f"{scaler.label} {scaler.maximum_field}", high))
    return (fewest, max(most, fewest), tuple(scalers)) if selected else None
