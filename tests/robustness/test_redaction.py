"""Nothing sensitive kept: a snapshot holds no env value hidden in an annotation that copies an object,
and no credential in a probe's HTTP headers."""

from __future__ import annotations

import base64
import gzip
import json

import pytest
import yaml
from conftest import run_cli
from support.apiserver import FakeAPIServer

from kubegap.sources.redact import REDACTED, copies_an_object, redact

SECRET = "s3cr3t-hunter2"
POD = {
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {"name": "app"},
    "spec": {"containers": [{"name": "app", "image": "app:1", "env": [{"name": "DB_PASSWORD", "value": SECRET}]}]},
}
COPIES = {
    "kapp.k14s.io/original": json.dumps(POD),
    "example.com/applied-yaml": yaml.safe_dump(POD),
    "objectset.rio.cattle.io/applied": base64.b64encode(gzip.compress(json.dumps(POD).encode())).decode(),
    "example.com/objects": json.dumps([POD]),
}
KEPT = {
    "team": "ml",
    "k8s.v1.cni.cncf.io/networks": '[{"name": "sriov", "namespace": "ml"}]',
    "note": "apiVersion and kind are words too",
    "bad": "H4sInot-base64!",
    "json": '{"kind": "x"}',
}


@pytest.mark.parametrize("key", COPIES)
def test_an_annotation_copying_an_object_is_a_copy(key):
    assert copies_an_object(COPIES[key])


@pytest.mark.parametrize("key", KEPT)
def test_other_annotations_are_not(key):
    assert not copies_an_object(KEPT[key])


def test_a_deep_annotation_is_not_parsed():
    assert not copies_an_object("apiVersion: v1\nkind: Pod\nx: " + "[" * 100_000)


def _pod(name: str) -> dict:
    probe = {
        "httpGet": {
            "path": "/healthz",
            "port": 8080,
            "httpHeaders": [
                {"name": "Authorization", "value": f"Bearer {SECRET}"},
                {"name": "X-Api-Key", "value": SECRET},
                {"name": "Host", "value": "a"},
            ],
        }
    }
    return {
        "kind": "Pod",
        "metadata": {"name": name, "namespace": "shop", "annotations": {**COPIES, **KEPT}},
        "spec": {
            "containers": [
                {
                    "name": "web",
                    "image": "nginx:1.27",
                    "readinessProbe": probe,
                    "livenessProbe": probe,
                    "lifecycle": {"preStop": probe},
                }
            ]
        },
    }


def test_redaction_drops_copies_and_header_values():
    out = redact(_pod("web"))
    assert out["metadata"]["annotations"] == KEPT
    headers = out["spec"]["containers"][0]["readinessProbe"]["httpGet"]["httpHeaders"]
    assert headers == [
        {"name": "Authorization", "value": REDACTED},
        {"name": "X-Api-Key", "value": REDACTED},
        {"name": "Host", "value": REDACTED},
    ]
    assert SECRET not in json.dumps(out)


@pytest.mark.attack(
    id="snapshot-annotation-copies",
    surface="live path",
    attempt="a cluster whose pods carry env values in annotations copying the whole object (kapp's original, "
    "a YAML copy, Rancher's gzip+base64 applied object, a JSON list) and bearer tokens in probe httpHeaders",
    expect="kubegap snapshot writes none of those values: each such annotation dropped, each header value redacted",
)
def test_a_snapshot_keeps_no_hidden_copy_and_no_header_credential(tmp_path):
    with FakeAPIServer() as server:
        server.add(_pod("web-0"), _pod("web-1"))
        kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
        path = tmp_path / "snapshot.json"
        saved = run_cli("snapshot", "--kubeconfig", str(kubeconfig), "-o", str(path))
        assert saved.returncode == 0, saved.stderr
    raw = path.read_text()
    assert SECRET not in raw and base64.b64encode(SECRET.encode()).decode() not in raw
    pods = [item for item in json.loads(raw)["items"] if item["kind"] == "Pod"]
    assert len(pods) == 2 and all(pod["metadata"]["annotations"] == KEPT for pod in pods)
