"""``cronjob-concurrency-allow``: CronJobs that let a slow run overlap the next one without bound."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import as_dict, as_list, dig
from kubegap.domain.schedules import at_most_daily, longest_gap

CRONJOB_PILE_UP = "digitalocean-2020-cronjob-allow-job-pods-pile-up"


def _seconds(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def run_bound(job: dict) -> tuple[int | None, str]:
    """The longest a run of ``job`` can last, in seconds, and how it is known, or None: the Job's own
    ``activeDeadlineSeconds``; else its pods' deadline times the pods it may run one after another (the waves its
    completions take at its parallelism, and a retry for each failure ``backoffLimit`` allows, 6 when unset). A pod
    failure policy that ignores some failures lets retries go uncounted, and a limit per index is not counted here:
    neither is bounded by the pods."""
    own = _seconds(job.get("activeDeadlineSeconds"))
    if own is not None:
        return own, f"a run deadline of {own}s"
    pod = _seconds(dig(job, "template", "spec", "activeDeadlineSeconds"))
    ignores = any(dig(rule, "action") == "Ignore" for rule in as_list(dig(job, "podFailurePolicy", "rules")))
    if pod is None or ignores or job.get("backoffLimitPerIndex") is not None:
        return None, ""
    completions = _seconds(job.get("completions")) or 1
    parallelism = _seconds(job.get("parallelism")) or 1
    retries = _seconds(job.get("backoffLimit"))
    attempts = -(-completions // parallelism) + (6 if retries is None else retries)
    return (
        attempts * pod,
        f"its pods' deadline of {pod}s over up to {attempts} pods one after another ({attempts * pod}s)",
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
    outlast the schedule: nothing bounds a run, or its bound is at least as long as the longest interval
    between two scheduled runs. A run is bounded by `jobTemplate.spec.activeDeadlineSeconds`, or else by its
    pods' `activeDeadlineSeconds` times the pods it may run one after another: the waves its `completions`
    take at its `parallelism`, plus a retry for each failure `backoffLimit` allows (6 when unset). Devtron's
    daily sync sets no Job deadline but a pod deadline of 15,000 s with `backoffLimit: 4`, so a run ends
    within 75,000 s, before the next day's (reported, judged wrong). A pod failure policy that ignores some
    failures, or a limit per index, leaves retries uncounted. Suspended CronJobs are not reported.

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
        bound, said = run_bound(as_dict(dig(spec, "jobTemplate", "spec")))
        if bound is not None and (interval is None or bound < interval.total_seconds()):
            continue
        why = "no run deadline" if bound is None else f"{said}, not shorter than its schedule interval"
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
            *(
                [Evidence("spec.jobTemplate.spec.template.spec.activeDeadlineSeconds", pod_deadline)]
                if (pod_deadline := dig(spec, "jobTemplate", "spec", "template", "spec", "activeDeadlineSeconds"))
                is not None
                else []
            ),
            Evidence("spec.schedule", spec.get("schedule")),
            severity="low" if daily else None,
        )
