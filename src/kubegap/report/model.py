"""Build the typed report (:mod:`kubegap.report.document`, schema_version "2") from an audit result.

A fleet's report has the same shape as one cluster's: every finding, suppressed finding and
coverage entry says which ``cluster`` it belongs to (``null`` for fleet checks), and ``clusters``
holds each cluster's own summary, inputs and kinds.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kubegap import __version__
from kubegap.checks.base import Check, Finding
from kubegap.checks.serialize import check_summary
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.library import Library
from kubegap.report.document import (
    FINDING_KEYS,
    KINDS_KEYS,
    REPORT_KEYS,
    SECTION_KEYS,
    SUMMARY_KEYS,
    CheckCoverage,
    CheckSummary,
    CitedCase,
    ClusterInfo,
    ClusterReport,
    ClusterSection,
    ExpiredExemption,
    Kinds,
    Location,
    Report,
    ReportedEvidence,
    ReportedFinding,
    ReportedObject,
    ReportInput,
    StatusCounts,
    Summary,
    Tool,
    Unjudged,
)
from kubegap.report.identity import digest
from kubegap.runner import Coverage, RunResult
from kubegap.severity import SEVERITIES

if TYPE_CHECKING:
    from kubegap.config import Exemption

SCHEMA_VERSION = "2"
READABLE_VERSIONS = ("1", "2")
"""Report versions diff, --baseline and the viewer read: version 2 only added fleet fields."""


def _location(inventory: Inventory | None, subject: dict | None) -> Location | None:
    origin = inventory.origin(subject) if subject is not None and inventory is not None else None
    if origin is None:
        return None
    return Location(origin.path, origin.document, origin.line, keys=("path", "document", "line"))


def _finding(finding: Finding, checks: dict[str, Check], inventory: Inventory | None, tag: Tag) -> ReportedFinding:
    check = checks[finding.check_id]
    location = _location(inventory, finding.subject)
    others = (
        tuple(where for where in (_location(inventory, subject) for subject in finding.also) if where is not None)
        if location is not None
        else ()
    )
    obj = finding.object
    reported = ReportedFinding(
        check_id=finding.check_id,
        severity=finding.severity,
        object=ReportedObject(obj.api_version, obj.kind, obj.namespace, obj.name, keys=ReportedObject.KEYS),
        message=finding.message,
        evidence=tuple(ReportedEvidence(e.path, e.value, keys=("path", "value")) for e in finding.evidence),
        remediation=finding.remediation,
        cases=tuple(finding.cases),
        title=check.title,
        category=check.category,
        cluster=tag.cluster,
        location=location,
        also_at=others,
        keys=(
            *(("cluster",) if tag.tagged else ()),
            *FINDING_KEYS,
            *(("location",) if location is not None else ()),
            *(("also_at",) if others else ()),
            "fingerprint",
        ),
    )
    return replace(reported, fingerprint=digest(reported.identity))


def report_header() -> dict:
    """The fields every report starts with: schema version, tool, time."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": Tool("kubegap", __version__, keys=("name", "version")),
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def cited_cases(library: Library, case_ids: Iterable[str]) -> dict[str, CitedCase]:
    """The ``cases`` section: title, organization, URL, and the incident's date and the write-up's (when known)
    of each cited case, by id."""
    cases = {}
    for case_id in sorted(case_ids):
        case = library.case(case_id)
        if case is not None:
            cases[case_id] = CitedCase(
                case.title,
                case.url,
                case.organization,
                case.date or None,
                case.published or None,
                keys=(
                    "title",
                    "organization",
                    "url",
                    *(("date",) if case.date else ()),
                    *(("published",) if case.published else ()),
                ),
            )
    return cases


def expired_warning(rule: Exemption, count: int) -> str:
    """The warning for a rule that has expired (so has an ``expires`` date) and matches ``count`` findings."""
    return (
        f"exemption rule ({rule.describe()}) expired on {rule.expires}: it no longer suppresses "
        f"anything; {count} finding(s) it matches are reported"
    )


@dataclass(frozen=True)
class Tag:
    """Whether a report's entries carry their cluster (a fleet's do), and which."""

    tagged: bool = False
    cluster: str | None = None


def _coverage(coverage: Iterable[Coverage], tag: Tag) -> list[CheckCoverage]:
    return [
        CheckCoverage(
            c.check_id,
            c.status,
            c.reason,
            c.findings,
            tuple(Unjudged(reason, count, keys=("reason", "objects")) for reason, count in c.unjudged),
            tag.cluster,
            keys=(
                *(("cluster",) if tag.tagged else ()),
                "check_id",
                "status",
                "reason",
                "findings",
                *(("unjudged",) if c.unjudged else ()),
            ),
        )
        for c in coverage
    ]


