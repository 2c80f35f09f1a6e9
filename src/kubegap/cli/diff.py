"""``kubegap diff OLD.json NEW.json``: new, fixed and unchanged findings between two JSON reports."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.severity import Threshold

HELP = (
    "Compare two JSON reports (kubegap audit --format json): which findings are new, fixed or unchanged. "
    "A finding is the same when its check, object and first evidence path are, whatever its message says. "
    "Exits 1 when a new finding is at or above --fail-on."
)


class DiffFormat(str, Enum):
    table = "table"
    json = "json"


def diff(
    old: Path = typer.Argument(..., metavar="OLD.json", help="The earlier report."),
    new: Path = typer.Argument(..., metavar="NEW.json", help="The later report."),
    output_format: DiffFormat = typer.Option(DiffFormat.table, "--format", "-f", help="Output format."),
    output_file: Path = typer.Option(None, "--output-file", "-o", help="Write the diff here instead of stdout."),
    fail_on: Threshold = typer.Option(
        "high", "--fail-on", help="Exit 1 when a new finding is at or above this severity ('none': never)."
    ),
) -> None:
    from kubegap.cli.output import destination
    from kubegap.report.baseline import at_or_above, load_report
    from kubegap.report.diff import diff_report, render_json, render_table

    document = diff_report(load_report(old), load_report(new), str(old), str(new))
    with destination(output_file) as out:
        (render_json if output_format is DiffFormat.json else render_table)(document, out)
    raise typer.Exit(1 if at_or_above(document.new_findings, fail_on) else 0)
