"""`kubegap rbac`: least privilege for exactly what the checks read (deploy/ is tested in tests/deploy)."""

from __future__ import annotations

from kubegap.checks import all_checks
from kubegap.rbac import cluster_role, unknown_kinds
from kubegap.sources.targets import kinds_read


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
