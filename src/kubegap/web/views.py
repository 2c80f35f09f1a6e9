"""The website's pages as data: each view gives a template, its context and the page's JSON twin.

Views know nothing of HTTP or files, so the server and the static site build render the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kubegap.checks import all_checks, get_check
from kubegap.checks.base import DOC_SECTIONS, SEVERITIES
from kubegap.checks.serialize import check_json
from kubegap.library.search import UnknownTerm, validate_filters
from kubegap.library.serialize import case_json, page_json
from kubegap.library import Library
from kubegap.library.load import has_term
from kubegap.library.model import VOCABULARIES, Case, count_kinds, incidents_and_studies

PER_PAGE = 20


@dataclass(frozen=True)
class View:
    template: str
    title: str
    context: dict
    data: dict | list
    section: str = ""
    """The navigation entry this page belongs to (marked as the current one)."""
    link: tuple = field(default=())
    """``(name, *ids)`` of this page, for its JSON twin."""


class BadRequest(ValueError):
    """A request naming something that does not exist: an unknown term, a page out of range."""


ECHOED_CHARS = 200


def quoted(value: str) -> str:
    """What a request asked for, quoted for an error message, cut to at most ECHOED_CHARS."""
    return repr(value if len(value) <= ECHOED_CHARS else value[:ECHOED_CHARS] + "…")


def _names(library: Library, vocabulary: str, term_ids) -> list[str]:
    return [(t.name if (t := library.term(vocabulary, i)) else i) for i in term_ids]


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def involve_sentence(library: Library, component_ids: list[str], total: int) -> str:
    """"These 3 cases involve Cilium and NCCL": what a component filter selects, in words."""
    names = and_list(_names(library, "component", component_ids))
    if total == 0:
        return f"No case involves {names}."
    if total == 1:
        return f"This case involves {names}."
    return f"These {total} cases involve {names}."


def known_filters(library: Library, filters: dict[str, list[str]]) -> dict[str, list[str]]:
    try:
        return validate_filters(library, filters)
    except UnknownTerm as exc:
        raise BadRequest(f"There is no {exc.vocabulary.replace('_', ' ')} term {quoted(exc.term)}.") from None


def state(query: str | None, filters: dict[str, list[str]], page: int = 1) -> dict:
    """The query string of a case list: the whole state of the page."""
    return {"q": query or None, **filters, "page": page if page > 1 else None}


def _without(filters: dict[str, list[str]], vocabulary: str, term: str) -> dict[str, list[str]]:
    return {k: [t for t in v if not (k == vocabulary and t == term)] for k, v in filters.items()}


def _with(filters: dict[str, list[str]], vocabulary: str, term: str) -> dict[str, list[str]]:
    merged = {k: list(v) for k, v in filters.items()}
    merged.setdefault(vocabulary, []).append(term)
    return merged


def case_list(library: Library, query: str | None, filters: dict[str, list[str]], page: int = 1) -> View:
    filters = known_filters(library, filters)
    query = (query or "").strip() or None
    result = library.index.search(query, filters, page, PER_PAGE)
    if page > result.pages:
        raise BadRequest(f"Page {page} is past the last page ({result.pages}).")
    chips = []
    if query:
        chips.append({"label": f"Search: {query}", "state": state(None, filters)})
    for vocabulary, terms in filters.items():
        for term in terms:
            chips.append({
                "label": f"{library.vocabularies[vocabulary].title}: {library.term(vocabulary, term).name}",
                "state": state(query, _without(filters, vocabulary, term)),
            })
    facets = []
    for vocabulary in VOCABULARIES:
        active = set(filters.get(vocabulary, ()))
        values = []
        for term_id, count in result.facets[vocabulary]:
            on = term_id in active
            chosen = _without(filters, vocabulary, term_id) if on else _with(filters, vocabulary, term_id)
            values.append({
                "term": library.term(vocabulary, term_id), "count": count, "active": on,
                "state": state(query, chosen),
            })
        facets.append({"vocabulary": vocabulary, "title": library.vocabularies[vocabulary].title, "values": values})
    pages = [{"number": n, "state": state(query, filters, n)} for n in range(1, result.pages + 1)]
    sentence = involve_sentence(library, filters["component"], result.total) if filters.get("component") else None
    return View(
        "cases.html", "Cases", section="cases", link=("cases",),
        context={
            "result": result, "query": query, "filters": filters, "chips": chips, "facets": facets,
            "pages": pages, "involve": sentence, "state": state(query, filters, page),
            "hidden": [(k, t) for k, v in filters.items() for t in v],
        },
        data=page_json(result, query, filters),
    )


def _term_counts(library: Library, vocabulary: str) -> dict[str, int]:
    return dict(library.index.facets(list(library.cases))[vocabulary])


def vocabulary_page(library: Library, vocabulary: str) -> View:
    vocab = library.vocabularies[vocabulary]
    counts = _term_counts(library, vocabulary)
    terms = [{"term": t, "count": counts.get(t.id, 0), "parent": library.term(vocabulary, t.parent) if t.parent else None}
             for t in vocab.terms]
    return View(
        "vocabulary.html", f"By {vocab.title.lower()}", section=vocabulary, link=("vocabulary", vocabulary),
        context={"vocabulary": vocabulary, "vocab": vocab, "terms": terms},
        data={
            "name": vocab.name, "title": vocab.title, "description": vocab.description,
            "terms": [{"id": r["term"].id, "name": r["term"].name, "description": r["term"].description,
                       "parent": r["term"].parent, "type": r["term"].type, "cases": r["count"]} for r in terms],
        },
    )


def term_page(library: Library, vocabulary: str, term_id: str) -> View | None:
    term = library.term(vocabulary, term_id)
    if term is None:
        return None
    cases = [c for c in library.cases if has_term(c, vocabulary, term_id)]
    counts = _term_counts(library, vocabulary)
    children = [{"term": t, "count": counts.get(t.id, 0)}
                for t in library.vocabularies[vocabulary].terms if t.parent == term_id]
    combine = []
    if vocabulary == "component":
        narrowed = library.index.facets(cases)["component"]
        family = {term_id, term.parent} | {c["term"].id for c in children}
        combine = [{"term": library.term("component", other), "count": n,
                    "state": state(None, {"component": [term_id, other]})}
                   for other, n in narrowed if other not in family and "/" in other]
    vocab = library.vocabularies[vocabulary]
    return View(
        "term.html", term.name, section=vocabulary, link=("term", vocabulary, term_id),
        context={
            "vocabulary": vocabulary, "vocab": vocab, "term": term, "cases": cases, "children": children,
            "tally": incidents_and_studies(*count_kinds(cases)),
            "parent": library.term(vocabulary, term.parent) if term.parent else None, "combine": combine,
            "involve": involve_sentence(library, [term_id], len(cases)) if vocabulary == "component" else None,
        },
        data={
            "vocabulary": vocabulary, "id": term.id, "name": term.name, "description": term.description,
            "parent": term.parent, "type": term.type, "children": [c["term"].id for c in children],
            "cases": [case_summary(c) for c in cases],
        },
    )


def audit_commands(check_ids: list[str]) -> dict[str, str]:
    flags = " ".join(f"--check {c}" for c in check_ids)
    return {"manifests": f"kubegap audit {flags} PATH", "cluster": f"kubegap audit {flags}"}


def case_page(library: Library, case_id: str) -> View | None:
    case = library.case(case_id)
    if case is None:
        return None
    available = [c for c in case.checks if get_check(c) is not None]
    planned = [c for c in case.checks if get_check(c) is None]
    commands = audit_commands(available) if available else None
    related = library.index.related(case)
    tags = {v: [library.term(v, t) for t in case.tags.of(v)] for v in VOCABULARIES}
    reconstruction = library.reconstruction(case.id)
    return View(
        "case.html", case.title, section="cases", link=("case", case.id),
        context={
            "case": case, "tags": tags, "related": related, "available": [get_check(c) for c in available],
            "planned": planned, "commands": commands, "titles": {v: library.vocabularies[v].title for v in VOCABULARIES},
            "reconstruction": reconstruction,
        },
        data={
            **case_json(case),
            "related": [{"id": other.id, "title": other.title, "shares": shared} for other, shared in related],
            "check_commands": commands,
            "checks_not_in_this_version": planned,
            "reconstruction": {  # relative to the case page, on the server and in the static site alike
                "incident": f"{case.id}/incident.yaml", "fixed": f"{case.id}/fixed.yaml", "proves": list(case.checks),
            } if reconstruction else None,
        },
    )


def checks_page(library: Library) -> View:
    checks = all_checks()
    return View(
        "checks.html", "Checks", section="checks", link=("checks",),
        context={"checks": checks},
        data=[check_json(c, library) for c in checks],
    )


def check_page(library: Library, check_id: str) -> View | None:
    check = get_check(check_id)
    if check is None:
        return None
    cases = [library.case(c) for c in check.cases if library.case(c) is not None]
    cited_by = [c for c in library.cases if check.id in c.checks]
    return View(
        "check.html", check.title, section="checks", link=("check", check.id),
        context={"check": check, "sections": DOC_SECTIONS, "cases": cases,
                 "commands": audit_commands([check.id])},
        data={**check_json(check, library), "named_by_cases": [c.id for c in cited_by]},
    )


def home_page(library: Library) -> View:
    titles = {v: library.vocabularies[v].title for v in VOCABULARIES}
    recent = list(library.cases[:5])
    return View(
        "home.html", "The Incident Library", section="home", link=("home",),
        context={"titles": titles, "recent": recent, "incidents": len(library.incidents),
                 "studies": len(library.studies), "checks": len(all_checks())},
        data={"cases": len(library.cases), "incidents": len(library.incidents), "studies": len(library.studies),
              "checks": len(all_checks()),
              "vocabularies": {v: {"title": t, "terms": len(library.vocabularies[v].terms)} for v, t in titles.items()}},
    )


def report_page(library: Library, report: dict) -> View:
    known_cases = {case_id: library.case(case_id) for f in report["findings"] for case_id in f["cases"]}
    groups = [(s, [f for f in report["findings"] if f["severity"] == s]) for s in SEVERITIES]
    coverage = report["coverage"]
    kinds = report.get("kinds", {})
    return View(
        "report.html", "Audit report", section="report", link=("report",),
        context={
            "report": report, "groups": [(s, fs) for s, fs in groups if fs], "known_cases": known_cases,
            "report_cases": report.get("cases", {}), "checks": {c.id for c in all_checks()},
            "ran": [c for c in coverage if c["status"] == "ran"],
            "skipped": [c for c in coverage if c["status"] == "skipped"],
            "errors": [c for c in coverage if c["status"] == "error"],
            "forbidden": kinds.get("forbidden", {}), "absent": kinds.get("absent", []),
            "failed": kinds.get("failed", {}),
        },
        data=report,
    )


def case_summary(case: Case) -> dict:
    return {"id": case.id, "title": case.title, "organization": case.organization, "date": case.date, "kind": case.kind}
