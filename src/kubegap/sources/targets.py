"""What to audit: files and snapshots, or live clusters reached through a kubeconfig.

Shared by every surface (the CLI, the MCP server): the Collections an audit runs over, one per cluster.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kubegap.errors import UserError
from kubegap.sources.kubeclient import READ_TIMEOUT
from kubegap.sources.names import CONTEXT, NAMESPACE
from kubegap.sources.pacing import DEADLINE, WORKERS

if TYPE_CHECKING:
    from pathlib import Path

    from kubegap.domain.collection import Collection
    from kubegap.inputbytes import Streamed
    from kubegap.sources.base import InputSource
    from kubegap.sources.live import ProgressFactory


@dataclass
class ClusterTarget:
    """How to reach a live cluster (the kubeconfig's current context when nothing is given).

    Every surface (the command line, the MCP server, a fleet's contexts) builds one, and every namespace
    and context is checked here, before anything is loaded or sent: a namespace goes into request paths.
    """

    kubeconfig: str | None = None
    contexts: list[str] = field(default_factory=list)
    namespaces: list[str] = field(default_factory=list)
    in_cluster: bool = False
    progress: ProgressFactory | None = None
    """How a live collection shows its progress (the command line's bar); None: silently."""
    request_timeout: float = READ_TIMEOUT
    deadline: float | None = DEADLINE
    concurrency: int = WORKERS

    def __post_init__(self) -> None:
        for namespace in self.namespaces:
            NAMESPACE.require(namespace, "namespace")
        for context in self.contexts:
            CONTEXT.require(context, "context")

    @property
    def given(self) -> bool:
        return bool(self.kubeconfig or self.contexts or self.namespaces or self.in_cluster)


def kinds_read(checks: Iterable) -> set[str]:
    """Every kind the given checks read: exactly what a live collection lists."""
    return {kind for check in checks for kind in check.reads}


def metadata_kinds(checks: Iterable) -> set[str]:
    """The kinds every check that reads them reads as metadata only: listed as PartialObjectMetadata."""
    checks = list(checks)
    return {
        kind
        for kind in kinds_read(checks)
        if all(kind in check.metadata_only for check in checks if kind in check.reads)
    }


def collect_cluster(target: ClusterTarget, kinds: Iterable[str], metadata_only: Iterable[str] = ()) -> Collection:
    """Collect ``kinds`` from the target's (first) context, read-only; ``metadata_only`` ones as metadata."""
    from kubegap.sources.kubeclient import connect
    from kubegap.sources.live import LiveSource

    context = target.contexts[0] if target.contexts else None
    connection = connect(
        target.kubeconfig,
        context,
        use_in_cluster=target.in_cluster,
        workers=target.concurrency,
        request_timeout=target.request_timeout,
    )
    try:
        source = LiveSource(
            connection,
            kinds,
            namespaces=target.namespaces,
            workers=target.concurrency,
            progress=target.progress,
            deadline=target.deadline or None,
            metadata_only=metadata_only,
        )
        return source.collect()
    finally:
        connection.close()


def _is_cluster_snapshot(collection: Collection) -> bool:
    """One snapshot of a named cluster (a file that is one snapshot, or a folder holding just one)."""
    return sum(i.get("type") == "snapshot" for i in collection.inputs) == 1 and bool(collection.cluster.get("name"))


def collect_paths(
    paths: Sequence[str | Streamed], *, confine: list[Path] | None = None, also: Sequence[InputSource] = ()
) -> list[Collection]:
    """The Collections that files, folders and streams (and ``also``, inline manifests) make, one per cluster.

    Several inputs are one cluster, except when every one is a snapshot of a differently named
    cluster: then, as with several --context values, they are a fleet. ``confine``: the folders every
    file read must be in (the MCP server's roots).
    """
    from kubegap.domain.collection import Collection
    from kubegap.sources.manifests import ManifestSource, report_names

    named = report_names(paths)  # among every path, so that no two inputs share a name
    separate = [ManifestSource([path], confine=confine, names=named).collect() for path in paths]
    separate += [source.collect() for source in also]
    names = [c.cluster.get("name") for c in separate]
    if len(separate) == 1 or (all(map(_is_cluster_snapshot, separate)) and len(set(names)) == len(names)):
        return separate
    merged = Collection()
    for collection in separate:
        merged.merge(collection)
    return [merged]


def collect_inputs(paths: Sequence[str | Streamed], target: ClusterTarget, checks: list) -> list:
    """The Collections to audit, one per cluster: PATHS when given (``collect_paths``), else the live clusters
    ``target`` names."""
    if paths and target.given:
        raise UserError("give PATHS or cluster options (--kubeconfig, --context, --namespace, --in-cluster), not both")
    if paths:
        return collect_paths(paths)
    kinds, metadata = kinds_read(checks), metadata_kinds(checks)
    contexts: list[str | None] = [*target.contexts] or [None]
    return [
        collect_cluster(replace(target, contexts=[context] if context else []), kinds, metadata) for context in contexts
    ]
