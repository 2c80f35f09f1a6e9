"""``metadata.managedFields`` cut out of an API server's answer before it is parsed.

Server-side apply's bookkeeping is dropped as soon as an object is read
(:data:`kubegap.sources.base.UNUSED_METADATA`), but parsed first it is half the objects a page of
pods makes: orjson took 1.8 s to parse the pages of a 30,000-pod cluster, 1.0 s once they were
without it. So each ``"managedFields": [...]`` value is replaced, in the bytes, by a placeholder
string, and dropped with its key as before.

The end of the list is found without a tokenizer. Where no ``[`` stands between the list's ``[``
and the first ``]`` after it, no list was opened inside it, so that ``]`` closes it unless it
stands inside a string; it does not when the quotes before it are even in number, which counting
tells exactly when every backslash there escapes a quote (each ``\\"`` is then an escaped quote).
A list that does not pass is left to be parsed (none does: a managed-fields entry holds strings
and objects, never a list). A key is cut only where ``{`` or ``,`` stands before it, which in
valid JSON puts it outside any string. Whether each cut was a ``metadata.managedFields`` is
checked once the items are parsed: the placeholders found there must be as many as the cuts, else
the bytes are parsed as they came. What is cut is dropped unread, so it is not checked to be
well-formed JSON.
"""

from __future__ import annotations

import re

import orjson

PLACEHOLDER = "kubegap: managedFields not parsed"
_PLACEHOLDER = orjson.dumps(PLACEHOLDER)
_NAME = b'"managedFields"'
_KEY = re.compile(rb'"managedFields"\s*:\s*\[')
_LOOKBACK = 64
"""Bytes looked at before a key for the ``{`` or ``,`` that must precede it (indentation included)."""


def _closed_at(text: bytes | bytearray, start: int) -> int:
    """Where the list whose items start at ``start`` ends (its ``]``), or -1 when counting cannot tell."""
    end = text.find(b"]", start)
    if end == -1 or text.count(b"[", start, end):
        return -1
    escaped = text.count(b'\\"', start, end)
    if text.count(b"\\", start, end) != escaped:  # some backslash escapes something else than a quote
        return -1
    return end if (text.count(b'"', start, end) - escaped) % 2 == 0 else -1


def cut(text: bytes | bytearray) -> tuple[bytes | bytearray, int]:
    """``text`` with every ``"managedFields"`` list it can tell the end of replaced by the
    placeholder, and how many were."""
    parts: list[bytes | bytearray] = []
    done, cuts = 0, 0
    at = text.find(_NAME)
    while at != -1:
        key = _KEY.match(text, at)
        end = -1
        if key is not None and text[max(0, at - _LOOKBACK) : at].rstrip()[-1:] in (b"{", b","):
            end = _closed_at(text, key.end())
        if key is None or end == -1:
            at = text.find(_NAME, at + 1)
            continue
        parts += (text[done : key.end() - 1], _PLACEHOLDER)
        done = end + 1
        cuts += 1
        at = text.find(_NAME, done)
    if not cuts:
        return text, 0
    parts.append(text[done:])
    return b"".join(parts), cuts


def placeholders(items: list) -> int:
    """How many of the objects in ``items`` hold the placeholder as their ``metadata.managedFields``."""
    found = 0
    for item in items:
        metadata = item.get("metadata") if item.__class__ is dict else None
        if metadata.__class__ is dict and metadata.get("managedFields") == PLACEHOLDER:
            found += 1
    return found


def loads_items(text: bytes | bytearray, prefix: bytes = b"[", suffix: bytes = b"]") -> object:
    """``orjson.loads(prefix + text + suffix)``, a JSON list of objects or a document whose ``items``
    are, with their managed fields cut before parsing where that is sure to change nothing else."""
    short, cuts = cut(text)
    if cuts:
        try:
            parsed = orjson.loads(prefix + short + suffix)
        except orjson.JSONDecodeError:
            parsed = None  # the bytes as they came say why
        items = parsed if parsed.__class__ is list else parsed.get("items") if parsed.__class__ is dict else None
        if items.__class__ is list and placeholders(items) == cuts:
            return parsed
    return orjson.loads(prefix + text + suffix)
