"""Compare two reports: which findings are new, fixed or unchanged (by :mod:`identity`).

Used by ``kubegap diff OLD NEW`` and ``kubegap audit --baseline OLD``. Matching is a multiset
match: two findings with the same identity in the old report pair with at most two in the new,
each counted once per definition it names (``also_at``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson

from kubegap.errors import InputError
from kubegap.inputbytes import NotRead, Streamed, read_bytes
from kubegap.report.document import Baseline, Report, ReportedFinding
from kubegap.report.model import READABLE_VERSIONS
from kubegap.report.schema import check_against_schema
from kubegap.severity import Threshold, severity_rank


@dataclass(frozen=True)
class Comparison:
    new: list[ReportedFinding]
    fixed: list[ReportedFinding]
    unchanged: list[ReportedFinding]  # as they appear in the newer report


def _check_report(report: object, where: str) -> Report:
    if not isinstance(report, dict) or "findings" not in report or "schema_version" not in report:
        raise InputError(
            f"{where}: not a kubegap JSON report (no schema_version or findings); write one with --format json"
        )
    if report["schema_version"] not in READABLE_VERSIONS:
        expected = " or ".join(repr(v) for v in READABLE_VERSIONS)
        raise InputError(
            f"{where}: report schema_version {report['schema_version']!r} is not supported (expected {expected})"
        )
    check_against_schema(report, where)
    return Report.from_json(report)


def is_report_file(item: Path | Streamed) -> bool:
    """Whether ``item`` starts like a kubegap JSON report (its opening bytes; :func:`load_report` validates
    the rest). Only a regular file is opened to look: a pipe's bytes are looked at once read whole."""
    if isinstance(item, Streamed):
        head = bytes((item.data or b"")[:512])
    else:
        try:
            if not item.is_file():
                return False
            with item.open("rb") as handle:
                head = handle.read(512)
        except OSError:
            return False
    return head.lstrip().startswith(b"{") and b'"schema_version"' in head and b'"kubegap"' in head


def load_report(item: Path | Streamed) -> Report:
    """A kubegap JSON report from a file (or a pipe, read once), with a clear error naming it and the field
    if it is not one."""
    if isinstance(item, Streamed):
        if item.data is None:
            raise InputError(f"{item.name}: {item.unread}")
        return _parsed_report(item.data, item.name)
    try:
        data = read_bytes(item)
    except OSError as exc:
        raise InputError(f"{item}: cannot read: {exc.strerror or exc}") from None
    except NotRead as exc:
        raise InputError(f"{item}: {exc.reason}") from None
    return _parsed_report(data, str(item))


def _parsed_report(data: bytes | bytearray, name: str) -> Report:
    try:
        report = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InputError(f"{name}: not JSON: {exc}") from None
    return _check_report(report, name)


def compare(old: Report, new: Report) -> Comparison:
    """Findings pair by identity, one definition for one: a finding naming three definitions of its object
    (``also_at``) pairs with three findings of a report that listed them one by one, and the other way round."""
    remaining: dict[tuple, list[ReportedFinding]] = defaultdict(list)
    for finding in old.findings:
        remaining[finding.identity] += [finding] * finding.definitions
    added, unchanged = [], []
    for finding in new.findings:
        matches = remaining.get(finding.identity)
        if matches:
            del matches[: finding.definitions]
            unchanged.append(finding)
        else:
            added.append(finding)
    fixed = [finding for findings in remaining.values() for finding in findings]
    return Comparison(added, fixed, unchanged)


def at_or_above(findings: Iterable[ReportedFinding], threshold: Threshold) -> list[ReportedFinding]:
    """The findings whose severity is ``threshold`` or worse (none when ``threshold`` is ``none``)."""
    if threshold == "none":
        return []
    rank = severity_rank(threshold)
    return [f for f in findings if severity_rank(f.severity) <= rank]


def with_baseline(report: Report, baseline: Report, baseline_path: str) -> Report:
    """``report`` whose findings say whether they are new or unchanged since ``baseline``."""
    comparison = compare(baseline, report)
    new_ids = {id(f) for f in comparison.new}
    return report.with_baseline(
        Baseline(
            baseline_path,
            baseline.generated_at,
            len(comparison.new),
            len(comparison.unchanged),
            tuple(comparison.fixed),
            keys=("path", "generated_at", "new", "unchanged", "fixed"),
        ),
        (f.in_baseline("new" if id(f) in new_ids else "unchanged") for f in report.findings),
    )
