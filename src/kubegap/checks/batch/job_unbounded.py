"""``job-unbounded``: Jobs and CronJobs without a retry bound or a deadline."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import Workload, bounded_by_commands
from kubegap.domain.resources import as_dict, containers, dig, quantity
from kubegap.domain.workloads import audited_workloads

UNIVERSE = "universe-2017-reindex-job-kills-nodes"


def job_spec(workload_obj: dict) -> tuple[str, dict]:
    """``(path, spec)`` of the Job spec: the object's own, or a CronJob's job template."""
    if workload_obj.get("kind") == "CronJob":
        return "spec.jobTemplate.spec", as_dict(dig(workload_obj, "spec", "jobTemplate", "spec"))
    return "spec", as_dict(workload_obj.get("spec"))


def held_to_limits(workload: Workload, most_cpu: float, most_memory: float) -> list[str] | None:
    """Each container's CPU and memory limits, as ``name: cpu 10m and memory 20Mi``, when every container of the
    pod (init containers included) sets both, they add up to at most ``most_cpu`` cores and ``most_memory`` bytes,
    and it asks for nothing else (no GPU), else None: a run held to such limits cannot take a node's capacity,
    however often it is retried or however long it hangs."""
    found, cpu_total, memory_total = [], 0.0, 0.0
    for template in workload.templates:
        for _, container in containers(template.spec):
            limits = as_dict(dig(container, "resources", "limits"))
            cpu, memory = quantity(limits.get("cpu")), quantity(limits.get("memory"))
            if not cpu or not memory or set(limits) - {"cpu", "memory", "ephemeral-storage"}:
                return None
            cpu_total, memory_total = cpu_total + cpu, memory_total + memory
            found.append(f"{container.get('name')}: cpu {limits['cpu']} and memory {limits['memory']}")
    if not found or cpu_total > most_cpu or memory_total > most_memory:
        return None
    return found


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
    defaults={"small_run_cpu": 1, "small_run_memory": "1Gi"},
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
    other workloads are affected only through that capacity. **Low** for retries and hangs of a run whose every
    container, init containers included, sets CPU and memory limits that add up to at most `small_run_cpu` (default
    1 core) and `small_run_memory` (default 1Gi), with no GPU or other resource: the run cannot take more of a node than its limits, so six retries or a hang cost a
    small pod's worth of capacity, not the node (Kubescape's scan triggers, one HTTP request each under 10m CPU
    and 20Mi). A CronJob that forbids concurrent runs stays at medium whatever its limits: what a hang costs there
    is every later run.

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
    most_cpu, most_memory = ctx.setting("small_run_cpu"), quantity(ctx.setting("small_run_memory")) or 0.0
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
        limited = held_to_limits(workload, most_cpu, most_memory)
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} sets neither backoffLimit nor activeDeadlineSeconds: a failing run is retried 6 times (the "
            f"default), and {hang}"
            + (
                f"; each run is held to its containers' limits ({'; '.join(limited)}), a small share of a node, "
                "so a failing or hanging run costs that pod, not the node."
                if limited
                else "."
            ),
            Evidence(f"{path}.backoffLimit", None),
            Evidence(f"{path}.activeDeadlineSeconds", None),
            severity="low" if limited else None,
        )
