"""The source stage: turn an input into plain resource dicts and say what was (not) seen.

Every input kind is an ``InputSource`` (``ManifestSource`` for files, folders, dumps and snapshots,
``InlineSource``, ``LiveSource`` for a live cluster) whose ``collect`` returns a
:class:`~kubegap.domain.collection.Collection`. A source reports, per kind, whether it was collected (the list is complete), forbidden (RBAC
denied it), absent (the cluster does not serve it) or failed (it kept failing to list). Checks that need a kind that was not
collected are skipped, never failed: a partial snapshot must not produce false positives.
"""

from __future__ import annotations

from typing import Protocol

from kubegap.domain.collection import Collection

UNUSED_METADATA = ("managedFields",)
"""Metadata no check reads and that makes up a third of a live object's size (server-side apply
bookkeeping). Dropped at ingest so that a large snapshot does not carry it through the audit."""


def drop_unused_fields(obj: dict) -> None:
    """Remove ``UNUSED_METADATA`` from an object a source has just parsed (and so owns)."""
    meta = obj.get("metadata")
    if isinstance(meta, dict):
        for key in UNUSED_METADATA:
            meta.pop(key, None)


class InputSource(Protocol):
    def collect(self) -> Collection: ...
