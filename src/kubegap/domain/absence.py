"""What an input can prove about absence: the one way every absence-based check asks.

A cluster, or a snapshot of one, that listed a kind completely is a **closed world** for that kind
(``Inventory.closed``): an object it does not hold does not exist, and a selector that matches none
of its pods selects nothing. Manifests, and kinds or namespaces a listing did not cover, are an
**open world**: operators and controllers create pods, ConfigMaps, Secrets and Services at run
time and label pods they did not template, and people create objects outside any file.

On an open world an absence is a finding only on positive evidence of a mistake:

- a **near miss**: an object of the right kind in the same namespace whose name is a small edit
  away from the one referred to (a typo), or, for a selector, a pod template that meets every
  requirement but one, which is a small edit away from a label it carries;
- a **wrong namespace**: the object exists, with that name, only in another namespace, while the
  reference can only reach its own;
- a **self-contained unit**: the files of the referring object's directory define objects of the
  kind in its namespace (they are where that kind comes from), every document there could be read
  (an unrendered template may define anything), and nothing in the input could
  create the missing object: no workload whose ServiceAccount a Role or ClusterRole lets create
  that kind there, and no custom resource there whose controller the input does not run (such a
  controller may create anything; one the input runs is judged by its RBAC like any workload).
  Secrets are kept out of files by design (sealed, external, created by hand), so a directory never
  proves a Secret missing.

Otherwise the check passes the object over with ``OPEN_WORLD`` as the reason, which coverage
reports once per check.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from kubegap.domain.kinds import KNOWN_KINDS
from kubegap.domain.resources import (
    as_list,
    bound_accounts,
    group,
    kind,
    name,
    namespace,
)
from kubegap.domain.roles import grants
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector

OPEN_WORLD = "absence cannot be judged from manifests: audit a live cluster or snapshot"


POD_MAKERS = ("Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob")
"""Creating any of these creates pods, with whatever labels the creator chooses."""

CREATE_VERBS = frozenset({"create", "patch", "*"})
"""Verbs that can bring an object into being (server-side apply creates with a patch)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """Whether an absence proves a mistake, and how it is known (for the message) or why not (for coverage)."""

    proven: bool
    why: str


CLOSED = Judgement(True, "the cluster's complete listing holds none")
UNKNOWN = Judgement(False, OPEN_WORLD)

SYSTEM_NAMESPACES = frozenset({"kube-system", "kube-public", "kube-node-lease"})
"""Namespaces the cluster's own installer fills (kubeadm writes the kube-proxy and CoreDNS ConfigMaps, the
kubeadm-config, its Services and pods into kube-system): files that install into one are never the whole of it."""
SHARED_WITH_INSTALLER = Judgement(
    False,
    "the namespace holds what the cluster's installer creates (kubeadm's kube-proxy and CoreDNS ConfigMaps among "
    "them): absence cannot be judged from manifests; audit a live cluster or snapshot",
)


# -- near misses ---------------------------------------------------------------------------------------------

_TOKENS = re.compile(r"[-._/]")


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps), stopping
    at ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        previous2, previous = previous, row
    return previous[-1]


def _not_a_typo(a: str, b: str) -> bool:
    """Names of as many words that differ otherwise than by a slip: names of one family, differing only in numbered
    or short words (``redis-0``/``redis-1``, ``api-v1``/``api-v2``, ``zone-a``/``zone-b``), or names differing by a
    whole word, a pair more than one edit apart (``my-release-redis``/``my-release-redash``: a chart's subchart
    named for its data store, beside the application). A typo changes a word by one keystroke; two edits in a name
    of ten characters or more count only spread over its words."""
    left, right = _TOKENS.split(a), _TOKENS.split(b)
    if len(left) != len(right):
        return False
    differing = [(x, y) for x, y in zip(left, right, strict=True) if x != y]
    family = all(len(x) <= 2 or len(y) <= 2 or any(c.isdigit() for c in x + y) for x, y in differing)
    return family or any(edit_distance(x, y, 1) > 1 for x, y in differing)


