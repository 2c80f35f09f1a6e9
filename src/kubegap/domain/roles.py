"""What a Role or ClusterRole grants, aggregation included.

An aggregated ClusterRole (``aggregationRule``) is written with no rules: the controller fills them in at
run time from every ClusterRole its ``clusterRoleSelectors`` select (``admin``, ``edit`` and ``view`` are
built this way, and charts aggregate their own). Every reader of RBAC asks here, so a right granted through
aggregation counts wherever rights are judged.
"""

from __future__ import annotations

from kubegap.domain.resources import as_list, dig, kind, labels
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


REWRITE_VERBS = frozenset({"update", "patch", "*"})


def rewriter(inventory: Readable, api_group: str, resource: str) -> str | None:
    """A bound Role or ClusterRole that lets its holder update or patch ``resource`` by a rule that names it (``Role
    ns/name``), or None: a program of the install rewrites such objects at run time. Rights that reach the resource
    only through a wildcard say what an account may do, not what its program does."""
    return inventory.derive(("roles.rewriter", api_group, resource), lambda inv: _rewriter(inv, api_group, resource))


def _rewriter(inventory: Readable, api_group: str, resource: str) -> str | None:
    for binding in inventory.of_kind("RoleBinding") + inventory.of_kind("ClusterRoleBinding"):
        role_kind, role_name = dig(binding, "roleRef", "kind"), dig(binding, "roleRef", "name")
        if role_kind not in ("Role", "ClusterRole") or not as_list(binding.get("subjects")):
            continue
        role = inventory.get(
            role_kind, dig(binding, "metadata", "namespace") if role_kind == "Role" else None, role_name
        )
        for rule in granted_rules(inventory, role):
            if (
                REWRITE_VERBS & set(map(str, as_list(rule.get("verbs"))))
                and {api_group, "*"} & set(map(str, as_list(rule.get("apiGroups"))))
                and resource in as_list(rule.get("resources"))
            ):
                return f"{role_kind} {role_name}"
    return None
