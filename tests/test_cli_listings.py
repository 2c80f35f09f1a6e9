"""Every listing a person reads in a terminal keeps identifiers whole, piped and at any width, so
``grep ID`` finds the line that names it: case ids, check ids, vocabulary terms and object names each
start a line of their own (``cases``, ``cases list``, ``cases search``, ``cases facets``, ``cases stats``,
``checks``) or stay whole inside it (``diff``, snapshotted at 80 and 120 columns)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from conftest import run_cli

from kubegap.pipeline import audit, audit_options
from kubegap.report.diff import diff_report, render_table
from kubegap.report.text import subject_label
from kubegap.sources.manifests import Reader

WIDTHS = ["40", "80", "120"]
SNAPSHOTS = Path(__file__).parent / "report" / "snapshots"
UPDATE = os.environ.get("KUBEGAP_UPDATE_SNAPSHOTS") == "1"


@pytest.fixture(scope="module")
def library():
    from kubegap.library import load_library

    return load_library()


def lines(*args: str, width: str) -> list[str]:
    result = run_cli(*args, env={"COLUMNS": width})
    assert result.returncode == 0, result.stderr
    return [line.strip() for line in result.stdout.splitlines()]


@pytest.mark.parametrize("width", WIDTHS)
def test_checks_puts_each_check_id_on_a_line_of_its_own(width, library):
    from kubegap.checks import all_checks

    listed = lines("checks", width=width)
    for check in all_checks():
        assert check.id in listed
    cases = {c for check in all_checks() for c in check.cases}
    words = {word for line in listed for word in line.split()}
    assert cases <= words


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    "command", [["cases"], ["cases", "list", "--per-page", "50"], ["cases", "search", "NCCL timeout"]]
)
def test_case_listings_put_each_case_id_on_a_line_of_its_own(command, width, library):
    listed = lines(*command, width=width)
    page = json.loads(run_cli(*command, "--format", "json").stdout)
    assert len(page["cases"]) >= 5
    assert [line for line in listed if library.case(line) is not None] == [case["id"] for case in page["cases"]]


def test_cases_list_is_the_listing_of_cases(library):
    assert lines("cases", "list", width="120") == lines("cases", width="120")


@pytest.mark.parametrize("width", WIDTHS)
def test_facets_and_stats_keep_vocabulary_terms_whole(width, library):
    facets = lines("cases", "facets", width=width)
    starts = {line.split(" (")[0] for line in facets}
    terms = [term.id for vocabulary in library.vocabularies.values() for term in vocabulary.terms]
    shown = [term for term in terms if term in starts]
    assert len(shown) > len(terms) / 2
    words = {word for line in facets for word in line.split()}
    assert not set(terms) & words - starts  # a term named anywhere starts its line
    from kubegap.library.stats import root_cause_rows

    stats = lines("cases", "stats", width=width)
    for row in root_cause_rows(library):
        assert any(line.split(" ")[0] == row.term for line in stats), row.term


@pytest.fixture(scope="module")
def diff_document() -> dict:
    def report(names):
        reader = Reader()
        reader.read_text(
            "---\n".join(
                f"apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: {name}, namespace: a-namespace-with-a-long-name}}\n"
                "spec:\n  template:\n    spec:\n      containers: [{name: db, image: 'postgres:16.1'}]\n"
                "      volumes: [{name: d, hostPath: {path: /srv}}]\n"
                for name in names
            ),
            "set.yaml",
        )
        return audit([reader.collection], audit_options(["local-storage-stateful", "requests-missing"]))

    return diff_report(
        report(["orders-database-primary", "billing"]),
        report(["billing", "orders-database-replica-with-a-long-name"]),
        "old.json",
        "new.json",
    )


@pytest.mark.parametrize("width", [40, 80, 120])
def test_diff_keeps_object_names_check_ids_and_case_ids_whole(diff_document, width):
    out = io.StringIO()
    render_table(diff_document, out, width)
    text = out.getvalue()
    words = set(text.replace(":", " ").split())
    for finding in diff_document.new_findings + diff_document.fixed_findings:
        assert subject_label(finding).split()[1] in words and finding.check_id in words and finding.cases[0] in words
        assert any(line.startswith(subject_label(finding)) for line in text.splitlines()) or width < 60
    if width in (80, 120):
        snapshot = SNAPSHOTS / f"diff-table-{width}.txt"
        if UPDATE:
            snapshot.write_text(text)
        assert text == snapshot.read_text(), (
            f"the diff changed; if intended, regenerate {snapshot.name} with KUBEGAP_UPDATE_SNAPSHOTS=1"
        )