def near_miss(wanted: str, candidates: Iterable[str]) -> str | None:
    """The one candidate a small edit away from ``wanted`` (one edit for names under ten characters, two
    from ten on, at most one in each word), not counting names of one numbered or lettered family; None when there
    is none or several. Names under four characters are never near misses: too many short names are one edit apart."""
    if len(wanted) < 4:
        return None
    limit = 1 if len(wanted) < 10 else 2
    found = {
        candidate
        for candidate in candidates
        if candidate != wanted
        and len(candidate) >= 4
        and edit_distance(wanted, candidate, limit) <= limit
        and not _not_a_typo(wanted, candidate)
    }
    return found.pop() if len(found) == 1 else None


# -- what could create an object ------------------------------------------------------------------------------


def _strings(value: object) -> set[str]:
    return {item for item in as_list(value) if isinstance(item, str)}


BUILTIN_GROUPS = frozenset(
    {
        "admissionregistration.k8s.io",
        "apiextensions.k8s.io",
        "apiregistration.k8s.io",
        "authentication.k8s.io",
        "authorization.k8s.io",
        "certificates.k8s.io",
        "coordination.k8s.io",
        "discovery.k8s.io",
        "events.k8s.io",
        "flowcontrol.apiserver.k8s.io",
        "internal.apiserver.k8s.io",
        "networking.k8s.io",
        "node.k8s.io",
        "rbac.authorization.k8s.io",
        "resource.k8s.io",
        "scheduling.k8s.io",
        "storage.k8s.io",
        "storagemigration.k8s.io",
        "metrics.k8s.io",
    }
)
"""Kubernetes' own API groups with a dot in their name (``apps``, ``batch``, ``policy`` have none): every
other dotted group is a custom resource's, served by a controller someone installs."""


def custom_group(api_group: str) -> bool:
    """A custom resource's API group: it has a dot and is not one of Kubernetes' own."""
    return "." in api_group and api_group not in BUILTIN_GROUPS


def _is_custom(obj: dict) -> bool:
    """An object of a custom resource."""
    return custom_group(group(obj))


class Creators:
    """What in the input could create objects at run time, worked out once per audit (``creators``)."""

    def __init__(self, inventory: Readable):
        runs_as: dict[tuple[str | None, str], list[str]] = defaultdict(list)
        for workload in inventory.workloads:
            for template in workload.templates:
                account = template.spec.get("serviceAccountName") or template.spec.get("serviceAccount") or "default"
                if isinstance(account, str):
                    runs_as[(workload.ref.namespace, account)].append(str(workload.ref))
        self._grants: list[tuple[str | None, str, list[dict]]] = []
        """``(namespace the grant holds in, or None for every namespace, who, rules)`` for input workloads."""
        self.served_groups: set[str] = set()
        """API groups some workload of the input may use: their custom resources' controller is in the input."""
        for grant in grants(inventory):
            scope = namespace(grant.binding) if kind(grant.binding) == "RoleBinding" else None
            for subject_ns, subject_name in bound_accounts(grant.binding):
                # a workload whose manifest names no namespace is applied into one chosen at install time
                who = runs_as.get((subject_ns, subject_name)) or runs_as.get((None, subject_name))
                if not who or not grant.rules:
                    continue
                self._grants.append((scope, f"{who[0]} ({grant.role_kind} {grant.role_name})", grant.rules))
                self.served_groups |= {g for rule in grant.rules for g in _strings(rule.get("apiGroups"))}
        self._custom: dict[str | None, list[str]] = defaultdict(list)
        """Custom resources whose controller the input does not run, per namespace (None: cluster-scoped)."""
        for obj in inventory.of_api_versions(lambda version: "." in version.split("/")[0] and "/" in version):
            if _is_custom(obj) and group(obj) not in self.served_groups and "*" not in self.served_groups:
                self._custom[namespace(obj)].append(f"{kind(obj)} {name(obj)}")

    def may_create(self, kinds: Iterable[str], ns: str | None) -> str | None:
        """What in the input could create an object of one of ``kinds`` in ``ns``, said in a few words; None
        when nothing could."""
        wanted = [KNOWN_KINDS.get(k, ("", k.lower() + "s")) for k in kinds]
        for scope, who, rules in self._grants:
            if scope is not None and scope != ns:
                continue
            for rule in rules:
                groups, resources = _strings(rule.get("apiGroups")), _strings(rule.get("resources"))
                if not CREATE_VERBS & _strings(rule.get("verbs")) or rule.get("resourceNames"):
                    continue
                for api_group, resource in wanted:
                    if (api_group in groups or "*" in groups) and (resource in resources or "*" in resources):
                        return f"{who} may create {resource}"
        for where in (ns, None):
            if self._custom.get(where):
                return f"{self._custom[where][0]} is handled by a controller these files do not run"
        return None


