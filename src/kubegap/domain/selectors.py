"""The one label-selector implementation: Services, PDBs, NetworkPolicies, HPAs, affinity, spread.

Semantics follow the Kubernetes API: a ``matchLabels``/``matchExpressions`` selector ANDs all its
requirements; an empty selector (``{}``) selects everything; a missing (null) selector selects
nothing. A Service's plain ``selector`` map is a ``matchLabels`` selector, except that an empty or
missing map means "no selector" (endpoints are managed by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kubegap.domain.resources import as_list, labels, str_map


@dataclass(frozen=True, slots=True)
class Requirement:
    key: str
    operator: str  # In | NotIn | Exists | DoesNotExist | Gt | Lt (Gt/Lt only in node affinity)
    values: frozenset[str]

    def matches(self, labels: dict[str, str]) -> bool:
        present = self.key in labels
        if self.operator == "In":
            return present and labels[self.key] in self.values
        if self.operator == "NotIn":
            return not present or labels[self.key] not in self.values
        if self.operator == "Exists":
            return present
        if self.operator == "DoesNotExist":
            return not present
        if self.operator in ("Gt", "Lt") and present and len(self.values) == 1:
            try:
                have, want = int(labels[self.key]), int(next(iter(self.values)))
            except ValueError:
                return False
            return have > want if self.operator == "Gt" else have < want
        return False


@dataclass(frozen=True, slots=True)
class Selector:
    match_labels: tuple[tuple[str, str], ...]
    expressions: tuple[Requirement, ...]

    @classmethod
    def from_label_selector(cls, value: Any) -> Selector | None:
        """A ``LabelSelector``; None when the selector is null or unusable (selects nothing)."""
        if not isinstance(value, dict):
            return None
        expressions = []
        for item in as_list(value.get("matchExpressions")):
            requirement = requirement_from(item)
            if requirement is None:
                return None  # an unparseable requirement: the API would reject the object
            expressions.append(requirement)
        return cls(tuple(sorted(str_map(value.get("matchLabels")).items())), tuple(expressions))

    @classmethod
    def from_map(cls, value: Any) -> Selector | None:
        """A Service-style equality map; None when empty or missing (no selector at all)."""
        labels = str_map(value)
        return cls(tuple(sorted(labels.items())), ()) if labels else None

    @property
    def selects_everything(self) -> bool:
        return not self.match_labels and not self.expressions

    def matches(self, labels: dict[str, str]) -> bool:
        for key, value in self.match_labels:  # plain loops: asked for every candidate of every selector
            if labels.get(key) != value:
                return False
        for requirement in self.expressions:
            if not requirement.matches(labels):
                return False
        return True

    def __str__(self) -> str:
        parts = [f"{k}={v}" for k, v in self.match_labels]
        for r in self.expressions:
            if r.operator in ("Exists", "DoesNotExist"):
                parts.append(("!" if r.operator == "DoesNotExist" else "") + r.key)
            else:
                parts.append(f"{r.key} {r.operator.lower()} ({','.join(sorted(r.values))})")
        return ",".join(parts) or "(everything)"


NAMESPACE_NAME = "kubernetes.io/metadata.name"
"""The label the API server sets on every Namespace to its name: a selector on it names namespaces."""


def namespace_labels(found: dict | None, ns: str) -> dict[str, str]:
    """The labels a namespace selector sees on namespace ``ns`` (``found``, its object where the input holds it): its
    own, and the name label every Namespace carries."""
    return {**(labels(found) if found else {}), NAMESPACE_NAME: ns}


def requirement_from(item: Any) -> Requirement | None:
    if not isinstance(item, dict) or not isinstance(item.get("key"), str):
        return None
    operator = item.get("operator")
    if operator not in ("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"):
        return None
    values = frozenset(v for v in as_list(item.get("values")) if isinstance(v, str))
    return Requirement(item["key"], operator, values)
