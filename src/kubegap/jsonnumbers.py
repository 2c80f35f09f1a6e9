"""Integers as JSON readers hold them.

orjson, like Kubernetes' own decoding of unstructured JSON, keeps an integer exact within 64 bits and
reads a larger one as the nearest double; one past every double is no number a JSON reader can hold.
YAML (and arithmetic on what was read) knows no such bound, so an integer from either is brought to
what the same number in JSON would have been read as, before a check or a report sees it.
"""

from __future__ import annotations

EXACT = range(-(2**63), 2**64)
"""Integers orjson reads and writes exactly."""


def json_number(value: int) -> int | float | str:
    """``value`` itself within 64 bits; else the nearest double; past every double, its digits as text."""
    if value in EXACT:
        return value
    try:
        return float(value)
    except OverflowError:
        return str(value)  # YAML refuses integers past Python's digit limit, so str() can write it
