"""axe-core, the accessibility engine, finds no serious or critical violation on any kind of page, at a
desktop's width (1280 px) and a phone's (390 px), nor does any page scroll sideways on the phone.

axe-core comes from npm (tests/web/axe/package.json, pinned by its lock file); ``make test`` installs it
with ``npm ci``. It is injected into each page by the test (the site's Content-Security-Policy admits no
script of its own, so the test's browser context bypasses it: only for the engine it adds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT
from web.conftest import ThreadedServer

AXE = ROOT / "tests" / "web" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (1280, 390)
CASE = "datadog-2023-systemd-networkd-cilium-outage"
PAGES = [
    "/",
    "/cases",
    "/cases?view=full",
    "/cases?q=NCCL+timeout",
    "/cases?component=networking/cilium",
    f"/cases/{CASE}",
    "/root-cause",
    "/component/networking/cilium",
    "/symptom",
    "/contributing-factor",
    "/checks",
    "/checks?severity=high",
    "/checks/nccl-timeouts-unset",
    "/report",
    "/cases/no-such-case",
    "/cases?page=abc",
    f"/cases/{CASE}/reconstruction",
]
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'make test' (npm ci --prefix tests/web/axe)")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server_with_report(library, tmp_path_factory):
    import subprocess
    import sys

    from kubegap.report.document import Report
    from kubegap.web.app import create_app

    path = tmp_path_factory.mktemp("axe") / "report.json"
    subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", "--demo", "--format", "json", "-o", str(path)],
        capture_output=True,
        timeout=120,
    )
    with ThreadedServer(create_app(library, Report.from_json(json.loads(path.read_text())))) as server:
        yield server.url


def violations(browser, url: str, width: int, axe_source: str) -> tuple[list[str], int]:
    context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(url)
        page.add_script_tag(content=axe_source)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"]
            if v["impact"] in SERIOUS
        ]
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        return found, overflow
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violation_and_no_sideways_scroll(
    browser, server_with_report, axe_source, path, width
):
    found, overflow = violations(browser, server_with_report + path, width, axe_source)
    assert not found, "\n".join(found)
    assert overflow <= 0, f"{path} scrolls sideways by {overflow} px at {width} px"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_html_report_has_no_serious_violation(browser, axe_source, tmp_path, width):
    import subprocess
    import sys

    html = tmp_path / "report.html"
    subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", "--demo", "--format", f"html={html}"],
        capture_output=True,
        timeout=120,
    )
    found, overflow = violations(browser, Path(html).as_uri(), width, axe_source)
    assert not found, "\n".join(found)
    assert overflow <= 0, f"the HTML report scrolls sideways by {overflow} px at {width} px"
