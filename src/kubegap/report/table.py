"""``--format table`` (the default): findings grouped by severity, then coverage and a summary.

A terminal is read by a person: each check shows its first ``ROWS_PER_CHECK`` objects and then
says how many more there are (every other format lists them all). This also keeps a
10,000-finding audit printing in well under a second instead of laying out 10,000 table rows.
"""

from __future__ import annotations

from itertools import groupby
from typing import TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from kubegap.checks.base import SEVERITIES
from kubegap.report.text import case_label, coverage_label, location_label, subject_label, summary_line

ROWS_PER_CHECK = 5
STYLE = {"critical": "bold white on red", "high": "bold red", "medium": "yellow", "low": "cyan", "info": "dim"}


def _cases(report: dict, ids: list[str]) -> Text:
    text = Text()
    for index, case_id in enumerate(ids):
        case = report["cases"].get(case_id)
        if index:
            text.append("\n")
        if case is None:
            text.append(case_id)
            continue
        text.append(case_label(case), style=f"link {case['url']}")
        text.append(f"\n{case['url']}", style="dim")
    return text


def _add_row(table: Table, report: dict, f: dict) -> None:
    problem = Text(f["check_id"], style="bold")
    if f.get("baseline_state") == "new":
        problem.append(" (new)", style="bold")
    problem.append(f"\n{f['message']}", style="")
    obj = subject_label(f)
    if f.get("location"):
        obj += "\n" + location_label(f["location"])
    table.add_row(obj, problem, f["remediation"], _cases(report, f["cases"]))


def render(report: dict, out: TextIO) -> None:
    console = Console(file=out, highlight=False, soft_wrap=False)
    for severity in SEVERITIES:
        findings = [f for f in report["findings"] if f["severity"] == severity]
        if not findings:
            continue
        table = Table(title=Text(f"{severity.upper()} ({len(findings)})", style=STYLE[severity]), title_justify="left", show_lines=True, expand=True)
        table.add_column("Object", ratio=2, overflow="fold")
        table.add_column("Problem", ratio=4)
        table.add_column("Fix", ratio=4)
        table.add_column("Seen before in", ratio=3)
        for check_id, group in groupby(findings, key=lambda f: f["check_id"]):
            group = list(group)
            for f in group[:ROWS_PER_CHECK]:
                _add_row(table, report, f)
            if len(group) > ROWS_PER_CHECK:
                more = len(group) - ROWS_PER_CHECK
                table.add_row(
                    Text(f"… {more} more", style="dim"),
                    Text(f"{check_id}: {more} more object(s); --format json, html or sarif lists them all", style="dim"),
                    "", "",
                )
        console.print(table)
    not_ran = [c for c in report["coverage"] if c["status"] != "ran"]
    if not_ran:
        console.print(Text("Not checked", style="bold"))
        for c in not_ran:
            console.print(f"  {coverage_label(c)}: {c['status']}: {c['reason']}", style="red" if c["status"] == "error" else "dim")
    console.print(summary_line(report), style="bold")
