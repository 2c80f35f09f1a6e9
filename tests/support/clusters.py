"""Clusters the live-path tests serve from the test API server."""

from __future__ import annotations

from support.apiserver import FakeAPIServer


def training_cluster(server: FakeAPIServer) -> FakeAPIServer:
    """Two GPU nodes on one Ubuntu release, a PyTorchJob without NCCL timeouts, pods, a Secret."""
    server.add(*training_objects())
    return server


def training_objects() -> list[dict]:
    """The training cluster's objects, valid for a real API server too (tests/apiserver/test_both_servers.py)."""
    objects = []
    for index in range(2):
        objects.append(
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {
                    "name": f"gpu-{index}",
                    "labels": {"nvidia.com/gpu.present": "true", "topology.kubernetes.io/zone": f"z{index}"},
                    "managedFields": [{"manager": "kubelet"}],
                },
                "status": {
                    "capacity": {"nvidia.com/gpu": "8"},
                    "allocatable": {"nvidia.com/gpu": "8"},
                    "nodeInfo": {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-1051-aws"},
                },
            }
        )
    gpu_template = {
        "spec": {
            "containers": [
                {
                    "name": "trainer",
                    "image": "pytorch:2.3",
                    "resources": {"limits": {"nvidia.com/gpu": "8", "rdma/ib": "1"}},
                    "env": [
                        {"name": "NCCL_DEBUG", "value": "INFO"},
                        {"name": "WANDB_API_KEY", "value": "sk-secret-value"},
                    ],
                }
            ]
        }
    }
    objects.append(
        {
            "apiVersion": "kubeflow.org/v1",
            "kind": "PyTorchJob",
            "metadata": {"name": "llama", "namespace": "ml"},
            "spec": {
                "pytorchReplicaSpecs": {
                    "Master": {"replicas": 1, "template": gpu_template},
                    "Worker": {"replicas": 3, "template": gpu_template},
                }
            },
        }
    )
    for index in range(5):
        objects.append(
            {
                "apiVersion": "v1",
                "kind": "Pod",
                "metadata": {
                    "name": f"web-{index}",
                    "namespace": "shop" if index % 2 else "ml",
                    "annotations": {
                        "kubectl.kubernetes.io/last-applied-configuration": '{"env":"DB_PASSWORD=hunter2"}'
                    },
                },
                "spec": {
                    "containers": [
                        {"name": "web", "image": "nginx:1.27", "env": [{"name": "DB_PASSWORD", "value": "hunter2"}]}
                    ]
                },
            }
        )
    objects.append(
        {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": {"name": "nccl", "namespace": "ml"},
            "data": {"nccl.conf": "NCCL_IB_TIMEOUT=22\napi_token=abc123\n# comment\n", "notes": "free text"},
        }
    )
    objects.append(
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "registry", "namespace": "ml"},
            "type": "Opaque",
            "data": {"token": "c2VjcmV0"},
        }
    )
    return objects
