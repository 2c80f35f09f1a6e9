"""The report as typed values: what every format, ``diff``, ``--baseline``, the viewer and the MCP server read.

A report is built by :mod:`kubegap.report.model` or read from a JSON file (``Report.from_json``, once
:mod:`kubegap.report.schema` has checked it, versions "1" and "2" alike), and written back with
``Report.to_json``. Each part keeps ``keys``, the JSON keys it was read or built with in their order,
and ``extra``, the values of keys this version does not read: ``to_json`` gives back the same JSON,
key order and unknown fields included, and a field a report leaves out stays out.

The names say what these are in a report, apart from what a check yields (:class:`kubegap.checks.base.Finding`,
:class:`kubegap.checks.base.Evidence`) and what a run records (:class:`kubegap.runner.Coverage`):
``ReportedFinding``, ``ReportedEvidence``, ``ReportedObject``, ``CheckCoverage``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from kubegap.report.identity import digest, identity_of
from kubegap.severity import severity_rank


@dataclass(frozen=True)
class ReportPart:
    """What every part of a report keeps beside its fields to be written back as it was read."""

    keys: tuple[str, ...] = field(default=(), kw_only=True, repr=False, compare=False)
    """The JSON keys, in the order written: a field not among them is left out."""
    extra: Mapping[str, Any] = field(default_factory=dict, kw_only=True, repr=False, compare=False)
    """The values of keys this version does not read, kept to be written back."""

    KNOWN: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def _kept(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        return {"keys": tuple(data), "extra": {k: v for k, v in data.items() if k not in cls.KNOWN}}

    def _written(self, values: Mapping[str, Any]) -> dict:
        return {key: values[key] if key in values else self.extra[key] for key in self.keys}

    def has(self, key: str) -> bool:
        """Whether the JSON holds ``key`` (a field that may be null or left out says which)."""
        return key in self.keys


def with_key(keys: tuple[str, ...], key: str) -> tuple[str, ...]:
    """``keys`` with ``key`` last, unless it is there already (where it stays, as a dict update keeps it)."""
    return keys if key in keys else (*keys, key)


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


@dataclass(frozen=True)
class Tool(ReportPart):
    name: str
    version: str

    KNOWN = frozenset({"name", "version"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tool:
        return cls(data.get("name", ""), data.get("version", ""), **cls._kept(data))

    def to_json(self) -> dict:
        return self._written({"name": self.name, "version": self.version})


@dataclass(frozen=True)
class ReportInput(ReportPart):
    """One input of the audit: manifests (a file, a directory, stdin), a snapshot or a cluster."""

    type: str
    path: str | None = None
    rendered_by: str | None = None
    unread: Mapping[str, str] = field(default_factory=dict)
    """Files (or streams) of this input left unread in whole or in part, each with why."""
    context: str | None = None
    """A cluster's kubeconfig context."""

    KNOWN = frozenset({"type", "path", "rendered_by", "unread", "context"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportInput:
        return cls(
            data.get("type", ""),
            data.get("path"),
            data.get("rendered_by"),
            _mapping(data.get("unread")),
            data.get("context"),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "type": self.type,
                "path": self.path,
                "rendered_by": self.rendered_by,
                "unread": self.unread,
                "context": self.context,
            }
        )


@dataclass(frozen=True)
class ClusterInfo(ReportPart):
    """What the report says of the cluster (a fleet's: its name ``fleet`` and its members' names)."""

    name: str | None = None
    version: str | None = None
    members: tuple[str, ...] = ()

    KNOWN = frozenset({"name", "version", "members"})

    @classmethod
    def from_json(cls, data: object) -> ClusterInfo:
        found = _mapping(data)
        typed = {"name": str, "version": str, "members": list}
        read = {k: v for k, v in found.items() if k in typed and isinstance(v, typed[k])}
        return cls(
            read.get("name"),
            read.get("version"),
            tuple(read.get("members", ())),
            keys=tuple(found),
            extra={k: v for k, v in found.items() if k not in read},
        )

    def to_json(self) -> dict:
        values: dict[str, Any] = {}
        if self.name is not None:
            values["name"] = self.name
        if self.version is not None:
            values["version"] = self.version
        if "members" not in self.extra:
            values["members"] = list(self.members)
        return self._written(values)


@dataclass(frozen=True)
class StatusCounts(ReportPart):
    """How many checks ran, were skipped and failed."""

    ran: int = 0
    skipped: int = 0
    error: int = 0

    KNOWN = frozenset({"ran", "skipped", "error"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StatusCounts:
        return cls(data.get("ran", 0), data.get("skipped", 0), data.get("error", 0), **cls._kept(data))

    def to_json(self) -> dict:
        return self._written({"ran": self.ran, "skipped": self.skipped, "error": self.error})


HEADER_KEYS = ("schema_version", "tool", "generated_at")
"""The keys every report starts with."""

REPORT_KEYS = (
    *HEADER_KEYS,
    "inputs",
    "cluster",
    "summary",
    "findings",
    "suppressed",
    "coverage",
    "checks",
    "cases",
    "config",
    "expired_exemptions",
    "kinds",
    "warnings",
)
"""The keys of one cluster's report, in the order written; a fleet's adds ``clusters``, a cluster's ``fleet_facts``."""

SUMMARY_KEYS = ("findings", "by_severity", "suppressed", "checks", "objects", "elapsed_seconds")


@dataclass(frozen=True)
class Summary(ReportPart):
    findings: int
    by_severity: Mapping[str, int]
    suppressed: int
    checks: StatusCounts
    objects: int
    elapsed_seconds: float = 0.0

    KNOWN = frozenset(SUMMARY_KEYS)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        return cls(
            data.get("findings", 0),
            _mapping(data.get("by_severity")),
            data.get("suppressed", 0),
            StatusCounts.from_json(_mapping(data.get("checks"))),
            data.get("objects", 0),
            data.get("elapsed_seconds", 0.0),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "findings": self.findings,
                "by_severity": self.by_severity,
                "suppressed": self.suppressed,
                "checks": self.checks.to_json(),
                "objects": self.objects,
                "elapsed_seconds": self.elapsed_seconds,
            }
        )


@dataclass(frozen=True)
class ReportedObject(ReportPart):
    """The object a finding is about."""

    api_version: str
    kind: str
    namespace: str | None
    name: str

    KNOWN = frozenset({"apiVersion", "kind", "namespace", "name"})
    KEYS: ClassVar[tuple[str, ...]] = ("apiVersion", "kind", "namespace", "name")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportedObject:
        return cls(
            data.get("apiVersion", ""),
            data.get("kind", ""),
            data.get("namespace"),
            data.get("name", ""),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {"apiVersion": self.api_version, "kind": self.kind, "namespace": self.namespace, "name": self.name}
        )

    @property
    def label(self) -> str:
        """``Kind namespace/name``, or ``Kind name`` for cluster-scoped objects."""
        where = f"{self.namespace}/" if self.namespace else ""
        return f"{self.kind} {where}{self.name}"


@dataclass(frozen=True)
class ReportedEvidence(ReportPart):
    """One offending value of a finding: where in the object, and what it holds (``None`` when unset)."""

    path: str
    value: Any = None

    KNOWN = frozenset({"path", "value"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportedEvidence:
        return cls(data.get("path", ""), data.get("value"), **cls._kept(data))

    def to_json(self) -> dict:
        return self._written({"path": self.path, "value": self.value})


@dataclass(frozen=True)
class Location(ReportPart):
    """Where a manifest defines an object: the file, the document's index in it, its first line."""

    path: str
    document: int | None = None
    line: int | None = None

    KNOWN = frozenset({"path", "document", "line"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Location:
        return cls(data.get("path", ""), data.get("document"), data.get("line"), **cls._kept(data))

    def to_json(self) -> dict:
        return self._written({"path": self.path, "document": self.document, "line": self.line})

    @property
    def label(self) -> str:
        """``path:line``, or just the path."""
        return self.path + (f":{self.line}" if self.line else "")


FINDING_KEYS = (
    "check_id",
    "title",
    "severity",
    "category",
    "object",
    "message",
    "evidence",
    "remediation",
    "cases",
)
"""The keys every finding a report builds has, in order (after ``cluster`` in a fleet's)."""


@dataclass(frozen=True)
class ReportedFinding(ReportPart):
    """A finding as a report holds it; a suppressed one also says why (``reason``) and by what (``suppressed_by``)."""

    check_id: str
    severity: str
    object: ReportedObject
    message: str
    evidence: tuple[ReportedEvidence, ...]
    remediation: str
    cases: tuple[str, ...]
    title: str | None = None
    category: str | None = None
    cluster: str | None = None
    """In a fleet report: the cluster of the object; None for a fleet check's finding (``has("cluster")``)."""
    location: Location | None = None
    also_at: tuple[Location, ...] = ()
    """Other manifest documents defining the same object with the same gap."""
    fingerprint: str | None = None
    reason: str | None = None
    suppressed_by: str | None = None
    baseline_state: str | None = None

    KNOWN = frozenset(
        {
            *FINDING_KEYS,
            "cluster",
            "location",
            "also_at",
            "fingerprint",
            "reason",
            "suppressed_by",
            "baseline_state",
        }
    )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReportedFinding:
        location = data.get("location")
        return cls(
            check_id=data.get("check_id", ""),
            severity=data.get("severity", ""),
            object=ReportedObject.from_json(_mapping(data.get("object"))),
            message=data.get("message", ""),
            evidence=tuple(ReportedEvidence.from_json(e) for e in data.get("evidence") or ()),
            remediation=data.get("remediation", ""),
            cases=tuple(data.get("cases") or ()),
            title=data.get("title"),
            category=data.get("category"),
            cluster=data.get("cluster"),
            location=Location.from_json(location) if isinstance(location, Mapping) else None,
            also_at=tuple(Location.from_json(where) for where in data.get("also_at") or ()),
            fingerprint=data.get("fingerprint"),
            reason=data.get("reason"),
            suppressed_by=data.get("suppressed_by"),
            baseline_state=data.get("baseline_state"),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "cluster": self.cluster,
                "check_id": self.check_id,
                "title": self.title,
                "severity": self.severity,
                "category": self.category,
                "object": self.object.to_json(),
                "message": self.message,
                "evidence": [e.to_json() for e in self.evidence],
                "remediation": self.remediation,
                "cases": list(self.cases),
                "location": self.location.to_json() if self.location is not None else None,
                "also_at": [where.to_json() for where in self.also_at],
                "fingerprint": self.fingerprint,
                "reason": self.reason,
                "suppressed_by": self.suppressed_by,
                "baseline_state": self.baseline_state,
            }
        )

    @property
    def identity(self) -> tuple[str, ...]:
        """What makes it the same finding across runs (:mod:`kubegap.report.identity`)."""
        first = self.evidence[0].path if self.evidence else None
        obj = self.object
        return identity_of(self.check_id, obj.kind, obj.namespace, obj.name, first, self.cluster)

    @property
    def subject_label(self) -> str:
        """What the finding is about: the object's label, after its cluster in a fleet report (``eu: Deployment shop/api``)."""
        return f"{self.cluster}: {self.object.label}" if self.cluster else self.object.label

    @property
    def report_order(self) -> tuple:
        """A report's order of findings: by severity, check, cluster, then object (namespace, kind, name)."""
        obj = self.object
        return (
            severity_rank(self.severity),
            self.check_id,
            self.cluster or "",
            obj.namespace or "",
            obj.kind,
            obj.name,
        )

    @property
    def reading_order(self) -> tuple:
        """The order people read findings in, within and across groups: severity, check, then subject."""
        return severity_rank(self.severity), self.check_id, self.subject_label

    @property
    def definitions(self) -> int:
        """How many manifest documents the finding stands for: its own and those in ``also_at``."""
        return 1 + len(self.also_at)

    @property
    def suppressed(self) -> bool:
        return self.has("reason")

    def in_cluster(self, name: str) -> ReportedFinding:
        """This finding as a fleet report holds it: tagged with its cluster, its fingerprint computed again."""
        tagged = replace(self, cluster=name, keys=with_key(self.keys, "cluster"))
        return replace(tagged, fingerprint=digest(tagged.identity), keys=with_key(tagged.keys, "fingerprint"))

    def untagged(self) -> ReportedFinding:
        """The finding without its cluster, as one cluster's own report holds it."""
        return replace(self, cluster=None, keys=tuple(k for k in self.keys if k != "cluster"))

    def in_baseline(self, state: str) -> ReportedFinding:
        """The finding marked ``new`` or ``unchanged`` against a baseline."""
        return replace(self, baseline_state=state, keys=with_key(self.keys, "baseline_state"))


@dataclass(frozen=True)
class Unjudged(ReportPart):
    """Objects a check could not judge for one reason."""

    reason: str
    objects: int

    KNOWN = frozenset({"reason", "objects"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Unjudged:
        return cls(data.get("reason", ""), data.get("objects", 0), **cls._kept(data))

    def to_json(self) -> dict:
        return self._written({"reason": self.reason, "objects": self.objects})


@dataclass(frozen=True)
class CheckCoverage(ReportPart):
    """Whether a check ran, was skipped or failed, and why; how many findings it made and what it left unjudged."""

    check_id: str
    status: str
    reason: str | None
    findings: int = 0
    unjudged: tuple[Unjudged, ...] = ()
    cluster: str | None = None
    """In a fleet report: the cluster the check ran on; None for a fleet check (``has("cluster")``)."""

    KNOWN = frozenset({"check_id", "status", "reason", "findings", "unjudged", "cluster"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckCoverage:
        return cls(
            data.get("check_id", ""),
            data.get("status", ""),
            data.get("reason"),
            data.get("findings", 0),
            tuple(Unjudged.from_json(u) for u in data.get("unjudged") or ()),
            data.get("cluster"),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "cluster": self.cluster,
                "check_id": self.check_id,
                "status": self.status,
                "reason": self.reason,
                "findings": self.findings,
                "unjudged": [u.to_json() for u in self.unjudged],
            }
        )

    @property
    def label(self) -> str:
        """The check id, after its cluster in a fleet report (``eu: pdb-missing``)."""
        return f"{self.cluster}: {self.check_id}" if self.cluster else self.check_id

    def in_cluster(self, name: str) -> CheckCoverage:
        return replace(self, cluster=name, keys=with_key(self.keys, "cluster"))

    def untagged(self) -> CheckCoverage:
        return replace(self, cluster=None, keys=tuple(k for k in self.keys if k != "cluster"))


@dataclass(frozen=True)
class CheckSummary(ReportPart):
    """What describes a check the report ran or tried (SARIF rules, HTML)."""

    title: str
    severity: str
    category: str
    cases: tuple[str, ...]
    fix: str
    documentation: Mapping[str, str]
    precision: str | None = None

    KNOWN = frozenset({"title", "severity", "category", "cases", "fix", "documentation", "precision"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckSummary:
        return cls(
            data.get("title", ""),
            data.get("severity", ""),
            data.get("category", ""),
            tuple(data.get("cases") or ()),
            data.get("fix", ""),
            _mapping(data.get("documentation")),
            data.get("precision"),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "title": self.title,
                "severity": self.severity,
                "category": self.category,
                "cases": list(self.cases),
                "fix": self.fix,
                "documentation": self.documentation,
                "precision": self.precision,
            }
        )


@dataclass(frozen=True)
class CitedCase(ReportPart):
    """A library case the report cites: title, organization, URL, and the incident's and write-up's dates when known."""

    title: str
    url: str
    organization: str = ""
    date: str | None = None
    published: str | None = None

    KNOWN = frozenset({"title", "url", "organization", "date", "published"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CitedCase:
        return cls(
            data.get("title", ""),
            data.get("url", ""),
            data.get("organization", ""),
            data.get("date"),
            data.get("published"),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "title": self.title,
                "organization": self.organization,
                "url": self.url,
                "date": self.date,
                "published": self.published,
            }
        )

    @property
    def year(self) -> str:
        """The incident's year, or the write-up's, said as such, when no source gives the incident's date:
        ``2023``, ``written up 2024``."""
        if self.date:
            return self.date[:4]
        return f"written up {self.published[:4]}" if self.published else ""

    @property
    def label(self) -> str:
        """``Title (Organization, year)``."""
        return f"{self.title} ({self.organization}, {self.year})"


KINDS_KEYS = ("collected", "forbidden", "absent", "failed")


@dataclass(frozen=True)
class Kinds(ReportPart):
    """What was collected, and the kinds forbidden, not served, or failed (each with why)."""

    collected: tuple[str, ...] = ()
    forbidden: Mapping[str, str] = field(default_factory=dict)
    absent: tuple[str, ...] = ()
    failed: Mapping[str, str] = field(default_factory=dict)

    KNOWN = frozenset(KINDS_KEYS)

    @classmethod
    def from_json(cls, data: object) -> Kinds:
        found = _mapping(data)
        return cls(
            tuple(found.get("collected") or ()),
            _mapping(found.get("forbidden")),
            tuple(found.get("absent") or ()),
            _mapping(found.get("failed")),
            **cls._kept(found),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "collected": list(self.collected),
                "forbidden": dict(self.forbidden),
                "absent": list(self.absent),
                "failed": dict(self.failed),
            }
        )


@dataclass(frozen=True)
class ExpiredExemption(ReportPart):
    """An exemption rule past its expiry date, and how many reported findings it matches."""

    check: str
    namespace: str | None
    name: str
    reason: str
    expires: str | None
    matched: int

    KNOWN = frozenset({"check", "namespace", "name", "reason", "expires", "matched"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExpiredExemption:
        return cls(
            data.get("check", ""),
            data.get("namespace"),
            data.get("name", ""),
            data.get("reason", ""),
            data.get("expires"),
            data.get("matched", 0),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "check": self.check,
                "namespace": self.namespace,
                "name": self.name,
                "reason": self.reason,
                "expires": self.expires,
                "matched": self.matched,
            }
        )


SECTION_KEYS = ("name", "cluster", "inputs", "summary", "kinds", "warnings", "fleet_facts")


@dataclass(frozen=True)
class ClusterSection(ReportPart):
    """One cluster of a fleet report: its name there, what it is, and its own inputs, summary, kinds and warnings."""

    name: str
    cluster: ClusterInfo
    inputs: tuple[ReportInput, ...]
    summary: Summary
    kinds: Kinds
    warnings: tuple[str, ...] = ()
    fleet_facts: Mapping[str, Any] = field(default_factory=dict)
    """What each fleet check needs of this cluster, by check id."""

    KNOWN = frozenset(SECTION_KEYS)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClusterSection:
        return cls(
            data.get("name", ""),
            ClusterInfo.from_json(data.get("cluster")),
            tuple(ReportInput.from_json(i) for i in data.get("inputs") or ()),
            Summary.from_json(_mapping(data.get("summary"))),
            Kinds.from_json(data.get("kinds")),
            tuple(data.get("warnings") or ()),
            _mapping(data.get("fleet_facts")),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "name": self.name,
                "cluster": self.cluster.to_json(),
                "inputs": [i.to_json() for i in self.inputs],
                "summary": self.summary.to_json(),
                "kinds": self.kinds.to_json(),
                "warnings": list(self.warnings),
                "fleet_facts": self.fleet_facts,
            }
        )

    @property
    def partial(self) -> bool:
        """Some kind was forbidden or failed, or some input was left unread."""
        return bool(self.kinds.forbidden or self.kinds.failed or any(i.unread for i in self.inputs))


@dataclass(frozen=True)
class ClusterReport:
    """One cluster read from a report (one cluster's, or a section of a fleet's), with its own findings,
    suppressed findings and coverage, untagged: what a fleet of reports is assembled from."""

    section: ClusterSection
    findings: tuple[ReportedFinding, ...]
    suppressed: tuple[ReportedFinding, ...]
    coverage: tuple[CheckCoverage, ...]

    @property
    def name(self) -> str:
        return self.section.name

    def renamed(self, name: str) -> ClusterReport:
        return replace(self, section=replace(self.section, name=name))


@dataclass(frozen=True)
class Baseline(ReportPart):
    """How the findings compare with an earlier report (``--baseline``)."""

    path: str
    generated_at: str | None
    new: int
    unchanged: int
    fixed: tuple[ReportedFinding, ...]
    """Findings of the baseline that are gone."""

    KNOWN = frozenset({"path", "generated_at", "new", "unchanged", "fixed"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Baseline:
        return cls(
            data.get("path", ""),
            data.get("generated_at"),
            data.get("new", 0),
            data.get("unchanged", 0),
            tuple(ReportedFinding.from_json(f) for f in data.get("fixed") or ()),
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        return self._written(
            {
                "path": self.path,
                "generated_at": self.generated_at,
                "new": self.new,
                "unchanged": self.unchanged,
                "fixed": [f.to_json() for f in self.fixed],
            }
        )


Entry = TypeVar("Entry", "ReportedFinding", "CheckCoverage")


@dataclass(frozen=True)
class Report(ReportPart):
    """One audit's report: of one cluster, or of a fleet (``clusters`` then holds each cluster's section)."""

    schema_version: str
    tool: Tool
    inputs: tuple[ReportInput, ...]
    findings: tuple[ReportedFinding, ...]
    coverage: tuple[CheckCoverage, ...]
    cases: Mapping[str, CitedCase]
    """The cases cited by the checks and findings, by id."""
    generated_at: str | None = None
    cluster: ClusterInfo = field(default_factory=ClusterInfo)
    summary: Summary = field(default_factory=lambda: Summary(0, {}, 0, StatusCounts(), 0))
    suppressed: tuple[ReportedFinding, ...] = ()
    checks: Mapping[str, CheckSummary] = field(default_factory=dict)
    """Every check the audit ran or tried, by id."""
    config: str | None = None
    expired_exemptions: tuple[ExpiredExemption, ...] = ()
    kinds: Kinds = field(default_factory=Kinds)
    warnings: tuple[str, ...] = ()
    fleet_facts: Mapping[str, Any] = field(default_factory=dict)
    clusters: tuple[ClusterSection, ...] | None = None
    """A fleet report's sections, one per cluster in the order audited; None for one cluster's report."""
    baseline: Baseline | None = None

    KNOWN = frozenset((*REPORT_KEYS, "fleet_facts", "clusters", "baseline"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Report:
        """The report a JSON document holds, once :func:`kubegap.report.schema.check_against_schema` has passed it."""
        clusters, baseline = data.get("clusters"), data.get("baseline")
        return cls(
            schema_version=data.get("schema_version", ""),
            tool=Tool.from_json(_mapping(data.get("tool"))),
            inputs=tuple(ReportInput.from_json(i) for i in data.get("inputs") or ()),
            findings=tuple(ReportedFinding.from_json(f) for f in data.get("findings") or ()),
            coverage=tuple(CheckCoverage.from_json(c) for c in data.get("coverage") or ()),
            cases={k: CitedCase.from_json(v) for k, v in _mapping(data.get("cases")).items()},
            generated_at=data.get("generated_at"),
            cluster=ClusterInfo.from_json(data.get("cluster")),
            summary=Summary.from_json(_mapping(data.get("summary"))),
            suppressed=tuple(ReportedFinding.from_json(f) for f in data.get("suppressed") or ()),
            checks={k: CheckSummary.from_json(v) for k, v in _mapping(data.get("checks")).items()},
            config=data.get("config"),
            expired_exemptions=tuple(ExpiredExemption.from_json(e) for e in data.get("expired_exemptions") or ()),
            kinds=Kinds.from_json(data.get("kinds")),
            warnings=tuple(data.get("warnings") or ()),
            fleet_facts=_mapping(data.get("fleet_facts")),
            clusters=tuple(ClusterSection.from_json(c) for c in clusters) if isinstance(clusters, list) else None,
            baseline=Baseline.from_json(baseline) if isinstance(baseline, Mapping) else None,
            **cls._kept(data),
        )

    def to_json(self) -> dict:
        """The JSON report, as documented by ``schemas/report.schema.json``."""
        return self._written(
            {
                "schema_version": self.schema_version,
                "tool": self.tool.to_json(),
                "generated_at": self.generated_at,
                "inputs": [i.to_json() for i in self.inputs],
                "cluster": self.cluster.to_json(),
                "summary": self.summary.to_json(),
                "findings": [f.to_json() for f in self.findings],
                "suppressed": [f.to_json() for f in self.suppressed],
                "coverage": [c.to_json() for c in self.coverage],
                "checks": {k: v.to_json() for k, v in self.checks.items()},
                "cases": {k: v.to_json() for k, v in self.cases.items()},
                "config": self.config,
                "expired_exemptions": [e.to_json() for e in self.expired_exemptions],
                "kinds": self.kinds.to_json(),
                "warnings": list(self.warnings),
                "fleet_facts": self.fleet_facts,
                "clusters": [c.to_json() for c in self.clusters] if self.clusters is not None else None,
                "baseline": self.baseline.to_json() if self.baseline is not None else None,
            }
        )

    def with_warnings_first(self, warnings: Iterable[str]) -> Report:
        """The report with ``warnings`` before its own."""
        return replace(self, warnings=(*warnings, *self.warnings), keys=with_key(self.keys, "warnings"))

    def with_findings(self, findings: Iterable[ReportedFinding]) -> Report:
        return replace(self, findings=tuple(findings), keys=with_key(self.keys, "findings"))

    def with_baseline(self, baseline: Baseline, findings: Iterable[ReportedFinding]) -> Report:
        """The report compared with ``baseline``: its findings marked new or unchanged."""
        marked = self.with_findings(findings)
        return replace(marked, baseline=baseline, keys=with_key(marked.keys, "baseline"))

    def cluster_reports(self, source: str) -> list[ClusterReport]:
        """The clusters the report holds, each with its own findings, suppressed findings and coverage (untagged);
        one cluster's report is named after its cluster, else after ``source``'s file name."""
        if self.clusters is None:
            section = ClusterSection(
                self.cluster.name or Path(source).stem,
                self.cluster,
                self.inputs,
                self.summary,
                self.kinds,
                self.warnings,
                self.fleet_facts,
                keys=SECTION_KEYS,
            )
            return [ClusterReport(section, self.findings, self.suppressed, self.coverage)]
        return [
            ClusterReport(
                replace(section, keys=with_key(section.keys, "fleet_facts")),
                tuple(f.untagged() for f in self.own(self.findings, section.name)),
                tuple(f.untagged() for f in self.own(self.suppressed, section.name)),
                tuple(c.untagged() for c in self.own(self.coverage, section.name)),
            )
            for section in self.clusters
        ]

    @staticmethod
    def own(entries: Iterable[Entry], cluster: str | None) -> list[Entry]:
        """The findings or coverage entries of ``entries`` that belong to ``cluster`` (None: the fleet checks')."""
        return [e for e in entries if e.cluster == cluster]
