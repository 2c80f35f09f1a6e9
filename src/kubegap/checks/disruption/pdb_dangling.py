"""``pdb-dangling``: PodDisruptionBudget that selects no pods."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import empty_said
from kubegap.domain.podsources import KINDS as pod_source_kinds
from kubegap.domain.podsources import pod_sources
from kubegap.domain.resources import dig, namespace
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.workloads import pdb_selector

PDB_LABELS = "kubernetes-user-2017-pdb-label-mismatch-drain-downtime"


@check(
    id="pdb-dangling",
    title="PodDisruptionBudget that selects no pods",
    severity="low",
    category="disruption",
    cases=[PDB_LABELS],
    requires=["PodDisruptionBudget"],
    reads=["workloads", *list(pod_source_kinds), *RBAC_KINDS],
    fix=(
        "Point the PodDisruptionBudget's selector at the labels of the pods it should protect (check them with "
        "kubectl get pods -l <selector>), or delete it if the workload is gone."
    ),
)
def pdb_dangling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets whose selector matches no workload pod template in their namespace (with
    the labels their controllers add; a label whose value the input cannot tell counts as possibly
    matching) and, where a cluster or snapshot listed Pods, no pod either. In manifests a budget
    that matches no template is reported only on evidence that nothing else makes its pods (see
    Evidence rules in the docs): a template that misses it by one near-miss label, or a namespace
    whose pods only its workloads can create (no workload allowed to create pods or workloads there,
    no custom resource whose controller the input does not run); otherwise it is not judged, and
    coverage says so. A null selector selects nothing; an empty one (`{}`) selects every pod in the
    namespace.

    ## Why it matters

    A budget that selects nothing protects nothing, and raises no error. A user created an nginx
    Deployment and a PodDisruptionBudget with minAvailable 1, drained the node running its pod,
    and the service went down anyway: the budget selected `app=my-nginx`, but `kubectl run` had
    labelled the pods `run=my-nginx`, so the budget covered no pod.

    ## Severity

    Always **low**: the budget protects nothing, which is the same as having none; `pdb-missing` judges
    what that leaves exposed.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    spec:
      selector: {matchLabels: {app: api}}   # the pods are labelled app.kubernetes.io/name: api
    ```

    ## Fix

    ```yaml
      selector: {matchLabels: {app.kubernetes.io/name: api}}
    ```
    """
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        selector = pdb_selector(pdb)
        ns = namespace(pdb)
        closed = ctx.inventory.closed("Pod", ns)
        if closed and ctx.inventory.pods.select(ns, selector):
            continue  # it selects a pod: what else could create pods need not be asked
        sources = pod_sources(ctx.inventory)
        if sources.select(ns, selector):
            continue
        how: str | None = ""
        if selector is None:
            how = " (a null selector selects nothing)"
        elif not closed:
            how = empty_said(ctx, pdb, ns, selector, sources.labelled(ns))
            if how is None:
                continue
        yield ctx.finding(
            pdb,
            f"PodDisruptionBudget selects no {'pods' if closed else 'workloads'} in its namespace{how}: it protects nothing.",
            Evidence("spec.selector", dig(pdb, "spec", "selector")),
        )
