"""``graceful-shutdown-missing``: Service-backed pods with no preStop hook and a short termination grace period."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import spec_path
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.reconcilers import LEASE_KINDS, lease_holders, one_active_by_design
from kubegap.domain.resources import as_dict, containers, dig, name, namespace
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, load_balanced, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, ONE_POD_UNREAD, autoscalers_unread, runs_one_pod_at_a_time

RAVELIN = "ravelin-2019-gke-ingress-502-during-pod-shutdown"


def _has_pre_stop(container: dict) -> bool:
    return bool(as_dict(dig(container, "lifecycle", "preStop")))


NO_GRACE_FIX = (
    "Give the pods time to finish what they serve: remove terminationGracePeriodSeconds: 0 (the default is 30 s) or "
    "set it above the time in-flight requests need, so SIGTERM comes first and the endpoint is removed before the "
    "process is killed; add a preStop wait where load balancers route to the pods."
)


AUTOSCALERS_UNREAD = f"{ONE_POD_UNREAD}, to which a terminating pod's traffic would go"


def _grace(template: PodTemplate) -> int | None:
    """The template's terminationGracePeriodSeconds (30 when unset); None when it is not a number."""
    grace = template.spec.get("terminationGracePeriodSeconds", 30)
    return grace if isinstance(grace, int) and not isinstance(grace, bool) else None


@check(
    id="graceful-shutdown-missing",
    title="Service-backed pods with no preStop hook and a short termination grace period",
    severity="medium",
    category="containers",
    cases=[RAVELIN],
    requires=["Service"],
    reads=[
        *SERVING_EVIDENCE_KINDS,
        *LEASE_KINDS,
        *AUTOSCALER_KINDS,
        "workloads",
    ],
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
    of type LoadBalancer, or NodePort with `externalTrafficPolicy: Local`, or the backend of an Ingress or a Gateway
    API route) whose
    pods have no container with a `lifecycle.preStop` hook and a `terminationGracePeriodSeconds`
    (30 when unset) below `min_grace_seconds` (default 45). A longer grace period is taken as a sign
    that the application keeps serving after SIGTERM. Services reached only inside the cluster are
    reported only for a grace period of 0: their endpoints are removed within moments of
    termination, but a pod given no grace is killed with requests in flight (the kubelet waits its
    minimum of 2 s after SIGTERM), and in-cluster clients keep reaching it until its endpoint is gone
    (a preStop hook gets those 2 s at most). NodePort Services whose external traffic policy is Cluster (the
    default) are treated the same: every node forwards their traffic through kube-proxy, which drops a terminating
    pod as it does for a cluster IP, and nothing in the input shows a balancer that sends to the pods themselves, as
    a cloud's balancer for a Service of type LoadBalancer or an Ingress may (GKE's network endpoint groups, AWS's
    IP targets), keeping on for a short time after a pod becomes NotReady (reviewers judged ten of eighteen NodePort
    findings on fresh installs noise, and two wrong). Client
    traffic needs evidence, as for `single-replica` (headless Services and metrics, profiling,
    health, debug or admin ports carry none), and an operators' console (see Evidence rules) is not
    judged: a request dropped at its termination costs its operators a reload. DaemonSets (one agent per node) and leader-elected
    controllers are not judged like request-serving replicas, unless their Service carries the API
    server's traffic (a webhook, an aggregated API), which every replica serves. One-shot and batch
    work (Jobs, CronJobs, training jobs, Helm and Argo CD hooks) and finished Jobs are not reported.
    Nor is a missing preStop wait where the workload runs one pod at a time (one replica that no autoscaler raises,
    rolled out by `Recreate` or with a `maxSurge` of 0, or a one-member StatefulSet): no other endpoint takes its
    traffic while it terminates, so a wait only delays the outage, which is `single-replica`'s to report
    (Portainer, Uptrace, Easegress: judged noise on fresh installs); a grace period of 0 is still reported, since it
    cuts the requests in flight. Where the autoscalers could not be read, such a workload is counted as not judged.
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
                f"Pods behind Service {names} have terminationGracePeriodSeconds 0: they are killed 2 s after SIGTERM "
                "(the kubelet's minimum), with requests in flight, and clients inside the cluster keep reaching them until "
                "their endpoints are removed.",
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
        if evidence and runs_one_pod_at_a_time(ctx.inventory, workload):
            # no other endpoint takes its traffic while it terminates: a preStop wait only delays the outage
            if autoscalers_unread(ctx.inventory):
                ctx.not_judged(workload.obj, AUTOSCALERS_UNREAD)
        elif evidence:
            names = ", ".join(sorted({f"{name(s)} ({balanced[(namespace(s), name(s))]})" for s in behind}))
            yield ctx.finding(
                workload.obj,
                f"Pods behind load-balanced Service {names} have no preStop hook and {'/'.join(map(str, sorted(short)))} s to "
                "terminate: they can stop accepting connections before load balancers stop sending them.",
                *evidence,
            )
