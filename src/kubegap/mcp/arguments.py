"""What the tools take, as agents send it: types that accept one term where a list is expected, and
errors that name the argument, say what it could have been and never echo a huge value back."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import AfterValidator, BeforeValidator, Field, ValidationError

from kubegap.checks.base import Severity as SeverityLevel
from kubegap.sources.names import CONTEXT, NAMESPACE

if TYPE_CHECKING:
    from kubegap.library import Library

MAX_INLINE_BYTES = 5 * 1024 * 1024
MAX_PATHS = 200
MAX_PATH_CHARS = 4096
"""PATH_MAX: longer path arguments are refused before they could reach an error message."""
MAX_ID_CHARS = 200
MAX_CURSOR_CHARS = 1000
MAX_ERRORS_SHOWN = 5
LISTED_IN_FULL = 20
"""Up to this many valid values, an error lists them all; past it, the closest ones."""
SIMILAR = 0.6
"""difflib's own cut-off for close matches."""


def one_or_many(value: object) -> object:
    """``"a"`` where ``["a"]`` is expected: agents often send a single term as a string."""
    return [value] if isinstance(value, str) else value


PathArgument = Annotated[str, Field(max_length=MAX_PATH_CHARS)]
Paths = Annotated[list[PathArgument], BeforeValidator(one_or_many)]
Identifier = Annotated[str, Field(max_length=MAX_ID_CHARS)]
"""A check id, case id, category or vocabulary term."""
Identifiers = Annotated[list[Identifier] | None, BeforeValidator(one_or_many)]
Namespace = Annotated[str, Field(max_length=NAMESPACE.max_length, pattern=f"^{NAMESPACE.pattern}$")]
"""A namespace, held to Kubernetes' rule before it can reach a request path."""
Namespaces = Annotated[list[Namespace] | None, BeforeValidator(one_or_many)]


def _context_name(value: str) -> str:
    if problem := CONTEXT.problem(value):
        raise ValueError(problem)
    return value


ContextName = Annotated[str, Field(max_length=CONTEXT.max_length), AfterValidator(_context_name)]
"""A kubeconfig context name: printable text (it is printed), never anything that could drive a terminal."""
Severity = Annotated[SeverityLevel, Field(description="Lowest severity shown.")]
CursorArgument = Annotated[str | None, Field(max_length=MAX_CURSOR_CHARS)]
Cursor = Annotated[CursorArgument, Field(description="A next_cursor; same other arguments.")]
Checks = Annotated[Identifiers, Field(description="Only these check ids.")]
Cases = Annotated[Identifiers, Field(description="Incident case ids: run the checks they name.")]


def shown(value: str) -> str:
    return repr(value[:MAX_ID_CHARS])


def _likeness(value: str, known: str) -> float:
    """How alike ``value`` is to a known value or to its last part (``cilium`` of ``networking/cilium``)."""
    known = known.lower()
    return max(difflib.SequenceMatcher(None, value, whole).ratio() for whole in (known, known.rpartition("/")[2]))


def closest(value: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known values ``value`` most likely meant: same but for case, containing it, then alike."""
    known = list(known)
    lowered = value.lower()
    same = [k for k in known if k.lower() == lowered]
    containing = [k for k in known if lowered and lowered in k.lower()]
    likeness = {k: _likeness(lowered, k) for k in known}
    alike = sorted((k for k in known if likeness[k] >= SIMILAR), key=lambda k: -likeness[k])
    return list(dict.fromkeys([*same, *containing, *alike]))[:n]


def unknown(argument: str, noun: str, value: str, known: Iterable[str], listed_by: str) -> ToolError:
    """``argument: no <noun> 'x'; did you mean 'y'?``, or every valid value when there are few."""
    known = sorted(known)
    if len(known) <= LISTED_IN_FULL:
        hint = "valid: " + ", ".join(known)
    elif near := closest(value, known):
        hint = "did you mean " + " or ".join(map(repr, near)) + "?"
    else:
        hint = f"{listed_by} lists the {len(known)} valid ones"
    return ToolError(f"{argument}: no {noun} {shown(value)}; {hint}")


def check_ids(argument: str, ids: list[str] | None) -> list[str]:
    from kubegap.checks import all_checks

    known = {check.id for check in all_checks()}
    for check_id in ids or ():
        if check_id not in known:
            raise unknown(argument, "check", check_id, known, "list_checks")
    return list(ids or [])


def case_ids(argument: str, ids: list[str] | None) -> list[str]:
    from kubegap.library import load_library

    known = {case.id for case in load_library().cases}
    for case_id in ids or ():
        if case_id not in known:
            raise unknown(argument, "case", case_id, known, "search_cases")
    return list(ids or [])


def category(value: str) -> str:
    from kubegap.checks import all_checks

    known = {check.category for check in all_checks()}
    if value not in known:
        raise unknown("category", "check category", value, known, "list_checks")
    return value


def term(library: Library, vocabulary: str, value: str) -> str:
    """A vocabulary term by its id, or by its last part when one term alone ends with it (``cilium``
    for ``networking/cilium``)."""
    known = [t.id for t in library.vocabularies[vocabulary].terms]
    if value in known:
        return value
    leaf = [t for t in known if t.rpartition("/")[2] == value.lower()]
    if len(leaf) == 1:
        return leaf[0]
    raise unknown(vocabulary, f"{vocabulary.replace('_', ' ')} term", value, known, "search_cases with facets")


def short_validation_error(tool: str, error: ValidationError) -> str:
    """One line per invalid field (``paths.0: Input should be a valid string``), no input echoed, no links."""
    lines = [
        f"{'.'.join(str(part) for part in e['loc']) or 'arguments'}: {e['msg']}"
        for e in error.errors()[:MAX_ERRORS_SHOWN]
    ]
    more = error.error_count() - len(lines)
    return f"invalid arguments for {tool}: " + "; ".join(lines) + (f" (and {more} more)" if more > 0 else "")
