"""Resources kept compact as they are read: unused metadata dropped, equal parts stored once.

A cluster's pods repeat their controller's template: the replicas of a Deployment carry the same
containers, tolerations, security context and owner reference, and parsed, each copy is its own
tree of dicts, lists and strings. At Kubernetes' scalability limits (150,000 pods) those copies
are most of an audit's memory. A ``Compactor`` replaces each field of an object's metadata, spec
and status (and of the pod templates inside them) by the first equal value it has seen, so equal
parts become one shared value. Two values are equal when their JSON serializations hash alike
and they compare equal (so a match is exact, and only the hashes are kept): JSON writes YAML's NaN
and infinities as null, but neither compares equal to null (nor NaN to NaN), so they are never
shared with it. A value JSON cannot write exactly (dates, non-string keys) is never shared.

Sharing is sound because nothing mutates a resource once a source has handed it over (accessors
in ``kubegap.domain.resources`` never do; checks and reports only read), and because nothing keys on the
identity of a part: only top-level objects are looked up by ``id()``.
"""

from __future__ import annotations

import orjson

from kubegap.sources.base import drop_unused_fields

SECTIONS = ("metadata", "spec", "status")
POD_SECTIONS = ("metadata", "spec")
"""A pod's status is its own (condition times, container IDs, IPs): comparing it would cost time and share nothing."""
NESTED = frozenset({"metadata", "spec", "status", "template", "jobTemplate"})
"""Fields that hold a pod template or its parts: compacted field by field rather than whole, so a
template that differs in one field (a pod-template-hash label) still shares the rest."""
DEPTH = 5
"""How deep NESTED fields are followed (a CronJob's containers are under spec.jobTemplate.spec.template.spec)."""
_EXACT = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS
"""What orjson would otherwise write as a plain JSON value (a date as a string) raises instead."""


class Compactor:
    """Shares equal parts across the objects it is given; lives as long as one collection is read."""

    def __init__(self) -> None:
        self._seen: dict[int, dict | list] = {}
        self._compacted: set[int] = set()  # ids of the objects done (an id reused later only skips a saving)

    def __call__(self, obj: dict) -> dict:
        """``obj``, compacted in place; an object already compacted is returned as it is."""
        if id(obj) not in self._compacted:
            self._compacted.add(id(obj))
            drop_unused_fields(obj)
            for section in SECTIONS if obj.get("kind") != "Pod" else POD_SECTIONS:
                value = obj.get(section)
                if value.__class__ is dict:
                    self._fields(value, DEPTH)
        return obj

    def each(self, items: list) -> None:
        """Compact the objects of a list in place (what is not an object is left for the reader to report)."""
        for item in items:
            if isinstance(item, dict):
                self(item)

    def _fields(self, mapping: dict, depth: int) -> None:
        seen = self._seen
        for key, value in mapping.items():
            cls = value.__class__
            if (cls is not dict and cls is not list) or not value:
                continue
            if depth and cls is dict and key in NESTED:
                self._fields(value, depth - 1)
                continue
            try:
                text = orjson.dumps(value, option=_EXACT)
            except TypeError:  # orjson.JSONEncodeError included
                continue
            found = seen.setdefault(hash(text), value)
            if found is not value and found == value:
                mapping[key] = found
