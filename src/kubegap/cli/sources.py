"""Command-line options for choosing what to audit: a kubeconfig, contexts, namespaces."""

from __future__ import annotations

import typer

from kubegap.sources.kubeclient import READ_TIMEOUT
from kubegap.sources.pacing import DEADLINE, MAX_WORKERS, WORKERS

KUBECONFIG_OPTION = typer.Option(
    None, "--kubeconfig", metavar="FILE", help="Kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)."
)
CONTEXT_OPTION = typer.Option(
    None, "--context", metavar="CONTEXT", help="Kubeconfig context (default: the current context)."
)
CONTEXTS_OPTION = typer.Option(
    None,
    "--context",
    metavar="CONTEXT",
    help="Kubeconfig context (default: the current one); repeat it to audit a fleet: one report, each finding naming its cluster.",
)
NAMESPACE_OPTION = typer.Option(
    None,
    "--namespace",
    "-n",
    metavar="NAMESPACE",
    help="List namespaced kinds only in this namespace (repeatable; for namespace-scoped credentials).",
)
IN_CLUSTER_OPTION = typer.Option(
    False, "--in-cluster", help="Use the pod's service account (default when no kubeconfig exists inside a pod)."
)
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help="No progress bar on stderr.")
REQUEST_TIMEOUT_OPTION = typer.Option(
    READ_TIMEOUT,
    "--request-timeout",
    min=0.1,
    metavar="SECONDS",
    help="Give up on one request to the cluster after this long (it is retried).",
)
CONCURRENCY_OPTION = typer.Option(
    WORKERS, "--concurrency", min=1, max=MAX_WORKERS, metavar="N", help="At most N requests to the cluster at once."
)
DEADLINE_OPTION = typer.Option(
    DEADLINE,
    "--deadline",
    min=0,
    metavar="SECONDS",
    help="Collect from the cluster for at most this long; kinds not listed by then are reported as failed (0: no limit).",
)
