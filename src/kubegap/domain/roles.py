"""What a Role or ClusterRole grants, aggregation included.

An aggregated ClusterRole (``aggregationRule``) is written with no rules: the controller fills them in at
run time from every ClusterRole its ``clusterRoleSelectors`` select (``admin``, ``edit`` and ``view`` are
built this way, and charts aggregate their own). Every reader of RBAC asks here, so a right granted through
aggregation counts wherever rights are judged.
"""

from __future__ import annotations

from typing import NamedTuple

from kubegap.domain.helm import gone_after_install
from kubegap.domain.kinds import KNOWN_KINDS
from kubegap.domain.resources import as_list, bound_accounts, dig, group, kind, labels, name, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector

RBAC_KINDS = ("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding")
"""The kinds that say who may do what: a reader of rights declares them in its ``reads``."""


def granted_rules(inventory: Readable, role: dict | None) -> list[dict]:
    """The rules ``role`` grants: its own, and for an aggregated ClusterRole those of every ClusterRole it
    selects, transitively (a Role cannot aggregate). Worked out once per audit for the ClusterRoles."""
    if not isinstance(role, dict):
        return []
    if kind(role) != "ClusterRole":
        return _own(role)
    known = inventory.derive("roles.cluster_role_rules", _every_cluster_role)
    return known[id(role)] if id(role) in known else _resolve(inventory, role)


def _own(role: dict) -> list[dict]:
    return [rule for rule in as_list(role.get("rules")) if isinstance(rule, dict)]


def _every_cluster_role(inventory: Readable) -> dict[int, list[dict]]:
    return {id(role): _resolve(inventory, role) for role in inventory.of_kind("ClusterRole")}


def _resolve(inventory: Readable, role: dict) -> list[dict]:
    rules: list[dict] = []
    seen: set[int] = set()
    pending = [role]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        rules += _own(current)
        selectors = [
            s
            for s in map(Selector.from_label_selector, as_list(dig(current, "aggregationRule", "clusterRoleSelectors")))
            if s is not None
        ]
        if selectors:
            pending += [
                other for other in inventory.of_kind("ClusterRole") if any(s.matches(labels(other)) for s in selectors)
            ]
    return rules


class Grant(NamedTuple):
    """A RoleBinding or ClusterRoleBinding with what its role grants."""

    binding: dict
    role_kind: str
    role_name: str
    rules: list[dict]
    """The rules its role grants (``granted_rules``); none where the input does not hold the role."""


def grants(inventory: Readable) -> list[Grant]:
    """Every binding of the input to a Role or ClusterRole, with the rules that role grants, worked out once per
    audit for every reader of rights."""
    return inventory.derive("roles.grants", _grants)


def lasting_bindings(inventory: Readable, kinds: tuple[str, ...] = ("RoleBinding", "ClusterRoleBinding")) -> list[dict]:
    """The bindings of ``kinds`` that outlive the install: all but hooks deleted once they succeed
    (``gone_after_install``), which grant nothing to what runs after."""
    return [
        binding for kind_name in kinds for binding in inventory.of_kind(kind_name) if not gone_after_install(binding)
    ]


def _grants(inventory: Readable) -> list[Grant]:
    found = []
    for binding in lasting_bindings(inventory):
        role_kind, role_name = dig(binding, "roleRef", "kind"), dig(binding, "roleRef", "name")
        if role_kind not in ("Role", "ClusterRole") or not isinstance(role_name, str):
            continue
        role = inventory.get(role_kind, namespace(binding) if role_kind == "Role" else None, role_name)
        if role is not None and gone_after_install(role):
            role = None  # deleted once its hook succeeds: the binding outlives it and grants nothing
        found.append(Grant(binding, role_kind, role_name, granted_rules(inventory, role)))
    return found


def grants_named(rule: dict, verbs: set[str], api_group: str, resources: tuple[str, ...]) -> bool:
    """Whether a rule grants one of ``verbs`` (or every verb) on one of ``resources`` by naming it, in
    ``api_group`` (or every group). Rights that reach a resource only through a wildcard resource say what an account may do,
    not what its program does: an account bound to cluster-admin (KubeSphere's API gateway) may bind pods and
    register webhooks, and does neither."""
    return bool(
        (verbs | {"*"}) & set(map(str, as_list(rule.get("verbs"))))
        and {api_group, "*"} & set(map(str, as_list(rule.get("apiGroups"))))
        and set(resources) & set(map(str, as_list(rule.get("resources"))))
    )


REWRITE_VERBS = {"update", "patch"}


def may_rewrite(inventory: Readable, obj: dict) -> bool:
    """Whether a binding of the input lets some account update or patch ``obj``, by a rule that names its kind's
    resource (and its name, where the rule lists names): a program of the install rewrites it at run time (a
    webhook server writing its own CA bundle into its configuration)."""
    served = KNOWN_KINDS.get(kind(obj))
    if served is None or group(obj) != served[0]:
        return False
    api_group, plural = served
    return any(
        bound_accounts(grant.binding)
        and grants_named(rule, REWRITE_VERBS, api_group, (plural,))
        and (not rule.get("resourceNames") or name(obj) in as_list(rule.get("resourceNames")))
        for grant in grants(inventory)
        for rule in grant.rules
    )
