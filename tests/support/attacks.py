"""The attack table: every test marked ``@pytest.mark.attack(id=..., surface=..., attempt=..., expect=...)``
and whether the attack held.

A pytest plugin (loaded by ``tests/conftest.py``): given ``--attack-table=PATH``, it writes the attacks
the session collected, with each one's outcome when the tests ran, as JSON to PATH.
``scripts/robustness_report.py`` runs the attack tests with it and renders :func:`attack_section` into
``docs/ROBUSTNESS.md``; ``tests/robustness/test_attack_table.py`` collects them and fails when the
document no longer says what the tests would.

An attack holds when its tests pass. An attack known to succeed is marked ``xfail(strict=True)`` beside
``attack``: it is tabulated as failed, and the suite fails the day it starts holding, so the table
cannot keep a stale "failed" either. One attack id may be checked by several tests (it holds when all
do); they must describe it alike.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIELDS = ("id", "surface", "attempt", "expect")
HELD, FAILED, NOT_RUN = "held", "failed", "not run"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--attack-table", metavar="PATH", help="Write the collected attack tests and their outcomes as JSON to PATH."
    )


def attack_of(item: pytest.Item) -> dict | None:
    """The attack a test is marked with: its four fields, and whether the test is expected to fail."""
    marker = item.get_closest_marker("attack")
    if marker is None:
        return None
    missing = [name for name in FIELDS if not marker.kwargs.get(name)]
    if missing or marker.args:
        raise pytest.UsageError(
            f"{item.nodeid}: attack(...) takes exactly {', '.join(FIELDS)} as keywords; missing {missing}"
        )
    return {**{name: marker.kwargs[name] for name in FIELDS}, "xfail": item.get_closest_marker("xfail") is not None}


class _Recorder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.tests: dict[str, dict] = {}

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            attack = attack_of(item)
            if attack is not None:
                self.tests[item.nodeid] = {**attack, "outcome": None}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        test = self.tests.get(report.nodeid)
        if test is None:
            return
        if report.failed or hasattr(report, "wasxfail") and report.skipped:
            test["outcome"] = FAILED  # a failure, or an attack known to succeed (xfail)
        elif report.skipped and test["outcome"] is None:
            test["outcome"] = NOT_RUN
        elif report.when == "call" and report.passed and test["outcome"] is None:
            test["outcome"] = HELD

    def pytest_sessionfinish(self) -> None:
        self.path.write_text(json.dumps(list(self.tests.values()), indent=1))


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--attack-table", default=None)
    if path:
        config.pluginmanager.register(_Recorder(Path(path)), "attack-table")


def attacks(tests: list[dict]) -> list[dict]:
    """One row per attack id, in id order: its fields and its result (held only if every test of it held)."""
    rows: dict[str, dict] = {}
    for test in tests:
        row = rows.setdefault(test["id"], {**{name: test[name] for name in FIELDS}, "results": []})
        if any(row[name] != test[name] for name in FIELDS):
            raise ValueError(f"attack {test['id']!r} is described differently by two tests: {row} / {test}")
        row["results"].append(test["outcome"] if test["outcome"] is not None else (FAILED if test["xfail"] else HELD))
    for row in rows.values():
        results = row.pop("results")
        row["result"] = FAILED if FAILED in results else NOT_RUN if NOT_RUN in results else HELD
    return [rows[key] for key in sorted(rows)]


def expected(tests: list[dict]) -> list[dict]:
    """The rows the tests say there should be, from collection alone: every attack held but those marked xfail."""
    return attacks([{**test, "outcome": None} for test in tests])


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def attack_section(rows: list[dict]) -> str:
    """The document's attack table, with how many held and failed at its head."""
    held = sum(row["result"] == HELD for row in rows)
    failed = sum(row["result"] == FAILED for row in rows)
    others = len(rows) - held - failed
    counts = f"**{len(rows)} attacks: {held} held, {failed} failed" + (f", {others} not run" if others else "") + ".**"
    lines = [
        "## Attacks",
        "",
        counts,
        "",
        (
            "Each row is a test marked `@pytest.mark.attack` (`python -m pytest -m attack` runs them all): what was "
            "tried, on which surface, what kubegap must do, and whether it did. An attack known to succeed is "
            "marked `xfail` and counted as failed until it is fixed."
        ),
        "",
        "| id | surface | attempt | expected | result |",
        "|---|---|---|---|---|",
        *(
            f"| `{row['id']}` | {_cell(row['surface'])} | {_cell(row['attempt'])} | {_cell(row['expect'])} | {row['result']} |"
            for row in rows
        ),
    ]
    return "\n".join(lines) + "\n"
