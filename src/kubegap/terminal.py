"""Text from the input made safe to show on a terminal.

Object names, messages, paths and YAML errors come from files and clusters that anyone may have
written. Printed as they are, an escape sequence in a name could clear the screen, recolour or
rewrite what came before, set the window title or, on some terminals, answer back; a bidi override
could show a name reversed; a line break could forge a line of its own (``kubegap: error: ...``).
Every such character is shown as its escape instead (``\\x1b``, ``\\u202e``), as ``cat -v`` would.
Renderers for other media escape for theirs (HTML, Markdown, XML); JSON keeps the text as it was.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f"  # C0 (line breaks and tabs included) and C1 controls, DEL
    "\u00ad\u061c\u180e"  # soft hyphen, Arabic letter mark, Mongolian vowel separator
    "\u200b-\u200f"  # zero-width characters and left-to-right / right-to-left marks
    "\u2028-\u202e"  # line and paragraph separators, bidi embeddings and overrides
    "\u2060-\u2069"  # word joiner, invisible operators, bidi isolates
    "\ufeff\ufff9-\ufffb]"  # zero-width no-break space, interlinear annotations
)


def _escaped(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control, format and line-breaking character shown as its escape: one line, inert."""
    return _UNSAFE.sub(_escaped, text) if _UNSAFE.search(text) else text
