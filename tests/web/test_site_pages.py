"""The library's pages over HTTP: the case list with every section inline, the "Check your cluster for
this" panel under every list and term page, paginated term pages, the checks catalog's counts, filters
and search, and the vocabulary, favicon and counting fixes."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from starlette.testclient import TestClient

from kubegap.checks import all_checks, get_check
from kubegap.library.load import has_term
from kubegap.library.model import VOCABULARIES
from kubegap.severity import SEVERITIES
from kubegap.web.app import create_app
from kubegap.web.links import VOCABULARY_SLUGS
from kubegap.web.render import command_lines

SECTIONS = (
    "Symptoms",
    "Trigger",
    "Root cause",
    "Component",
    "Contributing factor",
    "Detection",
    "Remediation",
    "Lessons",
)


@pytest.fixture(scope="module")
def client(library):
    return TestClient(create_app(library))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _panel(html: str) -> str:
    start = html.index('id="check-your-cluster"')
    return html[start : html.index("</section>", start)]


def _named_checks(cases) -> list[str]:
    return [c for c in dict.fromkeys(c for case in cases for c in case.checks) if get_check(c) is not None]


def _terms_by_size(library):
    """(vocabulary, term, cases) for every term with cases, most cases first."""
    rows = [
        (v, t.id, [c for c in library.cases if has_term(c, v, t.id)])
        for v in VOCABULARIES
        for t in library.vocabularies[v].terms
    ]
    return sorted([r for r in rows if r[2]], key=lambda r: -len(r[2]))


def test_full_view_shows_every_section_of_every_listed_case(client, library):
    html = client.get("/cases", params={"view": "full", "component": "networking"}).text
    listed = library.filter(component=["networking"])[:20]
    items = html[: html.index("</ol>")].split('class="case-item case-full"')[1:]
    assert len(items) == len(listed)
    for case, item in zip(listed, items, strict=True):
        assert f'href="/cases/{case.id}"' in item
        assert [h for h in re.findall(r"<h3 id=\"[^\"]+\">([^<]+)</h3>", item) if h in SECTIONS] == list(SECTIONS)
        assert _text(case.root_cause) in _text(item).replace("&#39;", "'").replace("&#34;", '"').replace("&amp;", "&")
    compact = client.get("/cases", params={"component": "networking"}).text
    assert "case-full" not in compact and 'aria-current="page">Titles<' in compact


def test_full_view_keeps_its_state_in_links_and_its_json_twin(client, library):
    html = client.get("/cases", params={"view": "full", "root_cause": "change"}).text
    assert 'href="/cases?root_cause=change&amp;page=2&amp;view=full"' in html
    assert '<input type="hidden" name="view" value="full">' in html
    twin = client.get("/cases.json", params={"view": "full", "root_cause": "change"}).json()
    assert twin["view"] == "full" and twin["cases"][0]["lessons"] == list(
        library.filter(root_cause=["change"])[0].lessons
    )
    assert client.get("/cases", params={"view": "wide"}).status_code == 400


def test_panel_names_every_active_filter_and_the_search(client, library):
    filters = {"component": ["networking/cilium"], "root_cause": ["change"]}
    cases = [c for c in library.index.search("network", filters, 1, 500).cases]
    html = client.get("/cases", params={**filters, "q": "network"}).text
    cilium, change = library.term("component", "networking/cilium").name, library.term("root_cause", "change").name
    subject = "This case involves" if len(cases) == 1 else f"These {len(cases)} cases involve"
    verb, match = ("has", "matches") if len(cases) == 1 else ("have", "match")
    assert f"{subject} {cilium}, {verb} the root cause {change} and {match} the search “network”." in _text(
        _panel(html)
    )


@pytest.mark.parametrize(
    "params",
    [{}, {"component": "gpu"}, {"symptom": "impact/full-outage", "q": "dns"}, {"contributing_factor": "config"}],
)
def test_panel_command_runs_exactly_the_checks_the_listed_cases_name(client, library, params):
    filters = {k: [v] for k, v in params.items() if k != "q"}
    cases = library.index.search(params.get("q"), filters, 1, 500).cases
    expected = _named_checks(cases)
    data = client.get("/cases.json", params=params).json()["check_your_cluster"]
    assert data["checks"] == expected
    flags = [] if set(expected) == {c.id for c in all_checks()} else expected
    assert data["commands"]["cluster"] == " ".join(["kubegap audit", *(f"--check {c}" for c in flags)])
    assert data["cases_naming_no_check"] == sum(1 for c in cases if not c.checks)
    panel = _panel(client.get("/cases", params=params).text)
    assert all(f'href="/checks/{c}"' in panel for c in expected)


def test_panel_says_so_when_the_cases_name_no_check(client, library):
    vocabulary, term, _cases = next(r for r in _terms_by_size(library) if not _named_checks(r[2]))
    html = client.get(f"/{VOCABULARY_SLUGS[vocabulary]}/{term}").text
    panel = _panel(html)
    assert re.search(r"(These cases name|This case names) no check", _text(panel))
    assert 'class="command"' not in panel


def test_term_pages_paginate_and_link_to_the_filterable_list(client, library):
    vocabulary, term, cases = _terms_by_size(library)[0]
    assert len(cases) > 20
    slug = VOCABULARY_SLUGS[vocabulary]
    seen, page = [], 1
    while True:
        data = client.get(f"/{slug}/{term}.json", params={"page": page}).json()
        assert data["total"] == len(cases)
        seen += [c["id"] for c in data["cases"]]
        if page == data["pages"]:
            break
        page += 1
    assert seen == [c.id for c in cases]
    html = client.get(f"/{slug}/{term}", params={"page": 2}).text
    assert f"21 to {min(40, len(cases))} of {len(cases)}" in html and 'rel="prev"' in html
    link = re.search(r'<a href="([^"]+)" id="filter-link">', html).group(1).replace("&amp;", "&")
    assert client.get(link + "&_format=json").json()["total"] == len(cases)
    assert client.get(f"/{slug}/{term}", params={"page": page + 1}).status_code == 400
    panel = client.get(f"/{slug}/{term}.json").json()["check_your_cluster"]
    assert panel["checks"] == _named_checks(cases)


def test_checks_catalog_counts_by_category_and_severity(client):
    html = client.get("/checks").text
    checks = all_checks()
    for name, counts in (
        ("category", Counter(c.category for c in checks)),
        ("severity", Counter(c.severity for c in checks)),
    ):
        block = html[html.index(f'data-filter="{name}"') :]
        block = block[: block.index("</ul>")]
        shown = {v: int(n) for v, n in re.findall(r'data-value="([^"]+)".*?<span class="count">(\d+)</span>', block)}
        assert shown == dict(counts)


def test_checks_catalog_filters_by_category_and_severity_in_the_url(client):
    checks = all_checks()
    category = Counter(c.category for c in checks).most_common(1)[0][0]
    severity = next(s for s in SEVERITIES if any(c.category == category and c.severity == s for c in checks))
    data = client.get("/checks.json", params={"category": category, "severity": severity}).json()
    assert [c["id"] for c in data] == [c.id for c in checks if c.category == category and c.severity == severity]
    html = client.get("/checks", params={"category": category}).text
    assert f'href="/checks?category={category}&amp;severity={severity}"' in html
    assert client.get("/checks", params={"severity": "urgent"}).status_code == 400


def test_checks_catalog_searches_ids_titles_and_documentation(client):
    by_id = client.get("/checks.json", params={"q": "nccl-timeouts-unset"}).json()
    assert by_id[0]["id"] == "nccl-timeouts-unset"
    fix_words = client.get("/checks.json", params={"q": "PodDisruptionBudget"}).json()
    assert fix_words and all(
        "pdb" in c["id"] or "disruption" in (c["title"] + str(c["documentation"])).lower() for c in fix_words[:3]
    )
    assert client.get("/checks.json", params={"q": "zzzqqq"}).json() == []
    assert "No check matches." in client.get("/checks", params={"q": "zzzqqq"}).text


def test_one_case_is_not_cases(client, library):
    vocabulary, term, _cases = next(r for r in reversed(_terms_by_size(library)) if len(r[2]) == 1)
    html = client.get(f"/{VOCABULARY_SLUGS[vocabulary]}/{term}").text
    assert re.search(r">1 (incident|study)<", html) and not re.search(r"\b1 (cases|incidents|studies)\b", html)
    one = library.cases[0]
    assert re.search(r">1 (incident|study)<", client.get("/cases", params={"q": f'"{one.title}"'}).text)


def test_vocabulary_names_are_whole(library):
    for vocabulary in library.vocabularies.values():
        for term in vocabulary.terms:
            assert term.name.count("(") == term.name.count(")"), f"{vocabulary.name}: {term.id}: {term.name!r}"


def test_every_page_has_a_favicon_and_the_copy_script(client):
    from urllib.parse import unquote

    from kubegap.web.render import STATIC_DIR

    for path in ("/", "/cases", "/checks", "/component/gpu"):
        html = client.get(path).text
        icon = re.search(r'<link rel="icon" type="image/svg\+xml" href="data:image/svg\+xml,([^"]+)">', html).group(1)
        assert (
            unquote(icon.replace("&#34;", '"').replace("&#39;", "'"))
            == (STATIC_DIR / "favicon.svg").read_text().strip()
        )
        assert '<script src="/static/site.js" defer></script>' in html


def test_long_commands_break_one_check_a_line_and_stay_one_shell_command():
    short = "kubegap audit --check a --check b PATH"
    assert command_lines(short) == short
    long = "kubegap audit --check a --check b --check c --check d PATH"
    lines = command_lines(long).split("\n")
    assert lines[0] == "kubegap audit \\" and lines[-1] == "  --check d PATH"
    assert " ".join(line.rstrip("\\").strip() for line in lines) == long


def test_script_payloads_stay_inert_in_the_full_view_and_the_panel(hostile_library):
    from web.conftest import PAYLOAD

    client = TestClient(create_app(hostile_library))
    for params in ({"view": "full"}, {"view": "full", "q": PAYLOAD}, {"q": PAYLOAD, "component": "networking/cilium"}):
        html = client.get("/cases", params=params).text
        assert "<script>alert" not in html and "<img src=x" not in html
    full = client.get("/cases", params={"view": "full"}).text
    assert "Symptoms &lt;script&gt;alert(" in full and "Root cause &lt;script&gt;alert(" in full


def test_new_pages_have_no_inline_script_or_style(client):
    for path in ("/cases?view=full", "/component/gpu?page=1", "/checks?severity=high&q=probe"):
        html = client.get(path).text
        assert "<style" not in html and " style=" not in html and "<script>" not in html and "onclick" not in html
