"""The inventory as one check sees it: only the kinds the check declares in ``reads``.

A live audit lists exactly the kinds the selected checks declare, so a check that reads an
undeclared kind would see none of it under ``--check`` and report a falsely clean result. Every
lookup through this view records the kinds it touches. Listing an undeclared kind (``of_kind``,
``nodes``, ``pods``, ``workloads``) raises ``UndeclaredKind``: the check's coverage becomes
``error`` naming the kind. Lookups whose kind comes from the data (``get``, ``collected``, owner
and uid references) see an undeclared kind as not collected, exactly as a live collection of the
declared kinds would; a test over every fixture and the corpus keeps those within ``reads`` too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory, LabelIndex
from kubegap.domain.podtemplates import WORKLOAD_KINDS, Workload
from kubegap.domain.resources import kind

T = TypeVar("T")

WORKLOADS = "workloads"
"""The name a check may put in ``reads`` for all of ``WORKLOAD_KINDS`` (it reads every workload)."""


class UndeclaredKind(Exception):
    """A check read a kind missing from its ``reads``: under ``--check`` it would not be collected."""

    def __init__(self, check_id: str, kinds: Iterable[str]):
        missing = sorted(set(kinds))
        self.kinds = missing
        super().__init__(f"check {check_id} reads {', '.join(missing)} without declaring it in reads=")


class CollectionFacts:
    """A collection's metadata as a check may read it; its objects only through the inventory's lookups."""

    def __init__(self, collection: Collection):
        self.cluster = collection.cluster
        self.inputs = collection.inputs
        self.collected = collection.collected
        self.listed = collection.listed
        self.unread = collection.unread
        self.forbidden = collection.forbidden
        self.absent = collection.absent
        self.failed = collection.failed
        self.unreadable = collection.unreadable


class ScopedInventory:
    """An ``Inventory`` limited to declared kinds; records every kind touched in ``touched``.

    With ``declared=None`` nothing is refused and every kind is only recorded (used to measure
    what a check reads).
    """

    def __init__(
        self, inventory: Inventory, check_id: str, declared: Iterable[str] | None, metadata_only: Iterable[str] = ()
    ):
        self._inventory = inventory
        self._check_id = check_id
        self._declared = None if declared is None else frozenset(declared)
        self._metadata_only = frozenset(metadata_only)
        self._stripped: dict[str, list[dict]] = {}
        self.touched: set[str] = set()
        self._read_workloads = False
        self._derived: dict[Hashable, object] = {}
        """What this check asked ``derive`` for, once its kinds are recorded: checks ask per object."""

    def _touch(self, *kinds: str) -> None:
        self.touched.update(kinds)
        if self._declared is not None and not self._declared.issuperset(kinds):
            raise UndeclaredKind(self._check_id, set(kinds) - self._declared)

    def _sees(self, kind_name: str) -> bool:
        """Record ``kind_name``; whether the check may see objects of it."""
        self.touched.add(kind_name)
        return self._declared is None or kind_name in self._declared

    def _visible(self, obj: dict) -> bool:
        return self._sees(kind(obj))

    # -- what was seen ---------------------------------------------------------------------------
    @property
    def collection(self) -> CollectionFacts:
        """What the collection says about itself (cluster, inputs, forbidden kinds), without its objects."""
        return CollectionFacts(self._inventory.collection)

    def of_api_versions(self, accept: Callable[[str], bool]) -> list[dict]:
        """The objects of the versions ``accept`` lets through, whatever their kind: only for what a live
        collection cannot carry (a removed ``apiVersion`` lives in manifests; a cluster answers in the
        versions it serves)."""
        return self._inventory.of_api_versions(accept)

    def collected(self, kind_name: str) -> bool:
        return self._sees(kind_name) and self._inventory.collected(kind_name)

    def closed(self, kind_name: str, ns: str | None = None) -> bool:
        return self._sees(kind_name) and self._inventory.closed(kind_name, ns)

    def listed_everywhere(self, kind_name: str) -> bool:
        return self._sees(kind_name) and self._inventory.listed_everywhere(kind_name)

    def why_missing(self, kind_name: str) -> str:
        if not self._sees(kind_name):
            return f"{kind_name} not read by check {self._check_id}"
        return self._inventory.why_missing(kind_name)

    # -- lookups ---------------------------------------------------------------------------------
    def of_kind(self, kind_name: str) -> list[dict]:
        self._touch(kind_name)
        if kind_name in self._metadata_only:  # what a live audit lists of it: the metadata alone
            if kind_name not in self._stripped:
                self._stripped[kind_name] = [
                    {"apiVersion": o.get("apiVersion"), "kind": o.get("kind"), "metadata": o.get("metadata")}
                    for o in self._inventory.of_kind(kind_name)
                ]
            return self._stripped[kind_name]
        return self._inventory.of_kind(kind_name)

    def get(self, kind_name: str, ns: str | None, obj_name: str) -> dict | None:
        return self._inventory.get(kind_name, ns, obj_name) if self._sees(kind_name) else None

    def by_uid(self, uid: str) -> dict | None:
        found = self._inventory.by_uid(uid)
        return found if found is not None and self._visible(found) else None

    def owned_by(self, obj: dict) -> list[dict]:
        return [child for child in self._inventory.owned_by(obj) if self._visible(child)]

    def pods_of(self, obj: dict) -> list[dict]:
        """Pods ``obj`` runs, walking only through declared kinds (its ReplicaSets, Jobs)."""
        self._touch("Pod")
        return self._inventory.pods_of(obj, self._sees)

    def origin(self, obj: dict) -> Origin | None:
        return self._inventory.origin(obj)

    @property
    def nodes(self) -> list[dict]:
        self._touch("Node")
        return self._inventory.nodes

    @property
    def pods(self) -> LabelIndex[dict]:
        self._touch("Pod")
        return self._inventory.pods

    @property
    def workloads(self) -> list[Workload]:
        self._touch_workloads()
        return self._inventory.workloads

    @property
    def install_namespace(self) -> str | None:
        self._touch_workloads()
        return self._inventory.install_namespace

    def home(self, ns: str | None) -> str | None:
        self._touch_workloads()
        return self._inventory.home(ns)

    @property
    def workload_templates(self) -> LabelIndex[Workload]:
        self._touch_workloads()
        return self._inventory.workload_templates

    def _touch_workloads(self) -> None:
        if not self._read_workloads:  # checks ask per object: decide once
            self._touch(*WORKLOAD_KINDS)
            self._read_workloads = True

    def derive(self, key: Hashable, compute: Callable[[ScopedInventory], T]) -> T:
        """``compute(inventory)``, worked out once per audit for every check that asks with the same ``key``.

        Each check that asks is recorded as reading (and must declare) the kinds the computation read.
        """
        if key in self._derived:
            return self._derived[key]  # type: ignore[return-value]
        shared_key = (key, self._metadata_only)
        entry = self._inventory.derived.get(shared_key)
        if entry is None:
            recorder = ScopedInventory(self._inventory, self._check_id, None, self._metadata_only)
            entry = self._inventory.derived[shared_key] = (compute(recorder), frozenset(recorder.touched))
        self._touch(*entry[1])
        self._derived[key] = entry[0]
        return entry[0]  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self._inventory)


Readable = Inventory | ScopedInventory
"""What a check may read: the whole inventory, or the view of it a check receives (only the kinds it declares).
The shared helpers take either, so a check hands them its own view."""
