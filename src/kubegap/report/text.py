"""Small pieces of text every human-facing format shows the same way."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import orjson

from kubegap.report.document import (
    CheckCoverage,
    CitedCase,
    Location,
    Report,
    ReportedEvidence,
    ReportedFinding,
    ReportedObject,
)
from kubegap.report.jsonbytes import dumps

VALUE_ITEMS = 3
"""How many items of a list value a one-line evidence shows before saying how many more there are."""


def object_label(obj: ReportedObject) -> str:
    """``Kind namespace/name``, or ``Kind name`` for cluster-scoped objects."""
    return obj.label


def subject_label(finding: ReportedFinding) -> str:
    """What a finding is about: ``object_label``, after its cluster in a fleet report (``eu: Deployment shop/api``)."""
    return finding.subject_label


def reading_order(finding: ReportedFinding) -> tuple:
    """The order people read findings in, within and across groups: severity, check, then subject."""
    return finding.reading_order


def coverage_label(entry: CheckCoverage) -> str:
    """A coverage entry's check id, after its cluster in a fleet report (``eu: pdb-missing``)."""
    return entry.label


def location_label(location: Location | None) -> str:
    """``path:line`` (or just the path) of a manifest finding; empty for cluster findings."""
    return location.label if location is not None else ""


def where_label(finding: ReportedFinding, *, brief: bool = False) -> str:
    """Where a manifest finding's object is defined, then the other documents defining the same object
    with the same gap (only their number when ``brief``); empty for cluster findings."""
    label = location_label(finding.location)
    others = finding.also_at
    if not label or not others:
        return label
    if brief:
        return f"{label} (and {len(others)} more)"
    return ", ".join([label, *(location_label(where) for where in others)])


def value_text(value: object) -> str:
    """An evidence value as compact JSON (strings unquoted)."""
    if isinstance(value, str):
        return value
    return dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()


def case_year(case: CitedCase) -> str:
    """The incident's year from a report's ``cases`` entry, or the write-up's, said as such, when no source
    gives the incident's date: ``2023``, ``written up 2024``."""
    return case.year


def case_label(case: CitedCase) -> str:
    """``Title (Organization, year)``."""
    return case.label


def short_value(value: object) -> str:
    """An evidence value in a few words: dicts as ``key: value``, long lists as their first items and a count."""
    if value is None:
        return "not set"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {short_value(item)}" for key, item in value.items())
    if isinstance(value, list):
        shown = ", ".join(value_text(item) for item in value[:VALUE_ITEMS])
        return shown + (f" (+{len(value) - VALUE_ITEMS} more)" if len(value) > VALUE_ITEMS else "")
    return value_text(value)


def evidence_text(evidence: ReportedEvidence, *, brief: bool = True) -> str:
    """``container NAME · path: value`` for one evidence item.

    A value that names its container (``{"container": ...}``) is shown under the container's name,
    with the path from that container on. ``brief`` keeps the last two fields of a path
    (``spec.replicas``, ``containers[0].image``) and shortens long lists.
    """
    value, path = evidence.value, evidence.path
    prefix = ""
    if isinstance(value, dict) and isinstance(value.get("container"), str):
        prefix = f"container {value['container']} · "
        value = {k: v for k, v in value.items() if k != "container"} or None
        path = re.sub(r"^.*?containers\[\d+\]\.", "", path)
    if brief:
        path = ".".join(path.split(".")[-2:])
    return f"{prefix}{path}: {short_value(value) if brief or value is None else value_text(value)}"


def counts_label(by_severity: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {s}" for s, n in by_severity.items() if n) or "no findings"


def summary_line(report: Report) -> str:
    """The last line of every terminal report: counts by severity, checks run and skipped, objects, time."""
    summary = report.summary
    counts = counts_label(summary.by_severity)
    checks = summary.checks
    parts = [counts]
    baseline = report.baseline
    if baseline:
        parts.append(f"{baseline.new} new, {len(baseline.fixed)} fixed since the baseline")
    if summary.suppressed:
        parts.append(f"{summary.suppressed} suppressed")
    parts.append(
        f"{checks.ran} checks ran, {checks.skipped} skipped" + (f", {checks.error} failed" if checks.error else "")
    )
    parts.append(f"{summary.objects} objects")
    parts.append(f"{summary.elapsed_seconds:.2f} s")
    return " · ".join(parts)


def unjudged_by_reason(coverage: Iterable[CheckCoverage]) -> dict[str, tuple[int, list[str]]]:
    """Per reason, the objects checks could not judge and the checks (labelled): each reason said once."""
    found: dict[str, tuple[int, list[str]]] = {}
    for c in coverage:
        for item in c.unjudged:
            objects, checks = found.get(item.reason, (0, []))
            found[item.reason] = (objects + item.objects, [*checks, c.label])
    return found
