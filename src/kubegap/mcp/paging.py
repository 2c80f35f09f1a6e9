"""An audit as an agent reads it: findings grouped by check, worst first, a few groups and a few objects
at a time, each continued by an opaque cursor, so the first answer stays small whatever the cluster."""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NotRequired

import orjson
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent
from typing_extensions import TypedDict

from kubegap.report.document import CheckCoverage, CitedCase, Report, ReportedFinding
from kubegap.report.text import evidence_text, subject_label, where_label
from kubegap.severity import severity_rank

OBJECTS_PER_PAGE = 5
"""The first objects of a group, as the table report shows its first five."""
GROUPS_PER_PAGE = 10
WARNINGS_SHOWN = 20
NOT_APPLICABLE = "not applicable: "


class ObjectEntry(TypedDict):
    object: str
    severity: NotRequired[str]
    """Present when this finding's severity is not its group's (a finding can rate itself below its check)."""
    message: NotRequired[str]
    """Absent when every object of the group has the same message: then it is the group's."""
    detail: NotRequired[str]
    """The offending value (and its container), e.g. ``container app · resources.limits: missing: memory``."""
    location: NotRequired[str]
    """``file:line`` of a manifest finding."""


class Group(TypedDict):
    check_id: str
    title: NotRequired[str]
    severity: str
    """The worst severity among the group's findings."""
    message: NotRequired[str]
    fix: str
    cases: list[dict[str, str]]
    """The incidents the check cites: id, title, URL."""
    count: int
    objects: list[ObjectEntry]
    next_cursor: NotRequired[str]
    """Present when the group has more objects than this page shows."""


class AuditResult(TypedDict):
    summary: dict
    """The report's counts (findings, by_severity, suppressed, checks, objects) and kinds_forbidden (each with the
    RBAC rule that would allow it) and kinds_failed: checks reading those kinds did not run."""
    checks_with_findings: int
    groups: list[Group]
    next_cursor: NotRequired[str]
    """Present when more check groups follow: pass it back with the same arguments."""
    not_checked: dict[str, list[str]]
    """Checks that could not look, by reason (a kind not collected, forbidden or failed; a crash)."""
    not_applicable: int
    """Checks that ran into nothing to examine (no webhook, no HPA ...): not gaps in what was seen."""
    warnings: list[str]
    warnings_omitted: int


def encode_cursor(position: dict) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(position)).decode().rstrip("=")


def decode_cursor(cursor: str) -> dict:
    """The position a cursor stands for: ``{"group": n}`` or ``{"check": id, "object": n}``."""
    try:
        position = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError):
        position = None
    valid = isinstance(position, dict) and (
        (set(position) == {"group"} and isinstance(position["group"], int) and position["group"] >= 0)
        or (
            set(position) == {"check", "object"}
            and isinstance(position["check"], str)
            and isinstance(position["object"], int)
            and position["object"] >= 0
        )
    )
    if not valid:
        raise ToolError("cursor: not one this tool gave; pass a next_cursor from an earlier result unchanged")
    return position


def groups(
    findings: Iterable[ReportedFinding],
    cases: Mapping[str, CitedCase],
    min_severity: str = "info",
    folder: Path | None = None,
) -> list[dict]:
    """Findings at or above ``min_severity`` (each by its own severity) grouped by check, the worst group
    first (then the most objects), every object listed; manifest locations relative to ``folder``."""
    threshold = severity_rank(min_severity)
    by_check: dict[str, dict] = {}
    for finding in findings:
        if severity_rank(finding.severity) > threshold:
            continue
        group = by_check.setdefault(
            finding.check_id,
            {
                "check_id": finding.check_id,
                "title": finding.title,
                "severity": finding.severity,
                "fix": finding.remediation,
                "cases": [_case(c, cases.get(c)) for c in finding.cases],
                "count": 0,
                "objects": [],
            },
        )
        group["count"] += 1
        if severity_rank(finding.severity) < severity_rank(group["severity"]):
            group["severity"] = finding.severity
        entry = {
            "object": subject_label(finding),
            "severity": finding.severity,
            "message": finding.message,
        }
        if finding.evidence:
            entry["detail"] = evidence_text(finding.evidence[0])
        if finding.location is not None and finding.location.line:
            entry["location"] = where_label(finding, brief=True).removeprefix(f"{folder}{os.sep}" if folder else "")
        group["objects"].append(entry)
    for group in by_check.values():
        for entry in group["objects"]:
            if entry["severity"] == group["severity"]:
                del entry["severity"]
        messages = {entry["message"] for entry in group["objects"]}
        if len(messages) == 1:
            group["message"] = messages.pop()
            for entry in group["objects"]:
                del entry["message"]
    return sorted(by_check.values(), key=lambda g: (severity_rank(g["severity"]), -g["count"], g["check_id"]))


