"""Where command output goes: stdout or a file, as text or JSON."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import orjson

from kubegap.errors import UserError
from kubegap.report.utf8 import write_utf8

if TYPE_CHECKING:
    from rich.console import Console


class ListingFormat(str, Enum):
    """``--format`` for listings: a Rich table for people, JSON for programs."""

    table = "table"
    json = "json"


@contextmanager
def destination(path: Path | None) -> Iterator[TextIO]:
    if path is None:
        yield sys.stdout
        return
    try:
        handle = path.open("w", encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None
    with handle:
        yield handle


def say(message: str) -> None:
    """``kubegap: message`` on stderr (``kubectl gap: ...`` when run as the kubectl plugin), the
    input-derived text in it escaped (see :mod:`kubegap.terminal`)."""
    from kubegap.cli import spoken
    from kubegap.terminal import printable

    print(spoken(f"kubegap: {printable(message)}"), file=sys.stderr)


def warn(message: str) -> None:
    say(f"warning: {message}")


def write_json(data: object, out: TextIO | None = None) -> None:
    write_utf8(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE), out or sys.stdout)


def console(out: TextIO | None = None) -> Console:
    from rich.console import Console

    return Console(file=out or sys.stdout, highlight=False, markup=False, emoji=False)
