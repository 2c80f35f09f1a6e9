"""The command line: thin. It parses, calls the pipeline, renders, and maps errors to exit codes.

Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 usage or input
error; 3 a partial audit under --fail-on-partial; 4 kubegap itself is broken (a defect to report).

``kubegap --version`` is answered before Typer (and everything it imports) is loaded, so that
scripts asking for the version pay only for the interpreter. Run as ``kubectl-gap`` (kubectl runs
plugins by that name for ``kubectl gap``), usage and help say ``kubectl gap``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

KUBECTL_PLUGIN = "kubectl-gap"


def program_name() -> str | None:
    """``kubectl gap`` when run as the kubectl plugin; otherwise None (Typer's own choice)."""
    return "kubectl gap" if Path(sys.argv[0]).name == KUBECTL_PLUGIN else None


_COMMAND = re.compile(r"\bkubegap(?=\s+(?:audit|snapshot|rbac|diff|checks|cases|mcp|serve|site)\b|:)")


def spoken(text: str) -> str:
    """``text`` as the program that runs says it: run as the kubectl plugin, the commands it names
    (``'kubegap checks'``) and the prefix of its messages (``kubegap: error:``) say ``kubectl gap``."""
    return _COMMAND.sub("kubectl gap", text) if program_name() else text


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from kubegap import __version__

        print(f"kubegap {__version__}")
        return
    import typer

    from kubegap.cli import process_exit
    from kubegap.cli.app import app
    from kubegap.cli.helpformat import use_plain_help
    from kubegap.errors import LibraryError, UserError
    from kubegap.terminal import printable

    process_exit.reset()
    # Each exit happens inside its except clause, while the exception still holds the command's frames.
    try:
        # standalone: usage errors exit 2, and the command's typer.Exit sets the code
        use_plain_help(typer.main.get_command(app))(prog_name=program_name())
    except SystemExit as exc:
        process_exit.exit_process(exc.code)
    except UserError as exc:  # its text names inputs: escaped, line by line (a config file's errors are one a line)
        typer.echo(spoken("kubegap: error: " + "\n".join(map(printable, str(exc).split("\n")))), err=True)
        process_exit.exit_process(exc.exit_code)
    except LibraryError as exc:
        typer.echo(spoken(f"kubegap: internal error: the shipped library is invalid:\n{exc}"), err=True)
        process_exit.exit_process(4)
