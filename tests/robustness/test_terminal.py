"""Text from the input reaches a terminal inert: control characters, escape sequences, bidi overrides and
line breaks in names, messages, paths and YAML errors are shown escaped, in every terminal output."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run_cli

from kubegap.terminal import printable

ESCAPES = "\x1b[2J\x1b[31m\x1b]0;title\x07\x9b31m\u202e\u2066\r\nkubegap: error: forged"
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
"""What a terminal must not be sent from the input (a line break is the printer's own)."""
MANIFEST = f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: {json.dumps("web" + ESCAPES)}, namespace: {json.dumps("ns" + ESCAPES)}}}
spec:
  replicas: 1
  template:
    spec:
      containers: [{{name: {json.dumps("c" + ESCAPES)}, image: {json.dumps("nginx" + ESCAPES)}}}]
"""


def _inert(text: str) -> None:
    assert not UNSAFE.findall(text), sorted(set(UNSAFE.findall(text)))
    assert not any(line.startswith("kubegap: error: forged") for line in text.splitlines())


def test_printable_escapes_what_a_terminal_would_act_on():
    assert printable("a\x1b[31mb\u202ec\x9bd\ne\tf") == "a\\x1b[31mb\\u202ec\\x9bd\\x0ae\\x09f"
    assert printable("plain é 日本 ✓") == "plain é 日本 ✓"


@pytest.mark.attack(
    id="terminal-escapes-table",
    surface="files",
    attempt="ESC and OSC sequences, C1 controls, bidi overrides and a line break forging 'kubegap: error:' in an object's name, namespace, container and image",
    expect="the table (by object and by check, verbose too) shows each escaped; nothing reaches the terminal raw",
)
@pytest.mark.parametrize(
    "options", [[], ["--group-by", "check"], ["--verbose"]], ids=["by-object", "by-check", "verbose"]
)
def test_the_table_shows_control_characters_escaped(tmp_path, options):
    (tmp_path / "evil.yaml").write_text(MANIFEST)
    result = run_cli("audit", str(tmp_path / "evil.yaml"), "--fail-on", "none", *options)
    assert result.returncode == 0, result.stderr
    _inert(result.stdout)
    _inert(result.stderr)
    assert "web\\x1b[2J\\x1b[31m" in result.stdout


@pytest.mark.attack(
    id="terminal-escapes-warnings",
    surface="files",
    attempt="a file whose name holds escape sequences and a line break, with a broken document in it",
    expect="the warning on stderr names the file with its control characters escaped",
)
def test_warnings_on_stderr_are_escaped(tmp_path):
    evil = tmp_path / ("bad\x1b[2J\u202e\nkubegap: error: forged.yaml")
    evil.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: [\n")
    (tmp_path / "ok.yaml").write_text(MANIFEST)
    result = run_cli("audit", str(tmp_path))
    _inert(result.stderr)
    assert "bad\\x1b[2J\\u202e\\x0akubegap: error: forged.yaml" in result.stderr


@pytest.mark.attack(
    id="terminal-escapes-errors",
    surface="files",
    attempt="a path to audit that holds escape sequences and does not exist",
    expect="exit 2; the error names the path escaped",
)
def test_errors_are_escaped(tmp_path):
    result = run_cli("audit", str(tmp_path / ("missing\x1b]0;pwned\x07.yaml")))
    assert result.returncode == 2
    _inert(result.stderr)
    assert "missing\\x1b]0;pwned\\x07.yaml: no such file" in result.stderr


@pytest.mark.attack(
    id="terminal-escapes-diff",
    surface="files",
    attempt="two reports whose findings name objects with escape sequences and Rich markup ('[link=...]')",
    expect="kubegap diff shows them escaped and the markup as text",
)
def test_the_diff_table_is_escaped(tmp_path):
    (tmp_path / "evil.yaml").write_text(
        MANIFEST.replace("metadata: {name: ", 'metadata: {name: "[link=https://example.invalid]x[/link]", n: ', 1)
    )
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(run_cli("audit", "--demo", "--format", "json").stdout)
    new.write_text(run_cli("audit", str(tmp_path / "evil.yaml"), "--format", "json").stdout)
    result = run_cli("diff", str(old), str(new))
    _inert(result.stdout)
    assert "\\x1b[2J" in result.stdout and "\x1b]8;" not in result.stdout
