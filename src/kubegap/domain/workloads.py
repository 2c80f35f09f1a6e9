"""Workloads as checks judge them: which are audited, and what covers them (a PodDisruptionBudget, an
HPA)."""

from __future__ import annotations

from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, dig, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector


def pdb_covers(inventory: Readable, workload: Workload) -> bool:
    """Whether a PodDisruptionBudget in the workload's namespace selects one of its pod templates."""
    for pdb in inventory.of_kind("PodDisruptionBudget"):
        selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
        if (
            namespace(pdb) == workload.ref.namespace
            and selector
            and any(selector.matches(t.labels) for t in workload.templates)
        ):
            return True
    return False


HpaTargets = dict[tuple[str | None, str, str], list[dict]]
"""HorizontalPodAutoscalers by the ``(namespace, kind, name)`` of the workload they scale."""

SERVING_KINDS = ("Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Rollout")
"""Controllers that keep a number of interchangeable replicas running (DaemonSets run one per node)."""


def hpa_targets(inventory: Readable) -> HpaTargets:
    """HorizontalPodAutoscalers by the ``(namespace, kind, name)`` of their scale target, worked out once per
    audit: several checks ask."""
    return inventory.derive("hpa_targets", _hpa_targets)


def _hpa_targets(inventory: Readable) -> HpaTargets:
    targets: dict[tuple[str | None, str, str], list[dict]] = {}
    for hpa in inventory.of_kind("HorizontalPodAutoscaler"):
        ref = as_dict(dig(hpa, "spec", "scaleTargetRef"))
        if isinstance(ref.get("kind"), str) and isinstance(ref.get("name"), str):
            targets.setdefault((namespace(hpa), ref["kind"], ref["name"]), []).append(hpa)
    return targets


def scaled_object_targets(inventory: Readable) -> HpaTargets:
    """KEDA ScaledObjects by the ``(namespace, kind, name)`` of the workload they scale (a Deployment unless
    ``scaleTargetRef.kind`` says otherwise). KEDA turns each into a HorizontalPodAutoscaler at run time, which
    manifests do not hold."""
    return inventory.derive("scaled_object_targets", _scaled_object_targets)


def _scaled_object_targets(inventory: Readable) -> HpaTargets:
    targets: dict[tuple[str | None, str, str], list[dict]] = {}
    for scaled in inventory.of_kind("ScaledObject"):
        ref = as_dict(dig(scaled, "spec", "scaleTargetRef"))
        target_kind = ref.get("kind") or "Deployment"
        if isinstance(target_kind, str) and isinstance(ref.get("name"), str):
            targets.setdefault((namespace(scaled), target_kind, ref["name"]), []).append(scaled)
    return targets


KEDA_DEFAULT_MAX_REPLICAS = 100
"""``maxReplicaCount`` of a ScaledObject that sets none."""


def autoscaled_ceiling(inventory: Readable, workload: Workload) -> int | None:
    """The most replicas an autoscaler may run the workload at: the largest ``maxReplicas`` of the
    HorizontalPodAutoscalers and ``maxReplicaCount`` of the KEDA ScaledObjects that scale it; None when none
    does."""
    key = (workload.ref.namespace, workload.kind, workload.ref.name)
    found = [
        value
        for hpa in hpa_targets(inventory).get(key, [])
        if isinstance(value := dig(hpa, "spec", "maxReplicas"), int)
    ]
    for scaled in scaled_object_targets(inventory).get(key, []):
        value = dig(scaled, "spec", "maxReplicaCount", default=KEDA_DEFAULT_MAX_REPLICAS)
        found.append(value if isinstance(value, int) else KEDA_DEFAULT_MAX_REPLICAS)
    return max(found) if found else None


def audited_workloads(inventory: Readable) -> list[Workload]:
    """Top-level workloads whose specs matter: all but Helm test hooks and finished Jobs or Pods."""
    return inventory.derive(
        "audited_workloads", lambda inv: [w for w in inv.workloads if not (w.is_helm_test or w.is_finished)]
    )
