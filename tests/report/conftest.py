"""Fixtures: the demo report and the mixed report of :mod:`report.samples`, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from report.samples import EXTRA_CHECKS, HOSTILE, audit

from kubegap.demo import demo_path


@pytest.fixture(scope="session")
def demo_report() -> dict:
    return audit([str(demo_path())])


@pytest.fixture(scope="session")
def hostile_manifest(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile.yaml"
    path.write_text(HOSTILE)
    return path


@pytest.fixture(scope="session")
def mixed_report(hostile_manifest) -> dict:
    return audit(
        [str(demo_path()), str(hostile_manifest)], EXTRA_CHECKS, {"Secret": "secrets is forbidden: list denied"}
    )
