"""The website's pages as data: each view gives a template, its context and the page's JSON twin.

Views know nothing of HTTP or files, so the server and the static site build render the same ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kubegap.checks import all_checks, get_check
from kubegap.checks.base import DOC_SECTIONS, Check
from kubegap.checks.serialize import check_json
from kubegap.library import Library
from kubegap.library.load import has_term
from kubegap.library.model import VOCABULARIES, Case, count_kinds, incidents_and_studies
from kubegap.library.search import UnknownTerm, validate_filters
from kubegap.library.serialize import case_json, page_json
from kubegap.library.textsearch import FIELDS, Engine
from kubegap.report.document import CheckCoverage, Report, ReportedFinding
from kubegap.severity import SEVERITIES
from kubegap.suggest import did_you_mean
from kubegap.wording import and_list, counted

PER_PAGE = 20


@dataclass(frozen=True)
class WebPage:
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


# What a filter says about the cases it selects: (verb for several cases, for one case, noun, plural noun).
_FILTER_PHRASES = {
    "component": ("involve", "involves", "", ""),
    "root_cause": ("have", "has", "the root cause ", "the root causes "),
    "symptom": ("show", "shows", "the symptom ", "the symptoms "),
    "contributing_factor": ("share", "shares", "the contributing factor ", "the contributing factors "),
}


def selection_sentence(library: Library, query: str | None, filters: dict[str, list[str]], cases: list[Case]) -> str:
    """What the listed cases have in common, from every active filter and the search, and the components
    they involve when no component is filtered on: "These 2 cases involve Cilium and NCCL and match the search “timeout”"."""
    total = len(cases)
    if total == 0:
        return "No case matches."
    parts = []
    for vocabulary, (several, one, noun, nouns) in _FILTER_PHRASES.items():
        if terms := filters.get(vocabulary):
            names = and_list([library.term_name(vocabulary, t) for t in terms])
            parts.append(f"{one if total == 1 else several} {nouns if len(terms) > 1 else noun}{names}")
    if query:
        parts.append(f"{'matches' if total == 1 else 'match'} the search “{query}”")
    involve = "" if filters.get("component") else _components(library, cases)
    if not parts:
        opening = "The only case in the library" if total == 1 else f"All {total} cases in the library"
        return f"{opening}{'; they involve ' + involve if involve and total > 1 else ', involving ' + involve if involve else ''}."
    subject = "This case" if total == 1 else f"These {total} cases"
    if involve:
        parts.append(f"{'involves' if total == 1 else 'involve'} {involve}")
    return f"{subject} {and_list(parts)}."


COMPONENTS_NAMED = 3
"""How many of the listed cases' components the panel names before counting the rest."""


def _components(library: Library, cases: list[Case]) -> str:
    """The components the cases involve most, by name: ``Cilium, NCCL and 4 other components``."""
    counts: dict[str, int] = {}
    for case in cases:
        for term in case.tags.of("component"):
            if "/" in term:  # a component, not its family
                counts[term] = counts.get(term, 0) + 1
    ranked = sorted(counts, key=lambda t: (-counts[t], t))
    names = [library.term_name("component", t) for t in ranked[:COMPONENTS_NAMED]]
    if not names:
        return ""
    rest = len(ranked) - len(names)
    return and_list(names + ([counted(rest, "other component")] if rest else []))


PANEL_CHECKS_UNFOLDED = 12
"""Up to this many checks, the panel lists them; more fold under their count."""


def check_panel(library: Library, cases: list[Case], query: str | None, filters: dict[str, list[str]]) -> dict:
    """ "Check your cluster for this" under a list: what the cases have in common and the command that
    runs exactly the checks they name (plain ``kubegap audit`` when they name every check)."""
    named = list(dict.fromkeys(c for case in cases for c in case.checks))
    available = [check for c in named if (check := get_check(c)) is not None]
    ids = [c.id for c in available]
    every_check = bool(ids) and set(ids) == {c.id for c in all_checks()}
    return {
        "sentence": selection_sentence(library, query, filters, cases),
        "checks": available,
        "planned": [c for c in named if get_check(c) is None],
        "commands": _shortest_commands(cases, [] if every_check else ids) if ids else None,
        "every_check": every_check,
        "without_check": sum(1 for case in cases if not case.checks),
        "cases": len(cases),
        "folded": len(available) > PANEL_CHECKS_UNFOLDED,
    }


def panel_json(panel: dict) -> dict:
    return {
        "sentence": panel["sentence"],
        "checks": [c.id for c in panel["checks"]],
        "checks_not_in_this_version": panel["planned"],
        "commands": panel["commands"],
        "cases_naming_no_check": panel["without_check"],
    }


