"""The audit tools: files (manifests, dumps and snapshots, as ``kubegap audit PATH`` reads them), a live
cluster (through the CLI's read-only guard), and the comparison of two reports. Each audit goes through
the one pipeline every surface shares."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import anyio
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from kubegap.errors import UserError
from kubegap.mcp.arguments import (
    MAX_INLINE_BYTES,
    MAX_PATH_CHARS,
    Cases,
    Checks,
    ContextName,
    Cursor,
    CursorArgument,
    Identifiers,
    Namespaces,
    Paths,
    Severity,
    SeverityLevel,
    case_ids,
    check_ids,
    unknown,
)
from kubegap.mcp.folders import Folders, check_paths

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from kubegap.domain.collection import Collection
    from kubegap.pipeline import AuditOptions
    from kubegap.report.document import Report

T = TypeVar("T")
from kubegap.mcp.paging import (
    GROUPS_PER_PAGE,
    AuditResult,
    compact_report,
    decode_cursor,
    groups,
    json_text,
    objects_page,
    structured,
)

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
"""Read-only: in the protocol, destructive and idempotent hints only mean something for tools that write."""
GroupLimit = Annotated[int, Field(ge=1, le=100)]
Limit = Annotated[GroupLimit, Field(description="Check groups per page.")]
AuditOutput = Annotated[CallToolResult, AuditResult]
"""compact JSON text, and structured content described by :class:`AuditResult`: the one output schema."""
SAME_RESULT = " Other arguments, result: as audit_manifests."


def _audit(
    collect: Callable[[AuditOptions], list[Collection]],
    checks: list[str] | None,
    cases: list[str] | None,
    config_file: Path | None,
    min_severity: str,
    cursor: str | None,
    limit: int,
    names: list[str] | None = None,
    namespaces: list[str] | None = None,
    folder: Path | None = None,
) -> CallToolResult:
    """Audit the collections ``collect(options)`` returns (one per cluster: several snapshots of named clusters are
    a fleet, as on the command line) with the options every surface builds: check and case ids
    (the CLI's ``--check`` and ``--case``) and the configuration file, through the pipeline's
    ``audit_collections`` as the command line does. Locations are relative to ``folder``."""
    from kubegap.pipeline import NothingToAudit, audit_collections, configured_options

    if cursor:
        decode_cursor(cursor)  # refuse a bad cursor before the audit runs
    try:
        options = configured_options(check_ids("checks", checks), config_file, case_ids=case_ids("case", cases))
        outcome = audit_collections(collect(options), options, names or [], namespaces or [])
    except NothingToAudit as nothing:
        reason = (nothing.warnings or [""])[0]
        raise ToolError(f"{nothing}" + (f": {reason}" if reason else "")) from None
    except UserError as exc:
        raise ToolError(str(exc)) from None
    return structured(compact_report(outcome.report, min_severity, cursor, limit, folder))


async def _in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Collection and audit run on a worker thread: the session keeps answering meanwhile."""
    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs))


def kubeconfig_contexts(kubeconfig: str | None) -> tuple[list[str], str | None]:
    """The kubeconfig's context names and the current one: never servers or credentials."""
    from kubegap.sources.kubeconfig import contexts

    try:
        return contexts(kubeconfig)
    except UserError as exc:
        raise ToolError(f"no usable kubeconfig ({exc}): audit files with audit_manifests") from None


def _report(argument: str, path: str, roots: list[Path]) -> Report:
    from kubegap.report.baseline import load_report

    try:
        return load_report(Path(check_paths([path], roots)[0]))
    except UserError as exc:
        raise ToolError(f"{argument}: {exc}") from None


def _diff(old_path: str, new_path: str, roots: list[Path], min_severity: str, limit: int = GROUPS_PER_PAGE) -> dict:
    from kubegap.report.diff import diff_report

    old, new = _report("old", old_path, roots), _report("new", new_path, roots)
    diff = diff_report(old, new, old_path, new_path)
    cases = {**old.cases, **new.cases}
    result: dict = {"summary": diff.summary()}
    for section in ("new", "fixed"):
        ordered = groups(diff.section(section), cases, min_severity, roots[0])
        result[section] = [objects_page(g) for g in ordered[:limit]]
        if len(ordered) > limit:
            result[f"{section}_checks_omitted"] = len(ordered) - limit
    for group in (*result["new"], *result["fixed"]):
        group.pop("next_cursor", None)  # a diff is not paged: its counts say how many objects each group has
    return result


