"""Choosing what to audit: files and snapshots, the demo cluster, or a live cluster."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import typer

from kubegap.errors import UserError
from kubegap.sources.kubeclient import READ_TIMEOUT
from kubegap.sources.live import DEADLINE, MAX_WORKERS, WORKERS


@dataclass
class ClusterTarget:
    """How to reach a live cluster (the kubeconfig's current context when nothing is given)."""

    kubeconfig: str | None = None
    contexts: list[str] = field(default_factory=list)
    namespaces: list[str] = field(default_factory=list)
    in_cluster: bool = False
    quiet: bool = False
    request_timeout: float = READ_TIMEOUT
    deadline: float | None = DEADLINE
    concurrency: int = WORKERS

    @property
    def given(self) -> bool:
        return bool(self.kubeconfig or self.contexts or self.namespaces or self.in_cluster)


KUBECONFIG_OPTION = typer.Option(None, "--kubeconfig", help="Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config).")
CONTEXT_OPTION = typer.Option(None, "--context", help="Kubeconfig context (default: the current context).")
CONTEXTS_OPTION = typer.Option(None, "--context", help="Kubeconfig context (default: the current one); repeat it to audit a fleet, one section per cluster.")
NAMESPACE_OPTION = typer.Option(None, "--namespace", "-n", help="List namespaced kinds only in this namespace (repeatable; for namespace-scoped credentials).")
IN_CLUSTER_OPTION = typer.Option(False, "--in-cluster", help="Use the pod's service account (default when no kubeconfig exists inside a pod).")
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="No progress bar on stderr.")
REQUEST_TIMEOUT_OPTION = typer.Option(READ_TIMEOUT, "--request-timeout", min=0.1, metavar="SECONDS", help="Give up on one request to the cluster after this long (it is retried).")
CONCURRENCY_OPTION = typer.Option(WORKERS, "--concurrency", min=1, max=MAX_WORKERS, metavar="N", help="At most N requests to the cluster at once.")
DEADLINE_OPTION = typer.Option(DEADLINE, "--deadline", min=0, metavar="SECONDS", help="Collect from the cluster for at most this long; kinds not listed by then are reported as failed (0: no limit).")


def kinds_read(checks: Iterable) -> set[str]:
    """Every kind the given checks read: exactly what a live collection lists."""
    return {kind for check in checks for kind in check.reads}


def collect_cluster(target: ClusterTarget, kinds: Iterable[str]):
    """Collect ``kinds`` from the target's (first) context, read-only."""
    from kubegap.sources.kubeclient import connect
    from kubegap.sources.live import LiveSource, progress_wanted

    context = target.contexts[0] if target.contexts else None
    connection = connect(target.kubeconfig, context, use_in_cluster=target.in_cluster, workers=target.concurrency,
                         request_timeout=target.request_timeout)
    try:
        source = LiveSource(connection, kinds, namespaces=target.namespaces, workers=target.concurrency,
                            progress=progress_wanted(target.quiet), deadline=target.deadline or None)
        return source.collect()
    finally:
        connection.close()


def _is_cluster_snapshot(collection) -> bool:
    """One snapshot of a named cluster (a file that is one snapshot, or a folder holding just one)."""
    return sum(i.get("type") == "snapshot" for i in collection.inputs) == 1 and bool(collection.cluster.get("name"))


def collect_inputs(paths: list[str], target: ClusterTarget, checks: list) -> list:
    """The Collections to audit, one per cluster: PATHS when given, else the live clusters ``target`` names.

    Several PATHS are one cluster, except when every one is a snapshot of a differently named
    cluster: then, as with several --context values, they are a fleet.
    """
    from kubegap.sources.base import Collection
    from kubegap.sources.manifests import ManifestSource

    if paths and target.given:
        raise UserError("give PATHS or cluster options (--kubeconfig, --context, --namespace, --in-cluster), not both")
    if len(paths) == 1:
        return [ManifestSource(paths).collect()]
    if paths:
        separate = [ManifestSource([path]).collect() for path in paths]
        names = [c.cluster.get("name") for c in separate]
        if all(map(_is_cluster_snapshot, separate)) and len(set(names)) == len(names):
            return separate
        merged = Collection()
        for collection in separate:
            merged.merge(collection)
        return [merged]
    kinds = kinds_read(checks)
    return [collect_cluster(replace(target, contexts=[context]), kinds) for context in target.contexts or [None]]
