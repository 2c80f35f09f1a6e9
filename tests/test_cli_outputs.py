"""``--format NAME[=PATH]`` repeated, ``--output-file``, and the errors for outputs that collide."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from conftest import run_cli


def test_several_formats_in_one_run_with_the_table_on_stdout(tmp_path):
    sarif, junit, html, md = (tmp_path / name for name in ("k.sarif", "k.xml", "k.html", "k.md"))
    result = run_cli(
        "audit",
        "--demo",
        "--format",
        f"sarif={sarif}",
        "--format",
        f"junit={junit}",
        "--format",
        f"html={html}",
        "--format",
        f"markdown={md}",
        "--format",
        "table",
    )
    assert result.returncode == 1, result.stderr
    summary = json.loads(run_cli("audit", "--demo", "--format", "json").stdout)["summary"]
    counts = ", ".join(f"{n} {s}" for s, n in summary["by_severity"].items() if n)
    assert result.stdout.strip().splitlines()[-1].startswith(f"{counts} · {summary['checks']['ran']} checks ran")
    assert json.loads(sarif.read_text())["version"] == "2.1.0"
    assert ET.parse(junit).getroot().get("failures") == str(summary["findings"])
    assert html.read_text().startswith("<!doctype html>") and md.read_text().startswith("## kubegap audit")


def test_output_file_goes_to_the_format_without_a_path(tmp_path):
    report, sarif = tmp_path / "report.json", tmp_path / "k.sarif"
    result = run_cli(
        "audit", "--demo", "--format", "json", "-o", str(report), "--format", f"sarif={sarif}", "--fail-on", "none"
    )
    assert result.returncode == 0 and result.stdout == ""
    assert json.loads(report.read_text())["schema_version"] == "2" and sarif.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--format", "json", "--format", "sarif"], "formats json and sarif would both write to stdout"),
        (["--format", "yaml"], "unknown format 'yaml'"),
        (["--format", "json="], "give a file after '='"),
        (["--format", "json=same.out", "--format", "html=same.out"], "two formats would write the same file"),
        (["--format", "json=a.json", "-o", "b.json"], "every --format already names its file"),
    ],
)
def test_output_mistakes_are_usage_errors(tmp_path, args, message):
    result = run_cli("audit", "--demo", *[a.replace("same.out", str(tmp_path / "same.out")) for a in args])
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "same.out").exists()


def test_help_documents_the_formats_and_diff():
    audit_help = run_cli("audit", "--help").stdout
    assert "NAME[=PATH]" in audit_help and "sarif" in audit_help and "--baseline" in audit_help
    assert "OLD.json" in run_cli("diff", "--help").stdout
