"""What several upgrades checks share."""

from __future__ import annotations

import re
from datetime import date

from kubegap.checks.base import Context

END_OF_LIFE = {
    22: date(2022, 12, 8),
    23: date(2023, 2, 28),
    24: date(2023, 7, 28),
    25: date(2023, 10, 28),
    26: date(2024, 2, 28),
    27: date(2024, 7, 16),
    28: date(2024, 10, 22),
    29: date(2025, 2, 28),
    30: date(2025, 7, 15),
    31: date(2025, 11, 11),
    32: date(2026, 2, 28),
    33: date(2026, 6, 28),
    34: date(2026, 10, 27),
    35: date(2027, 2, 28),
    36: date(2027, 6, 28),
}
"""End of upstream support per 1.x minor, from the Kubernetes release pages (kubernetes.io/releases)."""


_MINOR = re.compile(r"^v?1\.(\d+)")


def minor(version: object) -> int | None:
    """The 1.x minor of a version string ("v1.29.4-eks-abc" -> 29); None when it is not one."""
    match = _MINOR.match(version) if isinstance(version, str) else None
    return int(match.group(1)) if match else None


def _today(ctx: Context) -> date:
    configured = ctx.setting("today")
    return date.fromisoformat(configured) if isinstance(configured, str) else date.today()


def control_plane_minor(ctx: Context) -> tuple[int, str] | None:
    """The control plane's minor and where it came from: the ``kube_version`` setting or the snapshot."""
    for where, value in (
        ("setting kube_version", ctx.setting("kube_version")),
        ("cluster.version", ctx.inventory.collection.cluster.get("version")),
    ):
        found = minor(value)
        if found is not None:
            return found, f"{where} = {value}"
    return None


def oldest_supported_minor(today: date) -> int:
    return min((m for m, end in END_OF_LIFE.items() if end >= today), default=max(END_OF_LIFE) + 1)
