"""The reconstructions of library cases: where they live, which cases have them, and their header comments."""

from __future__ import annotations

from pathlib import Path

from kubegap.library import load_library
from kubegap.library.load import RECONSTRUCTIONS, _data_dir

HERE = _data_dir() / RECONSTRUCTIONS
LINKED = [case for case in load_library().cases if case.checks]
"""The cases that name checks: each has reconstructions."""


def header(path: Path) -> list[str]:
    """The comment lines a reconstruction opens with."""
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines
