"""The HTML report in a real browser (Debian's headless Chromium driven by Playwright).

Filtering must work from file:// with no server, nothing may be requested from anywhere else,
the page must log no errors (a CSP violation is one), the escaped payloads must stay inert, the
text must keep its contrast and a phone-sized viewport must not scroll sideways. Screenshots go
to test-artifacts/. This test does not skip: `make test` installs Chromium when it is missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from report.samples import PAYLOAD

from kubegap.report import renderer
from kubegap.report.document import Report

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: run 'make system-deps' (apt-get install chromium)"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, timeout=30_000)
        yield chromium
        chromium.close()


@pytest.fixture
def page_of(browser, tmp_path):
    opened = []

    def open_report(report: dict, **context_options):
        path = tmp_path / "report.html"
        with path.open("w", encoding="utf-8") as out:
            renderer("html")(Report.from_json(report), out)
        context = browser.new_context(**context_options)
        context.set_default_timeout(5_000)
        page = context.new_page()
        record = {"requests": [], "errors": [], "dialogs": []}
        page.on("request", lambda request: record["requests"].append(request.url))
        page.on("console", lambda message: message.type == "error" and record["errors"].append(message.text))
        page.on("pageerror", lambda error: record["errors"].append(str(error)))
        page.on("dialog", lambda dialog: (record["dialogs"].append(dialog.message), dialog.dismiss()))
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        opened.append(context)
        return page, record

    yield open_report
    for context in opened:
        context.close()


def visible_rows(page) -> list[str]:
    return page.locator("ol.findings > li:visible").evaluate_all(
        "rows => rows.map(r => r.dataset.severity + ' ' + r.dataset.category)"
    )


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(page, selector: str) -> float:
    colours = page.locator(selector).first.evaluate(
        """element => {
            const colour = getComputedStyle(element).color;
            let node = element, background = "rgba(0, 0, 0, 0)";
            while (node && (background === "rgba(0, 0, 0, 0)" || background === "transparent")) {
                background = getComputedStyle(node).backgroundColor; node = node.parentElement;
            }
            return [colour, background];
        }"""
    )
    fg, bg = ([float(x) for x in re.findall(r"[\d.]+", c)] for c in colours)
    lighter, darker = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_filters_change_the_visible_rows_offline(page_of, mixed_report):
    page, record = page_of(mixed_report, viewport={"width": 1280, "height": 900})
    total = len(mixed_report["findings"])
    assert len(visible_rows(page)) == total
    assert page.locator("#shown").inner_text() == f"Showing {total} of {total} findings"

    page.get_by_label(re.compile(r"^high \(")).uncheck()
    rows = visible_rows(page)
    not_high = sorted(f"{f['severity']} {f['category']}" for f in mixed_report["findings"] if f["severity"] != "high")
    assert sorted(rows) == not_high and "medium testing" in rows
    assert page.locator("#shown").inner_text() == f"Showing {len(not_high)} of {total} findings"
    assert "severity=" in page.evaluate("location.hash")

    page.get_by_label(re.compile(r"^high \(")).check()
    page.get_by_label("Category").select_option("gpu")
    assert set(visible_rows(page)) == {"high gpu"} and len(visible_rows(page)) == sum(
        f["category"] == "gpu" for f in mixed_report["findings"]
    )

    page.get_by_label("Category").select_option("")
    page.get_by_label("Text").fill("orders-db")
    orders_db = sorted(
        f"{f['severity']} {f['category']}" for f in mixed_report["findings"] if f["object"]["name"] == "orders-db"
    )
    assert sorted(visible_rows(page)) == orders_db and "high storage" in orders_db
    page.get_by_label("Text").fill("no such thing anywhere")
    assert visible_rows(page) == [] and page.locator("#no-match").is_visible()
    page.get_by_role("button", name="Show all").click()
    assert len(visible_rows(page)) == total

    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("ol.findings > li").first.locator("summary").click()
    page.screenshot(path=str(ARTIFACTS / "html-report.png"), full_page=True)
    assert not record["errors"], record["errors"]
    assert record["requests"] and all(url.startswith(("file://", "data:")) for url in record["requests"]), record[
        "requests"
    ]


def test_filter_state_survives_a_reload_from_the_url(page_of, mixed_report):
    page, record = page_of(mixed_report)
    page.get_by_label("Category").select_option("testing")
    page.reload()
    assert page.get_by_label("Category").input_value() == "testing"
    assert visible_rows(page) == ["medium testing"]
    assert not record["errors"]


def test_html_payloads_stay_inert(page_of, mixed_report):
    page, record = page_of(mixed_report)
    assert page.locator("ol.findings script, ol.findings img").count() == 0
    on_payload = sum(PAYLOAD in f["object"]["name"] for f in mixed_report["findings"])
    assert on_payload >= 1 and page.locator("p.object", has_text=PAYLOAD).count() == on_payload
    page.locator("ol.findings > li summary").first.click()
    assert not record["dialogs"] and not record["errors"]


def test_text_keeps_its_contrast(page_of, mixed_report):
    page, _ = page_of(mixed_report)
    for selector in ("body", "header p", ".badge.high", ".badge.medium", ".finding .where", "#shown", "a"):
        if page.locator(selector).count():
            assert contrast(page, selector) >= 4.5, selector


def test_narrow_screens_do_not_scroll_sideways(page_of, mixed_report):
    page, record = page_of(mixed_report, viewport={"width": 375, "height": 800}, is_mobile=True)
    page.locator("ol.findings > li summary").first.click()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "html-report-narrow.png"))
    assert overflow <= 0, overflow
    assert not record["errors"]
