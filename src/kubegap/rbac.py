"""The least-privilege ClusterRole for the enabled checks: get/list on exactly the kinds they read.

Secrets are left out: kubegap only ever lists them as metadata, and RBAC cannot grant metadata
without data, so granting ``list secrets`` is the operator's choice (``--secret-metadata``).
Checks that need Secrets are then skipped with the rule that would allow them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from kubegap.domain.kinds import KNOWN_KINDS, groups_of
from kubegap.sources.readonly import METADATA_ONLY_KINDS

ROLE_NAME = "kubegap-reader"


def unknown_kinds(kinds: Iterable[str]) -> list[str]:
    return sorted(k for k in set(kinds) if k not in KNOWN_KINDS)


def rules(kinds: Iterable[str], *, secret_metadata: bool = False) -> list[dict]:
    """One rule per API group (core first), resources sorted, verbs get and list."""
    kinds = set(kinds)
    by_group: dict[str, set[str]] = defaultdict(set)
    for kind in kinds:
        if kind in KNOWN_KINDS and kind not in METADATA_ONLY_KINDS:
            for group in groups_of(kind):
                by_group[group].add(KNOWN_KINDS[kind][1])
    out = [
        {"apiGroups": [group], "resources": sorted(by_group[group]), "verbs": ["get", "list"]}
        for group in sorted(by_group)
    ]
    if secret_metadata:
        out += [
            {"apiGroups": [group], "resources": [plural], "verbs": ["list"]}
            for kind, (group, plural) in sorted(METADATA_ONLY_KINDS.items())
            if kind in kinds
        ]
    return out


def cluster_role(kinds: Iterable[str], *, secret_metadata: bool = False) -> dict:
    return {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRole",
        "metadata": {"name": ROLE_NAME, "labels": {"app.kubernetes.io/name": "kubegap"}},
        "rules": rules(kinds, secret_metadata=secret_metadata),
    }
