"""Fixtures for the live path: a test API server with a small GPU cluster, and a kubeconfig for it."""

from __future__ import annotations

import shutil

import pytest

from support.apiserver import FakeAPIServer


def pytest_collection_modifyitems(config, items):
    """The read-only ledger test runs last, over every request the whole session made."""
    items.sort(key=lambda item: item.nodeid.endswith("test_the_whole_session_only_read"))


def training_cluster(server: FakeAPIServer) -> FakeAPIServer:
    """Two GPU nodes on one Ubuntu release, a PyTorchJob without NCCL timeouts, pods, a Secret."""
    for index in range(2):
        server.add({"kind": "Node", "metadata": {"name": f"gpu-{index}", "labels": {"nvidia.com/gpu.present": "true",
                    "topology.kubernetes.io/zone": f"z{index}"}, "managedFields": [{"manager": "kubelet"}]},
                    "status": {"capacity": {"nvidia.com/gpu": "8"}, "allocatable": {"nvidia.com/gpu": "8"},
                               "nodeInfo": {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-1051-aws"}}})
    gpu_template = {"spec": {"containers": [{"name": "trainer", "image": "pytorch:2.3",
                             "resources": {"limits": {"nvidia.com/gpu": "8", "rdma/ib": "1"}},
                             "env": [{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "WANDB_API_KEY", "value": "sk-secret-value"}]}]}}
    server.add({"kind": "PyTorchJob", "apiVersion": "kubeflow.org/v1", "metadata": {"name": "llama", "namespace": "ml"},
                "spec": {"pytorchReplicaSpecs": {"Master": {"replicas": 1, "template": gpu_template},
                                                 "Worker": {"replicas": 3, "template": gpu_template}}}})
    for index in range(5):
        server.add({"kind": "Pod", "metadata": {"name": f"web-{index}", "namespace": "shop" if index % 2 else "ml",
                    "annotations": {"kubectl.kubernetes.io/last-applied-configuration": '{"env":"DB_PASSWORD=hunter2"}'}},
                    "spec": {"containers": [{"name": "web", "image": "nginx:1.27", "env": [{"name": "DB_PASSWORD", "value": "hunter2"}]}]}})
    server.add({"kind": "ConfigMap", "metadata": {"name": "nccl", "namespace": "ml"},
                "data": {"nccl.conf": "NCCL_IB_TIMEOUT=22\napi_token=abc123\n# comment\n", "notes": "free text"}})
    server.add({"kind": "Secret", "metadata": {"name": "registry", "namespace": "ml"}, "type": "Opaque", "data": {"token": "c2VjcmV0"}})
    return server


@pytest.fixture
def apiserver():
    with FakeAPIServer() as server:
        yield training_cluster(server)


@pytest.fixture
def kubeconfig(apiserver, tmp_path):
    return apiserver.kubeconfig(tmp_path / "kubeconfig")


@pytest.fixture
def kubectl(kubeconfig, tmp_path):
    """Run the real kubectl against the test server; skips where kubectl is not installed."""
    import subprocess

    binary = shutil.which("kubectl")
    if binary is None:
        pytest.skip("kubectl is not installed")

    def run(*args: str, config=kubeconfig) -> subprocess.CompletedProcess:
        env = {"KUBECONFIG": str(config), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
        return subprocess.run([binary, *args], capture_output=True, text=True, env=env, timeout=60)

    return run
