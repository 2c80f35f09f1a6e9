"""What a check is: metadata, documentation, and a pure function of the inventory.

Every check documents itself in its docstring under five headings, in this order:
``What it checks``, ``Why it matters`` (citing the incidents), ``Severity`` (what raises and lowers
it: the blast radius the input shows), ``Example``, ``Fix``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, cast, overload

from kubegap.domain.resources import ObjectRef
from kubegap.domain.scoped_inventory import WORKLOAD_KINDS, WORKLOADS, Readable, ScopedInventory
from kubegap.severity import Severity, at_most

Precision = Literal["very-high", "high", "medium", "low"]
Scope = Literal["cluster", "fleet"]
"""A cluster check looks at one cluster's inventory; a fleet check across every cluster audited together."""
DOC_SECTIONS = ("What it checks", "Why it matters", "Severity", "Example", "Fix")


class Skip(Exception):
    """Raised by a check that does not apply to this inventory; the reason goes into coverage."""


@dataclass(frozen=True, slots=True)
class Evidence:
    path: str
    value: Any = None

    def to_json(self) -> dict:
        return {"path": self.path, "value": self.value}


@dataclass(frozen=True, slots=True)
class Finding:
    check_id: str
    severity: str
    object: ObjectRef
    message: str
    evidence: tuple[Evidence, ...]
    remediation: str
    cases: tuple[str, ...]
    subject: dict | None = field(default=None, compare=False, repr=False)
    """The resource the finding is about (exemption annotations, file origin); never serialised."""
    also: tuple[dict | None, ...] = field(default=(), compare=False, repr=False)
    """Other definitions of the same object with the same gap (one object in several manifest
    files), kept for their locations; never serialised."""


@dataclass(frozen=True, slots=True)
class Member:
    """One cluster of a fleet, as a fleet check sees it: the facts its ``facts`` function took from the cluster.

    The facts travel in each cluster's JSON report (``fleet_facts``), so a fleet can also be judged
    from the reports of clusters audited one by one (``kubegap audit eu.json us.json``).
    """

    name: str
    facts: dict


FLEET = ObjectRef("kubegap.io/v1", "Fleet", None, "fleet")
"""The subject of a fleet check's findings: the clusters audited together."""


def _exempts_nothing(subject: dict) -> bool:
    return False


