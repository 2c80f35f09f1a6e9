"""How ``kubegap audit`` ends its process: without freeing its heap, yet with every byte of output
written, the atexit handlers run and the documented exit code, and never for an in-process caller."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kubegap

SOURCES = str(Path(kubegap.__file__).resolve().parent.parent)

DURING_AUDIT = """
import atexit, os, sys, threading, time
import kubegap.pipeline

class Held:
    def __del__(self):
        os.write(2, b"HEAP-FREED\\n")

def audit(collections, options):
    collections[0].held = Held()  # freed with the audit's input, when the command's frame is
    {action}
    return real_audit(collections, options)

real_audit = kubegap.pipeline.audit
kubegap.pipeline.audit = audit
sys.argv = ["kubegap", *sys.argv[1:]]
from kubegap.cli import main
main()
"""


def run_checks(tmp_path: Path, *args: str, action: str = "pass", stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    """``kubegap audit ARGS`` through its entry point, with ``action`` run inside the audit."""
    script = tmp_path / "audit_with_hooks.py"
    script.write_text(DURING_AUDIT.format(action=action))
    return subprocess.run(
        [sys.executable, str(script), "audit", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=buffered_env(),
        cwd=tmp_path,
        timeout=120,
    )


def buffered_env() -> dict:
    """The environment with Python's default buffering of stdout (what losing its last block needs), importing
    the kubegap under test from any working directory."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return {**env, "PYTHONPATH": os.pathsep.join([SOURCES, *filter(None, [env.get("PYTHONPATH")])]), "COLUMNS": "200"}


def complete_report(raw: bytes) -> dict:
    assert raw.endswith(b"}\n")
    return json.loads(raw)


def test_the_heap_is_not_freed_and_output_through_a_pipe_is_complete(tmp_path):
    result = run_checks(tmp_path, "--demo", "--format", "json")
    assert result.returncode == 1, result.stderr  # the demo has high findings
    assert len(result.stdout) > 65536  # more than a pipe holds: written while the reader drains it
    assert complete_report(result.stdout)["findings"]
    assert b"HEAP-FREED" not in result.stderr


def test_output_to_a_file_as_stdout_is_complete(tmp_path):
    # stdout to a file is block-buffered: its last block is written only by the flush before exiting
    with (tmp_path / "stdout.json").open("wb") as out:
        result = run_checks(tmp_path, "--demo", "--format", "json", "--fail-on", "none", stdout=out)
    assert result.returncode == 0, result.stderr
    assert complete_report((tmp_path / "stdout.json").read_bytes())["findings"]


def test_output_file_is_complete_and_stdout_empty(tmp_path):
    result = run_checks(tmp_path, "--demo", "--format", "json", "-o", "report.json")
    assert result.returncode == 1 and result.stdout == b""
    assert complete_report((tmp_path / "report.json").read_bytes())["findings"]


def test_atexit_handlers_registered_during_the_audit_run(tmp_path):
    # as the Kubernetes client's do: a temporary file deleted by an atexit handler
    action = (
        "fd, path = __import__('tempfile').mkstemp(dir='.', prefix='cert-'); os.close(fd); "
        "atexit.register(os.remove, path); atexit.register(print, 'ATEXIT-RAN', flush=True)"
    )
    result = run_checks(tmp_path, "--demo", "--format", "json", action=action)
    assert result.returncode == 1, result.stderr
    assert result.stdout.endswith(b"}\nATEXIT-RAN\n")
    assert not list(tmp_path.glob("cert-*"))


@pytest.mark.parametrize(
    ("args", "action", "code", "message"),
    [
        (["--demo", "--format", "json", "--fail-on", "none"], "pass", 0, None),
        (["--demo", "--format", "json", "--fail-on", "high"], "pass", 1, None),
        (
            ["--demo", "--format", "json", "--check", "no-such-check"],
            "pass",
            2,
            b"kubegap: error: unknown check 'no-such-check'",
        ),
        (["--demo", "--format", "json", "--baseline", "missing.json"], "pass", 2, b"kubegap: error: "),
        (
            ["--demo", "--format", "json", "-o", "no-such-folder/report.json"],
            "pass",
            2,
            b"no-such-folder/report.json: cannot write",
        ),
        (["--demo"], "raise KeyboardInterrupt", 130, None),
        (
            ["--demo"],
            "from kubegap.errors import LibraryError; raise LibraryError('case x: bad')",
            4,
            b"kubegap: internal error: the shipped library is invalid:\ncase x: bad",
        ),
    ],
)
def test_every_way_out_keeps_its_exit_code_and_message(tmp_path, args, action, code, message):
    result = run_checks(tmp_path, *args, action=action)
    assert result.returncode == code, result.stderr
    if message is not None:
        assert message in result.stderr
    assert b"Traceback" not in result.stderr and b"HEAP-FREED" not in result.stderr


def test_a_running_thread_gets_the_normal_exit_that_waits_for_it(tmp_path):
    action = "threading.Thread(target=lambda: (time.sleep(3), open('thread-done', 'w').close())).start()"
    result = run_checks(tmp_path, "--demo", "--format", "json", action=action)
    assert result.returncode == 1, result.stderr
    assert (tmp_path / "thread-done").exists()
    assert b"HEAP-FREED" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        # a short report waits in the buffer: the final flush fails, reported as a normal exit reports it
        (
            ["--format", "jsonl", "--check", "pdb-missing"],
            120,
            b"Exception ignored in: <_io.TextIOWrapper name='<stdout>'",
        ),
        (["--format", "json"], 1, b""),  # a long one fails while it is written, and ends the run as Typer ends it
    ],
)
def test_a_closed_pipe_ends_as_a_normal_exit_would(tmp_path, args, code, message):
    script = tmp_path / "audit_with_hooks.py"
    script.write_text(DURING_AUDIT.format(action="pass"))
    process = subprocess.Popen(
        [sys.executable, str(script), "audit", "--demo", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=buffered_env(),
        cwd=tmp_path,
    )
    process.stdout.close()  # nobody reads the report
    stderr = process.stderr.read()
    assert process.wait(timeout=120) == code, stderr
    assert message in stderr and b"Traceback" not in stderr


def test_an_in_process_caller_keeps_its_process(tmp_path):
    code = (
        "from typer.testing import CliRunner\nfrom kubegap.cli.app import app\n"
        "result = CliRunner().invoke(app, ['audit', '--demo', '--format', 'json'])\n"
        "print('ALIVE', result.exit_code, len(result.stdout) > 65536)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=buffered_env(), timeout=120
    )
    assert result.stdout.strip().splitlines()[-1] == "ALIVE 1 True", result.stderr
