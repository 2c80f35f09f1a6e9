"""The severity scale, as types: importable without the check machinery (the command line's options need it)."""

from __future__ import annotations

from typing import Literal

Severity = Literal["critical", "high", "medium", "low", "info"]
"""The one severity type: worst first. Reports, the config file, --fail-on and the MCP tools use it."""
Threshold = Literal[Severity, "none"]
"""A ``--fail-on`` level: findings at or above this severity fail the run; ``none``: nothing does."""
