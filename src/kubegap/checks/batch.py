"""Batch checks: Jobs and CronJobs that can retry, run or grow without bound."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import app_containers, container_name
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.resources import as_dict, dig

UNIVERSE = "universe-2017-reindex-job-kills-nodes"


def job_spec(workload_obj: dict) -> tuple[str, dict]:
    """``(path, spec)`` of the Job spec: the object's own, or a CronJob's job template."""
    if workload_obj.get("kind") == "CronJob":
        return "spec.jobTemplate.spec", as_dict(dig(workload_obj, "spec", "jobTemplate", "spec"))
    return "spec", as_dict(workload_obj.get("spec"))


@check(
    id="job-unbounded",
    title="Jobs and CronJobs without a retry bound, a deadline or memory limits",
    severity="medium",
    category="batch",
    cases=[UNIVERSE],
    fix=(
        "Bound every Job: set backoffLimit explicitly (0 for tasks that must run at most once), set "
        "activeDeadlineSeconds, and give every container a memory limit (and CPU requests) so a runaway "
        "task is stopped before it exhausts a node; run heavy batch work on its own node pool."
    ),
)
def job_unbounded(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Top-level Jobs and CronJobs (not finished, not Helm test hooks) that leave both
    `backoffLimit` (default 6 retries) and `activeDeadlineSeconds` (no deadline) unset, or that
    have containers without a memory limit. A pod's `restartPolicy: Never` does not count: it
    governs the pod, not the Job.

    ## Why it matters

    In July 2017 Universe started a search reindex as a Kubernetes Job. It used up every resource
    on its node, the node turned unhealthy and was killed, and Kubernetes rescheduled the Job onto
    the next node, which failed the same way, until every node was in repair; search, reporting
    and the cluster UI were down until the Job was removed. The team had set
    `restartPolicy: Never` expecting one run, but that setting applies to the pod: the Job itself
    retried.

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
    for workload in ctx.inventory.workloads:
        if workload.kind not in ("Job", "CronJob") or workload.is_helm_test or workload.is_finished:
            continue
        path, spec = job_spec(workload.obj)
        evidence = []
        if "backoffLimit" not in spec and "activeDeadlineSeconds" not in spec:
            evidence.append(Evidence(f"{path}.backoffLimit", None))
            evidence.append(Evidence(f"{path}.activeDeadlineSeconds", None))
        unlimited = [
            Evidence(f"{container_path}.resources.limits.memory", {"container": container_name(container)})
            for _, container_path, container in app_containers(workload)
            if dig(container, "resources", "limits", "memory") in (None, "")
        ]
        evidence.extend(unlimited)
        if not evidence:
            continue
        problems = []
        if "backoffLimit" not in spec and "activeDeadlineSeconds" not in spec:
            problems.append("no backoffLimit or activeDeadlineSeconds (it retries up to 6 times with no deadline)")
        if unlimited:
            problems.append(f"{len(unlimited)} container(s) without a memory limit")
        yield ctx.finding(workload.obj, f"{workload.kind} is unbounded: " + "; ".join(problems) + ".", *evidence)
