"""``selector-mismatch``: Controller selector does not match its pod template labels."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import is_top_level
from kubegap.domain.resources import dig, labels
from kubegap.domain.selectors import Selector

SHOPIFY = "shopify-2020-selector-mismatch-orphaned-replicasets"


SELECTOR_KINDS = ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Rollout")


ORPHAN_FIX = (
    "No controller updates or removes this ReplicaSet any more, so delete it (kubectl delete replicaset NAME -n "
    "NAMESPACE) once you have checked that nothing still needs its pods, such as a Service that selects them; "
    "if traffic still reaches them, move it to the current Deployment's pods first."
)


@check(
    id="selector-mismatch",
    title="Controller selector does not match its pod template labels",
    severity="high",
    category="workloads",
    cases=[SHOPIFY],
    fix=(
        "Make spec.selector select the pod template's labels (matchLabels that are a subset of "
        "spec.template.metadata.labels); selectors of existing Deployments, StatefulSets and DaemonSets cannot "
        "be changed in place, so recreate the controller under a new name when the selector must change."
    ),
    reads=["workloads"],
)
def selector_mismatch(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, DaemonSets, ReplicaSets and Argo Rollouts whose `spec.selector` is
    present but does not match `spec.template.metadata.labels`, or is empty (`{}`), which would
    select every pod in the namespace. A missing selector is not reported (peer manifests often
    omit it and the API rejects it anyway). On a live cluster, also ReplicaSets that a Deployment
    created (they carry a `pod-template-hash` label) but that no controller owns any more and that
    still run pods: what a selector change leaves behind.

    ## Why it matters

    When a Deployment's selector stops matching the ReplicaSets and pods it created, it no longer
    manages, updates or deletes them, and they keep running their old pod template indefinitely.
    Shopify engineers cleaned up such orphaned ReplicaSets in one environment after selector
    changes; some were running pods far behind the versions being shipped. Nothing in their
    deployment tooling checked that selectors and pod labels stayed consistent.

    ## Severity

    Always **high**: the API rejects the object, or the controller manages pods it should not.

    ## Example

    ```yaml
    selector: {matchLabels: {app: api}}
    template:
      metadata: {labels: {app: api-v2}}
    ```

    ## Fix

    ```yaml
    selector: {matchLabels: {app: api}}
    template:
      metadata: {labels: {app: api, version: v2}}
    ```

    An orphaned ReplicaSet is not repaired but removed, as Shopify's engineers did, once nothing
    needs its pods: `kubectl delete replicaset api-6d9f7c -n web`.
    """
    for workload in ctx.inventory.workloads:
        if workload.kind not in SELECTOR_KINDS or len(workload.templates) != 1:
            continue
        raw = dig(workload.obj, "spec", "selector")
        if not isinstance(raw, dict):
            continue
        selector = Selector.from_label_selector(raw)
        template = workload.templates[0]
        if selector is None:
            problem = "has a selector the API cannot parse"
        elif selector.selects_everything:
            problem = "has an empty selector, which would select every pod in the namespace"
        elif not selector.matches(template.labels):
            problem = f"selects {selector} but its pod template is labelled {template.labels or '(nothing)'}"
        else:
            continue
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} {problem}.",
            Evidence("spec.selector", raw),
            Evidence("spec.template.metadata.labels", template.labels),
        )
    for replica_set in ctx.inventory.of_kind("ReplicaSet"):
        running = dig(replica_set, "status", "replicas")
        if (  # cheapest test first: nearly every ReplicaSet has its Deployment as owner
            is_top_level(replica_set)
            and isinstance(running, int)
            and running > 0
            and "pod-template-hash" in labels(replica_set)
        ):
            yield ctx.finding(
                replica_set,
                f"ReplicaSet was created by a Deployment that no longer owns it and still runs {running} pod(s) of an "
                "old template.",
                Evidence("metadata.ownerReferences", None),
                Evidence("status.replicas", running),
                remediation=ORPHAN_FIX,
            )
