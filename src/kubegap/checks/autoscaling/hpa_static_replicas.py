"""``hpa-static-replicas``: Workload under an HPA whose manifest also sets replicas."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.autoscaling._helpers import require_autoscalers
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import as_dict, name
from kubegap.domain.status import is_live
from kubegap.domain.workloads import AUTOSCALER_KINDS, SERVING_KINDS, scaling

HPA_RESETS = "kubernetes-users-2021-hpa-deploy-resets-replicas"


@check(
    id="hpa-static-replicas",
    title="Workload under an HPA whose manifest also sets replicas",
    severity="low",
    category="autoscaling",
    cases=[HPA_RESETS],
    fix=(
        "Remove spec.replicas from the manifest of a workload an HPA manages (and from the Helm values that "
        "render it), so every apply leaves the replica count to the autoscaler."
    ),
    reads=["workloads", *AUTOSCALER_KINDS],
)
def hpa_static_replicas(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Manifests only: Deployments, StatefulSets, ReplicaSets and Argo Rollouts targeted by a
    HorizontalPodAutoscaler, or by a KEDA ScaledObject (which KEDA turns into one), whose manifest sets
    `spec.replicas`. Objects read from a live cluster
    always carry a replica count, so they are not judged.

    ## Why it matters

    Applying the manifest sets the replica count back to the static value, overriding the
    autoscaler, and the workload scales down before the HPA restores it. Kubernetes users
    reported deploys cutting HPA-scaled Deployments down this way; in one reproduction a
    Deployment whose manifest said `replicas: 1`, under an HPA with minReplicas 10, lost 9 of its
    10 pods at the start of an image-only update, and on real workloads recovery was slow. The
    Kubernetes documentation now recommends removing `spec.replicas` from autoscaled manifests.

    ## Severity

    Always **low**: each apply resets the replica count until the autoscaler corrects it, a dip rather
    than an outage.

    ## Example

    ```yaml
    kind: Deployment
    metadata: {name: api}
    spec:
      replicas: 3              # the HPA runs it at 12 during the day
    ```

    ## Fix

    ```yaml
    kind: Deployment
    metadata: {name: api}
    spec:                      # no replicas: the HPA owns the count
    ```
    """
    require_autoscalers(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if workload.kind not in SERVING_KINDS or is_live(workload.obj):
            continue
        scalers = scaling(ctx.inventory, workload)
        spec = as_dict(workload.obj.get("spec"))
        if scalers and "replicas" in spec:
            first = scalers[0]
            minimum = first.minimum if first.minimum is not None else 1
            manager = (
                f"ScaledObject {name(first.obj)} (minReplicaCount {minimum}, through the HPA KEDA makes of it)"
                if first.keda
                else f"HPA {name(first.obj)} (minReplicas {minimum})"
            )
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} sets replicas: {spec['replicas']!r} although {manager} manages it: every apply "
                "resets the count.",
                Evidence("spec.replicas", spec["replicas"]),
            )
