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
    config_file: Path = typer.Option(
        None, "--config", help="Audit configuration (checks, severities, settings, exemptions); default: ./.kubegap.yaml if present."
    ),
) -> None:
    from kubegap.audit import run_audit
    from kubegap.checks import all_checks
    from kubegap.checks.base import severity_rank
    from kubegap.cli.output import destination
    from kubegap.config import find_config
    from kubegap.demo import demo_path
    from kubegap.errors import UserError
    from kubegap.inventory import Inventory
    from kubegap.library import load_library
    from kubegap.report import renderer
    from kubegap.report.model import build_report, expired_warning
    from kubegap.sources.manifests import ManifestSource

    config = find_config(config_file)
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

    checks = all_checks()
    if check_ids:
        known = {c.id for c in checks}
        unknown = [c for c in check_ids if c not in known]
        if unknown:
            raise UserError(f"unknown check(s): {', '.join(unknown)} (see 'kubegap checks')")
        checks = [c for c in checks if c.id in check_ids]
    if config is not None:
        checks = config.apply(checks, chosen_explicitly=bool(check_ids))
    inventory = Inventory(collection)
    result = run_audit(
        inventory,
        checks,
        annotation_exemptions=not no_annotation_exemptions,
        settings=config.settings() if config else None,
        exemptions=config.exemptions if config else (),
    )
    for rule, count in result.expired_exemptions:
        typer.echo(f"kubegap: warning: {config.path}: {expired_warning(rule, count)}", err=True)
    report = build_report(result, inventory, checks, load_library(), config.path if config else None)
    with destination(output_file) as out:
        renderer(output_format.value)(report, out)
    threshold = None if fail_on is Severity.none else severity_rank(fail_on.value)
    failing = threshold is not None and any(severity_rank(f["severity"]) <= threshold for f in report["findings"])
    raise typer.Exit(1 if failing else 0)
