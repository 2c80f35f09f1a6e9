"""``pdb-unhealthy-eviction-policy``: PodDisruptionBudget without unhealthyPodEvictionPolicy AlwaysAllow."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.disruption._helpers import covered_replicas
from kubegap.domain.intstr import pdb_disruptions_allowed
from kubegap.domain.resources import as_dict, dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS, allows_every_eviction, pdb_workloads, runs_no_pods

CRASHLOOP_DRAIN = "kubernetes-user-2019-crashloop-pods-pdb-block-node-replacement"


def _count_needing_none_healthy(inventory: Readable, pdb: dict) -> int | None:
    """The fewest replicas the selected workloads run at (their autoscalers' minimum included), when the budget
    needs no pod healthy there (``maxUnavailable: 1`` over one replica), else None. The eviction handler lets an
    unready pod go under the default policy only while a budget needs some pod healthy (``DesiredHealthy > 0``);
    otherwise it asks the budget's allowed disruptions, none while the pod is unready."""
    covered = covered_replicas(inventory, pdb)
    if covered is None or covered[0] < 1:
        return None
    fewest = covered[0]
    return fewest if pdb_disruptions_allowed(as_dict(pdb.get("spec")), fewest) == fewest else None


@check(
    id="pdb-unhealthy-eviction-policy",
    title="PodDisruptionBudget without unhealthyPodEvictionPolicy AlwaysAllow",
    severity="low",
    category="disruption",
    cases=[CRASHLOOP_DRAIN],
    requires=["PodDisruptionBudget"],
    reads=[*AUTOSCALER_KINDS, "workloads"],
    fix=(
        "Set spec.unhealthyPodEvictionPolicy: AlwaysAllow (Kubernetes 1.27 and later) so that pods which are "
        "running but not ready can be evicted during a drain; they serve nothing the budget protects."
    ),
)
def pdb_unhealthy_eviction_policy(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PodDisruptionBudgets that do not set `unhealthyPodEvictionPolicy: AlwaysAllow`. With the default
    (`IfHealthyBudget`), running pods that are not ready can only be evicted while the budget is met. A budget that
    is always met (`minAvailable: 0`, `maxUnavailable: 100%`, as a placeholder's budget may be) never refuses an
    eviction and is not reported. A budget that needs no pod healthy at the fewest replicas its pods run at
    (`maxUnavailable: 1` over one replica) still refuses an unready pod: the eviction handler's exception for
    unready pods applies only while a budget needs some pod healthy (`DesiredHealthy > 0` in Kubernetes'
    `pkg/registry/core/pod/storage/eviction.go`), and otherwise it asks the budget's allowed disruptions, none while
    the pod is unready; the message says so, since such a budget looks always met. A budget whose every selected
    workload is scaled to zero, and raised by no KEDA ScaledObject, protects no pod and is not reported (a chart's
    read replicas left at zero: judged wrong).
    Skipped on clusters known to run a Kubernetes version before 1.27, which do not
    offer the field by default.

    ## Why it matters

    When pods are crash-looping, the budget is not met, so their eviction is refused and a drain
    waits on pods that serve nothing. A Kubernetes user's outage did not heal itself: automation
    had put every node into draining, and no drain could finish because pods stuck in
    CrashLoopBackOff were protected by PodDisruptionBudgets, so no node was emptied and replaced.
    Upstream, `unhealthyPodEvictionPolicy` was later added for this.

    ## Severity

    Always **low**: it matters only while the selected pods are unhealthy during a drain.

    ## Example

    ```yaml
    kind: PodDisruptionBudget
    spec:
      maxUnavailable: 1
      selector: {matchLabels: {app: api}}
    ```

    ## Fix

    ```yaml
    spec:
      maxUnavailable: 1
      unhealthyPodEvictionPolicy: AlwaysAllow
      selector: {matchLabels: {app: api}}
    ```
    """
    version = ctx.inventory.collection.cluster.get("version")
    match = re.match(r"v?1\.(\d+)", version) if isinstance(version, str) else None
    if match and int(match.group(1)) < 27:
        raise Skip(f"unhealthyPodEvictionPolicy needs Kubernetes 1.27 or later; the cluster runs {version}")
    for pdb in ctx.inventory.of_kind("PodDisruptionBudget"):
        policy = dig(pdb, "spec", "unhealthyPodEvictionPolicy")
        if policy == "AlwaysAllow" or allows_every_eviction(pdb):
            continue
        selected = pdb_workloads(ctx.inventory, pdb)
        if selected and all(runs_no_pods(ctx.inventory, w) for w in selected):
            ctx.not_judged(pdb, NO_PODS)  # the budget protects no pod: every workload it selects runs none
            continue
        count = _count_needing_none_healthy(ctx.inventory, pdb)
        yield ctx.finding(
            pdb,
            "PodDisruptionBudget blocks evicting unready pods whenever its budget is not met: drains stall on broken pods."
            if count is None
            else f"PodDisruptionBudget needs no pod healthy at {count} replica{'' if count == 1 else 's'}, yet blocks "
            "evicting an unready one: the default policy lets an unready pod go only while a budget needs some pod "
            "healthy, and otherwise allows no eviction while the pod is unready, so drains stall on a broken pod.",
            Evidence("spec.unhealthyPodEvictionPolicy", policy or "IfHealthyBudget (default)"),
        )
