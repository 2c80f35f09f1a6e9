"""The terminal report: short grouped lines, wrapped between words, nothing hidden; snapshots at 80 and 120 columns.

The snapshots are compared exactly. After an intended change of the layout, regenerate them with
``KUBEGAP_UPDATE_SNAPSHOTS=1 pytest tests/report/test_table.py`` and review the diff of
``tests/report/snapshots/``.
"""

from __future__ import annotations

import io
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from kubegap.demo import demo_path
from kubegap.pipeline import audit, audit_options
from kubegap.report.baseline import with_baseline
from kubegap.report.document import Report, ReportedFinding, ReportedObject
from kubegap.report.table import INDENT, WHOLE_REPORT, TableView, render
from kubegap.report.text import counts_label, object_label, subject_label
from kubegap.sources.manifests import ManifestSource, Reader

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("KUBEGAP_UPDATE_SNAPSHOTS") == "1"
STATEFULSET = (
    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db-{i}, namespace: t}}\nspec:\n  template:\n    spec:\n"
    "      containers: [{{name: db, image: 'postgres:16.1', volumeMounts: [{{name: d, mountPath: /d}}]}}]\n"
    "      volumes: [{{name: d, hostPath: {{path: /srv}}}}]\n"
)
DEPLOYMENT = (
    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web-{i}, namespace: t}}\nspec:\n  replicas: 2\n"
    "  selector: {{matchLabels: {{app: web-{i}}}}}\n  template:\n    metadata: {{labels: {{app: web-{i}}}}}\n    spec:\n"
    "      containers: [{{name: web, image: 'nginx:1.27.0'}}]\n"
)
MIXED_CHECKS = ["local-storage-stateful", "requests-missing", "spread-missing"]


def manifests(text: str, checks: list[str]) -> dict:
    reader = Reader()
    reader.read_text(text, "set.yaml")
    report = audit([reader.collection], audit_options(checks)).to_json()
    report["summary"]["elapsed_seconds"] = 0.0
    return report


@pytest.fixture(scope="module")
def mixed() -> dict:
    """11 StatefulSets with one high finding each, and 20 Deployments with a medium and a low one: 51 findings."""
    documents = [STATEFULSET.format(i=i) for i in range(11)] + [DEPLOYMENT.format(i=i) for i in range(20)]
    return manifests("---\n".join(documents), MIXED_CHECKS)


@pytest.fixture(scope="module")
def baselined() -> dict:
    """The mixed set against a baseline that had the first 8 StatefulSets and the first 15 Deployments."""
    old = manifests(
        "---\n".join([STATEFULSET.format(i=i) for i in range(8)] + [DEPLOYMENT.format(i=i) for i in range(15)]),
        MIXED_CHECKS,
    )
    documents = [STATEFULSET.format(i=i) for i in range(11)] + [DEPLOYMENT.format(i=i) for i in range(20)]
    new = manifests("---\n".join(documents), MIXED_CHECKS)
    return with_baseline(Report.from_json(new), Report.from_json(old), "old.json").to_json()


@pytest.fixture(scope="module")
def demo() -> dict:
    report = audit([ManifestSource([str(demo_path())]).collect()], audit_options()).to_json()
    report["summary"]["elapsed_seconds"] = 0.0  # the one value that changes from run to run
    return report


def table(report: dict, **view) -> str:
    out = io.StringIO()
    render(Report.from_json(report), out, TableView(**{"width": 80, **view}))
    return out.getvalue()


def finding_blocks(text: str) -> list[list[str]]:
    """Each finding's lines: its first line (indented two spaces) and the lines indented under it."""
    blocks: list[list[str]] = []
    in_block = False
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith(INDENT):
            blocks.append([line])
            in_block = True
        elif line.startswith(INDENT) and in_block:
            blocks[-1].append(line)
        else:
            in_block = False
    return blocks


