"""``kubegap cases``: browse, search and export the Incident Library in a terminal."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from kubegap.cli.output import ListingFormat

if TYPE_CHECKING:
    from kubegap.library import Library
    from kubegap.library.search import Page

app = typer.Typer(help="Browse the Incident Library: list, filter, search, facet, export and show cases.")


class ExportFormat(str, Enum):
    json = "json"
    yaml = "yaml"
    csv = "csv"


ROOT_CAUSE = typer.Option(
    None,
    "--root-cause",
    metavar="TERM",
    help="Only cases with this root-cause term (repeatable; a parent includes its children).",
)
COMPONENT = typer.Option(None, "--component", metavar="TERM", help="Only cases involving this component (repeatable).")
SYMPTOM = typer.Option(None, "--symptom", metavar="TERM", help="Only cases with this symptom (repeatable).")
FACTOR = typer.Option(None, "--factor", metavar="TERM", help="Only cases with this contributing factor (repeatable).")
PAGE = typer.Option(1, "--page", min=1, help="Page number.")
PER_PAGE = typer.Option(20, "--per-page", min=1, max=500, help="Cases per page.")
FORMAT = typer.Option(ListingFormat.table, "--format", "-f", help="Output format.")


def _filters(
    library: Library,
    root_cause: list[str] | None,
    component: list[str] | None,
    symptom: list[str] | None,
    factor: list[str] | None,
) -> dict[str, list[str]]:
    from kubegap.errors import UserError
    from kubegap.library.search import UnknownTerm, validate_filters

    selected = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": factor}
    try:
        return validate_filters(library, {k: list(v or ()) for k, v in selected.items()})
    except UnknownTerm as exc:
        raise UserError(f"{exc} (see 'kubegap cases facets')") from None


def _print_page(result: Page, query: str | None) -> None:
    """Each case as its id on a line of its own (never cut, so ``grep`` finds it), then its date,
    organization and title, and for a search the best-matching passage."""
    import sys

    from kubegap.report.terminal import INDENT, Printer

    out = Printer(sys.stdout, None)
    if not result.total:
        out.paragraph("No cases match." + (f" Nothing found for {query!r}." if query else ""))
        return
    title = f"{result.tally} · {result.first} to {result.last} of {result.total}"
    if result.pages > 1:
        title += f" · page {result.page} of {result.pages}"
    out.paragraph(title, style="bold")
    for case in result.cases:
        out.paragraph((case.id, "bold"))
        out.paragraph(f"{case.when} · {case.organization} · {case.title}", first=INDENT)
        if result.snippets.get(case.id):
            out.paragraph(
                *((segment.text, "bold" if segment.mark else "dim") for segment in result.snippets[case.id]),
                first=INDENT,
                glued=True,
            )


def _browse(
    query: str | None,
    root_cause: list[str] | None,
    component: list[str] | None,
    symptom: list[str] | None,
    factor: list[str] | None,
    page: int,
    per_page: int,
    output_format: ListingFormat,
) -> None:
    from kubegap.cli.output import write_json
    from kubegap.library import load_library
    from kubegap.library.serialize import page_json

    library = load_library()
    filters = _filters(library, root_cause, component, symptom, factor)
    result = library.index.search(query, filters, page, per_page)
    if output_format is ListingFormat.json:
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
    output_format: ListingFormat = FORMAT,
) -> None:
    """List cases, newest first, filtered by any of the four vocabularies."""
    if ctx.invoked_subcommand:
        return
    _browse(None, root_cause, component, symptom, factor, page, per_page, output_format)


app.command(
    "list", help="List cases, newest first, filtered by any of the four vocabularies (as 'kubegap cases' does)."
)(list_cases)


@app.command("search")
def search_cases(
    query: str = typer.Argument(
        ...,
        metavar="QUERY",
        help='Words rank cases (the more matched, the higher); "quoted phrases" must appear; a OR b; -word excludes. '
        "Field names and identifiers match in parts too (failurePolicy, NCCL_IB_TIMEOUT, kube-proxy).",
    ),
    root_cause: list[str] = ROOT_CAUSE,
    component: list[str] = COMPONENT,
    symptom: list[str] = SYMPTOM,
    factor: list[str] = FACTOR,
    page: int = PAGE,
    per_page: int = PER_PAGE,
    output_format: ListingFormat = FORMAT,
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
    output_format: ListingFormat = FORMAT,
) -> None:
    """Every vocabulary term with the number of cases carrying it, under the current filters."""
    from kubegap.cli.output import write_json
    from kubegap.library import load_library
    from kubegap.library.serialize import page_json

    library = load_library()
    filters = _filters(library, root_cause, component, symptom, factor)
    result = library.index.search(query, filters, 1, 1)
    if output_format is ListingFormat.json:
        write_json(
            {
                "total": result.total,
                "incidents": result.incidents,
                "studies": result.studies,
                "filters": filters,
                **page_json(result, query, filters)["facets"],
            }
        )
        return
    import sys

    from kubegap.report.terminal import Printer

    out = Printer(sys.stdout, None)
    out.paragraph(result.tally, style="bold")
    for vocabulary, counts in result.facets.items():
        out.paragraph(library.vocabularies[vocabulary].title, style="bold")
        for term_id, count in counts:
            indent = "    " if "/" in term_id else "  "
            out.paragraph(
                (term_id, "bold"),
                f"({count})",
                library.term_name(vocabulary, term_id),
                first=indent,
                rest=indent + "    ",
            )


@app.command("stats")
def stats(output_format: ListingFormat = FORMAT) -> None:
    """Root-cause distribution of the library's incidents beside a published study of cloud post-mortems."""
    import sys

    from kubegap.cli.output import write_json
    from kubegap.library import load_library
    from kubegap.library.stats import STUDY, root_cause_rows
    from kubegap.report.terminal import Printer

    library = load_library()
    rows = root_cause_rows(library)
    incidents, studies = len(library.incidents), len(library.studies)
    if output_format is ListingFormat.json:
        write_json(
            {
                "incidents": incidents,
                "studies_left_out": studies,
                "study": STUDY,
                "rows": [row.__dict__ for row in rows],
            }
        )
        return
    out = Printer(sys.stdout, None)
    out.paragraph(
        f"Root causes: {incidents} library incidents vs {STUDY['denominator']} post-mortems in the study", style="bold"
    )
    for row in rows:
        study = (
            f"study: {' + '.join(row.study_categories)}, {row.study_count} ({row.study_share:.1%} of {STUDY['denominator']})"
            if row.study_count is not None
            else "study: no matching category"
        )
        out.paragraph(
            (row.term, "bold"), f"{row.name}:", f"{row.cases} incidents ({row.share:.1%} of {incidents})", "·", study
        )
    out.paragraph(
        f"Both sides are multi-label, so shares sum to more than 100%. The library's {studies} studies of "
        f"many failures are left out. Study: {STUDY['title']}, {STUDY['url']}",
        style="dim",
    )


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
                writer.writerow(
                    [
                        case.id,
                        case.title,
                        case.organization,
                        case.date or "",
                        case.published or "",
                        case.summary,
                        case.url,
                        *(";".join(case.tags.of(v)) for v in VOCABULARIES),
                        ";".join(case.checks),
                    ]
                )


