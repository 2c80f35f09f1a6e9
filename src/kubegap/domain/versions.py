"""Release numbers read from version strings (``v1.7.4+coreos.0``)."""

from __future__ import annotations

import re

_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")


def release(version: object) -> tuple[int, int, int] | None:
    """``(major, minor, patch)`` of a version string such as ``v1.7.4+coreos.0``; None when it is not one."""
    match = _VERSION.match(version) if isinstance(version, str) else None
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None
