"""Across the whole test session, the test API servers received only reads, and no Secret data read.

This test is moved to the end of the session (see conftest.py) and first runs an audit of its own,
so it has something to judge even when run alone.
"""

from __future__ import annotations

from conftest import run_cli
from support.apiserver import LEDGER

FORBIDDEN_SEGMENTS = {"exec", "attach", "portforward", "proxy", "log"}


def is_secret_path(path: str) -> bool:
    parts = path.strip("/").split("/")
    return parts[:2] == ["api", "v1"] and (parts[2:3] == ["secrets"] or (len(parts) > 4 and parts[4] == "secrets"))


def test_the_whole_session_only_read(apiserver, kubeconfig):
    result = run_cli("audit", "--kubeconfig", str(kubeconfig), "--fail-on", "none", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert any(e["path"] == "/api/v1/pods" for e in LEDGER)
    assert {e["method"] for e in LEDGER} == {"GET"}
    writes_or_streams = [e for e in LEDGER if FORBIDDEN_SEGMENTS & set(e["path"].strip("/").split("/"))]
    assert writes_or_streams == []
    secret_reads = [e for e in LEDGER if is_secret_path(e["path"])]
    assert all("as=PartialObjectMetadata" in e["accept"] and "application/json," not in e["accept"] for e in secret_reads), secret_reads
