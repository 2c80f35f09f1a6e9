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
