"""Shared test helpers: run kubegap's pipeline on fixture files, find ../shared when it exists."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["support.event_loops", "support.attacks"]

ROOT = Path(__file__).resolve().parent.parent
# The library's parse cache goes to a throwaway folder, not the user's ~/.cache, for the whole run.
os.environ.setdefault("KUBEGAP_CACHE_DIR", tempfile.mkdtemp(prefix="kubegap-test-cache-"))
SHARED = Path(os.environ.get("KUBEGAP_SHARED", ROOT.parent / "shared"))

MARKED_BY_FIXTURE = {
    "browser": {"browser"},
    "live": {"apiserver", "control_plane"},
    "corpus": {"shared"},
}
"""Each marker and the fixtures that earn it: a test is marked by what it uses, so no test can forget its marker."""


def pytest_collection_modifyitems(items):
    for item in items:
        used = set(getattr(item, "fixturenames", ()))
        for marker, fixtures in MARKED_BY_FIXTURE.items():
            if used & fixtures:
                item.add_marker(marker)


def run_cli(
    *args: str, stdin: str | None = None, env: dict | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    """Run the real command line in a subprocess, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "kubegap", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "PYTHONPATH": _this_kubegap_first(), **(env or {})},
        timeout=120,
        cwd=cwd,
    )


def _this_kubegap_first() -> str:
    """A search path that finds the kubegap under test first, whatever the subprocess's working directory."""
    import kubegap

    return os.pathsep.join(
        [str(Path(kubegap.__file__).resolve().parent.parent), *filter(None, [os.environ.get("PYTHONPATH")])]
    )


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent: tests that read the shared corpus need it beside the checkout")
    return SHARED
