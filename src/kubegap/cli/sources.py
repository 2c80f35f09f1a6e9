"""Choosing what to audit: files and snapshots, the demo cluster, or a live cluster."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import typer

from kubegap.errors import UserError
from kubegap.sources.kubeclient import READ_TIMEOUT
from kubegap.sources.live import DEADLINE


@dataclass
class ClusterTarget:
    """How to reach a live cluster (the kubeconfig's current context when nothing is given)."""

    kubeconfig: str | None = None
    context: str | None = None
    namespaces: list[str] = field(default_factory=list)
    in_cluster: bool = False
    quiet: bool = False
    request_timeout: float = READ_TIMEOUT
    deadline: float | None = DEADLINE

    @property
    def given(self) -> bool:
        return bool(self.kubeconfig or self.context or self.namespaces or self.in_cluster)


KUBECONFIG_OPTION = typer.Option(None, "--kubeconfig", help="Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config).")
CONTEXT_OPTION = typer.Option(None, "--context", help="Kubeconfig context (default: the current context).")
NAMESPACE_OPTION = typer.Option(None, "--namespace", "-n", help="List namespaced kinds only in this namespace (repeatable; for namespace-scoped credentials).")
IN_CLUSTER_OPTION = typer.Option(False, "--in-cluster", help="Use the pod's service account (default when no kubeconfig exists inside a pod).")
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="No progress bar on stderr.")
REQUEST_TIMEOUT_OPTION = typer.Option(READ_TIMEOUT, "--request-timeout", min=0.1, metavar="SECONDS", help="Give up on one request to the cluster after this long (it is retried).")
DEADLINE_OPTION = typer.Option(DEADLINE, "--deadline", min=0, metavar="SECONDS", help="Collect from the cluster for at most this long; kinds not listed by then are reported as failed (0: no limit).")


def kinds_read(checks: Iterable) -> set[str]:
    """Every kind the given checks read: exactly what a live collection lists."""
    return {kind for check in checks for kind in check.reads}


def collect_cluster(target: ClusterTarget, kinds: Iterable[str]):
    """Collect ``kinds`` from the target cluster, read-only."""
    from kubegap.sources.kubeclient import connect
    from kubegap.sources.live import LiveSource, progress_wanted

    connection = connect(target.kubeconfig, target.context, use_in_cluster=target.in_cluster, request_timeout=target.request_timeout)
    try:
        source = LiveSource(connection, kinds, namespaces=target.namespaces, progress=progress_wanted(target.quiet),
                            deadline=target.deadline or None)
        return source.collect()
    finally:
        connection.close()


def collect_inputs(paths: list[str], target: ClusterTarget, checks: list):
    """The Collection to audit: PATHS when given, else the live cluster ``target`` names."""
    from kubegap.sources.manifests import ManifestSource

    if paths and target.given:
        raise UserError("give PATHS or cluster options (--kubeconfig, --context, --namespace, --in-cluster), not both")
    if paths:
        return ManifestSource(paths).collect()
    return collect_cluster(target, kinds_read(checks))
