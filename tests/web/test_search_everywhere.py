"""One engine everywhere: the browser's port ranks, and cuts snippets, exactly as the Python engine does.

The static site is opened from disk (file://, where a fetch of JSON would be blocked), so this also
proves the shipped index loads without a server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from kubegap.library.search import snippet_text

RELEVANCE = yaml.safe_load((Path(__file__).parent.parent / "library" / "relevance.yaml").read_text())
QUERIES = [item["query"] for item in RELEVANCE] + [
    "dns OR etcd",
    "-dns",
    '"node drain"',
    "oom",
    "failure policy",
    "kube-proxy -conntrack",
    '"out of memory"',
    "PodDisruptionBudget",
    "OOMKilled",
    "gpu",
    "",
    "   ",
    "the of",
    'unterminated "phrase',
]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("site") / "site"
    build = subprocess.run(
        [sys.executable, "-m", "kubegap", "site", "build", str(directory)], capture_output=True, text=True, timeout=300
    )
    assert build.returncode == 0, build.stderr
    return directory


def test_browser_and_python_rank_every_query_alike(watched, site, library):
    page = watched.page
    page.goto((site / "cases" / "index.html").as_uri())
    page.wait_for_function("window.KubegapSearch !== undefined && window.KUBEGAP_SEARCH_INDEX !== undefined")
    browser = page.evaluate(
        """queries => {
             const engine = new KubegapSearch.Engine(KUBEGAP_SEARCH_INDEX);
             return queries.map(q => engine.search(q).map(h => ({
               id: engine.documents[h.index].id,
               snippet: engine.snippet(h).map(s => s[0]).join("")})));
           }""",
        QUERIES,
    )
    for query, found in zip(QUERIES, browser):
        hits = library.index.engine.search(query)
        expected = [
            {"id": library.cases[h.index].id, "snippet": snippet_text(library.index.engine.snippet(h))} for h in hits
        ]
        assert found == expected, query


def test_static_search_from_disk_lists_what_the_server_finds(watched, site, library):
    page = watched.page
    page.goto((site / "cases" / "index.html").as_uri() + "?q=oom")
    page.wait_for_function("document.getElementById('case-range').textContent.includes('for oom')")
    listed = [
        href.rsplit("/", 1)[-1].removesuffix(".html")
        for href in page.locator("#case-list a.case-title").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    ]
    assert listed == library.index.ranked_ids("oom") and listed
    with_snippets = [h for h in library.index.engine.search("oom") if library.index.engine.snippet(h)]
    assert page.locator("#case-list .snippet").count() == len(with_snippets) > 0
    assert page.locator("#case-list .snippet:not(:has(mark))").count() == 0  # every snippet shows its matched words
    assert page.locator("#q").input_value() == "oom"
