"""Pod sources: the workloads that create pods, and what can be known about those pods' labels.

A selector (of a Service, a PodDisruptionBudget, a NetworkPolicy) matches a pod source when a pod of
it could carry labels the selector matches. Pods carry their template's labels and, on top, labels
their controller adds: a StatefulSet names each pod (``statefulset.kubernetes.io/pod-name``), a
Deployment adds ``pod-template-hash``, training operators add job and replica labels. Where a
label's value cannot be known from the input, a requirement on it counts as possibly met.

What else could create pods (an operator's custom resource, a controller allowed to create pods) is
not a pod source: whether a selector that matches no source selects nothing is for
``kubegap.domain.absence`` to judge.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from kubegap import limits
from kubegap.domain.podtemplates import (
    BUILTIN_CONTROLLERS,
    TRAINING_KINDS,
    PodTemplate,
    Workload,
)
from kubegap.domain.resources import (
    ObjectRef,
)
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Requirement, Selector

KINDS: tuple[str, ...] = ("Pod", "Rollout", *BUILTIN_CONTROLLERS, *sorted(TRAINING_KINDS))
"""Every kind a pod source is read from: what a check that uses pod sources reads."""

_CONTROLLER_KEYS = ("controller-revision-hash", "pod-template-hash", "controller-uid", "job-name")
"""Labels Kubernetes controllers add to the pods they create, with values the manifests cannot tell."""

_CONTROLLER_PREFIXES = ("batch.kubernetes.io/", "apps.kubernetes.io/", "statefulset.kubernetes.io/")

_TRAINING_PREFIXES = (
    "training.kubeflow.org/",
    "trainer.kubeflow.org/",
    "jobset.sigs.k8s.io/",
    "leaderworkerset.sigs.k8s.io/",
    "ray.io/",
    "kubeflow.org/",
    "group-name",
    "replica-type",
    "replica-index",
    "job-role",
)
"""Label keys (or key prefixes) training and batch operators add to the pods of their jobs."""


def _key_in(key: str, keys: tuple[str, ...]) -> bool:
    """Whether ``key`` is one of ``keys``, or starts with one of them that ends in ``/``."""
    return any(key == k or (k.endswith("/") and key.startswith(k)) for k in keys)


@dataclass(frozen=True, slots=True)
class PodSource:
    """One kind of pod: a workload's pod template, with its replica count."""

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
    if (
        workload.kind != "StatefulSet"
        or template.replicas is None
        or not 0 <= template.replicas <= limits.MAX_STATEFUL_ORDINALS
    ):
        return {}  # names not listed: a selector on them counts as possibly met
    indexes = range(template.replicas)
    return {
        "statefulset.kubernetes.io/pod-name": frozenset(f"{workload.ref.name}-{i}" for i in indexes),
        "apps.kubernetes.io/pod-index": frozenset(str(i) for i in indexes),
    }


_SERVING_UNKNOWN = _CONTROLLER_KEYS + _CONTROLLER_PREFIXES
_BATCH_UNKNOWN = _SERVING_UNKNOWN + _TRAINING_PREFIXES


def set_by_controller(key: str) -> bool:
    """Whether a label key is one Kubernetes controllers add to the pods they create (``pod-template-hash``,
    ``statefulset.kubernetes.io/pod-name``)."""
    return _key_in(key, _SERVING_UNKNOWN)


def _workload_sources(workload: Workload) -> Iterator[PodSource]:
    unknown = _BATCH_UNKNOWN if workload.is_batch else _SERVING_UNKNOWN
    for template in workload.templates:
        yield PodSource(
            workload.ref, template.labels, template.replicas, _statefulset_pod_names(workload, template), unknown
        )


class PodSources:
    """Every pod source of an inventory, per namespace: the pod templates of its workloads. An object written
    without a namespace is in the install's, where the input shows it (``Inventory.install_namespace``), as a
    source and as a selector alike: Chroma's chart writes its StatefulSet into the release namespace and its
    Service into none."""

    def __init__(self, inventory: Readable):
        # the install's namespace, not the inventory's lookup: a derived value that held the inventory would keep the
        # audit's input alive in a reference cycle until the process ends
        self._home = inventory.install_namespace
        self._by_namespace: dict[str | None, list[PodSource]] = defaultdict(list)
        self._pairs: dict[tuple[str | None, str, str], list[PodSource]] = defaultdict(list)
        self._adders: dict[tuple[str | None, str], list[PodSource]] = {}
        self._position: dict[int, int] = {}
        for workload in inventory.workloads:
            for source in _workload_sources(workload):
                self._add(workload.ref.namespace, source)

    def _where(self, ns: str | None) -> str | None:
        return self._home if ns is None else ns

    def _add(self, ns: str | None, source: PodSource) -> None:
        ns = self._where(ns)
        self._position[id(source)] = len(self._position)
        self._by_namespace[ns].append(source)
        for pair in source.labels.items():
            self._pairs[(ns, *pair)].append(source)

    def _may_add(self, ns: str | None, key: str) -> list[PodSource]:
        """Sources in ``ns`` whose pods may carry ``key`` although their template's labels do not:
        a label their controller adds."""
        ns = self._where(ns)
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
        ns = self._where(ns)
        if not selector.match_labels:
            return self.in_namespace(ns)
        pairs = [(self._pairs.get((ns, k, v), []), self._may_add(ns, k)) for k, v in selector.match_labels]
        carrying, adding = min(pairs, key=lambda p: len(p[0]) + len(p[1]))
        if not adding:
            return carrying
        return sorted(carrying + adding, key=lambda s: self._position[id(s)])

    def in_namespace(self, ns: str | None) -> list[PodSource]:
        return self._by_namespace.get(self._where(ns), [])

    def labelled(self, ns: str | None) -> list[tuple[str, dict[str, str]]]:
        """``(workload, template labels)`` of every source in ``ns``."""
        return [(str(s.ref), s.labels) for s in self.in_namespace(ns)]

    def select(self, ns: str | None, selector: Selector | None) -> list[PodSource]:
        """Sources in ``ns`` whose pods the selector may match (a null selector matches none)."""
        if selector is None:
            return []
        return [source for source in self._candidates(ns, selector) if source.may_match(selector)]


def describe(sources: list[PodSource]) -> list[str]:
    """The objects behind some pod sources, each named once, sorted."""
    return sorted({str(s.ref) for s in sources})


def pod_sources(inventory: Readable) -> PodSources:
    """The inventory's pod sources, built once per audit for every check that matches selectors against them."""
    return inventory.derive("pod_sources", PodSources)
