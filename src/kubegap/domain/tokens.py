"""Names and paths matched as words, never as substrings.

A name, path, image or flag is split into its words, lower-cased: at every character that is not a
letter or a digit (``-``, ``_``, ``.``, ``/``, ``:``, ``=``, ``@``, spaces), where a lower-case letter
is followed by an upper-case one (``dataDir`` is ``data dir``; ``HTTPServer`` is ``http server``), and
between letters and digits (``oauth2`` is ``oauth 2``). A vocabulary entry, split the same way, matches
a text when its words appear one after another among the text's words. So ``log`` matches
``/var/log/app`` but not ``klog-socks``, ``work`` matches ``/work`` but not ``workload-spiffe-uds``,
and ``data dir`` matches ``DATA_DIR`` but not ``METADATA_DIR``. A word run together with another
(``vtdataroot``, ``automigrate``) is one word and does not match its parts: a vocabulary names the
compound when it means it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


@lru_cache(maxsize=16384)
def words(text: str) -> tuple[str, ...]:
    """The words of ``text``, lower-cased (see the module's docstring for where it splits)."""
    return tuple(word.lower() for word in _WORD.findall(text))


class Words:
    """Entries (words or phrases) looked for among the words of a name, path, image or flag."""

    def __init__(self, entries: Iterable[str]):
        self.entries = tuple(entries)
        self._phrases = [(entry, words(entry)) for entry in self.entries]
        self._single = {found[0]: entry for entry, found in self._phrases if len(found) == 1}

    def find(self, text: str) -> str | None:
        """The first entry whose words appear one after another among ``text``'s words, or None."""
        found = words(text)
        if not found:
            return None
        for word in found:  # most entries are one word: a set lookup per word of the text
            if word in self._single:
                return self._single[word]
        for entry, phrase in self._phrases:
            if len(phrase) > 1 and _contains(found, phrase):
                return entry
        return None

    def starts(self, text: str) -> str | None:
        """The first entry whose words are the first words of ``text`` (a static pod ``kube-proxy-node1``
        starts with ``kube-proxy``), or None."""
        found = words(text)
        return next((entry for entry, phrase in self._phrases if phrase and found[: len(phrase)] == phrase), None)

    def ends(self, text: str) -> str | None:
        """The first entry whose words are the last words of ``text`` (``RESTATE_BASE_DIR`` ends with
        ``base dir``), or None."""
        found = words(text)
        return next((entry for entry, phrase in self._phrases if phrase and found[-len(phrase) :] == phrase), None)

    def __contains__(self, text: str) -> bool:
        return self.find(text) is not None


def _contains(found: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    first, size = phrase[0], len(phrase)
    return any(found[i] == first and found[i : i + size] == phrase for i in range(len(found) - size + 1))