SNAPSHOTTED = {
    "demo": ("demo", {}),
    "demo-by-check": ("demo", {"group_by": "check"}),
    "mixed": ("mixed", {}),
    "mixed-by-check": ("mixed", {"group_by": "check"}),
    "baseline": ("baselined", {}),
}


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("name", SNAPSHOTTED)
def test_the_report_matches_its_snapshot(request, name, width):
    fixture, view = SNAPSHOTTED[name]
    text = table(request.getfixturevalue(fixture), width=width, **view)
    snapshot = SNAPSHOTS / f"{name}-table-{width}.txt"
    if UPDATE:
        snapshot.parent.mkdir(exist_ok=True)
        snapshot.write_text(text)
    assert snapshot.exists(), f"{snapshot} is missing: run with KUBEGAP_UPDATE_SNAPSHOTS=1 to write it"
    assert text == snapshot.read_text(), (
        f"the table changed; if intended, regenerate {snapshot.name} (see the module docstring)"
    )


def test_the_demo_at_80_columns_takes_at_most_4_5_lines_per_finding(demo):
    text = table(demo)
    blocks = finding_blocks(text)
    assert len(blocks) == demo["summary"]["findings"] > 10
    assert sum(map(len, blocks)) <= 4.5 * len(blocks), [len(b) for b in blocks]
    assert len(text.splitlines()) < 5.5 * len(blocks)


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("group_by", ["object", "check"])
@pytest.mark.parametrize("verbose", [False, True])
def test_nothing_is_cut_mid_word_and_names_ids_and_values_stay_whole(demo, width, group_by, verbose):
    text = table(demo, width=width, group_by=group_by, verbose=verbose)
    lines = text.splitlines()
    for line in lines:  # only a word too long for any line (a URL, a field path) may run past the width
        assert len(line) <= width or any(len(w) > width // 2 for w in line.split()), f"longer than {width}: {line!r}"
    words = {word.rstrip(":") for line in lines for word in line.split()}
    for finding in demo["findings"]:
        assert set(object_label(ReportedObject.from_json(finding["object"])).split()) <= words
        assert finding["check_id"] in words
    for finding in demo["findings"]:  # grep finds each finding's case id whole, after the word "case"
        assert any(re.search(rf"\bcase {re.escape(finding['cases'][0])}$", line) for line in lines), finding["cases"][0]
    if verbose:
        cited = {c for f in demo["findings"] for c in f["cases"]}
        assert all(demo["cases"][c]["url"] in words for c in cited)
    assert "…" not in text


def test_every_finding_names_its_case_id_in_one_style(demo):
    blocks = finding_blocks(table(demo, width=120))
    assert len(blocks) == len(demo["findings"])
    for block in blocks:
        cases = [line for line in block if re.search(r"(^| · )case [a-z0-9-]+$", line.strip())]
        assert len(cases) == 1, block
    assert "seen at" not in table(demo, width=120)


@pytest.mark.parametrize("group_by", ["object", "check"])
@pytest.mark.parametrize("width", [80, 120])
def test_a_long_report_hides_no_object_and_no_finding_at_or_above_fail_on(mixed, group_by, width):
    assert mixed["summary"]["by_severity"]["high"] == 11 and mixed["summary"]["findings"] > WHOLE_REPORT
    text = table(mixed, width=width, group_by=group_by)
    lines = text.splitlines()
    for finding in mixed["findings"]:  # every object is named on a line of its own or before its findings
        label = subject_label(ReportedFinding.from_json(finding))
        assert any(line.strip().startswith(label) for line in lines), label
    highs = [f for f in mixed["findings"] if f["severity"] == "high"]
    assert sum(f["message"].split()[0] in text for f in highs) == 11
    flat = " ".join(text.split())
    assert flat.count(": StatefulSet keeps its data on node-local storage") == 11
    assert (
        flat.count(": 1 container(s) run without CPU or memory requests: db") == 11
    )  # every finding of a shown object
    if group_by == "object":  # the rest: one line per object, naming every finding's severity and check
        assert "20 more objects, each with findings below high only (40 findings: 20 medium, 20 low)" in flat
        for i in range(20):
            assert re.search(
                rf"^  Deployment t/web-{i}: medium requests-missing, low spread-missing$", text, re.MULTILINE
            ), i
    else:
        assert "requests-missing (31)" in text and "spread-missing (20)" in text
        assert text.count("  Deployment t/web-") == 40


def test_fail_on_decides_what_is_printed_in_full(mixed):
    text = table(mixed, width=120, fail_on="medium")
    assert " ".join(text.split()).count(": 1 container(s) run without CPU or memory requests") == 31
    assert "more objects" not in text
    assert table(mixed, width=120, fail_on="none") == table(mixed, width=120)


def test_verbose_prints_every_finding_in_full(mixed):
    text = table(mixed, width=120, verbose=True)
    assert len(finding_blocks(text)) == mixed["summary"]["findings"]
    assert "more objects" not in text


def test_with_a_baseline_new_findings_come_first_and_unchanged_ones_are_one_line(baselined):
    text = table(baselined, width=120)
    lines = text.splitlines()
    assert lines[0] == "New since the baseline (16)"  # 3 StatefulSets and 5 Deployments, with 2 findings each
    assert {int(m) for m in re.findall(r"t/(?:db|web)-(\d+)", text)} <= set(range(8, 20))
    assert "46 unchanged since the baseline (8 high, 23 medium, 15 low): --verbose lists them" in text
    assert lines.index(next(line for line in lines if "unchanged since the baseline" in line)) > len(
        finding_blocks(text)
    )
    verbose = table(baselined, width=120, verbose=True)
    assert verbose.index("Unchanged since the baseline") > verbose.index("StatefulSet t/db-10")
    assert len(finding_blocks(verbose)) == len(baselined["findings"])


def test_a_finding_names_its_container_and_the_offending_value(demo):
    text = table(demo, width=120)
    assert "container cilium-agent · resources.limits: missing: memory" in text
    assert "spec.replicas: 1 · case python-discord-2021-node-recycle-volumes-fail-to-mount" in text
    assert "containers[0].image: docker.io/library/postgres:16.1" in text


def test_grouped_by_object_or_by_check(demo):
    by_object = table(demo, width=120)
    by_check = table(demo, width=200, group_by="check")
    counts = Counter(f["check_id"] for f in demo["findings"])
    check_id, count = counts.most_common(1)[0]
    finding = next(f for f in demo["findings"] if f["check_id"] == check_id)
    case_id = finding["cases"][0]
    header = f"{finding['severity']:<8} {check_id} ({count}) · case {case_id}"
    assert header in by_check.splitlines()
    objects = Counter(object_label(ReportedObject.from_json(f["object"])) for f in demo["findings"])
    label, findings_of_object = objects.most_common(1)[0]
    assert by_object.splitlines().count(label) == 1
    assert by_check.count(f"  {label}:") == findings_of_object


def test_verbose_adds_every_evidence_the_fix_and_the_links(demo):
    plain, verbose = table(demo, width=120), table(demo, width=120, verbose=True)
    finding = next(f for f in demo["findings"] if f["check_id"] == "nccl-timeouts-unset")
    assert "https://" not in plain and "fix:" not in plain
    assert "https://arxiv.org/abs/2402.15627" in verbose
    assert "seen in: case bytedance-2024-megascale-nic-flapping" in verbose
    assert sum(line.lstrip().startswith("evidence: ") for line in verbose.splitlines()) >= len(finding["evidence"])
    assert finding["remediation"].split()[0] in verbose


def test_skipped_checks_are_one_line_unless_listed(demo):
    skipped = [c for c in demo["coverage"] if c["status"] == "skipped"]
    plain = table(demo, width=120)
    assert f"{len(skipped)} checks skipped: --show-skipped lists them and why" in plain
    assert skipped[0]["check_id"] not in plain
    listed = table(demo, width=120, show_skipped=True)
    assert all(f"{c['check_id']}: {c['reason']}" in " ".join(listed.split()) for c in skipped)


def test_the_last_line_is_the_summary(demo):
    summary = demo["summary"]
    assert (
        table(demo)
        .splitlines()[-1]
        .startswith(f"{counts_label(summary['by_severity'])} · {summary['checks']['ran']} checks ran")
    )


def test_no_colour_on_a_file_and_none_under_NO_COLOR(demo, monkeypatch):
    assert "\x1b[" not in table(demo)
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = table(demo)
    assert "\x1b[1;31mhigh" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", table(demo))


def test_a_manifest_finding_names_its_file_and_line(mixed):
    assert "set.yaml:1" in table(mixed, width=250)
