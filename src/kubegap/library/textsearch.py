"""The library's search engine: one tokenizer, one query language and one ranking.

The command line, the website, the MCP server and the static site (``web/static/search.js``, a port
of this module that reads its parameters from :func:`engine_parameters`) all rank with it, so they
give the same results; a browser test runs both over the relevance set and compares them.

Tokens. A word is a run of letters and digits, joined by ``.``, ``_``, ``-`` or ``/`` into one
identifier (``kube-proxy``, ``NCCL_IB_TIMEOUT``, ``/dev/shm``). Each part is split again at camelCase
boundaries (``failurePolicy``, ``PodDisruptionBudget``), and an identifier of several parts also
yields its parts joined (``failurepolicy``, ``kubeproxy``), so a field name matches whether it is typed
as one word or as several. Tokens are lower-cased and stemmed by a light English stemmer
(``policies`` and ``policy`` match, ``throttling`` and ``throttled``).

Queries. Words rank cases; a case need not contain every word, but the more of the query it
matches, the higher it ranks. ``"quoted phrases"`` must appear, in order. ``a OR b`` is one clause
that either word satisfies. ``-word`` and ``-"phrase"`` exclude the cases that contain them.

Ranking. BM25F over the case's fields, each with a weight (a hit in the title counts most), times
the share of the query's clauses the case matches.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

FIELDS: tuple[tuple[str, float], ...] = (
    ("title", 8.0),
    ("organization", 4.0),
    ("summary", 4.0),
    ("root_cause", 3.0),
    ("symptoms", 2.0),
    ("trigger", 2.0),
    ("contributing", 1.5),
    ("detection", 1.0),
    ("remediation", 1.5),
    ("lessons", 1.0),
    ("tags", 2.0),
    ("checks", 3.0),
    ("sources", 0.5),
)
"""Every searchable field of a case and its weight, in the order documents carry them."""
SNIPPET_FIELDS = ("summary", "symptoms", "trigger", "root_cause", "contributing", "detection", "remediation", "lessons")
K1, B = 1.2, 0.75
SNIPPET_WORDS = 30
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "has",
        "have",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "this",
        "to",
        "was",
        "were",
        "when",
        "which",
        "while",
        "with",
    ]
)
MAX_QUERY_CHARS = 500
"""The longest query the website and the MCP server accept."""

_WORD = re.compile(r"[^\W_]+(?:[._\-/][^\W_]+)*")
_SEPARATOR = re.compile(r"[._\-/]")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[0-9A-Z])(?=[A-Z][a-z])")
"""Where camelCase splits: before a capital after a lower-case letter, and before a capitalised word after a
digit or an acronym (``HTTPServer``: ``HTTP``, ``Server``; ``EC2Instance``); ``K8S`` and ``v1beta1`` stay whole."""
_QUERY = re.compile(r'(-?)"([^"]*)"|(\S+)')


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """A light English stemmer: plural, -ing, -ed and a final -e, never on short tokens or ones with digits."""
    if len(token) <= 3 or not token.isalpha():
        return token
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith("sses"):
        token = token[:-2]
    elif token.endswith("s") and not token.endswith(("ss", "us", "is")):
        token = token[:-1]
    for suffix in ("ing", "ed"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            token = token[: -len(suffix)]
            if token[-1] == token[-2] and token[-1] not in "lsz":
                token = token[:-1]
            break
    if token.endswith("e") and len(token) > 4:
        token = token[:-1]
    return token


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    """The stemmed, lower-cased token."""
    position: int
    start: int
    end: int
    """Where the word part it comes from stands in the text (the whole identifier for a joined token)."""


def _parts(word: str) -> list[tuple[str, int, int]]:
    """The word's parts with their offsets within it: split at separators, then at camelCase boundaries."""
    if word.isalnum() and word[1:] == word[1:].lower():
        return [(word, 0, len(word))]  # the common case: no separator, no capital to split before
    found = []
    offset = 0
    for piece in _SEPARATOR.split(word):
        start = 0
        for cut in [m.start() for m in _CAMEL.finditer(piece)] + [len(piece)]:
            if cut > start:
                found.append((piece[start:cut], offset + start, offset + cut))
            start = cut
        offset += len(piece) + 1
    return found


def _scan(text: str) -> Iterator[tuple[str, int, int, int]]:
    """``(token, position, start, end)`` for each token, in the order :func:`tokenize` documents."""
    position = 0
    for word in _WORD.finditer(text):
        parts = _parts(word.group())
        offset = word.start()
        for part, start, end in parts:
            yield stem(part.lower()), position, offset + start, offset + end
            position += 1
        if len(parts) > 1:
            yield stem("".join(part for part, _, _ in parts).lower()), position - len(parts), offset, word.end()


