"""Text for a terminal, a file or a pipe: paragraphs wrapped between words, identifiers never cut.

Every listing a person reads in a terminal (the audit table, ``diff``, ``cases``, ``checks``) prints
through :class:`Printer`: an id is one word, so it is never split across lines, and a line that
starts with it survives ``grep`` whatever the width. Names and values come from the input: every
control character in them, line breaks included, is shown escaped (:func:`kubegap.terminal.printable`).
"""

from __future__ import annotations

import re
from typing import TextIO

from rich.console import Console
from rich.text import Text

from kubegap.terminal import printable

INDENT = "    "
KEEP = "\u00a0"
"""Joins words :func:`wrap` keeps on one line (``case ID``); printed as a plain space."""
_WORDS = re.compile(r"[^ ]+")


def whole(text: str) -> str:
    """``text`` kept on one line by :func:`wrap` (an object's ``Kind namespace/name``)."""
    return text.replace(" ", KEEP)


def _words(segments: list[tuple[str, str]], glued: bool) -> list[list[tuple[str, str]]]:
    """The words of ``segments``, each a list of styled pieces. Segments are words apart unless
    ``glued`` (runs of one text): then a word across two of them (a marked search hit, then ``'s``) stays one."""
    words: list[list[tuple[str, str]]] = []
    open_end = False
    for text, style in segments:
        text = printable(text)
        for match in _WORDS.finditer(text):
            piece = (match.group().replace(KEEP, " "), style)
            if glued and match.start() == 0 and open_end and words:
                words[-1].append(piece)
            else:
                words.append([piece])
        open_end = bool(text) and not text[-1].isspace()
    return words


def wrap(
    segments: list[tuple[str, str]], width: int, first: str | Text = "", rest: str = INDENT, glued: bool = False
) -> list[Text]:
    """Styled ``(text, style)`` segments laid out in lines of ``width``, broken only between words.

    A word longer than a line (a URL, a long object name) is never cut: it gets a line of its own.
    Words joined by ``KEEP`` (``case ID``) stay on one line, printed with a plain space. Control characters
    are shown escaped, line breaks included: the words are broken at spaces only.
    """
    lines: list[Text] = []
    line = first.copy() if isinstance(first, Text) else Text(first)
    length, previous = len(line), None
    for word in _words(segments, glued):
        size, style = sum(len(piece) for piece, _ in word), word[0][1]
        if previous is not None and length + 1 + size > width:
            lines.append(line)
            line, length, previous = Text(rest), len(rest), None
        if previous is not None:
            line.append(" ", style=style if style == previous else "")
            length += 1
        for piece, piece_style in word:
            line.append(piece, style=piece_style)
        length += size
        previous = word[-1][1]
    lines.append(line)
    return lines


class Printer:
    """Prints paragraphs of styled segments, wrapped to the width."""

    def __init__(self, out: TextIO, width: int | None) -> None:
        self.console = Console(file=out, highlight=False, soft_wrap=True, width=width, emoji=False, markup=False)
        self.width = width or self.console.width

    def paragraph(
        self,
        *segments: tuple[str, str] | str,
        first: str | Text = "",
        rest: str = INDENT,
        style: str = "",
        glued: bool = False,
    ) -> None:
        """Print ``segments`` (plain strings or ``(text, style)``), indented by ``first`` then ``rest``;
        ``glued``: the segments are runs of one text rather than words apart."""
        parts = [(s, style) if isinstance(s, str) else s for s in segments]
        for line in wrap(parts, self.width, first, rest, glued):
            self.console.print(line)
