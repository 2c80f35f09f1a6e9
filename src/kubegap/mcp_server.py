"""``kubegap mcp``: the read-only MCP server for AI coding agents (Claude Code, Codex, ...).

Every tool is annotated read-only, non-destructive and idempotent, and goes through the same
pipeline (and, for clusters, the same read-only HTTP guard) as the CLI. Audit results are
structured content described by an output schema, with the same data as compact JSON text:
findings grouped by check, a page of groups and of objects at a time, each continued by an opaque
cursor. Unknown arguments are refused and validation errors are one short line per field. No tool
returns Secret data, tokens, certificates or kubeconfig contents.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import Annotated

from typing_extensions import NotRequired, TypedDict

import orjson
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.server.mcpserver.resources import FunctionResource
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, ValidationError

from kubegap import __version__
from kubegap.checks.base import Severity as SeverityLevel
from kubegap.checks.base import severity_rank
from kubegap.errors import UserError
from kubegap.library.search import MAX_QUERY_CHARS
from kubegap.report.text import evidence_text, object_label, where_label

MAX_INLINE_BYTES = 5 * 1024 * 1024
MAX_PATHS = 200
OBJECTS_PER_PAGE = 10
MAX_ERRORS_SHOWN = 5
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
INSTRUCTIONS = (
    "kubegap audits Kubernetes clusters, snapshots and manifests, read-only, for the configuration gaps "
    "behind public incidents, and serves the Incident Library those checks cite. Nothing here can change a cluster. "
    "Audit with audit_manifests, audit_snapshot or audit_cluster. Each group of findings already carries the fix "
    "and its incidents (id, title, URL): explain a finding from those without further calls; call get_case(id) "
    "only for the incident's full story and explain_check(check_id) only for the check's rationale and example. "
    "Pass a result's next_cursor back (same arguments) for more groups, or a group's next_cursor for more of its "
    "objects. Read summary.kinds_forbidden, not_checked and warnings before calling anything clean."
)

MAX_PATH_CHARS = 4096
"""PATH_MAX: longer path arguments are refused before they could reach an error message."""
MAX_ID_CHARS = 200
MAX_CURSOR_CHARS = 1000
PathArgument = Annotated[str, Field(max_length=MAX_PATH_CHARS)]
Identifier = Annotated[str, Field(max_length=MAX_ID_CHARS)]
"""A check id, case id, category or vocabulary term."""
Severity = Annotated[SeverityLevel, Field(description="Lowest severity to include.")]
Cursor = Annotated[str | None, Field(max_length=MAX_CURSOR_CHARS, description="A next_cursor from an earlier result of this tool with the same arguments.")]
Limit = Annotated[int, Field(ge=1, le=100, description="Check groups per page.")]


class CaseRef(TypedDict):
    id: str
    title: NotRequired[str]
    url: NotRequired[str]


class ObjectEntry(TypedDict):
    object: str
    message: NotRequired[str]
    """Absent when every object of the group has the same message: then it is the group's."""
    detail: NotRequired[str]
    """The offending value (and its container), e.g. ``container app · resources.limits: missing: memory``."""
    location: NotRequired[str]
    """``file:line`` of a manifest finding."""


class Group(TypedDict):
    check_id: str
    title: NotRequired[str]
    severity: str
    message: NotRequired[str]
    """The message every object of the group shares, when they all share one."""
    fix: str
    cases: list[CaseRef]
    count: int
    objects: list[ObjectEntry]
    next_cursor: NotRequired[str]
    """Present when the group has more objects than this page shows."""


class Summary(TypedDict):
    findings: int
    by_severity: dict[str, int]
    suppressed: int
    checks: dict[str, int]
    objects: int
    kinds_forbidden: dict[str, str]
    """Kinds the credentials may not list, with the RBAC rule that would allow it: checks reading them did not run."""
    kinds_failed: dict[str, str]


class AuditResult(TypedDict):
    summary: Summary
    checks_with_findings: int
    groups: list[Group]
    next_cursor: NotRequired[str]
    """Present when more check groups follow: pass it back with the same arguments."""
    not_checked: list[dict]
    warnings: list[str]
    warnings_omitted: int


CHECK_LISTED = ("id", "title", "severity", "category", "cases")
"""The fields of a check's catalog entry that list_checks shows; explain_check adds its documentation and fix."""
CHECK_EXPLAINED = (*CHECK_LISTED, "documentation", "fix")


def _fields(entry: dict, keys: tuple[str, ...]) -> dict:
    return {key: entry[key] for key in keys}


def encode_cursor(position: dict) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(position)).decode().rstrip("=")


