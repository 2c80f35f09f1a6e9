"""Batch checks: Jobs and CronJobs that can retry, run or grow without bound, or quietly stop succeeding."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator

from kubegap.checks._common import audited_workloads, is_live, template_gpus
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.podtemplates import REPLICA_SPEC_KINDS
from kubegap.resources import as_dict, as_list, dig, namespace

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
    every later run from starting: whether the work finishes, and what bounds it. A pod's `restartPolicy: Never` does not count: it governs
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
            yield ctx.finding(
                workload.obj,
                "CronJob forbids concurrent runs and sets no activeDeadlineSeconds: one run that hangs blocks every later "
                "run, silently.",
                Evidence("spec.concurrencyPolicy", "Forbid"),
                Evidence(f"{path}.activeDeadlineSeconds", None),
            )
            continue
        if "backoffLimit" in spec:
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


CRONJOB_MISSED = "kubernetes-user-2017-cronjobs-too-many-missed-start-times"

_MACROS = {
    "@yearly": dt.timedelta(days=366),
    "@annually": dt.timedelta(days=366),
    "@monthly": dt.timedelta(days=31),
    "@weekly": dt.timedelta(days=7),
    "@daily": dt.timedelta(days=1),
    "@midnight": dt.timedelta(days=1),
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

    Always **medium**: runs pile up only when they are slow, and then compete for the same data and
    capacity.

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
        yield ctx.finding(
            cronjob,
            f"CronJob allows concurrent runs (concurrencyPolicy {policy if 'concurrencyPolicy' in spec else 'unset: Allow'}) "
            f"with {why}: runs that hang or slow down overlap and pile up, each holding its pods' resources.",
            Evidence("spec.concurrencyPolicy", spec.get("concurrencyPolicy")),
            Evidence("spec.jobTemplate.spec.activeDeadlineSeconds", deadline),
            Evidence("spec.schedule", spec.get("schedule")),
        )


KUBEFLOW_RESTARTS = "kubeflow-user-2022-pytorchjob-failing-worker-restarted-continuously"
RESTARTING_POLICIES = ("OnFailure", "Always", "ExitCode")


def _training_bound(obj: dict) -> str | None:
    """The field that bounds a Kubeflow training job's retries or run time, if any."""
    spec = as_dict(obj.get("spec"))
    for path in (
        ("runPolicy", "backoffLimit"),
        ("runPolicy", "activeDeadlineSeconds"),
        ("backoffLimit",),
        ("activeDeadlineSeconds",),
        ("elasticPolicy", "maxRestarts"),
    ):
        if dig(spec, *path) is not None:
            return "spec." + ".".join(path)
    return None


def _has_condition(obj: dict, types: tuple[str, ...]) -> bool:
    """Whether one of the condition ``types`` is True in the object's status."""
    return any(
        isinstance(c, dict) and c.get("type") in types and c.get("status") == "True"
        for c in as_list(dig(obj, "status", "conditions"))
    )


@check(
    id="training-job-unbounded",
    title="Kubeflow training jobs that restart failing replicas with no retry limit or deadline",
    severity="medium",
    category="batch",
    cases=[KUBEFLOW_RESTARTS],
    reads=["workloads", *sorted(REPLICA_SPEC_KINDS)],
    fix=(
        "Bound the job: set spec.runPolicy.backoffLimit (how many restarts before the job is marked failed) and "
        "spec.runPolicy.activeDeadlineSeconds (how long it may run), or elasticPolicy.maxRestarts for elastic "
        "PyTorchJobs, so that a replica that always fails releases its GPUs."
    ),
)
def training_job_unbounded(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Kubeflow training jobs (PyTorchJob, TFJob, MPIJob, XGBoostJob, PaddleJob, JAXJob), not finished,
    where some replica type restarts its pods (`restartPolicy` `OnFailure`, `Always` or `ExitCode`)
    and nothing bounds the job: no `runPolicy.backoffLimit`, no `runPolicy.activeDeadlineSeconds`
    (nor the older top-level `backoffLimit` / `activeDeadlineSeconds`), and for PyTorchJob no
    `elasticPolicy.maxRestarts`. Replicas that leave `restartPolicy` unset are not judged: the
    default differs between operator versions. JobSet, RayJob and TrainJob bound their restarts by
    default and are not reported.

    ## Why it matters

    A Kubeflow user found that with `restartPolicy: OnFailure` on a PyTorchJob, a worker that
    always failed was restarted again and again; they wanted the job to fail after a number of
    restarts and release its resources. The maintainers pointed to the job-wide `backoffLimit` in
    the run policy. On GPU clusters an unbounded crash loop holds every GPU of the job.

    ## Severity

    Always **medium**: the job holds its GPUs while it restarts, which blocks other jobs' capacity but
    stops nothing running.

    ## Example

    ```yaml
    kind: PyTorchJob
    spec:
      pytorchReplicaSpecs:
        Worker:
          replicas: 8
          restartPolicy: OnFailure
          template: {...}
    ```

    ## Fix

    ```yaml
    kind: PyTorchJob
    spec:
      runPolicy:
        backoffLimit: 5
        activeDeadlineSeconds: 172800
      pytorchReplicaSpecs:
        Worker:
          replicas: 8
          restartPolicy: OnFailure
    ```
    """
    for workload in ctx.inventory.workloads:
        if (
            workload.kind not in REPLICA_SPEC_KINDS
            or _has_condition(workload.obj, ("Succeeded", "Failed"))
            or _training_bound(workload.obj)
        ):
            continue
        field = REPLICA_SPEC_KINDS[workload.kind]
        restarting = {
            role: policy
            for role, replica in as_dict(dig(workload.obj, "spec", field)).items()
            if (policy := dig(replica, "restartPolicy")) in RESTARTING_POLICIES
        }
        if not restarting:
            continue
        gpus = sum(template_gpus(t) * (t.replicas or 1) for t in workload.templates)
        holding = f", holding {gpus:g} GPUs" if gpus else ""
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} restarts failing pods ({', '.join(f'{r}: {p}' for r, p in sorted(restarting.items()))}) "
            f"with no backoffLimit, activeDeadlineSeconds or maxRestarts: a replica that always fails is restarted "
            f"forever{holding}.",
            *(Evidence(f"spec.{field}.{role}.restartPolicy", policy) for role, policy in sorted(restarting.items())),
            Evidence("spec.runPolicy.backoffLimit", None),
            Evidence("spec.runPolicy.activeDeadlineSeconds", None),
        )


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
