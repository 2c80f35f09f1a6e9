"""``requests-missing``: Containers without CPU or memory requests."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _missing, limit_range_defaults
from kubegap.domain.meshes import injection
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import as_dict, containers, dig
from kubegap.domain.schedules import rarely_runs
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS, scaling

LINKERD = "linkerd-user-2018-proxy-sidecar-no-cpu-request-breaks-hpa"


CRITICAL_PRIORITY_CLASSES = ("system-node-critical", "system-cluster-critical")
"""The built-in classes at priority 2,000,000,000 and above: the kubelet never evicts their pods for node pressure."""


def _critical(workload: Workload) -> bool:
    return all(template.spec.get("priorityClassName") in CRITICAL_PRIORITY_CLASSES for template in workload.templates)


def _best_effort(ctx: Context, workload: Workload) -> list[PodTemplate]:
    """The pod templates whose pods get the BestEffort QoS class: no container, init containers included, has a
    CPU or memory request or limit, no LimitRange of the namespace gives them one, and no mesh adds a proxy with
    requests of its own at admission."""
    if any(limit_range_defaults(ctx.inventory, workload.ref.namespace)):
        return []
    ns = workload.ref.namespace
    namespace_obj = ctx.inventory.get("Namespace", None, ns) if ns else None
    return [
        template
        for template in workload.templates
        if injection(namespace_obj, template) is None
        and all(
            not (set(as_dict(dig(c, "resources", "requests"))) | set(as_dict(dig(c, "resources", "limits"))))
            & {"cpu", "memory"}
            for _, c in containers(template.spec)
        )
    ]


def _whose_pods(workload: Workload, templates: list[PodTemplate]) -> str:
    """``its pods``, or, where only some of a workload's pod templates are meant, whose: ``its Launcher pods``."""
    if len(templates) == len(workload.templates) or any(t.role is None for t in templates):
        return "its pods"
    return f"its {' and '.join(t.role for t in templates if t.role)} pods"


@check(
    id="requests-missing",
    title="Containers without CPU or memory requests",
    severity="medium",
    category="containers",
    cases=[LINKERD, "dfds-2022-prometheus-without-requests-limits-nodes-notready"],
    reads=["workloads", "LimitRange", *AUTOSCALER_KINDS, "Namespace"],
    fix=(
        "Set resources.requests.cpu and resources.requests.memory on every container, sized from observed "
        "usage, so the scheduler places each pod, and its neighbours beside it, by what they really need (or "
        "give the namespace a LimitRange with defaultRequest)."
    ),
)
def requests_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers of top-level workloads that set no CPU or no memory request, and get none from a
    limit of the same resource or from a `defaultRequest`/`default` of a LimitRange in their
    namespace. Helm test hooks, finished Jobs and training runtimes (TrainingRuntime,
    ClusterTrainingRuntime: each TrainJob sets its own resources) are not reported, nor a workload scaled to zero
    that no KEDA ScaledObject raises (a chart's read replicas left at `replicas: 0`: it runs no pod). Init containers
    are not judged, nor a container running the pause image unchanged (it only holds the pod open),
    nor a placeholder container (a stock shell whose whole command only sleeps, prints or exits,
    as in feature demos: it uses nothing worth reserving).

    One resources block is one finding: this check owns a container that lacks a request, and its
    finding also names the container's missing memory limit (`memory-limit-missing` then leaves that
    container out, when this check runs in the same audit), so an empty or missing `resources:` is reported once with everything it lacks,
    and says when the pods get the BestEffort QoS class (no container asks for or caps CPU or memory, and
    no Istio injection adds a proxy that does, by the pod template's `sidecar.istio.io/inject: "true"` or
    its namespace's injection label):
    the kubelet evicts those first when the node runs short, unless their priority class is
    `system-node-critical` or `system-cluster-critical`, whose pods it never evicts for node pressure.
    Recurring and open-ended batch work (CronJobs, training jobs, Jobs that bound neither their
    retries nor their run) is judged too: the scheduler places its pods by their requests like any
    other, and a batch pod that requests nothing competes with the services on its node for whatever
    is left. Bounded one-shot work is not reported: a Helm or Argo CD hook, a run-to-completion Pod,
    a Job with `backoffLimit` or `activeDeadlineSeconds`, or a Job deleted when it finishes
    (`ttlSecondsAfterFinished`: an install helper such as a certificate generator) runs once to
    completion, so what it uses is a capacity choice with bounded damage (a one-shot Job bounding
    neither its retries nor its run is `job-unbounded`'s).

    ## Why it matters

    The scheduler places pods by their requests: a pod that requests nothing can land on any node,
    however busy, and competes with its neighbours for whatever is left. At DFDS in January 2022 a
    Prometheus deployed by a Helm chart that set no requests or limits took three nodes NotReady, one
    after the other, each time the node it ran on. Requests also feed
    autoscaling: when `linkerd inject` added a proxy sidecar without requests, the HPAs of the
    injected Deployments could no longer compute CPU utilization and stopped scaling.

    ## Severity

    **medium** when a container requests no memory and sets no memory limit (its memory is unbounded and
    the scheduler does not count it: it can take its node's memory; a pod that requests nothing at all
    is also BestEffort, evicted first under node pressure), and when a HorizontalPodAutoscaler, or a KEDA
    ScaledObject with a `cpu` or `memory` trigger, scales the workload (an autoscaler cannot compute the
    utilization of a pod with an unrequested container).
    **low** when only CPU requests are missing: the pod competes for CPU with its neighbours, but its
    memory is accounted for; and for a CronJob that starts at most one run a day (one minute of one hour,
    `@daily` and longer), or is suspended (it starts no run on its own; someone starts a Job from it by hand):
    what its pods take, they take for the length of a rare run.

    ## Example

    ```yaml
    containers:
    - name: api
      image: example/api:1.4.2     # no resources at all
    ```

    ## Fix

    ```yaml
    containers:
    - name: api
      image: example/api:1.4.2
      resources:
        requests: {cpu: 500m, memory: 512Mi}
    ```
    """
    for workload, gaps, at_zero in _missing(ctx):
        evidence, named = [], []
        for path, container, requests, limits in gaps:
            if not requests:
                continue  # requests set: a missing memory limit is memory-limit-missing's
            value = {"container": container, "missing": requests}
            words = f"no {' or '.join(requests)} request"
            if limits:
                value["limits missing"] = limits
                words += ", no memory limit"
            evidence.append(Evidence(f"{path}.resources.requests", value))
            named.append(f"{value['container']} ({words})")
        if evidence and at_zero:
            ctx.not_judged(workload.obj, NO_PODS)  # a gap only where its pods run: none does
        elif evidence:
            qos = ""
            if best_effort := _best_effort(ctx, workload):
                whose = _whose_pods(workload, best_effort)
                qos = (
                    f": {whose} are BestEffort (their critical priority keeps the kubelet from evicting them, "
                    "so nothing else bounds them)"
                    if _critical(workload)
                    else f": {whose} are BestEffort, evicted before pods that stay within their requests when the node "
                    "runs short"
                )
            unbounded = any(
                "memory" in requests for _, _, requests, _ in gaps
            )  # no request and no limit: a limit is one
            scaled = any(scaler.reads_utilization for scaler in scaling(ctx.inventory, workload))
            rare = rarely_runs(workload.obj) if workload.kind == "CronJob" else None
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) run without CPU or memory requests: {', '.join(named)}{qos}"
                + (f" ({rare})." if rare else "."),
                *evidence,
                severity=None if (unbounded or scaled) and not rare else "low",
            )
