"""``pdb-missing``: Multi-replica workload with no PodDisruptionBudget."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.disruption._helpers import most_replicas
from kubegap.domain.absence import absent_means_none
from kubegap.domain.datastores import attaches_volumes, storage_driver
from kubegap.domain.reconcilers import lease_holders, one_active_by_design
from kubegap.domain.scheduling import kept_apart
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, budgeted, open_budgets
from kubegap.wording import allowing_every_eviction

KONGZ = "kongz-2023-graylog-cluster-upgrade-evicts-all-pods"


KUBE_HETZNER = "kube-hetzner-2024-pdbs-block-system-upgrade-drain"


@check(
    id="pdb-missing",
    title="Multi-replica workload with no PodDisruptionBudget",
    severity="medium",
    category="disruption",
    cases=[KONGZ, KUBE_HETZNER],
    reads=["workloads", "PodDisruptionBudget", *AUTOSCALER_KINDS, *SERVING_EVIDENCE_KINDS],
    fix=(
        "Give every replicated service a PodDisruptionBudget over its pod labels (for example maxUnavailable: 1), "
        "so node drains and upgrades evict its replicas one at a time instead of all at once."
    ),
)
def pdb_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets and Argo Rollouts with two or more replicas whose pod
    template labels no PodDisruptionBudget in their namespace selects, or only budgets that allow every eviction
    (`minAvailable: 0`, `maxUnavailable: 100%`, or a `maxUnavailable` as large as the replicas the workloads it
    selects run at their most): such a budget limits nothing, and the finding names it. A workload that a
    HorizontalPodAutoscaler or a KEDA ScaledObject scales is counted at the autoscaler's maximum: whenever it runs
    two or more pods, a drain can take them together. One-shot and batch work (Jobs, CronJobs,
    training jobs, Helm and Argo CD hooks) is not reported, nor a leader-elected controller that no
    Service selects (one elected replica works while the others wait: a drain that evicts them all
    pauses its work while they restart, and no request fails), nor an operators' console (see Evidence
    rules: a drain that takes it whole costs its operators a reload), nor the backend of a fail-closed
    admission webhook: `webhook-backend-unavailable` judges its budget and replicas together, as
    the availability of the API writes it admits (one cause, one finding), when it runs in the same
    audit. A CSI driver's controller (known by the sidecars Kubernetes ships for CSI) is reached through those
    sidecars over a socket in its pod, never through a Service, so it counts as selected by none even where the
    input holds no Services. One that attaches volumes (it runs the `csi-attacher` sidecar) is reported leader-elected
    or not: evicting its replicas together stops attaching volumes, those of the pods the drain moves included. One
    that only provisions is judged as any controller: an elected one pauses new claims while it restarts, and is not
    reported. Manifests are taken as the whole application (no PDB in the files
    means none); a snapshot that did not collect PodDisruptionBudgets skips the check.

    ## Why it matters

    Without a PodDisruptionBudget, the eviction API lets a drain take every replica at once. In
    June 2023 a user of the KongZ Graylog Helm chart upgraded their cluster; node rotation evicted
    all Graylog pods from different nodes at the same time and Graylog went down. The chart shipped
    no PodDisruptionBudget; one was added to it afterwards. When a kube-hetzner cluster's
    automated upgrade hung on other workloads' budgets, the applications without a budget of
    their own were the ones evicted freely, and they stayed down until someone intervened.

    ## Severity

    **medium** for a workload that a Service with a port for clients selects (headless Services
    included: their clients reach the pods by address), or that backs an admission webhook, an
    aggregated API or a conversion webhook: a drain that evicts every replica at once is an outage of
    that service. **low** for a workload that no such Service selects (queue workers, controllers,
    exporters read only by monitoring), when Services were collected, and for a CSI driver's controller: its
    work pauses until the pods are rescheduled, but no request fails (a moved pod waits for its volume). Where Services were not collected, **medium**.

    ## Example

    ```yaml
    kind: StatefulSet
    metadata: {name: graylog}
    spec:
      replicas: 3              # no PodDisruptionBudget selects app=graylog
    ```

    ## Fix

    ```yaml
    apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: {name: graylog}
    spec:
      maxUnavailable: 1
      selector: {matchLabels: {app: graylog}}
    ```
    """
    if not absent_means_none(ctx.inventory, "PodDisruptionBudget"):
        raise Skip(ctx.inventory.why_missing("PodDisruptionBudget"))
    covered = budgeted(ctx.inventory)
    clients = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if (
            not workload.serves_traffic
            or id(workload.obj) in covered
            or (clients is not None and clients.console(workload))
        ):
            continue
        if (
            clients is not None
            and clients.fail_closed_services(workload)
            and ctx.left_to("webhook-backend-unavailable")
        ):
            continue  # webhook-backend-unavailable's: the API's availability, one cause
        count, scaler = most_replicas(ctx.inventory, workload)
        if count is not None and count >= 2:
            driver = storage_driver(workload)
            unserved = clients.unaddressed(workload) if clients is not None else driver is not None
            attaches = driver is not None and attaches_volumes(workload)
            if unserved and one_active_by_design(workload, leases) and not attaches:
                continue  # one elected replica works, the others wait: a drain pauses its work while they restart
            apart = kept_apart(workload.templates[0].spec, workload.templates[0].labels)
            how = (
                f"{apart}, so each runs on its own node, but an upgrade that drains several nodes at once can evict all"
                if apart
                else "a drain can evict all at once"
            )
            budgets = open_budgets(ctx.inventory, workload)
            unlimited = (
                f"no PodDisruptionBudget limits their evictions ({allowing_every_eviction(budgets)})"
                if budgets
                else "no PodDisruptionBudget selects them"
            )
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {'up to ' if scaler else ''}{count} replicas and {unlimited}: {how}"
                + (
                    " (a storage driver's controller that attaches volumes, by its csi-attacher sidecar: while its "
                    "replicas restart, no volume is attached, those of the pods the drain moves included)."
                    if unserved and attaches
                    else " (no Service with a port for clients selects them: their work pauses, no request fails)."
                    if unserved
                    else "."
                ),
                Evidence(f"{scaler.label} {scaler.maximum_field}", count)
                if scaler
                else Evidence("spec.replicas", count),
                severity="low" if unserved else None,
            )
