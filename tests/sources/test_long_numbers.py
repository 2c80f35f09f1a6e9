"""A number too long for Python to convert (over 4,300 digits) is a clear warning naming the file
and document, never a traceback, and the rest of the input is still audited."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

LONG = "9" * 5000
POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: a}\nspec: {containers: [{name: c, image: 'nginx:1.27'}]}\n"


@pytest.mark.parametrize(
    "name, text, document",
    [
        ("long.json", '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "x": ' + LONG + "}", 1),
        ("long.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: " + LONG + "\n", 1),
        ("dump.json", '{"kind": "List", "items": []}\n{"kind": "List", "items": [{"n": ' + LONG + "}]}\n", 2),
    ],
)
def test_a_number_over_the_conversion_limit_is_a_clear_error_and_the_rest_is_audited(tmp_path, name, text, document):
    path = tmp_path / name
    path.write_text(text)
    other = tmp_path / "pod.yaml"
    other.write_text(POD)
    result = run_cli("audit", str(path), str(other), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert f"{path.name}, document {document}" in result.stderr and "a number of 5000 digits" in result.stderr
    report = json.loads(result.stdout)
    assert any(f["object"]["name"] == "p" for f in report["findings"])
