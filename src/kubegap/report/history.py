"""``--history DIR``: every run's JSON report kept, dated, the last ``--keep`` of them, each beside the
diff against the run before, and the latest also as ``kubegap-report.json`` (for ``--baseline``,
``kubegap diff`` and fleet audits of several clusters' reports). What an in-cluster CronJob writes to
its report volume.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import orjson

from kubegap.errors import UserError
from kubegap.report.baseline import load_report
from kubegap.report.diff import ReportDiff, diff_report, summary_line
from kubegap.report.document import Report

LATEST = "kubegap-report.json"
_DATED = re.compile(r"^kubegap-(\d{8}T\d{6}Z)\.json$")


@dataclass(frozen=True)
class Kept:
    path: Path
    diff: ReportDiff | None
    """The diff against the previous run's report (``kubegap diff``'s JSON), None for the first run."""
    removed: list[Path]

    def summary(self) -> str:
        if self.diff is None:
            return f"report kept as {self.path}; no earlier run to compare with"
        return f"report kept as {self.path}; since the previous run: {summary_line(self.diff)}"


def _stamp(report: Report) -> str:
    """``20261204T031700Z`` from the report's ``generated_at``."""
    return re.sub(r"[-:]", "", report.generated_at or "")[:15] + "Z"


def _write(path: Path, data: dict) -> None:
    """Written whole or not at all: a reader never sees half a report."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE))
    os.replace(partial, path)


def dated_reports(directory: Path) -> list[Path]:
    """The dated reports in ``directory``, oldest first."""
    return sorted(p for p in directory.iterdir() if _DATED.match(p.name))


def keep(report: Report, directory: Path, count: int) -> Kept:
    """Add ``report`` to the history in ``directory``; keep the ``count`` newest reports and their diffs."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        earlier = [p for p in dated_reports(directory) if p.name != f"kubegap-{_stamp(report)}.json"]
        path = directory / f"kubegap-{_stamp(report)}.json"
        diff = None
        if earlier:
            diff = diff_report(load_report(earlier[-1]), report, earlier[-1].name, path.name)
            _write(path.with_suffix(".diff.json"), diff.to_json())
        data = report.to_json()
        _write(path, data)
        _write(directory / LATEST, data)
        removed = []
        for old in dated_reports(directory)[:-count]:
            for stale in (old, old.with_suffix(".diff.json")):
                if stale.exists():
                    stale.unlink()
                    removed.append(stale)
    except OSError as exc:
        raise UserError(f"{directory}: cannot keep the report history: {exc.strerror or exc}") from None
    return Kept(path, diff, removed)
