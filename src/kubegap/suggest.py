""" "Did you mean": the known names closest to one that was mistyped (a check, case, term, key or parameter)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggestions(word: str, known: Iterable[str], limit: int = 3) -> list[str]:
    """Known names that ``word`` likely meant: those it is the last part or the start of
    (``cilium`` for ``networking/cilium``, ``datadog-2023`` for a case id), then the closest spellings."""
    names = list(known)
    lowered = word.lower()
    parts = [
        n
        for n in names
        if n.lower().rsplit("/", 1)[-1] == lowered or (len(lowered) >= 3 and n.lower().startswith(lowered))
    ]
    close = difflib.get_close_matches(word, names, n=limit, cutoff=0.6)
    if close:  # only the spellings about as close as the closest
        best = difflib.SequenceMatcher(None, word, close[0]).ratio()
        close = [n for n in close if difflib.SequenceMatcher(None, word, n).ratio() >= best - 0.05]
    return list(dict.fromkeys(parts + close))[:limit]


def did_you_mean(word: str, known: Iterable[str], lead: str = "; did you mean") -> str:
    """``; did you mean 'x' or 'y'?`` (``lead`` first) to end an error message, or nothing when no name is close."""
    found = suggestions(word, known)
    return f"{lead} {' or '.join(repr(name) for name in found)}?" if found else ""
