"""Build the versioned JSON report (schema_version "2") from an audit result.

A fleet's report has the same shape as one cluster's: every finding, suppressed finding and
coverage entry says which ``cluster`` it belongs to (``null`` for fleet checks), and ``clusters``
holds each cluster's own summary, inputs and kinds.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kubegap import __version__
from kubegap.checks.base import Check, Finding
from kubegap.checks.serialize import check_summary
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.library import Library
from kubegap.report.identity import digest, fingerprint, identity_of
from kubegap.runner import Coverage, RunResult
from kubegap.severity import SEVERITIES, severity_rank

if TYPE_CHECKING:
    from kubegap.config import Exemption

SCHEMA_VERSION = "2"
READABLE_VERSIONS = ("1", "2")
"""Report versions diff, --baseline and the viewer read: version 2 only added fleet fields."""


def _location(inventory: Inventory | None, subject: dict | None) -> dict | None:
    origin = inventory.origin(subject) if subject is not None and inventory is not None else None
    return None if origin is None else {"path": origin.path, "document": origin.document, "line": origin.line}


def _finding(finding: Finding, checks: dict[str, Check], inventory: Inventory | None, tag: dict) -> dict:
    check = checks[finding.check_id]
    entry = {
        **tag,
        "check_id": finding.check_id,
        "title": check.title,
        "severity": finding.severity,
        "category": check.category,
        "object": finding.object.to_json(),
        "message": finding.message,
        "evidence": [e.to_json() for e in finding.evidence],
        "remediation": finding.remediation,
        "cases": list(finding.cases),
    }
    location = _location(inventory, finding.subject)
    if location is not None:
        entry["location"] = location
        others = [where for where in (_location(inventory, subject) for subject in finding.also) if where is not None]
        if others:
            entry["also_at"] = others
    obj, evidence = finding.object, finding.evidence
    entry["fingerprint"] = digest(
        identity_of(
            finding.check_id,
            obj.kind,
            obj.namespace,
            obj.name,
            evidence[0].path if evidence else None,
            tag.get("cluster"),
        )
    )
    return entry


def report_order(finding: dict) -> tuple:
    """The order of a report's findings: by severity, check, cluster, then object (namespace, kind, name)."""
    obj = finding["object"]
    return (
        severity_rank(finding["severity"]),
        finding["check_id"],
        finding.get("cluster") or "",
        obj.get("namespace") or "",
        obj["kind"],
        obj["name"],
    )


