"""Run checks over an inventory: findings, suppressed findings, and coverage for every check.

A check that crashes is isolated: its coverage says ``error`` with the exception, and the audit
goes on. A check whose required kinds were not collected is ``skipped`` with the reason.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from kubegap.checks.base import Check, Context, Finding, Skip, severity_rank
from kubegap.inventory import Inventory
from kubegap.resources import annotations, dig

IGNORE_ANNOTATION = "kubegap.io/ignore"
IGNORE_REASON_ANNOTATION = "kubegap.io/ignore-reason"


@dataclass(frozen=True, slots=True)
class Coverage:
    check_id: str
    status: str  # ran | skipped | error
    reason: str | None = None
    findings: int = 0


@dataclass(frozen=True, slots=True)
class Suppressed:
    finding: Finding
    reason: str
    by: str  # "annotation" or "config"


@dataclass
class AuditResult:
    findings: list[Finding] = field(default_factory=list)
    suppressed: list[Suppressed] = field(default_factory=list)
    coverage: list[Coverage] = field(default_factory=list)
    elapsed: float = 0.0


def _annotation_exemption(finding: Finding) -> str | None:
    """The ignore-reason when the object, or one of its pod templates, exempts this check."""
    subject = finding.subject
    if subject is None:
        return None
    sources = [annotations(subject)]
    for path in (("spec", "template"), ("spec", "jobTemplate", "spec", "template")):
        template_annotations = dig(subject, *path, "metadata", "annotations")
        if isinstance(template_annotations, dict):
            sources.append({k: v for k, v in template_annotations.items() if isinstance(v, str)})
    for found in sources:
        ids = {part.strip() for part in found.get(IGNORE_ANNOTATION, "").split(",")}
        if finding.check_id in ids or "all" in ids:
            return found.get(IGNORE_REASON_ANNOTATION) or "no reason given"
    return None


def run_check(check: Check, inventory: Inventory, settings: dict | None = None) -> tuple[Coverage, list[Finding]]:
    missing = [k for k in check.requires if not inventory.collected(k)]
    if missing:
        return Coverage(check.id, "skipped", "; ".join(inventory.why_missing(k) for k in missing)), []
    try:
        findings = list(check.run(Context(inventory, check, settings or {})))
    except Skip as skip:
        return Coverage(check.id, "skipped", f"not applicable: {skip}"), []
    except Exception as exc:  # noqa: BLE001 - a crashing check must not end the audit
        return Coverage(check.id, "error", f"{type(exc).__name__}: {exc}"), []
    return Coverage(check.id, "ran", None, len(findings)), findings


def run_audit(
    inventory: Inventory,
    checks: list[Check],
    *,
    annotation_exemptions: bool = True,
    settings: dict[str, dict] | None = None,
) -> AuditResult:
    started = time.perf_counter()
    result = AuditResult()
    for check in checks:
        coverage, findings = run_check(check, inventory, (settings or {}).get(check.id))
        result.coverage.append(coverage)
        for finding in findings:
            reason = _annotation_exemption(finding) if annotation_exemptions else None
            if reason is None:
                result.findings.append(finding)
            else:
                result.suppressed.append(Suppressed(finding, reason, "annotation"))
    result.findings.sort(key=lambda f: (severity_rank(f.severity), f.check_id, f.object.namespace or "", f.object.kind, f.object.name))
    result.elapsed = time.perf_counter() - started
    return result
