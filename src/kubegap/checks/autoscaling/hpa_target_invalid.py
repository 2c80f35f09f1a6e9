"""``hpa-target-invalid``: HorizontalPodAutoscaler whose target is missing or lacks the requests its metric needs."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.autoscaling._helpers import _hpa_bounds, missing_target
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import near_miss_of, said
from kubegap.domain.containers import container_name
from kubegap.domain.podtemplates import pod_templates
from kubegap.domain.resources import api_version, as_dict, as_list, containers, dig, namespace
from kubegap.domain.roles import RBAC_KINDS

LINKERD = "linkerd-user-2018-proxy-sidecar-no-cpu-request-breaks-hpa"


IMPLICIT_CPU = "unset: 80% CPU utilization by default"


def _resource_metrics(hpa: dict) -> Iterator[tuple[str, str, str | None, bool]]:
    """``(field path, resource, container or None, implicit)`` for every metric that divides usage by requests.

    Without any metric an HPA scales on 80% CPU utilization: autoscaling/v1 without
    ``targetCPUUtilizationPercentage``, and later versions with no ``metrics``.
    """
    spec = as_dict(hpa.get("spec"))
    if api_version(hpa) == "autoscaling/v1":
        yield "spec.targetCPUUtilizationPercentage", "cpu", None, "targetCPUUtilizationPercentage" not in spec
        return
    metrics = as_list(spec.get("metrics"))
    if not metrics:
        yield "spec.metrics", "cpu", None, True
    for index, metric in enumerate(metrics):
        metric = as_dict(metric)
        if metric.get("type") == "Resource":
            source, container = as_dict(metric.get("resource")), None
        elif metric.get("type") == "ContainerResource":
            source = as_dict(metric.get("containerResource"))
            container = source.get("container") if isinstance(source.get("container"), str) else None
        else:
            continue
        utilization = dig(source, "target", "type") == "Utilization" or "targetAverageUtilization" in source
        if isinstance(source.get("name"), str) and utilization:
            yield f"spec.metrics[{index}]", source["name"], container, False


@check(
    id="hpa-target-invalid",
    title="HorizontalPodAutoscaler whose target is missing or lacks the requests its metric needs",
    severity="medium",
    category="autoscaling",
    cases=[LINKERD],
    requires=["HorizontalPodAutoscaler"],
    fix=(
        "Point scaleTargetRef at an existing workload (kind and name), and give every container of the target "
        "a request for each resource the HPA scales on by utilization; otherwise the HPA cannot compute a "
        "utilization and does not scale."
    ),
    reads=["workloads", *RBAC_KINDS],
)
def hpa_target_invalid(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    HorizontalPodAutoscalers whose `scaleTargetRef` names a workload that does not exist (judged
    only when that kind was collected: from a cluster or snapshot that listed it, or in manifests on
    positive evidence, as the Evidence rules in the docs say: a near-miss name, a workload of that
    name in another namespace only, or files beside the HPA that define the namespace's workloads of
    that kind while nothing in the input could create one), and those scaling on a `Resource` or `ContainerResource`
    utilization of a resource (CPU, memory) that the target's containers do not request. The CPU
    metric counts when it is implicit too: an `autoscaling/v1` HPA without
    `targetCPUUtilizationPercentage`, or a later version (`v2`, `v2beta2`, `v2beta1`) without
    `metrics`, scales on 80% CPU utilization; `v2beta1` metrics give utilization as
    `targetAverageUtilization`. An autoscaler whose minimum equals its maximum never scales, so a metric it cannot
    compute changes nothing there (`hpa-min-replicas-low` reports it pinned).

    ## Why it matters

    Utilization is a percentage of the pods' requests: without a request on every container the
    HPA cannot compute it and stops scaling, while the workload keeps running normally. A team
    that moved HPA-scaled Deployments onto Linkerd 2 found its autoscalers inactive: the
    linkerd-proxy sidecar that `linkerd inject` added had no resource requests, and the HPA's
    conditions and events named the missing CPU request. Without a target, likewise, the HPA has nothing to scale.

    ## Severity

    **Medium**: the autoscaler does nothing, so the workload keeps its current replica count;
    load is not followed, but nothing stops. **Low** for a target that does not exist where no workload
    of that kind has a name near it (a typo away): the HPA scales nothing, and no workload the input
    shows loses its autoscaling (Flagsmith's chart templates the HPA of a Deployment its defaults leave
    out: judged noise at medium).

    ## Example

    ```yaml
    kind: HorizontalPodAutoscaler
    spec:
      scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}
      metrics:
      - type: Resource
        resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
    # ...and the api Deployment's containers request no CPU
    ```

    ## Fix

    ```yaml
    resources:
      requests: {cpu: 500m}
    ```
    """
    for hpa in ctx.inventory.of_kind("HorizontalPodAutoscaler"):
        ref = as_dict(dig(hpa, "spec", "scaleTargetRef"))
        kind_name, target_name = ref.get("kind"), ref.get("name")
        if not isinstance(kind_name, str) or not isinstance(target_name, str):
            yield ctx.finding(hpa, "HPA has no usable scaleTargetRef.", Evidence("spec.scaleTargetRef", ref or None))
            continue
        missing = missing_target(ctx.inventory, hpa)
        if missing is not None:
            how = said(ctx, hpa, missing[2])
            if how is None:
                continue
            near = near_miss_of(ctx.inventory, kind_name, namespace(hpa), target_name)
            yield ctx.finding(
                hpa,
                f"HPA targets {kind_name} {target_name}, which does not exist{how}: "
                + (
                    "the workload it likely means is not autoscaled."
                    if near is not None and f"{kind_name} {near}," in how
                    else f"{kind_name} {near}, a typo away, is likely meant, and is not autoscaled."
                    if near is not None
                    else "it scales nothing, and no workload of a name near it is left unscaled."
                ),
                Evidence("spec.scaleTargetRef", ref),
                severity=None if near is not None else "low",
            )
            continue
        target = ctx.inventory.get(kind_name, namespace(hpa), target_name)
        minimum, maximum = _hpa_bounds(hpa)
        if target is None or minimum == maximum:
            continue  # an autoscaler pinned at its maximum never scales: a metric it cannot compute changes nothing
        evidence = []
        for path, resource, only, implicit in _resource_metrics(hpa):
            lacking = [
                container_name(c)
                for template in pod_templates(target)
                for _, c in containers(template.spec, init=False)
                if (only is None or c.get("name") == only)
                and dig(c, "resources", "requests", resource) in (None, "")
                and dig(c, "resources", "limits", resource) in (None, "")
            ]
            if lacking:
                value = {"resource": resource, "containers without a request": lacking}
                evidence.append(Evidence(path, {"metric": IMPLICIT_CPU, **value} if implicit else value))
        if evidence:
            yield ctx.finding(
                hpa,
                f"HPA scales {kind_name} {target_name} on utilization of resources its containers do not request: "
                "it cannot compute the metric.",
                *evidence,
            )
