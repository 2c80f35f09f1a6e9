"""Full-text search and facets over the library.

Search uses SQLite FTS5 with bm25 ranking over every narrative section, built in memory on first
use. Facets count, for every vocabulary term, the cases of the current result that carry it (a
parent term counts the cases of all its children), so a browser can show counts beside values.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cached_property

from kubegap.errors import UserError
from kubegap.library.load import Library, has_term
from kubegap.library.model import VOCABULARIES, Case

# bm25 column weights: a hit in the title counts most, then summary and root cause.
_COLUMNS = {
    "title": 8.0, "organization": 4.0, "summary": 4.0, "root_cause": 3.0, "symptoms": 2.0, "trigger": 2.0,
    "contributing": 1.5, "detection": 1.0, "remediation": 1.5, "lessons": 1.0, "tags": 2.0, "sources": 0.5,
}
MAX_QUERY_CHARS = 500
"""The longest query the website and the MCP server accept: each word costs the search an FTS5 term."""
_TOKEN = re.compile(r'"([^"]+)"|(\S+)')
_WORD = re.compile(r"[\w.+-]+", re.UNICODE)


class UnknownTerm(UserError):
    """A filter names a term its vocabulary does not have."""

    def __init__(self, vocabulary: str, term: str):
        self.vocabulary, self.term = vocabulary, term
        super().__init__(f"no {vocabulary.replace('_', ' ')} term {term!r}")


def validate_filters(library: Library, filters: dict[str, list[str]]) -> dict[str, list[str]]:
    """The filters with every term checked against its vocabulary, duplicates and empty vocabularies dropped."""
    for vocabulary, terms in filters.items():
        for term in terms:
            if library.term(vocabulary, term) is None:
                raise UnknownTerm(vocabulary, term)
    return {k: list(dict.fromkeys(v)) for k, v in filters.items() if v}


def fts_query(text: str) -> str | None:
    """A user's query as an FTS5 expression: words and "quoted phrases", all required.

    Every token is quoted, so FTS5 operators typed by a user are searched as words, never
    interpreted; a trailing ``*`` keeps its prefix meaning.
    """
    parts = []
    for phrase, word in _TOKEN.findall(text):
        if phrase:
            words = _WORD.findall(phrase)
            if words:
                parts.append('"' + " ".join(words) + '"')
            continue
        prefix = word.endswith("*")
        for token in _WORD.findall(word):
            parts.append(f'"{token}"' + ("*" if prefix else ""))
    return " ".join(parts) or None


@dataclass(frozen=True)
class Page:
    total: int
    page: int
    per_page: int
    cases: list[Case]
    facets: dict[str, list[tuple[str, int]]]

    @property
    def first(self) -> int:
        return (self.page - 1) * self.per_page + 1 if self.cases else 0

    @property
    def last(self) -> int:
        return self.first + len(self.cases) - 1 if self.cases else 0

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


class Index:
    def __init__(self, library: Library):
        self.library = library

    @cached_property
    def _db(self) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        columns = ", ".join(_COLUMNS)
        db.execute(f"CREATE VIRTUAL TABLE cases USING fts5(id UNINDEXED, {columns}, tokenize='porter unicode61')")
        db.executemany(
            f"INSERT INTO cases (id, {columns}) VALUES ({', '.join('?' * (len(_COLUMNS) + 1))})",
            [self.row(case) for case in self.library.cases],
        )
        return db

    def row(self, case: Case) -> tuple:
        """The case's id and searchable text, one field per column."""
        terms = [
            term.name if (term := self.library.term(v, t)) else t
            for v in VOCABULARIES
            for t in case.tags.of(v)
        ]
        return (
            case.id, case.title, case.organization, case.summary, case.root_cause, case.symptoms, case.trigger,
            " ".join(case.contributing_factors), case.detection, " ".join(case.remediation), " ".join(case.lessons),
            " ".join(terms + list(case.tags.of("component"))), " ".join(s.title + " " + s.publisher for s in case.sources),
        )

    def ranked_ids(self, query: str) -> list[str]:
        expression = fts_query(query)
        if expression is None:
            return []
        weights = ", ".join(str(w) for w in _COLUMNS.values())
        rows = self._db.execute(
            f"SELECT id FROM cases WHERE cases MATCH ? ORDER BY bm25(cases, 0.0, {weights})", (expression,)
        )
        return [row[0] for row in rows]

    def search(
        self,
        query: str | None = None,
        filters: dict[str, list[str]] | None = None,
        page: int = 1,
        per_page: int = 20,
    ) -> Page:
        """Cases matching the query (ranked) and every filter (newest first without a query)."""
        filters = {k: v for k, v in (filters or {}).items() if v}
        if query and query.strip():
            cases = [self.library.case(i) for i in self.ranked_ids(query)]
        else:
            cases = list(self.library.cases)
        cases = [c for c in cases if all(has_term(c, v, t) for v, terms in filters.items() for t in terms)]
        start = (page - 1) * per_page
        return Page(len(cases), page, per_page, cases[start : start + per_page], self.facets(cases))

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
        """Cases sharing components or root causes, most shared first, with what they share."""
        mine = {("component", t) for t in case.tags.component} | {("root_cause", t) for t in case.tags.root_cause}
        scored = []
        for other in self.library.cases:
            if other.id == case.id:
                continue
            theirs = {("component", t) for t in other.tags.component} | {("root_cause", t) for t in other.tags.root_cause}
            shared = mine & theirs
            if shared:
                scored.append((len(shared), other, sorted(t for _, t in shared)))
        scored.sort(key=lambda s: s[1].date, reverse=True)  # newest first among equals (sort is stable)
        scored.sort(key=lambda s: s[0], reverse=True)
        return [(other, shared) for _, other, shared in scored[:limit]]
