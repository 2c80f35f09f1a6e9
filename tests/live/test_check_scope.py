"""``--check`` against a live cluster lists every kind the chosen checks read, so it finds what the full audit finds."""

from __future__ import annotations

import json

import yaml
from conftest import run_cli

from kubegap.checks import get_check
from kubegap.domain.kinds import KNOWN_KINDS


def _single_replica_cluster(server) -> None:
    """One replica each of two programs behind one Service: the API's Deployment and a database's StatefulSet."""
    template = {"metadata": {"labels": {"app": "api"}}, "spec": {"containers": [{"name": "api", "image": "api:1.0"}]}}
    server.add(
        {
            "kind": "Deployment",
            "apiVersion": "apps/v1",
            "metadata": {"name": "api", "namespace": "shop"},
            "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "api"}}, "template": template},
        }
    )
    server.add(
        {
            "kind": "StatefulSet",
            "apiVersion": "apps/v1",
            "metadata": {"name": "db", "namespace": "shop"},
            "spec": {
                "replicas": 1,
                "serviceName": "db",
                "selector": {"matchLabels": {"app": "api"}},
                "template": {**template, "spec": {"containers": [{"name": "db", "image": "db:1.0"}]}},
            },
        }
    )
    server.add(
        {
            "kind": "Service",
            "apiVersion": "v1",
            "metadata": {"name": "api", "namespace": "shop"},
            "spec": {"selector": {"app": "api"}, "ports": [{"port": 80}]},
        }
    )


def _findings(report: dict, check_id: str) -> list[tuple]:
    return sorted(
        (f["object"]["kind"], f["object"]["namespace"], f["object"]["name"])
        for f in report["findings"]
        if f["check_id"] == check_id
    )


def _audit(kubeconfig, *args: str) -> dict:
    result = run_cli(
        "audit", "--kubeconfig", str(kubeconfig), "--format", "json", "--fail-on", "none", "--quiet", *args
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_single_check_lists_what_it_reads_and_finds_what_the_full_audit_finds(apiserver, kubeconfig):
    _single_replica_cluster(apiserver)
    full = _audit(kubeconfig)
    only = _audit(kubeconfig, "--check", "single-replica")
    assert {"Deployment", "StatefulSet"} <= set(only["kinds"]["collected"])
    assert [c["status"] for c in only["coverage"]] == ["ran"]
    expected = _findings(full, "single-replica")
    assert ("Deployment", "shop", "api") in expected
    assert _findings(only, "single-replica") == expected


def test_rbac_for_a_single_check_grants_every_kind_it_reads():
    printed = run_cli("rbac", "--check", "single-replica", "--format", "json")
    assert printed.returncode == 0, printed.stderr
    granted = {
        (group, resource)
        for rule in yaml.safe_load(printed.stdout)["rules"]
        for group in rule["apiGroups"]
        for resource in rule["resources"]
    }
    check = get_check("single-replica")
    assert {"Deployment", "StatefulSet", "Pod"} <= set(check.reads)
    assert {KNOWN_KINDS[k] for k in check.reads} <= granted
