"""The catalog and Incident Library tools: short by default, more only when asked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from mcp.types import CallToolResult
from pydantic import Field

from kubegap.library.search import MAX_QUERY_CHARS
from kubegap.mcp.arguments import MAX_ID_CHARS, Cursor, Identifiers, case_ids, check_ids, term
from kubegap.mcp.arguments import category as check_category
from kubegap.mcp.audit_tools import READ_ONLY
from kubegap.mcp.paging import decode_cursor, encode_cursor, json_text

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from kubegap.checks.base import Check
    from kubegap.library import Library

CHECKS_PER_PAGE = 50
"""Ids and titles of 50 checks take about 4.5 KB; the catalog is a page or two."""
CHECK_EXPLAINED = ("id", "title", "severity", "category", "cases", "documentation", "fix")
Terms = Annotated[Identifiers, Field(description="Terms, e.g. networking/cilium or just cilium.")]
SEARCH = (
    "Search the Incident Library; filter by component, root_cause, symptom, contributing_factor terms. "
    "Cases with summary and the checks that reveal their gap."
)


def _entry(check: Check, library: Library | None) -> str | dict:
    """``"severity: title"``, or, given the library, an object with its cases (id, title) too."""
    if library is None:
        return f"{check.severity}: {check.title}"
    from kubegap.library.serialize import case_ref

    cases = [{k: v for k, v in case_ref(library, c).items() if k != "url"} for c in check.cases]
    return {"severity": check.severity, "title": check.title, "cases": cases}


def register(server: MCPServer) -> None:
    @server.tool(annotations=READ_ONLY)
    def list_checks(
        category: Annotated[Identifiers, Field(description="Only these categories, e.g. gpu, dns.")] = None,
        cases: Annotated[bool, Field(description="Add the cases each check cites.")] = False,
        cursor: Cursor = None,
    ) -> CallToolResult:
        """Checks by category: id -> "severity: title". explain_check tells one in full."""
        from kubegap.checks import all_checks
        from kubegap.library import load_library

        wanted = [check_category(c) for c in category or []]
        checks = sorted(
            (c for c in all_checks() if not wanted or c.category in wanted), key=lambda c: (c.category, c.id)
        )
        start = decode_cursor(cursor)["group"] if cursor else 0
        library = load_library() if cases else None
        listed: dict[str, dict] = {}
        for check in checks[start : start + CHECKS_PER_PAGE]:
            listed.setdefault(check.category, {})[check.id] = _entry(check, library)
        result = {"total": len(checks), "checks": listed}
        if start + CHECKS_PER_PAGE < len(checks):
            result["next_cursor"] = encode_cursor({"group": start + CHECKS_PER_PAGE})
        return json_text(result)

    @server.tool(annotations=READ_ONLY)
    def explain_check(
        check_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A check id.")],
    ) -> CallToolResult:
        """A check in full: what it checks, why it matters (the incidents), example, fix, cited cases."""
        from kubegap.checks import get_check
        from kubegap.checks.serialize import check_json
        from kubegap.library import load_library

        check_ids("check_id", [check_id])
        check = get_check(check_id)
        assert check is not None, "check_ids refuses an id no check has"
        entry = check_json(check, load_library())
        return json_text({key: entry[key] for key in CHECK_EXPLAINED})

    @server.tool(annotations=READ_ONLY, description=SEARCH)
    def search_cases(
        query: Annotated[
            str | None, Field(max_length=MAX_QUERY_CHARS, description='Words (ranked), "phrases", a OR b, -word.')
        ] = None,
        component: Terms = None,
        root_cause: Identifiers = None,
        symptom: Identifiers = None,
        contributing_factor: Identifiers = None,
        facets: Annotated[bool, Field(description="Add term counts per vocabulary.")] = False,
        page: Annotated[int, Field(ge=1, le=1000)] = 1,
        per_page: Annotated[int, Field(ge=1, le=50)] = 10,
    ) -> CallToolResult:
        from kubegap.library import load_library
        from kubegap.library.search import snippet_text

        library = load_library()
        chosen = {
            "component": component,
            "root_cause": root_cause,
            "symptom": symptom,
            "contributing_factor": contributing_factor,
        }
        filters = {v: list(dict.fromkeys(term(library, v, t) for t in terms)) for v, terms in chosen.items() if terms}
        found = library.index.search(query, filters, page, per_page)
        result = {
            **({"filters": filters} if filters else {}),
            "total": found.total,
            "page": found.page,
            "pages": found.pages,
            "cases": [
                {
                    "id": c.id,
                    "title": c.title,
                    "organization": c.organization,
                    "date": c.date,
                    "when": c.when,
                    "summary": c.summary,
                    "url": c.url,
                    "checks": list(c.checks),
                    **({"snippet": snippet_text(found.snippets[c.id])} if c.id in found.snippets else {}),
                }
                for c in found.cases
            ],
        }
        if facets:
            result["facets"] = {v: dict(counts) for v, counts in found.facets.items()}
        return json_text(result)

    @server.tool(annotations=READ_ONLY)
    def get_case(case_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A case id.")]) -> CallToolResult:
        """One incident in full: every section, tags, sources and the checks that reveal its gap."""
        from kubegap.library import load_library
        from kubegap.library.serialize import case_json

        (known,) = case_ids("case_id", [case_id])
        case = load_library().case(known)
        assert case is not None, "case_ids admits only the library's cases"
        return json_text(case_json(case))