def creators(inventory: Readable) -> Creators:
    return inventory.derive("absence.creators", Creators)


def _folder(inventory: Readable, obj: dict) -> str | None:
    origin = inventory.origin(obj)
    return os.path.dirname(origin.path) if origin else None


def _self_contained(inventory: Readable, obj: dict) -> bool:
    """Whether every document of the directory ``obj`` was read from could be parsed: an unrendered template
    beside it may define what the input does not show."""
    folder = _folder(inventory, obj)
    return folder is not None and not any(os.path.dirname(path) == folder for path in inventory.collection.unread)


def _defined_by_folder(kind_name: str) -> Callable[[Readable], set[tuple[str | None, str | None]]]:
    """``(namespace, directory)`` of the objects of ``kind_name`` each directory of the input defines."""
    return lambda inventory: {(namespace(obj), _folder(inventory, obj)) for obj in inventory.of_kind(kind_name)}


# -- the questions ---------------------------------------------------------------------------------------------


def _local_namespaces(inventory: Readable, ns: str | None) -> set[str | None]:
    """The namespaces an object's reference into ``ns`` may find: ``ns``, and, where it is the install's (or none),
    the install's namespace and objects written without one (``Inventory.install_namespace``)."""
    home = inventory.install_namespace
    return {ns} if home is None or ns not in (None, home) else {None, home}


def near_miss_of(inventory: Readable, kind_name: str, ns: str | None, wanted: str) -> str | None:
    """The object of ``kind_name`` in ``ns`` whose name ``wanted`` is a near miss of (a typo of it), or None."""
    local = _local_namespaces(inventory, ns)
    return near_miss(wanted, [name(obj) for obj in inventory.of_kind(kind_name) if namespace(obj) in local])


def missing_object(inventory: Readable, kind_name: str, ns: str | None, wanted: str, referrer: dict) -> Judgement:
    """Whether ``referrer``'s reference to the ``kind_name`` ``wanted`` in ``ns``, which the input does not
    hold, proves a mistake (``why`` then says how it is known) or cannot be judged. A referrer written without a
    namespace refers into the namespace the install is applied to, where the input shows it
    (``Inventory.install_namespace``), and so do objects written without one there."""
    local = _local_namespaces(inventory, ns)
    ns = inventory.home(ns)
    if inventory.closed(kind_name, ns):
        return CLOSED
    near = near_miss_of(inventory, kind_name, ns, wanted)
    if near is not None:
        return Judgement(True, f"a near miss of {kind_name} {near}, which exists")
    found_in = {namespace(obj) for obj in inventory.of_kind(kind_name) if name(obj) == wanted}
    if None in found_in:
        return UNKNOWN  # defined with no namespace: it lands in whichever namespace the install chooses
    elsewhere = sorted(found for found in found_in - {ns} if found is not None)  # None left: see above
    if ns is not None and elsewhere:
        return Judgement(True, f"it exists in namespace {elsewhere[0]}, and a reference reaches only its own namespace")
    if kind_name == "Secret" or creators(inventory).may_create([kind_name], ns):
        return UNKNOWN
    if ns in SYSTEM_NAMESPACES:
        return SHARED_WITH_INSTALLER
    defined = inventory.derive(("absence.defined_by_folder", kind_name), _defined_by_folder(kind_name))
    folder = _folder(inventory, referrer)
    if any((where, folder) in defined for where in local | {ns}) and _self_contained(inventory, referrer):
        return Judgement(
            True, f"the files beside it define this namespace's {kind_name}s, and nothing in the input creates one"
        )
    return UNKNOWN


