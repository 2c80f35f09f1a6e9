"""Pod sources: everything that creates pods, and what can be known about those pods' labels.

A selector (of a Service, a PodDisruptionBudget, a NetworkPolicy) "selects nothing" only when no
pod source could produce a pod it matches. Pods carry their template's labels and, on top, labels
their controller adds: a StatefulSet names each pod (``statefulset.kubernetes.io/pod-name``), a
Deployment adds ``pod-template-hash``, training operators add job and replica labels. Operators
create pods from custom resources too: the Prometheus operator's Prometheus, Alertmanager and
ThanosRuler pods carry the resource's ``spec.podMetadata.labels`` plus the operator's own.

Where a label's value cannot be known from the manifests, a requirement on it counts as possibly
met: a selector is judged dangling only on evidence.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from kubegap import limits
from kubegap.inventory import Inventory
from kubegap.resources import ObjectRef, as_dict, dig, group, kind, namespace, str_map
from kubegap.selectors import Requirement, Selector
from kubegap.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS, PodTemplate, Workload, as_workload

PROMETHEUS_OPERATOR_GROUP = "monitoring.coreos.com"

OPERATOR_KINDS: dict[str, tuple[str, ...]] = {
    "Prometheus": ("prometheus",),
    "Alertmanager": ("alertmanager",),
    "ThanosRuler": ("thanos-ruler",),
}
"""Prometheus-operator kinds that run pods, with the label keys the operator adds besides the common ones."""

KINDS: tuple[str, ...] = ("Pod", "Rollout", *BUILTIN_CONTROLLERS, *sorted(TRAINING_KINDS), *OPERATOR_KINDS)
"""Every kind a pod source is read from: what a check that uses pod sources reads."""

_OPERATOR_PREFIXES = ("app.kubernetes.io/", "operator.prometheus.io/")

_CONTROLLER_KEYS = ("controller-revision-hash", "pod-template-hash", "controller-uid", "job-name")
"""Labels Kubernetes controllers add to the pods they create, with values the manifests cannot tell."""

_CONTROLLER_PREFIXES = ("batch.kubernetes.io/", "apps.kubernetes.io/", "statefulset.kubernetes.io/")

_TRAINING_PREFIXES = (
    "training.kubeflow.org/", "trainer.kubeflow.org/", "jobset.sigs.k8s.io/", "leaderworkerset.sigs.k8s.io/",
    "ray.io/", "kubeflow.org/", "group-name", "replica-type", "replica-index", "job-role",
)
"""Label keys (or key prefixes) training and batch operators add to the pods of their jobs."""


def _key_in(key: str, keys: tuple[str, ...]) -> bool:
    """Whether ``key`` is one of ``keys``, or starts with one of them that ends in ``/``."""
    return any(key == k or (k.endswith("/") and key.startswith(k)) for k in keys)


@dataclass(frozen=True, slots=True)
class PodSource:
    """One kind of pod: a workload's pod template or an operator resource, with its replica count."""

    ref: ObjectRef
    labels: dict[str, str]
    replicas: int | None
    """Pods it runs; None when that depends on the cluster (a DaemonSet) or cannot be read."""
    known_values: dict[str, frozenset[str]] = field(default_factory=dict)
    """Labels the controller adds whose possible values are known (a StatefulSet's pod names)."""
    unknown_keys: tuple[str, ...] = ()
    """Label keys, or key prefixes ending in ``/``, that pods may carry with values not known here."""

    def _unknown(self, key: str) -> bool:
        return _key_in(key, self.unknown_keys)

    def _may_meet(self, requirement: Requirement) -> bool:
        if requirement.key in self.labels:
            return requirement.matches(self.labels)
        if requirement.key in self.known_values:
            return any(requirement.matches({requirement.key: value}) for value in self.known_values[requirement.key])
        return self._unknown(requirement.key) or requirement.matches({})

    def _may_equal(self, key: str, value: str) -> bool:
        """``_may_meet`` for the requirement ``key`` In (``value``), without making it."""
        if key in self.labels:
            return self.labels[key] == value
        if key in self.known_values:
            return value in self.known_values[key]
        return self._unknown(key)

    def may_match(self, selector: Selector) -> bool:
        """Whether a pod of this source could carry labels the selector matches."""
        for key, value in selector.match_labels:
            if not self._may_equal(key, value):
                return False
        return all(self._may_meet(r) for r in selector.expressions)


def _statefulset_pod_names(workload: Workload, template: PodTemplate) -> dict[str, frozenset[str]]:
    if workload.kind != "StatefulSet" or template.replicas is None or not 0 <= template.replicas <= limits.MAX_STATEFUL_ORDINALS:
        return {}  # names not listed: a selector on them counts as possibly met
    indexes = range(template.replicas)
    return {
        "statefulset.kubernetes.io/pod-name": frozenset(f"{workload.ref.name}-{i}" for i in indexes),
        "apps.kubernetes.io/pod-index": frozenset(str(i) for i in indexes),
    }


_SERVING_UNKNOWN = _CONTROLLER_KEYS + _CONTROLLER_PREFIXES
_BATCH_UNKNOWN = _SERVING_UNKNOWN + _TRAINING_PREFIXES


