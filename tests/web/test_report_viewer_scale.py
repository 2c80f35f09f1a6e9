"""The report viewer reads as the library pages do: charts of findings by severity and by namespace,
filters with counts, findings grouped by check with their counts, evidence as values, a page at a
time, so that a report of 34,000 findings opens quickly and a phone never scrolls sideways."""

from __future__ import annotations

import json
import re
import time
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect
from support.big_reports import many_findings
from web.conftest import PAYLOAD, ThreadedServer, screenshot

PAGE = 50


@pytest.fixture(scope="module")
def big_report(demo_report) -> dict:
    report = many_findings(json.loads(demo_report.read_text()), 34_000)
    report["findings"][0]["object"]["name"] = PAYLOAD  # inserted as text, never as markup
    return report


@pytest.fixture(scope="module")
def big_server(library, big_report):
    from kubegap.report.document import Report
    from kubegap.web.app import create_app

    with ThreadedServer(create_app(library, Report.from_json(big_report))) as server:
        yield server.url


def test_34000_findings_open_quickly_a_page_at_a_time(browser, big_server, big_report, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.monotonic()
    page.goto(big_server + "/report")
    expect(page.locator("#shown")).to_have_text("Showing 34000 of 34000 findings", timeout=30_000)
    opened = time.monotonic() - started
    assert opened < 15, f"{opened:.1f} s to show the first page"
    assert page.locator("li.finding").count() == PAGE
    assert "page 1 of 680" in page.locator("#shown-detail").inner_text()
    page.locator("#report-pages button", has_text="Next").click()
    assert "page=2" in page.url and "page 2 of 680" in page.locator("#shown-detail").inner_text()
    assert page.locator("li.finding").count() == PAGE
    screenshot(page, artifacts, "report-viewer-34000")
    page.locator("#filter-text").fill('alert("xss")')
    expect(page.locator("#shown")).to_have_text("Showing 1 of 34000 findings")
    assert PAYLOAD in page.locator("li.finding .object").inner_text() and not errors  # text: no alert, no error
    context.close()


def test_charts_count_by_severity_and_namespace_and_a_namespace_filters(browser, big_server, big_report):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(big_server + "/report")
    expect(page.locator("#shown")).to_have_text(re.compile("Showing 34000"), timeout=30_000)
    by_severity = {s: n for s, n in big_report["summary"]["by_severity"].items() if n}
    rows = page.locator("#chart-severity li")
    assert rows.count() == len(by_severity)
    assert [rows.nth(i).locator(".n").inner_text() for i in range(rows.count())] == [
        str(n) for n in by_severity.values()
    ]
    namespace = page.locator("#chart-namespace a").first
    name, count = namespace.inner_text(), int(page.locator("#chart-namespace li .n").first.inner_text())
    namespace.click()
    expect(page.locator("#shown")).to_have_text(f"Showing {count} of 34000 findings")
    assert f"namespace={name}" in unquote(page.url)
    assert page.locator("#filter-namespace").input_value() == name
    page.locator("#filter-reset").click()
    expect(page.locator("#shown")).to_have_text("Showing 34000 of 34000 findings")
    context.close()


def test_findings_are_grouped_by_check_with_counts_and_evidence_as_values(browser, site_server, demo_report):
    report = json.loads(demo_report.read_text())
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(site_server + "/report")
    page.locator("#report-file").set_input_files(str(demo_report))
    expect(page.locator("#shown")).to_have_text(
        f"Showing {len(report['findings'])} of {len(report['findings'])} findings"
    )
    per_check: dict[str, int] = {}
    for f in report["findings"]:
        per_check[f["check_id"]] = per_check.get(f["check_id"], 0) + 1
    groups = page.locator(".check-group")
    assert groups.count() == len(per_check)
    for i in range(groups.count()):
        heading = groups.nth(i).locator("h3").inner_text()
        check = groups.nth(i).locator("h3 code").inner_text()
        assert f"{per_check[check]} object" in heading
        assert groups.nth(i).locator("li.finding").count() == per_check[check]
        assert groups.nth(i).locator(".fix").count() == 1  # one fix for the check, not one per object
    values = page.locator(".evidence dd").all_inner_texts()
    assert values and not [v for v in values if re.match(r"^[\[{]", v)]  # values, not raw JSON
    assert "Ubuntu 22.04.3 LTS: 5" in values
    context.close()


def test_no_sideways_scroll_on_a_phone(browser, big_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(big_server + "/report")
    expect(page.locator("#shown")).to_have_text(re.compile("Showing 34000"), timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
