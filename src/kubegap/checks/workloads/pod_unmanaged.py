"""``pod-unmanaged``: Long-running Pods that no controller owns."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import is_hook
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import as_list, dig, labels, name, namespace
from kubegap.domain.selectors import Selector
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.domain.status import is_live

BARE_POD = "kubernetes-user-2015-bare-pod-not-restarted-after-node-restart"


DEVICE_POD = "kubernetes-user-2024-node-reboot-device-pod-admission-error-bare-pod-stuck"


CONTROL_PLANE_COMPONENTS = ("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler")


def _is_static(pod: dict) -> bool:
    """A static or mirror pod, which the kubelet itself keeps running from a file on the node."""
    if any(key.startswith("kubernetes.io/config.") for key in metadata_annotations(pod)):
        return True
    pod_labels = labels(pod)
    return namespace(pod) == "kube-system" and (
        pod_labels.get("tier") == "control-plane" or pod_labels.get("component") in CONTROL_PLANE_COMPONENTS
    )


def _unowned_and_running(pod: dict) -> bool:
    """No owner, not a static pod or a Helm or Argo CD hook, a restart policy that keeps it running, not finished."""
    if as_list(dig(pod, "metadata", "ownerReferences")) or _is_static(pod) or is_hook(pod):
        return False
    return dig(pod, "spec", "restartPolicy", default="Always") != "Never" and dig(pod, "status", "phase") not in (
        "Succeeded",
        "Failed",
    )


def _served_by(ctx: Context) -> dict[int, list[str]]:
    """Names of the Services carrying client traffic (see ``serving``) that select each pod, by the pod's id."""
    served: dict[int, list[str]] = {}
    evidence = serving(ctx.inventory)
    for service in ctx.inventory.of_kind("Service"):
        if not evidence.serves_clients(service):
            continue
        for pod in ctx.inventory.pods.select(namespace(service), Selector.from_map(dig(service, "spec", "selector"))):
            served.setdefault(id(pod), []).append(name(service))
    return served


@check(
    id="pod-unmanaged",
    title="Long-running Pods that no controller owns",
    severity="medium",
    category="workloads",
    cases=[BARE_POD, DEVICE_POD],
    requires=["Pod"],
    reads=[*SERVING_EVIDENCE_KINDS],
    fix=(
        "Run the pod through a controller that recreates it: a Deployment (or a StatefulSet for stable identity "
        "and storage) for long-running pods, a Job for run-to-completion work."
    ),
)
def pod_unmanaged(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Pods with no owner references whose `restartPolicy` is `Always` (the default) or `OnFailure`,
    that have not finished, are not Helm or Argo CD hooks, and are not static or mirror pods (a
    `kubernetes.io/config.*` annotation, or a control-plane component in `kube-system`), and that
    are evidently in service: read from a live cluster (with status or a resourceVersion), or
    selected by a Service that carries client traffic (a headless Service only gives pods DNS names,
    and metrics, profiling, health, debug or admin ports serve no clients; as for `single-replica`).
    A Pod in a manifest that no such Service selects is usually an example or a test run and is not
    reported; nor are pods with `restartPolicy: Never`, which are one-off runs.

    ## Why it matters

    A pod's restart policy only restarts its containers on the same node. When the node goes away,
    restarts or is drained, a pod that no controller owns is not recreated anywhere. A user whose
    node restarted its pods found that everything under a ReplicationController came back, but a
    Spark driver pod created on its own with `restartPolicy: OnFailure` did not; the answer upstream
    was to run even single-instance pods under a controller. After a node reboot on GKE, a pod using
    a device plugin's resources was admitted before the plugin was ready and failed with
    `UnexpectedAdmissionError`; pods a controller owns are replaced and retried, but a bare pod stays
    failed for good.

    ## Severity

    Always **medium**: nothing recreates the pod when its node goes.

    ## Example

    ```yaml
    apiVersion: v1
    kind: Pod
    metadata: {name: spark-driver}
    spec:
      restartPolicy: OnFailure
      containers: [{name: spark-driver, image: example/spark-driver:2.4}]
    ```

    ## Fix

    ```yaml
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: spark-driver}
    spec:
      replicas: 1
      selector: {matchLabels: {app: spark-driver}}
      template:
        metadata: {labels: {app: spark-driver}}
        spec:
          containers: [{name: spark-driver, image: example/spark-driver:2.4}]
    ```
    """
    unowned = [pod for pod in ctx.inventory.of_kind("Pod") if _unowned_and_running(pod)]
    served = _served_by(ctx) if unowned else {}  # Services are matched only when some pod needs it
    for pod in unowned:
        policy = dig(pod, "spec", "restartPolicy", default="Always")
        serving = sorted(served.get(id(pod), []))
        if not (serving or is_live(pod)):
            continue
        behind = f", behind Service {', '.join(serving)}" if serving else ""
        yield ctx.finding(
            pod,
            f"Pod is not owned by any controller (restartPolicy {policy}{behind}): if its node fails, restarts, is "
            "drained or is replaced, nothing recreates it.",
            Evidence("metadata.ownerReferences", None),
            Evidence("spec.restartPolicy", dig(pod, "spec", "restartPolicy")),
            Evidence("selected by Services", serving or None),
        )
