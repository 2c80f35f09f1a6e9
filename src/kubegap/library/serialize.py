"""Cases as data and as text: the one shape every surface (CLI, web, MCP) shows a case in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kubegap.library.model import DATE_NOT_GIVEN

if TYPE_CHECKING:
    from kubegap.library.load import Library
    from kubegap.library.model import Case
    from kubegap.library.search import Page


def case_json(case: Case) -> dict:
    return case.model_dump(mode="json", exclude_none=True)


def case_ref(library: Library, case_id: str) -> dict:
    """How a check names a case it cites: the id, with the title and URL when the library holds the case."""
    case = library.case(case_id)
    return {"id": case_id, "title": case.title, "url": case.url} if case else {"id": case_id}


def page_json(result: Page, query: str | None, filters: dict) -> dict:
    """A page of cases with its facets; a search's cases carry their snippet (text segments, matched ones marked)."""
    from kubegap.library.search import snippet_json

    return {
        "query": query,
        "filters": filters,
        "total": result.total,
        "incidents": result.incidents,
        "studies": result.studies,
        "page": result.page,
        "per_page": result.per_page,
        "pages": result.pages,
        "cases": [
            {**case_json(c), **({"snippet": snippet_json(result.snippets[c.id])} if c.id in result.snippets else {})}
            for c in result.cases
        ],
        "facets": {v: [{"term": t, "count": n} for t, n in counts] for v, counts in result.facets.items()},
    }


NOT_STATED = "*Not stated in the sources.*"


def _terms(library: Library, vocabulary: str, ids: Iterable[str]) -> str:
    return ", ".join(library.term_name(vocabulary, i) for i in ids)


def _bullets(items: Iterable[str]) -> str:
    return "\n".join(f"- {item}" for item in items)


def case_markdown(case: Case, library: Library) -> str:
    sections = [
        f"# {case.title}",
        f"**{case.organization}** · {case.date or DATE_NOT_GIVEN}"
        + (f" · written up {case.published}" if case.published else "")
        + (" · a study of many failures" if case.kind == "study" else ""),
        case.summary,
        f"## Symptoms\n\n{case.symptoms}",
        f"## Trigger\n\n{case.trigger}",
        f"## Root cause\n\n{case.root_cause}\n\n*{_terms(library, 'root_cause', case.tags.root_cause)}*",
        f"## Component\n\n{_terms(library, 'component', case.tags.component)}",
        "## Contributing factor\n\n"
        + (_bullets(case.contributing_factors) + "\n\n" if case.contributing_factors else "")
        + f"*{_terms(library, 'contributing_factor', case.tags.contributing_factor)}*",
        f"## Detection\n\n{case.detection or NOT_STATED}",
        f"## Remediation\n\n{_bullets(case.remediation) or NOT_STATED}",
        f"## Lessons\n\n{_bullets(case.lessons) or NOT_STATED}",
    ]
    if case.impact:
        sections.insert(4, f"## Impact\n\n{case.impact}")
    sections.append(
        "## Sources\n\n"
        + _bullets(
            f"[{s.title}]({s.url}), {s.publisher}"
            + (f", {s.published}" if s.published else "")
            + (f" (read: {s.read})" if s.read else "")
            for s in case.sources
        )
    )
    related = library.index.related(case)
    if related:
        sections.append(
            "## Related cases\n\n"
            + _bullets(f"`{other.id}`: {other.title} (shares {', '.join(shared)})" for other, shared in related)
        )
    if case.checks:
        proof = ""
        if library.reconstruction(case.id) is not None:
            proof = (
                "\n\nkubegap finds this gap in a reconstruction of the incident: "
                f"`kubegap cases reconstruction {case.id}` prints the configuration the sources describe, on which "
                f"{'this check fires' if len(case.checks) == 1 else 'every one of these checks fires'}, and `--fixed` "
                f"the same after the reported fix, on which {'it does not' if len(case.checks) == 1 else 'none does'}."
            )
        sections.append(
            "## Check your cluster for this\n\n"
            + _bullets(f"`{c}`" for c in case.checks)
            + f"\n\n`kubegap audit --case {case.id} PATH...` runs exactly these checks."
            + proof
        )
    else:
        sections.append(
            f"## Check your cluster for this\n\nNo API-visible check can reveal this gap: {case.no_check_reason}"
        )
    return "\n\n".join(sections)
