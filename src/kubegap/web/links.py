"""Where each page lives: absolute paths on the server, relative ``.html`` files in the static site.

Templates never spell a URL; they ask ``links.url(name, *ids, **query)`` (and ``links.json`` for a
page's JSON twin), so one set of templates serves ``kubegap serve`` and ``kubegap site build``.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote, urlencode

VOCABULARY_SLUGS = {
    "root_cause": "root-cause",
    "component": "component",
    "symptom": "symptom",
    "contributing_factor": "contributing-factor",
}
SLUG_VOCABULARIES = {slug: name for name, slug in VOCABULARY_SLUGS.items()}


def _query(query: dict) -> str:
    pairs = [(k, v) for k, v in query.items() if v not in (None, "", [], ())]
    return "?" + urlencode(pairs, doseq=True) if pairs else ""


class ServerLinks:
    """Absolute paths under ``/``; the JSON twin is the same path with ``.json``."""

    static = False

    def _path(self, name: str, *ids: str) -> str:
        if name == "home":
            return "/"
        if name == "cases":
            return "/cases"
        if name == "case":
            return "/cases/" + quote(ids[0])
        if name == "reconstruction":
            return f"/cases/{quote(ids[0])}/{quote(ids[1])}.yaml"
        if name == "reconstruction-page":
            return f"/cases/{quote(ids[0])}/reconstruction"
        if name == "vocabulary":
            return "/" + VOCABULARY_SLUGS[ids[0]]
        if name == "term":
            return f"/{VOCABULARY_SLUGS[ids[0]]}/{quote(ids[1])}"
        if name == "checks":
            return "/checks"
        if name == "check":
            return "/checks/" + quote(ids[0])
        if name == "report":
            return "/report"
        if name == "asset":
            return "/static/" + quote(ids[0])
        raise KeyError(name)

    def url(self, name: str, *ids: str, **query: object) -> str:
        return self._path(name, *ids) + _query(query)

    def json(self, name: str, *ids: str, **query: object) -> str:
        path = self._path(name, *ids)
        return ("/index" if path == "/" else path) + ".json" + _query(query)


class StaticLinks:
    """Files of a static site, linked relative to the page being written (``here``)."""

    static = True

    def __init__(self, here: str):
        self.here = here

    @staticmethod
    def file(name: str, *ids: str, page: int | None = 1, view: str | None = None, suffix: str = ".html") -> str:
        """The site-relative file of a page; ``view="full"`` is the case list with every section inline."""
        page = page or 1
        if name == "home":
            stem = "index"
        elif name == "cases":
            if view == "full":
                stem = "cases/full" if page <= 1 else f"cases/full-page-{page}"
            else:
                stem = "cases/index" if page <= 1 else f"cases/page-{page}"
        elif name == "case":
            stem = "cases/" + ids[0]
        elif name == "reconstruction":
            return f"cases/{ids[0]}/{ids[1]}.yaml"
        elif name == "reconstruction-page":
            stem = f"cases/{ids[0]}/reconstruction"
        elif name == "vocabulary":
            stem = VOCABULARY_SLUGS[ids[0]] + "/index"
        elif name == "term":
            stem = f"{VOCABULARY_SLUGS[ids[0]]}/{ids[1]}" + (f"/page-{page}" if page > 1 else "")
        elif name == "checks":
            stem = "checks/index"
        elif name == "check":
            stem = "checks/" + ids[0]
        elif name == "report":
            stem = "report"
        elif name == "asset":
            return "static/" + ids[0]
        else:
            raise KeyError(name)
        return stem + suffix

    def _relative(self, target: str) -> str:
        return quote(posixpath.relpath(target, posixpath.dirname(self.here) or "."))

    @property
    def root(self) -> str:
        """The site root relative to this page, ending in ``/``."""
        depth = self.here.count("/")
        return "../" * depth or "./"

    READ_IN_THE_BROWSER = frozenset({"checks"})
    """Pages whose query string a script reads (the checks catalog's filters and search); other pages have none."""

    def url(self, name: str, *ids: str, page: int | None = 1, view: str | None = None, **query: object) -> str:
        path = self._relative(self.file(name, *ids, page=page, view=view))
        return path + _query(query) if name in self.READ_IN_THE_BROWSER else path

    def json(self, name: str, *ids: str, page: int | None = 1, view: str | None = None, **_query: object) -> str:
        return self._relative(self.file(name, *ids, page=page, view=view, suffix=".json"))