def decode_cursor(cursor: str) -> dict:
    """The position a cursor stands for: ``{"group": n}`` or ``{"check": id, "object": n}``."""
    try:
        position = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError):
        position = None
    valid = isinstance(position, dict) and (
        (set(position) == {"group"} and isinstance(position["group"], int) and position["group"] >= 0)
        or (set(position) == {"check", "object"} and isinstance(position["check"], str)
            and isinstance(position["object"], int) and position["object"] >= 0)
    )
    if not valid:
        raise ToolError("invalid cursor: pass a next_cursor from an earlier result unchanged")
    return position


def _groups(report: dict, min_severity: str) -> list[dict]:
    """Findings grouped by check, worst first (then the most objects), every object listed."""
    threshold = severity_rank(min_severity)
    groups: dict[str, dict] = {}
    for finding in report["findings"]:
        if severity_rank(finding["severity"]) > threshold:
            continue
        group = groups.setdefault(finding["check_id"], {
            "check_id": finding["check_id"],
            "title": finding.get("title"),
            "severity": finding["severity"],
            "fix": finding["remediation"],
            "cases": [{"id": c, **{k: v for k, v in report["cases"].get(c, {}).items() if k in ("title", "url")}}
                      for c in finding["cases"]],
            "count": 0,
            "objects": [],
        })
        group["count"] += 1
        entry = {"object": object_label(finding["object"]), "message": finding["message"]}
        if finding["evidence"]:
            entry["detail"] = evidence_text(finding["evidence"][0])
        if (finding.get("location") or {}).get("line"):
            entry["location"] = where_label(finding, brief=True)
        group["objects"].append(entry)
    for group in groups.values():
        messages = {entry["message"] for entry in group["objects"]}
        if len(messages) == 1:
            group["message"] = messages.pop()
            for entry in group["objects"]:
                del entry["message"]
    return sorted(groups.values(), key=lambda g: (severity_rank(g["severity"]), -g["count"], g["check_id"]))


def _objects_page(group: dict, start: int) -> dict:
    page = {**group, "objects": group["objects"][start : start + OBJECTS_PER_PAGE]}
    if start + OBJECTS_PER_PAGE < group["count"]:
        page["next_cursor"] = encode_cursor({"check": group["check_id"], "object": start + OBJECTS_PER_PAGE})
    return page


def compact_report(report: dict, min_severity: str = "info", cursor: str | None = None, limit: int = 20) -> dict:
    """One page of the audit: ``limit`` check groups (or, for a group's cursor, that group's next objects),
    each group showing ``OBJECTS_PER_PAGE`` objects, with the cursors that reach the rest."""
    position = decode_cursor(cursor) if cursor else {"group": 0}
    ordered = _groups(report, min_severity)
    if "check" in position:
        group = next((g for g in ordered if g["check_id"] == position["check"]), None)
        if group is None or position["object"] >= group["count"]:
            raise ToolError("the cursor does not match this audit: call again with the arguments it came from")
        page, following = [_objects_page(group, position["object"])], None
    else:
        start = position["group"]
        page = [_objects_page(g, 0) for g in ordered[start : start + limit]]
        following = start + limit if start + limit < len(ordered) else None
    summary = {
        **report["summary"],
        "kinds_forbidden": report["kinds"]["forbidden"],
        "kinds_failed": report["kinds"]["failed"],
    }
    summary.pop("elapsed_seconds", None)
    result = {
        "summary": summary,
        "checks_with_findings": len(ordered),
        "groups": page,
        "not_checked": [{"check_id": c["check_id"], "status": c["status"], "reason": c["reason"]}
                        for c in report["coverage"] if c["status"] != "ran"],
        "warnings": report["warnings"][:20],
        "warnings_omitted": max(0, len(report["warnings"]) - 20),
    }
    if following is not None:
        result["next_cursor"] = encode_cursor({"group": following})
    return result


def structured(result: dict) -> CallToolResult:
    """``result`` as structured content, and as compact JSON text for clients that read only text."""
    text = orjson.dumps(result).decode()
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=result)


def short_validation_error(tool: str, error: ValidationError) -> str:
    """One line per invalid field (``paths.0: Input should be a valid string``), no input echoed, no links."""
    lines = [
        f"{'.'.join(str(part) for part in e['loc']) or 'arguments'}: {e['msg']}" for e in error.errors()[:MAX_ERRORS_SHOWN]
    ]
    more = error.error_count() - len(lines)
    return f"invalid arguments for {tool}: " + "; ".join(lines) + (f" (and {more} more)" if more > 0 else "")


