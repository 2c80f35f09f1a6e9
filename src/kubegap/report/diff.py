"""``kubegap diff OLD NEW``: the findings a change introduced, fixed or left as they were.

The diff document (``--format json``) is described by ``schemas/diff.schema.json``; its findings
are report findings, compared by :mod:`kubegap.report.identity`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TextIO

import orjson

from kubegap.report.baseline import compare
from kubegap.report.document import Report, ReportedFinding, Tool
from kubegap.report.jsonbytes import dumps
from kubegap.report.table import TableView, by_object
from kubegap.report.terminal import Printer
from kubegap.report.text import counts_label, reading_order
from kubegap.report.utf8 import write_utf8
from kubegap.severity import SEVERITIES

SECTIONS = (("new", "NEW", "bold red"), ("fixed", "FIXED", "bold green"))


@dataclass(frozen=True)
class Side:
    """One report of a diff: where it was read from, when it was made and by which kubegap."""

    path: str
    generated_at: str | None
    tool: Tool

    @classmethod
    def of(cls, report: Report, path: str) -> Side:
        return cls(path, report.generated_at, report.tool)

    def to_json(self) -> dict:
        return {"path": self.path, "generated_at": self.generated_at, "tool": self.tool.to_json()}


@dataclass(frozen=True)
class ReportDiff:
    """What ``kubegap diff`` says of two reports: the findings new in the later one, fixed and unchanged,
    each in reading order."""

    old: Side
    new: Side
    new_findings: tuple[ReportedFinding, ...]
    fixed_findings: tuple[ReportedFinding, ...]
    unchanged_findings: tuple[ReportedFinding, ...]

    @property
    def new_by_severity(self) -> dict[str, int]:
        severities = Counter(f.severity for f in self.new_findings)
        return {s: severities.get(s, 0) for s in SEVERITIES}

    def section(self, name: str) -> tuple[ReportedFinding, ...]:
        """``new`` or ``fixed`` findings."""
        return self.new_findings if name == "new" else self.fixed_findings

    def summary(self) -> dict:
        """How many findings are new (by severity), fixed and unchanged."""
        return {
            "new": len(self.new_findings),
            "fixed": len(self.fixed_findings),
            "unchanged": len(self.unchanged_findings),
            "new_by_severity": self.new_by_severity,
        }

    def to_json(self) -> dict:
        """The diff document, as ``schemas/diff.schema.json`` describes it."""
        return {
            "schema_version": "1",
            "old": self.old.to_json(),
            "new": self.new.to_json(),
            "summary": self.summary(),
            "new_findings": [f.to_json() for f in self.new_findings],
            "fixed_findings": [f.to_json() for f in self.fixed_findings],
            "unchanged_findings": [f.to_json() for f in self.unchanged_findings],
        }


def _ordered(findings: list[ReportedFinding]) -> tuple[ReportedFinding, ...]:
    return tuple(sorted(findings, key=reading_order))


def diff_report(old: Report, new: Report, old_path: str, new_path: str) -> ReportDiff:
    comparison = compare(old, new)
    return ReportDiff(
        Side.of(old, old_path),
        Side.of(new, new_path),
        _ordered(comparison.new),
        _ordered(comparison.fixed),
        _ordered(comparison.unchanged),
    )


def summary_line(diff: ReportDiff) -> str:
    new = len(diff.new_findings)
    return " · ".join(
        [
            f"{new} new" + (f" ({counts_label(diff.new_by_severity)})" if new else ""),
            f"{len(diff.fixed_findings)} fixed",
            f"{len(diff.unchanged_findings)} unchanged",
            f"{diff.old.path} → {diff.new.path}",
        ]
    )


def render_table(diff: ReportDiff, out: TextIO, width: int | None = None) -> None:
    """New, then fixed findings, laid out as the audit table lays them out (by object, ids never cut);
    unchanged findings are counted in the last line."""
    printer = Printer(out, width)
    for name, title, style in SECTIONS:
        findings = diff.section(name)
        if findings:
            printer.paragraph(f"{title} ({len(findings)})", style=style)
            by_object(printer, {}, findings, TableView(width=width))
    printer.paragraph(summary_line(diff), style="bold")


def render_json(diff: ReportDiff, out: TextIO) -> None:
    write_utf8(dumps(diff.to_json(), option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE), out)
