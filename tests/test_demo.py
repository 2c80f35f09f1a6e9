"""The embedded demo cluster is generated: the committed file is exactly what the generator writes."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def test_demo_cluster_is_what_the_generator_writes():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "demo_cluster.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
