"""Every case and every check as a Markdown resource (``kubegap://case/<id>``, ``kubegap://check/<id>``),
for clients that browse or attach resources, with completion of their ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mcp.server.mcpserver.exceptions import ResourceNotFoundError
from mcp.server.mcpserver.resources import FunctionResource
from mcp.types import Completion, CompletionArgument, PromptReference, ResourceTemplateReference

from kubegap.mcp.arguments import MAX_ID_CHARS

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

CASE_URI = "kubegap://case/{case_id}"
CHECK_URI = "kubegap://check/{check_id}"
COMPLETIONS_SHOWN = 100
"""The protocol's limit on completion values."""


def case_markdown(case_id: str) -> str:
    from kubegap.library import load_library
    from kubegap.library.serialize import case_markdown as markdown

    library = load_library()
    case = library.case(case_id)
    if case is None:
        raise ResourceNotFoundError(f"no case {case_id[:MAX_ID_CHARS]!r}; search_cases lists the cases")
    return markdown(case, library)


def check_markdown(check_id: str) -> str:
    from kubegap.checks import get_check
    from kubegap.checks.reference import check_markdown as markdown
    from kubegap.library import load_library

    check = get_check(check_id)
    if check is None:
        raise ResourceNotFoundError(f"no check {check_id[:MAX_ID_CHARS]!r}; list_checks lists the checks")
    return markdown(check, load_library())


def _reading(read: Callable[[str], str], key: str) -> Callable[[], str]:
    """``read`` bound to one case or check id: what the server calls when a client reads that resource."""
    return lambda: read(key)


def _ids(argument: str) -> list[str]:
    from kubegap.checks import all_checks
    from kubegap.library import load_library

    if argument == "case_id":
        return [case.id for case in load_library().cases]
    if argument == "check_id":
        return [check.id for check in all_checks()]
    return []


def register(server: MCPServer) -> None:
    from kubegap.checks import all_checks
    from kubegap.library import load_library

    @server.resource(CASE_URI, mime_type="text/markdown", description="An incident case as Markdown.")
    def case_resource(case_id: str) -> str:
        return case_markdown(case_id)

    @server.resource(CHECK_URI, mime_type="text/markdown", description="A check's documentation as Markdown.")
    def check_resource(check_id: str) -> str:
        return check_markdown(check_id)

    for case in load_library().cases:
        server.add_resource(
            FunctionResource(
                uri=CASE_URI.format(case_id=case.id),
                name=case.id,
                title=case.title,
                mime_type="text/markdown",
                description=f"{case.organization}, {case.year}",
                fn=_reading(case_markdown, case.id),
            )
        )
    for check in all_checks():
        server.add_resource(
            FunctionResource(
                uri=CHECK_URI.format(check_id=check.id),
                name=check.id,
                title=check.title,
                mime_type="text/markdown",
                description=f"{check.severity} · {check.category}",
                fn=_reading(check_markdown, check.id),
            )
        )

    @server.completion()
    async def complete(
        ref: PromptReference | ResourceTemplateReference, argument: CompletionArgument, context: object
    ) -> Completion | None:
        """Case and check ids for the prompts' and resource templates' id arguments, by prefix."""
        if not isinstance(ref, PromptReference | ResourceTemplateReference):
            return None
        matches = [i for i in _ids(argument.name) if i.startswith(argument.value)]
        return Completion(
            values=matches[:COMPLETIONS_SHOWN], total=len(matches), has_more=len(matches) > COMPLETIONS_SHOWN
        )