def _summary(
    findings: Sequence[ReportedFinding],
    suppressed: int,
    coverage: Sequence[CheckCoverage],
    objects: int,
    elapsed: float,
) -> Summary:
    severities = Counter(f.severity for f in findings)
    statuses = Counter(c.status for c in coverage)
    return Summary(
        len(findings),
        {s: severities.get(s, 0) for s in SEVERITIES},
        suppressed,
        StatusCounts(
            statuses.get("ran", 0),
            statuses.get("skipped", 0),
            statuses.get("error", 0),
            keys=("ran", "skipped", "error"),
        ),
        objects,
        round(elapsed, 3),
        keys=SUMMARY_KEYS,
    )


def _kinds(collection: Collection) -> Kinds:
    return Kinds(
        tuple(sorted(collection.collected)),
        dict(sorted(collection.forbidden.items())),
        tuple(sorted(collection.absent)),
        dict(sorted(collection.failed.items())),
        keys=KINDS_KEYS,
    )


@dataclass(frozen=True)
class Part:
    """One audit run to report: a cluster's (with its inventory) or the fleet checks' (``inventory`` None)."""

    result: RunResult
    inventory: Inventory | None
    cluster: str | None = None
    facts: dict = field(default_factory=dict)
    """The cluster's facts for each fleet check (``fleet_facts``): what lets reports be audited as a fleet later."""

    @property
    def audited(self) -> Inventory:
        """The inventory of a cluster's part (the fleet checks' part has none)."""
        if self.inventory is None:
            raise ValueError("the fleet checks' part has no inventory")
        return self.inventory


def _entries(
    part: Part, by_id: dict[str, Check], tag: Tag
) -> tuple[list[ReportedFinding], list[ReportedFinding], list[CheckCoverage]]:
    findings = [_finding(f, by_id, part.inventory, tag) for f in part.result.findings]
    suppressed = [
        _suppressed(_finding(s.finding, by_id, part.inventory, tag), s.reason, s.by) for s in part.result.suppressed
    ]
    return findings, suppressed, _coverage(part.result.coverage, tag)


def _suppressed(finding: ReportedFinding, reason: str, by: str) -> ReportedFinding:
    return replace(finding, reason=reason, suppressed_by=by, keys=(*finding.keys, "reason", "suppressed_by"))


def _expired(parts: list[Part]) -> list[tuple]:
    """Expired rules with their matches summed over every part (the same rules apply to every cluster)."""
    counts: dict[int, list] = {}
    for part in parts:
        for rule, count in part.result.expired_exemptions:
            counts.setdefault(id(rule), [rule, 0])[1] += count
    return [tuple(pair) for pair in counts.values()]


def _expired_exemption(rule: Exemption, count: int) -> ExpiredExemption:
    return ExpiredExemption.from_json({**rule.to_json(), "matched": count})


def _cited(findings: Iterable[ReportedFinding]) -> set[str]:
    return {case for f in findings for case in f.cases}


def _inputs(collection: Collection) -> list[ReportInput]:
    return [ReportInput.from_json(i) for i in collection.inputs]


def assemble_report(parts: list[Part], checks: list[Check], library: Library, config_path: str | None = None) -> Report:
    """The report of one cluster (one part), or of a fleet: its clusters' parts, then the fleet checks'."""
    by_id = {c.id: c for c in checks}
    fleet = len(parts) > 1
    findings: list[ReportedFinding] = []
    suppressed: list[ReportedFinding] = []
    coverage: list[CheckCoverage] = []
    for part in parts:
        part_findings, part_suppressed, part_coverage = _entries(
            part, by_id, Tag(True, part.cluster) if fleet else Tag()
        )
        findings += part_findings
        suppressed += part_suppressed
        coverage += part_coverage
    findings.sort(key=lambda f: f.report_order)
    cited = _cited(findings + suppressed) | {case for c in checks for case in c.cases}
    clusters = [p for p in parts if p.inventory is not None]
    expired = _expired(parts)
    warnings = [expired_warning(rule, count) for rule, count in expired]
    common = {
        **report_header(),
        "inputs": tuple(i for p in clusters for i in _inputs(p.audited.collection)),
        "summary": _summary(
            findings,
            len(suppressed),
            coverage,
            sum(len(p.audited) for p in clusters),
            sum(p.result.elapsed for p in parts),
        ),
        "findings": tuple(findings),
        "suppressed": tuple(suppressed),
        "coverage": tuple(coverage),
        "checks": {c.id: CheckSummary.from_json(check_summary(c)) for c in checks},
        "cases": cited_cases(library, cited),
        "config": config_path,
        "expired_exemptions": tuple(_expired_exemption(rule, count) for rule, count in expired),
    }
    if not fleet:
        collection = clusters[0].audited.collection
        return Report(
            **common,
            cluster=ClusterInfo.from_json(collection.cluster),
            kinds=_kinds(collection),
            warnings=(*collection.warnings, *warnings),
            fleet_facts=clusters[0].facts,
            keys=(*REPORT_KEYS, "fleet_facts"),
        )
    return Report(
        **common,
        cluster=_fleet_cluster([p.cluster or "" for p in clusters]),
        kinds=_fleet_kinds([(p.cluster, _kinds(p.audited.collection)) for p in clusters]),
        warnings=(*(f"{p.cluster}: {w}" for p in clusters for w in p.audited.collection.warnings), *warnings),
        clusters=tuple(_cluster_section(p, findings, suppressed, coverage) for p in clusters),
        keys=(*REPORT_KEYS, "clusters"),
    )


