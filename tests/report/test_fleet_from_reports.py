"""Fleets from reports: the JSON reports of clusters audited one by one (by in-cluster CronJobs) are audited
together, and say what a fleet audit of the clusters themselves would have said."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from conftest import run_cli

REPORT_SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())


def _snapshot(directory, name: str, image: str) -> str:
    nodes = [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {"name": f"{name}-n{i}"},
            "status": {"nodeInfo": {"osImage": image}},
        }
        for i in range(2)
    ]
    deployment = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "api", "namespace": "shop"},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": "api"}},
            "template": {
                "metadata": {"labels": {"app": "api"}},
                "spec": {"containers": [{"name": "api", "image": "api:1.0"}]},
            },
        },
    }
    service = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": "api", "namespace": "shop"},
        "spec": {"selector": {"app": "api"}, "ports": [{"port": 80}]},
    }
    path = directory / f"{name}.json"
    path.write_text(
        json.dumps(
            {
                "apiVersion": "kubegap.io/v1",
                "kind": "Snapshot",
                "cluster": {"name": name},
                "collected": ["Node", "DaemonSet", "Deployment", "Service", "HorizontalPodAutoscaler"],
                "items": [*nodes, deployment, service],
            }
        )
    )
    return str(path)


@pytest.fixture(scope="module")
def clusters(tmp_path_factory):
    directory = tmp_path_factory.mktemp("clusters")
    snapshots = [
        _snapshot(directory, "eu", "Ubuntu 22.04.4 LTS"),
        _snapshot(directory, "us", "Ubuntu 22.04.4 LTS"),
        _snapshot(directory, "ap", "Ubuntu 24.04.1 LTS"),
    ]
    reports = []
    for snapshot in snapshots:
        report = directory / snapshot.replace(".json", "-report.json").rsplit("/", 1)[-1]
        result = run_cli("audit", snapshot, "--format", f"json={report}", "--fail-on", "none", "--quiet")
        assert result.returncode == 0, result.stderr
        reports.append(str(report))
    return snapshots, reports


def _identities(report: dict) -> list[tuple]:
    return sorted(
        (f["check_id"], f.get("cluster"), f["object"]["kind"], f["object"]["name"], f["fingerprint"], f["severity"])
        for f in report["findings"]
    )


def test_reports_audited_together_say_what_the_fleet_audit_says(clusters):
    snapshots, reports = clusters
    direct = json.loads(run_cli("audit", *snapshots, "--format", "json", "--fail-on", "none").stdout)
    from_reports = json.loads(run_cli("audit", *reports, "--format", "json", "--fail-on", "none").stdout)
    jsonschema.validate(from_reports, REPORT_SCHEMA)
    assert _identities(from_reports) == _identities(direct)
    (fleet,) = [f for f in from_reports["findings"] if f["cluster"] is None]
    assert fleet["check_id"] == "fleet-os-updates-correlated" and "eu, us" in fleet["message"]
    assert [c["name"] for c in from_reports["clusters"]] == ["eu", "us", "ap"]
    assert from_reports["summary"]["findings"] == direct["summary"]["findings"]
    assert {c["check_id"]: c["status"] for c in from_reports["coverage"] if c["cluster"] is None} == {
        "fleet-os-updates-correlated": "ran"
    }


def test_every_format_renders_a_fleet_from_reports(clusters):
    _, reports = clusters
    for fmt in ("table", "sarif", "junit", "markdown", "html", "jsonl", "openmetrics"):
        result = run_cli("audit", *reports, "--format", fmt, "--fail-on", "none")
        assert result.returncode == 0 and result.stdout, (fmt, result.stderr)


def test_a_report_without_fleet_facts_skips_the_fleet_check_and_says_why(clusters, tmp_path):
    _, reports = clusters
    old = json.loads(Path(reports[0]).read_text())
    del old["fleet_facts"]
    stripped = tmp_path / "old-report.json"
    stripped.write_text(json.dumps(old, indent=2))
    report = json.loads(run_cli("audit", str(stripped), reports[1], "--format", "json", "--fail-on", "none").stdout)
    (coverage,) = [c for c in report["coverage"] if c["cluster"] is None]
    assert coverage["status"] == "skipped" and "eu: its report carries no facts" in coverage["reason"]


def test_reports_and_manifests_do_not_mix_and_one_report_is_no_fleet(clusters):
    snapshots, reports = clusters
    mixed = run_cli("audit", reports[0], snapshots[1])
    assert mixed.returncode == 2 and "not both" in mixed.stderr
    alone = run_cli("audit", reports[0])
    assert alone.returncode == 2 and "two or more clusters" in alone.stderr


def test_openmetrics_of_a_fleet_labels_each_series_with_its_cluster(clusters):
    from prometheus_client.openmetrics.parser import text_string_to_metric_families

    _, reports = clusters
    text = run_cli("audit", *reports, "--format", "openmetrics", "--fail-on", "none").stdout
    families = {f.name: f for f in text_string_to_metric_families(text)}
    status = [tuple(sorted(s.labels.items())) for s in families["kubegap_check_status"].samples]
    assert len(status) == len(set(status))  # no two series share their labels
    assert {s.labels["cluster"] for s in families["kubegap_check_status"].samples} == {"eu", "us", "ap", "fleet"}
