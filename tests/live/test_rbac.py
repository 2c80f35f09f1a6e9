"""`kubegap rbac` and deploy/rbac.yaml: least privilege for exactly what the checks read."""

from __future__ import annotations

import json

import yaml

from conftest import ROOT, run_cli
from kubegap.checks import all_checks
from kubegap.sources.targets import kinds_read
from kubegap.rbac import cluster_role, unknown_kinds


def test_every_kind_a_check_reads_has_a_known_api_group():
    assert unknown_kinds(kinds_read(all_checks())) == []


def test_role_grants_get_and_list_on_exactly_the_kinds_read_and_never_secrets():
    role = cluster_role(["Pod", "Node", "Deployment", "Secret", "PyTorchJob"])
    assert role["rules"] == [
        {"apiGroups": [""], "resources": ["nodes", "pods"], "verbs": ["get", "list"]},
        {"apiGroups": ["apps"], "resources": ["deployments"], "verbs": ["get", "list"]},
        {"apiGroups": ["kubeflow.org"], "resources": ["pytorchjobs"], "verbs": ["get", "list"]},
    ]
    with_secrets = cluster_role(["Pod", "Secret"], secret_metadata=True)["rules"]
    assert with_secrets[-1] == {"apiGroups": [""], "resources": ["secrets"], "verbs": ["list"]}


def test_deploy_rbac_yaml_is_in_sync_with_kubegap_rbac():
    documents = list(yaml.safe_load_all((ROOT / "deploy" / "rbac.yaml").read_text()))
    kinds = {d["kind"]: d for d in documents}
    assert set(kinds) == {"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "CronJob"}
    printed = run_cli("rbac", "--format", "json")
    assert printed.returncode == 0, printed.stderr
    assert kinds["ClusterRole"] == json.loads(printed.stdout), "regenerate the ClusterRole in deploy/rbac.yaml with `kubegap rbac`"
    assert yaml.safe_load(run_cli("rbac").stdout) == kinds["ClusterRole"]
    assert all("secrets" not in rule["resources"] for rule in kinds["ClusterRole"]["rules"])
    binding = kinds["ClusterRoleBinding"]
    assert binding["roleRef"]["name"] == kinds["ClusterRole"]["metadata"]["name"]
    assert binding["subjects"][0]["name"] == kinds["ServiceAccount"]["metadata"]["name"]
    pod = kinds["CronJob"]["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    assert pod["serviceAccountName"] == kinds["ServiceAccount"]["metadata"]["name"]
    assert "--in-cluster" in " ".join(pod["containers"][0]["args"])
    assert pod["containers"][0]["securityContext"]["readOnlyRootFilesystem"] is True
