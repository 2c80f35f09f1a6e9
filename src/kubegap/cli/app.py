"""The Typer application: every command, its options and help."""

from __future__ import annotations

import typer

from kubegap import __version__
from kubegap.cli import audit, cases, checks, diff, mcp, rbac, snapshot, web

EXIT_CODES_HELP = (
    "Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; "
    "2 usage or input error (an unreachable cluster or rejected credentials included); "
    "3 with --fail-on-partial, some kind the checks read was forbidden or could not be collected, or some "
    "input file was left unread (and no finding reached --fail-on); 4 internal error."
)

app = typer.Typer(
    name="kubegap",
    help=(
        "Could what happened to them happen to us? kubegap audits a Kubernetes cluster, read-only, for "
        "the gaps behind public incidents, and ships the Incident Library those checks come from.\n\n" + EXIT_CODES_HELP
    ),
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kubegap {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """kubegap: audit clusters for the gaps behind public incidents."""


app.command("audit", help=audit.HELP + "\n\n" + EXIT_CODES_HELP)(audit.audit)
app.command("snapshot", help=snapshot.HELP)(snapshot.snapshot)
app.command("rbac", help=rbac.HELP)(rbac.rbac)
app.command("diff", help=diff.HELP + "\n\n" + EXIT_CODES_HELP)(diff.diff)
app.add_typer(checks.app, name="checks")
app.add_typer(cases.app, name="cases")
app.command("mcp")(mcp.mcp)
app.command("serve")(web.serve)
app.add_typer(web.site_app, name="site")
