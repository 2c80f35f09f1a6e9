"""The website in a real browser (Debian's Chromium, headless, through Playwright): facets, search,
pagination, every section of every case, the back button, the static site and the report viewer.
Every page is watched for console errors and for any request that would leave localhost."""

from __future__ import annotations

import re
import subprocess
import sys
from urllib.parse import parse_qs, urlsplit

from conftest import run_cli
from playwright.sync_api import expect
from web.conftest import PAYLOAD, ThreadedServer, follow, free_port, screenshot, wait_until_up

from kubegap.library.load import has_term
from kubegap.library.model import incidents_and_studies

SECTIONS = (
    "Symptoms",
    "Trigger",
    "Root cause",
    "Component",
    "Contributing factor",
    "Detection",
    "Remediation",
    "Lessons",
    "Sources",
    "Check your cluster for this",
    "Related cases",
)
NAV = ("Root cause", "Component", "Symptom", "Contributing factor", "Case", "Checks")


def _count(page) -> int:
    """Every case the heading counts: "97 incidents and 8 studies" is 105."""
    heading = page.locator("#case-count").inner_text()
    return sum(int(n) for n in re.findall(r"(\d+) (?:incidents?|stud(?:y|ies)|cases?)", heading))


def _facet_count(page, vocabulary: str, term: str) -> int:
    return int(page.locator(f'ul[data-vocabulary="{vocabulary}"] a[data-term="{term}"] .count').text_content())


def _listed_ids(page) -> list[str]:
    return [
        href.rsplit("/", 1)[-1].removesuffix(".html")
        for href in page.locator("#case-list a.case-title").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    ]


def test_facets_narrow_the_list_update_counts_and_url(watched, site_server, library, artifacts):
    page = watched.page
    page.goto(site_server + "/cases")
    for label in NAV:
        assert page.get_by_role("navigation", name="Main").get_by_role("link", name=label, exact=True).is_visible()
    assert _count(page) == len(library.cases)
    assert page.locator("#case-range").inner_text() == f"1 to {min(20, len(library.cases))} of {len(library.cases)}"
    screenshot(page, artifacts, "cases")

    component = "networking/cni"
    follow(page, page.locator(f'ul[data-vocabulary="component"] a[data-term="{component}"]'))
    expected = [c for c in library.cases if has_term(c, "component", component)]
    assert parse_qs(urlsplit(page.url).query) == {"component": [component]}
    assert _count(page) == len(expected) == _facet_count(page, "component", component)
    assert set(_listed_ids(page)) == {c.id for c in expected[:20]}

    symptom_link = page.locator('ul[data-vocabulary="symptom"] a[data-term]').first
    symptom = symptom_link.get_attribute("data-term")
    follow(page, symptom_link)
    both = [c for c in expected if has_term(c, "symptom", symptom)]
    assert parse_qs(urlsplit(page.url).query) == {"component": [component], "symptom": [symptom]}
    assert _count(page) == len(both) == _facet_count(page, "symptom", symptom) < len(library.cases)
    assert _facet_count(page, "component", component) == len(both)
    chips = page.get_by_role("list", name="Active filters").locator("a.chip")
    assert chips.count() == 2
    screenshot(page, artifacts, "cases-filtered")

    follow(page, chips.first)
    assert parse_qs(urlsplit(page.url).query) == {"symptom": [symptom]}
    assert _count(page) == len([c for c in library.cases if has_term(c, "symptom", symptom)])


def test_search_finds_a_case_by_a_phrase_from_its_root_cause(watched, site_server, library):
    page = watched.page
    case = next(c for c in library.cases if c.id == "datadog-2023-systemd-networkd-cilium-outage")
    phrase = " ".join(case.root_cause.split()[12:17])
    page.goto(site_server + "/cases")
    page.get_by_label("Search every section of every case").fill(f'"{phrase}"')
    follow(page, page.get_by_role("button", name="Search"))
    assert parse_qs(urlsplit(page.url).query)["q"] == [f'"{phrase}"']
    assert case.id in _listed_ids(page)
    assert _count(page) < len(library.cases)
    assert page.get_by_role("list", name="Active filters").locator("a.chip").first.inner_text().startswith("Search:")


def test_pagination_walks_every_case(watched, site_server, library):
    page = watched.page
    page.goto(site_server + "/cases")
    seen, pages = [], 0
    while True:
        pages += 1
        seen.extend(_listed_ids(page))
        first = (pages - 1) * 20 + 1
        assert (
            page.locator("#case-range").inner_text()
            == f"{first} to {min(first + 19, len(library.cases))} of {len(library.cases)}"
        )
        following = page.locator("#pagination a[rel=next]")
        if not following.count():
            break
        follow(page, following)
    assert seen == [c.id for c in library.cases]
    assert pages == -(-len(library.cases) // 20)


def test_every_case_page_shows_every_section(watched, site_server, library, artifacts):
    page = watched.page
    for case in library.cases:
        page.goto(f"{site_server}/cases/{case.id}")
        assert page.locator("h1").inner_text() == case.title
        assert case.organization in page.locator("article header .meta").inner_text()
        headings = page.locator("article h2").all_inner_texts()
        assert [h for h in headings if h in SECTIONS] == list(SECTIONS), case.id
        panel = page.locator("#check-your-cluster").inner_text()
        if case.no_check_reason:
            assert case.no_check_reason[:40] in panel
        else:
            assert all(c in panel for c in case.checks)
        if not case.detection:
            assert "Not stated in the sources." in page.locator("#detection").inner_text()
        assert page.locator("#sources a").count() == len(case.sources)
    page.goto(f"{site_server}/cases/datadog-2023-systemd-networkd-cilium-outage")
    command = page.locator("#check-your-cluster code.command").first.inner_text()
    assert command == "kubegap audit --case datadog-2023-systemd-networkd-cilium-outage PATH"
    follow(page, page.locator("#check-your-cluster a").first)
    assert page.url.endswith("/checks/networkd-foreign-routes")
    screenshot(page, artifacts, "check")
    page.go_back()
    screenshot(page, artifacts, "case")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, artifacts, "case-mobile")