def known_filters(library: Library, filters: dict[str, list[str]]) -> dict[str, list[str]]:
    try:
        return validate_filters(library, filters)
    except UnknownTerm as exc:
        raise BadRequest(
            f"There is no {exc.vocabulary.replace('_', ' ')} term {quoted(exc.term)}."
            f"{did_you_mean(exc.term, (t.id for t in library.vocabularies[exc.vocabulary].terms), lead=' Did you mean')}"
        ) from None


CASE_VIEWS = ("compact", "full")
"""How a case list shows each case: title, organization and date, or with every section inline."""


def state(query: str | None, filters: dict[str, list[str]], page: int = 1, view: str = "compact") -> dict:
    """The query string of a case list: the whole state of the page."""
    return {
        "q": query or None,
        **filters,
        "page": page if page > 1 else None,
        "view": None if view == "compact" else view,
    }


def case_tags(library: Library, case: Case) -> dict[str, list]:
    """The case's terms in each vocabulary."""
    return {v: [library.term(v, t) for t in case.tags.of(v)] for v in VOCABULARIES}


def vocabulary_titles(library: Library) -> dict[str, str]:
    return {v: library.vocabularies[v].title for v in VOCABULARIES}


def _without(filters: dict[str, list[str]], vocabulary: str, term: str) -> dict[str, list[str]]:
    return {k: [t for t in v if not (k == vocabulary and t == term)] for k, v in filters.items()}


def _with(filters: dict[str, list[str]], vocabulary: str, term: str) -> dict[str, list[str]]:
    merged = {k: list(v) for k, v in filters.items()}
    merged.setdefault(vocabulary, []).append(term)
    return merged


def _matching(library: Library, query: str | None, filters: dict[str, list[str]]) -> list[Case]:
    """Every case a list shows across its pages, in its order (ranked with a query, newest first without)."""
    ranked = (library.case(i) for i in library.index.ranked_ids(query)) if query else library.cases
    cases = [case for case in ranked if case is not None]
    return [c for c in cases if all(has_term(c, v, t) for v, terms in filters.items() for t in terms)]


def case_list(
    library: Library, query: str | None, filters: dict[str, list[str]], page: int = 1, view: str = "compact"
) -> WebPage:
    if view not in CASE_VIEWS:
        raise BadRequest(f"The view must be one of {', '.join(CASE_VIEWS)}, not {quoted(view)}.")
    filters = known_filters(library, filters)
    query = (query or "").strip() or None
    result = library.index.search(query, filters, page, PER_PAGE)
    if page > result.pages:
        raise BadRequest(f"Page {page} is past the last page ({result.pages}).")
    chips = []
    if query:
        chips.append({"label": f"Search: {query}", "state": state(None, filters, view=view)})
    for vocabulary, terms in filters.items():
        for term in terms:
            chips.append(
                {
                    "label": f"{library.vocabularies[vocabulary].title}: {library.term_name(vocabulary, term)}",
                    "state": state(query, _without(filters, vocabulary, term), view=view),
                }
            )
    facets = []
    for vocabulary in VOCABULARIES:
        active = set(filters.get(vocabulary, ()))
        values = []
        for term_id, count in result.facets[vocabulary]:
            on = term_id in active
            chosen = _without(filters, vocabulary, term_id) if on else _with(filters, vocabulary, term_id)
            values.append(
                {
                    "term": library.term(vocabulary, term_id),
                    "count": count,
                    "active": on,
                    "state": state(query, chosen, view=view),
                }
            )
        facets.append({"vocabulary": vocabulary, "title": library.vocabularies[vocabulary].title, "values": values})
    pages = [{"number": n, "state": state(query, filters, n, view)} for n in range(1, result.pages + 1)]
    panel = check_panel(library, _matching(library, query, filters), query, filters)
    return WebPage(
        "cases.html",
        "Cases",
        section="cases",
        link=("cases",),
        context={
            "result": result,
            "query": query,
            "filters": filters,
            "chips": chips,
            "facets": facets,
            "pages": pages,
            "panel": panel,
            "state": state(query, filters, page, view),
            "view_name": view,
            "views": {v: state(query, filters, 1, v) for v in CASE_VIEWS},
            "cleared": state(None, {}, 1, view),
            "tags": {c.id: case_tags(library, c) for c in result.cases} if view == "full" else {},
            "titles": vocabulary_titles(library),
            "hidden": [(k, t) for k, v in filters.items() for t in v] + ([("view", view)] if view != "compact" else []),
        },
        data={**page_json(result, query, filters), "view": view, "check_your_cluster": panel_json(panel)},
    )


