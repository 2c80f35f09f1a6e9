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


def audited_workloads(inventory: Readable) -> list[Workload]:
    """Top-level workloads whose specs matter: all but Helm test hooks and finished Jobs or Pods."""
    return inventory.derive(
        "audited_workloads", lambda inv: [w for w in inv.workloads if not (w.is_helm_test or w.is_finished)]
    )
