"""What several autoscaling checks share."""

from __future__ import annotations

from kubegap.checks.base import Skip
from kubegap.domain.resources import as_dict
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
