"""tools/: the Go modules pin one Kubernetes release throughout, the built programs say which release they are, and
tools/build.py builds what the tests run (the benchmarks' peers only when asked), failing only where CI requires it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from support import tools

BUILD = tools.BUILD
PEER_PROGRAMS = {name for module in BUILD.PEERS for name in BUILD.PROGRAMS[module]}


def requirement(module: str, path: str) -> str:
    found = re.search(
        rf"^\s*(?:require\s+)?{re.escape(path)} (v\S+)", (BUILD.HERE / module / "go.mod").read_text(), re.MULTILINE
    )
    assert found, f"tools/{module}/go.mod does not require {path}"
    return found.group(1)


def test_every_staging_module_is_pinned_to_the_kubernetes_release():
    release = BUILD.release("kubernetes")
    _major, minor, patch = release.lstrip("v").split(".")
    replaced = re.findall(
        r"^\s*(k8s\.io/\S+) => (k8s\.io/\S+) (v\S+)$", (BUILD.HERE / "kubernetes" / "go.mod").read_text(), re.MULTILINE
    )
    assert len(replaced) >= 30
    assert {(source, version) for source, target, version in replaced if source != target} == set()
    assert {version for _, _, version in replaced} == {f"v0.{minor}.{patch}"}, (
        f"k8s.io/kubernetes {release} needs v0.{minor}.{patch}"
    )


@pytest.mark.parametrize(
    "program, arguments, expected",
    [
        ("kube-apiserver", ["--version"], lambda: f"Kubernetes {BUILD.release('kubernetes')}"),
        ("kubectl", ["version", "--client"], lambda: f"Client Version: {BUILD.release('kubernetes')}"),
        (
            "etcd",
            ["--version"],
            lambda: f"etcd Version: {requirement('kubernetes', 'go.etcd.io/etcd/server/v3').lstrip('v')}",
        ),
        ("helm", ["version", "--short"], lambda: BUILD.release("helm")),
        ("kube-score", ["version"], lambda: f"kube-score version: {BUILD.release('kube-score')}"),
    ],
)
def test_each_program_reports_the_release_it_was_built_from(program, arguments, expected):
    binary = tools.peer(program) if program in PEER_PROGRAMS else tools.need(program)[program]
    shown = subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0].startswith(expected()), shown.stdout


def fake_go(tmp_path, exit_code: int = 0) -> dict:
    """An environment whose only ``go`` records the module folder it was run in and exits ``exit_code``."""
    bin_dir, log = tmp_path / "bin", tmp_path / "go.log"
    bin_dir.mkdir()
    (bin_dir / "go").write_text(f'#!/bin/sh\nbasename "$PWD" >> {log}\nexit {exit_code}\n')
    (bin_dir / "go").chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin", "KUBEGAP_TOOLS_DIR": str(tmp_path / "out")}


def run_build(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(BUILD.HERE / "build.py"), *args], env=env, capture_output=True, text=True, timeout=60
    )


def built_modules(tmp_path) -> set[str]:
    return set((tmp_path / "go.log").read_text().split())


def test_the_tests_programs_are_built_and_the_peers_only_for_the_benchmarks(tmp_path):
    env = fake_go(tmp_path)
    assert run_build(env).returncode == 0
    assert built_modules(tmp_path) == set(BUILD.PROGRAMS) - BUILD.PEERS == {"kubernetes", "helm"}
    (tmp_path / "go.log").unlink()
    assert run_build(env, "--peers").returncode == 0
    assert built_modules(tmp_path) == set(BUILD.PROGRAMS)


@pytest.mark.parametrize("required, exit_code", [("0", 0), ("1", 1)], ids=["user", "ci"])
def test_a_failed_build_fails_only_where_ci_requires_the_programs(tmp_path, required, exit_code):
    done = run_build({**fake_go(tmp_path, exit_code=1), BUILD.REQUIRED: required})
    assert done.returncode == exit_code
    assert "kubernetes: kube-apiserver, kubectl, etcd FAILED" in done.stderr


@pytest.mark.parametrize("required, exit_code", [("0", 0), ("1", 1)], ids=["user", "ci"])
def test_without_go_the_build_says_so_and_fails_only_in_ci(tmp_path, required, exit_code):
    done = run_build({"PATH": str(tmp_path), "KUBEGAP_TOOLS_DIR": str(tmp_path / "out"), BUILD.REQUIRED: required})
    assert done.returncode == exit_code
    assert (
        "Go is not installed: the tests that need a real kube-apiserver, etcd, kubectl or helm will skip" in done.stderr
    )


def test_a_missing_program_skips_a_test_but_fails_it_in_ci(tmp_path, monkeypatch):
    monkeypatch.setenv("KUBEGAP_TOOLS_DIR", str(tmp_path))
    monkeypatch.setenv(BUILD.REQUIRED, "0")
    with pytest.raises(pytest.skip.Exception, match="kube-apiserver not built in .*: run `make tools`"):
        tools.need("kube-apiserver")
    monkeypatch.setenv(BUILD.REQUIRED, "1")
    with pytest.raises(pytest.fail.Exception, match="KUBEGAP_REQUIRE_APISERVER=1 and kube-apiserver not built"):
        tools.need("kube-apiserver")
    with pytest.raises(pytest.skip.Exception, match="make peers"):  # no test needs a peer, so CI does not build one
        tools.peer("kube-score")
