"""The source stage: turn an input into plain resource dicts and say what was (not) seen.

A source reports, per kind, whether it was collected (the list is complete), forbidden (RBAC
denied it), absent (the cluster does not serve it) or failed (it kept failing to list). Checks that need a kind that was not
collected are skipped, never failed: a partial snapshot must not produce false positives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

UNUSED_METADATA = ("managedFields",)
"""Metadata no check reads and that makes up a third of a live object's size (server-side apply
bookkeeping). Dropped at ingest so that a large snapshot does not carry it through the audit."""


def drop_unused_fields(obj: dict) -> None:
    """Remove ``UNUSED_METADATA`` from an object a source has just parsed (and so owns)."""
    meta = obj.get("metadata")
    if isinstance(meta, dict):
        for key in UNUSED_METADATA:
            meta.pop(key, None)


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a manifest object came from: file, 0-based document index, 1-based line."""

    path: str
    document: int
    line: int | None = None


@dataclass
class Collection:
    resources: list[dict] = field(default_factory=list)
    inputs: list[dict] = field(default_factory=list)
    collected: set[str] = field(default_factory=set)
    listed: set[str] = field(default_factory=set)
    """Kinds listed completely from a cluster (live, or in a snapshot of one): there, absence is evidence.
    Manifests list nothing completely: a kind is ``collected`` from them when one of its objects is seen.
    A listing limited to some namespaces names them in ``cluster["namespaces"]``."""
    forbidden: dict[str, str] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)
    failed: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    unread: dict[str, str] = field(default_factory=dict)
    """Inputs (files, streams) left unread in whole or in part, and why: too large, binary, unreadable, or
    holding a document that could not be parsed (an unrendered template), which may define objects the input
    does not show, so absence in their directory proves nothing."""
    cluster: dict = field(default_factory=dict)
    origins: dict[int, Origin] = field(default_factory=dict)

    def add(self, obj: dict, origin: Origin | None = None) -> None:
        self.resources.append(obj)
        if origin is not None:
            self.origins[id(obj)] = origin

    @property
    def partial(self) -> bool:
        """Some kind the source tried to read is missing (forbidden by RBAC or failed), or some input was left unread."""
        return bool(self.forbidden or self.failed or self.unread)

    def merge(self, other: Collection) -> None:
        self.resources.extend(other.resources)
        self.inputs.extend(other.inputs)
        self.collected |= other.collected
        self.listed |= other.listed
        self.forbidden.update(other.forbidden)
        self.absent |= other.absent
        self.failed.update(other.failed)
        self.warnings.extend(other.warnings)
        self.unread.update(other.unread)
        self.origins.update(other.origins)
        for key, value in other.cluster.items():
            self.cluster.setdefault(key, value)


class InputSource(Protocol):
    def collect(self) -> Collection: ...
