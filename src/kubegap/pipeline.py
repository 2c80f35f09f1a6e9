"""The whole audit in one call: collect, index, check, report. Shared by the CLI and the MCP server."""

from __future__ import annotations

from collections.abc import Iterable

from kubegap.allocation import bulk_allocation
from kubegap.audit import run_audit
from kubegap.checks import all_checks
from kubegap.checks.base import Check
from kubegap.errors import UserError
from kubegap.inventory import Inventory
from kubegap.library import load_library
from kubegap.report.model import build_report
from kubegap.sources.base import Collection


def select_checks(check_ids: Iterable[str] | None) -> list[Check]:
    checks = all_checks()
    wanted = list(check_ids or [])
    if not wanted:
        return checks
    known = {c.id for c in checks}
    unknown = [c for c in wanted if c not in known]
    if unknown:
        raise UserError(f"unknown check(s): {', '.join(unknown)} (see 'kubegap checks')")
    return [c for c in checks if c.id in wanted]


def audit_collection(
    collection: Collection,
    check_ids: Iterable[str] | None = None,
    *,
    annotation_exemptions: bool = True,
) -> dict:
    """The versioned JSON report for everything in ``collection``."""
    checks = select_checks(check_ids)
    with bulk_allocation():
        inventory = Inventory(collection)
        result = run_audit(inventory, checks, annotation_exemptions=annotation_exemptions)
    return build_report(result, inventory, checks, load_library())
