"""``job-unbounded``: Jobs and CronJobs without a retry bound or a deadline."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import bounded_by_commands
from kubegap.domain.resources import as_dict, dig
from kubegap.domain.workloads import audited_workloads

UNIVERSE = "universe-2017-reindex-job-kills-nodes"


def job_spec(workload_obj: dict) -> tuple[str, dict]:
    """``(path, spec)`` of the Job spec: the object's own, or a CronJob's job template."""
    if workload_obj.get("kind") == "CronJob":
        return "spec.jobTemplate.spec", as_dict(dig(workload_obj, "spec", "jobTemplate", "spec"))
    return "spec", as_dict(workload_obj.get("spec"))


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

    Always **medium**: one Job, or one CronJob's runs, keep a node's capacity or the schedule busy;
    other workloads are affected only through that capacity.

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
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} sets neither backoffLimit nor activeDeadlineSeconds: a failing run is retried 6 times (the "
            f"default), and {hang}.",
            Evidence(f"{path}.backoffLimit", None),
            Evidence(f"{path}.activeDeadlineSeconds", None),
        )
