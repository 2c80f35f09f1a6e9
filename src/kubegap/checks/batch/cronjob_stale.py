"""``cronjob-stale``: CronJobs that are suspended, failing, or whose last success is old."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import as_dict, as_list, dig
from kubegap.domain.schedules import longest_gap
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.status import is_live

CRONJOB_MISSED = "kubernetes-user-2017-cronjobs-too-many-missed-start-times"


def observed_at(inventory: Readable) -> dt.datetime | None:
    """When the input was read, at the earliest: its newest node heartbeat or CronJob schedule time."""
    stamps = [
        _time(c.get("lastHeartbeatTime"))
        for node in inventory.nodes
        for c in as_list(dig(node, "status", "conditions"))
        if isinstance(c, dict)
    ]
    stamps += [_time(dig(cj, "status", "lastScheduleTime")) for cj in inventory.of_kind("CronJob")]
    known = [s for s in stamps if s is not None]
    return max(known) if known else None


def _time(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = dt.datetime.fromisoformat(value)
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

    ## Severity

    Always **high**: the work the CronJob exists for (often a backup) has stopped happening, and nothing
    else says so.

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
