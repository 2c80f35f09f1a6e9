"""Live status: whether an object was read from an API server, and its conditions."""

from __future__ import annotations

from kubegap.domain.resources import as_dict, as_list, dig


def has_status(obj: dict) -> bool:
    """Whether the object carries live status from an API server (manifests rarely do)."""
    return bool(as_dict(obj.get("status")))


def is_live(obj: dict) -> bool:
    """Whether the object was read from an API server (status or a resourceVersion) rather than a manifest."""
    return has_status(obj) or isinstance(dig(obj, "metadata", "resourceVersion"), str)


def condition(obj: dict, condition_type: str) -> dict | None:
    status = obj.get("status")  # read directly, not through dig: asked of every pod of every workload
    for item in as_list(status.get("conditions") if isinstance(status, dict) else None):
        if isinstance(item, dict) and item.get("type") == condition_type:
            return item
    return None


def is_ready(pod: dict) -> bool:
    found = condition(pod, "Ready")
    return found is not None and found.get("status") == "True"