def _workload_sources(workload: Workload) -> Iterator[PodSource]:
    unknown = _BATCH_UNKNOWN if workload.is_batch else _SERVING_UNKNOWN
    for template in workload.templates:
        yield PodSource(workload.ref, template.labels, template.replicas, _statefulset_pod_names(workload, template), unknown)


def _replicas(obj: dict) -> int | None:
    value = dig(obj, "spec", "replicas", default=1)
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    shards = dig(obj, "spec", "shards", default=1)
    return value * shards if isinstance(shards, int) and not isinstance(shards, bool) else value


def operator_source(obj: dict) -> PodSource | None:
    """The pods a Prometheus-operator resource runs; None for any other object."""
    keys = OPERATOR_KINDS.get(kind(obj))
    if keys is None or group(obj) != PROMETHEUS_OPERATOR_GROUP:
        return None
    labels = str_map(as_dict(dig(obj, "spec", "podMetadata")).get("labels"))
    unknown = keys + _OPERATOR_PREFIXES + _CONTROLLER_KEYS + _CONTROLLER_PREFIXES
    return PodSource(ObjectRef.of(obj), labels, _replicas(obj), {}, unknown)


_POD_FIELDS = frozenset({"podTemplate", "podMetadata", "podSpec"})


def _holds_pod_template(value, depth: int = 0) -> bool:
    """Whether a custom resource's spec holds a pod template or pod metadata somewhere (bounded depth)."""
    if depth > 6:
        return False
    if isinstance(value, list):
        return any(_holds_pod_template(item, depth + 1) for item in value)
    if not isinstance(value, dict):
        return False
    if _POD_FIELDS & value.keys() or isinstance(value.get("containers"), list):
        return True
    return any(_holds_pod_template(item, depth + 1) for item in value.values())


def runs_unknown_pods(obj: dict) -> bool:
    """A custom resource the inventory does not understand whose spec describes pods: it may run
    pods with labels that cannot be known here."""
    api_group = group(obj)
    if "." not in api_group or api_group.endswith(".k8s.io") or as_workload(obj) or operator_source(obj):
        return False
    return _holds_pod_template(obj.get("spec"))


class PodSources:
    """Every pod source of an inventory, per namespace: workloads' templates and operator resources,
    and the custom resources that may run pods whose labels cannot be known."""

    def __init__(self, inventory: Inventory):
        self._by_namespace: dict[str | None, list[PodSource]] = defaultdict(list)
        self._pairs: dict[tuple[str | None, str, str], list[PodSource]] = defaultdict(list)
        self._unknown: dict[str | None, list[ObjectRef]] = defaultdict(list)
        self._adders: dict[tuple[str | None, str], list[PodSource]] = {}
        self._position: dict[int, int] = {}
        for workload in inventory.workloads:
            for source in _workload_sources(workload):
                self._add(workload.ref.namespace, source)
        for kind_name in OPERATOR_KINDS:
            for obj in inventory.of_kind(kind_name):
                source = operator_source(obj)
                if source is not None:
                    self._add(namespace(obj), source)
        # Unknown custom resources come only from manifests (a cluster lists known kinds), and only from
        # groups with a dot: most objects (core, apps, batch) are not read here.
        for obj in inventory.of_api_versions(lambda version: "." in version):
            if runs_unknown_pods(obj):
                self._unknown[namespace(obj)].append(ObjectRef.of(obj))

    def _add(self, ns: str | None, source: PodSource) -> None:
        self._position[id(source)] = len(self._position)
        self._by_namespace[ns].append(source)
        for pair in source.labels.items():
            self._pairs[(ns, *pair)].append(source)

    def _may_add(self, ns: str | None, key: str) -> list[PodSource]:
        """Sources in ``ns`` whose pods may carry ``key`` although their template's labels do not:
        a label their controller or operator adds."""
        found = self._adders.get((ns, key))
        if found is None:
            found = self._adders[(ns, key)] = [
                s for s in self.in_namespace(ns) if key not in s.labels and (key in s.known_values or s._unknown(key))
            ]
        return found

    def _candidates(self, ns: str | None, selector: Selector) -> list[PodSource]:
        """Sources that can match, in the order they were added: for the selector's most selective
        label pair, those whose template carries it and those whose pods may be given the key;
        every source in ``ns`` when the selector has no label pair."""
        if not selector.match_labels:
            return self.in_namespace(ns)
        pairs = [(self._pairs.get((ns, k, v), []), self._may_add(ns, k)) for k, v in selector.match_labels]
        carrying, adding = min(pairs, key=lambda p: len(p[0]) + len(p[1]))
        if not adding:
            return carrying
        return sorted(carrying + adding, key=lambda s: self._position[id(s)])

    def in_namespace(self, ns: str | None) -> list[PodSource]:
        return self._by_namespace.get(ns, [])

    def unknown_in(self, ns: str | None) -> list[ObjectRef]:
        """Custom resources in ``ns`` that may run pods with labels these sources cannot tell."""
        return self._unknown.get(ns, [])

    def select(self, ns: str | None, selector: Selector | None) -> list[PodSource]:
        """Sources in ``ns`` whose pods the selector may match (a null selector matches none)."""
        if selector is None:
            return []
        return [source for source in self._candidates(ns, selector) if source.may_match(selector)]


def describe(sources: list[PodSource]) -> list[str]:
    """The objects behind some pod sources, each named once, sorted."""
    return sorted({str(s.ref) for s in sources})

