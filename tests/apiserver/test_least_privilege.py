"""`kubegap rbac` is enough, and no more: proven by the real API server's RBAC authorizer and its audit log."""

from __future__ import annotations

import json

import yaml
from conftest import run_cli

from kubegap.domain.kinds import KNOWN_KINDS


def served(control_plane) -> set[tuple[str, str]]:
    """(group, plural) of every resource the server lists, as the admin's discovery says."""
    names = control_plane.kubectl("api-resources", "--verbs=list", "-o", "name").stdout.split()
    return {(group, plural) for plural, _, group in (name.partition(".") for name in names)}


def audit_as(config, *args: str) -> dict:
    result = run_cli("audit", "--kubeconfig", str(config), "--format", "json", "--fail-on", "none", *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_an_audit_under_the_printed_role_collects_every_served_kind_it_reads_and_only_secrets_are_refused(
    control_plane, tmp_path
):
    applied = control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    assert "clusterrole.rbac.authorization.k8s.io/kubegap-reader" in applied.stdout
    config = control_plane.service_account(
        "least-privilege", "auditor", tmp_path / "kubeconfig", cluster_role="kubegap-reader"
    )
    report = audit_as(config)

    read = {
        kind
        for kind in KNOWN_KINDS
        if kind
        in set(report["kinds"]["collected"]) | set(report["kinds"]["forbidden"]) | set(report["kinds"]["absent"])
    }
    expected = {kind for kind in read if KNOWN_KINDS[kind] in served(control_plane)} - {"Secret"}
    assert {
        "Pod",
        "Node",
        "Deployment",
        "ConfigMap",
        "ClusterRole",
        "PriorityClass",
        "CustomResourceDefinition",
    } <= expected
    assert set(report["kinds"]["collected"]) == expected
    assert report["kinds"]["forbidden"] == {"Secret": "list secrets (core) cluster-wide"}
    assert report["kinds"]["failed"] == {}

    events = control_plane.audit_events("system:serviceaccount:least-privilege:auditor")
    refused = [(e["verb"], e["objectRef"]["resource"]) for e in events if e["responseStatus"]["code"] == 403]
    assert refused == [("list", "secrets")], refused
    listed = {
        (e["objectRef"].get("apiGroup", ""), e["objectRef"]["resource"])
        for e in events
        if e["verb"] == "list" and e["responseStatus"]["code"] == 200
    }
    assert listed == {KNOWN_KINDS[kind] for kind in expected}


def test_the_server_refuses_the_service_account_any_secret_and_any_write(control_plane, tmp_path):
    control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    config = control_plane.service_account(
        "least-privilege", "prober", tmp_path / "kubeconfig", cluster_role="kubegap-reader"
    )
    control_plane.apply(
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "registry", "namespace": "least-privilege"},
            "stringData": {"token": "planted-token-value"},
        }
    )
    for args in (
        ["get", "secret", "registry", "-n", "least-privilege", "-o", "json"],
        ["get", "secrets", "-A"],
        ["create", "configmap", "x", "-n", "least-privilege"],
        ["delete", "pod", "web", "-n", "least-privilege"],
    ):
        refused = control_plane.kubectl(*args, config=config, check=False)
        assert refused.returncode == 1 and " is forbidden: User " in refused.stderr, (args, refused.stderr)
        assert "planted-token-value" not in refused.stdout + refused.stderr


def test_with_secret_metadata_secrets_are_listed_as_metadata_and_their_values_never_leave_the_server(
    control_plane, tmp_path
):
    role = yaml.safe_load(run_cli("rbac", "--secret-metadata").stdout)
    role["metadata"]["name"] = "kubegap-reader-secret-metadata"
    control_plane.apply(role)
    config = control_plane.service_account(
        "secret-metadata", "auditor", tmp_path / "kubeconfig", cluster_role=role["metadata"]["name"]
    )
    control_plane.apply(
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "registry", "namespace": "secret-metadata"},
            "stringData": {"token": "planted-token-value"},
        }
    )
    snapshot = tmp_path / "snapshot.json"
    result = run_cli("snapshot", "--kubeconfig", str(config), "--output", str(snapshot))
    assert result.returncode == 0, result.stderr
    text = snapshot.read_text()
    assert "planted-token-value" not in text and "cGxhbnRlZC10b2tlbi12YWx1ZQ" not in text  # nor its base64
    secrets = [o for o in json.loads(text)["items"] if o.get("kind") == "Secret"]
    assert any(s["metadata"]["name"] == "registry" for s in secrets)
    assert all(set(s) <= {"apiVersion", "kind", "metadata"} for s in secrets)
    events = control_plane.audit_events("system:serviceaccount:secret-metadata:auditor")
    assert [e["responseStatus"]["code"] for e in events if e.get("objectRef", {}).get("resource") == "secrets"] == [200]
