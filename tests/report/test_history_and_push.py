"""In the cluster: reports kept with their history (dated, the last N, a diff against the previous run)
and the metrics pushed to a Pushgateway, through the real command line."""

from __future__ import annotations

import http.server
import json
import threading
from typing import ClassVar

import pytest
from conftest import run_cli
from prometheus_client.parser import text_string_to_metric_families

from kubegap.report.document import Report
from kubegap.report.history import LATEST, dated_reports, keep
from kubegap.report.push import grouping_url


def report_at(demo_report: dict, when: str, drop: int = 0) -> Report:
    return Report.from_json({**demo_report, "generated_at": when, "findings": demo_report["findings"][drop:]})


def test_history_keeps_the_last_n_dated_reports_each_with_its_diff(demo_report, tmp_path):
    times = ["2026-12-01T03:17:00Z", "2026-12-02T03:17:00Z", "2026-12-03T03:17:00Z"]
    kept = [keep(report_at(demo_report, when, drop=i), tmp_path, 2) for i, when in enumerate(times)]
    assert kept[0].diff is None and "no earlier run" in kept[0].summary()
    assert [p.name for p in dated_reports(tmp_path)] == [
        "kubegap-20261202T031700Z.json",
        "kubegap-20261203T031700Z.json",
    ]
    assert not (tmp_path / "kubegap-20261201T031700Z.json").exists()
    diff = json.loads((tmp_path / "kubegap-20261203T031700Z.diff.json").read_text())
    assert (
        kept[2].diff is not None
        and diff == kept[2].diff.to_json()
        and diff["summary"]["fixed"] == 1
        and diff["summary"]["new"] == 0
    )
    assert diff["old"]["path"] == "kubegap-20261202T031700Z.json"
    assert json.loads((tmp_path / LATEST).read_text())["generated_at"] == times[-1]
    assert "since the previous run: 0 new · 1 fixed" in kept[2].summary()


def test_audit_history_flag_writes_the_history(tmp_path):
    for _ in range(2):
        result = run_cli(
            "audit",
            "--demo",
            "--fail-on",
            "none",
            "--format",
            "json=" + str(tmp_path / "out.json"),
            "--history",
            str(tmp_path / "reports"),
            "--keep",
            "5",
        )
        assert result.returncode == 0, result.stderr
        assert "kubegap: report kept as " in result.stderr
    assert (tmp_path / "reports" / LATEST).exists() and 1 <= len(dated_reports(tmp_path / "reports")) <= 2


class _Gateway(http.server.BaseHTTPRequestHandler):
    received: ClassVar[list] = []

    def do_PUT(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.path, self.headers["Content-Type"], body.decode()))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def gateway():
    _Gateway.received = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Gateway)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", _Gateway.received
    server.shutdown()
    server.server_close()


def test_pushgateway_receives_the_metrics_in_the_text_format_it_reads(gateway, tmp_path):
    url, received = gateway
    result = run_cli(
        "audit", "--demo", "--fail-on", "none", "--format", f"json={tmp_path / 'r.json'}", "--pushgateway", url
    )
    assert result.returncode == 0, result.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    ((path, content_type, body),) = received
    assert path == grouping_url("", "demo-eu-west-1") and content_type.startswith("text/plain; version=0.0.4")
    families = {f.name: f for f in text_string_to_metric_families(body)}
    assert {"kubegap_findings", "kubegap_check_status", "kubegap_info"} <= set(families)
    high = [s for s in families["kubegap_findings_by_severity"].samples if s.labels["severity"] == "high"]
    assert high[0].value == report["summary"]["by_severity"]["high"] > 0 and "# EOF" not in body


def test_an_unreachable_pushgateway_is_a_clear_error(tmp_path):
    result = run_cli(
        "audit",
        "--demo",
        "--fail-on",
        "none",
        "--format",
        "json=" + str(tmp_path / "r.json"),
        "--pushgateway",
        "http://127.0.0.1:9",
    )
    assert result.returncode == 2 and "cannot reach the Pushgateway at http://127.0.0.1:9" in result.stderr
    assert (tmp_path / "r.json").exists()  # the report was written before the push was tried
