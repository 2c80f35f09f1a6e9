"""Run checks over an inventory: findings, suppressed findings, and coverage for every check.

A check that crashes is isolated: its coverage says ``error`` with the exception, and the audit
goes on. A check whose required kinds were not collected is ``skipped`` with the reason. Cluster
checks run over one inventory; fleet checks over every member of a fleet (and are skipped, with
that reason, when one cluster is audited alone).
Findings are suppressed by annotations on their object, then by the config file's exemption
rules; an expired rule suppresses nothing and is listed with the findings it would have hidden.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from kubegap.checks.base import Check, Context, Finding, FleetContext, Member, Skip
from kubegap.domain.exemptions import ignore_reason, ignore_rules, ignores
from kubegap.domain.inventory import Inventory
from kubegap.domain.resources import ObjectRef
from kubegap.domain.scoped_inventory import ScopedInventory
from kubegap.severity import severity_rank

if TYPE_CHECKING:
    from kubegap.config import Exemption


@dataclass(frozen=True, slots=True)
class Coverage:
    check_id: str
    status: str  # ran | skipped | error
    reason: str | None = None
    findings: int = 0
    unjudged: tuple[tuple[str, int], ...] = ()
    """For a check that ran: ``(reason, objects)`` for the objects it could not judge (an absence on an open world)."""


@dataclass(frozen=True, slots=True)
class Suppressed:
    finding: Finding
    reason: str
    by: str  # "annotation" or "config"


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    suppressed: list[Suppressed] = field(default_factory=list)
    coverage: list[Coverage] = field(default_factory=list)
    expired_exemptions: list[tuple[Exemption, int]] = field(default_factory=list)
    """Config rules past their expiry date, each with the number of findings it would have suppressed."""
    elapsed: float = 0.0


def _annotation_exemption(finding: Finding, read: dict[int, list[tuple[set[str], str]]] | None = None) -> str | None:
    """The ignore-reason when the object, or one of its pod templates, exempts this check.

    ``read`` keeps each object's rules by ``id`` for the rest of an audit: an object often has findings of several checks."""
    subject = finding.subject
    if subject is None:
        return None
    rules = read.get(id(subject)) if read is not None else None
    if rules is None:
        rules = ignore_rules(subject)
        if read is not None:
            read[id(subject)] = rules
    return ignore_reason(rules, finding.check_id)


def _one_per_object(findings: list[Finding]) -> list[Finding]:
    """One finding per object and gap.

    Manifests can define one object several times (alternative install files, a copy per
    environment). Findings equal in check, object, message and evidence, on definitions exempted
    alike, become the first one, which keeps the others in ``also`` for their locations."""
    slots: dict[tuple, list[int]] = {}
    merged: list[Finding] = []
    for finding in findings:
        same = slots.setdefault((finding.object, finding.message), [])
        for slot in same:
            kept = merged[slot]
            if kept == finding and _annotation_exemption(kept) == _annotation_exemption(finding):
                merged[slot] = replace(kept, also=(*kept.also, finding.subject))
                break
        else:
            same.append(len(merged))
            merged.append(finding)
    return merged


def _run(check: Check, context: Context | FleetContext) -> tuple[Coverage, list[Finding]]:
    try:
        findings = _one_per_object(list(check.judge(context)))
    except Skip as skip:
        return Coverage(check.id, "skipped", f"not applicable: {skip}"), []
    except Exception as exc:  # noqa: BLE001 - a crashing check must not end the audit
        return Coverage(check.id, "error", f"{type(exc).__name__}: {exc}"), []
    unjudged = tuple((reason, len(objects)) for reason, objects in sorted(context.passed_over.items()))
    return Coverage(check.id, "ran", None, len(findings), unjudged), findings


def run_check(
    check: Check,
    inventory: Inventory,
    settings: dict | None = None,
    running: frozenset[str] | None = None,
    exempts: Callable[[dict], bool] | None = None,
) -> tuple[Coverage, list[Finding]]:
    """One check over the inventory; ``running`` names the checks of the whole audit (``Context.left_to``), and
    ``exempts`` tells the objects whose findings of this check the audit suppresses (``Context.exempts``; by
    default, those whose ignore annotation names it, as ``run_checks`` does by default)."""
    missing = [k for k in check.requires if not inventory.collected(k)]
    if missing:
        return Coverage(check.id, "skipped", "; ".join(inventory.why_missing(k) for k in missing)), []
    if check.scope == "fleet":
        return Coverage(
            check.id, "skipped", "a fleet check: it runs when two or more clusters are audited together"
        ), []
    scoped = ScopedInventory(inventory, check.id, check.reads, check.metadata_only)
    exempts = exempts or _exemption_test(check.id, True, ())
    return _run(check, Context(check, settings or {}, running=running, exempts=exempts, inventory=scoped))


