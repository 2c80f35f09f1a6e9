"""kubegap snapshots: resources plus a record of which kinds were collected, forbidden, absent or failed.

A snapshot is one JSON document (gzip-compressed when its name ends in ``.gz``)::

    {"apiVersion": "kubegap.io/v1", "kind": "Snapshot",
     "cluster": {"name": "...", "version": "v1.29.4"},
     "collected": ["Pod", "Node", ...], "forbidden": {"Secret": "list secrets"}, "absent": ["PyTorchJob"],
     "failed": {"DaemonSet": "list daemonsets: 503 ServiceUnavailable"},
     "items": [ ...resources as the API returns them... ]}
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from pathlib import Path
from typing import TypeGuard

import orjson

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.resources import as_dict, as_list
from kubegap.errors import UserError
from kubegap.sources.compact import Compactor

API_VERSION = "kubegap.io/v1"
KIND = "Snapshot"


def is_snapshot(data: object) -> TypeGuard[dict]:
    return isinstance(data, dict) and data.get("apiVersion") == API_VERSION and data.get("kind") == KIND


def read_snapshot(data: dict, path: str, compact: Compactor, warn: Callable[[str], None] | None = None) -> Collection:
    """The snapshot ``data`` read from ``path``; what cannot be used is said through ``warn`` (by default, the
    collection's warnings)."""
    collection = Collection()
    warn = warn or collection.warnings.append
    origin = Origin(path, 0)  # one (immutable) origin for every item of the file
    for position, item in enumerate(as_list(data.get("items"))):
        if isinstance(item, dict) and isinstance(item.get("kind"), str) and isinstance(item.get("metadata"), dict):
            collection.add(compact(item), origin)
        else:
            warn(f"{path}, item {position}: not a Kubernetes object; skipped")
    collection.collected = {k for k in as_list(data.get("collected")) if isinstance(k, str)}
    collection.listed = set(collection.collected)  # a snapshot records complete listings of a cluster
    collection.forbidden = {k: str(v) for k, v in as_dict(data.get("forbidden")).items() if isinstance(k, str)}
    collection.absent = {k for k in as_list(data.get("absent")) if isinstance(k, str)}
    collection.failed = {k: str(v) for k, v in as_dict(data.get("failed")).items() if isinstance(k, str)}
    collection.cluster = dict(as_dict(data.get("cluster")))
    collection.inputs.append({"type": "snapshot", "path": path, "cluster": collection.cluster.get("name")})
    return collection


def snapshot_document(collection: Collection) -> dict:
    return {
        "apiVersion": API_VERSION,
        "kind": KIND,
        "cluster": collection.cluster,
        "collected": sorted(collection.collected),
        "forbidden": dict(sorted(collection.forbidden.items())),
        "absent": sorted(collection.absent),
        "failed": dict(sorted(collection.failed.items())),
        "items": collection.resources,
    }


def write_snapshot(collection: Collection, path: Path) -> None:
    """Write ``collection`` as a snapshot, gzip-compressed when the name ends in ``.gz``."""
    raw = orjson.dumps(snapshot_document(collection))
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "wb") as handle:
                handle.write(raw)
        else:
            path.write_bytes(raw)
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
