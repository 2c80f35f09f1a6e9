"""The library's pages in a real browser: a phone sees the first case on its first screen with the
filters folded; a desktop sees the filters open beside the results; the full view, the panel and the
copy buttons work, with and without JavaScript; term pages and the full view in the static site."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect
from web.conftest import follow, screenshot

from kubegap.library.load import has_term
from kubegap.library.model import count_kinds, incidents_and_studies

PHONE = {"width": 390, "height": 844}
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


@pytest.fixture
def phone(browser):
    from web.conftest import Watched

    context = browser.new_context(viewport=PHONE)
    watched = Watched(context)
    yield watched
    context.close()
    assert not watched.outside and not watched.errors, (watched.outside, watched.errors)


@pytest.fixture
def no_script(browser):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    yield context.new_page()
    context.close()


def _first_case_is_on_the_first_screen(page) -> None:
    top = page.locator("#case-list > li").first.bounding_box()["y"]
    assert top < PHONE["height"] - 100, f"the first case starts at {top}px"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("query", ["", "?view=full", "?root_cause=change&view=full", "?q=dns"])
def test_on_a_phone_the_first_case_starts_on_the_first_screen(phone, site_server, artifacts, query):
    page = phone.page
    page.goto(site_server + "/cases" + query)
    _first_case_is_on_the_first_screen(page)
    facet = page.locator('ul[data-vocabulary="component"] a[data-term]').first
    assert not facet.is_visible()
    page.locator(".facet-box > summary").click()
    assert facet.is_visible()
    if not query:
        screenshot(page, artifacts, "cases-phone-filters-open")
        follow(page, facet)
        assert "component=" in page.url
        _first_case_is_on_the_first_screen(page)
        screenshot(page, artifacts, "cases-phone")


def test_on_a_phone_without_javascript_too(no_script, site_server):
    no_script.goto(site_server + "/cases?view=full")
    _first_case_is_on_the_first_screen(no_script)
    no_script.locator(".facet-box > summary").click()
    assert no_script.locator('ul[data-vocabulary="symptom"] a[data-term]').first.is_visible()
    command = no_script.locator("#check-your-cluster code.command").first
    assert command.inner_text().startswith("kubegap audit") and no_script.locator("button.copy").count() == 0


def test_on_a_desktop_the_filters_stay_open_beside_the_results(watched, site_server):
    page = watched.page
    page.goto(site_server + "/cases")
    facet = page.locator('ul[data-vocabulary="root_cause"] a[data-term]').first
    assert facet.is_visible()
    results, facets = page.locator("section.results").bounding_box(), page.locator("aside.facets").bounding_box()
    assert facets["x"] > results["x"] + results["width"] - 1


def test_full_view_from_the_list_keeps_filters_and_shows_sections(watched, site_server, library, artifacts):
    page = watched.page
    page.goto(site_server + "/cases?component=gpu")
    follow(page, page.get_by_role("navigation", name="Show each case").get_by_role("link", name="With sections"))
    assert parse_qs(urlsplit(page.url).query) == {"component": ["gpu"], "view": ["full"]}
    gpu = [c for c in library.cases if has_term(c, "component", "gpu")]
    items = page.locator("#case-list > li")
    assert items.count() == min(20, len(gpu))
    first = items.first
    assert [h for h in first.locator("h3").all_inner_texts() if h.capitalize() in {s.capitalize() for s in SECTIONS}]
    assert first.locator("h2").inner_text() == gpu[0].title
    assert first.locator("section.case-section").count() >= len(SECTIONS)
    screenshot(page, artifacts, "cases-full")
    follow(page, page.locator('ul[data-vocabulary="symptom"] a[data-term]').first)
    assert parse_qs(urlsplit(page.url).query)["view"] == ["full"]
    page.set_viewport_size(PHONE)
    screenshot(page, artifacts, "cases-full-phone")


def test_panel_copy_button_copies_the_command(browser, site_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_server)
    try:
        page = context.new_page()
        page.goto(site_server + "/component/gpu/nccl")
        panel = page.locator("#check-your-cluster")
        command = panel.locator("code.command").first.inner_text()
        panel.locator("button.copy").first.click()
        expect(panel.locator("button.copy").first).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()") == command
        assert command.startswith("kubegap audit --check ")
    finally:
        context.close()


def test_term_page_walks_its_pages_and_opens_the_filterable_list(watched, site_server, library, artifacts):
    page = watched.page
    change = [c for c in library.cases if has_term(c, "root_cause", "change")]
    page.goto(site_server + "/root-cause/change")
    seen = []
    while True:
        seen += [a.get_attribute("href").rsplit("/", 1)[-1] for a in page.locator("#case-list a.case-title").all()]
        following = page.locator("#pagination a[rel=next]")
        if not following.count():
            break
        with page.expect_navigation():
            following.click()
    assert seen == [c.id for c in change]
    screenshot(page, artifacts, "term-last-page")
    follow(page, page.locator("#filter-link"))
    assert parse_qs(urlsplit(page.url).query) == {"root_cause": ["change"]}
    assert page.locator("#case-count").inner_text() == incidents_and_studies(*count_kinds(change))


def test_checks_catalog_filters_and_searches(watched, site_server, artifacts):
    from kubegap.checks import all_checks

    page = watched.page
    page.goto(site_server + "/checks")
    screenshot(page, artifacts, "checks")
    follow(page, page.locator('ul[data-filter="severity"] a[data-value="high"]'))
    assert parse_qs(urlsplit(page.url).query) == {"severity": ["high"]}
    assert {s.lower() for s in page.locator("table.checks tbody .sev").all_inner_texts()} == {"high"}
    assert page.locator("table.checks tbody tr").count() == sum(1 for c in all_checks() if c.severity == "high")
    page.get_by_label("Search check ids, titles and documentation").fill("webhook")
    follow(page, page.get_by_role("button", name="Search"))
    assert parse_qs(urlsplit(page.url).query) == {"q": ["webhook"], "severity": ["high"]}
    assert "webhook" in page.locator("table.checks tbody tr").first.inner_text().lower()


def test_static_site_has_the_full_view_and_paginated_term_pages(watched, static_site, site_server, library):
    url, directory = static_site
    page = watched.page
    for query in ("dns", "nccl timeout", "kernel OR firmware", "pod", "stragglers"):
        page.goto(site_server + "/cases?q=" + query)
        served = page.locator("#check-your-cluster").inner_text()
        page.goto(url + "/cases/index.html?q=" + query)
        page.wait_for_function(f"document.getElementById('case-count').textContent !== '{len(library.cases)} cases'")
        assert page.locator("#check-your-cluster").inner_text() == served, query
        assert (
            page.locator("#check-your-cluster button.copy").count()
            == page.locator("#check-your-cluster code.command").count()
        )
    page.goto(url + "/cases/index.html")
    follow(page, page.get_by_role("link", name="With sections"))
    assert page.url.endswith("/cases/full.html")
    assert page.locator("#case-list > li").count() == min(20, len(library.cases))
    assert page.locator("#check-your-cluster code.command").count() == 2
    follow(page, page.locator("#pagination a[rel=next]"))
    assert page.url.endswith("/cases/full-page-2.html") and page.locator("#case-list section.case-section").count() > 0
    change = [c for c in library.cases if has_term(c, "root_cause", "change")]
    page.goto(url + "/root-cause/change.html")
    follow(page, page.locator("#pagination a[rel=next]"))
    assert page.url.endswith("/root-cause/change/page-2.html")
    assert page.locator("#case-range").inner_text() == f"21 to {min(40, len(change))} of {len(change)}"
    with page.expect_navigation():
        page.locator("#pagination a[rel=prev]").click()
    assert page.url.endswith("/root-cause/change.html")
    assert (directory / "static" / "favicon.svg").exists()


def _catalog(page) -> tuple[list[str], dict[str, str]]:
    rows = page.locator("table.checks tbody tr:visible").evaluate_all("rs => rs.map(r => r.dataset.id)")
    counts = page.locator("ul.counts li:visible").evaluate_all(
        "ls => ls.map(l => [l.parentNode.dataset.filter + ':' + l.querySelector('a').dataset.value, l.querySelector('.count').textContent])"
    )
    return rows, dict(counts)


@pytest.mark.parametrize(
    "query",
    [
        "?severity=high",
        "?q=webhook",
        "?q=probe&severity=medium&severity=high",
        "?category=workloads&category=dns",
        "?q=zzzqqq",
    ],
)
def test_static_checks_catalog_filters_and_searches_as_the_server_does(watched, static_site, site_server, query):
    url, _ = static_site
    page = watched.page
    page.goto(site_server + "/checks" + query)
    served = _catalog(page), page.locator("#check-range").inner_text()
    page.goto(url + "/checks/index.html" + query)
    page.wait_for_function("!document.getElementById('check-range').hidden")
    assert (_catalog(page), page.locator("#check-range").inner_text()) == served
    assert page.locator("#no-check").is_visible() == (not served[0][0])
