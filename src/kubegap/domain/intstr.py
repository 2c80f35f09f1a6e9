"""IntOrString arithmetic as the Kubernetes controllers do it: a percentage of a replica count, rounded
the way the controller that reads the field rounds it.

Kubernetes resolves every such field with ``intstr.GetScaledValueFromIntOrPercent``
(``staging/src/k8s.io/apimachinery/pkg/util/intstr/intstr.go``): an integer percentage (``^[0-9]+%$``;
``12.5%`` is an error) times the total over 100, rounded up or down as the caller asks. The callers:

- PodDisruptionBudget (``pkg/controller/disruption/disruption.go``, ``getExpectedPodCount``): a
  percentage ``minAvailable`` and a percentage ``maxUnavailable`` both round **up**, against the scale
  of the controllers that own the selected pods; an integer ``minAvailable`` is taken as is. The
  budget allows ``currentHealthy - desiredHealthy`` evictions.
- Deployment (``pkg/controller/deployment/util/deployment_util.go``, ``ResolveFenceposts``):
  ``maxSurge`` rounds up, ``maxUnavailable`` rounds down, and when both come to 0, ``maxUnavailable``
  becomes 1. Both default to 25%.
- DaemonSet (``pkg/controller/daemon/util/daemonset_util.go``, ``UnavailableCount``/``SurgeCount``):
  both round up, against the number of nodes that should run a pod; defaults 1 and 0.
- StatefulSet (``pkg/controller/statefulset/stateful_set_control.go``): ``maxUnavailable`` rounds up
  and is at least 1; default 1.

So ``minAvailable: 80%`` over 1 to 4 replicas allows no eviction at all (4 - ceil(3.2) = 0), while
any ``maxUnavailable`` percentage above 0% allows at least one.
"""

from __future__ import annotations

import math

from kubegap.domain.resources import as_dict, percent

ROLLING_DEFAULTS: dict[str, tuple[int | str, int | str]] = {
    "Deployment": ("25%", "25%"),
    "Rollout": ("25%", "25%"),
    "DaemonSet": (0, 1),
    "StatefulSet": (0, 1),
}
"""``(maxSurge, maxUnavailable)`` a rolling update uses when the field is unset, per controller."""


def int_or_percent(value: object, total: int, *, round_up: bool) -> int | None:
    """An IntOrString resolved against ``total`` as ``GetScaledValueFromIntOrPercent`` does (None when unusable)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    share = percent(value)
    if share is None:
        return None
    scaled = share * total / 100
    return math.ceil(scaled) if round_up else math.floor(scaled)


def pdb_disruptions_allowed(spec: dict, pods: int) -> int | None:
    """Evictions a PodDisruptionBudget allows when all ``pods`` it expects are healthy (None when its policy
    cannot be read). A budget with neither field is not judged here."""
    if "maxUnavailable" in spec:
        unavailable = int_or_percent(spec["maxUnavailable"], pods, round_up=True)
        return None if unavailable is None else pods - max(pods - unavailable, 0)
    if "minAvailable" in spec:
        available = int_or_percent(spec["minAvailable"], pods, round_up=True)
        return None if available is None else max(pods - available, 0)
    return None


def rolling_update(kind: str, rolling: dict, replicas: int) -> tuple[int | None, int | None]:
    """``(maxSurge, maxUnavailable)`` of a rolling update over ``replicas`` pods (nodes, for a DaemonSet),
    resolved and defaulted as the ``kind``'s controller does; None for a value that cannot be read."""
    rolling = as_dict(rolling)
    surge_default, unavailable_default = ROLLING_DEFAULTS.get(kind, ("25%", "25%"))
    surge_value = rolling.get("maxSurge", surge_default)
    unavailable_value = rolling.get("maxUnavailable", unavailable_default)
    if kind == "StatefulSet":
        unavailable = int_or_percent(unavailable_value, replicas, round_up=True)
        return 0, None if unavailable is None else max(unavailable, 1)
    rounds_up = kind == "DaemonSet"
    surge = int_or_percent(surge_value, replicas, round_up=True)
    unavailable = int_or_percent(unavailable_value, replicas, round_up=rounds_up)
    if not rounds_up and surge == 0 and unavailable == 0:
        unavailable = 1
    return surge, unavailable
