"""Custom resources served from CRDs: kubegap finds them through discovery, lists them and judges them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import run_cli

CRDS = Path(__file__).with_name("crds.yaml")
USER = "system:serviceaccount:training:auditor"
GPU_TEMPLATE = {
    "spec": {
        "containers": [
            {
                "name": "trainer",
                "image": "pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime",
                "resources": {"limits": {"nvidia.com/gpu": "8", "rdma/ib": "1"}},
                "env": [{"name": "NCCL_DEBUG", "value": "INFO"}],
            }
        ]
    }
}
OBJECTS = [
    {
        "apiVersion": "kubeflow.org/v1",
        "kind": "PyTorchJob",
        "metadata": {"name": "llama", "namespace": "training"},
        "spec": {
            "pytorchReplicaSpecs": {
                "Master": {"replicas": 1, "template": GPU_TEMPLATE},
                "Worker": {"replicas": 3, "template": GPU_TEMPLATE},
            }
        },
    },
    {
        "apiVersion": "jobset.x-k8s.io/v1alpha2",
        "kind": "JobSet",
        "metadata": {"name": "pretrain", "namespace": "training"},
        "spec": {
            "replicatedJobs": [
                {
                    "name": "workers",
                    "replicas": 4,
                    "template": {
                        "spec": {"parallelism": 1, "completions": 1, "backoffLimit": 0, "template": GPU_TEMPLATE}
                    },
                }
            ]
        },
    },
    {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "Prometheus",
        "metadata": {"name": "k8s", "namespace": "monitoring"},
        "spec": {"replicas": 2},
    },
    {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "ServiceMonitor",
        "metadata": {"name": "trainer", "namespace": "monitoring"},
        "spec": {"selector": {"matchLabels": {"app": "trainer"}}, "endpoints": [{"port": "metrics"}]},
    },
    {
        "apiVersion": "cert-manager.io/v1",
        "kind": "Certificate",
        "metadata": {"name": "web-tls", "namespace": "training"},
        "spec": {
            "secretName": "web-tls",
            "dnsNames": ["web.example.test"],
            "issuerRef": {"name": "letsencrypt", "kind": "ClusterIssuer"},
        },
    },
]
EXPIRED = {
    "notAfter": "2021-09-13T10:12:00Z",
    "conditions": [{"type": "Ready", "status": "False", "reason": "Expired", "message": "Certificate expired"}],
}


@pytest.fixture(scope="module")
def custom_resources(control_plane, tmp_path_factory):
    control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    config = control_plane.service_account(
        "training", "auditor", tmp_path_factory.mktemp("crds") / "kubeconfig", cluster_role="kubegap-reader"
    )
    control_plane.apply(CRDS.read_text())
    control_plane.apply(*control_plane.namespace("monitoring"), *OBJECTS)
    control_plane.kubectl(
        "patch",
        "certificate",
        "web-tls",
        "-n",
        "training",
        "--subresource=status",
        "--type=merge",
        "-p",
        json.dumps({"status": EXPIRED}),
    )
    return config


def test_the_crds_are_served_as_written(control_plane, custom_resources):
    kinds = {d["spec"]["names"]["kind"] for d in yaml.safe_load_all(CRDS.read_text())}
    assert kinds == {o["kind"] for o in OBJECTS}
    status, certificate = control_plane.get("/apis/cert-manager.io/v1/namespaces/training/certificates/web-tls")
    assert status == 200 and certificate["status"]["conditions"][0]["reason"] == "Expired"
    listed = control_plane.kubectl("get", "certificates", "-n", "training").stdout.split()
    assert listed[:4] == ["NAME", "READY", "SECRET", "AGE"] and listed[4:7] == ["web-tls", "False", "web-tls"]


def test_an_audit_discovers_lists_and_judges_the_custom_resources(control_plane, custom_resources):
    result = run_cli("audit", "--kubeconfig", str(custom_resources), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {"PyTorchJob", "JobSet", "Prometheus", "ServiceMonitor", "Certificate"} <= set(report["kinds"]["collected"])
    found = {(f["check_id"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]}
    assert {
        ("nccl-timeouts-unset", "PyTorchJob", "llama"),
        ("prometheus-storage-ephemeral", "Prometheus", "k8s"),
        ("certificate-expiring", "Certificate", "web-tls"),
    } <= found, sorted(found)
    assert any(kind == "JobSet" and name == "pretrain" for _, kind, name in found), sorted(found)
    events = control_plane.audit_events(USER)
    discovered = {e["requestURI"] for e in events if e["verb"] == "get"}
    assert {
        "/apis/kubeflow.org/v1",
        "/apis/jobset.x-k8s.io/v1alpha2",
        "/apis/monitoring.coreos.com/v1",
        "/apis/cert-manager.io/v1",
    } <= discovered
    listed = {e["objectRef"]["resource"] for e in events if e["verb"] == "list" and e["responseStatus"]["code"] == 200}
    assert {"pytorchjobs", "jobsets", "prometheuses", "servicemonitors", "certificates"} <= listed
