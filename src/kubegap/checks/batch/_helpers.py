"""What several batch checks share."""

from __future__ import annotations

from kubegap.domain.resources import as_list, dig


def _has_condition(obj: dict, types: tuple[str, ...]) -> bool:
    """Whether one of the condition ``types`` is True in the object's status."""
    return any(
        isinstance(c, dict) and c.get("type") in types and c.get("status") == "True"
        for c in as_list(dig(obj, "status", "conditions"))
    )
