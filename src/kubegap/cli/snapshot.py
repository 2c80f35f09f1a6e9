"""``kubegap snapshot``: save, redacted, what an audit of a live cluster needs, to audit it later."""

from __future__ import annotations

from pathlib import Path

import typer

from kubegap.cli import sources

HELP = (
    "Collect from a live cluster, read-only, exactly the kinds the checks read, redacted (env values and "
    "ConfigMap data kept only where checks need them; Secrets never read), and save them as a kubegap "
    "snapshot (gzip-compressed when FILE ends in .gz). 'kubegap audit FILE' audits it offline with the same "
    "coverage."
)


def snapshot(
    output: Path = typer.Option(
        ..., "--output", "-o", metavar="FILE", help="Where to write the snapshot (.json or .json.gz)."
    ),
    check_ids: list[str] = typer.Option(
        None, "--check", "-c", metavar="CHECK-ID", help="Collect only what these checks read (repeatable)."
    ),
    kubeconfig: str = sources.KUBECONFIG_OPTION,
    context: str = sources.CONTEXT_OPTION,
    namespace: list[str] = sources.NAMESPACE_OPTION,
    in_cluster: bool = sources.IN_CLUSTER_OPTION,
    quiet: bool = sources.QUIET_OPTION,
    request_timeout: float = sources.REQUEST_TIMEOUT_OPTION,
    deadline: float = sources.DEADLINE_OPTION,
    concurrency: int = sources.CONCURRENCY_OPTION,
) -> None:
    from kubegap.cli.output import say, warn
    from kubegap.cli.progress import progress_for
    from kubegap.pipeline import select_checks
    from kubegap.sources.snapshot import write_snapshot
    from kubegap.sources.targets import ClusterTarget, collect_cluster, kinds_read, metadata_kinds

    target = ClusterTarget(
        kubeconfig,
        [context] if context else [],
        list(namespace or []),
        in_cluster,
        progress_for(quiet),
        request_timeout,
        deadline,
        concurrency,
    )
    checks = select_checks(check_ids)
    collection = collect_cluster(target, kinds_read(checks), metadata_kinds(checks))
    for warning in collection.warnings:
        warn(warning)
    write_snapshot(collection, output)
    if not quiet:
        say(
            f"{len(collection.resources)} objects of {len(collection.collected)} kinds written to {output} "
            f"({len(collection.forbidden)} forbidden, {len(collection.absent)} absent, {len(collection.failed)} failed)"
        )