def register(server: MCPServer, folders: Folders, kubeconfig: str | None, config_file: Path | None) -> None:
    @server.tool(
        annotations=READ_ONLY,
        description=(
            "Audit manifests, kubectl dumps or kubegap snapshots (files, directories, inline YAML) for the gaps behind "
            "public incidents: findings by check, worst first, with fix, incidents (id, title, URL) and first objects. "
            "next_cursor: more groups; a group's next_cursor: more objects."
        ),
    )
    async def audit_manifests(
        ctx: Context,
        paths: Annotated[
            Paths,
            Field(description="Files or directories: one cluster (snapshots of differently named clusters: a fleet)."),
        ] = [],  # noqa: B006
        # plain str, not str | None: the SDK would parse a JSON text given here into an object, and refuse it
        yaml: Annotated[str, Field(description="Inline manifests (YAML or JSON), at most 5 MB.")] = "",
        checks: Checks = None,
        case: Cases = None,
        min_severity: Severity = "info",
        cursor: Cursor = None,
        limit: Limit = GROUPS_PER_PAGE,
    ) -> AuditOutput:
        if not paths and not yaml:
            raise ToolError("give paths or inline yaml")
        if len(yaml.encode()) > MAX_INLINE_BYTES:
            raise ToolError(f"inline yaml is larger than {MAX_INLINE_BYTES} bytes; pass a path instead")
        roots = await folders.of(ctx)

        def collect(_options: AuditOptions) -> list[Collection]:
            from kubegap.sources.inline import InlineSource
            from kubegap.sources.targets import collect_paths

            inline = [InlineSource(yaml)] if yaml else []
            return collect_paths(check_paths(paths, roots) if paths else [], confine=roots, also=inline)

        from kubegap.sources.inline import INLINE

        names = [*paths, *([INLINE] if yaml else [])]
        return await _in_thread(
            _audit, collect, checks, case, config_file, min_severity, cursor, limit, names, folder=roots[0]
        )

    @server.tool(
        annotations=READ_ONLY.model_copy(update={"open_world_hint": True}),
        description=(
            "Audit a live cluster through the kubeconfig, read-only (GET only, no Secret data)." + SAME_RESULT
        ),
    )
    async def audit_cluster(
        context: Annotated[ContextName | None, Field(description="Kubeconfig context (default: current).")] = None,
        namespaces: Annotated[Namespaces, Field(description="Only these namespaces.")] = None,
        checks: Identifiers = None,
        case: Identifiers = None,
        min_severity: SeverityLevel = "info",
        cursor: CursorArgument = None,
        limit: GroupLimit = GROUPS_PER_PAGE,
    ) -> CallToolResult:
        from kubegap.sources.kubeclient import in_cluster
        from kubegap.sources.targets import ClusterTarget, collect_cluster, kinds_read, metadata_kinds

        if context is not None or not in_cluster():  # a pod's own service account needs no kubeconfig
            known, _ = await _in_thread(kubeconfig_contexts, kubeconfig)
            if context is not None and context not in known:
                raise unknown("context", "kubeconfig context", context, known, "list_contexts")

        def collect(options: AuditOptions) -> list[Collection]:
            target = ClusterTarget(
                kubeconfig=kubeconfig, contexts=[context] if context else [], namespaces=namespaces or []
            )
            return [collect_cluster(target, kinds_read(options.checks), metadata_kinds(options.checks))]

        return await _in_thread(
            _audit, collect, checks, case, config_file, min_severity, cursor, limit, namespaces=namespaces
        )

    @server.tool(
        annotations=READ_ONLY,
        description=(
            "Compare two kubegap JSON reports: new, fixed and unchanged counts; new and fixed findings by check."
        ),
    )
    async def diff_reports(
        ctx: Context,
        old: Annotated[str, Field(max_length=MAX_PATH_CHARS)],
        new: Annotated[str, Field(max_length=MAX_PATH_CHARS)],
        min_severity: SeverityLevel = "info",
    ) -> CallToolResult:
        roots = await folders.of(ctx)
        return json_text(await _in_thread(_diff, old, new, roots, min_severity))

    @server.tool(annotations=READ_ONLY)
    async def list_contexts() -> CallToolResult:
        """The kubeconfig's context names and the current one (names only)."""
        names, current = await _in_thread(kubeconfig_contexts, kubeconfig)
        return json_text({"contexts": names, "current": current})
