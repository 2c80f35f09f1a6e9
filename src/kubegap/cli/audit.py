"""``kubegap audit``: read inputs, run the checks, render the report, exit by severity."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.cli import sources
from kubegap.cli.outputs import FORMAT_HELP, OUTPUT_FILE_HELP

HELP = (
    "Audit manifests, snapshots or the embedded demo cluster for the gaps behind public incidents. "
    "PATHS are YAML/JSON files or directories (multi-document YAML, kind: List, kubectl get -o json "
    "output, kubectl cluster-info dump output, kubegap snapshots), or - for standard input. With no PATHS, "
    "audits the current kubeconfig context (or --context, or --in-cluster), listing only the kinds the checks "
    "read. Nothing is ever written to a cluster and Secrets are never read."
)


class GroupBy(str, Enum):
    object = "object"
    check = "check"


class Severity(str, Enum):
    critical = "critical"
    high = "high"
    medium = "medium"
    low = "low"
    info = "info"
    none = "none"

    @property
    def threshold(self) -> str | None:
        return None if self is Severity.none else self.value


def audit(
    paths: list[str] = typer.Argument(None, metavar="[PATHS]...", help="Files or directories to audit, or - for stdin."),
    demo: bool = typer.Option(False, "--demo", help="Audit the embedded demo cluster snapshot."),
    output_formats: list[str] = typer.Option(None, "--format", "-f", metavar="NAME[=PATH]", help=FORMAT_HELP),
    output_file: Path = typer.Option(None, "--output-file", "-o", help=OUTPUT_FILE_HELP),
    baseline: Path = typer.Option(None, "--baseline", help="An earlier JSON report: mark findings new or unchanged and fail only on new ones."),
    fail_on: Severity = typer.Option(Severity.high, "--fail-on", help="Exit 1 when a finding is at or above this severity ('none': never)."),
    check_ids: list[str] = typer.Option(None, "--check", "-c", help="Run only these checks (repeatable)."),
    no_annotation_exemptions: bool = typer.Option(False, "--no-annotation-exemptions", help="Ignore kubegap.io/ignore annotations."),
    group_by: GroupBy = typer.Option(GroupBy.object, "--group-by", help="Table: group findings by object (kube-score style) or by check."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Table: add each finding's evidence, fix, incident links and case IDs, and list every object."),
    show_skipped: bool = typer.Option(False, "--show-skipped", help="Table: list the skipped checks and why, instead of one summary line."),
    fail_on_partial: bool = typer.Option(False, "--fail-on-partial", help="Exit 3 when some kind the checks read was forbidden or could not be collected (and no finding fails the run)."),
    config_file: Path = typer.Option(
        None, "--config", help="Audit configuration (checks, severities, settings, exemptions); default: ./.kubegap.yaml if present."
    ),
    kubeconfig: str = sources.KUBECONFIG_OPTION,
    context: list[str] = sources.CONTEXTS_OPTION,
    namespace: list[str] = sources.NAMESPACE_OPTION,
    in_cluster: bool = sources.IN_CLUSTER_OPTION,
    quiet: bool = sources.QUIET_OPTION,
    request_timeout: float = sources.REQUEST_TIMEOUT_OPTION,
    deadline: float = sources.DEADLINE_OPTION,
    concurrency: int = sources.CONCURRENCY_OPTION,
) -> None:
    from kubegap.audit import run_audit
    from kubegap.cli.outputs import parse_outputs, write_outputs
    from kubegap.config import find_config
    from kubegap.demo import demo_path
    from kubegap.errors import UserError
    from kubegap.inventory import Inventory
    from kubegap.library import load_library
    from kubegap.pipeline import select_checks
    from kubegap.report.baseline import at_or_above, load_report, with_baseline
    from kubegap.report.model import build_report, expired_warning
    from kubegap.report.table import View

    outputs = parse_outputs(output_formats, output_file)
    view = View(group_by=group_by.value, verbose=verbose, show_skipped=show_skipped)
    old_report = load_report(baseline) if baseline is not None else None
    config = find_config(config_file)
    inputs = list(paths or [])
    if demo:
        inputs.append(str(demo_path()))
    checks = select_checks(check_ids)
    if config is not None:
        checks = config.apply(checks, chosen_explicitly=bool(check_ids))
    target = sources.ClusterTarget(kubeconfig, list(context or []), list(namespace or []), in_cluster, quiet, request_timeout, deadline,
                                   concurrency)
    collections = sources.collect_inputs(inputs, target, checks)
    if len(collections) > 1:
        from kubegap.cli.fleet import audit_fleet

        if old_report is not None:
            raise UserError("--baseline compares reports of one cluster, not of a fleet")
        findings = audit_fleet(collections, checks, outputs, view, annotation_exemptions=not no_annotation_exemptions)
        partial = fail_on_partial and any(c.partial for c in collections)
        raise typer.Exit(1 if at_or_above(findings, fail_on.threshold) else 3 if partial else 0)
    (collection,) = collections
    for warning in collection.warnings:
        typer.echo(f"kubegap: warning: {warning}", err=True)
    if inputs and not collection.resources:
        raise UserError("no Kubernetes objects found in " + ", ".join(inputs))

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
    if old_report is not None:
        report = with_baseline(report, old_report, str(baseline))
    write_outputs(report, outputs, view)
    judged = [f for f in report["findings"] if f.get("baseline_state") != "unchanged"]
    partial = fail_on_partial and collection.partial
    raise typer.Exit(1 if at_or_above(judged, fail_on.threshold) else 3 if partial else 0)
