"""The identity of a finding across runs: check id, object and its first evidence path (and, in a
fleet report, its cluster).

The message is left out on purpose: it may carry counts or values that change from run to run
while the gap stays the same. Reports written before fingerprints existed still compare, because
the identity is computed from the finding's fields rather than read from it.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubegap.report.document import ReportedFinding


def identity(finding: ReportedFinding) -> tuple[str, ...]:
    return finding.identity


def identity_of(
    check_id: object, kind: object, namespace: object, name: object, evidence_path: object, cluster: object
) -> tuple[str, ...]:
    """:func:`identity` from its parts (a missing one is None)."""
    return (str(check_id), str(kind or ""), str(namespace or ""), str(name or ""), str(evidence_path or "")) + (
        (str(cluster),) if cluster is not None else ()
    )


def fingerprint(finding: ReportedFinding) -> str:
    """A stable hex digest of :func:`identity` (SARIF partialFingerprints, baselines)."""
    return digest(identity(finding))


def digest(identity: tuple[str, ...]) -> str:
    """The fingerprint of an identity."""
    return hashlib.sha256("\x1f".join(identity).encode()).hexdigest()[:32]
