"""JSON for reports: orjson, and any integer past 64 bits (which orjson refuses) as a JSON reader would hold it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from kubegap.jsonnumbers import json_number


def dumps(value: Any, option: int = 0, default: Callable | None = None) -> bytes:
    """``orjson.dumps(value, option=..., default=...)``; a value holding an integer past 64 bits is written
    with it as :func:`~kubegap.jsonnumbers.json_number` says (a check may compute one from what it read)."""
    try:
        return orjson.dumps(value, option=option, default=default)
    except TypeError as exc:
        if "64-bit" not in str(exc):
            raise
    return orjson.dumps(_fitted(value), option=option, default=default)


def _fitted(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return json_number(value)
    if isinstance(value, dict):
        return {key: _fitted(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_fitted(item) for item in value]
    return value
