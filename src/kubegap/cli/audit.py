"""``kubegap audit``: read inputs, run the checks, render the report, exit by severity."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

HELP = (
    "Audit manifests, snapshots or the embedded demo cluster for the gaps behind public incidents. "
    "PATHS are YAML/JSON files or directories (multi-document YAML, kind: List, kubectl get -o json "
    "output, kubegap snapshots), or - for standard input. Nothing is ever written to a cluster."
)


class Format(str, Enum):
    table = "table"
    json = "json"


class Severity(str, Enum):
    critical = "critical"
    high = "high"
    medium = "medium"
    low = "low"
    info = "info"
    none = "none"


def audit(
    paths: list[str] = typer.Argument(None, metavar="[PATHS]...", help="Files or directories to audit, or - for stdin."),
    demo: bool = typer.Option(False, "--demo", help="Audit the embedded demo cluster snapshot."),
    output_format: Format = typer.Option(Format.table, "--format", "-f", help="Output format."),
    output_file: Path = typer.Option(None, "--output-file", "-o", help="Write the report here instead of stdout."),
    fail_on: Severity = typer.Option(Severity.high, "--fail-on", help="Exit 1 when a finding is at or above this severity ('none': never)."),
    check_ids: list[str] = typer.Option(None, "--check", "-c", help="Run only these checks (repeatable)."),
    no_annotation_exemptions: bool = typer.Option(False, "--no-annotation-exemptions", help="Ignore kubegap.io/ignore annotations."),
) -> None:
    from kubegap.checks.base import severity_rank
    from kubegap.cli.output import destination
    from kubegap.demo import demo_path
    from kubegap.errors import UserError
    from kubegap.pipeline import audit_collection
    from kubegap.report import renderer
    from kubegap.sources.manifests import ManifestSource

    inputs = list(paths or [])
    if demo:
        inputs.append(str(demo_path()))
    if not inputs:
        raise UserError("nothing to audit: give PATHS, - for stdin, or --demo")
    collection = ManifestSource(inputs).collect()
    for warning in collection.warnings:
        typer.echo(f"kubegap: warning: {warning}", err=True)
    if not collection.resources:
        raise UserError("no Kubernetes objects found in " + ", ".join(inputs))
    report = audit_collection(collection, check_ids, annotation_exemptions=not no_annotation_exemptions)
    with destination(output_file) as out:
        renderer(output_format.value)(report, out)
    threshold = None if fail_on is Severity.none else severity_rank(fail_on.value)
    failing = threshold is not None and any(severity_rank(f["severity"]) <= threshold for f in report["findings"])
    raise typer.Exit(1 if failing else 0)