def _term_counts(library: Library, vocabulary: str) -> dict[str, int]:
    return dict(library.index.facets(list(library.cases))[vocabulary])


def vocabulary_page(library: Library, vocabulary: str) -> WebPage:
    vocab = library.vocabularies[vocabulary]
    counts = _term_counts(library, vocabulary)
    terms: list[dict[str, Any]] = [
        {"term": t, "count": counts.get(t.id, 0), "parent": library.term(vocabulary, t.parent) if t.parent else None}
        for t in vocab.terms
    ]
    return WebPage(
        "vocabulary.html",
        f"By {vocab.title.lower()}",
        section=vocabulary,
        link=("vocabulary", vocabulary),
        context={"vocabulary": vocabulary, "vocab": vocab, "terms": terms},
        data={
            "name": vocab.name,
            "title": vocab.title,
            "description": vocab.description,
            "terms": [
                {
                    "id": r["term"].id,
                    "name": r["term"].name,
                    "description": r["term"].description,
                    "parent": r["term"].parent,
                    "type": r["term"].type,
                    "cases": r["count"],
                }
                for r in terms
            ],
        },
    )


def term_page(library: Library, vocabulary: str, term_id: str, page: int = 1) -> WebPage | None:
    term = library.term(vocabulary, term_id)
    if term is None:
        return None
    cases = [c for c in library.cases if has_term(c, vocabulary, term_id)]
    pages = max(1, -(-len(cases) // PER_PAGE))
    if page > pages:
        raise BadRequest(f"Page {page} is past the last page ({pages}).")
    shown = cases[(page - 1) * PER_PAGE : page * PER_PAGE]
    counts = _term_counts(library, vocabulary)
    children: list[dict[str, Any]] = [
        {"term": t, "count": counts.get(t.id, 0)} for t in library.vocabularies[vocabulary].terms if t.parent == term_id
    ]
    combine = []
    if vocabulary == "component":
        narrowed = library.index.facets(cases)["component"]
        family = {term_id, term.parent} | {c["term"].id for c in children}
        combine = [
            {
                "term": library.term("component", other),
                "count": n,
                "state": state(None, {"component": [term_id, other]}),
            }
            for other, n in narrowed
            if other not in family and "/" in other
        ]
    vocab = library.vocabularies[vocabulary]
    panel = check_panel(library, cases, None, {vocabulary: [term_id]})
    return WebPage(
        "term.html",
        term.name,
        section=vocabulary,
        link=("term", vocabulary, term_id),
        context={
            "vocabulary": vocabulary,
            "vocab": vocab,
            "term": term,
            "cases": shown,
            "total": len(cases),
            "first": (page - 1) * PER_PAGE + 1,
            "last": (page - 1) * PER_PAGE + len(shown),
            "page": page,
            "pages": pages,
            "children": children,
            "tally": incidents_and_studies(*count_kinds(cases)),
            "parent": library.term(vocabulary, term.parent) if term.parent else None,
            "combine": combine,
            "filtered": state(None, {vocabulary: [term_id]}),
            "panel": panel,
            "state": {"page": page if page > 1 else None},
        },
        data={
            "vocabulary": vocabulary,
            "id": term.id,
            "name": term.name,
            "description": term.description,
            "parent": term.parent,
            "type": term.type,
            "children": [c["term"].id for c in children],
            "total": len(cases),
            "page": page,
            "per_page": PER_PAGE,
            "pages": pages,
            "cases": [case_summary(c) for c in shown],
            "check_your_cluster": panel_json(panel),
        },
    )


def audit_commands(check_ids: list[str], case_ids: Sequence[str] = ()) -> dict[str, str]:
    """The commands that run exactly ``check_ids`` (every check when both are empty), or the checks
    ``case_ids`` name, on manifests and on a cluster."""
    flags = "".join(f" --case {c}" for c in case_ids) or "".join(f" --check {c}" for c in check_ids)
    return {"manifests": f"kubegap audit{flags} PATH", "cluster": f"kubegap audit{flags}"}


def _shortest_commands(cases: list[Case], check_ids: list[str]) -> dict[str, str]:
    """The shorter of the commands naming the cases (``--case``) and naming their checks (``--check``)."""
    by_check = audit_commands(check_ids)
    naming = [case.id for case in cases if case.checks]
    if not check_ids or not naming:
        return by_check
    by_case = audit_commands(check_ids, naming)
    return by_case if len(by_case["cluster"]) < len(by_check["cluster"]) else by_check


def case_page(library: Library, case_id: str) -> WebPage | None:
    case = library.case(case_id)
    if case is None:
        return None
    available = [c for c in case.checks if get_check(c) is not None]
    planned = [c for c in case.checks if get_check(c) is None]
    commands = audit_commands(available, [case.id]) if available else None
    related = library.index.related(case)
    tags = case_tags(library, case)
    reconstruction = library.reconstruction(case.id)
    return WebPage(
        "case.html",
        case.title,
        section="cases",
        link=("case", case.id),
        context={
            "case": case,
            "tags": tags,
            "related": related,
            "available": [get_check(c) for c in available],
            "planned": planned,
            "commands": commands,
            "titles": vocabulary_titles(library),
            "reconstruction": reconstruction,
        },
        data={
            **case_json(case),
            "related": [{"id": other.id, "title": other.title, "shares": shared} for other, shared in related],
            "check_commands": commands,
            "checks_not_in_this_version": planned,
            "reconstruction": {  # relative to the case page, on the server and in the static site alike
                "incident": f"{case.id}/incident.yaml",
                "fixed": f"{case.id}/fixed.yaml",
                "proves": list(case.checks),
            }
            if reconstruction
            else None,
        },
    )


@cache
def _reconstruction_audit(path: str, case_id: str) -> tuple[tuple[ReportedFinding, ...], list[CheckCoverage]]:
    """What ``kubegap audit FILE --case ID`` reports on one file of a case's reconstruction (audited once):
    its findings, and the checks that did not run with the reason."""
    from kubegap.pipeline import audit, audit_options
    from kubegap.sources.manifests import ManifestSource

    report = audit([ManifestSource([path]).collect()], audit_options(case_ids=[case_id]))
    return report.findings, [c for c in report.coverage if c.status != "ran"]


def reconstruction_page(library: Library, case_id: str) -> WebPage | None:
    """The incident's configuration and the fixed one side by side, each with the findings kubegap reports on it."""
    case = library.case(case_id)
    found = library.reconstruction(case_id) if case else None
    if case is None or found is None:
        return None
    sides = []
    for which, heading in (("incident", "The incident"), ("fixed", "After the fix")):
        findings, not_run = _reconstruction_audit(str(getattr(found, which)), case_id)
        sides.append(
            {
                "which": which,
                "heading": heading,
                "text": getattr(found, which).read_text(encoding="utf-8"),
                "findings": findings,
                "not_run": not_run,
            }
        )
    return WebPage(
        "reconstruction.html",
        f"Reconstruction: {case.title}",
        section="cases",
        link=("reconstruction-page", case.id),
        context={"case": case, "sides": sides, "checks": [get_check(c) for c in case.checks if get_check(c)]},
        data={
            "case": case.id,
            "checks": list(case.checks),
            **{
                side["which"]: {
                    "file": f"{side['which']}.yaml",
                    "findings": [f.to_json() for f in side["findings"]],
                    "not_run": [c.to_json() for c in side["not_run"]],
                }
                for side in sides
            },
        },
    )


def check_row(check: Check) -> tuple[str, ...]:
    """A check as a document of the library's search engine: its title where a case has its title, what it
    checks where a case has its summary, its id and category among the tags, and so on."""
    fields = dict.fromkeys(name for name, _ in FIELDS) | {
        "title": check.title,
        "summary": check.doc["What it checks"],
        "root_cause": check.doc["Why it matters"],
        "trigger": check.doc["Example"],
        "remediation": check.doc["Fix"],
        "tags": f"{check.id} {check.category}",
    }
    return tuple(text or "" for text in fields.values())


@cache
def _check_engine() -> Engine:
    """The checks indexed for search, in the catalog's order (built once: the catalog does not change while running)."""
    return Engine([(c.id, check_row(c)) for c in all_checks()])


def checks_page(
    library: Library, category: Sequence[str] = (), severity: Sequence[str] = (), query: str | None = None
) -> WebPage:
    checks = all_checks()
    categories = sorted({c.category for c in checks})
    for value, known, name in [(v, categories, "category") for v in category] + [
        (v, SEVERITIES, "severity") for v in severity
    ]:
        if value not in known:
            raise BadRequest(f"There is no check {name} {quoted(value)}; the {name} is one of {', '.join(known)}.")
    query = (query or "").strip() or None
    if query:
        checks = [checks[hit.index] for hit in _check_engine().search(query)]
    category, severity = list(dict.fromkeys(category)), list(dict.fromkeys(severity))
    shown = [c for c in checks if (not category or c.category in category) and (not severity or c.severity in severity)]

    def page_state(categories_chosen: list[str], severities_chosen: list[str]) -> dict:
        return {"q": query, "category": categories_chosen, "severity": severities_chosen}

    def toggle(chosen: list[str], value: str) -> list[str]:
        return [v for v in chosen if v != value] if value in chosen else [*chosen, value]

    # Each count is what choosing that value would show, given the search and the other filter.
    by_category = [
        {
            "name": name,
            "count": sum(1 for c in checks if c.category == name and (not severity or c.severity in severity)),
            "active": name in category,
            "state": page_state(toggle(category, name), severity),
        }
        for name in categories
    ]
    by_severity = [
        {
            "name": name,
            "count": sum(1 for c in checks if c.severity == name and (not category or c.category in category)),
            "active": name in severity,
            "state": page_state(category, toggle(severity, name)),
        }
        for name in SEVERITIES
    ]
    return WebPage(
        "checks.html",
        "Checks",
        section="checks",
        link=("checks",),
        context={
            "checks": shown,
            "total": len(all_checks()),
            "query": query,
            "by_category": by_category,
            "by_severity": [s for s in by_severity if s["count"] or s["active"]],
            "filtered": bool(query or category or severity),
            "state": page_state(category, severity),
            "hidden": [("category", v) for v in category] + [("severity", v) for v in severity],
        },
        data=[check_json(c, library) for c in shown],
    )


def check_page(library: Library, check_id: str) -> WebPage | None:
    check = get_check(check_id)
    if check is None:
        return None
    cases = [library.case(c) for c in check.cases if library.case(c) is not None]
    cited_by = [c for c in library.cases if check.id in c.checks]
    return WebPage(
        "check.html",
        check.title,
        section="checks",
        link=("check", check.id),
        context={"check": check, "sections": DOC_SECTIONS, "cases": cases, "commands": audit_commands([check.id])},
        data={**check_json(check, library), "named_by_cases": [c.id for c in cited_by]},
    )


def home_page(library: Library) -> WebPage:
    titles = {v: library.vocabularies[v].title for v in VOCABULARIES}
    recent = list(library.cases[:5])
    return WebPage(
        "home.html",
        "The Incident Library",
        section="home",
        link=("home",),
        context={
            "titles": titles,
            "recent": recent,
            "incidents": len(library.incidents),
            "studies": len(library.studies),
            "checks": len(all_checks()),
        },
        data={
            "cases": len(library.cases),
            "incidents": len(library.incidents),
            "studies": len(library.studies),
            "checks": len(all_checks()),
            "vocabularies": {v: {"title": t, "terms": len(library.vocabularies[v].terms)} for v, t in titles.items()},
        },
    )


def report_subject(report: Report) -> str:
    """The report's header line: the cluster, its kubeconfig context, its Kubernetes version and kubegap's."""
    cluster = report.cluster
    context = next((i.context for i in report.inputs if i.context), None)
    parts = [
        cluster.name,
        f"context {context}" if context and context != cluster.name else None,
        f"Kubernetes {cluster.version}" if cluster.version else None,
        f"kubegap {report.tool.version}",
    ]
    return " · ".join(p for p in parts if p)


def report_page(library: Library, report: Report | None) -> WebPage:
    """The report loaded by the server (``kubegap serve --report``), or none: then one chosen in the browser.
    The page says what the report covers; static/viewer.js shows its findings from its JSON twin."""
    checks = {c.id for c in all_checks()}
    base = {"report": report, "checks": checks, "severities": SEVERITIES}
    if report is None:
        return WebPage(
            "report.html",
            "Audit report",
            section="report",
            link=("report",),
            context={**base, "subject": ""},
            data={"report": None},
        )
    coverage = report.coverage
    kinds = report.kinds
    counts = {s: sum(1 for f in report.findings if f.severity == s) for s in SEVERITIES}
    return WebPage(
        "report.html",
        "Audit report",
        section="report",
        link=("report",),
        context={
            **base,
            "subject": report_subject(report),
            "counts": {s: n for s, n in counts.items() if n},
            "ran": [c for c in coverage if c.status == "ran"],
            "skipped": [c for c in coverage if c.status == "skipped"],
            "errors": [c for c in coverage if c.status == "error"],
            "forbidden": kinds.forbidden,
            "absent": kinds.absent,
            "failed": kinds.failed,
        },
        data=report.to_json(),
    )


def case_summary(case: Case) -> dict:
    return {
        "id": case.id,
        "title": case.title,
        "organization": case.organization,
        "date": case.date,
        "published": case.published,
        "when": case.when,
        "kind": case.kind,
    }
