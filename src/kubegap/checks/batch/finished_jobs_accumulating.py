"""``finished-jobs-accumulating``: Finished Jobs piling up with no TTL to clean them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.batch._helpers import _has_condition
from kubegap.domain.resources import as_list, dig, namespace

ORT_JOBS = "ort-server-user-2026-completed-jobs-fill-etcd-quota"


def _owned_by_cronjob(job: dict) -> bool:
    return any(
        isinstance(r, dict) and r.get("kind") == "CronJob" for r in as_list(dig(job, "metadata", "ownerReferences"))
    )


@check(
    id="finished-jobs-accumulating",
    title="Finished Jobs piling up with no TTL to clean them",
    severity="medium",
    category="batch",
    cases=[ORT_JOBS],
    requires=["Job"],
    defaults={"max_finished_jobs": 1000},
    fix=(
        "Set spec.ttlSecondsAfterFinished on the Jobs your tools create (or configure the tool to set it), so the "
        "Job controller deletes finished Jobs and their pods; delete the backlog "
        "(kubectl delete jobs -A --field-selector status.successful=1) and watch the etcd database size."
    ),
)
def finished_jobs_accumulating(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    In a live snapshot, finished Jobs (condition `Complete` or `Failed`) that no CronJob owns
    (CronJobs prune their own history) and that set no `ttlSecondsAfterFinished`. When there are
    at least `max_finished_jobs` (default 1,000) of them, one finding names the count and the
    namespaces holding the most. Jobs in manifests have no status and are not counted.

    ## Why it matters

    Every finished Job, and the pods it keeps, stays in etcd until something deletes it. A team
    running ORT Server, which runs its work as Kubernetes Jobs, found about 3,700 Jobs
    accumulated in their cluster on OVH Managed Kubernetes when etcd reported its storage quota
    exceeded; from then on the API rejected creating or updating resources, which hit ORT Server
    and the whole cluster. They deleted the completed Jobs by hand and set up a cleanup CronJob.

    ## Severity

    Always **medium**: the cost grows slowly (etcd size, list latency) until it is noticed.

    ## Example

    ```text
    kubectl get jobs -A | wc -l     # 3700, all but a few finished
    ```

    ## Fix

    ```yaml
    apiVersion: batch/v1
    kind: Job
    spec:
      ttlSecondsAfterFinished: 86400   # deleted, with its pods, a day after it finishes
    ```
    """
    finished = Counter(
        namespace(job) or "(none)"
        for job in ctx.inventory.of_kind("Job")
        if _has_condition(job, ("Complete", "Failed"))
        and not _owned_by_cronjob(job)
        and dig(job, "spec", "ttlSecondsAfterFinished") is None
    )
    total = sum(finished.values())
    if total >= ctx.setting("max_finished_jobs"):
        yield ctx.finding(
            ctx.cluster,
            f"{total} finished Jobs are kept with no ttlSecondsAfterFinished and no CronJob pruning them: every one "
            "(and its pods) stays in etcd until deleted, and enough of them fill its storage quota.",
            Evidence("finished Jobs per namespace (largest first)", dict(finished.most_common(10))),
        )
