"""What several autoscaling checks share."""

from __future__ import annotations

from kubegap.checks.base import Skip
from kubegap.domain.absence import Judgement, missing_object
from kubegap.domain.resources import as_dict, dig, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.workloads import autoscalers_unread

MITODL = "mitodl-2026-min-equals-max-hpa-alert-noise-masks-saturation"


def require_autoscalers(inventory: Readable) -> None:
    """Skip unless the autoscalers can be seen: HorizontalPodAutoscalers collected, or, in manifests that hold none,
    KEDA ScaledObjects (KEDA makes the HPA at run time). HPAs that could not be read hide what a ScaledObject would
    not show."""
    hpa = "HorizontalPodAutoscaler"
    if autoscalers_unread(inventory) or not (inventory.collected(hpa) or inventory.collected("ScaledObject")):
        raise Skip(inventory.why_missing(hpa))


def _hpa_bounds(hpa: dict) -> tuple[int, int | None]:
    spec = as_dict(hpa.get("spec"))
    minimum = spec.get("minReplicas", 1)
    maximum = spec.get("maxReplicas")
    return (minimum if isinstance(minimum, int) else 1), (maximum if isinstance(maximum, int) else None)


def missing_target(inventory: Readable, hpa: dict) -> tuple[str, str, Judgement] | None:
    """``(kind, name, judgement)`` for an HPA whose scale target the input does not hold (``missing_object`` says
    whether its absence is proven), or None where the target is there, its kind was not collected, or its reference
    names nothing. An HPA
    written without a namespace scales a workload of the namespace its install is applied to."""
    kind_name, target = dig(hpa, "spec", "scaleTargetRef", "kind"), dig(hpa, "spec", "scaleTargetRef", "name")
    if not isinstance(kind_name, str) or not isinstance(target, str):
        return None
    if inventory.get(kind_name, namespace(hpa), target) is not None or not inventory.collected(kind_name):
        return None
    return kind_name, target, missing_object(inventory, kind_name, namespace(hpa), target, hpa)
