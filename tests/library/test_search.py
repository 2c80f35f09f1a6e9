"""Search, facets, related cases, stats and export over the shipped library."""

from __future__ import annotations

import csv
import io
import json
from importlib import resources

import jsonschema
import pytest
import yaml
from conftest import run_cli

from kubegap.library import load_library
from kubegap.library.model import Case

LIBRARY = load_library()
CASE_SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "case.schema.json").read_text())


def test_shipped_case_schema_matches_the_model():
    generated = Case.model_json_schema()
    shipped = {k: v for k, v in CASE_SCHEMA.items() if k not in ("$schema", "$id")}
    assert shipped == json.loads(json.dumps(generated))


@pytest.mark.parametrize("case", LIBRARY.cases, ids=lambda c: c.id)
def test_each_case_is_found_by_words_of_its_own_root_cause(case):
    words = [w for w in case.root_cause.replace(",", " ").split() if len(w) > 6 and w.isalpha()][:3]
    if len(words) < 2:
        pytest.skip("root cause too short to sample")
    ids = LIBRARY.index.ranked_ids(" ".join(words))
    assert case.id in ids


def test_search_ranks_and_filters():
    result = LIBRARY.index.search("NCCL timeout", {"component": ["gpu"]})
    assert result.total >= 1
    assert all(any(t.startswith("gpu/") for t in c.tags.component) for c in result.cases)
    assert result.cases[0].id == "bytedance-2024-megascale-nic-flapping" or result.total > 1


def test_facet_counts_match_the_filtered_result():
    everything = LIBRARY.index.search(None, {}, 1, 1000)
    for vocabulary, counts in everything.facets.items():
        for term, count in counts:
            narrowed = LIBRARY.index.search(None, {vocabulary: [term]}, 1, 1000)
            assert narrowed.total == count, (vocabulary, term)


def test_pagination_walks_every_case_once():
    seen = []
    page = 1
    while True:
        result = LIBRARY.index.search(None, {}, page, 7)
        seen += [c.id for c in result.cases]
        if page >= result.pages:
            break
        page += 1
    assert sorted(seen) == sorted(c.id for c in LIBRARY.cases)


def test_related_cases_share_at_least_two_components_or_root_causes():
    for case in LIBRARY.cases:
        for other, shared in LIBRARY.index.related(case):
            assert other.id != case.id and len(shared) >= 2
            assert set(shared) & (set(other.tags.component) | set(other.tags.root_cause))


def test_cli_search_json_and_table():
    result = run_cli("cases", "search", "systemd-networkd", "--format", "json")
    data = json.loads(result.stdout)
    first = {c["id"] for c in data["cases"][:2]}  # the two cases that name systemd-networkd in their titles
    assert first == {
        "datadog-2023-systemd-networkd-cilium-outage",
        "kops-user-2025-systemd-networkd-restart-flushes-aws-vpc-cni-rules",
    }
    assert {"root_cause", "component", "symptom", "contributing_factor"} <= set(data["facets"])
    table = run_cli("cases", "search", "systemd-networkd")
    assert "1 to" in table.stdout and "datadog" in table.stdout


def test_cli_facets_and_stats():
    facets = json.loads(run_cli("cases", "facets", "--format", "json").stdout)
    assert facets["total"] == len(LIBRARY.cases)
    stats = json.loads(run_cli("cases", "stats", "--format", "json").stdout)
    assert stats["incidents"] == len(LIBRARY.incidents) and stats["study"]["denominator"] == 354
    assert stats["studies_left_out"] == len(LIBRARY.studies) > 0
    assert sum(r["study_count"] or 0 for r in stats["rows"]) > 0
    assert "% of 354" in run_cli("cases", "stats").stdout


@pytest.mark.parametrize("fmt", ["json", "yaml", "csv"])
def test_export_round_trips(fmt):
    out = run_cli("cases", "export", "--format", fmt).stdout
    if fmt == "json":
        cases = json.loads(out)
        for case in cases:
            jsonschema.validate(case, CASE_SCHEMA)
    elif fmt == "yaml":
        cases = list(yaml.safe_load_all(out))
        for case in cases:
            Case.model_validate(case)
    else:
        cases = list(csv.DictReader(io.StringIO(out)))
    assert {c["id"] for c in cases} == {c.id for c in LIBRARY.cases}
