"""``kubegap diff OLD NEW``: the findings a change introduced, fixed or left as they were.

The diff document (``--format json``) is described by ``schemas/diff.schema.json``; its findings
are report findings, compared by :mod:`kubegap.report.identity`.
"""

from __future__ import annotations

from collections import Counter
from typing import TextIO

import orjson

from kubegap.report.baseline import compare
from kubegap.report.jsonbytes import dumps
from kubegap.report.table import TableView, by_object
from kubegap.report.terminal import Printer
from kubegap.report.text import counts_label, reading_order
from kubegap.report.utf8 import write_utf8
from kubegap.severity import SEVERITIES

SECTIONS = (("new_findings", "NEW", "bold red"), ("fixed_findings", "FIXED", "bold green"))


def _side(report: dict, path: str) -> dict:
    return {"path": path, "generated_at": report.get("generated_at"), "tool": report.get("tool", {})}


def _ordered(findings: list[dict]) -> list[dict]:
    return sorted(findings, key=reading_order)


def diff_report(old: dict, new: dict, old_path: str, new_path: str) -> dict:
    comparison = compare(old, new)
    severities = Counter(f["severity"] for f in comparison.new)
    return {
        "schema_version": "1",
        "old": _side(old, old_path),
        "new": _side(new, new_path),
        "summary": {
            "new": len(comparison.new),
            "fixed": len(comparison.fixed),
            "unchanged": len(comparison.unchanged),
            "new_by_severity": {s: severities.get(s, 0) for s in SEVERITIES},
        },
        "new_findings": _ordered(comparison.new),
        "fixed_findings": _ordered(comparison.fixed),
        "unchanged_findings": _ordered(comparison.unchanged),
    }


def summary_line(diff: dict) -> str:
    summary = diff["summary"]
    new = f"{summary['new']} new" + (f" ({counts_label(summary['new_by_severity'])})" if summary["new"] else "")
    return " · ".join(
        [
            new,
            f"{summary['fixed']} fixed",
            f"{summary['unchanged']} unchanged",
            f"{diff['old']['path']} → {diff['new']['path']}",
        ]
    )


def render_table(diff: dict, out: TextIO, width: int | None = None) -> None:
    """New, then fixed findings, laid out as the audit table lays them out (by object, ids never cut);
    unchanged findings are counted in the last line."""
    printer = Printer(out, width)
    for key, title, style in SECTIONS:
        if diff[key]:
            printer.paragraph(f"{title} ({len(diff[key])})", style=style)
            by_object(printer, {"cases": {}}, diff[key], TableView(width=width))
    printer.paragraph(summary_line(diff), style="bold")


def render_json(diff: dict, out: TextIO) -> None:
    write_utf8(dumps(diff, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE), out)
