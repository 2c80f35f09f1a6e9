"""Text from outside kubegap (arguments, API servers) made safe to print: escaped and bounded."""

from __future__ import annotations


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control, format and line-separator character escaped (``\\x1b``,
    ``\\u202e``), so none can move a terminal's cursor, recolour it or reorder what follows, and at most
    ``limit`` characters long, escapes included, ending with an ellipsis when it was cut."""
    long = limit is not None and len(text) > limit
    if long:
        text = text[:limit]  # escaping only lengthens: nothing past here can be shown
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    if limit is not None and (long or len(text) > limit):
        return text[: max(0, limit - 1)] + "…"
    return text


def quoted(value: str, limit: int = 80) -> str:
    """``value`` in double quotes, escaped and bounded: how an argument that was refused is named."""
    return '"' + printable(value, limit).replace('"', '\\"') + '"'
