"""``kubegap checks``: the check catalog and each check's documentation."""

from __future__ import annotations

from pathlib import Path

import typer

from kubegap.cli.output import ListingFormat

app = typer.Typer(
    help="List the checks, or show one check's documentation and the cases it cites.", no_args_is_help=False
)


@app.callback(invoke_without_command=True)
def list_checks(
    ctx: typer.Context,
    output_format: ListingFormat = typer.Option(ListingFormat.table, "--format", "-f", help="Output format."),
) -> None:
    """List every check: its id on a line of its own, then severity, category, title and the cases it cites."""
    if ctx.invoked_subcommand:
        return
    import sys

    from kubegap.checks import all_checks
    from kubegap.cli.output import write_json
    from kubegap.report.terminal import INDENT, Printer

    checks = all_checks()
    if output_format is ListingFormat.json:
        from kubegap.checks.serialize import check_json
        from kubegap.library import load_library

        library = load_library()
        write_json([check_json(c, library) for c in checks])
        return
    from kubegap.library.load import check_library

    check_library()  # the table shows no case, but a broken library is still refused (exit 4)
    out = Printer(sys.stdout, None)
    out.paragraph(f"{len(checks)} checks", style="bold")
    for c in checks:
        out.paragraph((c.id, "bold"))
        out.paragraph(f"{c.severity} · {c.category} · {c.title}", first=INDENT)
        out.paragraph("cases:", *c.cases, first=INDENT, rest=INDENT + " " * len("cases: "), style="dim")


@app.command("show")
def show_check(
    check_id: str = typer.Argument(..., metavar="ID", help="A check id, e.g. nccl-timeouts-unset."),
    output_format: ListingFormat = typer.Option(ListingFormat.table, "--format", "-f", help="Output format."),
) -> None:
    """Show one check's documentation (what, why, example, fix) and the incidents it cites."""
    from rich.markdown import Markdown

    from kubegap.checks import all_checks, get_check
    from kubegap.checks.reference import check_markdown
    from kubegap.checks.serialize import check_json
    from kubegap.cli.output import console, write_json
    from kubegap.errors import UserError
    from kubegap.library import load_library
    from kubegap.suggest import did_you_mean

    check = get_check(check_id)
    if check is None:
        raise UserError(
            f"no check {check_id!r}{did_you_mean(check_id, (c.id for c in all_checks()))} (see 'kubegap checks')"
        )
    library = load_library()
    if output_format is ListingFormat.json:
        write_json(check_json(check, library))
        return
    console().print(Markdown(check_markdown(check, library)))


@app.command("docs")
def docs(
    output_file: Path = typer.Option(None, "--output-file", "-o", help="Write the Markdown here instead of stdout."),
) -> None:
    """Print the check reference as Markdown: every check's documentation and the cases it cites."""
    from kubegap.checks import all_checks
    from kubegap.checks.reference import reference_markdown
    from kubegap.cli.output import destination
    from kubegap.library import load_library

    with destination(output_file) as out:
        out.write(reference_markdown(all_checks(), load_library()))
