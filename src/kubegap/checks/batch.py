"""Batch checks: Jobs and CronJobs that can retry, run or grow without bound, or quietly stop succeeding."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from kubegap.checks._common import app_containers, audited_workloads, container_name, is_live
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.resources import as_dict, as_list, dig

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
    cases=[UNIVERSE, "zalando-2017-cronjob-pod-flood-apiserver-oom-ingress-404s"],
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
    for workload in audited_workloads(ctx.inventory):
        if workload.kind not in ("Job", "CronJob"):
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


CRONJOB_MISSED = "kubernetes-user-2017-cronjobs-too-many-missed-start-times"

_MACROS = {
    "@yearly": dt.timedelta(days=366), "@annually": dt.timedelta(days=366), "@monthly": dt.timedelta(days=31),
    "@weekly": dt.timedelta(days=7), "@daily": dt.timedelta(days=1), "@midnight": dt.timedelta(days=1),
    "@hourly": dt.timedelta(hours=1),
}


def _step(field: str) -> int | None:
    """n for a "*/n" field, 1 for "*", None for anything that restricts the values."""
    if field == "*":
        return 1
    if field.startswith("*/") and field[2:].isdigit() and int(field[2:]) > 0:
        return int(field[2:])
    return None


def longest_gap(schedule) -> dt.timedelta | None:
    """An upper bound on the time between two runs of a cron schedule (None when it cannot be read)."""
    if not isinstance(schedule, str):
        return None
    words = [w for w in schedule.split() if not w.startswith(("CRON_TZ=", "TZ="))]
    if len(words) == 1:
        return _MACROS.get(words[0].lower())
    if len(words) != 5:
        return None
    minute, hour, day, month, weekday = words
    if _step(month) != 1:
        return dt.timedelta(days=366)
    if _step(day) != 1:
        return dt.timedelta(days=31)
    if _step(weekday) != 1:
        return dt.timedelta(days=7)
    if (step := _step(hour)) is None:
        return dt.timedelta(days=1)
    if step > 1:
        return dt.timedelta(hours=step)
    if (step := _step(minute)) is None:
        return dt.timedelta(hours=1)
    return dt.timedelta(minutes=step)


def observed_at(inventory) -> dt.datetime | None:
    """When the input was read, at the earliest: its newest node heartbeat or CronJob schedule time."""
    stamps = [
        _time(c.get("lastHeartbeatTime"))
        for node in inventory.nodes
        for c in as_list(dig(node, "status", "conditions"))
        if isinstance(c, dict)
    ]
    stamps += [_time(dig(cj, "status", "lastScheduleTime")) for cj in inventory.of_kind("CronJob")]
    stamps = [s for s in stamps if s is not None]
    return max(stamps) if stamps else None


def _time(value) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


@check(
    id="cronjob-stale",
    title="CronJobs that are suspended, failing, or whose last success is old",
    severity="high",
    category="batch",
    cases=[CRONJOB_MISSED],
    requires=["CronJob"],
    reads=["Node"],
    defaults={"max_success_gap_hours": 24, "max_missed_runs": 3},
    fix=(
        "Find out why the job stopped running or succeeding (its recent Jobs and their pods' logs, the "
        "controller manager's log), resume it if it was suspended by mistake, set startingDeadlineSeconds so "
        "missed schedules after downtime do not stall it, and alert on the age of status.lastSuccessfulTime "
        "for every CronJob you depend on (backups above all), not only on failed Jobs."
    ),
)
def cronjob_stale(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    CronJobs read from a live cluster (with status or a resourceVersion) that are suspended,
    and:

    - CronJobs no longer being scheduled: their `lastScheduleTime` is older than `max_missed_runs`
      (default 3) of their schedule's longest interval, measured from the newest node heartbeat
      or CronJob schedule time in the input (the input's own time, so an old snapshot is not
      judged by today's clock);
    - CronJobs scheduled but never successful, or whose latest run was scheduled more than
      `max_success_gap_hours` (default 24) after their last success, which means the runs since
      then failed. A CronJob with a run in progress is not judged on success.

    Manifests are not judged: a suspended CronJob in a manifest may be meant to run by hand.

    ## Why it matters

    A CronJob that stops running raises no alarm of its own: nothing is down, the work just stops
    happening. A team that shut its cluster down every night found that after startup its
    scheduled jobs no longer ran: the CronJob controller gives up on a CronJob that has missed more
    than 100 schedules since its last run and no `startingDeadlineSeconds`, and only logs an
    error in the controller manager, so the CronJobs stalled with nothing visible on the objects
    themselves.

    ## Example

    ```yaml
    kind: CronJob
    metadata: {name: db-backup}
    status:
      lastScheduleTime: "2026-03-09T03:00:00Z"
      lastSuccessfulTime: "2026-02-20T03:14:09Z"   # 17 days of failed runs
    ```

    ## Fix

    ```yaml
    # alert when time() - kube_cronjob_status_last_successful_time > 2 * schedule interval
    ```
    """
    cronjobs = [c for c in ctx.inventory.of_kind("CronJob") if is_live(c)]
    if not cronjobs:
        raise Skip("no CronJob was read from a live cluster")
    gap_limit = dt.timedelta(hours=ctx.setting("max_success_gap_hours"))
    now = observed_at(ctx.inventory)
    for cronjob in cronjobs:
        spec, status = as_dict(cronjob.get("spec")), as_dict(cronjob.get("status"))
        if spec.get("suspend") is True:
            yield ctx.finding(cronjob, "CronJob is suspended: none of its runs happen.", Evidence("spec.suspend", True))
            continue
        scheduled, succeeded = _time(status.get("lastScheduleTime")), _time(status.get("lastSuccessfulTime"))
        if scheduled is None:
            continue
        interval = longest_gap(spec.get("schedule"))
        if now is not None and interval is not None and now - scheduled > ctx.setting("max_missed_runs") * interval:
            yield ctx.finding(
                cronjob,
                f"CronJob has not been scheduled since {status['lastScheduleTime']}, although its schedule runs at "
                f"least every {interval}: the controller has stopped starting it.",
                Evidence("spec.schedule", spec.get("schedule")),
                Evidence("status.lastScheduleTime", status.get("lastScheduleTime")),
                Evidence("spec.startingDeadlineSeconds", spec.get("startingDeadlineSeconds")),
            )
            continue
        if as_list(status.get("active")):
            continue
        if succeeded is None:
            yield ctx.finding(
                cronjob,
                "CronJob has run but never succeeded.",
                Evidence("status.lastScheduleTime", status.get("lastScheduleTime")),
                Evidence("status.lastSuccessfulTime", None),
            )
        elif scheduled - succeeded > gap_limit:
            hours = (scheduled - succeeded).total_seconds() / 3600
            yield ctx.finding(
                cronjob,
                f"CronJob last succeeded {hours:.0f} hours before its latest run: the runs since then failed.",
                Evidence("status.lastScheduleTime", status.get("lastScheduleTime")),
                Evidence("status.lastSuccessfulTime", status.get("lastSuccessfulTime")),
            )
