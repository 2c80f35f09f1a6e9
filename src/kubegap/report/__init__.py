"""Reports: the typed report (:mod:`kubegap.report.document`) is built once; every format renders from it."""

from __future__ import annotations

import importlib
from functools import partial
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:
    from kubegap.report.document import Report
    from kubegap.report.table import TableView

FORMATS = {
    "table": "kubegap.report.table",
    "json": "kubegap.report.json_format",
    "sarif": "kubegap.report.sarif",
    "junit": "kubegap.report.junit",
    "markdown": "kubegap.report.markdown",
    "html": "kubegap.report.html",
    "jsonl": "kubegap.report.jsonlines",
    "openmetrics": "kubegap.report.openmetrics",
}


class Renderer(Protocol):
    def __call__(self, report: Report, out: TextIO) -> None: ...


def renderer(name: str, view: TableView | None = None) -> Renderer:
    """The format's renderer; ``view`` (a :class:`kubegap.report.table.TableView`) lays out the terminal table."""
    render = importlib.import_module(FORMATS[name]).render
    if name == "table" and view is not None:
        return partial(render, view=view)
    return render
