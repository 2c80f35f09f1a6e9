"""Fixtures for the live path: a test API server with a small GPU cluster, and a kubeconfig for it."""

from __future__ import annotations

import pytest
from support import tools
from support.apiserver import FakeAPIServer
from support.clusters import training_cluster


def pytest_collection_modifyitems(config, items):
    """The read-only ledger test runs last, over every request the whole session made."""
    items.sort(key=lambda item: item.nodeid.endswith("test_the_whole_session_only_read"))


@pytest.fixture
def apiserver():
    with FakeAPIServer() as server:
        yield training_cluster(server)


@pytest.fixture
def kubeconfig(apiserver, tmp_path):
    return apiserver.kubeconfig(tmp_path / "kubeconfig")


@pytest.fixture
def kubectl(kubeconfig, tmp_path):
    """Run the real kubectl (the one `make tools` built, else the PATH's) against the test server; skips where there is none."""
    import subprocess

    binary = tools.kubectl()
    if binary is None:
        pytest.skip("kubectl is not installed")

    def run(*args: str, config=kubeconfig) -> subprocess.CompletedProcess:
        env = {"KUBECONFIG": str(config), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
        return subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=60)

    return run
