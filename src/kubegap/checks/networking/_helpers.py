"""What several networking checks share."""

from __future__ import annotations

import re

from kubegap.domain.resources import as_list, dig, label, namespace
from kubegap.domain.scoped_inventory import Readable

SERVICE_NAME_LABEL = "kubernetes.io/service-name"


class ReadyEndpoints:
    """Ready endpoints per Service, from EndpointSlices or else Endpoints, indexed once."""

    def __init__(self, inventory: Readable):
        self.inventory = inventory
        self._slices: dict[tuple[str | None, str], list[dict]] = {}
        for endpoint_slice in inventory.of_kind("EndpointSlice"):
            service = label(endpoint_slice, SERVICE_NAME_LABEL)
            if service:
                self._slices.setdefault((namespace(endpoint_slice), service), []).append(endpoint_slice)
        self._slices_collected = inventory.collected("EndpointSlice")

    def recorded(self, ns: str | None, service: str) -> bool:
        """Whether the Service's endpoints are known: listed from a cluster or snapshot (a closed world, where a
        Service without any has none), or present in the input."""
        return (
            self.inventory.closed("EndpointSlice", ns)
            or self.inventory.closed("Endpoints", ns)
            or (ns, service) in self._slices
            or self.inventory.get("Endpoints", ns, service) is not None
        )

    def ready(self, ns: str | None, service: str) -> int | None:
        """How many endpoints are ready (a missing ``ready`` condition means ready); None when unknown."""
        if not self.recorded(ns, service):
            return None
        if self._slices_collected:
            count = 0
            for endpoint_slice in self._slices.get((ns, service), []):
                for endpoint in as_list(endpoint_slice.get("endpoints")):
                    if isinstance(endpoint, dict):
                        conditions = endpoint.get("conditions")
                        count += not (isinstance(conditions, dict) and conditions.get("ready") is False)
            return count
        if self.inventory.collected("Endpoints"):
            endpoints = self.inventory.get("Endpoints", ns, service)
            return sum(len(as_list(dig(s, "addresses"))) for s in as_list(dig(endpoints, "subsets")))
        return None


_DURATION = re.compile(r"(\d+(?:\.\d+)?)(h|ms|m|s)")


_SECONDS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


def duration_seconds(value: object) -> float | None:
    """A Go duration (``24h0m0s``) in seconds; None when it is not one."""
    if not isinstance(value, str) or not value:
        return None
    parts = _DURATION.findall(value)
    if not parts or "".join(n + u for n, u in parts) != value:
        return None
    return sum(float(number) * _SECONDS[unit] for number, unit in parts)
