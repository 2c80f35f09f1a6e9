"""``replicas-autoscalers-conflict``: A HorizontalPodAutoscaler and a cluster-proportional-autoscaler scale the same workload."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.autoscaling._helpers import require_autoscalers
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS
from kubegap.domain.resources import command_words, containers, name
from kubegap.domain.tokens import Words
from kubegap.domain.workloads import AUTOSCALER_KINDS, audited_workloads, autoscalers

CPA_HPA = "cpa-user-2020-coredns-proportional-autoscaler-fights-hpa"


CPA_IMAGE = Words(("cluster-proportional-autoscaler",))


TARGET_KINDS = {
    "deployment": "Deployment",
    "replicaset": "ReplicaSet",
    "replicationcontroller": "ReplicationController",
    "statefulset": "StatefulSet",
}


def _flag(words: list[str], flag: str) -> str | None:
    for index, word in enumerate(words):
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
        if word == flag and index + 1 < len(words):
            return words[index + 1]
    return None


def proportional_targets(ctx: Context) -> Iterator[tuple[dict, tuple[str | None, str, str]]]:
    """``(autoscaler workload, (namespace, kind, name))`` for each target of a cluster-proportional-autoscaler."""
    for workload in audited_workloads(ctx.inventory):
        for template in workload.templates:
            for _, container in containers(template.spec, init=False):
                image = container.get("image")
                if not isinstance(image, str) or image not in CPA_IMAGE:
                    continue
                words = command_words(container)
                target_ns = _flag(words, "--namespace") or workload.ref.namespace
                for target in (_flag(words, "--target") or "").split(","):
                    target_kind, _, target_name = target.strip().partition("/")
                    if target_kind.lower() in TARGET_KINDS and target_name:
                        yield workload.obj, (target_ns, TARGET_KINDS[target_kind.lower()], target_name)


KEDA_FIX = (
    "Let one controller own the replica count: drop the ScaledObject, or stop the cluster-proportional-autoscaler "
    "and give the ScaledObject a minReplicaCount that covers the cluster's size."
)


@check(
    id="replicas-autoscalers-conflict",
    title="A HorizontalPodAutoscaler and a cluster-proportional-autoscaler scale the same workload",
    severity="medium",
    category="autoscaling",
    cases=[CPA_HPA],
    reads=["workloads", *AUTOSCALER_KINDS, *BUILTIN_CONTROLLERS],
    fix=(
        "Let one controller own the replica count: drop the HorizontalPodAutoscaler, or stop the "
        "cluster-proportional-autoscaler and give the HPA a minReplicas that covers the cluster's size."
    ),
)
def replicas_autoscalers_conflict(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads named as `--target` (for example `deployment/coredns`, in the namespace given by
    `--namespace` or else the autoscaler's own) by a cluster-proportional-autoscaler container
    (an image named `cluster-proportional-autoscaler`, as the DNS autoscaler runs) that a
    HorizontalPodAutoscaler, or a KEDA ScaledObject (which KEDA turns into one), also scales. One finding per
    autoscaler.

    ## Why it matters

    Both controllers write the workload's replica count from different signals, cluster size for
    one, metrics for the other, so each undoes the other. A user who ran the cluster-proportional
    autoscaler for CoreDNS next to a CPU-based HPA saw it scale CoreDNS from 3 to 4 replicas and
    the HPA scale it straight back to 3, 158 times in 40 days; the maintainer's advice was to turn
    one of them off.

    ## Severity

    Always **medium**: the two controllers overwrite each other's replica count, so capacity swings
    while the workload keeps running.

    ## Example

    ```yaml
    kind: Deployment
    metadata: {name: dns-autoscaler, namespace: kube-system}
    spec:
      template:
        spec:
          containers:
          - image: registry.k8s.io/cpa/cluster-proportional-autoscaler:v1.8.9
            command: [/cluster-proportional-autoscaler, --target=deployment/coredns]
    ---
    kind: HorizontalPodAutoscaler
    spec: {scaleTargetRef: {kind: Deployment, name: coredns}}
    ```

    ## Fix

    ```yaml
    # keep one of them, e.g. the proportional autoscaler alone
    ```
    """
    require_autoscalers(ctx.inventory)
    targets = autoscalers(ctx.inventory)
    for autoscaler, key in proportional_targets(ctx):
        for scaler in targets.get(key, []):
            yield ctx.finding(
                scaler.obj,
                f"{scaler.label} and the cluster-proportional-autoscaler {name(autoscaler)} both set "
                f"the replicas of {key[1]} {key[2]}: each undoes the other's count.",
                Evidence("spec.scaleTargetRef", f"{key[1]}/{key[2]}"),
                Evidence("cluster-proportional-autoscaler", f"{key[0]}/{name(autoscaler)}"),
                remediation=KEDA_FIX if scaler.keda else None,
            )
