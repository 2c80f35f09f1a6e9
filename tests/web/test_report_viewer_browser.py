"""The report viewer in a browser: a report chosen on this computer is read client-side, never uploaded, and the
filters keep their state in the address, on the server's viewer and on the static site opened from disk."""

from __future__ import annotations

import json
import subprocess
import sys

from playwright.sync_api import expect
from web.conftest import screenshot


def _open(page, path) -> None:
    page.locator("#report-file").set_input_files(str(path))
    expect(page.locator("#findings")).to_be_visible()  # polled by Playwright itself: the page's CSP allows no eval


def test_choosing_a_report_file_shows_its_findings_and_filters_them_in_the_address(
    watched, site_server, demo_report, artifacts
):
    report = json.loads(demo_report.read_text())
    page = watched.page
    requests = []
    page.on("request", lambda r: requests.append(r.method))
    page.goto(site_server + "/report")
    assert page.locator("#findings").is_hidden()
    _open(page, demo_report)
    assert page.locator("ol.findings > li").count() == len(report["findings"])
    assert report["cluster"]["name"] in page.locator("#report-subject").inner_text()
    assert "nothing was uploaded" in page.locator("#report-source").inner_text()
    assert "POST" not in requests  # read with FileReader: no request carried the file
    high = sum(f["severity"] == "high" for f in report["findings"])
    for severity in ("critical", "medium", "low", "info"):
        page.locator(f"#filters input[value={severity}]").uncheck()
    assert page.locator("#shown").inner_text() == f"Showing {high} of {len(report['findings'])} findings"
    assert "severity=high" in page.url
    screenshot(page, artifacts, "report-viewer-chosen-file")
    page.reload()
    _open(page, demo_report)  # the state in the address survives a reload
    assert page.locator("#shown").inner_text() == f"Showing {high} of {len(report['findings'])} findings"


def test_a_file_that_is_not_a_report_is_refused_with_the_reason(watched, site_server, tmp_path):
    page = watched.page
    page.goto(site_server + "/report")
    not_json = tmp_path / "notes.json"
    not_json.write_text("not json at all")
    page.locator("#report-file").set_input_files(str(not_json))
    expect(page.locator("#report-file-status")).to_contain_text("it is not JSON")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"schema_version": "9", "tool": {"name": "kubegap"}, "findings": []}))
    page.locator("#report-file").set_input_files(str(other))
    expect(page.locator("#report-file-status")).to_contain_text("schema_version")
    assert page.locator("#findings").is_hidden()


def test_the_static_site_viewer_works_from_disk(watched, demo_report, tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "kubegap", "site", "build", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    page = watched.page
    page.goto((tmp_path / "site" / "report.html").as_uri())
    _open(page, demo_report)
    assert page.locator("ol.findings > li").count() == len(json.loads(demo_report.read_text())["findings"])


def test_every_definition_of_an_object_is_named(watched, site_server, demo_report, tmp_path):
    report = json.loads(demo_report.read_text())
    finding = report["findings"][0]
    finding["location"] = {"path": "deploy/prod/api.yaml", "document": 0, "line": 3}
    finding["also_at"] = [{"path": "deploy/staging/api.yaml", "document": 0, "line": 5}]
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report))
    page = watched.page
    page.goto(site_server + "/report")
    _open(page, path)
    expect(page.locator("ol.findings > li", has_text="deploy/prod/api.yaml:3")).to_contain_text(
        "deploy/prod/api.yaml:3, deploy/staging/api.yaml:5"
    )