def fleet_facts(check: Check, inventory: Inventory) -> dict | None:
    """What a fleet check needs of one cluster, as JSON; None when a kind it requires was not collected."""
    if check.facts is None or any(not inventory.collected(k) for k in check.requires):
        return None
    return check.facts(ScopedInventory(inventory, check.id, check.reads, check.metadata_only))


@dataclass(frozen=True)
class ReportedCluster:
    """A cluster known from its JSON report: the facts it carries for each fleet check (``fleet_facts``)."""

    facts: dict


def run_fleet_check(
    check: Check, members: Sequence[tuple[str, Inventory | ReportedCluster]], settings: dict | None = None
) -> tuple[Coverage, list[Finding]]:
    """A fleet check over every cluster of the fleet, each named and given as its inventory or its report;
    skipped when a cluster lacks a required kind (or its report, the check's facts)."""
    gathered: list[Member] = []
    missing: list[str] = []
    for name, source in members:
        facts = None
        if isinstance(source, ReportedCluster):
            facts = source.facts.get(check.id)
        elif isinstance(source, Inventory):
            reasons = [source.why_missing(k) for k in check.requires if not source.collected(k)]
            if reasons:
                missing.append(f"{name}: {'; '.join(reasons)}")
                continue
            try:
                facts = fleet_facts(check, source)
            except Exception as exc:  # noqa: BLE001 - a crashing check must not end the audit
                return Coverage(check.id, "error", f"{type(exc).__name__}: {exc}"), []
        if not isinstance(facts, dict):
            missing.append(f"{name}: its report carries no facts for this check (a kind it needs was not collected)")
            continue
        gathered.append(Member(name, facts))
    if missing:
        return Coverage(check.id, "skipped", "; ".join(missing)), []
    return _run(check, FleetContext(check, settings or {}, members=tuple(gathered)))


def _exemption_test(check_id: str, annotations: bool, rules: Sequence[Exemption]) -> Callable[[dict], bool]:
    """Whether the audit suppresses ``check_id``'s finding on an object: by its ignore annotation, where annotations
    count, or by a configured rule in force (the tests ``run_checks`` applies to findings, asked of an object)."""

    def exempts(subject: dict) -> bool:
        if annotations and ignores(subject, check_id):
            return True
        ref = ObjectRef.of(subject)
        return any(rule.covers(check_id, ref) for rule in rules)

    return exempts


def run_checks(
    inventory: Inventory | None,
    checks: list[Check],
    *,
    annotation_exemptions: bool = True,
    settings: dict[str, dict] | None = None,
    exemptions: Sequence[Exemption] = (),
    today: dt.date | None = None,
    fleet: Sequence[tuple[str, Inventory | ReportedCluster]] = (),
) -> RunResult:
    """Run ``checks`` over ``inventory``, or, given ``fleet`` (clusters named with their inventory or their
    report's facts), the fleet checks over the fleet."""
    started = time.perf_counter()
    result = RunResult()
    today = today or dt.datetime.now(dt.UTC).date()
    active = [rule for rule in exemptions if not rule.expired(today)]
    expired = [rule for rule in exemptions if rule.expired(today)]
    would_suppress = [0] * len(expired)
    ignore_rules: dict[int, list[tuple[set[str], str]]] = {}
    running = frozenset(check.id for check in checks)
    for check in checks:
        check_settings = (settings or {}).get(check.id)
        if fleet:
            coverage, findings = run_fleet_check(check, fleet, check_settings)
        else:
            assert inventory is not None, "a cluster's audit runs over its inventory"
            exempts = _exemption_test(check.id, annotation_exemptions, active)
            coverage, findings = run_check(check, inventory, check_settings, running, exempts)
        result.coverage.append(coverage)
        for finding in findings:
            reason = _annotation_exemption(finding, ignore_rules) if annotation_exemptions else None
            if reason is not None:
                result.suppressed.append(Suppressed(finding, reason, "annotation"))
                continue
            rule = next((r for r in active if r.matches(finding)), None)
            if rule is not None:
                result.suppressed.append(Suppressed(finding, rule.reason, "config"))
                continue
            result.findings.append(finding)
            for index, expired_rule in enumerate(expired):
                would_suppress[index] += expired_rule.matches(finding)
    result.expired_exemptions = list(zip(expired, would_suppress, strict=True))
    result.findings.sort(
        key=lambda f: (severity_rank(f.severity), f.check_id, f.object.namespace or "", f.object.kind, f.object.name)
    )
    result.elapsed = time.perf_counter() - started
    return result
