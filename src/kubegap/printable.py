"""Text from outside kubegap (arguments, API servers) made safe to print: escaped and bounded."""

from __future__ import annotations


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control, format and line-separator character escaped (``\\x1b``,
    ``\\u202e``), so none can move a terminal's cursor, recolour it or reorder what follows, and cut
    to ``limit`` characters with an ellipsis."""
    cut = limit is not None and len(text) > limit
    if cut:
        text = text[: max(0, limit - 1)]
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return text + "…" if cut else text


def quoted(value: str, limit: int = 80) -> str:
    """``value`` in double quotes, escaped and bounded: how an argument that was refused is named."""
    return '"' + printable(value, limit).replace('"', '\\"') + '"'
