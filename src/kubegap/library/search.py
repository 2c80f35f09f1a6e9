"""Search, facets and related cases over the library.

Search ranks with :mod:`kubegap.library.textsearch` (the engine every surface shares). Facets count,
for every vocabulary term, the cases of the current result that carry it (a parent term counts the
cases of all its children), so a browser can show counts beside values.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path

from kubegap.errors import UserError
from kubegap.library import textsearch
from kubegap.library.load import Library, cached_json, file_stamps, has_term
from kubegap.library.model import VOCABULARIES, Case, count_kinds, incidents_and_studies
from kubegap.library.textsearch import MAX_QUERY_CHARS, Engine, Segment
from kubegap.suggest import did_you_mean

__all__ = [
    "MAX_QUERY_CHARS",
    "Index",
    "Page",
    "Segment",
    "UnknownTerm",
    "snippet_json",
    "snippet_text",
    "validate_filters",
]
RELATED_MIN_SHARED = 2
"""Related cases share at least this many components or root causes: one shared term is too common to mean much."""


def snippet_json(segments: list[Segment]) -> list[dict]:
    return [{"text": s.text, "mark": s.mark} for s in segments]


class UnknownTerm(UserError):
    """A filter names a term its vocabulary does not have."""

    def __init__(self, vocabulary: str, term: str, known: Iterable[str] = ()):
        self.vocabulary, self.term = vocabulary, term
        self.hint = did_you_mean(term, known)
        super().__init__(f"no {vocabulary.replace('_', ' ')} term {term!r}{self.hint}")


def validate_filters(library: Library, filters: dict[str, list[str]]) -> dict[str, list[str]]:
    """The filters with every term checked against its vocabulary, duplicates and empty vocabularies dropped."""
    for vocabulary, terms in filters.items():
        for term in terms:
            if library.term(vocabulary, term) is None:
                raise UnknownTerm(vocabulary, term, (t.id for t in library.vocabularies[vocabulary].terms))
    return {k: list(dict.fromkeys(v)) for k, v in filters.items() if v}


def snippet_text(segments: list[Segment]) -> str:
    return "".join(s.text for s in segments)


@dataclass(frozen=True)
class Page:
    total: int
    page: int
    per_page: int
    cases: list[Case]
    facets: dict[str, list[tuple[str, int]]]
    snippets: dict[str, list[Segment]] = field(default_factory=dict)
    """For a search: each shown case's best-matching passage, its matched words marked."""
    studies: int = 0
    """How many of the ``total`` matching cases are studies rather than incidents."""

    @property
    def incidents(self) -> int:
        return self.total - self.studies

    @property
    def tally(self) -> str:
        """The matching cases counted in words, incidents apart from studies."""
        return incidents_and_studies(self.incidents, self.studies)

    @property
    def first(self) -> int:
        return (self.page - 1) * self.per_page + 1 if self.cases else 0

    @property
    def last(self) -> int:
        return self.first + len(self.cases) - 1 if self.cases else 0

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


def check_texts() -> dict[str, str]:
    """Each check's id, title and what it checks: the words (field names, values) a case's checks add to it.

    Importing the catalog costs more than searching, so the texts are cached until a check module changes.
    """

    def build() -> dict[str, str]:
        from kubegap.checks import all_checks

        return {c.id: f"{c.id} {c.title} {c.doc['What it checks']}" for c in all_checks()}

    modules = sorted(Path(str(resources.files("kubegap") / "checks")).rglob("*.py"))  # without importing the checks
    return cached_json("check-texts", file_stamps(modules), build)


class Index:
    def __init__(self, library: Library):
        self.library = library

    @cached_property
    def _check_texts(self) -> dict[str, str]:
        return check_texts()

    @cached_property
    def engine(self) -> Engine:
        """The engine over every case, its token counts cached under the documents and the engine's code."""
        documents = [(case.id, self.row(case)) for case in self.library.cases]
        key = [sys.version, Path(textsearch.__file__).read_text(encoding="utf-8"), documents]
        return Engine(documents, cached_json("search-index", key, lambda: Engine(documents).counts))

    def row(self, case: Case) -> tuple[str, ...]:
        """The case's searchable text, one string per field of :data:`kubegap.library.textsearch.FIELDS`."""
        terms = [self.library.term_name(v, t) for v in VOCABULARIES for t in case.tags.of(v)]
        return (
            case.title,
            case.organization,
            case.summary,
            case.root_cause,
            case.symptoms,
            case.trigger,
            " ".join(case.contributing_factors),
            case.detection or "",
            " ".join(case.remediation),
            " ".join(case.lessons),
            " ".join(terms + list(case.tags.of("component"))),
            " ".join(self._check_texts.get(c, c) for c in case.checks),
            " ".join(s.title + " " + s.publisher for s in case.sources),
        )

    def ranked_ids(self, query: str) -> list[str]:
        return [self.library.cases[hit.index].id for hit in self.engine.search(query)]

    def search(
        self,
        query: str | None = None,
        filters: dict[str, list[str]] | None = None,
        page: int = 1,
        per_page: int = 20,
    ) -> Page:
        """Cases matching the query (ranked) and every filter (newest first without a query)."""
        filters = {k: v for k, v in (filters or {}).items() if v}
        hits = self.engine.search(query) if query and query.strip() else None
        cases = list(self.library.cases) if hits is None else [self.library.cases[hit.index] for hit in hits]
        cases = [c for c in cases if all(has_term(c, v, t) for v, terms in filters.items() for t in terms)]
        start = (page - 1) * per_page
        shown = cases[start : start + per_page]
        snippets = {}
        if hits is not None:
            by_id = {self.library.cases[hit.index].id: hit for hit in hits}
            snippets = {case.id: self.engine.snippet(by_id[case.id]) for case in shown}
        _, studies = count_kinds(cases)
        return Page(len(cases), page, per_page, shown, self.facets(cases), snippets, studies)

    def facets(self, cases: list[Case]) -> dict[str, list[tuple[str, int]]]:
        result = {}
        for vocabulary in VOCABULARIES:
            counts: dict[str, int] = {}
            for case in cases:
                terms = set(case.tags.of(vocabulary))
                terms |= {t.split("/", 1)[0] for t in terms if "/" in t}
                for term in terms:
                    counts[term] = counts.get(term, 0) + 1
            order = [t.id for t in self.library.vocabularies[vocabulary].terms]
            result[vocabulary] = [(t, counts[t]) for t in order if counts.get(t)]
        return result

    def related(self, case: Case, limit: int = 5) -> list[tuple[Case, list[str]]]:
        """Cases sharing at least two components or root causes, most shared first, with what they share."""
        mine = {("component", t) for t in case.tags.component} | {("root_cause", t) for t in case.tags.root_cause}
        scored = []
        for other in self.library.cases:
            if other.id == case.id:
                continue
            theirs = {("component", t) for t in other.tags.component} | {
                ("root_cause", t) for t in other.tags.root_cause
            }
            shared = mine & theirs
            if len(shared) >= RELATED_MIN_SHARED:
                scored.append((len(shared), other, sorted(t for _, t in shared)))
        scored.sort(key=lambda s: s[1].dated, reverse=True)  # newest first among equals (sort is stable)
        scored.sort(key=lambda s: s[0], reverse=True)
        return [(other, shared) for _, other, shared in scored[:limit]]
