"""What a Role or ClusterRole grants: its own rules, and an aggregated ClusterRole's selected ones."""

from __future__ import annotations

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory
from kubegap.domain.roles import granted_rules

PODS = {"apiGroups": [""], "resources": ["pods"], "verbs": ["list"]}
LEASES = {"apiGroups": ["coordination.k8s.io"], "resources": ["leases"], "verbs": ["update"]}


def _role(name: str, rules=(), labels=None, selects=None, kind="ClusterRole") -> dict:
    role = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": kind,
        "metadata": {"name": name, "labels": labels or {}},
        "rules": list(rules),
    }
    if selects is not None:
        role["aggregationRule"] = {"clusterRoleSelectors": [{"matchLabels": selects}]}
    return role


def _inventory(*roles: dict) -> Inventory:
    collection = Collection(collected={"ClusterRole", "Role"})
    for role in roles:
        collection.add(role, Origin("rbac.yaml", 0))
    return Inventory(collection)


def test_an_aggregated_cluster_role_holds_what_it_selects_transitively_and_once():
    top = _role("top", selects={"to": "top"})
    middle = _role("middle", [PODS], labels={"to": "top"}, selects={"to": "middle"})
    leaf = _role("leaf", [LEASES], labels={"to": "middle"})
    loop = _role("loop", labels={"to": "middle"}, selects={"to": "top"})  # selects back up: no endless walk
    unrelated = _role("unrelated", [{"apiGroups": ["*"], "resources": ["*"], "verbs": ["*"]}])
    inventory = _inventory(top, middle, leaf, loop, unrelated)
    assert sorted(map(repr, granted_rules(inventory, top))) == sorted(map(repr, [PODS, LEASES]))
    assert granted_rules(inventory, leaf) == [LEASES]
    assert granted_rules(inventory, None) == []


def test_a_role_grants_only_its_own_rules():
    role = _role("local", [PODS], selects={"to": "top"}, kind="Role")  # a Role cannot aggregate
    assert granted_rules(_inventory(role, _role("other", [LEASES], labels={"to": "top"})), role) == [PODS]


def test_a_hook_deleted_once_it_succeeds_grants_nothing_to_what_runs_after():
    from kubegap.domain.reconcilers import account_rights
    from kubegap.domain.serving import _bound_accounts

    write = {"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create", "update"]}
    hook = {"helm.sh/hook": "pre-install", "helm.sh/hook-delete-policy": "before-hook-creation,hook-succeeded"}

    def bound(role_notes: dict, binding_notes: dict) -> Inventory:
        role = _role("setup", [write], kind="Role")
        role["metadata"].update(namespace="central", annotations=role_notes)
        binding = {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "RoleBinding",
            "metadata": {"name": "setup", "namespace": "central", "annotations": binding_notes},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "setup"},
            "subjects": [{"kind": "ServiceAccount", "name": "default", "namespace": "central"}],
        }
        collection = Collection(collected={"ClusterRole", "Role", "RoleBinding", "ClusterRoleBinding"})
        for obj in (role, binding):
            collection.add(obj, Origin("rbac.yaml", 0))
        return Inventory(collection)

    assert ("central", "default") in account_rights(bound({}, {})).objects
    assert ("central", "default") not in account_rights(bound(hook, hook)).objects  # both gone after the hook
    assert ("central", "default") not in _bound_accounts(bound(hook, hook))  # nor does it bind the account at all
    assert ("central", "default") not in account_rights(bound(hook, {})).objects  # the binding outlives its role
    kept = {"helm.sh/hook": "pre-install", "helm.sh/hook-delete-policy": "before-hook-creation"}
    assert ("central", "default") in account_rights(bound(kept, kept)).objects  # kept until the next hook
