"""``cronjob-concurrency-allow``: CronJobs that let a slow run overlap the next one without bound."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import as_dict, dig
from kubegap.domain.schedules import at_most_daily, longest_gap

CRONJOB_PILE_UP = "digitalocean-2020-cronjob-allow-job-pods-pile-up"


@check(
    id="cronjob-concurrency-allow",
    title="CronJobs that let a slow run overlap the next one without bound",
    severity="medium",
    category="batch",
    cases=[CRONJOB_PILE_UP],
    requires=["CronJob"],
    precision="medium",
    fix=(
        "Set concurrencyPolicy: Forbid (skip a run while the previous one is still going) or Replace (stop the old "
        "run), or bound every run with jobTemplate.spec.activeDeadlineSeconds shorter than the schedule interval."
    ),
)
def cronjob_concurrency_allow(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    CronJobs whose `concurrencyPolicy` is `Allow` (the default when unset) and whose runs can
    outlast the schedule: `jobTemplate.spec.activeDeadlineSeconds` is unset, or at least as long
    as the longest interval between two scheduled runs. Suspended CronJobs are not reported.

    ## Why it matters

    With `Allow`, the controller starts a new Job on every tick whether or not the previous one
    finished. A DigitalOcean engineer reported occasionally seeing that, when the pod of such a
    CronJob could not finish in time, Job pods from later intervals piled up over time, sometimes
    to hundreds or thousands of pods that stayed Pending; DigitalOcean added a check to its
    cluster linter recommending `Forbid` or `Replace`.

    ## Severity

    **medium**: runs pile up only when they are slow, and then compete for the same data and
    capacity. **low** for a schedule that starts at most one run a day (one minute of one hour, or
    `@daily` and longer): only a run that hangs for a day overlaps the next, one run at a time.

    ## Example

    ```yaml
    kind: CronJob
    spec:
      schedule: "*/10 * * * *"
      jobTemplate:
        spec:
          template: {...}          # no activeDeadlineSeconds; concurrencyPolicy defaults to Allow
    ```

    ## Fix

    ```yaml
    kind: CronJob
    spec:
      schedule: "*/10 * * * *"
      concurrencyPolicy: Forbid
      jobTemplate:
        spec:
          activeDeadlineSeconds: 540
    ```
    """
    for cronjob in ctx.inventory.of_kind("CronJob"):
        spec = as_dict(cronjob.get("spec"))
        policy = spec.get("concurrencyPolicy", "Allow")
        if spec.get("suspend") is True or policy != "Allow":
            continue
        deadline = dig(spec, "jobTemplate", "spec", "activeDeadlineSeconds")
        interval = longest_gap(spec.get("schedule"))
        bounded = (
            isinstance(deadline, int)
            and not isinstance(deadline, bool)
            and (interval is None or deadline < interval.total_seconds())
        )
        if bounded:
            continue
        why = (
            "no run deadline"
            if deadline is None
            else f"a run deadline of {deadline}s, not shorter than its schedule interval"
        )
        daily = at_most_daily(spec.get("schedule"))
        yield ctx.finding(
            cronjob,
            f"CronJob allows concurrent runs (concurrencyPolicy {policy if 'concurrencyPolicy' in spec else 'unset: Allow'}) "
            f"with {why}: runs that hang or slow down overlap and pile up, each holding its pods' resources"
            + (
                " (it starts at most one run a day, so only a run that hangs for a day overlaps the next)."
                if daily
                else "."
            ),
            Evidence("spec.concurrencyPolicy", spec.get("concurrencyPolicy")),
            Evidence("spec.jobTemplate.spec.activeDeadlineSeconds", deadline),
            Evidence("spec.schedule", spec.get("schedule")),
            severity="low" if daily else None,
        )
