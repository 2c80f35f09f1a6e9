"""Container resources and shutdown: requests, limits, CPU throttling, draining before exit."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import (
    LEASE_KINDS,
    app_containers,
    audited_workloads,
    container_name,
    hpa_targets,
    lease_holders,
    one_active_by_design,
    spec_path,
)
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, load_balanced, serving
from kubegap.inventory import Inventory
from kubegap.placeholders import PLACEHOLDER_REASON, only_placeholders, placeholder
from kubegap.podtemplates import RUNTIME_KINDS, PodTemplate, Workload, bounded_one_shot
from kubegap.resources import as_dict, as_list, containers, dig, name, namespace, native_sidecars, quantity

PYTHON_DISCORD_OOM = "python-discord-2021-site-memory-spike-oom-kills-postgres"
NU_NL_ELASTALERT = "nu-nl-2018-elastalert-memory-runaway-system-oom-notready-nodes"
OMIO = "omio-2020-cpu-limits-cfs-throttling-stalls"
RAVELIN = "ravelin-2019-gke-ingress-502-during-pod-shutdown"
LINKERD = "linkerd-user-2018-proxy-sidecar-no-cpu-request-breaks-hpa"


def limit_range_defaults(inventory: Inventory, ns: str | None) -> tuple[set[str], set[str]]:
    """Resources a namespace's LimitRanges default: (requests, limits) for containers."""
    requests: set[str] = set()
    limits: set[str] = set()
    for limit_range in inventory.of_kind("LimitRange"):
        if namespace(limit_range) != ns:
            continue
        for item in as_list(dig(limit_range, "spec", "limits")):
            if not isinstance(item, dict) or item.get("type", "Container") != "Container":
                continue
            limits |= set(as_dict(item.get("default")))
            requests |= set(as_dict(item.get("defaultRequest"))) | set(as_dict(item.get("default")))
    return requests, limits


def _unset(container: dict, resources: tuple[str, ...], section: str, defaulted: set[str]) -> list[str]:
    """Which of ``resources`` a container leaves unset in ``section`` and no LimitRange defaults
    (a limit without a request is also the request)."""
    amounts = as_dict(container.get("resources"))
    stated = as_dict(amounts.get(section))
    limits = as_dict(amounts.get("limits")) if section == "requests" else {}
    return [r for r in resources if r not in defaulted and stated.get(r) in (None, "") and limits.get(r) in (None, "")]


def _native_sidecars(workload: Workload) -> Iterator[tuple[PodTemplate, str, dict]]:
    """The workload's native sidecars (``kubegap.resources.native_sidecars``), which need resources like its
    containers."""
    for template in workload.templates:
        for path, container in native_sidecars(template.spec):
            yield template, spec_path(template, path), container


def _missing(ctx: Context) -> Iterator[tuple[Workload, list[tuple[str, str, list[str], list[str]]]]]:
    """Per workload, ``(path, container, requests missing, limits missing)`` of each container that leaves a CPU or
    memory request, or its memory limit, unset (LimitRange defaults count as set). A container is named after
    its replica type when the workload has several (``Worker/pytorch``).

    One resources block is one cause: ``requests-missing`` reports a container that lacks a request together
    with its missing memory limit, and ``memory-limit-missing`` only containers whose requests are set."""
    defaults: dict[str | None, tuple[set[str], set[str]]] = {}
    for workload in audited_workloads(ctx.inventory):
        if workload.kind in RUNTIME_KINDS or bounded_one_shot(workload):
            continue
        ns = workload.ref.namespace
        if ns not in defaults:
            defaults[ns] = limit_range_defaults(ctx.inventory, ns)
        requested, limited = defaults[ns]
        if only_placeholders(workload):
            ctx.not_judged(workload.obj, PLACEHOLDER_REASON)
            continue
        gaps = []
        for template, path, container in (*app_containers(workload), *_native_sidecars(workload)):
            if placeholder(container) is not None:
                continue
            requests = _unset(container, ("cpu", "memory"), "requests", requested)
            limits = _unset(container, ("memory",), "limits", limited)
            if requests or limits:
                named = f"{template.role}/{container_name(container)}" if template.role else container_name(container)
                gaps.append((path, named, requests, limits))
        if gaps:
            yield workload, gaps


