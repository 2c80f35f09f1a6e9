"""``kubegap cases``: browse, search and export the Incident Library in a terminal."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.cli.output import Format
from kubegap.wording import counted

app = typer.Typer(help="Browse the Incident Library: list, filter, search, facet, export and show cases.")


class ExportFormat(str, Enum):
    json = "json"
    yaml = "yaml"
    csv = "csv"


ROOT_CAUSE = typer.Option(None, "--root-cause", help="Only cases with this root-cause term (repeatable; a parent includes its children).")
COMPONENT = typer.Option(None, "--component", help="Only cases involving this component (repeatable).")
SYMPTOM = typer.Option(None, "--symptom", help="Only cases with this symptom (repeatable).")
FACTOR = typer.Option(None, "--factor", help="Only cases with this contributing factor (repeatable).")
PAGE = typer.Option(1, "--page", min=1, help="Page number.")
PER_PAGE = typer.Option(20, "--per-page", min=1, max=500, help="Cases per page.")
FORMAT = typer.Option(Format.table, "--format", "-f", help="Output format.")


def case_json(case) -> dict:
    return case.model_dump(mode="json", exclude_none=True)


def _filters(library, root_cause, component, symptom, factor) -> dict[str, list[str]]:
    from kubegap.errors import UserError

    selected = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": factor}
    for vocabulary, terms in selected.items():
        for term in terms or ():
            if library.term(vocabulary, term) is None:
                raise UserError(f"no {vocabulary.replace('_', ' ')} term {term!r} in the library (see 'kubegap cases facets')")
    return {k: list(v) for k, v in selected.items() if v}


def page_json(result, query, filters) -> dict:
    from kubegap.library.search import snippet_json

    return {
        "query": query,
        "filters": filters,
        "total": result.total,
        "page": result.page,
        "per_page": result.per_page,
        "pages": result.pages,
        "cases": [
            {**case_json(c), **({"snippet": snippet_json(result.snippets[c.id])} if c.id in result.snippets else {})}
            for c in result.cases
        ],
        "facets": {v: [{"term": t, "count": n} for t, n in counts] for v, counts in result.facets.items()},
    }


def _print_page(result, query) -> None:
    from rich.table import Table
    from rich.text import Text

    from kubegap.cli.output import console

    out = console()
    if not result.total:
        out.print("No cases match." + (f" Nothing found for {query!r}." if query else ""))
        return
    title = f"{counted(result.total, 'case')} · {result.first} to {result.last} of {result.total}"
    if result.pages > 1:
        title += f" · page {result.page} of {result.pages}"
    table = Table(title=title, title_justify="left")
    for column in ("Case", "Date", "Organization", "Title"):
        table.add_column(column, overflow="fold")
    for case in result.cases:
        title_cell = Text(case.title)
        if result.snippets.get(case.id):
            title_cell.append("\n")
            for segment in result.snippets[case.id]:
                title_cell.append(segment.text, style="bold" if segment.mark else "dim")
        table.add_row(case.id, case.date, case.organization, title_cell)
    out.print(table)


def _browse(query, root_cause, component, symptom, factor, page, per_page, output_format) -> None:
    from kubegap.cli.output import write_json
    from kubegap.library import load_library

    library = load_library()
    filters = _filters(library, root_cause, component, symptom, factor)
    result = library.index.search(query, filters, page, per_page)
    if output_format is Format.json:
        write_json(page_json(result, query, filters))
    else:
        _print_page(result, query)


@app.callback(invoke_without_command=True)
def list_cases(
    ctx: typer.Context,
    root_cause: list[str] = ROOT_CAUSE,
    component: list[str] = COMPONENT,
    symptom: list[str] = SYMPTOM,
    factor: list[str] = FACTOR,
    page: int = PAGE,
    per_page: int = PER_PAGE,
    output_format: Format = FORMAT,
) -> None:
    """List cases, newest first, filtered by any of the four vocabularies."""
    if ctx.invoked_subcommand:
        return
    _browse(None, root_cause, component, symptom, factor, page, per_page, output_format)


@app.command("search")
def search_cases(
    query: str = typer.Argument(
        ..., metavar="QUERY",
        help='Words rank cases (the more matched, the higher); "quoted phrases" must appear; a OR b; -word excludes. '
             "Field names and identifiers match in parts too (failurePolicy, NCCL_IB_TIMEOUT, kube-proxy).",
    ),
    root_cause: list[str] = ROOT_CAUSE,
    component: list[str] = COMPONENT,
    symptom: list[str] = SYMPTOM,
    factor: list[str] = FACTOR,
    page: int = PAGE,
    per_page: int = PER_PAGE,
    output_format: Format = FORMAT,
) -> None:
    """Ranked search over every section of every case and the checks it names, best match first, with snippets."""
    _browse(query, root_cause, component, symptom, factor, page, per_page, output_format)


@app.command("facets")
def facets(
    query: str = typer.Option(None, "--query", "-q", help="Count within the cases matching this search."),
    root_cause: list[str] = ROOT_CAUSE,
    component: list[str] = COMPONENT,
    symptom: list[str] = SYMPTOM,
    factor: list[str] = FACTOR,
    output_format: Format = FORMAT,
) -> None:
    """Every vocabulary term with the number of cases carrying it, under the current filters."""
    from rich.table import Table

    from kubegap.cli.output import console, write_json
    from kubegap.library import load_library

    library = load_library()
    filters = _filters(library, root_cause, component, symptom, factor)
    result = library.index.search(query, filters, 1, 1)
    if output_format is Format.json:
        write_json({"total": result.total, "filters": filters, **page_json(result, query, filters)["facets"]})
        return
    out = console()
    out.print(counted(result.total, "case"))
    for vocabulary, counts in result.facets.items():
        table = Table(title=library.vocabularies[vocabulary].title, title_justify="left")
        table.add_column("Term")
        table.add_column("Name")
        table.add_column("Cases", justify="right")
        for term_id, count in counts:
            term = library.term(vocabulary, term_id)
            indent = "  " if "/" in term_id else ""
            table.add_row(indent + term_id, term.name, str(count))
        out.print(table)


@app.command("stats")
def stats(output_format: Format = FORMAT) -> None:
    """Root-cause distribution of the library beside a published study of cloud post-mortems."""
    from rich.table import Table

    from kubegap.cli.output import console, write_json
    from kubegap.library import load_library
    from kubegap.library.stats import STUDY, root_cause_rows

    library = load_library()
    rows = root_cause_rows(library)
    if output_format is Format.json:
        write_json({
            "cases": len(library.cases),
            "study": STUDY,
            "rows": [row.__dict__ for row in rows],
        })
        return
    table = Table(
        title=f"Root causes: {len(library.cases)} library cases vs {STUDY['denominator']} post-mortems in the study",
        title_justify="left",
        caption=f"Both sides are multi-label, so columns sum to more than 100%. Study: {STUDY['title']}, {STUDY['url']}",
    )
    for column, justify in (("Root cause", "left"), ("Cases", "right"), (f"% of {len(library.cases)}", "right"),
                            ("Study category", "left"), ("Study", "right"), (f"% of {STUDY['denominator']}", "right")):
        table.add_column(column, justify=justify)
    for row in rows:
        table.add_row(
            row.name, str(row.cases), f"{row.share:.1%}",
            " + ".join(row.study_categories) or "(no match)",
            "" if row.study_count is None else str(row.study_count),
            "" if row.study_share is None else f"{row.study_share:.1%}",
        )
    console().print(table)


@app.command("export")
def export(
    output_format: ExportFormat = typer.Option(ExportFormat.json, "--format", "-f", help="Export format."),
    output_file: Path = typer.Option(None, "--output-file", "-o", help="Write here instead of stdout."),
) -> None:
    """Every case: JSON and YAML as the case schema; CSV one row per case with tags joined by ';'."""
    import csv

    import orjson

    from kubegap.cli.output import destination
    from kubegap.library import load_library
    from kubegap.library.model import VOCABULARIES

    library = load_library()
    cases = [case_json(c) for c in library.cases]
    with destination(output_file) as out:
        if output_format is ExportFormat.json:
            out.write(orjson.dumps(cases, option=orjson.OPT_INDENT_2).decode() + "\n")
        elif output_format is ExportFormat.yaml:
            import yaml

            yaml.safe_dump_all(cases, out, sort_keys=False, allow_unicode=True, width=100)
        else:
            writer = csv.writer(out)
            header = ["id", "title", "organization", "date", "summary", "url", *VOCABULARIES, "checks"]
            writer.writerow(header)
            for case in library.cases:
                writer.writerow([
                    case.id, case.title, case.organization, case.date, case.summary, case.url,
                    *(";".join(case.tags.of(v)) for v in VOCABULARIES), ";".join(case.checks),
                ])


@app.command("show")
def show_case(
    case_id: str = typer.Argument(..., metavar="ID", help="A case id (see 'kubegap cases')."),
    output_format: Format = FORMAT,
) -> None:
    """Show one case with every section, its sources, related cases and the checks for its gap."""
    from rich.markdown import Markdown

    from kubegap.cli.output import console, write_json
    from kubegap.errors import UserError
    from kubegap.library import load_library

    library = load_library()
    case = library.case(case_id)
    if case is None:
        raise UserError(f"no case {case_id!r} (see 'kubegap cases')")
    if output_format is Format.json:
        write_json(case_json(case))
        return
    console().print(Markdown(case_markdown(case, library)))


NOT_STATED = "*Not stated in the sources.*"


def _terms(library, vocabulary: str, ids) -> str:
    return ", ".join((t.name if (t := library.term(vocabulary, i)) else i) for i in ids)


def _bullets(items) -> str:
    return "\n".join(f"- {item}" for item in items)


def case_markdown(case, library) -> str:
    sections = [
        f"# {case.title}",
        f"**{case.organization}** · {case.date}",
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
        + _bullets(f"[{s.title}]({s.url}), {s.publisher}" + (f", {s.published}" if s.published else "") for s in case.sources)
    )
    related = library.index.related(case)
    if related:
        sections.append(
            "## Related cases\n\n"
            + _bullets(f"`{other.id}`: {other.title} (shares {', '.join(shared)})" for other, shared in related)
        )
    if case.checks:
        sections.append(
            "## Check your cluster for this\n\n"
            + _bullets(f"`{c}`" for c in case.checks)
            + f"\n\n`kubegap audit {' '.join('--check ' + c for c in case.checks)} PATH...`"
        )
    else:
        sections.append(f"## Check your cluster for this\n\nNo API-visible check can reveal this gap: {case.no_check_reason}")
    return "\n\n".join(sections)
