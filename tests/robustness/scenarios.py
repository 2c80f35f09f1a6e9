"""Hostile and broken inputs, each next to a good file that must still be audited.

Shared by ``test_hostile_files.py`` (which asserts each outcome) and ``scripts/robustness_report.py``
(which measures each and writes ``docs/ROBUSTNESS.md``).
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from kubegap.limits import MAX_FILE_BYTES

CANARY = (
    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: canary, namespace: robustness}\nspec:\n"
    "  template:\n    spec:\n      containers: [{name: db, image: 'postgres:16.1', volumeMounts: [{name: d, mountPath: /d}]}]\n"
    "      volumes: [{name: d, hostPath: {path: /srv/canary}}]\n"
)
CONFIGMAP = "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: cm-{i}, namespace: robustness}}\ndata: {{k: v}}\n"


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    build: Callable[[Path], None]
    expect_stderr: str | None
    """A phrase the warning or error must contain (None: no warning expected)."""


def _write(name: str, content: str | bytes) -> Callable[[Path], None]:
    def build(folder: Path) -> None:
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())

    return build


def _alias_bomb(folder: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in "bcdefghi":
        previous = chr(ord(level) - 1)
        lines.append(f"{level}: &{level} [" + ",".join([f"*{previous}"] * 9) + "]")
    text = (
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: laughs}\ndata:\n" + "\n".join("  " + l for l in lines) + "\n"
    )
    (folder / "bomb.yaml").write_text(text)


def _deep(name: str, depth: int) -> Callable[[Path], None]:
    return _write(name, "[" * depth + "]" * depth)


def _sparse_huge(folder: Path) -> None:
    with open(folder / "huge.json", "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk, just over the size limit


def _many_documents(folder: Path) -> None:
    (folder / "many.yaml").write_text("---\n".join(CONFIGMAP.format(i=i) for i in range(10_000)))


def _python_tag(folder: Path) -> None:
    marker = folder / "pwned"
    payload = f"!!python/object/apply:os.system ['touch {marker}']"
    (folder / "evil.yaml").write_text(f"apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: x}}\ndata: {payload}\n")


def _symlink_loop(folder: Path) -> None:
    loop = folder / "tree"
    loop.mkdir()
    (loop / "self").symlink_to(loop, target_is_directory=True)
    (loop / "cm.yaml").write_text(CONFIGMAP.format(i=0))


SCENARIOS = [
    Scenario("alias-bomb", "YAML 'billion laughs': 9 levels of 9 aliases", _alias_bomb, "aliases expand past"),
    Scenario(
        "self-alias",
        "a YAML alias to an enclosing node (a document that contains itself)",
        _write("self.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: self}\ndata: &d\n  loop: *d\n"),
        "contain itself",
    ),
    Scenario("deep-json", "JSON nested 100,000 arrays deep", _deep("deep.json", 100_000), "nested more than"),
    Scenario("deep-yaml", "YAML flow sequence nested 100,000 deep", _deep("deep.yaml", 100_000), "nested more than"),
    Scenario(
        "huge-file",
        f"a {MAX_FILE_BYTES // 2**30} GiB file plus one byte (over the size limit)",
        _sparse_huge,
        "over the",
    ),
    Scenario("binary", "binary garbage with NUL bytes", _write("blob.yaml", bytes(range(256)) * 64), "binary data"),
    Scenario(
        "utf-16",
        "a manifest saved as UTF-16 with a BOM",
        _write("utf16.yaml", CONFIGMAP.format(i=1).encode("utf-16")),
        None,
    ),
    Scenario(
        "invalid-utf-8",
        "bytes that are not UTF-8",
        _write("latin1.yaml", b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: caf\xe9}\n"),
        "not valid UTF-8",
    ),
    Scenario("10k-documents", "a stream of 10,000 documents", _many_documents, None),
    Scenario(
        "duplicate-keys",
        "a mapping with a repeated key",
        _write("dup.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, name: b}\n"),
        "repeated",
    ),
    Scenario("python-tag", "a YAML tag that tries to run a shell command", _python_tag, "invalid YAML"),
    Scenario("symlink-loop", "a directory containing a symlink to itself", _symlink_loop, None),
    Scenario("empty-file", "an empty file", _write("empty.yaml", ""), "empty file"),
    Scenario(
        "null-list-items",
        "a List whose items are null",
        _write("nulls.yaml", "apiVersion: v1\nkind: List\nitems: [null, null]\n"),
        "not a mapping",
    ),
    Scenario(
        "helm-template",
        "an unrendered Helm template",
        _write("deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n"),
        "unrendered template",
    ),
    Scenario(
        "not-kubernetes",
        "a values file with no apiVersion or kind",
        _write("values.yaml", "replicaCount: 3\n"),
        "not a Kubernetes object",
    ),
]


@dataclass(frozen=True)
class Outcome:
    exit_code: int
    stdout: str
    stderr: str
    seconds: float
    peak_rss_mb: float
    ended: float = 0.0
    """Wall-clock time (``time.time()``) the process ended."""


def run(scenario: Scenario, folder: Path) -> Outcome:
    """Build the scenario next to the canary and audit the folder in a fresh process."""
    scenario.build(folder)
    (folder / "canary.yaml").write_text(CANARY)
    return measured("audit", str(folder), "--format", "json")


def measured(
    *args: str, stdin: bytes | Callable[[BinaryIO], None] | None = None, max_file_bytes: int | None = None
) -> Outcome:
    """Run ``kubegap ARGS`` in a fresh process: its output, exit code, wall time and peak memory.

    ``stdin``: bytes to send, or a function that writes to the process's standard input (until it
    stops reading). ``max_file_bytes``: the size limit to run with, lowered so that a test of an
    endless input does not have to stream gigabytes to reach it."""
    command = [sys.executable, "-m", "kubegap", *args]
    if max_file_bytes is not None:
        command[1:3] = [
            "-c",
            (
                f"import runpy, kubegap.limits as l; l.MAX_FILE_BYTES = {max_file_bytes}; "
                "runpy.run_module('kubegap', run_name='__main__')"
            ),
        ]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            command,
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
            env={**os.environ, "COLUMNS": "200"},
        )
        feeder = threading.Thread(target=_feed, args=(process.stdin, stdin), daemon=True) if stdin is not None else None
        if feeder is not None:
            feeder.start()
        done, peak = threading.Event(), [0.0]
        sampler = threading.Thread(target=_sample_high_water, args=(process.pid, done, peak), daemon=True)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        done.set()
        sampler.join()
        if feeder is not None:
            feeder.join()
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        peak_mb = peak[0] or usage.ru_maxrss / 1024
        return Outcome(process.returncode, out.read().decode(), err.read().decode(), seconds, peak_mb, time.time())


def _feed(pipe: BinaryIO, stdin: bytes | Callable[[BinaryIO], None]) -> None:
    try:
        if callable(stdin):
            stdin(pipe)
        else:
            pipe.write(stdin)
        pipe.close()
    except (BrokenPipeError, ValueError):  # the process stopped reading (and exited): what a reader may do
        pass


def _sample_high_water(pid: int, done: threading.Event, peak: list[float]) -> None:
    """Follow a process's VmHWM, its own peak memory since exec.

    The child's ru_maxrss would also count the parent's memory it was forked from, so a parent
    that has imported more (the report script, pytest) would inflate it.
    """
    while not done.is_set():
        try:
            with open(f"/proc/{pid}/status") as status:
                lines = status.read().splitlines()
        except OSError:
            return
        for line in lines:
            if line.startswith("VmHWM:"):
                peak[0] = max(peak[0], int(line.split()[1]) / 1024)
        done.wait(0.01)


# -- input routes: streams, devices, gzip, each run by itself -------------------------------------

DEMO = Path(__file__).resolve().parents[2] / "src" / "kubegap" / "demo" / "cluster.json"


def gzip_bomb(path: Path, byte: bytes, gigabytes: int) -> None:
    """``gigabytes`` of one repeated byte as gzip, about 1 MB per GB: a member of 64 MiB compressed once, repeated."""
    member = gzip.compress(byte * (64 * 2**20), compresslevel=9)
    with path.open("wb") as out:
        for _ in range(gigabytes * 16):
            out.write(member)


def _copy_forever(source: BinaryIO, pipe: BinaryIO) -> None:
    while True:
        pipe.write(source.read(1 << 20))


def endless_text(pipe: BinaryIO) -> None:
    """Standard input that never ends, as ``yes apiVersion: v1`` would write it."""
    lines = b"apiVersion: v1\n" * 4096
    while True:
        pipe.write(lines)


def yaml_text(size: int) -> Callable[[BinaryIO], None]:
    """Standard input of ``size`` bytes of one YAML document, as ``yes apiVersion: v1 | head -c SIZE`` writes."""

    def feed(pipe: BinaryIO) -> None:
        lines = b"apiVersion: v1\n" * 4096
        pipe.writelines(lines for _ in range(size // len(lines)))
        pipe.write(lines[: size % len(lines)])

    return feed


def _zeros(pipe: BinaryIO) -> None:
    with open("/dev/zero", "rb") as zeros:
        _copy_forever(zeros, pipe)


def _with_canary(folder: Path, *args: str, max_file_bytes: int | None = None) -> Outcome:
    (folder / "canary.yaml").write_text(CANARY)
    return measured("audit", str(folder), "--format", "json", *args, max_file_bytes=max_file_bytes)


def _bomb_of(byte: bytes, name: str, gigabytes: int) -> Callable[[Path, int | None], Outcome]:
    def run(folder: Path, max_file_bytes: int | None = None) -> Outcome:
        gzip_bomb(folder / name, byte, gigabytes)
        return _with_canary(folder, max_file_bytes=max_file_bytes)

    return run


def _sparse_within_limit(folder: Path, max_file_bytes: int | None = None) -> Outcome:
    with open(folder / "sparse.json", "wb") as handle:
        handle.truncate(max_file_bytes or MAX_FILE_BYTES)
    return _with_canary(folder, max_file_bytes=max_file_bytes)


def _empty_items(folder: Path, max_file_bytes: int | None = None) -> Outcome:
    (folder / "empty.yaml").write_text("apiVersion: v1\nkind: List\nitems:\n" + "-\n" * 150_000)
    return _with_canary(folder, max_file_bytes=max_file_bytes)


def _fifo_with_writer(folder: Path, max_file_bytes: int | None = None) -> Outcome:
    fifo = folder / "cluster.json"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(DEMO.read_bytes()), daemon=True)
    writer.start()
    outcome = measured("audit", str(fifo), "--format", "json", max_file_bytes=max_file_bytes)
    writer.join(5)
    return outcome


@dataclass(frozen=True)
class Route:
    name: str
    description: str
    run: Callable[..., Outcome]
    """``run(folder, max_file_bytes=None)``: the audit of the hostile input, in a fresh process."""


ROUTES = [
    Route(
        "gzip-bomb-zeros",
        "a 3 MB gzip file that inflates to 3 GB of zeros (next to a good file)",
        _bomb_of(b"\0", "bomb.json.gz", 3),
    ),
    Route(
        "gzip-bomb-blank",
        "a 2 MB gzip file that inflates to 2 GiB of spaces, the size limit (next to a good file)",
        _bomb_of(b" ", "bomb.yaml.gz", 2),
    ),
    Route(
        "gzip-bomb-text",
        "a 3 MB gzip file that inflates to 3 GiB of spaces, past the size limit (next to a good file)",
        _bomb_of(b" ", "bomb.yaml.gz", 3),
    ),
    Route(
        "dev-zero",
        "/dev/zero given as a file",
        lambda folder, max_file_bytes=None: measured("audit", "/dev/zero", max_file_bytes=max_file_bytes),
    ),
    Route(
        "stdin-dev-zero",
        "standard input from /dev/zero",
        lambda folder, max_file_bytes=None: measured("audit", "-", stdin=_zeros, max_file_bytes=max_file_bytes),
    ),
    Route(
        "stdin-endless",
        "standard input that never ends (`yes apiVersion: v1`)",
        lambda folder, max_file_bytes=None: measured("audit", "-", stdin=endless_text, max_file_bytes=max_file_bytes),
    ),
    Route(
        "stdin-yaml",
        "standard input of 1.9 GB of YAML text, within the size limit (`yes apiVersion: v1 | head -c 1900000000`)",
        lambda folder, max_file_bytes=None: measured(
            "audit", "-", stdin=yaml_text(1_900_000_000), max_file_bytes=max_file_bytes
        ),
    ),
    Route("sparse-file", "a sparse file exactly the size limit, all zeros (next to a good file)", _sparse_within_limit),
    Route("empty-list-items", "a 300 KB List of 150,000 empty items (next to a good file)", _empty_items),
    Route("fifo-with-writer", "a FIFO given as a path, a program writing the demo cluster to it", _fifo_with_writer),
]
