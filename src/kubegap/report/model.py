"""Build the versioned JSON report (schema_version "1") from an audit result."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from kubegap import __version__
from kubegap.audit import AuditResult
from kubegap.checks.base import SEVERITIES, Check, Finding
from kubegap.inventory import Inventory
from kubegap.library import Library
from kubegap.report.identity import fingerprint

SCHEMA_VERSION = "1"


def _finding(finding: Finding, checks: dict[str, Check], inventory: Inventory) -> dict:
    check = checks[finding.check_id]
    entry = {
        "check_id": finding.check_id,
        "title": check.title,
        "severity": finding.severity,
        "category": check.category,
        "object": finding.object.to_json(),
        "message": finding.message,
        "evidence": [e.to_json() for e in finding.evidence],
        "remediation": finding.remediation,
        "cases": list(finding.cases),
    }
    origin = inventory.origin(finding.subject) if finding.subject is not None else None
    if origin is not None:
        entry["location"] = {"path": origin.path, "document": origin.document, "line": origin.line}
    entry["fingerprint"] = fingerprint(entry)
    return entry


def report_header() -> dict:
    """The fields every report starts with: schema version, tool, time."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "kubegap", "version": __version__},
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def cited_cases(library: Library, case_ids) -> dict:
    """The ``cases`` section: title, organization, date and URL of each cited case, by id."""
    cases = {}
    for case_id in sorted(case_ids):
        case = library.case(case_id)
        if case is not None:
            cases[case_id] = {"title": case.title, "organization": case.organization, "date": case.date, "url": case.url}
    return cases


def _check(check: Check) -> dict:
    """What a format needs to describe a check without importing the catalog (SARIF rules, HTML)."""
    return {
        "title": check.title,
        "severity": check.severity,
        "category": check.category,
        "precision": check.precision,
        "cases": list(check.cases),
        "fix": check.fix,
        "documentation": dict(check.doc),
    }


def expired_warning(rule, count: int) -> str:
    return (
        f"exemption rule ({rule.describe()}) expired on {rule.expires.isoformat()}: it no longer suppresses "
        f"anything; {count} finding(s) it matches are reported"
    )


def build_report(
    result: AuditResult, inventory: Inventory, checks: list[Check], library: Library, config_path: str | None = None
) -> dict:
    by_id = {c.id: c for c in checks}
    findings = [_finding(f, by_id, inventory) for f in result.findings]
    suppressed = [
        {**_finding(s.finding, by_id, inventory), "reason": s.reason, "suppressed_by": s.by} for s in result.suppressed
    ]
    cases = cited_cases(
        library,
        {case for f in result.findings + [s.finding for s in result.suppressed] for case in f.cases}
        | {case for c in checks for case in c.cases},
    )
    severities = Counter(f.severity for f in result.findings)
    statuses = Counter(c.status for c in result.coverage)
    collection = inventory.collection
    return {
        **report_header(),
        "inputs": collection.inputs,
        "cluster": collection.cluster,
        "summary": {
            "findings": len(findings),
            "by_severity": {s: severities.get(s, 0) for s in SEVERITIES},
            "suppressed": len(suppressed),
            "checks": {s: statuses.get(s, 0) for s in ("ran", "skipped", "error")},
            "objects": len(inventory),
            "elapsed_seconds": round(result.elapsed, 3),
        },
        "findings": findings,
        "suppressed": suppressed,
        "coverage": [
            {"check_id": c.check_id, "status": c.status, "reason": c.reason, "findings": c.findings}
            for c in result.coverage
        ],
        "checks": {c.id: _check(c) for c in checks},
        "cases": cases,
        "kinds": {
            "collected": sorted(collection.collected),
            "forbidden": dict(sorted(collection.forbidden.items())),
            "absent": sorted(collection.absent),
            "failed": dict(sorted(collection.failed.items())),
        },
        "config": config_path,
        "expired_exemptions": [{**rule.to_json(), "matched": count} for rule, count in result.expired_exemptions],
        "warnings": list(collection.warnings) + [expired_warning(rule, count) for rule, count in result.expired_exemptions],
    }
