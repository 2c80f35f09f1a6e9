"""Every route an input comes by (a file, standard input, a pipe, a FIFO, a device, gzip) obeys one size
limit, counted on the bytes read, ends in a clear error naming the input, costs bounded memory, and
loses nothing it was given."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import time

import pytest
from conftest import _this_kubegap_first
from robustness.scenarios import DEMO, ROUTES, measured, yaml_text

from kubegap import inputbytes, limits
from kubegap.sources.manifests import ManifestSource

LOW_LIMIT = 64 * 1024 * 1024
"""The size limit the endless inputs run with: reaching the real one (2 GiB) would take seconds and gigabytes."""
BASE_RSS_MB = 160
"""What kubegap itself takes, with every module an audit imports (about 100 MB)."""
MAX_SECONDS = 30


def _bounded(outcome, read_mb: float = 0) -> None:
    """No traceback, and memory within what kubegap needs plus the bytes it was allowed to read."""
    assert "Traceback" not in outcome.stderr, outcome.stderr[-3000:]
    assert outcome.peak_rss_mb < BASE_RSS_MB + 1.5 * read_mb, outcome.peak_rss_mb
    assert outcome.seconds < MAX_SECONDS


def _route(name: str):
    return next(route for route in ROUTES if route.name == name)


@pytest.mark.attack(
    id="gzip-bomb-zeros",
    surface="files",
    attempt="a 3 MB gzip file that inflates to 3 GB of zeros",
    expect="left unread after its first megabyte (binary data), with a warning naming it; the good file beside it audited",
)
def test_a_gzip_bomb_of_zeros_stops_at_its_first_chunk(tmp_path):
    outcome = _route("gzip-bomb-zeros").run(tmp_path)
    assert outcome.exit_code == 1 and "bomb.json.gz: binary data, not YAML or JSON; skipped" in outcome.stderr
    _bounded(outcome)


@pytest.mark.attack(
    id="gzip-bomb-text",
    surface="files",
    attempt="a gzip file that inflates to more text than the size limit",
    expect="reading stops at the limit, counted after decompression; a warning naming it; memory within the limit",
)
def test_a_gzip_bomb_of_text_stops_at_the_limit(tmp_path):
    outcome = _route("gzip-bomb-text").run(tmp_path, max_file_bytes=LOW_LIMIT)
    assert outcome.exit_code == 1, outcome.stderr[-2000:]
    assert f"bomb.yaml.gz: more than {LOW_LIMIT} bytes, over the {LOW_LIMIT}-byte limit; skipped" in outcome.stderr
    _bounded(outcome, LOW_LIMIT / 2**20)


@pytest.mark.attack(
    id="dev-zero",
    surface="files",
    attempt="/dev/zero given as a file to audit",
    expect="exit 2 naming it (binary data) after one chunk, not an endless read",
)
def test_a_character_device_is_read_as_a_stream_within_the_limit(tmp_path):
    outcome = _route("dev-zero").run(tmp_path)
    assert outcome.exit_code == 2
    assert "kubegap: error: /dev/zero: binary data, not YAML or JSON: not read" in outcome.stderr
    _bounded(outcome)


@pytest.mark.attack(
    id="stdin-dev-zero",
    surface="stdin",
    attempt="standard input from /dev/zero",
    expect="exit 2 naming standard input (binary data) after one chunk",
)
def test_standard_input_of_zeros_stops_at_once(tmp_path):
    outcome = _route("stdin-dev-zero").run(tmp_path)
    assert outcome.exit_code == 2 and "kubegap: error: -: binary data, not YAML or JSON: not read" in outcome.stderr
    _bounded(outcome)


@pytest.mark.attack(
    id="stdin-endless",
    surface="stdin",
    attempt="standard input that never ends (text, like `yes`)",
    expect="reading stops at the size limit: exit 2 naming standard input; memory within the limit",
)
def test_endless_standard_input_stops_at_the_limit(tmp_path):
    outcome = _route("stdin-endless").run(tmp_path, max_file_bytes=LOW_LIMIT)
    assert outcome.exit_code == 2
    assert (
        f"kubegap: error: -: more than {LOW_LIMIT} bytes, over the {LOW_LIMIT}-byte limit: not read" in outcome.stderr
    )
    _bounded(outcome, LOW_LIMIT / 2**20)


@pytest.mark.attack(
    id="stdin-yaml-within-limit",
    surface="stdin",
    attempt="standard input of 80 MB of YAML text: within the size limit, past what YAML may take",
    expect="left unread before it is decoded, exit 2 saying to give it as JSON; memory the bytes read, not 25 times them",
)
def test_yaml_past_its_limit_is_not_parsed():
    outcome = measured("audit", "-", stdin=yaml_text(80 * 2**20))
    assert outcome.exit_code == 2
    assert (
        f"over the {limits.MAX_YAML_BYTES}-byte limit for YAML" in outcome.stderr
        and "kubectl get -o json" in outcome.stderr
    )
    _bounded(outcome, 80)


@pytest.mark.attack(
    id="gzip-bomb-blank",
    surface="files",
    attempt="a gzip file that inflates to the size limit of spaces",
    expect="found blank without being decoded: a warning that the file is empty, in about the time to inflate it",
)
def test_blanks_up_to_the_limit_are_not_decoded(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 128 * 2**20)
    (tmp_path / "blank.yaml.gz").write_bytes(gzip.compress(b" " * limits.MAX_FILE_BYTES))
    started = time.monotonic()
    collection = ManifestSource([str(tmp_path / "blank.yaml.gz")]).collect()
    assert collection.warnings == ["blank.yaml.gz: empty file; nothing to read"]  # named as given, from its own name on
    assert time.monotonic() - started < 10


@pytest.mark.attack(
    id="sparse-2gib",
    surface="files",
    attempt="a 2 GiB sparse file (within the size limit, all zeros)",
    expect="left unread after its first megabyte (binary data), not copied into memory",
)
def test_a_sparse_file_within_the_limit_is_not_read_whole(tmp_path):
    outcome = _route("sparse-file").run(tmp_path)
    assert outcome.exit_code == 1 and "sparse.json: binary data, not YAML or JSON; skipped" in outcome.stderr
    _bounded(outcome)


@pytest.mark.attack(
    id="process-substitution",
    surface="stdin",
    attempt="`kubegap audit <(cat cluster.json)`: a pipe given as a path",
    expect="read once, as a stream: every object audited, none of its bytes lost",
)
def test_a_process_substitution_loses_nothing():
    piped = _bash(f"kubegap audit <(cat {DEMO}) --format json")
    direct = _bash(f"kubegap audit {DEMO} --format json")
    assert piped.returncode == direct.returncode == 1, piped.stderr
    assert json.loads(piped.stdout)["summary"]["objects"] == json.loads(direct.stdout)["summary"]["objects"] == 60
    assert piped.stderr == ""


@pytest.mark.attack(
    id="process-substitution-report",
    surface="stdin",
    attempt="a JSON report given through a pipe (`<(cat report.json)`)",
    expect="recognised as a report and audited as one, its opening bytes not lost to a first look",
)
def test_a_report_through_a_pipe_is_read_once(tmp_path):
    report = tmp_path / "report.json"
    _bash(f"kubegap audit {DEMO} --format json -o {report}")
    fleet = _bash(f"kubegap audit <(cat {report}) <(cat {report}) --format json")
    assert fleet.returncode == 1, fleet.stderr
    assert len(json.loads(fleet.stdout)["clusters"]) == 2
    diff = _bash(f"kubegap diff <(cat {report}) <(cat {report})")
    assert diff.returncode == 0 and "0 new" in diff.stdout, diff.stderr


def _bash(command: str) -> subprocess.CompletedProcess:
    kubegap = f"{sys.executable} -m kubegap"
    return subprocess.run(
        ["bash", "-c", command.replace("kubegap ", kubegap + " ", 1)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": _this_kubegap_first()},
    )


@pytest.mark.attack(
    id="fifo-with-writer",
    surface="files",
    attempt="a FIFO given as a path, a program writing to it",
    expect="read once to its end: no hang, every object audited",
)
def test_a_fifo_with_a_writer_is_read(tmp_path):
    outcome = _route("fifo-with-writer").run(tmp_path)
    assert outcome.exit_code == 1, outcome.stderr
    assert json.loads(outcome.stdout)["summary"]["objects"] == 60
    _bounded(outcome)


@pytest.mark.attack(
    id="fifo-slow-writer",
    surface="files",
    attempt="a FIFO whose writer opens it at once but writes only later",
    expect="waited for as long as the writer takes: no time-out while a writer holds it open",
)
def test_a_fifo_whose_writer_is_slow_is_waited_for(tmp_path, monkeypatch):
    monkeypatch.setattr(inputbytes, "FIFO_WAIT_SECONDS", 0.2)
    fifo = tmp_path / "cluster.json"
    os.mkfifo(fifo)

    def write_late() -> None:
        with fifo.open("wb") as out:
            time.sleep(0.6)
            out.write(DEMO.read_bytes())

    threading.Thread(target=write_late, daemon=True).start()
    collection = ManifestSource([str(fifo)]).collect()
    assert len(collection.resources) == 60 and not collection.unread


@pytest.mark.attack(
    id="fifo-without-writer",
    surface="files",
    attempt="a FIFO given as a path that no program ever writes to",
    expect="given up after FIFO_WAIT_SECONDS (30 s) with a warning naming it, counted as unread; not a hang",
)
def test_a_fifo_without_a_writer_is_given_up(tmp_path, monkeypatch):
    monkeypatch.setattr(inputbytes, "FIFO_WAIT_SECONDS", 0.3)
    fifo = tmp_path / "nobody.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    collection = ManifestSource([str(fifo)]).collect()
    assert time.monotonic() - started < 3
    assert collection.unread == {str(fifo): "a FIFO no program opened for writing within 0.3 s"}
    assert collection.partial


def test_an_empty_pipe_whose_writer_is_gone_is_empty_at_once():
    started = time.monotonic()
    result = _bash("kubegap audit <(true)")
    assert time.monotonic() - started < 20
    assert result.returncode == 2 and "empty file; nothing to read" in result.stderr


@pytest.mark.attack(
    id="empty-list-items",
    surface="files",
    attempt="a 300 KB List of 150,000 empty items",
    expect=f"at most {limits.MAX_WARNINGS_PER_FILE} warnings kept and printed for the file, then one 'and N more' line; memory bounded",
)
def test_warnings_per_file_are_capped(tmp_path):
    outcome = _route("empty-list-items").run(tmp_path)
    assert outcome.exit_code == 1
    about = [w for w in json.loads(outcome.stdout)["warnings"] if "empty.yaml" in w]
    assert len(about) == limits.MAX_WARNINGS_PER_FILE + 1
    assert about[-1].endswith(f"empty.yaml: and {150_000 - limits.MAX_WARNINGS_PER_FILE} more warnings like these")
    assert outcome.stderr.count("empty.yaml") == limits.MAX_WARNINGS_PER_FILE + 1
    _bounded(outcome)


@pytest.mark.attack(
    id="unread-file-partial",
    surface="files",
    attempt="an audit with --fail-on-partial where one file is left unread",
    expect="exit 3 (partial), the report naming the unread file and why, never a clean exit 0",
)
def test_an_unread_file_makes_the_audit_partial(tmp_path):
    (tmp_path / "blob.yaml").write_bytes(b"\0binary")
    (tmp_path / "ok.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok, namespace: a}\ndata: {k: v}\n"
    )
    outcome = measured("audit", str(tmp_path), "--format", "json", "--fail-on", "none", "--fail-on-partial")
    assert outcome.exit_code == 3, outcome.stderr
    (entry,) = json.loads(outcome.stdout)["inputs"]
    assert entry["unread"] == {f"{tmp_path.name}/blob.yaml": "binary data, not YAML or JSON"}
    assert measured("audit", str(tmp_path / "ok.yaml"), "--fail-on", "none", "--fail-on-partial").exit_code == 0


@pytest.mark.attack(
    id="config-dev-zero",
    surface="files",
    attempt="--config /dev/zero",
    expect="exit 2 naming the config file, after one chunk",
)
def test_a_config_file_obeys_the_same_reader():
    outcome = measured("audit", "--demo", "--config", "/dev/zero")
    assert outcome.exit_code == 2 and "/dev/zero: cannot read the config file: binary data" in outcome.stderr
    _bounded(outcome)


@pytest.mark.parametrize(
    "data, reason",
    [
        (gzip.compress(b"apiVersion: v1\n")[:-12], "the gzip stream ends early (truncated)"),
        (gzip.compress(b"apiVersion: v1\n") + b"junk", "data that is not gzip after the gzip stream"),
        (b"\x1f\x8b" + b"\x00" * 20, "not valid gzip"),
    ],
)
def test_broken_gzip_is_named_not_raised(tmp_path, data, reason):
    (tmp_path / "broken.yaml.gz").write_bytes(data)
    collection = ManifestSource([str(tmp_path)]).collect()
    assert collection.unread[f"{tmp_path.name}/broken.yaml.gz"].startswith(reason)


def test_concatenated_gzip_members_are_all_read(tmp_path):
    first = b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n"
    second = b"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"
    (tmp_path / "two.yaml.gz").write_bytes(gzip.compress(first) + gzip.compress(second))
    collection = ManifestSource([str(tmp_path / "two.yaml.gz")]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == ["a", "b"]


def test_gzip_is_read_from_standard_input_too():
    result = subprocess.run(
        [sys.executable, "-m", "kubegap", "audit", "-", "--format", "json"],
        input=gzip.compress(DEMO.read_bytes()),
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": _this_kubegap_first()},
    )
    assert json.loads(result.stdout)["summary"]["objects"] == 60


def test_the_limit_counts_bytes_read_not_bytes_claimed(monkeypatch):
    """A stream says nothing of its size: the limit is applied to what has been read, a chunk at a time."""
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 3 * inputbytes.CHUNK_BYTES)
    reads = []

    class Endless:
        def read(self, size):
            reads.append(size)
            return b"a" * size

    with pytest.raises(inputbytes.NotRead, match="over the"):
        inputbytes.read_stream(Endless())
    assert len(reads) == 4
