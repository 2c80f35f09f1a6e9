"""The whole audit in one call, the same for every surface: the CLI, the MCP server and the web.

``AuditOptions`` is built once from what the user chose (``--check``, ``--baseline``, ...) and the
configuration file; ``audit(collections, options)`` indexes each cluster's collection, runs the
cluster checks on each and, for a fleet (two or more clusters), the fleet checks across them, and
returns the typed report (:mod:`kubegap.report.document`), compared with the baseline when there is one.

The command line and the MCP server end a user's audit through ``audit_collections`` (what the sources
collected) or ``audit_report_files`` (the JSON reports of a fleet's clusters): an :class:`Outcome` that
carries the report, the findings that fail the run and whether the input was partial, so neither works
out its exit policy again; and ``NothingToAudit`` when nothing was read, which neither may show as clean.
The website calls ``audit`` itself only to show a case's reconstruction files, one of which may rightly
hold nothing (the fix that removed the offending object).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kubegap.allocation import bulk_allocation
from kubegap.checks import all_checks
from kubegap.checks.base import Check
from kubegap.config import Config, Exemption, find_config
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.errors import UserError
from kubegap.library import load_library
from kubegap.report.baseline import at_or_above, load_report, with_baseline
from kubegap.report.document import Report, ReportedFinding
from kubegap.report.model import Part, assemble_from_reports, assemble_report
from kubegap.runner import ReportedCluster, fleet_facts, run_checks
from kubegap.severity import Threshold
from kubegap.suggest import did_you_mean
from kubegap.wording import some_and_more


def select_checks(check_ids: Iterable[str] | None) -> list[Check]:
    checks = all_checks()
    wanted = list(check_ids or [])
    if not wanted:
        return checks
    known = {c.id for c in checks}
    unknown = [c for c in wanted if c not in known]
    if unknown:
        raise UserError(
            "; ".join(f"unknown check {c!r}{did_you_mean(c, known)}" for c in unknown) + " (see 'kubegap checks')"
        )
    return [c for c in checks if c.id in wanted]


def case_check_ids(case_ids: Iterable[str] | None) -> list[str]:
    """The checks the given library cases name (``--case``), in order; a case that names none is an error."""
    library = load_library()
    found: list[str] = []
    for case_id in case_ids or ():
        case = library.case(case_id)
        if case is None:
            raise UserError(
                f"unknown case {case_id!r}{did_you_mean(case_id, library.case_ids())} (see 'kubegap cases')"
            )
        if not case.checks:
            raise UserError(f"case {case_id!r} names no check: {case.no_check_reason}")
        found += case.checks
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class AuditOptions:
    """Everything that shapes an audit besides its input."""

    checks: tuple[Check, ...]
    """The checks to run, with the configuration's severities applied."""
    settings: Mapping[str, dict] = field(default_factory=dict)
    exemptions: tuple[Exemption, ...] = ()
    annotation_exemptions: bool = True
    config_path: str | None = None
    baseline: Report | None = None
    baseline_path: str | None = None
    fail_on: Threshold = "high"

    def failing(self, report: Report) -> list[ReportedFinding]:
        """The findings that fail the run: at or above ``fail_on``, and new when there is a baseline."""
        judged = [f for f in report.findings if f.baseline_state != "unchanged"]
        return at_or_above(judged, self.fail_on)


def audit_options(
    check_ids: Iterable[str] | None = None,
    *,
    case_ids: Iterable[str] | None = None,
    config: Config | None = None,
    annotation_exemptions: bool = True,
    baseline: Path | None = None,
    fail_on: Threshold = "high",
) -> AuditOptions:
    """The options for ``--check`` and ``--case`` ids and a loaded configuration (checks chosen run even if disabled)."""
    check_ids = list(dict.fromkeys([*(check_ids or []), *case_check_ids(case_ids)]))
    checks = select_checks(check_ids)
    if config is not None:
        checks = config.apply(checks, chosen_explicitly=bool(check_ids))
    return AuditOptions(
        checks=tuple(checks),
        settings=config.settings() if config else {},
        exemptions=tuple(config.exemptions) if config else (),
        annotation_exemptions=annotation_exemptions,
        config_path=config.path if config else None,
        baseline=load_report(baseline) if baseline is not None else None,
        baseline_path=str(baseline) if baseline is not None else None,
        fail_on=fail_on,
    )


