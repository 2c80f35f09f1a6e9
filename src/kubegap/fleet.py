"""Fleets: several clusters audited together, one report with a section per cluster.

Each cluster is audited on its own (a check never mixes two clusters' objects). Fleet checks then
look across the clusters for correlated change: configuration that lets one change reach every
cluster at once, so redundancy across clusters or regions does not help.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from kubegap.checks.base import SEVERITIES
from kubegap.inventory import Inventory
from kubegap.library import load_library
from kubegap.pipeline import audit_collection
from kubegap.report.model import cited_cases, report_header
from kubegap.resources import dig
from kubegap.sources.base import Collection

FLEET_OBJECT = {"apiVersion": "kubegap.io/v1", "kind": "Fleet", "namespace": None, "name": "fleet"}


@dataclass(frozen=True)
class Member:
    name: str
    inventory: Inventory


@dataclass(frozen=True)
class FleetCheck:
    id: str
    title: str
    severity: str
    category: str
    cases: tuple[str, ...]
    fix: str
    requires: tuple[str, ...]
    run: Callable[[list[Member]], Iterator[tuple[str, list[dict]]]]
    """Yields ``(message, evidence)`` for each correlated change it finds."""


def _os_release(node: dict) -> str | None:
    image = dig(node, "status", "nodeInfo", "osImage")
    return image.strip() if isinstance(image, str) and image.strip() else None


def _shared_os_releases(members: list[Member]) -> Iterator[tuple[str, list[dict]]]:
    clusters: dict[str, Counter] = defaultdict(Counter)
    for member in members:
        for node in member.inventory.nodes:
            release = _os_release(node)
            if release:
                clusters[release][member.name] += 1
    for release, counts in sorted(clusters.items()):
        if len(counts) >= 2:
            names = sorted(counts)
            yield (
                f"{len(names)} clusters ({', '.join(names)}) run nodes on {release}: one update of that release reaches "
                "all of them in the same window",
                [{"path": f"{name}: Node status.nodeInfo.osImage", "value": f"{release} ({counts[name]} nodes)"} for name in names],
            )


FLEET_CHECKS = (
    FleetCheck(
        id="fleet-os-updates-correlated",
        title="One node OS release across clusters: an update lands everywhere at once",
        severity="medium",
        category="upgrades",
        cases=("datadog-2023-systemd-networkd-cilium-outage",),
        fix=(
            "Roll node OS updates out one cluster or region at a time: disable in-place automatic updates on node "
            "images and ship updates as new images through a staged rollout, a canary cluster first."
        ),
        requires=("Node",),
        run=_shared_os_releases,
    ),
)


def _fleet_coverage(check: FleetCheck, members: list[Member]) -> tuple[dict, list[dict]]:
    missing = [f"{m.name}: {m.inventory.why_missing(k)}" for m in members for k in check.requires if not m.inventory.collected(k)]
    if missing:
        return {"check_id": check.id, "status": "skipped", "reason": "; ".join(missing), "findings": 0}, []
    findings = [
        {"check_id": check.id, "title": check.title, "severity": check.severity, "category": check.category,
         "object": FLEET_OBJECT, "message": message, "evidence": evidence, "remediation": check.fix, "cases": list(check.cases)}
        for message, evidence in check.run(members)
    ]
    return {"check_id": check.id, "status": "ran", "reason": None, "findings": len(findings)}, findings


def member_names(collections: list[Collection]) -> list[str]:
    """Each cluster's name, made unique (``prod``, ``prod#2``) so sections never collide."""
    seen: Counter = Counter()
    names = []
    for index, collection in enumerate(collections):
        base = collection.cluster.get("name") if isinstance(collection.cluster.get("name"), str) else f"cluster-{index + 1}"
        seen[base] += 1
        names.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return names


def fleet_report(collections: list[Collection], check_ids: list[str] | None, *, annotation_exemptions: bool = True) -> dict:
    """The fleet report: the versioned report's fields for the fleet checks, and ``clusters``."""
    names = member_names(collections)
    reports = [audit_collection(c, check_ids, annotation_exemptions=annotation_exemptions) for c in collections]
    members = [Member(name, Inventory(c)) for name, c in zip(names, collections)]
    coverage, findings = [], []
    for check in FLEET_CHECKS:
        entry, found = _fleet_coverage(check, members)
        coverage.append(entry)
        findings.extend(found)
    cases = cited_cases(load_library(), {c for f in findings for c in f["cases"]})
    severities = Counter(f["severity"] for f in findings)
    for report in reports:
        severities.update({s: n for s, n in report["summary"]["by_severity"].items()})
    statuses = Counter(c["status"] for c in coverage)
    return {
        **report_header(),
        "inputs": [i for r in reports for i in r["inputs"]],
        "cluster": {"name": "fleet", "members": names},
        "summary": {
            "findings": len(findings) + sum(r["summary"]["findings"] for r in reports),
            "by_severity": {s: severities.get(s, 0) for s in SEVERITIES},
            "suppressed": sum(r["summary"]["suppressed"] for r in reports),
            "checks": {s: statuses.get(s, 0) for s in ("ran", "skipped", "error")},
            "objects": sum(r["summary"]["objects"] for r in reports),
            "elapsed_seconds": round(sum(r["summary"]["elapsed_seconds"] for r in reports), 3),
        },
        "findings": findings,
        "suppressed": [],
        "coverage": coverage,
        "cases": cases,
        "warnings": [f"{name}: {w}" for name, r in zip(names, reports) for w in r["warnings"]],
        "clusters": [{"name": name, "report": report} for name, report in zip(names, reports)],
    }