@check(
    id="requests-missing",
    title="Containers without CPU or memory requests",
    severity="medium",
    category="containers",
    cases=[LINKERD, "dfds-2022-prometheus-without-requests-limits-nodes-notready"],
    reads=["workloads", "LimitRange", "HorizontalPodAutoscaler"],
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
    ClusterTrainingRuntime: each TrainJob sets its own resources) are not reported. Init containers
    are not judged, nor a container running the pause image unchanged (it only holds the pod open),
    nor a placeholder container (a stock shell whose whole command only sleeps, prints or exits,
    as in feature demos: it uses nothing worth reserving).

    One resources block is one finding: this check owns a container that lacks a request, and its
    finding also names the container's missing memory limit (`memory-limit-missing` then leaves that
    container out, when this check runs in the same audit), so an empty or missing `resources:` is reported once with everything it lacks,
    and says when the pods get the BestEffort QoS class (no container asks for or caps CPU or memory):
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
    is also BestEffort, evicted first under node pressure), and when a HorizontalPodAutoscaler scales
    the workload (an autoscaler cannot compute the utilization of a pod with an unrequested container).
    **low** when only CPU requests are missing: the pod competes for CPU with its neighbours, but its
    memory is accounted for.

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
    for workload, gaps in _missing(ctx):
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
        if evidence:
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
            scaled = (workload.ref.namespace, workload.kind, workload.ref.name) in hpa_targets(ctx.inventory)
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) run without CPU or memory requests: {', '.join(named)}{qos}.",
                *evidence,
                severity=None if unbounded or scaled else "low",
            )


CRITICAL_PRIORITY_CLASSES = ("system-node-critical", "system-cluster-critical")
"""The built-in classes at priority 2,000,000,000 and above: the kubelet never evicts their pods for node pressure."""


def _critical(workload: Workload) -> bool:
    return all(template.spec.get("priorityClassName") in CRITICAL_PRIORITY_CLASSES for template in workload.templates)