def objects_page(group: dict, start: int = 0) -> dict:
    page = {**group, "objects": group["objects"][start : start + OBJECTS_PER_PAGE]}
    if start + OBJECTS_PER_PAGE < group["count"]:
        page["next_cursor"] = encode_cursor({"check": group["check_id"], "object": start + OBJECTS_PER_PAGE})
    return page


def _case(case_id: str, case: CitedCase | None) -> dict[str, str]:
    """A cited case as an agent reads it: id, title, URL."""
    return {"id": case_id} if case is None else {"id": case_id, "title": case.title, "url": case.url}


def not_checked(coverage: Iterable[CheckCoverage]) -> tuple[dict[str, list[str]], int]:
    """Checks that did not run, by reason, and how many found nothing to examine."""
    by_reason: dict[str, list[str]] = {}
    applicable_none = 0
    for entry in coverage:
        if entry.status == "ran":
            continue
        if entry.status == "skipped" and (entry.reason or "").startswith(NOT_APPLICABLE):
            applicable_none += 1
        else:
            by_reason.setdefault(entry.reason or entry.status, []).append(entry.check_id)
    return by_reason, applicable_none


def compact_report(
    report: Report,
    min_severity: str = "info",
    cursor: str | None = None,
    limit: int = GROUPS_PER_PAGE,
    folder: Path | None = None,
) -> dict:
    """One page of the audit: ``limit`` check groups (or, for a group's cursor, that group's next objects),
    each group showing its first ``OBJECTS_PER_PAGE`` objects, with the cursors that reach the rest."""
    position = decode_cursor(cursor) if cursor else {"group": 0}
    ordered = groups(report.findings, report.cases, min_severity, folder)
    if "check" in position:
        group = next((g for g in ordered if g["check_id"] == position["check"]), None)
        if group is None or position["object"] >= group["count"]:
            raise ToolError("cursor: it does not match this audit; call again with the arguments it came from")
        page, following = [objects_page(group, position["object"])], None
    else:
        start = position["group"]
        page = [objects_page(g) for g in ordered[start : start + limit]]
        following = start + limit if start + limit < len(ordered) else None
    summary = {
        **report.summary.to_json(),
        "kinds_forbidden": dict(report.kinds.forbidden),
        "kinds_failed": dict(report.kinds.failed),
    }
    summary.pop("elapsed_seconds", None)
    skipped, applicable_none = not_checked(report.coverage)
    result = {
        "summary": summary,
        "checks_with_findings": len(ordered),
        "groups": page,
        "not_checked": skipped,
        "not_applicable": applicable_none,
        "warnings": list(report.warnings[:WARNINGS_SHOWN]),
        "warnings_omitted": max(0, len(report.warnings) - WARNINGS_SHOWN),
    }
    if following is not None:
        result["next_cursor"] = encode_cursor({"group": following})
    return result


def json_text(result: dict) -> CallToolResult:
    """``result`` as compact JSON text alone: for tools without an output schema, half the bytes of both forms."""
    return CallToolResult(content=[TextContent(type="text", text=orjson.dumps(result).decode())])


def structured(result: dict) -> CallToolResult:
    """``result`` as structured content, and as compact JSON text for clients that read only text."""
    return CallToolResult(
        content=[TextContent(type="text", text=orjson.dumps(result).decode())], structured_content=result
    )
