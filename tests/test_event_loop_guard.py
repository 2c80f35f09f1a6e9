"""The event-loop guard (tests/support/event_loops.py) fails a test run that leaves an asyncio loop marked
running where later tests would meet it, and lets a module-scoped fixture hold one, as the browser does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

# A fixture that leaves a loop marked running on the thread between tests, as Playwright's sync API does.
HOLDER = """
import asyncio
import pytest

@pytest.fixture(scope="{scope}")
def held_loop():
    loop = asyncio.new_event_loop()
    asyncio._set_running_loop(loop)
    yield loop
    asyncio._set_running_loop(None)
    loop.close()

def test_first(held_loop):
    pass

def test_second(held_loop):
    pass
"""
LATER = """
import asyncio

def test_async_code_runs():
    assert asyncio.run(asyncio.sleep(0, result=7)) == 7
"""


def run_pytest(directory: Path, modules: dict[str, str]) -> subprocess.CompletedProcess:
    for name, text in modules.items():
        (directory / name).write_text(text)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), str(ROOT / "src")])}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "support.event_loops",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-q",
            "--rootdir",
            str(directory),
            str(directory),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=directory,
        timeout=120,
    )


def test_a_loop_held_past_its_module_fails_where_it_is_left(tmp_path):
    result = run_pytest(tmp_path, {"test_a.py": HOLDER.format(scope="session"), "test_b.py": LATER})
    assert result.returncode == 1, result.stdout
    assert "ERROR at teardown of test_second" in result.stdout
    assert "still marked running after the last test of test_a.py" in result.stdout
    assert "test_first" not in result.stdout.split("short test summary")[-1]


def test_a_loop_held_by_a_module_fixture_passes_and_later_async_code_runs(tmp_path):
    result = run_pytest(tmp_path, {"test_a.py": HOLDER.format(scope="module"), "test_b.py": LATER})
    assert result.returncode == 0, result.stdout
    assert "3 passed" in result.stdout


def test_a_test_body_that_leaves_a_loop_running_fails(tmp_path):
    leaky = "import asyncio\n\ndef test_leaks():\n    asyncio._set_running_loop(asyncio.new_event_loop())\n"
    result = run_pytest(tmp_path, {"test_leaky.py": leaky})
    assert result.returncode == 1, result.stdout
    assert "test_leaks changed the event loop marked running on this thread" in result.stdout
