"""The address is the page's whole state, so a query parameter the page does not read is a 400 that
names the one meant; the "Check your cluster for this" panel names the listed cases' components, says
it runs from Claude Code or Codex, and gives the shortest command that runs exactly their checks."""

from __future__ import annotations

from collections import Counter

import pytest
from starlette.testclient import TestClient

from kubegap.web.app import create_app


@pytest.fixture(scope="module")
def client(library):
    return TestClient(create_app(library, None))


@pytest.mark.parametrize(
    "url, named, meant",
    [
        ("/cases?compnent=gpu/nccl", "compnent", "component"),
        ("/cases?rootcause=hardware", "rootcause", "root-cause"),
        ("/checks?severty=high", "severty", "severity"),
        ("/component/gpu/nccl?pgae=2", "pgae", "page"),
        ("/cases/datadog-2023-systemd-networkd-cilium-outage?format=json", "format", None),
    ],
)
def test_an_unknown_query_parameter_is_a_400_naming_the_right_one(client, url, named, meant):
    response = client.get(url)
    assert response.status_code == 400
    message = response.text.replace("&#39;", "'")
    assert f"This page has no query parameter '{named}'" in message
    if meant:
        assert f"Did you mean '{meant}'?" in message
    as_json = client.get(url + "&_format=json")
    assert as_json.status_code == 400 and named in as_json.json()["error"]


@pytest.mark.parametrize("slug, name", [("root-cause", "root_cause"), ("contributing-factor", "contributing_factor")])
def test_filters_take_the_hyphenated_spelling_of_the_paths(client, library, slug, name):
    term = next(t.id for t in library.vocabularies[name].terms if "/" in t.id)
    hyphenated = client.get(f"/cases.json?{slug}={term}").json()
    assert hyphenated == client.get(f"/cases.json?{name}={term}").json()
    assert hyphenated["filters"] == {name: [term]} and hyphenated["total"] < len(library.cases)


def test_the_panel_names_the_components_the_listed_cases_involve(client, library):
    panel = client.get("/root-cause/hardware.json").json()["check_your_cluster"]
    assert (
        panel["sentence"].startswith("These ")
        and " have the root cause Hardware failure and involve " in panel["sentence"]
    )
    cases = library.index.search(None, {"root_cause": ["hardware"]}, 1, len(library.cases)).cases
    involved = Counter(term for case in cases for term in case.tags.of("component") if "/" in term)
    most = library.term_name("component", min(involved, key=lambda term: (-involved[term], term)))
    assert f"involve {most}, " in panel["sentence"] and "other components" in panel["sentence"]
    assert (
        client.get("/cases.json?component=networking/cilium").json()["check_your_cluster"]["sentence"]
        == "This case involves Cilium."
    )


def test_the_panel_says_it_runs_from_claude_code_or_codex_and_gives_the_short_case_command(client):
    page = client.get("/cases?component=networking/cilium").text
    assert "from Claude Code or Codex" in page
    commands = client.get("/cases.json?component=networking/cilium").json()["check_your_cluster"]["commands"]
    assert commands == {
        "cluster": "kubegap audit --case datadog-2023-systemd-networkd-cilium-outage",
        "manifests": "kubegap audit --case datadog-2023-systemd-networkd-cilium-outage PATH",
    }
    many = client.get("/cases.json").json()["check_your_cluster"]["commands"]
    assert many["cluster"] == "kubegap audit"  # every check: the plain audit, shorter than any flag list
