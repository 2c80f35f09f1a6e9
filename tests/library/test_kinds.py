"""Incidents and studies: studies of many failures stay out of incident counts and statistics."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from kubegap.library import load_library
from kubegap.library.load import Library
from kubegap.library.model import incidents_and_studies
from kubegap.library.stats import MAPPING, root_cause_rows

LIBRARY = load_library()


@pytest.mark.parametrize(
    ("incidents", "studies", "words"),
    [
        (97, 8, "97 incidents and 8 studies"),
        (1, 1, "1 incident and 1 study"),
        (3, 0, "3 incidents"),
        (0, 2, "2 studies"),
        (0, 0, "0 cases"),
    ],
)
def test_counts_in_words(incidents, studies, words):
    assert incidents_and_studies(incidents, studies) == words


def test_root_cause_statistics_count_incidents_only():
    mapped = [
        t for s in LIBRARY.studies for t in s.tags.root_cause if any(t == m or t.startswith(m + "/") for m in MAPPING)
    ]
    assert mapped, "no study carries a mapped root cause, so this test could not tell"
    incidents_only = Library(LIBRARY.incidents, LIBRARY.vocabularies)
    assert root_cause_rows(LIBRARY) == root_cause_rows(incidents_only)


def test_search_counts_studies_apart():
    everything = LIBRARY.index.search()
    assert (everything.incidents, everything.studies) == (len(LIBRARY.incidents), len(LIBRARY.studies))
    assert everything.tally == f"{len(LIBRARY.incidents)} incidents and {len(LIBRARY.studies)} studies"
    gpu = LIBRARY.index.search("stragglers")
    assert 0 < gpu.studies <= gpu.total


def test_cli_says_incidents_and_studies():
    facets = json.loads(run_cli("cases", "facets", "--format", "json").stdout)
    assert (facets["incidents"], facets["studies"]) == (len(LIBRARY.incidents), len(LIBRARY.studies))
    assert f"{len(LIBRARY.incidents)} incidents and {len(LIBRARY.studies)} studies" in run_cli("cases", "facets").stdout
    stats = run_cli("cases", "stats").stdout
    assert f"{len(LIBRARY.incidents)} library incidents" in stats and f"% of {len(LIBRARY.incidents)}" in stats
