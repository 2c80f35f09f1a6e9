"""A check as data: the one shape the report, the CLI, the web catalog and its JSON twins share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubegap.checks.base import Check
from kubegap.library.serialize import case_ref

if TYPE_CHECKING:
    from kubegap.library import Library


def check_summary(check: Check) -> dict:
    """What describes a check wherever it appears (a report's ``checks``, SARIF rules, HTML)."""
    return {
        "title": check.title,
        "severity": check.severity,
        "category": check.category,
        "scope": check.scope,
        "precision": check.precision,
        "cases": list(check.cases),
        "fix": check.fix,
        "documentation": dict(check.doc),
    }


def check_json(check: Check, library: Library) -> dict:
    """The catalog entry: the summary, what the check reads and its settings, and the cases by title."""
    return {
        "id": check.id,
        **check_summary(check),
        "requires": list(check.requires),
        "reads": list(check.reads),
        "settings": dict(check.defaults),
        "cases": [case_ref(library, case_id) for case_id in check.cases],
        "seen_in": [c.id for c in library.naming_check(check.id)],
    }
