"""The Markdown report fits a GitHub comment whatever the input: grouped by check, cut with a count when still too long."""

from __future__ import annotations

import io
import re

import pytest
from markdown_it import MarkdownIt
from support.big_reports import many_findings

from kubegap.pipeline import audit, audit_options
from kubegap.report.document import Report
from kubegap.report.markdown import COMMENT_LIMIT, render
from kubegap.sources.manifests import ManifestSource

SET_ASIDE = {
    "Mellanox-network-operator",
    "NVIDIA-k8s-device-plugin",
    "envoyproxy-gateway",
    "flannel-io-flannel",
    "kubernetes-kube-state-metrics",
    "kubernetes-sigs-lws",
}
"""Corpus projects kept out of every test while checks are tuned (scripts/corpus_findings.py)."""


def markdown(report: dict) -> str:
    out = io.StringIO()
    render(Report.from_json(report), out)
    return out.getvalue()


def listed(text: str) -> int:
    return len(re.findall(r"^- \*\*", text, re.MULTILINE))


def project_size(project) -> int:
    return sum(path.stat().st_size for path in project.rglob("*") if path.is_file() and not path.is_symlink())


@pytest.fixture
def largest_project(shared):
    projects = [p for p in (shared / "corpus").iterdir() if p.is_dir() and p.name not in SET_ASIDE]
    return max(projects, key=project_size)


def test_the_largest_corpus_project_fits_a_github_comment(largest_project):
    report = audit([ManifestSource([str(largest_project)]).collect()], audit_options()).to_json()
    text = markdown(report)
    assert report["summary"]["findings"] > 20
    assert len(text) <= COMMENT_LIMIT
    page = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    checks = {f["check_id"] for f in report["findings"]}
    assert page.count("<tr>") == 1 + len(checks)  # one row per check
    assert text.count("<details>") == len(checks) and text.count("**Fix**") == len(checks)
    cut = re.search(r"\*\*(\d+) of (\d+) findings are not listed here", text)
    assert listed(text) + (int(cut.group(1)) if cut else 0) == report["summary"]["findings"]


def test_34000_findings_are_cut_with_a_count_and_a_pointer_to_the_full_reports(demo_report):
    report = many_findings(demo_report, 34_000)
    text = markdown(report)
    assert len(text) <= COMMENT_LIMIT
    cut = re.search(r"\*\*(\d+) of 34000 findings are not listed here \(([^)]*)\)\*\*", text)
    assert cut, text[-2000:]
    assert listed(text) + int(cut.group(1)) == 34_000
    assert "--format sarif=" in text and "--format html=" in text
    assert "### Not checked" in text  # what was not checked survives the cut
    checks = {f["check_id"] for f in report["findings"]}
    assert all(f"`{check}`" in text for check in checks)  # every check is in the table even when its details are cut


def test_a_check_tells_its_fix_and_incidents_once(demo_report):
    text = markdown(demo_report)
    pdb = [f for f in demo_report["findings"] if f["check_id"] == "pdb-missing"]
    assert len(pdb) > 1
    assert text.count(pdb[0]["remediation"].split(":")[0]) == 1
    assert listed(text) == len(demo_report["findings"])
