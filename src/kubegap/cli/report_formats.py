"""``--format NAME[=PATH]`` (repeatable) and ``--output-file``: which reports go where.

Each format goes to its own file, or to stdout. ``--output-file`` is the file of the first format
given without one, so ``--format json -o report.json`` keeps working beside
``--format sarif=kubegap.sarif --format table``. At most one format may write to stdout.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kubegap.errors import UserError

if TYPE_CHECKING:
    from kubegap.report.document import Report
    from kubegap.report.table import TableView

FORMAT_HELP = (
    "Report format, optionally with the file to write it to: NAME or NAME=PATH (repeatable). "
    "NAME is one of table (default), json, sarif, junit, markdown, html, jsonl, openmetrics. "
    "Example: --format table --format sarif=kubegap.sarif --format html=report.html."
)
OUTPUT_FILE_HELP = "Write the (first) format given without =PATH here instead of stdout."


@dataclass(frozen=True)
class Output:
    format: str
    path: Path | None


def parse_outputs(specs: list[str] | None, output_file: Path | None) -> list[Output]:
    from kubegap.report import FORMATS

    outputs: list[Output] = []
    for spec in specs or ["table"]:
        name, has_path, path = spec.partition("=")
        name = name.strip()
        if name not in FORMATS:
            raise UserError(f"unknown format {name!r} in --format {spec!r}: choose from {', '.join(FORMATS)}")
        if has_path and not path:
            raise UserError(f"--format {spec!r}: give a file after '=' or leave the '=' out for stdout")
        outputs.append(Output(name, Path(path) if path else None))
    if output_file is not None:
        index = next((i for i, o in enumerate(outputs) if o.path is None), None)
        if index is None:
            raise UserError("--output-file: every --format already names its file")
        outputs[index] = Output(outputs[index].format, output_file)
    to_stdout = [o.format for o in outputs if o.path is None]
    if len(to_stdout) > 1:
        raise UserError(
            f"formats {' and '.join(to_stdout)} would both write to stdout: give all but one a file, "
            f"e.g. --format {to_stdout[-1]}=report.{to_stdout[-1]}"
        )
    paths = [o.path.resolve() for o in outputs if o.path is not None]
    if len(paths) != len(set(paths)):
        raise UserError("two formats would write the same file: give each its own")
    return outputs


def write_outputs(report: Report, outputs: list[Output], view: TableView | None = None) -> None:
    """Render ``report`` to every output; ``view`` (a :class:`kubegap.report.table.TableView`) lays out the table."""
    from kubegap.cli.output import destination
    from kubegap.report import renderer

    for output in outputs:
        with destination(output.path) as out:
            renderer(output.format, view)(report, out)
