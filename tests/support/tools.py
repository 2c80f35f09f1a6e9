"""The real Kubernetes programs `make tools` builds (tools/build.py): where they are, or why a test skips
(benchmarks/peers.py finds the peers it runs here too).

Where Go is absent (a user's machine) the tests that need them skip with the reason; where
``KUBEGAP_REQUIRE_APISERVER=1`` (CI's ``.ci/run`` sets it) a missing binary fails the test instead.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _build_script():
    spec = importlib.util.spec_from_file_location("kubegap_tools_build", ROOT / "tools" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_script()


def required() -> bool:
    return os.environ.get(BUILD.REQUIRED) == "1"


def need(*names: str) -> dict[str, Path]:
    """The built programs ``names``; skips the test (fails it where they are required) when one is missing."""
    import pytest

    found = {name: BUILD.binary(name) for name in names}
    missing = sorted(name for name, path in found.items() if path is None)
    if missing:
        reason = (
            f"{', '.join(missing)} not built in {BUILD.directory()}: run `make tools` (it needs Go; "
            "tools/build.py builds from the Go module proxy)"
        )
        if required():
            pytest.fail(f"{BUILD.REQUIRED}=1 and {reason}", pytrace=False)
        pytest.skip(reason)
    return found


def peer(name: str) -> Path:
    """The built peer ``name`` (tools/build.py ``PEERS``, which only ``make bench`` builds); skips the test where it
    is not built, in CI too: no test needs a peer."""
    import pytest

    found = BUILD.binary(name)
    if found is None:
        pytest.skip(f"{name} not built in {BUILD.directory()}: `make peers` builds it (make bench does)")
    return found


def kubectl() -> str | None:
    """The kubectl `make tools` built from the pinned Kubernetes release, else the one on the PATH."""
    built = BUILD.binary("kubectl")
    return str(built) if built else shutil.which("kubectl")
