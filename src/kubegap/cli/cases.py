"""``kubegap cases``: browse, search and export the Incident Library in a terminal."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from kubegap.cli.output import Format

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


def _filters(library, root_cause, component, symptom, factor) -> dict[str, list[str]]:
    from kubegap.errors import UserError
    from kubegap.library.search import UnknownTerm, validate_filters

    selected = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": factor}
    try:
        return validate_filters(library, {k: list(v or ()) for k, v in selected.items()})
    except UnknownTerm as exc:
        raise UserError(f"{exc} in the library (see 'kubegap cases facets')") from None


def _print_page(result, query) -> None:
    from rich.table import Table
    from rich.text import Text

    from kubegap.cli.output import console

    out = console()
    if not result.total:
        out.print("No cases match." + (f" Nothing found for {query!r}." if query else ""))
        return
    title = f"{result.tally} · {result.first} to {result.last} of {result.total}"
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
        table.add_row(case.id, case.when, case.organization, title_cell)
    out.print(table)


def _browse(query, root_cause, component, symptom, factor, page, per_page, output_format) -> None:
    from kubegap.cli.output import write_json
    from kubegap.library import load_library
    from kubegap.library.serialize import page_json

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
    from kubegap.library.serialize import page_json

    library = load_library()
    filters = _filters(library, root_cause, component, symptom, factor)
    result = library.index.search(query, filters, 1, 1)
    if output_format is Format.json:
        write_json({"total": result.total, "incidents": result.incidents, "studies": result.studies, "filters": filters, **page_json(result, query, filters)["facets"]})
        return
    out = console()
    out.print(result.tally)
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
    """Root-cause distribution of the library's incidents beside a published study of cloud post-mortems."""
    from rich.table import Table

    from kubegap.cli.output import console, write_json
    from kubegap.library import load_library
    from kubegap.library.stats import STUDY, root_cause_rows

    library = load_library()
    rows = root_cause_rows(library)
    incidents, studies = len(library.incidents), len(library.studies)
    if output_format is Format.json:
        write_json({
            "incidents": incidents,
            "studies_left_out": studies,
            "study": STUDY,
            "rows": [row.__dict__ for row in rows],
        })
        return
    table = Table(
        title=f"Root causes: {incidents} library incidents vs {STUDY['denominator']} post-mortems in the study",
        title_justify="left",
        caption=(f"Both sides are multi-label, so columns sum to more than 100%. The library's {studies} studies of "
                 f"many failures are left out. Study: {STUDY['title']}, {STUDY['url']}"),
    )
    for column, justify in (("Root cause", "left"), ("Incidents", "right"), (f"% of {incidents}", "right"),
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
    from kubegap.library.serialize import case_json

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
            header = ["id", "title", "organization", "date", "published", "summary", "url", *VOCABULARIES, "checks"]
            writer.writerow(header)
            for case in library.cases:
                writer.writerow([
                    case.id, case.title, case.organization, case.date or "", case.published or "", case.summary, case.url,
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
    from kubegap.library.serialize import case_json, case_markdown

    library = load_library()
    case = library.case(case_id)
    if case is None:
        raise UserError(f"no case {case_id!r} (see 'kubegap cases')")
    if output_format is Format.json:
        write_json(case_json(case))
        return
    console().print(Markdown(case_markdown(case, library)))


@app.command("reconstruction")
def show_reconstruction(
    case_id: str = typer.Argument(..., metavar="ID", help="A case id (see 'kubegap cases')."),
    fixed: bool = typer.Option(False, "--fixed", help="The configuration after the fix the case reports."),
) -> None:
    """Print the case's incident rebuilt as manifests or a snapshot (every check it names fires on it).

    With --fixed, the same after the reported fix (none of its checks fires). Each file opens with
    comments saying which source sentence each part comes from. Try:
    kubegap cases reconstruction ID | kubegap audit - --case ID
    """
    from kubegap.errors import UserError
    from kubegap.library import load_library

    library = load_library()
    if library.case(case_id) is None:
        raise UserError(f"no case {case_id!r} (see 'kubegap cases')")
    found = library.reconstruction(case_id)
    if found is None:
        raise UserError(f"case {case_id!r} names no check, so it has no reconstruction (see 'kubegap cases show {case_id}')")
    typer.echo((found.fixed if fixed else found.incident).read_text(encoding="utf-8"), nl=False)
