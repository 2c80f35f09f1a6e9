"""The check catalog: ``checks/<category>/<check_id>.py``, one check per module, each registering itself
with ``@check``. A category's shared helpers live in its ``_helpers.py``; what several categories share,
in ``kubegap.domain``, by topic. Modules are discovered, not listed: a new check file is found."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from kubegap.checks.base import REGISTRY, Check


@cache
def check_modules() -> tuple[str, ...]:
    """Every check module: each ``checks/<category>/<name>.py`` whose name does not start with ``_``."""
    here = Path(__file__).parent
    return tuple(
        f"{__name__}.{category.name}.{module.name}"
        for category in pkgutil.iter_modules([str(here)])
        if category.ispkg
        for module in pkgutil.iter_modules([str(here / category.name)])
        if not module.ispkg and not module.name.startswith("_")
    )


def all_checks() -> list[Check]:
    for module in check_modules():
        importlib.import_module(module)
    return sorted(REGISTRY.values(), key=lambda c: (c.category, c.id))


def get_check(check_id: str) -> Check | None:
    all_checks()
    return REGISTRY.get(check_id)