def tokenize(text: str) -> list[Token]:
    """Every token of ``text``: each word part at its own position, and the joined identifier at its first part's."""
    return [Token(*scanned) for scanned in _scan(text)]


@dataclass(frozen=True, slots=True)
class Operand:
    """A word (any of its tokens matches) or a phrase (its tokens, at their offsets, in one field)."""

    tokens: tuple[tuple[str, int], ...]
    phrase: bool


@dataclass(frozen=True, slots=True)
class Clause:
    """One unit of a query: a member, or several joined by ``OR``; negated, it excludes what it matches."""

    members: tuple[Operand, ...]
    negated: bool = False

    @property
    def required(self) -> bool:
        """A lone phrase must match; words and ``OR`` groups only rank."""
        return not self.negated and len(self.members) == 1 and self.members[0].phrase


def _member(text: str, phrase: bool) -> Operand | None:
    """A word's tokens (all at offset 0), or a phrase's word parts at their offsets, stopwords left out."""
    tokens = tokenize(text)
    if not tokens:
        return None
    if not phrase:
        kept = tuple(dict.fromkeys((t.text, 0) for t in tokens if t.text not in STOPWORDS))
        return Operand(kept, False) if kept else None
    first, used, parts = tokens[0].position, set(), []
    for token in tokens:
        if token.position in used:
            continue  # a joined identifier: its parts already stand at this position
        used.add(token.position)
        if token.text not in STOPWORDS:
            parts.append((token.text, token.position - first))
    return Operand(tuple(parts), True) if parts else None


def parse_query(text: str) -> list[Clause]:
    """The query's clauses: words, ``"phrases"``, ``OR`` groups and ``-``negations (a negated word is a phrase of its parts)."""
    clauses: list[Clause] = []
    join = False
    for minus, quoted, word in _QUERY.findall(text[:MAX_QUERY_CHARS]):
        if word == "OR":
            join = bool(clauses) and not clauses[-1].negated
            continue
        negated = bool(minus) or (word.startswith("-") and len(word) > 1)
        body = quoted if quoted or minus else word.removeprefix("-") if negated else word
        member = _member(body, phrase=bool(quoted) or negated)
        if member is None:
            join = False
            continue
        if join and not negated:
            clauses[-1] = Clause(clauses[-1].members + (member,))
        else:
            clauses.append(Clause((member,), negated))
        join = False
    return clauses


def _token_positions(text: str) -> dict[str, list[int]]:
    """Where each token of ``text`` stands, stopwords left out."""
    positions: dict[str, list[int]] = {}
    for token, position, _, _ in _scan(text):
        if token not in STOPWORDS:
            positions.setdefault(token, []).append(position)
    return positions


class _Field:
    """One field of a document: how often each token occurs in it, and where (found only when a phrase needs it)."""

    __slots__ = ("_positions", "counts", "length", "text")

    def __init__(self, text: str, counts: dict[str, int] | None = None):
        self.text = text
        self._positions = None
        if counts is None:
            self._positions = _token_positions(text)
            counts = {token: len(found) for token, found in self._positions.items()}
        self.counts = counts
        self.length = sum(counts.values())

    @property
    def positions(self) -> dict[str, list[int]]:
        if self._positions is None:
            self._positions = _token_positions(self.text)
        return self._positions


def _quantized(score: float) -> int:
    """Scores compared to nine decimals, so the browser's port (whose logarithm may differ in the last bit) ranks alike."""
    return math.floor(score * 1e9 + 0.5)


@dataclass(frozen=True)
class Hit:
    """A matching document, its score and the matched tokens (for snippets)."""

    index: int
    score: float
    matched: frozenset[str]


@dataclass(frozen=True)
class Segment:
    text: str
    mark: bool = False