@app.command("show")
def show_case(
    case_id: str = typer.Argument(..., metavar="ID", help="A case id (see 'kubegap cases')."),
    output_format: ListingFormat = FORMAT,
) -> None:
    """Show one case with every section, its sources, related cases and the checks for its gap."""
    from rich.markdown import Markdown

    from kubegap.cli.output import console, write_json
    from kubegap.errors import UserError
    from kubegap.library import load_library
    from kubegap.library.serialize import case_json, case_markdown
    from kubegap.suggest import did_you_mean

    library = load_library()
    case = library.case(case_id)
    if case is None:
        raise UserError(f"no case {case_id!r}{did_you_mean(case_id, library.case_ids())} (see 'kubegap cases')")
    if output_format is ListingFormat.json:
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
    from kubegap.suggest import did_you_mean

    library = load_library()
    if library.case(case_id) is None:
        raise UserError(f"no case {case_id!r}{did_you_mean(case_id, library.case_ids())} (see 'kubegap cases')")
    found = library.reconstruction(case_id)
    if found is None:
        raise UserError(
            f"case {case_id!r} names no check, so it has no reconstruction (see 'kubegap cases show {case_id}')"
        )
    typer.echo((found.fixed if fixed else found.incident).read_text(encoding="utf-8"), nl=False)
