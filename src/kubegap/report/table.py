"""``--format table`` (the default): the terminal report, short lines grouped by object or by check.

A finding is its check id and message, then the offending value (its container named) and the
library case it was seen in (``case ID``, what ``kubegap cases show`` takes), wrapped between words
at the terminal's width: object names, check ids, case ids and URLs are never cut, so piped output
survives ``grep``. ``--verbose`` adds every evidence item, the fix and the links. Colour only on a
terminal (Rich honours ``NO_COLOR``); a file or a pipe gets plain text.

Nothing is hidden. A long report (more than ``WHOLE_REPORT`` findings) keeps every object with a
finding at or above ``--fail-on`` (``high`` when it is ``none``) in full, and prints each other
object on one line naming its findings' severities and checks; ``--verbose`` prints them in full.
With ``--baseline``, new findings come first and the unchanged ones are one line, as ``kubegap diff``
shows them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TextIO

from rich.text import Text

from kubegap.report.document import CitedCase, Report, ReportedFinding
from kubegap.report.terminal import INDENT, KEEP, Printer, whole
from kubegap.report.text import (
    case_label,
    counts_label,
    coverage_label,
    evidence_text,
    subject_label,
    summary_line,
    unjudged_by_reason,
    where_label,
)
from kubegap.severity import SEVERITIES, severity_rank

WHOLE_REPORT = 30
"""A report of at most this many findings (new findings, with a baseline) is printed whole."""
STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


@dataclass(frozen=True)
class TableView:
    """How the terminal report is laid out: ``--group-by``, ``--verbose``, ``--show-skipped`` and the width."""

    group_by: str = "object"
    verbose: bool = False
    show_skipped: bool = False
    width: int | None = None
    """Columns to wrap at; ``None``: the terminal's width ($COLUMNS, or 80 when it cannot be told)."""
    fail_on: str = "high"
    """``--fail-on``: objects with a finding at or above it are always printed in full."""


def _primary_case(finding: ReportedFinding) -> str | None:
    return finding.cases[0] if finding.cases else None


def _ordered(findings: Iterable[ReportedFinding]) -> list[ReportedFinding]:
    return sorted(findings, key=lambda f: (severity_rank(f.severity), f.check_id))


def _worst(findings: list[ReportedFinding]) -> int:
    return min(severity_rank(f.severity) for f in findings)


@dataclass(frozen=True)
class Shown:
    """What the table prints: findings in full, findings of objects printed on one line, unchanged findings."""

    full: list[ReportedFinding]
    folded: list[ReportedFinding]
    unchanged: list[ReportedFinding]


def shown(report: Report, view: TableView) -> Shown:
    """Split the findings as the module docstring says: never an object with a finding at or above
    ``--fail-on``, nor any finding of an object printed in full, is folded."""
    findings: Iterable[ReportedFinding] = report.findings
    unchanged = [f for f in findings if f.baseline_state == "unchanged"] if report.baseline else []
    if unchanged:
        findings = [f for f in findings if f.baseline_state != "unchanged"]
    findings = _ordered(findings)
    if view.verbose or len(findings) <= WHOLE_REPORT:
        return Shown(findings, [], _ordered(unchanged))
    threshold = severity_rank("high" if view.fail_on == "none" else view.fail_on)
    by_object: dict[str, list[ReportedFinding]] = {}
    for f in findings:
        by_object.setdefault(subject_label(f), []).append(f)
    kept = {label for label, group in by_object.items() if _worst(group) <= threshold}
    return Shown(
        [f for f in findings if subject_label(f) in kept],
        [f for f in findings if subject_label(f) not in kept],
        _ordered(unchanged),
    )


def _severity(severity: str, indent: str = "") -> Text:
    """The severity in its colour, padded to one column."""
    return Text(indent) + Text(severity, style=STYLE[severity]) + Text(" " * (9 - len(severity)))


def _verbose(printer: Printer, cases: Mapping[str, CitedCase], finding: ReportedFinding) -> None:
    more = INDENT * 2
    location = where_label(finding)
    if location:
        printer.paragraph(location, first=INDENT + "at ", rest=more)
    for evidence in finding.evidence:
        printer.paragraph(evidence_text(evidence, brief=False), first=INDENT + "evidence: ", rest=more)
    printer.paragraph(finding.remediation, first=INDENT + "fix: ", rest=more)
    for case_id in finding.cases:
        case = cases.get(case_id)
        printer.paragraph(f"case{KEEP}{case_id}", first=INDENT + "seen in: ", rest=more)
        if case is not None:
            printer.paragraph(case_label(case), first=more, rest=more)
            printer.paragraph(case.url, first=more, rest=more, style="dim")


def _finding(
    printer: Printer,
    cases: Mapping[str, CitedCase],
    finding: ReportedFinding,
    view: TableView,
    said: str | None = None,
) -> None:
    """Grouped by object: ``severity check-id: message``; by check: ``object: message``. Then the offending
    value and ``case ID``, the library case it was seen in (unless it is ``said``, in its check's heading)."""
    if view.group_by == "object":
        first, head = _severity(finding.severity, "  "), finding.check_id
    else:
        first, head = Text("  "), whole(subject_label(finding))
    printer.paragraph((head + ":", "bold"), finding.message, first=first)
    value = evidence_text(finding.evidence[0]) if finding.evidence else ""
    case_id = _primary_case(finding)
    case = f"case{KEEP}{case_id}" if case_id and case_id != said else ""
    if value and case and len(INDENT + value + " · " + case) <= printer.width:
        value, case = f"{value} · {case}", ""
    for detail in (value, case):
        if detail:
            printer.paragraph(detail, first=INDENT, style="dim")
    if view.verbose:
        _verbose(printer, cases, finding)