class KubegapServer(MCPServer):
    """The SDK's server, refusing arguments a tool does not take and shortening validation errors."""

    async def call_tool(self, name, arguments, context=None):
        tool = next((t for t in await self.list_tools() if t.name == name), None)
        if tool is not None:
            known = set(tool.input_schema.get("properties", {}))
            unknown = sorted(set(arguments) - known)
            if unknown:
                shown = ", ".join(repr(a[:MAX_ID_CHARS]) for a in unknown[:MAX_ERRORS_SHOWN])
                raise ToolError(f"unknown argument(s) {shown} for {name}; it takes: {', '.join(sorted(known)) or 'none'}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(short_validation_error(name, exc.__cause__)) from exc.__cause__
            raise


def _check_paths(paths: list[str], roots: list[Path]) -> list[str]:
    from kubegap.sources.manifests import inside

    if len(paths) > MAX_PATHS:
        raise ToolError(f"at most {MAX_PATHS} paths per call")
    resolved = []
    for raw in paths:
        path = Path(raw).expanduser().resolve()
        if not inside(path, roots):
            raise ToolError(f"{raw}: outside the folders this server may read ({', '.join(map(str, roots))})")
        if not path.exists():
            raise ToolError(f"{raw}: no such file or directory")
        resolved.append(str(path))
    return resolved


def missing_namespaces(collection, namespaces: list[str]) -> list[str]:
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
            warnings.append(f"namespace {name!r}: no object was found in it (it may not exist, or nothing there was readable)")
    return warnings


def _audit(collect, checks: list[str] | None, config_file: Path | None, min_severity: str, cursor: str | None, limit: int,
           namespaces: list[str] | None = None) -> CallToolResult:
    """Audit what ``collect(options)`` returns with the options every surface builds: ``--check`` ids and the config file."""
    from kubegap.pipeline import audit, configured_options

    if cursor:
        decode_cursor(cursor)  # refuse a bad cursor before the audit runs
    try:
        options = configured_options(checks, config_file)
        collection = collect(options)
        notes = missing_namespaces(collection, namespaces or [])
        if not collection.resources:
            reason = (notes or collection.warnings or [""])[0]
            raise ToolError("no Kubernetes objects found in the input" + (f": {reason}" if reason else ""))
        report = audit([collection], options)
    except UserError as exc:
        raise ToolError(str(exc)) from None
    report["warnings"] = notes + report["warnings"]
    return structured(compact_report(report, min_severity, cursor, limit))


AuditOutput = Annotated[CallToolResult, AuditResult]
"""An audit tool returns compact JSON text and structured content described by :class:`AuditResult`."""
AUDIT_RESULT = (
    "Returns findings grouped by check (worst first): each group has its fix, its incidents (id, title, URL) and "
    "its objects (message, offending value, file:line for manifests); what was not checked and why; and cursors "
    "for more groups (next_cursor) or more objects of a group (the group's next_cursor)."
)


def _case_markdown(case_id: str) -> str:
    from kubegap.library import load_library
    from kubegap.library.serialize import case_markdown

    library = load_library()
    case = library.case(case_id)
    if case is None:
        raise ResourceNotFoundError(f"no case {case_id[:MAX_ID_CHARS]!r}; list_resources or search_cases lists the cases")
    return case_markdown(case, library)


def build_server(roots: list[Path] | None = None, kubeconfig: str | None = None, config_file: Path | None = None) -> MCPServer:
    """The server; its audits use ``config_file``, else ``.kubegap.yaml`` in the working directory, as the CLI does."""
    roots = [r.resolve() for r in (roots or [Path.cwd()])]
    server = KubegapServer("kubegap", version=__version__, instructions=INSTRUCTIONS)

    @server.tool(annotations=READ_ONLY, description=(
        "Audit Kubernetes manifests (files, directories or inline YAML) for the gaps behind public incidents. "
        + AUDIT_RESULT))
    def audit_manifests(
        paths: Annotated[list[PathArgument], Field(description="YAML/JSON files or directories under the allowed folders.")] = [],  # noqa: B006
        # plain str, not str | None: the SDK would parse a JSON text given here into an object, and refuse it
        yaml: Annotated[str, Field(description="Inline manifests (multi-document YAML or JSON), at most 5 MB.")] = "",
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        cursor: Cursor = None,
        limit: Limit = 20,
    ) -> AuditOutput:
        if not paths and not yaml:
            raise ToolError("give paths or inline yaml")
        if len(yaml.encode()) > MAX_INLINE_BYTES:
            raise ToolError(f"inline yaml is larger than {MAX_INLINE_BYTES} bytes; pass a path instead")

        def collect(_options):
            from kubegap.sources.manifests import ManifestSource, Reader

            collection = ManifestSource(_check_paths(paths, roots), confine=roots).collect() if paths else None
            if yaml:
                reader = Reader()
                reader.read_text(yaml, "<inline>")
                reader.collection.inputs.append({"type": "manifests", "path": "<inline>"})
                if collection is None:
                    return reader.collection
                collection.merge(reader.collection)
            return collection

        return _audit(collect, checks, config_file, min_severity, cursor, limit)

    @server.tool(annotations=READ_ONLY, description=(
        "Audit a saved cluster snapshot offline, with the same coverage information as a live audit. " + AUDIT_RESULT))
    def audit_snapshot(
        path: Annotated[str, Field(max_length=MAX_PATH_CHARS, description="A kubegap snapshot (.json or .json.gz) or a kubectl get -o json dump.")],
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        cursor: Cursor = None,
        limit: Limit = 20,
    ) -> AuditOutput:
        def collect(_options):
            from kubegap.sources.manifests import ManifestSource

            return ManifestSource(_check_paths([path], roots), confine=roots).collect()

        return _audit(collect, checks, config_file, min_severity, cursor, limit)

    @server.tool(annotations=READ_ONLY.model_copy(update={"open_world_hint": True}), description=(
        "Audit a live cluster through the kubeconfig, read-only: only GET requests, never Secret data. Lists exactly "
        "the kinds the selected checks read; kinds that were forbidden or failed are in summary.kinds_forbidden and "
        "kinds_failed and their checks under not_checked, and a namespace asked for that does not exist is named "
        "under warnings, so a partial view is never mistaken for a clean one. " + AUDIT_RESULT))
    def audit_cluster(
        context: Annotated[str | None, Field(max_length=253, description="Kubeconfig context (default: the current one); see list_contexts.")] = None,
        namespaces: Annotated[list[Identifier] | None, Field(description="Only these namespaces (for namespace-scoped credentials).")] = None,
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        cursor: Cursor = None,
        limit: Limit = 20,
    ) -> AuditOutput:
        from kubegap.sources.targets import ClusterTarget, collect_cluster, kinds_read, metadata_kinds

        def collect(options):
            target = ClusterTarget(kubeconfig=kubeconfig, contexts=[context] if context else [], namespaces=namespaces or [], quiet=True)
            return collect_cluster(target, kinds_read(options.checks), metadata_kinds(options.checks))

        return _audit(collect, checks, config_file, min_severity, cursor, limit, namespaces)

    @server.tool(annotations=READ_ONLY)
    def list_contexts() -> CallToolResult:
        """The kubeconfig's context names and which one is current: names only, never servers or credentials."""
        from kubernetes import config

        try:
            contexts, current = config.list_kube_config_contexts(config_file=kubeconfig)
        except (config.ConfigException, OSError) as exc:
            raise ToolError(f"no usable kubeconfig: {exc}") from None
        return structured({
            "contexts": sorted(c["name"] for c in contexts if isinstance(c, dict) and c.get("name")),
            "current": current.get("name") if isinstance(current, dict) else None,
        })

    @server.tool(annotations=READ_ONLY)
    def list_checks(category: Annotated[str | None, Field(max_length=MAX_ID_CHARS, description="Only this category, e.g. gpu, nodes.")] = None) -> CallToolResult:
        """Every check: id, title, severity, category and the incident cases it cites."""
        from kubegap.checks import all_checks
        from kubegap.checks.serialize import check_json
        from kubegap.library import load_library

        library = load_library()
        checks = [c for c in all_checks() if category in (None, c.category)]
        return structured({"checks": [_fields(check_json(c, library), CHECK_LISTED) for c in checks]})

    @server.tool(annotations=READ_ONLY)
    def explain_check(check_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A check id from list_checks.")]) -> CallToolResult:
        """A check's documentation (what it checks, why it matters, example, fix) and the cases it cites."""
        from kubegap.checks import get_check
        from kubegap.checks.serialize import check_json
        from kubegap.library import load_library

        check = get_check(check_id)
        if check is None:
            raise ToolError(f"no check {check_id!r}; call list_checks")
        return structured(_fields(check_json(check, load_library()), CHECK_EXPLAINED))

    @server.tool(annotations=READ_ONLY)
    def search_cases(
        query: Annotated[str | None, Field(max_length=MAX_QUERY_CHARS, description='Words (ranked), "quoted phrases" (required), a OR b, -word (excluded).')] = None,
        root_cause: list[Identifier] | None = None,
        component: list[Identifier] | None = None,
        symptom: list[Identifier] | None = None,
        contributing_factor: list[Identifier] | None = None,
        page: Annotated[int, Field(ge=1, le=1000)] = 1,
        per_page: Annotated[int, Field(ge=1, le=50)] = 10,
    ) -> CallToolResult:
        """Search the Incident Library (full text, ranked) and filter by the four vocabularies; facet counts included."""
        from kubegap.library import load_library
        from kubegap.library.search import UnknownTerm, snippet_text, validate_filters

        library = load_library()
        filters = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": contributing_factor}
        try:
            filters = validate_filters(library, {k: v or [] for k, v in filters.items()})
        except UnknownTerm as exc:
            raise ToolError(str(exc)) from None
        result = library.index.search(query, filters, page, per_page)
        return structured({
            "total": result.total, "studies": result.studies, "page": result.page, "pages": result.pages,
            "cases": [{"id": c.id, "title": c.title, "organization": c.organization, "date": c.date,
                       "summary": c.summary, "url": c.url, "checks": list(c.checks),
                       **({"snippet": snippet_text(result.snippets[c.id])} if c.id in result.snippets else {})}
                      for c in result.cases],
            "facets": {v: dict(counts) for v, counts in result.facets.items()},
        })

    @server.tool(annotations=READ_ONLY)
    def get_case(case_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A case id.")]) -> CallToolResult:
        """One incident case in full: every section, tags, sources and the checks that reveal its gap."""
        from kubegap.library import load_library
        from kubegap.library.serialize import case_json

        case = load_library().case(case_id)
        if case is None:
            raise ToolError(f"no case {case_id!r}; call search_cases")
        return structured(case_json(case))

    @server.resource("kubegap://case/{case_id}", mime_type="text/markdown", description="An incident case as Markdown.")
    def case_resource(case_id: str) -> str:
        return _case_markdown(case_id)

    from kubegap.library import load_library

    for case in load_library().cases:
        server.add_resource(FunctionResource(
            uri=f"kubegap://case/{case.id}", name=case.id, title=case.title, mime_type="text/markdown",
            description=f"{case.organization}, {case.date[:4]}: {case.summary}",
            fn=lambda case_id=case.id: _case_markdown(case_id),
        ))

    @server.prompt()
    def audit_and_plan(target: str = "the current kubeconfig context") -> str:
        """Walk through a read-only audit and turn the findings into a remediation plan."""
        return (
            f"Audit {target} with kubegap, read-only.\n"
            "1. Run the matching audit tool (audit_cluster, audit_snapshot or audit_manifests) with "
            "min_severity 'high' first; while the result has next_cursor, call again with the same arguments and "
            "that cursor. A group with its own next_cursor has more objects: pass that cursor to see them.\n"
            "2. Read summary.kinds_forbidden, not_checked and warnings: say plainly what could not be seen "
            "(forbidden or missing kinds, a namespace that does not exist) before drawing conclusions.\n"
            "3. Each group already carries its fix and its incidents (id, title, URL): use them directly. Call "
            "get_case(id) once per incident you retell, and explain_check only when the rationale or an example "
            "is needed, so each risk is explained by what happened to a real organisation.\n"
            "4. Write a remediation plan ordered by severity and blast radius: the objects, the concrete change "
            "(manifest snippets), how to verify it, and the incidents it prevents. Do not apply changes yourself "
            "unless the user asks; kubegap never changes the cluster.\n"
        )

    @server.prompt()
    def explain_finding(check_id: str) -> str:
        """From one finding to its incident and fix in as few calls as possible."""
        return (
            f"Explain the kubegap finding {check_id!r}.\n"
            "1. The audit result's group for this check already holds the fix, the affected objects with their "
            "offending values, and the incidents (id, title, URL): start from it, no call needed.\n"
            "2. Call get_case with the group's first incident id for what happened, the trigger and the lessons "
            "(or read the resource kubegap://case/ID). Quote only what the case says.\n"
            f"3. Only if the reason or an example is still unclear, call explain_check({check_id!r}).\n"
            "4. Answer with: the risk in one sentence, the incident (organisation, year, URL), and the concrete "
            "change for each object.\n"
        )

    return server


def serve(
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8765,
    roots: list[Path] | None = None,
    kubeconfig: str | None = None,
    config_file: Path | None = None,
) -> None:
    server = build_server(roots, kubeconfig, config_file)
    if transport == "stdio":
        server.run("stdio")
    else:
        from kubegap.hosts import rebinding_protection

        server.run("streamable-http", host=host, port=port, transport_security=rebinding_protection(host))

