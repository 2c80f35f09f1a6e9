"""The severity scale, as types: importable without the check machinery (the command line's options need it)."""

from __future__ import annotations

from typing import Literal, get_args

Severity = Literal["critical", "high", "medium", "low", "info"]
"""The one severity type: worst first. Reports, the config file, --fail-on and the MCP tools use it."""
Threshold = Literal[Severity, "none"]
"""A ``--fail-on`` level: findings at or above this severity fail the run; ``none``: nothing does."""
SEVERITIES: tuple[str, ...] = get_args(Severity)


def severity_rank(severity: str) -> int:
    """0 for critical ... 4 for info: lower is worse."""
    return SEVERITIES.index(severity)


def at_most(severity: str, ceiling: str) -> str:
    """``severity``, or ``ceiling`` when ``severity`` is worse: a finding is never worse than its check."""
    return severity if severity_rank(severity) >= severity_rank(ceiling) else ceiling