def by_object(
    printer: Printer, cases: Mapping[str, CitedCase], findings: Sequence[ReportedFinding], view: TableView
) -> None:
    """Objects in the order of their worst finding; each object's findings worst first (``kubegap diff`` too)."""
    rank: dict[str, int] = {}
    for f in findings:
        rank.setdefault(subject_label(f), len(rank))
    for label, grouped in groupby(sorted(findings, key=lambda f: rank[subject_label(f)]), key=subject_label):
        group = list(grouped)
        location = group[0].location
        where = where_label(group[0], brief=True) if location is not None and location.line else ""
        printer.paragraph((whole(label), "bold"), where)
        for f in group:
            _finding(printer, cases, f, view)


def _by_check(
    printer: Printer,
    cases: Mapping[str, CitedCase],
    findings: list[ReportedFinding],
    folded: list[ReportedFinding],
    view: TableView,
) -> None:
    """A check's severity, id, count and case, then its objects: in full, or by name when folded."""
    names = {id(f) for f in folded}
    for check_id, grouped in groupby(_ordered(findings + folded), key=lambda f: f.check_id):
        group = list(grouped)
        case_id = _primary_case(group[0])
        printer.paragraph(
            (check_id, "bold"),
            f"({len(group)})",
            f"· case{KEEP}{case_id}" if case_id else "",
            first=_severity(group[0].severity),
        )
        for f in group:
            if id(f) in names:
                printer.paragraph(whole(subject_label(f)), first="  ", style="dim")
            else:
                _finding(printer, cases, f, view, said=case_id)


def _folded_objects(printer: Printer, folded: list[ReportedFinding], view: TableView) -> None:
    """Each object with only lower findings on one line: its name, then each finding's severity and check."""
    by_object: dict[str, list[ReportedFinding]] = {}
    for f in folded:
        by_object.setdefault(subject_label(f), []).append(f)
    threshold = "high" if view.fail_on == "none" else view.fail_on
    printer.paragraph(
        f"{len(by_object)} more objects, each with findings below {threshold} only ({len(folded)} findings: "
        f"{_counts(folded)}), one line each; --verbose prints them in full:",
        style="bold",
    )
    for label, group in sorted(by_object.items(), key=lambda item: (_worst(item[1]), item[0])):
        printer.paragraph(
            (whole(label) + ":", "bold"), ", ".join(f"{f.severity} {f.check_id}" for f in group), first="  "
        )


def _counts(findings: list[ReportedFinding]) -> str:
    counts = Counter(f.severity for f in findings)
    return counts_label({s: counts[s] for s in SEVERITIES})


def _coverage(printer: Printer, report: Report, view: TableView) -> None:
    """Failed checks always; objects checks could not judge as one line per reason (with the checks under
    ``--show-skipped``); skipped checks as one line, or listed with their reasons under ``--show-skipped``."""
    for c in report.coverage:
        if c.status == "error":
            printer.paragraph(f"{coverage_label(c)}: failed: {c.reason}", first="  ", style="red")
    for reason, (objects, checks) in unjudged_by_reason(report.coverage).items():
        listed = f" ({', '.join(checks)})" if view.show_skipped else ""
        printer.paragraph(f"{objects} object(s) not judged by {len(checks)} check(s){listed}: {reason}", style="dim")
    skipped = [c for c in report.coverage if c.status == "skipped"]
    if not skipped:
        return
    if not view.show_skipped:
        printer.paragraph(f"{len(skipped)} checks skipped: --show-skipped lists them and why", style="dim")
        return
    printer.paragraph(f"Skipped ({len(skipped)})", style="bold")
    for c in skipped:
        printer.paragraph((coverage_label(c) + ":", "bold"), c.reason or "", first="  ")


def _findings(printer: Printer, report: Report, split: Shown, view: TableView) -> None:
    if view.group_by == "check":
        _by_check(printer, report.cases, split.full, split.folded, view)
        return
    by_object(printer, report.cases, split.full, view)
    if split.folded:
        _folded_objects(printer, split.folded, view)


def render(report: Report, out: TextIO, view: TableView = TableView()) -> None:
    printer = Printer(out, view.width)
    split = shown(report, view)
    baseline = report.baseline
    if baseline:
        printer.paragraph(f"New since the baseline ({baseline.new})", style="bold")
    _findings(printer, report, split, view)
    if split.unchanged:
        if view.verbose:
            printer.paragraph(f"Unchanged since the baseline ({len(split.unchanged)})", style="bold")
            _findings(printer, report, Shown(split.unchanged, [], []), view)
        else:
            printer.paragraph(
                f"{len(split.unchanged)} unchanged since the baseline ({_counts(split.unchanged)}): "
                "--verbose lists them",
                style="dim",
            )
    if baseline and baseline.fixed:
        printer.paragraph(f"{len(baseline.fixed)} fixed since the baseline: kubegap diff lists them", style="dim")
    if report.findings and not view.verbose:
        printer.paragraph(
            "kubegap cases show ID tells an incident in full; --verbose adds each finding's evidence, fix and links",
            style="dim",
        )
    _coverage(printer, report, view)
    printer.paragraph(summary_line(report), style="bold")
