"""``cronjob-concurrency-allow``: CronJobs that let a slow run overlap the next one without bound."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import as_dict, as_list, dig
from kubegap.domain.schedules import at_most_daily, longest_gap
from kubegap.severity import Severity

CRONJOB_PILE_UP = "digitalocean-2020-cronjob-allow-job-pods-pile-up"


def _seconds(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


BACKOFF_START, BACKOFF_CAP = 10, 360
"""The Job controller's delay before each retry: 10 s, doubling, at most 6 minutes."""


def _pods_bound(job: dict) -> tuple[int, str] | None:
    """How long a run's pods can run, in seconds, and how it is known, where the Job sets no deadline of its own but
    its pods do: the pods' ``activeDeadlineSeconds`` times the pods it may run one after another (the waves its
    ``completions`` take at its ``parallelism``, and a retry for each failure ``backoffLimit`` allows, 6 when unset),
    with the controller's delays between retries. A pod's deadline counts from its start, so this bounds pods that
    run, not pods that cannot be scheduled. None where the pods set none, a pod failure policy ignores failures, a
    limit per index applies, or the Job runs nothing at once (``parallelism: 0``)."""
    pod = _seconds(dig(job, "template", "spec", "activeDeadlineSeconds"))
    ignores = any(dig(rule, "action") == "Ignore" for rule in as_list(dig(job, "podFailurePolicy", "rules")))
    parallelism = _seconds(job.get("parallelism"))
    if pod is None or ignores or job.get("backoffLimitPerIndex") is not None or parallelism == 0:
        return None
    completions = _seconds(job.get("completions")) or 1
    limit = _seconds(job.get("backoffLimit"))
    retries = 6 if limit is None else limit
    attempts = -(-completions // (parallelism or 1)) + retries
    delays = sum(min(BACKOFF_START * 2**i, BACKOFF_CAP) for i in range(retries))
    total = attempts * pod + delays
    return (
        total,
        f"its pods' deadline of {pod}s over up to {attempts} pods one after another ({total}s with the delays between retries)",
    )


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
    outlast the schedule: `jobTemplate.spec.activeDeadlineSeconds` is unset, or at least as long as the
    longest interval between two scheduled runs. Where the Job sets no deadline but its pods do, the pods'
    `activeDeadlineSeconds` times the pods it may run one after another (the waves its `completions` take at
    its `parallelism`, a retry for each failure `backoffLimit` allows, 6 when unset, and the controller's
    delays between retries) bounds the pods that run, not pods that cannot be scheduled, whose pile-up is the
    case below: where that bound is shorter than the interval the finding says so, at low. Devtron's daily sync
    sets no Job deadline but a pod deadline of 15,000 s with `backoffLimit: 4`; reported as if nothing bounded
    its runs, it was judged wrong. Suspended CronJobs are not reported.

    ## Why it matters

    With `Allow`, the controller starts a new Job on every tick whether or not the previous one
    finished. A DigitalOcean engineer reported occasionally seeing that, when the pod of such a
    CronJob could not finish in time, Job pods from later intervals piled up over time, sometimes
    to hundreds or thousands of pods that stayed Pending; DigitalOcean added a check to its
    cluster linter recommending `Forbid` or `Replace`.

    ## Severity

    **medium**: runs pile up only when they are slow, and then compete for the same data and
    capacity. **low** where the pods' deadlines bound every run whose pods start (only runs that cannot be
    scheduled pile up), and for a schedule that starts at most one run a day (one minute of one hour, or
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
        deadline = _seconds(dig(spec, "jobTemplate", "spec", "activeDeadlineSeconds"))
        interval = longest_gap(spec.get("schedule"))
        if deadline is not None and (interval is None or deadline < interval.total_seconds()):
            continue
        pods = _pods_bound(as_dict(dig(spec, "jobTemplate", "spec"))) if deadline is None else None
        if pods is not None and (interval is None or pods[0] < interval.total_seconds()):
            what = (
                f"no run deadline: {pods[1]} stops a run whose pods hang once started, not one whose pods cannot be "
                "scheduled, and such runs overlap and pile up"
            )
            severity: Severity | None = "low"
        else:
            what = (
                "no run deadline"
                if deadline is None
                else f"a run deadline of {deadline}s, not shorter than its schedule interval"
            ) + ": runs that hang or slow down overlap and pile up"
            severity = None
        daily = at_most_daily(spec.get("schedule"))
        yield ctx.finding(
            cronjob,
            f"CronJob allows concurrent runs (concurrencyPolicy {policy if 'concurrencyPolicy' in spec else 'unset: Allow'}) "
            f"with {what}, each holding its pods' resources"
            + (
                " (it starts at most one run a day, so only a run that hangs for a day overlaps the next)."
                if daily
                else "."
            ),
            Evidence("spec.concurrencyPolicy", spec.get("concurrencyPolicy")),
            Evidence("spec.jobTemplate.spec.activeDeadlineSeconds", deadline),
            *(
                [Evidence("spec.jobTemplate.spec.template.spec.activeDeadlineSeconds", pod_deadline)]
                if (pod_deadline := dig(spec, "jobTemplate", "spec", "template", "spec", "activeDeadlineSeconds"))
                is not None
                else []
            ),
            Evidence("spec.schedule", spec.get("schedule")),
            severity="low" if daily else severity,
        )
