"""The command line's progress bar for a live collection: Rich on stderr, only on a terminal and without ``--quiet``."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from kubegap.sources.live import ProgressFactory


class RichProgress:
    """Kinds listed of all, objects read and time elapsed, gone from the screen when the collection ends."""

    def __init__(self, label: str):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
        from rich.progress import Progress as Bar

        self.objects = 0
        self._bar = Bar(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("kinds"),
            TextColumn("{task.fields[objects]} objects"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._task = self._bar.add_task(label, total=None, objects=0)

    def __enter__(self) -> Self:
        self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.stop()

    def total(self, kinds: int) -> None:
        self._bar.update(self._task, total=kinds)

    def done(self, objects: int) -> None:
        self.objects += objects
        self._bar.update(self._task, advance=1, objects=self.objects)


def progress_for(quiet: bool) -> ProgressFactory | None:
    """The bar, unless ``--quiet`` or stderr is not a terminal (a pipe, a CI log)."""
    return None if quiet or not sys.stderr.isatty() else RichProgress
