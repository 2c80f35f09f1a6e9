"""``training-job-unbounded``: Kubeflow training jobs that restart failing replicas with no retry limit or deadline."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.batch._helpers import _has_condition
from kubegap.domain.gpus import template_gpus
from kubegap.domain.podtemplates import REPLICA_SPEC_KINDS
from kubegap.domain.resources import as_dict, dig

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