def _fleet_cluster(members: list[str]) -> ClusterInfo:
    return ClusterInfo("fleet", members=tuple(members), keys=("name", "members"))


def _fleet_kinds(kinds: list[tuple[str | None, Kinds]]) -> Kinds:
    """The kinds of every cluster, by name: collected by any, and each cluster's gaps named ``cluster: Kind``."""
    return Kinds(
        tuple(sorted({k for _, own in kinds for k in own.collected})),
        {f"{name}: {k}": why for name, own in kinds for k, why in own.forbidden.items()},
        tuple(f"{name}: {k}" for name, own in kinds for k in own.absent),
        {f"{name}: {k}": why for name, own in kinds for k, why in own.failed.items()},
        keys=KINDS_KEYS,
    )


def _cluster_section(
    part: Part, findings: list[ReportedFinding], suppressed: list[ReportedFinding], coverage: list[CheckCoverage]
) -> ClusterSection:
    collection = part.audited.collection
    return ClusterSection(
        part.cluster or "",
        ClusterInfo.from_json(collection.cluster),
        tuple(_inputs(collection)),
        _summary(
            Report.own(findings, part.cluster),
            len(Report.own(suppressed, part.cluster)),
            Report.own(coverage, part.cluster),
            len(part.audited),
            part.result.elapsed,
        ),
        _kinds(collection),
        tuple(collection.warnings),
        part.facts,
        keys=SECTION_KEYS,
    )


def assemble_from_reports(
    clusters: list[ClusterReport],
    fleet: Part,
    checks: list[Check],
    reported_checks: dict[str, CheckSummary],
    library: Library,
    config_path: str | None,
) -> Report:
    """A fleet report from clusters audited one by one (from :meth:`Report.cluster_reports`, named uniquely)
    and the fleet checks' run over the facts their reports carry: every format reads it as any fleet report."""
    by_id = {c.id: c for c in checks}
    fleet_findings, fleet_suppressed, fleet_coverage = _entries(fleet, by_id, Tag(True, None))
    findings = [f.in_cluster(c.name) for c in clusters for f in c.findings] + fleet_findings
    suppressed = [f.in_cluster(c.name) for c in clusters for f in c.suppressed] + fleet_suppressed
    coverage = [e.in_cluster(c.name) for c in clusters for e in c.coverage] + fleet_coverage
    findings.sort(key=lambda f: f.report_order)
    objects = sum(c.section.summary.objects for c in clusters)
    elapsed = sum(c.section.summary.elapsed_seconds for c in clusters) + fleet.result.elapsed
    return Report(
        **report_header(),
        inputs=tuple(i for c in clusters for i in c.section.inputs),
        cluster=_fleet_cluster([c.name for c in clusters]),
        summary=_summary(findings, len(suppressed), coverage, objects, elapsed),
        findings=tuple(findings),
        suppressed=tuple(suppressed),
        coverage=tuple(coverage),
        checks={**reported_checks, **{c.id: CheckSummary.from_json(check_summary(c)) for c in checks}},
        cases=cited_cases(library, _cited(findings + suppressed)),
        config=config_path,
        expired_exemptions=(),
        kinds=_fleet_kinds([(c.name, c.section.kinds) for c in clusters]),
        warnings=tuple(f"{c.name}: {w}" for c in clusters for w in c.section.warnings),
        clusters=tuple(replace(c.section, keys=SECTION_KEYS) for c in clusters),
        keys=(*REPORT_KEYS, "clusters"),
    )