def configured_options(
    check_ids: Iterable[str] | None = None, config_file: Path | None = None, **kwargs: Any
) -> AuditOptions:
    """Options from ``--config PATH``, else ``./.kubegap.yaml`` when present: what every surface uses."""
    return audit_options(check_ids, config=find_config(config_file), **kwargs)


def unique_names(names: list[str | None]) -> list[str]:
    """Cluster names made unique (``prod``, ``prod#2``; ``cluster-3`` for a nameless one) so a fleet's clusters never collide."""
    seen: Counter = Counter()
    unique = []
    for index, name in enumerate(names):
        base = name if isinstance(name, str) and name else f"cluster-{index + 1}"
        seen[base] += 1
        unique.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return unique


def member_names(collections: list[Collection]) -> list[str]:
    return unique_names([c.cluster.get("name") for c in collections])


def _facts(fleet_checks: list[Check], inventory: Inventory) -> dict:
    """Each fleet check's facts about one cluster (those whose required kinds were collected)."""
    found = {}
    for check in fleet_checks:
        try:
            facts = fleet_facts(check, inventory)
        except Exception:  # noqa: BLE001, S112 - the fleet run reports the crash in its coverage
            continue
        if facts is not None:
            found[check.id] = facts
    return found


def _run_options(options: AuditOptions) -> dict[str, Any]:
    """What every ``run_checks`` of one audit is given, beside its inventory and checks."""
    return {
        "annotation_exemptions": options.annotation_exemptions,
        "settings": dict(options.settings),
        "exemptions": options.exemptions,
    }


def audit(collections: list[Collection], options: AuditOptions) -> Report:
    """The report of ``collections``: one cluster, or a fleet when there are several."""
    if not collections:
        raise ValueError("audit needs at least one collection")
    checks = list(options.checks)
    run = _run_options(options)
    fleet_checks = [c for c in checks if c.scope == "fleet"]
    with bulk_allocation():
        inventories = [Inventory(c) for c in collections]
        if len(collections) == 1:
            parts = [
                Part(
                    run_checks(inventories[0], checks, **run),
                    inventories[0],
                    facts=_facts(fleet_checks, inventories[0]),
                )
            ]
        else:
            members = list(zip(member_names(collections), inventories, strict=True))
            cluster_checks = [c for c in checks if c.scope == "cluster"]
            parts = [
                Part(run_checks(inventory, cluster_checks, **run), inventory, name, _facts(fleet_checks, inventory))
                for name, inventory in members
            ]
            parts.append(Part(run_checks(None, fleet_checks, fleet=members, **run), None))
        report = assemble_report(parts, checks, load_library(), options.config_path)  # its objects hold no cycle either
    if options.baseline is not None:
        report = with_baseline(report, options.baseline, options.baseline_path or "baseline")
    return report


def audit_reports(reports: list[tuple[str, Report]], options: AuditOptions) -> Report:
    """A fleet report from the JSON reports of clusters audited one by one (by in-cluster CronJobs, say).

    Each cluster keeps its findings, coverage and summary as its own audit reported them; the fleet
    checks then run over the facts each report carries (``fleet_facts``), so judging hundreds of
    clusters together needs their reports, not credentials to every one of them.
    """
    read = [cluster for source, report in reports for cluster in report.cluster_reports(source)]
    if len(read) < 2:
        raise UserError("a fleet needs the reports of two or more clusters")
    names = unique_names([c.name for c in read])
    clusters = [cluster.renamed(name) for cluster, name in zip(read, names, strict=True)]
    fleet_checks = [c for c in options.checks if c.scope == "fleet"]
    members = [(c.name, ReportedCluster(dict(c.section.fleet_facts))) for c in clusters]
    run = _run_options(options)
    fleet = Part(run_checks(None, fleet_checks, fleet=members, **run), None)
    reported_checks = {k: v for _, report in reports for k, v in report.checks.items()}
    report = assemble_from_reports(clusters, fleet, fleet_checks, reported_checks, load_library(), options.config_path)
    if options.baseline is not None:
        report = with_baseline(report, options.baseline, options.baseline_path or "baseline")
    return report


