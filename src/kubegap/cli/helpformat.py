"""``--help`` in the words of the command line, not of Python: ``PATH``, ``TEXT``, ``[json|yaml]``.

Typer describes a value by its annotation (``<list[str]>``, ``<int range>``, ``<path>``); this
formatter rewrites those the way Click and most command lines write them, and drops the type after
an argument whose name already says what it is (``QUERY``, ``OLD.json``). Run as the kubectl plugin,
the commands the help names are ``kubectl gap ...`` (:func:`kubegap.cli.spoken`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kubegap.cli import spoken

_TYPE = re.compile(r" ?<([^<>]+)>")
_WORDS = {
    "str": "TEXT",
    "text": "TEXT",
    "path": "PATH",
    "int": "INTEGER",
    "int range": "INTEGER",
    "float": "NUMBER",
    "float range": "NUMBER",
    "bool": "BOOLEAN",
}


def _word(label: str) -> str:
    label = re.sub(r"^list\[(.*)\]$", r"\1", label)
    if "|" in label:
        return f"[{label}]"
    return _WORDS.get(label.lower(), label.upper())


def plain(term: str) -> str:
    """A help row's left column without Python types: an option's value named as a word, an argument's type dropped."""
    if term.startswith("-"):
        return _TYPE.sub(lambda match: " " + _word(match.group(1)), term)
    return _TYPE.sub("", term)


def _plain_context(context_class: type) -> type:
    """``context_class`` (whichever Click the command line runs on) with a formatter that writes :func:`plain` rows."""

    class HelpFormatter(context_class.formatter_class):  # type: ignore[name-defined]  # a base known only at run time
        def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
            super().write_dl([(plain(term), text) for term, text in rows], *args, **kwargs)

        def getvalue(self) -> str:
            return spoken(super().getvalue())

    return type("Context", (context_class,), {"formatter_class": HelpFormatter})


def use_plain_help(command: Any) -> Any:
    """``command`` (a Click command, of whichever Click the command line runs on) and every subcommand, helped in
    plain words."""
    command.context_class = _plain_context(command.context_class)
    for sub in getattr(command, "commands", {}).values():
        use_plain_help(sub)
    return command
