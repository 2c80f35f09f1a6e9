"""Large JSON lists (``kubectl get -o json``, kubegap snapshots) parsed a slice of items at a time.

Parsing a 500 MB cluster dump in one call holds every object, bulk included, at once: several
times the file's size. Here the top-level ``items`` array is cut at item boundaries into slices of
a few dozen kilobytes, each slice is parsed by orjson and trimmed (``on_items``) before the next, and
the file's pages already read are handed back to the kernel. Peak memory is then the trimmed
objects plus one slice. Slices this small keep the objects of one slice in the processor's cache
while they are trimmed, and the memory the trimming frees is reused by the next slice.

Cutting needs no tokenizer: a candidate cut is a ``}`` ``,`` followed by the bytes the first
item starts with (its indentation and first key: ``{"apiVersion"``), past the slice's target
length; a candidate is accepted only if orjson parses ``[`` slice ``]``, which it cannot when
the cut falls inside an item (unbalanced brackets, or an unterminated string). After a few failed
parses, counting brackets first rules most wrong candidates out without parsing. Anything that does not fit this shape
returns None, and the caller parses the document whole, so errors are reported exactly as before.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Callable
from typing import Any

import orjson

from kubegap.inputbytes import Bytes
from kubegap.sources import managedfields

SLICE_BYTES = 64 * 1024
"""About ten pods: parsed, ~600 KB of objects, within a core's cache. At 60,000 pods, slices of
8 MB took 7.3 s of CPU to parse and compact, and made 810,000 page faults; slices of 64 KB, 3.9 s
and 214,000."""
MAX_PROBES = 64
"""Candidate cuts looked at per slice before giving up on slicing (then the rest is parsed whole)."""
MAX_PARSES = 8
"""Candidate slices parsed before their brackets are counted: a cut at the first item's indentation and
key is nearly always right, so parsing at once saves counting every slice; past this many failed
parses, only candidates whose brackets balance are parsed (strings can hold brackets)."""

_ITEMS = re.compile(rb'"items"\s*:\s*\[')
_FIRST_ITEM = re.compile(rb'(\s*)\{(\s*"[^"\\]{1,64}")')


def _balanced(piece: bytes | bytearray) -> bool:
    return piece.count(b"{") == piece.count(b"}") and piece.count(b"[") == piece.count(b"]")


def _release(buffer: Bytes, start: int, upto: int) -> int:
    """Drop the pages of a file mapping from ``start`` (page-aligned) to below ``upto`` from memory
    (they are not read again); where the next release starts."""
    aligned = upto - upto % mmap.PAGESIZE
    if aligned > start and isinstance(buffer, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
        buffer.madvise(mmap.MADV_DONTNEED, start, aligned - start)
        return aligned
    return start


def _loads(text: bytes | bytearray, prefix: bytes, suffix: bytes, unparsed_managed_fields: bool) -> Any:
    if unparsed_managed_fields:
        return managedfields.loads_items(text, prefix, suffix)
    return orjson.loads(prefix + text + suffix)


def _next_slice(buffer: Bytes, start: int, cuts: re.Pattern, unparsed_managed_fields: bool) -> tuple[list, int] | None:
    """The items from ``start`` up to the first good cut past SLICE_BYTES, and where the next begins."""
    probe, parses = start + SLICE_BYTES, 0
    for _ in range(MAX_PROBES):
        cut = cuts.search(buffer, probe)
        if cut is None:
            return None
        piece = buffer[start : cut.start() + 1]
        if parses < MAX_PARSES or _balanced(piece):
            parses += 1
            try:
                return _loads(piece, b"[", b"]", unparsed_managed_fields), cut.start() + cut.group().index(b"{")
            except orjson.JSONDecodeError:
                pass
        probe = cut.start() + 1
    return None


def parse_in_slices(
    buffer: Bytes,
    on_items: Callable[[list], None],
    on_head: Callable[[dict], None] = lambda head: None,
    unparsed_managed_fields: bool = False,
) -> dict | None:
    """The document in ``buffer`` (bytes or a read-only mmap), or None when it is not a JSON
    object with a top-level ``items`` array that can be cut into slices. ``on_head`` is given the
    document's keys before ``items`` (a list's ``metadata``) before any item is parsed.

    ``unparsed_managed_fields``: the items' ``metadata.managedFields`` are cut out of the bytes before
    they are parsed (:mod:`kubegap.sources.managedfields`), and hold a placeholder instead; what is
    cut is not checked to be well-formed. For an API server's answers, whose managed fields are
    dropped unread."""
    found = _ITEMS.search(buffer)
    if found is None:
        return None
    head = bytes(buffer[: found.start()]).rstrip()
    head = head[:-1] if head.endswith(b",") else head
    try:
        document = orjson.loads(head + b"}")
    except orjson.JSONDecodeError:
        return None  # "items" was not a top-level key
    if not isinstance(document, dict):
        return None
    on_head(document)
    items: list = []
    position, released = found.end(), 0
    first = _FIRST_ITEM.match(buffer, position)
    cuts = re.compile(rb"\}\s*," + re.escape(first.group(1)) + rb"\{" + re.escape(first.group(2))) if first else None
    while cuts is not None and len(buffer) - position > 2 * SLICE_BYTES:
        cut = _next_slice(buffer, position, cuts, unparsed_managed_fields)
        if cut is None:
            break
        batch, position = cut
        on_items(batch)
        items.extend(batch)
        released = _release(buffer, released, position)
    try:
        tail = _loads(buffer[position:], b'{"items":[', b"", unparsed_managed_fields)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(tail.get("items"), list):
        return None
    on_items(tail["items"])
    items.extend(tail.pop("items"))
    document.update(tail)
    document["items"] = items
    return document
