"""Across the whole test session, the test API servers received only reads, and no Secret data read.

This test is moved to the end of the session (see conftest.py) and first runs an audit of its own,
so it has something to judge even when run alone.
"""

from __future__ import annotations

from conftest import run_cli
from support.apiserver import LEDGER, unsafe_requests


def test_the_whole_session_only_read(apiserver, kubeconfig):
    result = run_cli("audit", "--kubeconfig", str(kubeconfig), "--fail-on", "none", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert any(e["path"] == "/api/v1/pods" for e in LEDGER)
    assert {e["method"] for e in LEDGER} == {"GET"}
    assert unsafe_requests(LEDGER) == []
