"""tools/: the Go modules pin one Kubernetes release throughout, and the built programs say which release they are."""

from __future__ import annotations

import re
import subprocess

import pytest

from support import tools

BUILD = tools.BUILD


def requirement(module: str, path: str) -> str:
    found = re.search(rf"^\s*(?:require\s+)?{re.escape(path)} (v\S+)", (BUILD.HERE / module / "go.mod").read_text(), re.MULTILINE)
    assert found, f"tools/{module}/go.mod does not require {path}"
    return found.group(1)


def test_every_staging_module_is_pinned_to_the_kubernetes_release():
    release = BUILD.release("kubernetes")
    major, minor, patch = release.lstrip("v").split(".")
    replaced = re.findall(r"^\s*(k8s\.io/\S+) => (k8s\.io/\S+) (v\S+)$", (BUILD.HERE / "kubernetes" / "go.mod").read_text(), re.MULTILINE)
    assert len(replaced) >= 30
    assert {(source, version) for source, target, version in replaced if source != target} == set()
    assert {version for _, _, version in replaced} == {f"v0.{minor}.{patch}"}, f"k8s.io/kubernetes {release} needs v0.{minor}.{patch}"


@pytest.mark.parametrize("program, arguments, expected", [
    ("kube-apiserver", ["--version"], lambda: f"Kubernetes {BUILD.release('kubernetes')}"),
    ("kubectl", ["version", "--client"], lambda: f"Client Version: {BUILD.release('kubernetes')}"),
    ("etcd", ["--version"], lambda: f"etcd Version: {requirement('kubernetes', 'go.etcd.io/etcd/server/v3').lstrip('v')}"),
    ("helm", ["version", "--short"], lambda: BUILD.release("helm")),
    ("kube-score", ["version"], lambda: f"kube-score version: {BUILD.release('kube-score')}"),
])
def test_each_program_reports_the_release_it_was_built_from(program, arguments, expected):
    binary = tools.need(program)[program]
    shown = subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0].startswith(expected()), shown.stdout
