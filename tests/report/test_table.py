"""The terminal report: short grouped lines, wrapped between words, snapshots of the demo at 80 and 120 columns.

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
from kubegap.report.table import INDENT, ROWS_PER_CHECK, View, render
from kubegap.report.text import case_reference, counts_label, object_label
from kubegap.sources.manifests import ManifestSource, Reader

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("KUBEGAP_UPDATE_SNAPSHOTS") == "1"
STATEFULSET = (
    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db-{i}, namespace: t}}\nspec:\n  template:\n    spec:\n"
    "      containers: [{{name: db, image: 'postgres:16.1', volumeMounts: [{{name: d, mountPath: /d}}]}}]\n"
    "      volumes: [{{name: d, hostPath: {{path: /srv}}}}]\n"
)


@pytest.fixture(scope="module")
def demo() -> dict:
    report = audit([ManifestSource([str(demo_path())]).collect()], audit_options())
    report["summary"]["elapsed_seconds"] = 0.0  # the one value that changes from run to run
    return report


def table(report: dict, **view) -> str:
    out = io.StringIO()
    render(report, out, View(**{"width": 80, **view}))
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


@pytest.mark.parametrize("width", [80, 120])
def test_the_demo_report_matches_its_snapshot(demo, width):
    text = table(demo, width=width)
    snapshot = SNAPSHOTS / f"demo-table-{width}.txt"
    if UPDATE:
        snapshot.parent.mkdir(exist_ok=True)
        snapshot.write_text(text)
    assert snapshot.exists(), f"{snapshot} is missing: run with KUBEGAP_UPDATE_SNAPSHOTS=1 to write it"
    assert text == snapshot.read_text(), f"the table changed; if intended, regenerate {snapshot.name} (see the module docstring)"


def test_the_demo_at_80_columns_takes_at_most_4_lines_per_finding(demo):
    text = table(demo)
    blocks = finding_blocks(text)
    assert len(blocks) == demo["summary"]["findings"] > 10
    assert sum(map(len, blocks)) <= 4 * len(blocks), [len(b) for b in blocks]
    assert len(text.splitlines()) < 5 * len(blocks)


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("group_by", ["object", "check"])
def test_nothing_is_cut_mid_word_and_names_ids_and_values_stay_whole(demo, width, group_by):
    text = table(demo, width=width, group_by=group_by, verbose=True)
    lines = text.splitlines()
    for line in lines:  # only a word too long for any line (a URL, a field path) may run past the width
        assert len(line) <= width or any(len(w) > width // 2 for w in line.split()), f"longer than {width}: {line!r}"
    words = {word.rstrip(":") for line in lines for word in line.split()}
    for finding in demo["findings"]:
        assert set(object_label(finding["object"]).split()) <= words
        assert finding["check_id"] in words
    cited = {c for f in demo["findings"] for c in f["cases"]}
    assert all(demo["cases"][c]["url"] in words for c in cited)
    assert "…" not in text


def test_a_finding_names_its_container_and_the_offending_value(demo):
    text = table(demo, width=120)
    assert "container cilium-agent · resources.limits: missing: memory" in text
    assert "spec.replicas: 1 · seen at Python Discord, 2021" in text
    assert "containers[0].image: docker.io/library/postgres:16.1" in text


def test_grouped_by_object_or_by_check(demo):
    by_object = table(demo, width=120)
    by_check = table(demo, width=200, group_by="check")
    counts = Counter(f["check_id"] for f in demo["findings"])
    check_id, count = counts.most_common(1)[0]
    finding = next(f for f in demo["findings"] if f["check_id"] == check_id)
    case_id = finding["cases"][0]
    header = f"{finding['severity']:<8} {check_id} ({count}) · {case_reference(demo['cases'][case_id])} · kubegap cases show {case_id}"
    assert header in by_check.splitlines()
    objects = Counter(object_label(f["object"]) for f in demo["findings"])
    label, findings_of_object = objects.most_common(1)[0]
    assert by_object.splitlines().count(label) == 1
    assert by_check.count(f"  {label}:") == findings_of_object


def test_verbose_adds_every_evidence_the_fix_and_the_links(demo):
    plain, verbose = table(demo, width=120), table(demo, width=120, verbose=True)
    finding = next(f for f in demo["findings"] if f["check_id"] == "nccl-timeouts-unset")
    assert "https://" not in plain and "fix:" not in plain
    assert "https://arxiv.org/abs/2402.15627" in verbose
    assert "kubegap cases show bytedance-2024-megascale-nic-flapping" in verbose
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
    assert table(demo).splitlines()[-1].startswith(f"{counts_label(summary['by_severity'])} · {summary['checks']['ran']} checks ran")


def test_no_colour_on_a_file_and_none_under_NO_COLOR(demo, monkeypatch):
    assert "\x1b[" not in table(demo)
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = table(demo)
    assert "\x1b[1;31mhigh" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", table(demo))


def test_many_findings_of_one_check_are_summarised():
    reader = Reader()
    reader.read_text("---\n".join(STATEFULSET.format(i=i) for i in range(40)), "many.yaml")
    report = audit([reader.collection], audit_options(["local-storage-stateful"]))
    assert report["summary"]["findings"] == 40
    text = table(report, width=250)
    assert f"local-storage-stateful: {40 - ROWS_PER_CHECK} more object(s)" in text
    assert text.count("StatefulSet t/db-") == ROWS_PER_CHECK
    assert "many.yaml:1" in text  # a manifest finding's file and line
    assert "40 high" in text
    assert table(report, width=250, verbose=True).count("StatefulSet t/db-") == 40