@dataclass
class Engine:
    """Documents (an id and one text per field of :data:`FIELDS`) indexed for ranked search."""

    documents: Sequence[tuple[str, Sequence[str]]]
    counts: list[list[dict[str, int]]] | None = field(default=None, repr=False)
    """How often each token occurs in each field of each document (stopwords left out). Tokenizing is
    most of the cost of an engine: it is done when this is not given, and a caller may keep the result
    (it is plain JSON) to pass back with the same documents."""
    _fields: list[list[_Field]] = field(init=False, repr=False)
    _frequency: Counter = field(init=False, repr=False)
    _average: list[float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.counts is None:
            self._fields = [[_Field(text or "") for text in texts] for _, texts in self.documents]
            self.counts = [[f.counts for f in fields] for fields in self._fields]
        else:
            self._fields = [
                [_Field(text or "", counts) for text, counts in zip(texts, fields, strict=True)]
                for (_, texts), fields in zip(self.documents, self.counts, strict=True)
            ]
        self._frequency = Counter(token for fields in self._fields for token in {t for f in fields for t in f.counts})
        total = max(1, len(self._fields))
        self._average = [max(1.0, sum(fields[i].length for fields in self._fields) / total) for i in range(len(FIELDS))]

    def _idf(self, token: str) -> float:
        count = self._frequency.get(token, 0)
        return math.log(1 + (len(self._fields) - count + 0.5) / (count + 0.5))

    def _token_score(self, fields: list[_Field], token: str) -> float:
        weighted = 0.0
        for index, (_, weight) in enumerate(FIELDS):
            frequency = fields[index].counts.get(token, 0)
            if frequency:
                weighted += weight * frequency / (1 - B + B * fields[index].length / self._average[index])
        return self._idf(token) * weighted / (K1 + weighted) if weighted else 0.0

    @staticmethod
    def _matches(fields: list[_Field], member: Operand) -> bool:
        if not member.phrase:
            return any(token in f.counts for f in fields for token, _ in member.tokens)
        (first, first_offset), rest = member.tokens[0], member.tokens[1:]
        for f in fields:
            if not all(token in f.counts for token, _ in member.tokens):
                continue  # the phrase cannot stand here: its positions are not needed
            for start in f.positions.get(first, ()):
                base = start - first_offset
                if all(base + offset in f.positions.get(token, ()) for token, offset in rest):
                    return True
        return False

    def search(self, query: str) -> list[Hit]:
        """Matching documents, best first (ties: the order of the documents)."""
        clauses = parse_query(query)
        positive = [c for c in clauses if not c.negated]
        if not clauses:
            return []
        hits = []
        for index, fields in enumerate(self._fields):
            if any(self._matches(fields, m) for c in clauses if c.negated for m in c.members):
                continue
            score, satisfied, matched = 0.0, 0, set()
            missing_required = False
            for clause in positive:
                members = [m for m in clause.members if self._matches(fields, m)]
                if not members:
                    missing_required = missing_required or clause.required
                    continue
                satisfied += 1
                for member in members:
                    for token, _ in member.tokens:
                        part = self._token_score(fields, token)
                        if part:
                            score += part
                            matched.add(token)
            if missing_required or (positive and not satisfied):
                continue
            hits.append(Hit(index, score * satisfied / len(positive) if positive else 0.0, frozenset(matched)))
        hits.sort(key=lambda h: -_quantized(h.score))
        return hits

    def snippet(self, hit: Hit, words: int = SNIPPET_WORDS) -> list[Segment]:
        """The passage of the best-matching narrative field, its matched words marked, cut to about ``words`` words."""
        _, texts = self.documents[hit.index]
        best: tuple[int, int, str, list[Token]] | None = None
        for name in SNIPPET_FIELDS:
            index = [f for f, _ in FIELDS].index(name)
            text = texts[index] or ""
            tokens = tokenize(text)
            positions = sorted({t.position for t in tokens if t.text in hit.matched})
            if not positions:
                continue
            window = max(sum(1 for p in positions if start <= p < start + words) for start in positions)
            if best is None or window > best[0]:
                best = (window, index, text, tokens)
        if best is None:
            return []
        _, _, text, tokens = best
        marked = sorted({t.position for t in tokens if t.text in hit.matched})
        start_position = max(marked, key=lambda s: (sum(1 for p in marked if s <= p < s + words), -s))
        first = max(0, start_position - 4)
        shown = [t for t in tokens if first <= t.position < first + words]
        start, end = min(t.start for t in shown), max(t.end for t in shown)
        if first == 0:
            start = 0
        marks = sorted({(t.start, t.end) for t in shown if t.text in hit.matched})
        segments, cursor = [], start
        if start > 0:
            segments.append(Segment("… "))
        for mark_start, mark_end in marks:
            if mark_start < cursor:
                continue
            if mark_start > cursor:
                segments.append(Segment(text[cursor:mark_start]))
            segments.append(Segment(text[mark_start:mark_end], True))
            cursor = mark_end
        tail = text[cursor:end]
        if tail:
            segments.append(Segment(tail))
        if end < len(text.rstrip()):
            segments.append(Segment(" …"))
        return segments


def engine_parameters() -> dict:
    """What the browser's port of this engine needs besides the documents: the same weights and constants."""
    return {
        "fields": [name for name, _ in FIELDS],
        "weights": [w for _, w in FIELDS],
        "k1": K1,
        "b": B,
        "stopwords": sorted(STOPWORDS),
        "snippet_fields": list(SNIPPET_FIELDS),
        "snippet_words": SNIPPET_WORDS,
        "max_query_chars": MAX_QUERY_CHARS,
    }