@dataclass(frozen=True)
class _Run:
    """What every check receives: its settings, what this audit runs, and a way to make findings."""

    check: Check
    settings: dict[str, Any] = field(default_factory=dict)
    passed_over: dict[str, set[int]] = field(default_factory=dict)
    """Objects the check could not judge, by the reason (see ``not_judged``)."""
    running: frozenset[str] | None = None
    """The checks this audit runs (None: every registered check, as when a check is run on its own)."""
    exempts: Callable[[dict], bool] = _exempts_nothing
    """Whether this audit will suppress the check's finding on an object: its ignore annotation (where annotations
    count) or a configured exemption in force. A check that puts one cause on one of several objects puts it on one
    that is not exempt, so one object's exemption never hides another's gap."""

    def left_to(self, check_id: str) -> bool:
        """Whether a gap this check would report may be left to ``check_id``, which owns its cause (one cause, one
        finding): only when that check runs in this audit. A run of some checks alone must not report clean
        what the check left out for one that is not running."""
        return self.running is None or check_id in self.running

    def not_judged(self, subject: dict, reason: str) -> None:
        """Record that ``subject`` could not be judged (an absence on an open world): coverage says how many
        objects each reason left unjudged, once, instead of a finding or silence."""
        self.passed_over.setdefault(reason, set()).add(id(subject))

    def setting(self, key: str) -> Any:
        return self.settings.get(key, self.check.defaults[key])

    def finding(
        self,
        subject: dict | ObjectRef,
        message: str,
        *evidence: Evidence,
        remediation: str | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        """A finding of this check. ``severity`` is this finding's blast radius, as the check's ``Severity``
        section documents it; the check's severity (after any configured override) is the default and the
        ceiling."""
        ref = subject if isinstance(subject, ObjectRef) else ObjectRef.of(subject)
        return Finding(
            check_id=self.check.id,
            severity=self.check.severity if severity is None else at_most(severity, self.check.severity),
            object=ref,
            message=message,
            evidence=evidence,
            remediation=remediation or self.check.fix,
            cases=self.check.cases,
            subject=None if isinstance(subject, ObjectRef) else subject,
        )


@dataclass(frozen=True)
class Context(_Run):
    """What a cluster check receives: the inventory, limited to the kinds it reads."""

    inventory: ScopedInventory = field(kw_only=True)

    @property
    def cluster(self) -> ObjectRef:
        """The subject of findings about the cluster as a whole (e.g. every node on one OS image)."""
        cluster_name = self.inventory.collection.cluster.get("name")
        return ObjectRef("kubegap.io/v1", "Cluster", None, cluster_name if isinstance(cluster_name, str) else "cluster")


@dataclass(frozen=True)
class FleetContext(_Run):
    """What a fleet check receives: one member per cluster audited together, and no inventory."""

    members: tuple[Member, ...] = field(kw_only=True)


ClusterRun = Callable[[Context], Iterable[Finding]]
"""A cluster check: what it finds in one cluster's inventory."""
FleetRun = Callable[[FleetContext], Iterable[Finding]]
"""A fleet check: what it finds across the facts each cluster gave it."""
Facts = Callable[[Readable], dict]
"""A fleet check's facts about one cluster, taken from its inventory."""


@dataclass(frozen=True)
class Check:
    id: str
    title: str
    severity: str
    """A finding's default severity and the most it can be: each finding says its own (``Context.finding``)."""
    category: str
    cases: tuple[str, ...]
    fix: str
    run: ClusterRun | FleetRun
    """Takes a :class:`Context`, or a :class:`FleetContext` for a fleet check."""
    reads: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    defaults: dict[str, Any] = field(default_factory=dict)
    setting_types: dict[str, type] = field(default_factory=dict)
    """Each setting's type: its default's, or the type declared for a setting whose default is None."""
    doc: dict[str, str] = field(default_factory=dict)
    precision: Precision = "high"
    """How often a finding is a real gap (SARIF precision): lower it for heuristic checks."""
    scope: Scope = "cluster"
    metadata_only: tuple[str, ...] = ()
    """Kinds the check reads only the metadata of (it counts them): a live audit lists them as metadata."""
    facts: Facts | None = None
    """A fleet check's view of one cluster, as JSON: what it judges the fleet by."""

    def markdown(self) -> str:
        return "\n\n".join(f"### {name}\n\n{self.doc[name]}" for name in DOC_SECTIONS)

    def judge(self, context: Context | FleetContext) -> Iterable[Finding]:
        """What the check finds in ``context``: a fleet check's in a :class:`FleetContext`, a cluster check's in a
        :class:`Context` (``check()`` registers each with the function its scope takes)."""
        if isinstance(context, FleetContext):
            return cast(FleetRun, self.run)(context)
        return cast(ClusterRun, self.run)(context)


_HEADING = re.compile(r"^## (.+)$", re.MULTILINE)


def parse_doc(check_id: str, docstring: str | None) -> dict[str, str]:
    text = inspect.cleandoc(docstring or "")
    parts = _HEADING.split(text)
    sections = {parts[i].strip(): parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}
    missing = [name for name in DOC_SECTIONS if not sections.get(name)]
    if missing or list(sections) != list(DOC_SECTIONS):
        raise ValueError(f"check {check_id}: docstring needs the sections {DOC_SECTIONS} in order; missing {missing}")
    return sections


REGISTRY: dict[str, Check] = {}


def _setting_types(check_id: str, defaults: dict[str, Any], declared: dict[str, type]) -> dict[str, type]:
    untyped = sorted(k for k, v in defaults.items() if v is None and k not in declared)
    if untyped:
        raise ValueError(f"check {check_id}: settings {untyped} default to None and need a type in setting_types")
    unknown = sorted(set(declared) - set(defaults))
    if unknown:
        raise ValueError(f"check {check_id}: setting_types names settings it has no default for: {unknown}")
    return {k: declared.get(k, type(v)) for k, v in defaults.items()}


def _expand_reads(reads: Iterable[str], requires: Iterable[str]) -> tuple[str, ...]:
    kinds = set(reads) | set(requires)
    if WORKLOADS in kinds:
        kinds = (kinds - {WORKLOADS}) | set(WORKLOAD_KINDS)
    return tuple(sorted(kinds))


@overload
def check(
    *,
    id: str,
    title: str,
    severity: Severity,
    category: str,
    cases: Iterable[str],
    fix: str,
    reads: Iterable[str] = (),
    requires: Iterable[str] = (),
    defaults: dict[str, Any] | None = None,
    setting_types: dict[str, type] | None = None,
    precision: Precision = "high",
    scope: Literal["cluster"] = "cluster",
    metadata_only: Iterable[str] = (),
    facts: None = None,
) -> Callable[[Callable[[Context], Iterator[Finding]]], Callable[[Context], Iterator[Finding]]]: ...


@overload
def check(
    *,
    id: str,
    title: str,
    severity: Severity,
    category: str,
    cases: Iterable[str],
    fix: str,
    reads: Iterable[str] = (),
    requires: Iterable[str] = (),
    defaults: dict[str, Any] | None = None,
    setting_types: dict[str, type] | None = None,
    precision: Precision = "high",
    scope: Literal["fleet"],
    metadata_only: Iterable[str] = (),
    facts: Facts,
) -> Callable[[Callable[[FleetContext], Iterator[Finding]]], Callable[[FleetContext], Iterator[Finding]]]: ...


def check(
    *,
    id: str,
    title: str,
    severity: Severity,
    category: str,
    cases: Iterable[str],
    fix: str,
    reads: Iterable[str] = (),
    requires: Iterable[str] = (),
    defaults: dict[str, Any] | None = None,
    setting_types: dict[str, type] | None = None,
    precision: Precision = "high",
    scope: Scope = "cluster",
    metadata_only: Iterable[str] = (),
    facts: Facts | None = None,
) -> Callable[[Callable[[Any], Iterator[Finding]]], Callable[[Any], Iterator[Finding]]]:
    """Register a check. ``requires``: kinds without which it is skipped; ``reads``: every kind it reads.

    ``metadata_only`` names read kinds whose objects the check sees as metadata alone (it counts them):
    its inventory hands them over stripped to ``apiVersion``, ``kind`` and ``metadata``, and a live
    audit lists them as ``PartialObjectMetadataList`` when no other enabled check needs more.

    ``reads`` may name ``"workloads"`` for every kind that carries pod templates (``inventory.workloads``).
    A check can read nothing else: the inventory it receives refuses undeclared kinds. A setting whose
    default is None (unset) declares its type in ``setting_types``.
    """

    def register(fn: Callable[[Any], Iterator[Finding]]) -> Callable[[Any], Iterator[Finding]]:
        if id in REGISTRY:
            raise ValueError(f"check {id} is registered twice")
        cited = tuple(cases)
        if not cited:
            raise ValueError(f"check {id} must cite at least one case")
        REGISTRY[id] = Check(
            id=id,
            title=title,
            severity=severity,
            category=category,
            cases=cited,
            fix=fix,
            run=fn,
            reads=_expand_reads(reads, requires),
            requires=tuple(requires),
            defaults=dict(defaults or {}),
            setting_types=_setting_types(id, defaults or {}, setting_types or {}),
            doc=parse_doc(id, fn.__doc__),
            precision=precision,
            scope=scope,
            metadata_only=tuple(sorted(set(metadata_only))),
            facts=facts,
        )
        if (scope == "fleet") != (facts is not None):
            raise ValueError(f"check {id}: a fleet check, and only a fleet check, takes facts from each cluster")
        if not set(REGISTRY[id].metadata_only) <= set(REGISTRY[id].reads):
            raise ValueError(f"check {id}: metadata_only kinds must be among the kinds it reads")
        return fn

    return register