def test_back_button_restores_state(watched, site_server, library):
    page = watched.page
    page.goto(site_server + "/cases")
    with page.expect_navigation():
        page.locator('ul[data-vocabulary="root_cause"] a[data-term]').first.click()
    filtered_url, filtered_count = page.url, _count(page)
    page.locator("#q").fill("dns")
    with page.expect_navigation():
        page.get_by_role("button", name="Search").click()
    assert "q=dns" in page.url
    page.go_back(wait_until="load")
    page.wait_for_url(filtered_url)
    assert _count(page) == filtered_count
    page.go_back(wait_until="load")
    assert _count(page) == len(library.cases)
    page.go_forward(wait_until="load")
    page.wait_for_url(filtered_url)


def test_vocabulary_and_component_pages(watched, site_server, library, artifacts):
    page = watched.page
    page.goto(site_server + "/")
    follow(page, page.get_by_role("navigation", name="Main").get_by_role("link", name="Component", exact=True))
    assert page.locator("h1").inner_text() == "By component"
    assert page.locator("table.terms tbody tr").count() == len(library.vocabularies["component"].terms)
    screenshot(page, artifacts, "component")
    follow(page, page.get_by_role("link", name=library.term("component", "networking/cilium").name, exact=True).first)
    cilium = [c for c in library.cases if has_term(c, "component", "networking/cilium")]
    assert page.locator("ol.cases li").count() == len(cilium)
    together = page.locator("text=/^Cilium and /").first
    follow(page, together)
    assert re.match(r"^(These \d+ cases involve|This case involves) Cilium and ", page.locator(".involve").inner_text())


def test_report_viewer_from_the_command_line(watched, demo_report, library, artifacts):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kubegap", "serve", "--port", str(port), "--report", str(demo_report)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url + "/", server)
        page = watched.page
        page.goto(url + "/")
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Report").click()
        assert page.locator("h1").inner_text() == "Audit report"
        expect(page.locator("li.finding").first).to_be_visible()
        assert page.locator("#coverage").is_visible()
        screenshot(page, artifacts, "report")
        page.locator(".check-group .cited a").first.click()
        # the click only starts the navigation: wait for the case page rather than race it
        expect(page).to_have_url(re.compile(r"/cases/[^/]+$"))
        expect(page.locator("#check-your-cluster")).to_be_visible()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_script_payloads_stay_inert_in_the_browser(watched, hostile_library):
    from kubegap.web.app import create_app

    with ThreadedServer(create_app(hostile_library)) as server:
        page = watched.page
        page.goto(server.url + "/cases/hostile-2024-script-payloads")
        assert page.locator("h1").inner_text() == "Title " + PAYLOAD
        page.goto(server.url + "/cases?q=" + "alert")
        assert page.locator("#case-list a").first.inner_text() == "Title " + PAYLOAD
    assert not watched.dialogs


def test_static_site_from_a_plain_file_server(watched, static_site, library, artifacts):
    url, directory = static_site
    page = watched.page
    page.goto(url + "/index.html")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Case", exact=True).click()
    assert _count(page) == len(library.cases)
    seen = []
    while True:
        seen.extend(_listed_ids(page))
        following = page.locator("#pagination a[rel=next]")
        if not following.count():
            break
        following.click()
    assert seen == [c.id for c in library.cases]

    case = next(c for c in library.cases if c.id == "datadog-2023-systemd-networkd-cilium-outage")
    phrase = " ".join(case.root_cause.split()[12:17])
    page.locator("#q").fill(f'"{phrase}"')
    page.get_by_role("button", name="Search").click()
    everything = incidents_and_studies(len(library.incidents), len(library.studies))
    page.wait_for_function(f"document.getElementById('case-count').textContent !== '{everything}'")
    assert case.id in _listed_ids(page)
    screenshot(page, artifacts, "static-search")
    page.locator("#case-list a", has_text=case.title).click()
    assert [h for h in page.locator("article h2").all_inner_texts() if h in SECTIONS] == list(SECTIONS)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Root cause", exact=True).click()
    assert page.locator("h1").inner_text() == "By root cause"
    page.locator("table.terms tbody a").first.click()
    assert page.locator("h1").is_visible()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Checks", exact=True).click()
    page.locator("table.checks tbody a").first.click()
    expect(page.get_by_role("heading", name="What it checks")).to_be_visible()
    assert (directory / "cases" / f"{case.id}.json").exists() and (directory / "search-index.js").exists()


def test_cli_help_for_web_commands():
    assert run_cli("serve", "--help").returncode == 0
    assert "DIR" in run_cli("site", "build", "--help").stdout


def test_the_guard_stops_requests_that_would_leave_localhost(browser, site_server):
    from web.conftest import Watched

    context = browser.new_context()
    try:
        guard = Watched(context)
        guard.page.set_content(f'<img src="https://cdn.example.org/x.png"><img src="{site_server}/static/style.css">')
        guard.page.wait_for_load_state("networkidle")
        assert guard.outside == ["https://cdn.example.org/x.png"]
    finally:
        context.close()
