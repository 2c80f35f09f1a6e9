"""``kubegap audit`` of a fleet: a section per cluster, then the fleet's correlated-change findings."""

from __future__ import annotations

from typing import TextIO

import typer


def render_fleet(report: dict, output_format: str, out: TextIO, view=None) -> None:
    """The table shows each cluster's report under its name, then the fleet's; other formats render it whole."""
    from rich.console import Console

    from kubegap.report import renderer

    render = renderer(output_format, view)
    if output_format != "table":
        render(report, out)
        return
    console = Console(file=out, highlight=False, soft_wrap=False)
    for member in report["clusters"]:
        console.rule(f"Cluster {member['name']}", align="left")
        render(member["report"], out)
    console.rule(f"Fleet: {', '.join(report['cluster']['members'])}", align="left")
    render({k: v for k, v in report.items() if k != "clusters"}, out)


def audit_fleet(collections: list, checks: list, outputs: list, view=None, *, annotation_exemptions: bool) -> list[dict]:
    """Audit, render to every output, and return every finding of the fleet (each cluster's and the fleet checks')."""
    from kubegap.cli.output import destination
    from kubegap.fleet import fleet_report

    report = fleet_report(collections, [c.id for c in checks], annotation_exemptions=annotation_exemptions)
    for warning in report["warnings"]:
        typer.echo(f"kubegap: warning: {warning}", err=True)
    for output in outputs:
        with destination(output.path) as out:
            render_fleet(report, output.format, out, view)
    return report["findings"] + [f for member in report["clusters"] for f in member["report"]["findings"]]
