"""A report with many findings, made from a real one: what a large cluster's audit looks like to a renderer."""

from __future__ import annotations

import hashlib


def many_findings(report: dict, count: int, namespaces: int = 40) -> dict:
    """``report`` with ``count`` findings: its own, repeated over objects renamed ``NAME-i`` in ``namespaces`` namespaces."""
    findings = []
    originals = report["findings"]
    for i in range(count):
        finding = originals[i % len(originals)]
        obj = {**finding["object"], "name": f"{finding['object']['name']}-{i}"}
        if obj.get("namespace") is not None or finding["object"]["kind"] not in ("Node", "Cluster"):
            obj["namespace"] = f"team-{i % namespaces:02d}"
        fingerprint = hashlib.sha256(f"{finding['fingerprint']}{i}".encode()).hexdigest()[:32]
        findings.append({**finding, "object": obj, "fingerprint": fingerprint})
    by_severity = {s: sum(f["severity"] == s for f in findings) for s in report["summary"]["by_severity"]}
    summary = {**report["summary"], "findings": count, "by_severity": by_severity}
    return {**report, "findings": findings, "summary": summary}