@dataclass(frozen=True)
class Outcome:
    """How an audit ends, the same for every surface: the report, the findings that fail the run, and whether
    the input was partial. The command line's exit code and the MCP tools' answers are read from it."""

    report: Report
    failing: list[ReportedFinding]
    """The findings at or above ``fail_on`` (new ones only, with a baseline): see ``AuditOptions.failing``."""
    partial: bool
    """Some kind the checks read was forbidden or could not be collected, or some input was left unread."""

    def exit_code(self, fail_on_partial: bool = False) -> int:
        """1 when a finding fails the run; else 3 when the input was partial and that fails it; else 0."""
        return 1 if self.failing else 3 if fail_on_partial and self.partial else 0


class NothingToAudit(UserError):
    """The inputs held no Kubernetes object. ``warnings`` say what reading them found instead (a surface
    shows them with the error), and the message names the inputs, or why each was left unread."""

    def __init__(self, message: str, warnings: list[str]):
        super().__init__(message)
        self.warnings = warnings


def audit_collections(
    collections: list[Collection], options: AuditOptions, names: Sequence[str] = (), namespaces: Sequence[str] = ()
) -> Outcome:
    """Audit what the sources collected: ``names`` are the inputs as the user gave them (files, ``<inline>``),
    ``namespaces`` the ones a live audit was limited to (one that holds nothing is said, in the warnings).
    ``NothingToAudit`` when nothing was collected: an empty audit would read as a clean one."""
    notes = [note for collection in collections for note in missing_namespaces(collection, namespaces)]
    if not any(collection.resources for collection in collections):
        raise _nothing_to_audit(collections, names, notes)
    report = audit(collections, options).with_warnings_first(notes)
    return Outcome(report, options.failing(report), any(collection.partial for collection in collections))


def audit_report_files(reports: list[tuple[str, Report]], options: AuditOptions) -> Outcome:
    """A fleet's audit from the JSON reports of its clusters (``audit_reports``), as an outcome: partial when
    some cluster's own audit was."""
    report = audit_reports(reports, options)
    partial = any(section.partial for section in report.clusters or ())
    return Outcome(report, options.failing(report), partial)


def missing_namespaces(collection: Collection, namespaces: Sequence[str]) -> list[str]:
    """Warnings for asked-for namespaces that hold nothing that was read: said not to exist when the
    Namespaces were listed and it is not one of them."""
    used = {r.get("metadata", {}).get("namespace") for r in collection.resources}
    existing = {r.get("metadata", {}).get("name") for r in collection.resources if r.get("kind") == "Namespace"}
    warnings = []
    for name in namespaces:
        if name in used:
            continue
        if existing and name not in existing:
            warnings.append(f"namespace {name!r} does not exist in this cluster")
        elif name not in existing:
            warnings.append(
                f"namespace {name!r}: no object was found in it (it may not exist, or nothing there was readable)"
            )
    return warnings


FORBIDDEN_SHOWN = 5
"""How many forbidden kinds an error about an empty collection names before it counts the rest."""


def _nothing_to_audit(collections: list[Collection], names: Sequence[str], notes: list[str]) -> NothingToAudit:
    warnings = notes + [warning for collection in collections for warning in collection.warnings]
    forbidden = {kind: why for collection in collections for kind, why in sorted(collection.forbidden.items())}
    if forbidden:  # RBAC let nothing be read: the reason, not just the emptiness
        shown = some_and_more([f"{kind} ({why})" for kind, why in forbidden.items()], FORBIDDEN_SHOWN)
        warnings.append(f"{len(forbidden)} kind(s) forbidden by RBAC: {shown}")
    if not names:
        names = [
            f"cluster {entry.get('context') or '(the current context)'}"
            for collection in collections
            for entry in collection.inputs
            if entry.get("type") == "cluster"
        ]
    unread = [
        (entry["path"], entry["unread"][entry["path"]])
        for collection in collections
        for entry in collection.inputs
        if entry.get("path") in entry.get("unread", {})
    ]
    if names and len(unread) == len(names):  # each input left unread: say why, not just that nothing was found
        return NothingToAudit("; ".join(f"{name}: {why}: not read" for name, why in unread), warnings)
    return NothingToAudit(f"no Kubernetes objects found in {', '.join(names) if names else 'the input'}", warnings)
