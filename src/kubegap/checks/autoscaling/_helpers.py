"""What several autoscaling checks share."""

from __future__ import annotations

from kubegap.domain.resources import as_dict

MITODL = "mitodl-2026-min-equals-max-hpa-alert-noise-masks-saturation"


def _hpa_bounds(hpa: dict) -> tuple[int, int | None]:
    spec = as_dict(hpa.get("spec"))
    minimum = spec.get("minReplicas", 1)
    maximum = spec.get("maxReplicas")
    return (minimum if isinstance(minimum, int) else 1), (maximum if isinstance(maximum, int) else None)
