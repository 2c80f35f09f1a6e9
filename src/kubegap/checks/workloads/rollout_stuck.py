"""``rollout-stuck``: Deployment that exceeded its progress deadline or is unavailable."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import dig
from kubegap.domain.status import condition, has_status

OMI = "omi-2026-progress-deadline-blocks-prod-backend-deploys"


DEFAULT_PROGRESS_DEADLINE = 600


def _progress_deadline(deployment: dict) -> tuple[int, bool]:
    """``(seconds, set in the spec)``: the Deployment's progressDeadlineSeconds, else the API default."""
    value = dig(deployment, "spec", "progressDeadlineSeconds")
    if isinstance(value, int) and not isinstance(value, bool):
        return value, True
    return DEFAULT_PROGRESS_DEADLINE, False


@check(
    id="rollout-stuck",
    title="Deployment that exceeded its progress deadline or is unavailable",
    severity="high",
    category="workloads",
    cases=[OMI],
    requires=["Deployment"],
    fix=(
        "First tell a slow rollout from a failing one: watch the new ReplicaSet's ready count and look at its pods "
        "(restarts, image pull errors, failing probes, Pending pods waiting for nodes). If new pods keep becoming "
        "ready (many replicas, autoscaled nodes, long startup probes), the rollout is healthy but slow: let it "
        "finish and raise progressDeadlineSeconds above the longest healthy rollout. If they never become ready, "
        "roll back with kubectl rollout undo, or fix forward. Alert on ProgressDeadlineExceeded either way."
    ),
)
def rollout_stuck(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    On a live cluster: Deployments whose `Progressing` condition is `False` with reason
    `ProgressDeadlineExceeded`, or whose `Available` condition is `False`. Skipped when no
    Deployment carries status (manifests).

    ## Why it matters

    When a rollout makes no progress for `progressDeadlineSeconds`, Kubernetes only reports it: the
    `Progressing` condition turns `False` with `ProgressDeadlineExceeded`, and the controller goes on
    replacing pods. Tools that wait on the rollout fail: `kubectl rollout status` returns failure as
    soon as the condition trips, whatever its `--timeout`. Omi's production deploys of a backend
    service on GKE failed this way again and again, blocking every backend deploy including one for
    a launch, although the image was healthy and each rollout finished on its own: 12-60
    HPA-managed replicas, paced by the node autoscaler, routinely took longer than the default
    deadline of 600 seconds, which was raised to 1800. A rollout whose new pods never become ready
    trips the same condition, and there the Deployment stays split between two versions until
    someone rolls it back or fixes it forward.

    ## Severity

    Always **high**: the Deployment is unavailable or stuck between two versions now.

    ## Example

    ```yaml
    status:
      conditions:
      - {type: Progressing, status: "False", reason: ProgressDeadlineExceeded}
    ```

    ## Fix

    ```sh
    kubectl get rs -l app=api -w              # is the new ReplicaSet's READY count still rising?
    kubectl get pods -l app=api               # restarts, ImagePullBackOff, Pending
    ```

    A slow but healthy rollout gets a deadline above its longest healthy duration:

    ```yaml
    spec:
      progressDeadlineSeconds: 1800
    ```

    A failing one is rolled back (or fixed forward): `kubectl rollout undo deploy/api`.
    """
    deployments = [d for d in ctx.inventory.of_kind("Deployment") if has_status(d)]
    if not deployments:
        raise Skip("no Deployment carries live status")
    for deployment in deployments:
        progressing, available = condition(deployment, "Progressing"), condition(deployment, "Available")
        if (
            progressing
            and progressing.get("status") == "False"
            and progressing.get("reason") == "ProgressDeadlineExceeded"
        ):
            deadline, stated = _progress_deadline(deployment)
            updated, wanted = dig(deployment, "status", "updatedReplicas") or 0, dig(deployment, "spec", "replicas")
            yield ctx.finding(
                deployment,
                f"Deployment's rollout reported no progress within its {deadline} s progress deadline"
                f"{'' if stated else ' (the default)'}, with {updated} of {wanted if isinstance(wanted, int) else '?'} "
                "replicas on the new template: Kubernetes marks it failed and `kubectl rollout status` fails, but the "
                "controller keeps rolling; the new pods show whether it is slow or failing.",
                Evidence(
                    "status.conditions[Progressing]",
                    {"reason": "ProgressDeadlineExceeded", "message": progressing.get("message")},
                ),
                Evidence("spec.progressDeadlineSeconds", deadline if stated else None),
                Evidence("status.updatedReplicas", dig(deployment, "status", "updatedReplicas")),
                Evidence("status.unavailableReplicas", dig(deployment, "status", "unavailableReplicas")),
            )
        elif available and available.get("status") == "False":
            yield ctx.finding(
                deployment,
                "Deployment is not available: fewer pods are ready than it needs.",
                Evidence(
                    "status.conditions[Available]",
                    {"reason": available.get("reason"), "message": available.get("message")},
                ),
                Evidence("status.unavailableReplicas", dig(deployment, "status", "unavailableReplicas")),
            )
