"""``job-unbounded``: Jobs and CronJobs without a retry bound or a deadline."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import container_name, pod_limits, small_pod
from kubegap.domain.podtemplates import Workload, bounded_by_commands
from kubegap.domain.resources import as_dict, containers, dig, quantity
from kubegap.domain.schedules import at_most_daily
from kubegap.domain.workloads import audited_workloads

UNIVERSE = "universe-2017-reindex-job-kills-nodes"


def job_spec(workload_obj: dict) -> tuple[str, dict]:
    """``(path, spec)`` of the Job spec: the object's own, or a CronJob's job template."""
    if workload_obj.get("kind") == "CronJob":
        return "spec.jobTemplate.spec", as_dict(dig(workload_obj, "spec", "jobTemplate", "spec"))
    return "spec", as_dict(workload_obj.get("spec"))


def _small_run_clause(workload: Workload, spec: dict, cpu: float, memory: float) -> str | None:
    """What holds a run to a small share of a node, as a clause for the message, or None: every container of its
    pods sets CPU and memory limits (``pod_limits``), the pods that run at once (``parallelism``) add up to less
    than ``cpu`` cores and ``memory`` bytes with no GPU (``small_pod``), and hanging runs cannot pile up: a Job, a
    CronJob that replaces a run still going, or one that starts at most one run a day (its hung runs add one such
    share a day at most). Such a run cannot take a node's capacity, however often it is retried or however long it
    hangs."""
    limits = [pod_limits(t) for t in workload.templates]
    parallel = spec.get("parallelism", 1)
    if not isinstance(parallel, int) or isinstance(parallel, bool) or parallel < 1 or not limits or not all(limits):
        return None  # a parked Job (parallelism 0) runs as many pods as whoever raises it says
    total = {r: sum(a.get(r, 0.0) for a in limits if a) * parallel for r in {r for a in limits if a for r in a}}
    if not small_pod(total, cpu, memory):
        return None
    policy = dig(workload.obj, "spec", "concurrencyPolicy") or "Allow"
    daily = workload.kind == "CronJob" and policy == "Allow" and at_most_daily(dig(workload.obj, "spec", "schedule"))
    if workload.kind == "CronJob" and policy != "Replace" and not daily:
        return None
    held = "; ".join(
        f"{container_name(c)}: cpu {dig(c, 'resources', 'limits', 'cpu')} and memory "
        f"{dig(c, 'resources', 'limits', 'memory')}"
        for t in workload.templates
        for _, c in containers(t.spec)
    )
    return (
        f"each run is held to its containers' limits ({held}"
        + (f", {parallel} pods at a time" if parallel > 1 else "")
        + "), a small share of a node, so a failing or hanging run costs that, not the node"
        + ("; a run that hangs adds one such pod a day at most" if daily else "")
    )


@check(
    id="job-unbounded",
    title="Jobs and CronJobs without a retry bound or a deadline",
    severity="medium",
    category="batch",
    cases=[UNIVERSE, "zalando-2017-cronjob-pod-flood-apiserver-oom-ingress-404s"],
    fix=(
        "Bound every Job: set backoffLimit explicitly (0 for tasks that must run at most once, so a failure is "
        "not repeated on node after node), and activeDeadlineSeconds a little above its longest normal run, so a "
        "runaway or hanging task is stopped."
    ),
    reads=["workloads"],
    defaults={"small_pod_cpu": 1, "small_pod_memory": "1Gi"},
)
def job_unbounded(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Top-level Jobs and CronJobs (not finished, not Helm or Argo CD hooks: the install tool waits for
    a hook with a timeout and fails the install or sync when it fails or hangs, so its run is bounded
    and never silent) that leave both
    `backoffLimit` (default 6 retries) and `activeDeadlineSeconds` (no deadline) unset, and CronJobs
    with `concurrencyPolicy: Forbid` and no `activeDeadlineSeconds`, where one run that hangs keeps
    every later run from starting: whether the work finishes, and what bounds it. A Job whose every container,
    init containers included, runs its whole command under `timeout` (`command: [timeout, "600", sh, -c]`) is
    bounded by its commands: each run ends by itself, and the default six retries end the Job (Apache Pulsar's
    initialisation Jobs, which retry on purpose while ZooKeeper starts). A CronJob that forbids concurrent runs
    is judged the same way. A pod's `restartPolicy: Never` does not count: it governs
    the pod, not the Job, and neither does `ttlSecondsAfterFinished` (it deletes a finished Job; one
    that hangs never finishes). Containers without a memory limit are `memory-limit-missing`'s (or
    `requests-missing`'s, when they request nothing either): one cause, one finding. Those checks
    leave one-shot Jobs deleted when they finish to this one, which judges them as batch work.

    ## Why it matters

    In July 2017 Universe started a search reindex as a Kubernetes Job. It used up every resource
    on its node, the node turned unhealthy and was killed, and Kubernetes rescheduled the Job onto
    the next node, which failed the same way, until every node was in repair; search, reporting
    and the cluster UI were down until the Job was removed. The team had set
    `restartPolicy: Never` expecting one run, but that setting applies to the pod: the Job itself
    retried.

    ## Severity

    **Medium**: one Job, or one CronJob's runs, keep a node's capacity or the schedule busy;
    other workloads are affected only through that capacity. **Low** for retries and hangs of a run held to a
    small share of a node: every container, init containers included, sets CPU and memory limits, the pods that
    run at once (`parallelism`) add up, as the scheduler adds a pod's containers, to less than `small_pod_cpu`
    (default 1 core) and `small_pod_memory` (default 1Gi) and ask for no GPU, and hanging runs cannot pile up (a
    Job, a CronJob that replaces a run still going, or one that starts at most one run a day): six retries or a
    hang cost that share, not the node (Kubescape's daily scan triggers, one request each under 10m and 20Mi). A
    CronJob that forbids concurrent runs stays at medium whatever its limits: what a hang costs there is every later
    run; so does one that allows them more often than daily, whose hanging runs pile up.

    ## Example

    ```yaml
    kind: Job
    spec:
      template:
        spec:
          restartPolicy: Never           # the Job still retries up to 6 times
          containers:
          - name: reindex
            image: example/reindex:3.1   # no limits
    ```

    ## Fix

    ```yaml
    kind: Job
    spec:
      backoffLimit: 0
      activeDeadlineSeconds: 3600
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: reindex
            image: example/reindex:3.1
            resources:
              requests: {cpu: "2", memory: 4Gi}
              limits: {memory: 4Gi}
    ```
    """
    small_cpu, small_memory = ctx.setting("small_pod_cpu"), quantity(ctx.setting("small_pod_memory"))
    for workload in audited_workloads(ctx.inventory):
        if workload.kind not in ("Job", "CronJob") or workload.is_hook:
            continue
        path, spec = job_spec(workload.obj)
        if "activeDeadlineSeconds" in spec:
            continue
        if workload.kind == "CronJob" and dig(workload.obj, "spec", "concurrencyPolicy") == "Forbid":
            if bounded_by_commands(workload):
                continue
            yield ctx.finding(
                workload.obj,
                "CronJob forbids concurrent runs and sets no activeDeadlineSeconds: one run that hangs blocks every later "
                "run, silently.",
                Evidence("spec.concurrencyPolicy", "Forbid"),
                Evidence(f"{path}.activeDeadlineSeconds", None),
            )
            continue
        if "backoffLimit" in spec or bounded_by_commands(workload):
            continue
        replaced = workload.kind == "CronJob" and dig(workload.obj, "spec", "concurrencyPolicy") == "Replace"
        hang = (
            "a hanging run is stopped only when the next scheduled run replaces it"
            if replaced
            else "a hanging run is never stopped"
        )
        small = _small_run_clause(workload, spec, small_cpu, small_memory) if small_memory is not None else None
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} sets neither backoffLimit nor activeDeadlineSeconds: a failing run is retried 6 times (the "
            f"default), and {hang}" + (f"; {small}." if small else "."),
            Evidence(f"{path}.backoffLimit", None),
            Evidence(f"{path}.activeDeadlineSeconds", None),
            severity="low" if small else None,
        )
