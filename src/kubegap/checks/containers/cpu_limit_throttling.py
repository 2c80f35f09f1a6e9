"""``cpu-limit-throttling``: Sub-core CPU limits on containers serving client traffic (CFS throttling)."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import container_name, pinned_cores
from kubegap.domain.resources import dig, name, quantity
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS, runs_no_pods

OMIO = "omio-2020-cpu-limits-cfs-throttling-stalls"
PINNED_FIX = (
    "Raise each container's CPU request and limit together, well above its peak usage, and alert on "
    "container_cpu_cfs_throttled_periods_total; keep every limit: the pod is Guaranteed and {container} requests whole "
    "cores, which the kubelet's static CPU manager policy gives it for its own, and one container without a CPU limit "
    "would make the pod Burstable and share those cores again."
)


@check(
    id="cpu-limit-throttling",
    title="Sub-core CPU limits on containers serving client traffic (CFS throttling)",
    severity="low",
    category="containers",
    cases=[OMIO],
    requires=["Service"],
    reads=["workloads", *SERVING_EVIDENCE_KINDS, *AUTOSCALER_KINDS],
    defaults={"limit_below_cores": 1},
    precision="medium",
    fix=(
        "Remove resources.limits.cpu from containers that answer requests and rely on CPU requests for fair "
        "sharing; where a limit must stay (a ResourceQuota on limits.cpu in the namespace rejects pods without "
        "one), raise it well above peak usage and alert on container_cpu_cfs_throttled_periods_total."
    ),
)
def cpu_limit_throttling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers with a `resources.limits.cpu` below `limit_below_cores` (default 1: a sub-core limit) in workloads
    selected by a Service that carries client traffic (headless Services and ports that only
    expose metrics do not count, as for `single-replica`), when the container serves that Service: it declares
    the Service's target port, or, where no container does, its probes check it, or, where nothing says which,
    every container is taken to (a metrics proxy beside the server is not). Such a quota runs out within each
    100 ms CFS period as soon as a request burst needs more, so latency suffers even on an idle
    node. Larger limits, and workloads no client reaches, are not reported: there a CPU limit is
    a capacity choice, not a latency risk; nor an operators' console (see Evidence rules), whose
    slow page costs its operators a wait; nor a workload whose only client is the API server calling it, on the
    ports it calls, for custom resources alone (an operator's own kinds: admission webhooks on them, or their
    conversion between versions), when it registers no webhooks at run time (its account may not create webhook
    configurations; one that may can intercept what the input does not show): a throttled answer delays the reads
    and writes of those kinds alone, well inside the webhook's timeout, and no pod or built-in write waits on it.
    In a pod of the Guaranteed QoS class with a container that requests a whole number of cores (every container
    limits CPU and memory at what it requests), the fix keeps every limit and raises requests and limits together:
    under the kubelet's static CPU manager policy that container holds cores of its own, and removing any container's
    CPU limit makes the pod Burstable and takes them away (SD-Core's user plane pins its packet processor so; told to
    remove its agents' limits, judged wrong). One-shot and batch work (Jobs, CronJobs, training jobs,
    Helm and Argo CD hooks) and finished Jobs are not reported. Whether throttling happens in practice shows only in the
    `container_cpu_cfs_throttled_periods_total` metric, which is why this is advice (`low`).

    ## Why it matters

    CPU limits are enforced by the kernel's CFS quota, which throttles a container once it has used
    its quota in a period, even when the node has idle CPU. Omio saw random application stalls on
    GKE for about six months: applications froze, failed health checks and broke network
    connections. It traced them to CPU limits, made worse by a known kernel CFS quota bug that
    throttles containers unnecessarily, and recommends removing CPU limits (or disabling CFS quota
    in the kubelet) on kernels without the fix.

    ## Severity

    Always **low**: throttling shows as latency under bursts, and only the CFS metrics tell whether it
    happens.

    ## Example

    ```yaml
    resources:
      requests: {cpu: 500m, memory: 1Gi}
      limits: {cpu: 500m, memory: 1Gi}   # throttled as soon as a burst needs more than 500m
    ```

    ## Fix

    ```yaml
    resources:
      requests: {cpu: 500m, memory: 1Gi}
      limits: {memory: 1Gi}              # no CPU limit: bursts use idle CPU
    ```
    """
    evidence_of = serving(ctx.inventory)
    ceiling = ctx.setting("limit_below_cores")
    for workload in ctx.inventory.workloads:
        services = evidence_of.services(workload)
        if (
            not workload.serves_traffic
            or not services
            or evidence_of.console(workload)
            or evidence_of.serves_own_kinds_only(workload)
        ):
            continue
        pinned = next(filter(None, (pinned_cores(template) for template in workload.templates)), None)
        evidence = []
        for _, path, container in evidence_of.serving_containers(workload, services):
            limit = dig(container, "resources", "limits", "cpu")
            cores = quantity(limit)
            if cores is not None and 0 < cores < ceiling:
                evidence.append(
                    Evidence(
                        f"{path}.resources.limits.cpu",
                        {
                            "container": container_name(container),
                            "limit": limit,
                            "request": dig(container, "resources", "requests", "cpu"),
                        },
                    )
                )
        if evidence and runs_no_pods(ctx.inventory, workload):
            ctx.not_judged(workload.obj, NO_PODS)
        elif evidence:
            names = ", ".join(sorted({name(s) for s in services}))
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) serving Service {names} have a CPU limit below {ceiling} core{'' if ceiling == 1 else 's'} "
                "(" + ", ".join(f"{e.value['container']}: {e.value['limit']}" for e in evidence) + "): CFS throttling "
                "can stall requests during bursts even on an idle node.",
                *evidence,
                remediation=None if pinned is None else PINNED_FIX.format(container=pinned),
            )