def _best_effort(ctx: Context, workload: Workload) -> list[PodTemplate]:
    """The pod templates whose pods get the BestEffort QoS class: no container, init containers included, has a
    CPU or memory request or limit, and no LimitRange of the namespace gives them one."""
    if any(limit_range_defaults(ctx.inventory, workload.ref.namespace)):
        return []
    return [
        template
        for template in workload.templates
        if all(
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
    id="memory-limit-missing",
    title="Containers without a memory limit",
    severity="low",
    category="containers",
    cases=[
        PYTHON_DISCORD_OOM,
        NU_NL_ELASTALERT,
        "dfds-2024-grafana-agent-memory-dev-pod-oom-nodes-notready",
    ],
    reads=["workloads", "LimitRange"],
    fix=(
        "Set resources.limits.memory on every container, sized from its observed peak with headroom for catch-up "
        "work (generously for a node agent such as the network plugin, whose OOM kill disrupts its node), so a "
        "runaway process is killed on its own instead of pushing the node out of memory (or give the namespace a "
        "LimitRange with a default limit)."
    ),
)
def memory_limit_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers of top-level workloads without `resources.limits.memory` and without a default
    memory limit from a LimitRange in their namespace, whose CPU and memory requests are set. A
    container that also lacks a request is reported once, by `requests-missing`, whose finding
    names the missing limit too (here, when `requests-missing` is not part of the audit): one
    resources block, one finding. Helm test hooks, finished Jobs
    and training runtimes (each TrainJob sets its own resources) are not reported. Init containers
    are not judged, nor a container running the pause image unchanged (it only holds the pod open),
    nor a placeholder container (a stock shell that only sleeps, prints or exits).
    Recurring and open-ended batch work is judged like services here: a runaway batch pod exhausts
    its node's memory just as a service's does (a reindex Job that retried without a bound took down
    node after node at Universe in 2017). Bounded one-shot work (a Helm or Argo CD hook, a
    run-to-completion Pod, a Job with `backoffLimit`, `activeDeadlineSeconds` or
    `ttlSecondsAfterFinished`) runs once to completion and is not reported, as for `requests-missing`.

    ## Why it matters

    A container without a memory limit can grow until the node itself runs out of memory, and then
    the kernel's OOM killer picks a victim, which need not be the process that grew. In January
    2021 Python Discord's Django site tried to apply 80,000 user updates in one request; its memory
    rose from 300-400MB to 1.5GB, the server ran out of memory and the OOM killer killed PostgreSQL,
    which spent minutes in recovery. The site had no resource limits; adding them was part of the
    fix.

    ## Severity

    Always **low**: the requests are set, so the scheduler places the pod by them; a runaway container
    can still take its node's memory.

    ## Example

    ```yaml
    resources:
      requests: {cpu: 250m, memory: 400Mi}    # no limits
    ```

    ## Fix

    ```yaml
    resources:
      requests: {cpu: 250m, memory: 512Mi}
      limits: {memory: 512Mi}
    ```
    """
    for workload, gaps in _missing(ctx):
        evidence = [
            Evidence(f"{path}.resources.limits", {"container": container, "missing": limits})
            for path, container, requests, limits in gaps
            if limits
            and (not requests or not ctx.left_to("requests-missing"))  # else requests-missing's, limit included
        ]
        if evidence:
            named = ", ".join(e.value["container"] for e in evidence)
            yield ctx.finding(workload.obj, f"{len(evidence)} container(s) have no memory limit: {named}.", *evidence)


@check(
    id="cpu-limit-throttling",
    title="Sub-core CPU limits on containers serving client traffic (CFS throttling)",
    severity="low",
    category="containers",
    cases=[OMIO],
    requires=["Service"],
    reads=["workloads", *SERVING_EVIDENCE_KINDS],
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
    expose metrics do not count, as for `single-replica`). Such a quota runs out within each
    100 ms CFS period as soon as a request burst needs more, so latency suffers even on an idle
    node. Larger limits, and workloads no client reaches, are not reported: there a CPU limit is
    a capacity choice, not a latency risk; nor an operators' console (see Evidence rules), whose
    slow page costs its operators a wait. One-shot and batch work (Jobs, CronJobs, training jobs,
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
        if not workload.serves_traffic or not services or evidence_of.console(workload):
            continue
        evidence = []
        for _, path, container in app_containers(workload):
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
        if evidence:
            names = ", ".join(sorted({name(s) for s in services}))
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) serving Service {names} have a CPU limit below {ceiling} core{'' if ceiling == 1 else 's'} "
                "(" + ", ".join(f"{e.value['container']}: {e.value['limit']}" for e in evidence) + "): CFS throttling "
                "can stall requests during bursts even on an idle node.",
                *evidence,
            )


def _has_pre_stop(container: dict) -> bool:
    return bool(as_dict(dig(container, "lifecycle", "preStop")))


@check(
    id="graceful-shutdown-missing",
    title="Service-backed pods with no preStop hook and a short termination grace period",
    severity="medium",
    category="containers",
    cases=[RAVELIN],
    requires=["Service"],
    reads=["Ingress", "HTTPRoute", "GRPCRoute", *SERVING_EVIDENCE_KINDS, *LEASE_KINDS, "workloads"],
    defaults={"min_grace_seconds": 45},
    fix=(
        "Keep serving after SIGTERM until load balancers have stopped routing to the pod: add a preStop hook "
        "that waits (lifecycle.preStop.sleep on Kubernetes 1.30 and later, or exec sleep where the image has a "
        "sleep binary) for longer than your load balancer needs to deregister the endpoint, and set "
        "terminationGracePeriodSeconds above that wait plus the time to finish in-flight requests."
    ),
)
def graceful_shutdown_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads selected by a Service that carries client traffic through a load balancer (a Service
    of type LoadBalancer or NodePort, or the backend of an Ingress, HTTPRoute or GRPCRoute) whose
    pods have no container with a `lifecycle.preStop` hook and a `terminationGracePeriodSeconds`
    (30 when unset) below `min_grace_seconds` (default 45). A longer grace period is taken as a sign
    that the application keeps serving after SIGTERM. Services reached only inside the cluster are
    reported only for a grace period of 0: their endpoints are removed within moments of
    termination, but a pod given no grace at all is killed with requests in flight, and in-cluster
    clients keep reaching it until its endpoint is gone (a preStop hook gets no time either). Client
    traffic needs evidence, as for `single-replica` (headless Services and metrics, profiling,
    health, debug or admin ports carry none), and an operators' console (see Evidence rules) is not
    judged: a request dropped at its termination costs its operators a reload. DaemonSets (one agent per node) and leader-elected
    controllers are not judged like request-serving replicas, unless their Service carries the API
    server's traffic (a webhook, an aggregated API), which every replica serves. One-shot and batch
    work (Jobs, CronJobs, training jobs, Helm and Argo CD hooks) and finished Jobs are not reported.
    One finding per workload, with every pod template in the evidence.

    ## Why it matters

    Kubernetes removes a terminating pod's endpoint and sends it SIGTERM (or runs its preStop hook)
    at the same time, not one after the other, and a cloud load balancer still sends traffic for a
    short time after the pod becomes NotReady (as a GKE ingress maintainer puts it), so a pod that
    stops listening on SIGTERM refuses connections that are still being sent to it. Ravelin's
    integration tests saw occasional 502 errors through GKE Ingress, which its engineer traced to
    this sequence; the maintainer's advice for such 502s is to keep accepting traffic for a while
    after SIGTERM.

    ## Severity

    Always **medium**: connections fail for a moment around each pod's termination (rollouts, drains,
    scale-down), not for the service as a whole.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      containers:
      - name: api
        image: example/api:2.0.1        # exits on SIGTERM; no preStop; grace period 30 s
    ---
    kind: Ingress                       # a load balancer routes to the Deployment's Service
    ```

    ## Fix

    ```yaml
    spec:
      terminationGracePeriodSeconds: 60
      containers:
      - name: api
        image: example/api:2.0.1
        lifecycle:
          preStop:
            sleep: {seconds: 20}        # or exec: {command: ["sleep", "20"]}
    ```
    """
    balanced = load_balanced(ctx.inventory)
    evidence_of = serving(ctx.inventory)
    leases = lease_holders(ctx.inventory)
    minimum = ctx.setting("min_grace_seconds")
    for workload in ctx.inventory.workloads:
        services = evidence_of.services(workload)
        if not workload.serves_traffic or not services or evidence_of.console(workload):
            continue
        if one_active_by_design(workload, leases) and not evidence_of.api_roles_of(workload):
            continue
        graces = {id(t): _grace(t) for t in workload.templates}
        if 0 in graces.values():
            names = ", ".join(sorted({name(s) for s in services}))
            yield ctx.finding(
                workload.obj,
                f"Pods behind Service {names} have terminationGracePeriodSeconds 0: they are killed at once, with "
                "requests in flight, and clients inside the cluster keep reaching them until their endpoints are removed.",
                *(
                    Evidence(spec_path(t, "terminationGracePeriodSeconds"), 0)
                    for t in workload.templates
                    if graces[id(t)] == 0
                ),
                remediation=NO_GRACE_FIX,
            )
            continue
        behind = [s for s in services if (namespace(s), name(s)) in balanced]
        evidence, short = [], set()
        for template in workload.templates if behind else ():
            grace = graces[id(template)]
            if (
                grace is None
                or grace >= minimum
                or any(_has_pre_stop(c) for _, c in containers(template.spec, init=False))
            ):
                continue
            short.add(grace)
            evidence += [
                Evidence(
                    spec_path(template, "terminationGracePeriodSeconds"),
                    grace if "terminationGracePeriodSeconds" in template.spec else f"unset ({grace}, the default)",
                ),
                Evidence(spec_path(template, "containers[*].lifecycle.preStop"), None),
            ]
        if evidence:
            names = ", ".join(sorted({f"{name(s)} ({balanced[(namespace(s), name(s))]})" for s in behind}))
            yield ctx.finding(
                workload.obj,
                f"Pods behind load-balanced Service {names} have no preStop hook and {'/'.join(map(str, sorted(short)))} s to "
                "terminate: they can stop accepting connections before load balancers stop sending them.",
                *evidence,
            )


NO_GRACE_FIX = (
    "Give the pods time to finish what they serve: remove terminationGracePeriodSeconds: 0 (the default is 30 s) or "
    "set it above the time in-flight requests need, so SIGTERM comes first and the endpoint is removed before the "
    "process is killed; add a preStop wait where load balancers route to the pods."
)


def _grace(template) -> int | None:
    """The template's terminationGracePeriodSeconds (30 when unset); None when it is not a number."""
    grace = template.spec.get("terminationGracePeriodSeconds", 30)
    return grace if isinstance(grace, int) and not isinstance(grace, bool) else None
