"""Severity is blast radius: each finding carries its own, at most its check's, and every output uses it."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

from kubegap.checks.base import DOC_SECTIONS, Check, Evidence
from kubegap.domain.inventory import Inventory
from kubegap.library import load_library
from kubegap.report import renderer
from kubegap.report.baseline import at_or_above
from kubegap.report.document import Report
from kubegap.report.model import Part, assemble_report
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

CASE = "datadog-2023-systemd-networkd-cilium-outage"
CONFIGMAPS = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: wide, namespace: app, labels: {reach: all}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: narrow, namespace: app, labels: {reach: one}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: unlabelled, namespace: app}
"""
ASKED = {"all": "critical", "one": "low"}
"""What the test check asks for each ConfigMap's reach: critical is above its check's severity, low below."""


def _by_reach(ctx):
    for cm in ctx.inventory.of_kind("ConfigMap"):
        reach = (cm["metadata"].get("labels") or {}).get("reach")
        yield ctx.finding(
            cm, f"ConfigMap {cm['metadata']['name']}.", Evidence("metadata.labels", reach), severity=ASKED.get(reach)
        )


CHECK = Check(
    "configmap-reach",
    "ConfigMaps by reach (a test check)",
    "high",
    "testing",
    (CASE,),
    "Nothing to fix.",
    _by_reach,
    reads=("ConfigMap",),
    requires=("ConfigMap",),
    doc={name: "A check for severity tests." for name in DOC_SECTIONS},
)


def _report(tmp_path: Path, check: Check = CHECK) -> Report:
    path = tmp_path / "configmaps.yaml"
    path.write_text(CONFIGMAPS)
    inventory = Inventory(ManifestSource([str(path)]).collect())
    return assemble_report([Part(run_checks(inventory, [check]), inventory)], [check], load_library())


def _severities(report: Report) -> dict[str, str]:
    return {f.object.name: f.severity for f in report.findings}


def test_a_finding_has_its_own_severity_never_above_its_checks(tmp_path):
    assert _severities(_report(tmp_path)) == {"wide": "high", "narrow": "low", "unlabelled": "high"}


def test_a_configured_severity_is_the_new_ceiling_and_default(tmp_path):
    lowered = _severities(_report(tmp_path, replace(CHECK, severity="medium")))
    assert lowered == {"wide": "medium", "narrow": "low", "unlabelled": "medium"}
    assert _severities(_report(tmp_path, replace(CHECK, severity="info"))) == dict.fromkeys(
        ("wide", "narrow", "unlabelled"), "info"
    )


def _render(name: str, report: Report) -> str:
    out = io.StringIO()
    renderer(name)(report, out)
    return out.getvalue()


def test_every_output_and_the_exit_threshold_use_the_findings_severity(tmp_path):
    report = _report(tmp_path)
    assert report.checks["configmap-reach"].severity == "high"
    assert report.summary.by_severity["high"] == 2 and report.summary.by_severity["low"] == 1
    assert {f.object.name for f in at_or_above(report.findings, "medium")} == {"wide", "unlabelled"}
    sarif = json.loads(_render("sarif", report))
    levels = {
        r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].rsplit("/", 1)[-1]: r["level"]
        for r in sarif["runs"][0]["results"]
    }
    assert levels == {"wide": "error", "narrow": "note", "unlabelled": "error"}
    assert sarif["runs"][0]["tool"]["driver"]["rules"][0]["defaultConfiguration"]["level"] == "error"
    junit = _render("junit", report)
    assert 'message="ConfigMap narrow." type="low"' in junit and 'message="ConfigMap wide." type="high"' in junit
    lines = [json.loads(line) for line in _render("jsonl", report).splitlines()]
    assert {
        line["object"]["name"]: line["severity"] for line in lines if line.get("record") == "finding"
    } == _severities(report)
    assert "| low | `configmap-reach`" in _render("markdown", report)
