"""A manifest reads as kubectl reads it: what kubegap audits is what `kubectl apply` would create."""

from __future__ import annotations

import json

from kubegap.sources.manifests import ManifestSource

REPEATED_KEYS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: repeated, namespace: default}
spec:
  selector: {matchLabels: {app: old}}
  selector: {matchLabels: {app: repeated}}
  template:
    metadata: {labels: {app: repeated}}
    spec:
      containers:
      - name: app
        image: registry.example.com/app:1.0
        resources: {requests: {cpu: 150m}}
        resources: {limits: {memory: 1Gi}}
"""


def test_a_repeated_key_keeps_its_last_value_as_kubectl_does(control_plane, tmp_path):
    manifest = tmp_path / "repeated.yaml"
    manifest.write_text(REPEATED_KEYS)
    applied = json.loads(control_plane.kubectl("apply", "--dry-run=server", "-o", "json", "-f", str(manifest)).stdout)
    collection = ManifestSource([str(manifest)]).collect()
    (read,) = collection.resources
    assert read["spec"]["selector"] == applied["spec"]["selector"] == {"matchLabels": {"app": "repeated"}}
    container = read["spec"]["template"]["spec"]["containers"][0]
    assert (
        container["resources"]
        == applied["spec"]["template"]["spec"]["containers"][0]["resources"]
        == {"limits": {"memory": "1Gi"}}
    )
    assert sum("repeated (line" in warning for warning in collection.warnings) == 2
