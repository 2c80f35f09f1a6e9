"""The formats for machines: OpenMetrics (read back with the Prometheus client's own parser) and JSON lines."""

from __future__ import annotations

import io
import json

from prometheus_client.openmetrics.parser import text_string_to_metric_families

from kubegap.demo import demo_path
from kubegap.pipeline import audit, audit_options
from kubegap.report import renderer
from kubegap.report.document import Report
from kubegap.sources.manifests import ManifestSource


def _demo_report() -> dict:
    return audit([ManifestSource([str(demo_path())]).collect()], audit_options()).to_json()


def _render(name: str, report: dict) -> str:
    out = io.StringIO()
    renderer(name)(Report.from_json(report), out)
    return out.getvalue()


def test_openmetrics_parses_with_the_official_parser_and_counts_every_finding():
    report = _demo_report()
    families = {f.name: f for f in text_string_to_metric_families(_render("openmetrics", report))}
    findings = families["kubegap_findings"].samples
    assert sum(s.value for s in findings) == report["summary"]["findings"] > 0
    for sample in findings:
        assert set(sample.labels) == {"cluster", "check", "severity", "namespace"}
        assert sample.labels["cluster"] == report["cluster"]["name"]
    per_check = {}
    for finding in report["findings"]:
        per_check[finding["check_id"]] = per_check.get(finding["check_id"], 0) + 1
    for check_id, count in per_check.items():
        assert sum(s.value for s in findings if s.labels["check"] == check_id) == count


def test_openmetrics_states_every_checks_coverage_once():
    report = _demo_report()
    families = {f.name: f for f in text_string_to_metric_families(_render("openmetrics", report))}
    status = families["kubegap_check_status"].samples
    for entry in report["coverage"]:
        mine = {s.labels["status"]: s.value for s in status if s.labels["check"] == entry["check_id"]}
        assert mine == {s: (1 if s == entry["status"] else 0) for s in ("ran", "skipped", "error")}
    assert families["kubegap_audit_timestamp_seconds"].unit == "seconds"
    assert families["kubegap"].samples[0].labels["version"] == report["tool"]["version"]


def test_openmetrics_escapes_label_values():
    report = _demo_report()
    report["findings"][0] = {
        **report["findings"][0],
        "object": {**report["findings"][0]["object"], "namespace": 'a"b\\c\nd'},
    }
    families = {f.name: f for f in text_string_to_metric_families(_render("openmetrics", report))}
    assert 'a"b\\c\nd' in {s.labels["namespace"] for s in families["kubegap_findings"].samples}


def test_json_lines_one_object_per_line_findings_then_summary():
    report = _demo_report()
    lines = [json.loads(line) for line in _render("jsonl", report).splitlines()]
    assert [line["record"] for line in lines] == ["finding"] * len(report["findings"]) + ["summary"]
    for line, finding in zip(lines, report["findings"]):
        assert line["fingerprint"] == finding["fingerprint"] and line["cluster"] == report["cluster"]["name"]
        assert line["time"] == report["generated_at"]
    summary = lines[-1]
    assert summary["findings"] == len(report["findings"])
    assert summary["skipped_checks"] == sorted(c["check_id"] for c in report["coverage"] if c["status"] == "skipped")
