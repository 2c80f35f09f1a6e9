"""Objects a check could not judge (an absence on an open world) are counted in its coverage and said once."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from conftest import run_cli
from report.samples import REPORT_SCHEMA

from kubegap.checks.containers._helpers import FILLED_IN

OPEN_WORLD = (
    Path(__file__).parents[1] / "checks" / "fixtures" / "dangling-reference" / "passes" / "open-world-references.yaml"
)
REASON = "absence cannot be judged from manifests: audit a live cluster or snapshot"


def _run(*formats: str) -> str:
    return run_cli(
        "audit",
        str(OPEN_WORLD),
        "--check",
        "dangling-reference",
        "--check",
        "ingress-backend-missing",
        "--fail-on",
        "none",
        *formats,
    ).stdout


def test_the_json_report_counts_unjudged_objects_per_check():
    report = json.loads(_run("--format", "json"))
    jsonschema.validate(report, REPORT_SCHEMA)
    (entry,) = [c for c in report["coverage"] if c["check_id"] == "dangling-reference"]
    assert entry["status"] == "ran" and entry["findings"] == 0
    assert entry["unjudged"] == [{"reason": REASON, "objects": 3}]


def test_the_table_and_markdown_say_the_reason_once():
    table = " ".join(_run("--format", "table").split())
    assert table.count("absence cannot be judged from manifests") == 1
    assert "3 object(s) not judged by 1 check(s)" in table
    markdown = _run("--format", "markdown")
    assert markdown.count(REASON) == 1 and "`dangling-reference`" in markdown


def test_image_fields_a_tool_fills_in_are_counted_not_judged():
    fixture = (
        Path(__file__).parents[1]
        / "checks"
        / "fixtures"
        / "image-tag-mutable"
        / "passes"
        / "artifact-names-a-build-tool-replaces.yaml"
    )
    report = json.loads(
        run_cli(
            "audit",
            str(fixture),
            "--check",
            "image-tag-mutable",
            "--check",
            "image-registry-unauthenticated",
            "--fail-on",
            "none",
            "--format",
            "json",
        ).stdout
    )
    for entry in report["coverage"]:
        assert entry["findings"] == 0
        assert entry["unjudged"] == [{"reason": FILLED_IN, "objects": 2}], entry["check_id"]
