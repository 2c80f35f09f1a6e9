"""``kubegap cases``: browse the Incident Library in a terminal."""

from __future__ import annotations

from enum import Enum

import typer

app = typer.Typer(help="Browse the Incident Library: list and filter cases, show one case in full.")


class Format(str, Enum):
    table = "table"
    json = "json"


def case_json(case) -> dict:
    return case.model_dump(mode="json", exclude_none=True)


@app.callback(invoke_without_command=True)
def list_cases(
    ctx: typer.Context,
    root_cause: list[str] = typer.Option(None, "--root-cause", help="Only cases with this root-cause term (repeatable)."),
    component: list[str] = typer.Option(None, "--component", help="Only cases involving this component (repeatable)."),
    symptom: list[str] = typer.Option(None, "--symptom", help="Only cases with this symptom (repeatable)."),
    factor: list[str] = typer.Option(None, "--factor", help="Only cases with this contributing factor (repeatable)."),
    page: int = typer.Option(1, "--page", min=1, help="Page number."),
    per_page: int = typer.Option(20, "--per-page", min=1, max=500, help="Cases per page."),
    output_format: Format = typer.Option(Format.table, "--format", "-f", help="Output format."),
) -> None:
    """List cases, newest first. A parent term (e.g. --root-cause capacity) includes its children."""
    if ctx.invoked_subcommand:
        return
    from rich.table import Table

    from kubegap.cli.output import console, write_json
    from kubegap.errors import UserError
    from kubegap.library import load_library

    library = load_library()
    selected = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": factor}
    for vocabulary, terms in selected.items():
        for term in terms or ():
            if library.term(vocabulary, term) is None:
                raise UserError(f"no {vocabulary.replace('_', ' ')} term {term!r} in the library")
    cases = library.filter(**selected)
    start = (page - 1) * per_page
    shown = cases[start : start + per_page]
    if output_format is Format.json:
        write_json({"total": len(cases), "page": page, "per_page": per_page, "cases": [case_json(c) for c in shown]})
        return
    if not cases:
        console().print("No cases match.")
        return
    last = start + len(shown)
    table = Table(title=f"{len(cases)} cases · {start + 1 if shown else 0} to {last} of {len(cases)}", title_justify="left")
    for column in ("Case", "Date", "Organization", "Title"):
        table.add_column(column, overflow="fold")
    for case in shown:
        table.add_row(case.id, case.date, case.organization, case.title)
    console().print(table)


@app.command("show")
def show_case(
    case_id: str = typer.Argument(..., metavar="ID", help="A case id (see 'kubegap cases')."),
    output_format: Format = typer.Option(Format.table, "--format", "-f", help="Output format."),
) -> None:
    """Show one case with every section, its sources and the checks that reveal its gap."""
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
        f"## Detection\n\n{case.detection}",
        f"## Remediation\n\n{_bullets(case.remediation)}",
        f"## Lessons\n\n{_bullets(case.lessons)}",
    ]
    if case.impact:
        sections.insert(4, f"## Impact\n\n{case.impact}")
    sections.append(
        "## Sources\n\n"
        + _bullets(f"[{s.title}]({s.url}), {s.publisher}" + (f", {s.published}" if s.published else "") for s in case.sources)
    )
    if case.checks:
        sections.append(
            "## Check your cluster for this\n\n"
            + _bullets(f"`{c}`" for c in case.checks)
            + f"\n\n`kubegap audit --check {' --check '.join(case.checks)} PATH...`"
        )
    else:
        sections.append(f"## Check your cluster for this\n\nNo API-visible check can reveal this gap: {case.no_check_reason}")
    return "\n\n".join(sections)
