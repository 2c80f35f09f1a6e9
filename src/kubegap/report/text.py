"""Small pieces of text every human-facing format shows the same way."""

from __future__ import annotations

import orjson


def object_label(obj: dict) -> str:
    """``Kind namespace/name``, or ``Kind name`` for cluster-scoped objects."""
    where = f"{obj['namespace']}/" if obj.get("namespace") else ""
    return f"{obj['kind']} {where}{obj['name']}"


def subject_label(finding: dict) -> str:
    """What a finding is about: ``object_label``, after its cluster in a fleet report (``eu: Deployment shop/api``)."""
    label = object_label(finding["object"])
    return f"{finding['cluster']}: {label}" if finding.get("cluster") else label


def coverage_label(entry: dict) -> str:
    """A coverage entry's check id, after its cluster in a fleet report (``eu: pdb-missing``)."""
    return f"{entry['cluster']}: {entry['check_id']}" if entry.get("cluster") else entry["check_id"]


def location_label(location: dict | None) -> str:
    """``path:line`` (or just the path) of a manifest finding; empty for cluster findings."""
    if not location:
        return ""
    return location["path"] + (f":{location['line']}" if location.get("line") else "")


def value_text(value) -> str:
    """An evidence value as compact JSON (strings unquoted)."""
    if isinstance(value, str):
        return value
    return orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()


def case_label(case: dict) -> str:
    """``Title (Organization, year)``."""
    return f"{case['title']} ({case.get('organization', '')}, {case.get('date', '')[:4]})"


def counts_label(by_severity: dict[str, int]) -> str:
    return ", ".join(f"{n} {s}" for s, n in by_severity.items() if n) or "no findings"


def summary_line(report: dict) -> str:
    """The last line of every terminal report: counts by severity, checks run and skipped, objects, time."""
    summary = report["summary"]
    counts = counts_label(summary["by_severity"])
    checks = summary["checks"]
    parts = [counts]
    baseline = report.get("baseline")
    if baseline:
        parts.append(f"{baseline['new']} new, {len(baseline['fixed'])} fixed since the baseline")
    if summary["suppressed"]:
        parts.append(f"{summary['suppressed']} suppressed")
    parts.append(f"{checks['ran']} checks ran, {checks['skipped']} skipped" + (f", {checks['error']} failed" if checks["error"] else ""))
    parts.append(f"{summary['objects']} objects")
    parts.append(f"{summary['elapsed_seconds']:.2f} s")
    return " · ".join(parts)
