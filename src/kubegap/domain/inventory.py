"""The Inventory: resources indexed once, so checks never scan everything per object.

Indexes by kind, by (kind, namespace, name), by owner uid and by label (for selector matching),
and builds the list of top-level workloads with their pod templates.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.podtemplates import Workload, as_workload
from kubegap.domain.resources import api_version, as_dict, as_list, bound_accounts, dig, kind, namespace, str_map
from kubegap.domain.selectors import Selector

T = TypeVar("T")


class LabelIndex(Generic[T]):
    """Items per namespace, indexed by each (label key, value) pair for fast selector matching."""

    def __init__(self, entries: Iterable[tuple[T, str | None, dict[str, str]]]):
        """``entries``: each item with its namespace and labels."""
        self._labels: dict[int, dict[str, str]] = {}
        self._all: dict[str | None, list[T]] = defaultdict(list)
        self._pairs: dict[tuple[str | None, str, str], list[T]] = defaultdict(list)
        for item, ns, item_labels in entries:
            self._labels[id(item)] = item_labels
            self._all[ns].append(item)
            for pair in item_labels.items():
                self._pairs[(ns, *pair)].append(item)

    def select(self, ns: str | None, selector: Selector | None) -> list[T]:
        if selector is None:
            return []
        if selector.match_labels:  # the fewest items carrying one of the selector's pairs
            candidates: list[T] = []
            for index, (key, value) in enumerate(selector.match_labels):
                carrying = self._pairs.get((ns, key, value))
                if carrying is None:
                    return []
                if index == 0 or len(carrying) < len(candidates):
                    candidates = carrying
        else:
            candidates = self._all.get(ns, [])
        labels_of = self._labels
        return [item for item in candidates if selector.matches(labels_of[id(item)])]

    def in_namespace(self, ns: str | None) -> list[T]:
        return self._all.get(ns, [])


def _template_labels(workload: Workload) -> dict[str, str]:
    merged: dict[str, str] = {}
    for template in workload.templates:
        merged.update(template.labels)
    return merged


class Inventory:
    def __init__(self, collection: Collection):
        self.collection = collection
        self._by_kind: dict[str, list[dict]] = defaultdict(list)
        self._by_key: dict[tuple[str, str | None, str], dict] = {}
        self._by_uid: dict[str, dict] = {}
        self._children: dict[str, list[tuple[dict, str]]] = defaultdict(list)
        """Objects by the uid of each owner they name, each with its kind: a walk down owner references
        can pass over a controller's pods without reading them."""
        self._by_api_version: dict[str, list[int]] = defaultdict(list)
        """Positions in the input of the objects of each ``apiVersion``: the few checks that look past kinds
        need not read every object."""
        self.workloads: list[Workload] = []
        pods: list[tuple[dict, str | None, dict[str, str]]] = []
        pod_labels: dict[int, dict[str, str]] = {}  # replicas read from one source share their labels map
        object_namespaces: set[str] = set()
        for position, obj in enumerate(collection.resources):  # one pass, each object's metadata read once
            k = kind(obj)
            self._by_api_version[api_version(obj)].append(position)
            meta = as_dict(obj.get("metadata"))
            ns = namespace(obj)
            if ns is not None:
                object_namespaces.add(ns)
            obj_name = meta.get("name")
            self._by_kind[k].append(obj)
            self._by_key.setdefault((k, ns, obj_name if isinstance(obj_name, str) else ""), obj)
            uid = meta.get("uid")
            if isinstance(uid, str):
                self._by_uid[uid] = obj
            controlled = False
            for ref in as_list(meta.get("ownerReferences")):
                if isinstance(ref, dict):
                    if isinstance(ref.get("uid"), str):
                        self._children[ref["uid"]].append((obj, k))
                    controlled = controlled or ref.get("controller") is True
            if not controlled and (w := as_workload(obj)) is not None:
                self.workloads.append(w)
            if k == "Pod":
                raw = meta.get("labels")
                if (found := pod_labels.get(id(raw))) is None:
                    found = pod_labels[id(raw)] = str_map(raw)
                pods.append((obj, ns, found))
        self.pods = LabelIndex(pods)
        self.workload_templates = LabelIndex((w, w.ref.namespace, _template_labels(w)) for w in self.workloads)
        named = {w.ref.namespace for w in self.workloads if w.ref.namespace is not None}
        if not named:
            named = object_namespaces
            if len(named) != 1 and len(bound := self._binding_namespaces()) == 1 and (not named or bound <= named):
                named = bound
        self.install_namespace = next(iter(named)) if len(named) == 1 else None
        """The namespace an install is applied to, where the input shows it: the one namespace its workloads name,
        or, where none names one, the one namespace its other objects name (a chart that writes the namespace on its
        ServiceAccounts and not on its DaemonSet), or, where no object names one or they name several, the one
        namespace its bindings give its own ServiceAccounts (a chart that writes the release's namespace only where
        the API requires one, in a binding's subjects; the Velero UI's chart, which also writes Roles into
        Velero's namespace). ``helm install -n`` and ``kubectl apply -n`` put an object
        written without a namespace there, so a lookup by name in it finds such an object too, and one written
        without a namespace finds it there (``get``). A live cluster's namespaced objects all name theirs; where
        the workloads name several namespaces, an object written without one stays on its own. The last reading
        looks at RoleBindings and ClusterRoleBindings whatever kinds a check declares: where to place the objects
        written without a namespace is the inventory's, not a check's."""
        self.derived: dict[Hashable, tuple[object, frozenset[str]]] = {}
        """Values several checks derive from the same objects, each with the kinds it read (see
        ``ScopedInventory.derive``)."""

    def _binding_namespaces(self) -> set[str]:
        """The namespaces that the install's own RoleBindings and ClusterRoleBindings (written, like its workloads,
        without a namespace) give in their subjects to ServiceAccounts the input writes without one. A binding written
        into a namespace may grant another install's account of the same name there (Velero's own ``velero``)."""
        accounts = {
            account_name
            for account in self._by_kind["ServiceAccount"]
            if namespace(account) is None and isinstance(account_name := dig(account, "metadata", "name"), str)
        }
        return {
            subject_ns
            for binding_kind in ("RoleBinding", "ClusterRoleBinding")
            for binding in self._by_kind[binding_kind]
            if namespace(binding) is None
            for subject_ns, subject_name in bound_accounts(binding)
            if subject_ns is not None and subject_name in accounts
        }

    def home(self, ns: str | None) -> str | None:
        """The namespace of an object written in ``ns``: its own, or, written without one, the install's."""
        return self.install_namespace if ns is None else ns

    # -- what was seen ---------------------------------------------------------------------------
    def collected(self, kind_name: str) -> bool:
        return kind_name in self.collection.collected

    def closed(self, kind_name: str, ns: str | None = None) -> bool:
        """Whether the input is a closed world for ``kind_name`` in ``ns``: the kind was listed completely
        from a cluster or a snapshot of one (and ``ns`` is among the namespaces a limited listing read), so
        an object it does not hold does not exist. Manifests are an open world: see ``kubegap.domain.absence``."""
        if kind_name not in self.collection.listed:
            return False
        limited = self.collection.cluster.get("namespaces")
        return ns is None or not isinstance(limited, list) or ns in limited

    def listed_everywhere(self, kind_name: str) -> bool:
        """Whether every object of ``kind_name`` in the cluster is in the input: it was listed from a cluster or a
        snapshot of one in every namespace, not a limited set of them."""
        return kind_name in self.collection.listed and not isinstance(self.collection.cluster.get("namespaces"), list)

    def why_missing(self, kind_name: str) -> str:
        if kind_name in self.collection.forbidden:
            return f"{kind_name} forbidden by RBAC ({self.collection.forbidden[kind_name]})"
        if kind_name in self.collection.failed:
            return f"{kind_name} could not be collected ({self.collection.failed[kind_name]})"
        if kind_name in self.collection.absent:
            return f"{kind_name} not served by this cluster"
        return f"{kind_name} not collected"

    # -- lookups ---------------------------------------------------------------------------------
    def of_kind(self, kind_name: str) -> list[dict]:
        return self._by_kind.get(kind_name, [])

    def get(self, kind_name: str, ns: str | None, obj_name: str) -> dict | None:
        if not isinstance(obj_name, str) or not (ns is None or isinstance(ns, str)):
            return None  # a mistyped reference names nothing
        found = self._by_key.get((kind_name, ns, obj_name))
        home = self.install_namespace
        if found is None and home is not None and ns in (None, home):
            found = self._by_key.get((kind_name, home if ns is None else None, obj_name))
        return found

    def by_uid(self, uid: str) -> dict | None:
        return self._by_uid.get(uid)

    def owned_by(self, obj: dict) -> list[dict]:
        uid = dig(obj, "metadata", "uid")
        return [child for child, _ in self._children.get(uid, ())] if isinstance(uid, str) else []

    def pods_of(self, obj: dict, sees: Callable[[str], bool] = lambda _: True) -> list[dict]:
        """Pods a controller runs, through owner references (Deployment -> ReplicaSet -> Pod), walking
        only through objects of the kinds ``sees`` lets through."""
        pods, stack, seen = [], [obj], {id(obj)}
        children = self._children
        seeing: dict[str, bool] = {}  # ``sees`` asked once per kind, not once per child
        while stack:
            uid = dig(stack.pop(), "metadata", "uid")
            for child, child_kind in children.get(uid, ()) if isinstance(uid, str) else ():
                if id(child) in seen:
                    continue  # owner cycles exist in hostile input
                if (visible := seeing.get(child_kind)) is None:
                    visible = seeing[child_kind] = sees(child_kind)
                if not visible:
                    continue
                seen.add(id(child))
                if child_kind == "Pod":
                    pods.append(child)
                else:
                    stack.append(child)
        return pods

    def of_api_versions(self, accept: Callable[[str], bool]) -> list[dict]:
        """The objects, whatever their kind, whose ``apiVersion`` (``""`` when it is not a string) ``accept``
        lets through, in input order; ``accept`` is asked once per distinct version."""
        resources = self.collection.resources
        positions = [p for version, found in self._by_api_version.items() if accept(version) for p in found]
        return [resources[p] for p in sorted(positions)]

    def origin(self, obj: dict) -> Origin | None:
        return self.collection.origins.get(id(obj))

    @property
    def nodes(self) -> list[dict]:
        return self.of_kind("Node")

    def derive(self, key: Hashable, compute: Callable[[Inventory], T]) -> T:
        """``compute(self)``, worked out once per inventory for every caller with the same ``key``."""
        key = (key, None)
        if key not in self.derived:
            self.derived[key] = (compute(self), frozenset())
        return self.derived[key][0]  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self.collection.resources)
