"""``kubegap audit``: read inputs, run the checks, render the report, exit by severity."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.cli import sources
from kubegap.cli.report_formats import FORMAT_HELP, OUTPUT_FILE_HELP
from kubegap.severity import Threshold


class GroupBy(str, Enum):
    object = "object"
    check = "check"


HELP = (
    "Audit manifests, snapshots or the embedded demo cluster for the gaps behind public incidents. "
    "Each PATH is a YAML/JSON file or directory (multi-document YAML, kind: List, kubectl get -o json "
    "output, kubectl cluster-info dump output, kubegap snapshots), or - for standard input. With no PATH, "
    "audits the current kubeconfig context (or --context, or --in-cluster), listing only the kinds the checks "
    "read. Given the JSON reports of two or more clusters (from in-cluster audits), audits them as a fleet. "
    "Nothing is ever written to a cluster and Secrets are never read."
)


def audit(
    paths: list[str] = typer.Argument(None, metavar="PATH", help="Files or directories to audit, or - for stdin."),
    demo: bool = typer.Option(False, "--demo", help="Audit the embedded demo cluster snapshot."),
    output_formats: list[str] = typer.Option(None, "--format", "-f", metavar="NAME[=PATH]", help=FORMAT_HELP),
    output_file: Path = typer.Option(None, "--output-file", "-o", help=OUTPUT_FILE_HELP),
    baseline: Path = typer.Option(
        None, "--baseline", help="An earlier JSON report: mark findings new or unchanged and fail only on new ones."
    ),
    fail_on: Threshold = typer.Option(
        "high", "--fail-on", help="Exit 1 when a finding is at or above this severity ('none': never)."
    ),
    check_ids: list[str] = typer.Option(
        None, "--check", "-c", metavar="CHECK-ID", help="Run only these checks (repeatable)."
    ),
    case_ids: list[str] = typer.Option(
        None,
        "--case",
        metavar="CASE-ID",
        help="Run exactly the checks this library case names (repeatable; see 'kubegap cases show ID').",
    ),
    no_annotation_exemptions: bool = typer.Option(
        False, "--no-annotation-exemptions", help="Ignore kubegap.io/ignore annotations."
    ),
    group_by: GroupBy = typer.Option(
        GroupBy.object, "--group-by", help="Table: group findings by object (kube-score style) or by check."
    ),
    verbose: bool = typer.Option(
        False,
        "--verbose",
        "-v",
        help="Table: add each finding's evidence, fix, incident links and case IDs, and list every object.",
    ),
    show_skipped: bool = typer.Option(
        False, "--show-skipped", help="Table: list the skipped checks and why, instead of one summary line."
    ),
    fail_on_partial: bool = typer.Option(
        False,
        "--fail-on-partial",
        help="Exit 3 when some kind the checks read was forbidden or could not be collected, or some input file was left unread (and no finding fails the run).",
    ),
    history: Path = typer.Option(
        None,
        "--history",
        metavar="DIR",
        help="Keep the JSON report in DIR as kubegap-<UTC time>.json beside its diff against the previous run's, and as "
        "kubegap-report.json (the latest); the oldest past --keep are removed. For a CronJob's report volume.",
    ),
    keep: int = typer.Option(30, "--keep", min=1, metavar="N", help="With --history: how many dated reports to keep."),
    pushgateway: str = typer.Option(
        None,
        "--pushgateway",
        metavar="URL",
        help="Also push the --format openmetrics series to this Prometheus Pushgateway (job kubegap, grouped by cluster).",
    ),
    config_file: Path = typer.Option(
        None,
        "--config",
        help="Audit configuration (checks, severities, settings, exemptions); default: ./.kubegap.yaml if present.",
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
    from kubegap.cli.output import say, warn
    from kubegap.cli.process_exit import keep_heap_at_exit
    from kubegap.cli.progress import progress_for
    from kubegap.cli.report_formats import parse_outputs, write_outputs
    from kubegap.demo import demo_path
    from kubegap.errors import UserError
    from kubegap.inputbytes import input_name, read_once
    from kubegap.pipeline import NothingToAudit, audit_collections, audit_report_files, configured_options
    from kubegap.report.baseline import is_report_file, load_report
    from kubegap.report.table import TableView
    from kubegap.sources.targets import ClusterTarget, collect_inputs

    keep_heap_at_exit()
    outputs = parse_outputs(output_formats, output_file)
    view = TableView(group_by=group_by.value, verbose=verbose, show_skipped=show_skipped, fail_on=fail_on)
    options = configured_options(
        check_ids,
        config_file,
        case_ids=case_ids,
        annotation_exemptions=not no_annotation_exemptions,
        baseline=baseline,
        fail_on=fail_on,
    )
    inputs = [read_once(path) for path in paths or []]  # pipes and devices read now, whole: they can be read only once
    if demo:
        inputs.append(str(demo_path()))
    target = ClusterTarget(
        kubeconfig,
        list(context or []),
        list(namespace or []),
        in_cluster,
        progress_for(quiet),
        request_timeout,
        deadline,
        concurrency,
    )
    reports = [item for item in inputs if is_report_file(Path(item) if isinstance(item, str) else item)]
    if reports:  # the reports of clusters audited one by one: judged together as a fleet
        if len(reports) != len(inputs) or target.given:
            raise UserError(
                "give the JSON reports of clusters to audit as a fleet, or manifests, snapshots or a cluster: not both"
            )
        outcome = audit_report_files(
            [(input_name(item), load_report(Path(item) if isinstance(item, str) else item)) for item in reports],
            options,
        )
    else:
        collections = collect_inputs(inputs, target, list(options.checks))
        try:
            outcome = audit_collections(
                collections, options, [input_name(item) for item in inputs], namespaces=target.namespaces
            )
        except NothingToAudit as nothing:
            for warning in nothing.warnings:
                warn(warning)
            raise
    report = outcome.report
    for warning in report.warnings:
        warn(warning)
    write_outputs(report, outputs, view)
    if history is not None:
        from kubegap.report.history import keep as keep_report

        say(keep_report(report, history, keep).summary())
    if pushgateway is not None:
        from kubegap.report.push import push

        say(f"metrics pushed to {push(report, pushgateway)}")
    raise typer.Exit(outcome.exit_code(fail_on_partial))
