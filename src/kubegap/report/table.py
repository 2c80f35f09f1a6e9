"""``--format table`` (the default): the terminal report, short lines grouped by object or by check.

A finding is its check id and message, then the offending value (its container named) and the
incident it was seen in, wrapped between words at the terminal's width: object names, check ids
and URLs are never cut. ``kubegap cases show ID`` tells an incident's whole story; ``--verbose``
adds every evidence item, the fix and the links. Colour only on a terminal (Rich honours
``NO_COLOR``); a file or a pipe gets plain text.

A terminal is read by a person: each check shows its first ``ROWS_PER_CHECK`` objects and then
says how many more there are, unless ``--verbose`` (every other format lists them all). This also
keeps a 10,000-finding audit printing in well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import TextIO

from rich.console import Console
from rich.text import Text

from kubegap.checks.base import severity_rank
from kubegap.terminal import printable
from kubegap.report.text import (
    case_label, case_reference, coverage_label, evidence_text, subject_label, summary_line, unjudged_by_reason, where_label,
)

ROWS_PER_CHECK = 5
INDENT = "    "
STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


@dataclass(frozen=True)
class View:
    """How the terminal report is laid out: ``--group-by``, ``--verbose``, ``--show-skipped`` and the width."""

    group_by: str = "object"
    verbose: bool = False
    show_skipped: bool = False
    width: int | None = None
    """Columns to wrap at; ``None``: the terminal's width ($COLUMNS, or 80 when it cannot be told)."""


def wrap(segments: list[tuple[str, str]], width: int, first: str | Text = "", rest: str = INDENT) -> list[Text]:
    """Styled ``(text, style)`` segments laid out in lines of ``width``, broken only between words.

    A word longer than a line (a URL, a long object name) is never cut: it gets a line of its own.
    Control characters (names and values come from the input) are shown escaped, line breaks included.
    """
    words = [(word, style) for text, style in segments for word in printable(text).split()]
    lines: list[Text] = []
    line = first.copy() if isinstance(first, Text) else Text(first)
    length, previous = len(line), None
    for word, style in words:
        if previous is not None and length + 1 + len(word) > width:
            lines.append(line)
            line, length, previous = Text(rest), len(rest), None
        if previous is not None:
            line.append(" ", style=style if style == previous else "")
            length += 1
        line.append(word, style=style)
        length += len(word)
        previous = style
    lines.append(line)
    return lines


class _Printer:
    """Prints paragraphs of styled segments, wrapped to the width."""

    def __init__(self, out: TextIO, width: int | None) -> None:
        self.console = Console(file=out, highlight=False, soft_wrap=True, width=width, emoji=False, markup=False)
        self.width = width or self.console.width

    def height(self, segments: list[tuple[str, str]], first: str | Text = "") -> int:
        """How many lines ``segments`` take (none when they hold no text)."""
        return len(wrap(segments, self.width, first)) if any(text.strip() for text, _ in segments) else 0

    def paragraph(self, *segments: tuple[str, str] | str, first: str | Text = "", rest: str = INDENT, style: str = "") -> None:
        """Print ``segments`` (plain strings or ``(text, style)``), indented by ``first`` then ``rest``."""
        parts = [(s, style) if isinstance(s, str) else s for s in segments]
        for line in wrap(parts, self.width, first, rest):
            self.console.print(line)


def _primary_case(report: dict, finding: dict) -> dict | None:
    return next((report["cases"][c] for c in finding["cases"] if c in report["cases"]), None)


def _shown(findings: list[dict], verbose: bool) -> tuple[list[dict], dict[str, int]]:
    """The findings to print, worst check first (the first ``ROWS_PER_CHECK`` of each unless verbose),
    and how many each check left out."""
    ordered = sorted(findings, key=lambda f: (severity_rank(f["severity"]), f["check_id"]))
    if verbose:
        return ordered, {}
    shown, omitted = [], {}
    for check_id, group in groupby(ordered, key=lambda f: f["check_id"]):
        group = list(group)
        shown += group[:ROWS_PER_CHECK]
        if len(group) > ROWS_PER_CHECK:
            omitted[check_id] = len(group) - ROWS_PER_CHECK
    return shown, omitted


def _object(finding: dict) -> str:
    """The finding's object, after its cluster in a fleet report."""
    return subject_label(finding)


def _severity(severity: str, indent: str = "") -> Text:
    """The severity in its colour, padded to one column."""
    return Text(indent) + Text(severity, style=STYLE[severity]) + Text(" " * (9 - len(severity)))