def report_header() -> dict:
    """The fields every report starts with: schema version, tool, time."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "kubegap", "version": __version__},
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
    }


def cited_cases(library: Library, case_ids: Iterable[str]) -> dict:
    """The ``cases`` section: title, organization, URL, and the incident's date and the write-up's (when known)
    of each cited case, by id."""
    cases = {}
    for case_id in sorted(case_ids):
        case = library.case(case_id)
        if case is not None:
            cases[case_id] = {
                "title": case.title,
                "organization": case.organization,
                "url": case.url,
                **({"date": case.date} if case.date else {}),
                **({"published": case.published} if case.published else {}),
            }
    return cases


def expired_warning(rule: Exemption, count: int) -> str:
    """The warning for a rule that has expired (so has an ``expires`` date) and matches ``count`` findings."""
    return (
        f"exemption rule ({rule.describe()}) expired on {rule.expires}: it no longer suppresses "
        f"anything; {count} finding(s) it matches are reported"
    )


def _coverage(coverage: Iterable[Coverage], tag: dict) -> list[dict]:
    return [
        {
            **tag,
            "check_id": c.check_id,
            "status": c.status,
            "reason": c.reason,
            "findings": c.findings,
            **(
                {"unjudged": [{"reason": reason, "objects": count} for reason, count in c.unjudged]}
                if c.unjudged
                else {}
            ),
        }
        for c in coverage
    ]


def _summary(findings: list[dict], suppressed: int, coverage: list[dict], objects: int, elapsed: float) -> dict:
    severities = Counter(f["severity"] for f in findings)
    statuses = Counter(c["status"] for c in coverage)
    return {
        "findings": len(findings),
        "by_severity": {s: severities.get(s, 0) for s in SEVERITIES},
        "suppressed": suppressed,
        "checks": {s: statuses.get(s, 0) for s in ("ran", "skipped", "error")},
        "objects": objects,
        "elapsed_seconds": round(elapsed, 3),
    }


def _kinds(collection: Collection) -> dict:
    return {
        "collected": sorted(collection.collected),
        "forbidden": dict(sorted(collection.forbidden.items())),
        "absent": sorted(collection.absent),
        "failed": dict(sorted(collection.failed.items())),
    }


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


def _entries(part: Part, by_id: dict[str, Check], tag: dict) -> tuple[list[dict], list[dict], list[dict]]:
    findings = [_finding(f, by_id, part.inventory, tag) for f in part.result.findings]
    suppressed = [
        {**_finding(s.finding, by_id, part.inventory, tag), "reason": s.reason, "suppressed_by": s.by}
        for s in part.result.suppressed
    ]
    return findings, suppressed, _coverage(part.result.coverage, tag)


def _expired(parts: list[Part]) -> list[tuple]:
    """Expired rules with their matches summed over every part (the same rules apply to every cluster)."""
    counts: dict[int, list] = {}
    for part in parts:
        for rule, count in part.result.expired_exemptions:
            counts.setdefault(id(rule), [rule, 0])[1] += count
    return [tuple(pair) for pair in counts.values()]


def assemble_report(parts: list[Part], checks: list[Check], library: Library, config_path: str | None = None) -> dict:
    """The report of one cluster (one part), or of a fleet: its clusters' parts, then the fleet checks'."""
    by_id = {c.id: c for c in checks}
    fleet = len(parts) > 1
    findings, suppressed, coverage = [], [], []
    for part in parts:
        part_findings, part_suppressed, part_coverage = _entries(
            part, by_id, {"cluster": part.cluster} if fleet else {}
        )
        findings += part_findings
        suppressed += part_suppressed
        coverage += part_coverage
    findings.sort(key=report_order)
    cited = {case for f in findings + suppressed for case in f["cases"]} | {case for c in checks for case in c.cases}
    clusters = [p for p in parts if p.inventory is not None]
    expired = _expired(parts)
    report = {
        **report_header(),
        "inputs": [i for p in clusters for i in p.audited.collection.inputs],
        "cluster": clusters[0].audited.collection.cluster
        if not fleet
        else {"name": "fleet", "members": [p.cluster for p in clusters]},
        "summary": _summary(
            findings,
            len(suppressed),
            coverage,
            sum(len(p.audited) for p in clusters),
            sum(p.result.elapsed for p in parts),
        ),
        "findings": findings,
        "suppressed": suppressed,
        "coverage": coverage,
        "checks": {c.id: check_summary(c) for c in checks},
        "cases": cited_cases(library, cited),
        "config": config_path,
        "expired_exemptions": [{**rule.to_json(), "matched": count} for rule, count in expired],
    }
    warnings = [expired_warning(rule, count) for rule, count in expired]
    if not fleet:
        report["kinds"] = _kinds(clusters[0].audited.collection)
        report["warnings"] = list(clusters[0].audited.collection.warnings) + warnings
        report["fleet_facts"] = clusters[0].facts
        return report
    report["kinds"] = _fleet_kinds([(p.cluster, _kinds(p.audited.collection)) for p in clusters])
    report["warnings"] = [f"{p.cluster}: {w}" for p in clusters for w in p.audited.collection.warnings] + warnings
    report["clusters"] = [_cluster_section(p, findings, suppressed, coverage) for p in clusters]
    return report


def _fleet_kinds(kinds: list[tuple[str | None, dict]]) -> dict:
    """The kinds of every cluster, by name: collected by any, and each cluster's gaps named ``cluster: Kind``."""
    return {
        "collected": sorted({k for _, own in kinds for k in own.get("collected", [])}),
        "forbidden": {f"{name}: {k}": why for name, own in kinds for k, why in own.get("forbidden", {}).items()},
        "absent": [f"{name}: {k}" for name, own in kinds for k in own.get("absent", [])],
        "failed": {f"{name}: {k}": why for name, own in kinds for k, why in own.get("failed", {}).items()},
    }


