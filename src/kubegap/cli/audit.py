"""``kubegap audit``: read inputs, run the checks, render the report, exit by severity."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.cli import sources

HELP = (
    "Audit manifests, snapshots or the embedded demo cluster for the gaps behind public incidents. "
    "PATHS are YAML/JSON files or directories (multi-document YAML, kind: List, kubectl get -o json "
    "output, kubectl cluster-info dump output, kubegap snapshots), or - for standard input. With no PATHS, "
    "audits the current kubeconfig context (or --context, or --in-cluster), listing only the kinds the checks "
    "read. Nothing is ever written to a cluster and Secrets are never read."
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
    fail_on_partial: bool = typer.Option(False, "--fail-on-partial", help="Exit 3 when some kind the checks read was forbidden or could not be collected (and no finding fails the run)."),
    kubeconfig: str = sources.KUBECONFIG_OPTION,
    context: list[str] = sources.CONTEXTS_OPTION,
    namespace: list[str] = sources.NAMESPACE_OPTION,
    in_cluster: bool = sources.IN_CLUSTER_OPTION,
    quiet: bool = sources.QUIET_OPTION,
) -> None:
    from kubegap.audit import run_audit
    from kubegap.cli.output import destination
    from kubegap.demo import demo_path
    from kubegap.errors import UserError
    from kubegap.inventory import Inventory
    from kubegap.library import load_library
    from kubegap.pipeline import select_checks
    from kubegap.report import renderer
    from kubegap.report.model import build_report

    inputs = list(paths or [])
    if demo:
        inputs.append(str(demo_path()))
    checks = select_checks(check_ids)
    target = sources.ClusterTarget(kubeconfig, list(context or []), list(namespace or []), in_cluster, quiet)
    collections = sources.collect_inputs(inputs, target, checks)
    if len(collections) > 1:
        from kubegap.cli.fleet import audit_fleet

        findings = audit_fleet(collections, checks, output_format.value, output_file, annotation_exemptions=not no_annotation_exemptions)
        raise typer.Exit(exit_code(findings, fail_on, fail_on_partial and any(c.partial for c in collections)))
    (collection,) = collections
    for warning in collection.warnings:
        typer.echo(f"kubegap: warning: {warning}", err=True)
    if inputs and not collection.resources:
        raise UserError("no Kubernetes objects found in " + ", ".join(inputs))

    inventory = Inventory(collection)
    result = run_audit(inventory, checks, annotation_exemptions=not no_annotation_exemptions)
    report = build_report(result, inventory, checks, load_library())
    with destination(output_file) as out:
        renderer(output_format.value)(report, out)
    raise typer.Exit(exit_code(report["findings"], fail_on, fail_on_partial and collection.partial))


def exit_code(findings: list[dict], fail_on: Severity, partial_fails: bool) -> int:
    """1 for a finding at or above --fail-on, else 3 for a partial audit under --fail-on-partial, else 0."""
    from kubegap.checks.base import severity_rank

    threshold = None if fail_on is Severity.none else severity_rank(fail_on.value)
    if threshold is not None and any(severity_rank(f["severity"]) <= threshold for f in findings):
        return 1
    return 3 if partial_fails else 0