def _verbose(printer: _Printer, report: dict, finding: dict) -> None:
    more = INDENT * 2
    location = where_label(finding)
    if location:
        printer.paragraph(location, first=INDENT + "at ", rest=more)
    for evidence in finding["evidence"]:
        printer.paragraph(evidence_text(evidence, brief=False), first=INDENT + "evidence: ", rest=more)
    printer.paragraph(finding["remediation"], first=INDENT + "fix: ", rest=more)
    for case_id in finding["cases"]:
        case = report["cases"].get(case_id)
        if case is not None:
            printer.paragraph(case_label(case), first=INDENT + "seen in: ", rest=more)
            printer.paragraph(case["url"], first=more, rest=more, style="dim")
        printer.paragraph(f"kubegap cases show {case_id}", first=more, rest=more, style="dim")


def _finding(printer: _Printer, report: dict, finding: dict, view: View) -> None:
    """Grouped by object: ``severity check-id: message``; by check: ``object: message``. Then the offending
    value; grouped by object, the incident it was seen in ends that line or, when fewer lines result,
    the message."""
    new = " (new)" if finding.get("baseline_state") == "new" else ""
    value = evidence_text(finding["evidence"][0]) if finding["evidence"] else ""
    if view.group_by == "object":
        first, head = _severity(finding["severity"], "  "), finding["check_id"] + new
    else:
        first, head = "  ", _object(finding) + new
    case = _primary_case(report, finding) if view.group_by == "object" else None
    layouts = [([(head + ":", "bold"), (finding["message"], "")], value)]
    if case is not None:
        seen = case_reference(case)
        layouts = [(layouts[0][0], f"{value} · {seen}" if value else seen),
                   (layouts[0][0] + [(f"({seen})", "dim")], value)]
    message, detail = min(layouts, key=lambda layout: printer.height(layout[0], first) + printer.height([(layout[1], "")], INDENT))
    printer.paragraph(*message, first=first)
    if detail:
        printer.paragraph(detail, first=INDENT, style="dim")
    if view.verbose:
        _verbose(printer, report, finding)


def _by_object(printer: _Printer, report: dict, findings: list[dict], view: View) -> None:
    """Objects in the order of their worst finding; each object's findings worst first."""
    rank: dict[str, int] = {}
    for f in findings:
        rank.setdefault(_object(f), len(rank))
    for label, group in groupby(sorted(findings, key=lambda f: rank[_object(f)]), key=_object):
        group = list(group)
        location = group[0].get("location") or {}
        where = where_label(group[0], brief=True) if location.get("line") else ""
        printer.paragraph((label, "bold"), where)
        for f in group:
            _finding(printer, report, f, view)


def _by_check(printer: _Printer, report: dict, findings: list[dict], view: View) -> None:
    """A check's severity, id, count and incident (with its id for ``kubegap cases show``), then its objects."""
    for check_id, group in groupby(findings, key=lambda f: f["check_id"]):
        group = list(group)
        case_id = next((c for c in group[0]["cases"] if c in report["cases"]), None)
        seen = f"· {case_reference(report['cases'][case_id])} · kubegap cases show {case_id}" if case_id else ""
        printer.paragraph((check_id, "bold"), f"({len(group)}) {seen}", first=_severity(group[0]["severity"]))
        for f in group:
            _finding(printer, report, f, view)


def _coverage(printer: _Printer, report: dict, view: View) -> None:
    """Failed checks always; objects checks could not judge as one line per reason (with the checks under
    ``--show-skipped``); skipped checks as one line, or listed with their reasons under ``--show-skipped``."""
    for c in report["coverage"]:
        if c["status"] == "error":
            printer.paragraph(f"{coverage_label(c)}: failed: {c['reason']}", first="  ", style="red")
    for reason, (objects, checks) in unjudged_by_reason(report["coverage"]).items():
        listed = f" ({', '.join(checks)})" if view.show_skipped else ""
        printer.paragraph(f"{objects} object(s) not judged by {len(checks)} check(s){listed}: {reason}", style="dim")
    skipped = [c for c in report["coverage"] if c["status"] == "skipped"]
    if not skipped:
        return
    if not view.show_skipped:
        printer.paragraph(f"{len(skipped)} checks skipped: --show-skipped lists them and why", style="dim")
        return
    printer.paragraph(f"Skipped ({len(skipped)})", style="bold")
    for c in skipped:
        printer.paragraph((coverage_label(c) + ":", "bold"), c["reason"], first="  ")


def render(report: dict, out: TextIO, view: View = View()) -> None:
    printer = _Printer(out, view.width)
    findings, omitted = _shown(report["findings"], view.verbose)
    (_by_check if view.group_by == "check" else _by_object)(printer, report, findings, view)
    for check_id, count in omitted.items():
        printer.paragraph(f"{check_id}: {count} more object(s); --verbose or --format json lists them all",
                          first="… ", rest="  ", style="dim")
    if findings and not view.verbose:
        printer.paragraph("kubegap cases show ID tells an incident in full; --verbose adds each finding's case IDs, "
                          "evidence, fix and links", style="dim")
    _coverage(printer, report, view)
    printer.paragraph(summary_line(report), style="bold")
