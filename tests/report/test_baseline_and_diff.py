"""Finding identity across runs, ``kubegap diff`` and ``kubegap audit --baseline``, through the real CLI."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest
from conftest import run_cli
from referencing import Registry, Resource
from report.samples import REPORT_SCHEMA, hostpath_statefulset

from kubegap.report.baseline import compare
from kubegap.report.document import Report, ReportedFinding
from kubegap.report.identity import fingerprint, identity

DIFF_SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "diff.schema.json").read_text())
REGISTRY = Registry().with_resource(REPORT_SCHEMA["$id"], Resource.from_contents(REPORT_SCHEMA))


def validate_diff(document: dict) -> None:
    jsonschema.Draft202012Validator(DIFF_SCHEMA, registry=REGISTRY).validate(document)


@pytest.fixture
def reports(tmp_path):
    """OLD audits db-a and db-b; NEW audits db-b and db-c: one fixed, one unchanged, one new."""
    written = {}
    for label, names in (("old", ("db-a", "db-b")), ("new", ("db-b", "db-c"))):
        folder = tmp_path / label
        folder.mkdir()
        for name in names:
            (folder / f"{name}.yaml").write_text(hostpath_statefulset(name, "data"))
        result = run_cli(
            "audit",
            str(folder),
            "--format",
            f"json={tmp_path / f'{label}.json'}",
            "--fail-on",
            "none",
            "--check",
            "local-storage-stateful",
        )
        assert result.returncode == 0, result.stderr
        written[label] = tmp_path / f"{label}.json"
    return written


def test_identity_ignores_the_message_but_not_the_object_or_evidence_path(demo_report):
    finding = demo_report["findings"][0]
    reworded = {**finding, "message": "reworded, 17 nodes"}
    assert fingerprint(typed(reworded)) == fingerprint(typed(finding)) == finding["fingerprint"]
    renamed = {**finding, "object": {**finding["object"], "name": "other"}}
    moved = {**finding, "evidence": [{"path": "spec.other"}]}
    assert len({identity(typed(finding)), identity(typed(renamed)), identity(typed(moved))}) == 3


def typed(finding: dict) -> ReportedFinding:
    return ReportedFinding.from_json(finding)


def test_compare_pairs_findings_with_the_same_identity_once_each(demo_report):
    finding = demo_report["findings"][0]
    old = {"findings": [finding, finding]}
    new = {"findings": [finding, finding, finding]}
    comparison = compare(Report.from_json(old), Report.from_json(new))
    assert (len(comparison.new), len(comparison.unchanged), len(comparison.fixed)) == (1, 2, 0)


def test_diff_json_lists_new_fixed_and_unchanged(reports):
    result = run_cli("diff", str(reports["old"]), str(reports["new"]), "--format", "json")
    assert result.returncode == 1, result.stderr  # db-c is a new high finding
    document = json.loads(result.stdout)
    validate_diff(document)
    names = {key: [f["object"]["name"] for f in document[f"{key}_findings"]] for key in ("new", "fixed", "unchanged")}
    assert names == {"new": ["db-c"], "fixed": ["db-a"], "unchanged": ["db-b"]}
    assert document["summary"] == {
        "new": 1,
        "fixed": 1,
        "unchanged": 1,
        "new_by_severity": {"critical": 0, "high": 1, "medium": 0, "low": 0, "info": 0},
    }


def test_diff_table_ends_with_a_summary_line_and_fail_on_applies_to_new_findings(reports):
    table = run_cli("diff", str(reports["old"]), str(reports["new"]))
    assert table.returncode == 1
    assert "NEW (1)" in table.stdout and "FIXED (1)" in table.stdout and "db-c" in table.stdout
    assert table.stdout.strip().splitlines()[-1].startswith("1 new (1 high) · 1 fixed · 1 unchanged · ")
    assert run_cli("diff", str(reports["old"]), str(reports["new"]), "--fail-on", "critical").returncode == 0
    same = run_cli("diff", str(reports["new"]), str(reports["new"]))
    assert same.returncode == 0 and same.stdout.strip().startswith("0 new · 0 fixed · 2 unchanged")


def test_audit_with_a_baseline_fails_only_on_new_findings(reports, tmp_path):
    new_folder = reports["new"].parent / "new"
    marked = run_cli(
        "audit",
        str(new_folder),
        "--baseline",
        str(reports["old"]),
        "--format",
        "json",
        "--check",
        "local-storage-stateful",
    )
    assert marked.returncode == 1, marked.stderr
    report = json.loads(marked.stdout)
    jsonschema.validate(report, REPORT_SCHEMA)
    assert {f["object"]["name"]: f["baseline_state"] for f in report["findings"]} == {
        "db-b": "unchanged",
        "db-c": "new",
    }
    assert report["baseline"]["new"] == 1 and [f["object"]["name"] for f in report["baseline"]["fixed"]] == ["db-a"]

    (new_folder / "db-c.yaml").unlink()
    only_old = run_cli("audit", str(new_folder), "--baseline", str(reports["old"]), "--check", "local-storage-stateful")
    assert only_old.returncode == 0, only_old.stdout  # db-b is high but not new
    assert "0 new, 1 fixed since the baseline" in only_old.stdout.splitlines()[-1]


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json at all", "not JSON"),
        ('{"schema_version": "1"}', "not a kubegap JSON report"),
        ('{"schema_version": "9", "findings": []}', "schema_version '9' is not supported"),
        ('{"schema_version": "1", "findings": [{"check_id": "x"}]}', '(top level): "tool" is a required property'),
    ],
)
def test_bad_reports_are_user_errors_naming_file_and_field(tmp_path, reports, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    for args in (["diff", str(bad), str(reports["new"])], ["audit", "--demo", "--baseline", str(bad)]):
        result = run_cli(*args)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert str(bad) in result.stderr and message in result.stderr


@pytest.mark.parametrize("field", ["severity", "cases", "evidence"])
def test_a_report_is_checked_whole_against_its_schema(tmp_path, reports, field):
    """Every field a reader indexes is checked at load, not only the few diff compares."""
    report = json.loads(reports["new"].read_text())
    del report["findings"][0][field]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(report))
    for args in (["diff", str(bad), str(reports["new"])], ["audit", "--demo", "--baseline", str(bad)]):
        result = run_cli(*args)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert f"{bad}: not a kubegap report (schema version " in result.stderr
        assert f'findings/0: "{field}" is a required property' in result.stderr
