"""What a source hands the audit: the objects it read, where each came from, and which kinds it read
completely, was refused, found absent or failed to list."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a manifest object came from: file, 0-based document index, 1-based line, the command the audit
    rendered the file with (``helm template``), None for a file read as it is, and the chart template a render made
    outside the audit names before the document (``# Source: devtron/templates/migrator.yaml``), if any."""

    path: str
    document: int
    line: int | None = None
    rendered_by: str | None = None
    template: str | None = None


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

    def unreadable(self, kind_name: str) -> bool:
        """Whether the source tried to read the kind and could not (forbidden by RBAC, or its listing failed): what
        the input shows of it is no evidence of what the cluster holds."""
        return kind_name in self.forbidden or kind_name in self.failed

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
