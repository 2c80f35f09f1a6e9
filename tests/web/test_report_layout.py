"""The web report viewer shows each finding in the layout of ``--format html``: one layout, two pages."""

from __future__ import annotations

import json
import re

from starlette.testclient import TestClient

from kubegap.report import renderer
from kubegap.web.app import create_app

_ITEM = re.compile(r'<li class="finding [^"]*".*?</li>', re.S)
_LINK = re.compile(r"<a [^>]*>|</a>")
_ID = re.compile(r'id="finding-[^"]*"|aria-labelledby="finding-[^"]*"|<(/?)h\d')


def _items(html: str) -> list[str]:
    """Each finding's markup with links, heading levels and ids left out (the two pages link differently)."""
    return sorted(_ID.sub(r"<\1h", _LINK.sub("", item)) for item in _ITEM.findall(html))


def test_the_viewer_and_the_html_report_render_a_finding_alike(library, demo_report, tmp_path):
    report = json.loads(demo_report.read_text())
    out = tmp_path / "report.html"
    with out.open("w") as handle:
        renderer("html")(report, handle)
    viewer = TestClient(create_app(library, report)).get("/report").text
    standalone = _items(out.read_text())
    assert len(standalone) == len(report["findings"]) > 0
    cited_by_title = [re.sub(r"Seen before in: .*?</p>", "", item) for item in standalone]
    assert [re.sub(r"Seen before in: .*?</p>", "", item) for item in _items(viewer)] == cited_by_title
