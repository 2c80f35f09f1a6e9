"""The identity of a finding across runs: check id, object and its first evidence path (and, in a
fleet report, its cluster).

The message is left out on purpose: it may carry counts or values that change from run to run
while the gap stays the same. Reports written before fingerprints existed still compare, because
the identity is computed from the finding's fields rather than read from it.
"""

from __future__ import annotations

import hashlib


def identity(finding: dict) -> tuple[str, ...]:
    obj = finding.get("object") if isinstance(finding.get("object"), dict) else {}
    evidence = finding.get("evidence") if isinstance(finding.get("evidence"), list) else []
    first = evidence[0] if evidence and isinstance(evidence[0], dict) else {}
    return (
        str(finding.get("check_id", "")),
        str(obj.get("kind") or ""),
        str(obj.get("namespace") or ""),
        str(obj.get("name") or ""),
        str(first.get("path") or ""),
    ) + ((str(finding["cluster"]),) if finding.get("cluster") is not None else ())


def fingerprint(finding: dict) -> str:
    """A stable hex digest of :func:`identity` (SARIF partialFingerprints, baselines)."""
    return hashlib.sha256("\x1f".join(identity(finding)).encode()).hexdigest()[:32]
