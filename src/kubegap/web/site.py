"""``kubegap site build``: every page as static HTML and JSON with relative links, publishable as is.

Without a server there are no query strings: the case list is paginated into files, facets link to
the term pages, and search runs in the browser (static/search.js, the same engine as the server's)
over the documents in search-index.js, a script rather than JSON so that it loads from file:// too.
The checks catalog reads its filters and search from its address in the browser (static/checks.js,
over checks-index.js).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import orjson

from kubegap.checks import all_checks
from kubegap.errors import LibraryError, UserError
from kubegap.library import Library
from kubegap.library.model import VOCABULARIES
from kubegap.library.textsearch import engine_parameters
from kubegap.web import views
from kubegap.web.links import StaticLinks
from kubegap.web.render import FLAGS_ON_ONE_LINE, STATIC_DIR, render
from kubegap.web.views import WebPage

SEARCH_INDEX = "search-index.js"
CHECKS_INDEX = "checks-index.js"


def _views(library: Library) -> Iterator[tuple[str, WebPage | None]]:
    """Every page of the site with its file name (without suffix)."""
    yield StaticLinks.file("home"), views.home_page(library)
    first = views.case_list(library, None, {}, 1)
    for view in views.CASE_VIEWS:
        for page in range(1, first.context["result"].pages + 1):
            yield StaticLinks.file("cases", page=page, view=view), views.case_list(library, None, {}, page, view)
    for case in library.cases:
        yield StaticLinks.file("case", case.id), views.case_page(library, case.id)
        if library.reconstruction(case.id) is not None:
            yield StaticLinks.file("reconstruction-page", case.id), views.reconstruction_page(library, case.id)
    for vocabulary in VOCABULARIES:
        yield StaticLinks.file("vocabulary", vocabulary), views.vocabulary_page(library, vocabulary)
        for term in library.vocabularies[vocabulary].terms:
            first_page = views.term_page(library, vocabulary, term.id)
            assert first_page is not None, "a term of the vocabulary has its page"
            for page in range(1, first_page.context["pages"] + 1):
                yield (
                    StaticLinks.file("term", vocabulary, term.id, page=page),
                    views.term_page(library, vocabulary, term.id, page),
                )
    yield StaticLinks.file("checks"), views.checks_page(library)
    for check in all_checks():
        yield StaticLinks.file("check", check.id), views.check_page(library, check.id)
    yield StaticLinks.file("report"), views.report_page(library, None)


def search_index(library: Library) -> dict:
    """What the browser's engine needs: its parameters, and each case's page and searchable fields, in ranking order;
    and, for the "Check your cluster for this" panel under the results, the checks each case names and every check's page."""
    return {
        "parameters": engine_parameters(),
        "documents": [
            {
                **views.case_summary(case),
                "href": StaticLinks.file("case", case.id),
                "texts": list(library.index.row(case)),
                "checks": list(case.checks),
                "components": [t for t in case.tags.of("component") if "/" in t],
            }
            for case in library.cases
        ],
        "component_names": {t.id: t.name for t in library.vocabularies["component"].terms},
        "checks": [
            {"id": check.id, "title": check.title, "href": StaticLinks.file("check", check.id)}
            for check in all_checks()
        ],
        "panel": {
            "flags_on_one_line": FLAGS_ON_ONE_LINE,
            "folded_above": views.PANEL_CHECKS_UNFOLDED,
            "components_named": views.COMPONENTS_NAMED,
        },
    }


def search_index_script(library: Library) -> bytes:
    return b"window.KUBEGAP_SEARCH_INDEX = " + orjson.dumps(search_index(library)) + b";\n"


def checks_index_script() -> bytes:
    """The checks as documents of the same engine, for the catalog's search in the browser."""
    index = {
        "parameters": engine_parameters(),
        "documents": [{"id": c.id, "texts": list(views.check_row(c))} for c in all_checks()],
    }
    return b"window.KUBEGAP_CHECKS_INDEX = " + orjson.dumps(index) + b";\n"


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)


def build_site(library: Library, directory: Path) -> int:
    """Write the site into ``directory``; returns the number of files written."""
    if directory.exists() and not directory.is_dir():
        raise UserError(f"{directory}: exists and is not a directory")
    written = 0
    try:
        for name, view in _views(library):
            if view is None:  # every page is of an id the library holds: none is ever missing
                raise LibraryError(f"the site's page {name} has nothing to show")
            _write(directory / name, render(view, StaticLinks(name)))
            _write(
                directory / (name.removesuffix(".html") + ".json"), orjson.dumps(view.data, option=orjson.OPT_INDENT_2)
            )
            written += 2
        missing = views.WebPage(
            "error.html", "Not found", {"heading": "Not found", "message": "There is no page at this address."}, {}
        )
        _write(directory / "404.html", render(missing, StaticLinks("404.html")))
        _write(directory / SEARCH_INDEX, search_index_script(library))
        for case in library.cases:
            if (found := library.reconstruction(case.id)) is not None:
                for which in ("incident", "fixed"):
                    _write(
                        directory / StaticLinks.file("reconstruction", case.id, which),
                        getattr(found, which).read_bytes(),
                    )
                    written += 1
        _write(directory / CHECKS_INDEX, checks_index_script())
        (directory / "static").mkdir(parents=True, exist_ok=True)
        for asset in STATIC_DIR.iterdir():
            if asset.is_file():
                shutil.copyfile(str(asset), directory / "static" / asset.name)
                written += 1
    except OSError as exc:
        raise UserError(f"{directory}: cannot write the site: {exc.strerror or exc}") from None
    return written + 3