def _cluster_section(part: Part, findings: list[dict], suppressed: list[dict], coverage: list[dict]) -> dict:
    collection = part.audited.collection
    own = [f for f in findings if f.get("cluster") == part.cluster]
    own_suppressed = sum(1 for s in suppressed if s.get("cluster") == part.cluster)
    own_coverage = [c for c in coverage if c.get("cluster") == part.cluster]
    return {
        "name": part.cluster,
        "cluster": collection.cluster,
        "inputs": collection.inputs,
        "summary": _summary(own, own_suppressed, own_coverage, len(part.audited), part.result.elapsed),
        "kinds": _kinds(collection),
        "warnings": list(collection.warnings),
        "fleet_facts": part.facts,
    }


def reported_clusters(report: dict, source: str) -> list[dict]:
    """The clusters a JSON report holds, each with its own findings, suppressed findings and coverage (untagged)."""

    def own(entries: list[dict], name: str | None) -> list[dict]:
        return [{k: v for k, v in e.items() if k != "cluster"} for e in entries if e.get("cluster") == name]

    if "clusters" not in report:
        return [
            {
                "name": (report.get("cluster") or {}).get("name") or Path(source).stem,
                "cluster": report.get("cluster") or {},
                "inputs": report.get("inputs", []),
                "summary": report["summary"],
                "kinds": report.get("kinds", {}),
                "warnings": report.get("warnings", []),
                "fleet_facts": report.get("fleet_facts") or {},
                "findings": report["findings"],
                "suppressed": report.get("suppressed", []),
                "coverage": report["coverage"],
            }
        ]
    return [
        {
            **section,
            "fleet_facts": section.get("fleet_facts") or {},
            "findings": own(report["findings"], section["name"]),
            "suppressed": own(report.get("suppressed", []), section["name"]),
            "coverage": own(report["coverage"], section["name"]),
        }
        for section in report["clusters"]
    ]


def assemble_from_reports(
    clusters: list[dict],
    fleet: Part,
    checks: list[Check],
    reported_checks: dict,
    library: Library,
    config_path: str | None,
) -> dict:
    """A fleet report from clusters audited one by one (their sections from :func:`reported_clusters`, named
    uniquely) and the fleet checks' run over the facts their reports carry: every format reads it as any fleet report."""

    def tagged(entries: list[dict], name: str) -> list[dict]:
        return [{**e, "cluster": name, "fingerprint": fingerprint({**e, "cluster": name})} for e in entries]

    by_id = {c.id: c for c in checks}
    fleet_findings, fleet_suppressed, fleet_coverage = _entries(fleet, by_id, {"cluster": None})
    findings = [f for c in clusters for f in tagged(c["findings"], c["name"])] + fleet_findings
    suppressed = [f for c in clusters for f in tagged(c["suppressed"], c["name"])] + fleet_suppressed
    coverage = [{**e, "cluster": c["name"]} for c in clusters for e in c["coverage"]] + fleet_coverage
    findings.sort(key=report_order)
    objects = sum(c["summary"].get("objects", 0) for c in clusters)
    elapsed = sum(c["summary"].get("elapsed_seconds", 0.0) for c in clusters) + fleet.result.elapsed
    return {
        **report_header(),
        "inputs": [i for c in clusters for i in c["inputs"]],
        "cluster": {"name": "fleet", "members": [c["name"] for c in clusters]},
        "summary": _summary(findings, len(suppressed), coverage, objects, elapsed),
        "findings": findings,
        "suppressed": suppressed,
        "coverage": coverage,
        "checks": {**reported_checks, **{c.id: check_summary(c) for c in checks}},
        "cases": cited_cases(library, {case for f in findings + suppressed for case in f["cases"]}),
        "config": config_path,
        "expired_exemptions": [],
        "kinds": _fleet_kinds([(c["name"], c["kinds"]) for c in clusters]),
        "warnings": [f"{c['name']}: {w}" for c in clusters for w in c["warnings"]],
        "clusters": [
            {k: c[k] for k in ("name", "cluster", "inputs", "summary", "kinds", "warnings", "fleet_facts")}
            for c in clusters
        ],
    }