def nothing_beyond_input(inventory: Readable, kinds: Iterable[str], near: dict) -> bool:
    """Whether the input holds every object of ``kinds`` (cluster-scoped) there can be: a cluster listed them
    all, or the directory ``near`` was read from could be read whole and nothing in the input could create one
    at run time (no workload's account may, and no custom resource is handled by a controller the input does
    not run)."""
    kinds = list(kinds)
    if all(inventory.closed(kind_name) for kind_name in kinds):
        return True
    return _self_contained(inventory, near) and creators(inventory).may_create(kinds, None) is None


Labelled = Iterable[tuple[str, dict[str, str]]]
"""Pod templates of a namespace, each as ``(the workload it belongs to, its labels)``."""


def empty_selection(
    inventory: Readable, ns: str | None, selector: Selector, templates: Labelled, selecting: dict
) -> Judgement:
    """Whether ``selecting``'s selector, which matches none of the pod ``templates`` (``(object, labels)``) of
    ``ns``, proves a mistake on an open world: a near-miss label, or a namespace whose pods only these
    templates can create (and a directory whose every document could be read)."""
    templates = list(templates)
    for owner, carried in templates:
        near = _near_miss_label(selector, carried)
        if near is not None:
            return Judgement(True, f"a near miss of the label {near} of {owner}")
    if not templates or creators(inventory).may_create(POD_MAKERS, ns) or not _self_contained(inventory, selecting):
        return UNKNOWN
    if ns in SYSTEM_NAMESPACES:
        return SHARED_WITH_INSTALLER
    return Judgement(True, "nothing in the input but its workloads creates pods here")


def _near_miss_label(selector: Selector, carried: dict[str, str]) -> str | None:
    """``key=value`` the template carries that is a small edit away from the selector's one unmet label;
    None unless every other requirement is met."""
    unmet = [(key, value) for key, value in selector.match_labels if carried.get(key) != value]
    if len(unmet) != 1 or not all(r.matches(carried) for r in selector.expressions):
        return None
    key, value = unmet[0]
    if key in carried:
        return f"{key}={carried[key]}" if near_miss(value, [carried[key]]) else None
    near_key = near_miss(key, [k for k, v in carried.items() if v == value])
    return f"{near_key}={value}" if near_key else None


class _Recorder(Protocol):
    @property
    def inventory(self) -> Readable: ...

    def not_judged(self, subject: dict, reason: str) -> None: ...


def missing_said(ctx: _Recorder, kind_name: str, ns: str | None, wanted: str, referrer: dict) -> str | None:
    """``missing_object`` for a check: how the absence is known, as a parenthetical for its message (empty on a
    closed world), or None after recording in the check's coverage that ``referrer`` cannot be judged."""
    return said(ctx, referrer, missing_object(ctx.inventory, kind_name, ns, wanted, referrer))


def empty_said(ctx: _Recorder, selecting: dict, ns: str | None, selector: Selector, templates: Labelled) -> str | None:
    """``empty_selection`` for a check, said as ``missing_said`` says it."""
    return said(ctx, selecting, empty_selection(ctx.inventory, ns, selector, templates, selecting))


def said(ctx: _Recorder, subject: dict, judgement: Judgement) -> str | None:
    """A judgement for a check: how the absence is known, as a parenthetical for its message (empty on a closed
    world), or None after recording in the check's coverage that ``subject`` cannot be judged."""
    if not judgement.proven:
        ctx.not_judged(subject, judgement.why)
        return None
    return "" if judgement is CLOSED else f" ({judgement.why})"


def absent_means_none(inventory: Readable, kind_name: str) -> bool:
    """Whether seeing no object of ``kind_name`` means there is none.

    True when the kind was collected, or when every input is a manifest file: manifests are taken
    as the whole application. False for snapshots and clusters that did not collect the kind.
    """
    if inventory.collected(kind_name):
        return True
    return from_manifests(inventory) and kind_name not in inventory.collection.forbidden


def from_manifests(inventory: Readable) -> bool:
    """Whether every input is a manifest file (not a cluster or a snapshot of one)."""
    inputs = inventory.collection.inputs
    return bool(inputs) and all(i.get("type") == "manifests" for i in inputs)


def source_folder(inventory: Readable, obj: dict) -> str | None:
    """The directory of the file an object was read from (None when it came from no file)."""
    origin = inventory.origin(obj)
    return os.path.dirname(origin.path) if origin else None
