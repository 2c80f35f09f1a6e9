"""``pdb-overlap``: Pods covered by more than one PodDisruptionBudget."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import name
from kubegap.domain.workloads import pdb_workloads

GARDENER_PDBS = "gardener-2022-dns-controller-pods-two-pdbs-drain-failure"


@check(
    id="pdb-overlap",
    title="Pods covered by more than one PodDisruptionBudget",
    severity="medium",
    category="disruption",
    cases=[GARDENER_PDBS],
    requires=["PodDisruptionBudget"],
    fix=(
        "Give each set of pods exactly one PodDisruptionBudget: narrow the selectors so that they no longer "
        "overlap, or merge the budgets."
    ),
    reads=["workloads"],
)
def pdb_overlap(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads whose pod template labels are selected by two or more PodDisruptionBudgets in their
    namespace. Reported once per workload, naming the budgets.

    ## Why it matters

    The eviction API refuses to evict a pod that more than one PodDisruptionBudget covers, so a
    drain of the node running it fails. In Gardener's shoot-dns-service extension, labels that
    were not distinct made the dns-controller-manager pods match two budgets, and drains failed
    with "This pod has more than one PodDisruptionBudget".

    ## Severity

    Always **medium**: drains of the nodes running those pods fail until someone steps in.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    metadata: {name: api}
    spec: {selector: {matchLabels: {app: api}}, maxUnavailable: 1}
    ---
    kind: PodDisruptionBudget
    metadata: {name: everything}
    spec: {selector: {}, maxUnavailable: 1}
    ```

    ## Fix

    ```text
    delete the catch-all budget, or exclude the pods the specific one covers
    ```
    """
    budgets: dict[int, tuple[Workload, list[dict]]] = {}
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        for workload in pdb_workloads(ctx.inventory, pdb):
            budgets.setdefault(id(workload.obj), (workload, []))[1].append(pdb)
    for workload, pdbs in budgets.values():
        if len(pdbs) > 1:
            names = [name(pdb) for pdb in pdbs]
            yield ctx.finding(
                workload.obj,
                f"Pods of this {workload.kind} are covered by {len(names)} PodDisruptionBudgets ({', '.join(sorted(names))}): "
                "the eviction API refuses to evict them.",
                Evidence("PodDisruptionBudgets", sorted(names)),
            )
