"""``kubegap mcp``: the read-only MCP server for AI coding agents (Claude Code, Codex, ...).

Every tool is annotated read-only, non-destructive and idempotent, and goes through the same
pipeline (and, for clusters, the same read-only HTTP guard) as the CLI. Results are compact:
findings grouped by check and capped, with counts of what was left out and how to page. No tool
returns Secret data, tokens, certificates or kubeconfig contents.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from kubegap import __version__
from kubegap.checks.base import Severity as SeverityLevel
from kubegap.checks.base import severity_rank
from kubegap.errors import UserError
from kubegap.library.search import MAX_QUERY_CHARS

MAX_INLINE_BYTES = 5 * 1024 * 1024
MAX_PATHS = 200
OBJECTS_PER_CHECK = 10
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
INSTRUCTIONS = (
    "kubegap audits Kubernetes clusters, snapshots and manifests, read-only, for the configuration gaps "
    "behind public incidents, and serves the Incident Library those checks cite. Start with audit_manifests, "
    "audit_snapshot or audit_cluster; explain a finding with explain_check and get_case; search_cases finds "
    "precedents. Nothing here can change a cluster."
)

MAX_PATH_CHARS = 4096
"""PATH_MAX: longer path arguments are refused before they could reach an error message."""
MAX_ID_CHARS = 200
PathArgument = Annotated[str, Field(max_length=MAX_PATH_CHARS)]
Identifier = Annotated[str, Field(max_length=MAX_ID_CHARS)]
"""A check id, case id, category or vocabulary term."""
Severity = Annotated[SeverityLevel, Field(description="Lowest severity to include.")]


def _case_brief(library, case_id: str) -> dict:
    case = library.case(case_id)
    return {"id": case_id, "title": case.title, "url": case.url} if case else {"id": case_id}


def compact_report(report: dict, min_severity: str = "info", offset: int = 0, limit: int = 20) -> dict:
    """Findings grouped by check, worst first, ``limit`` groups from ``offset``, objects capped per group."""
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
            "cases": [{"id": c, **report["cases"].get(c, {})} for c in finding["cases"]],
            "count": 0,
            "objects": [],
        })
        group["count"] += 1
        if len(group["objects"]) < OBJECTS_PER_CHECK:
            obj = finding["object"]
            where = f"{obj['namespace']}/" if obj.get("namespace") else ""
            entry = {"object": f"{obj['kind']} {where}{obj['name']}", "message": finding["message"]}
            if finding.get("location"):
                entry["location"] = finding["location"]
            group["objects"].append(entry)
    ordered = sorted(groups.values(), key=lambda g: (severity_rank(g["severity"]), -g["count"], g["check_id"]))
    page = ordered[offset : offset + limit]
    for group in page:
        group["objects_omitted"] = group["count"] - len(group["objects"])
    remaining = max(0, len(ordered) - offset - len(page))
    return {
        "summary": report["summary"],
        "checks_with_findings": len(ordered),
        "groups": page,
        "groups_omitted": remaining,
        "next_offset": offset + len(page) if remaining else None,
        "not_checked": [c for c in report["coverage"] if c["status"] != "ran"],
        "warnings": report["warnings"][:20],
        "warnings_omitted": max(0, len(report["warnings"]) - 20),
    }


def _check_paths(paths: list[str], roots: list[Path]) -> list[str]:
    if len(paths) > MAX_PATHS:
        raise ToolError(f"at most {MAX_PATHS} paths per call")
    resolved = []
    for raw in paths:
        path = Path(raw).expanduser().resolve()
        if not any(path == root or root in path.parents for root in roots):
            raise ToolError(f"{raw}: outside the folders this server may read ({', '.join(map(str, roots))})")
        if not path.exists():
            raise ToolError(f"{raw}: no such file or directory")
        resolved.append(str(path))
    return resolved


def _audit(collect, checks: list[str] | None, config_file: Path | None, min_severity: str, offset: int, limit: int) -> dict:
    """Audit what ``collect(options)`` returns with the options every surface builds: ``--check`` ids and the config file."""
    from kubegap.pipeline import audit, configured_options

    try:
        options = configured_options(checks, config_file)
        collection = collect(options)
        if not collection.resources:
            raise ToolError("no Kubernetes objects found in the input" + (f": {collection.warnings[0]}" if collection.warnings else ""))
        report = audit([collection], options)
    except UserError as exc:
        raise ToolError(str(exc)) from None
    return compact_report(report, min_severity, offset, limit)


def build_server(roots: list[Path] | None = None, kubeconfig: str | None = None, config_file: Path | None = None) -> MCPServer:
    """The server; its audits use ``config_file``, else ``.kubegap.yaml`` in the working directory, as the CLI does."""
    roots = [r.resolve() for r in (roots or [Path.cwd()])]
    server = MCPServer("kubegap", version=__version__, instructions=INSTRUCTIONS)

    @server.tool(annotations=READ_ONLY)
    def audit_manifests(
        paths: Annotated[list[PathArgument], Field(description="YAML/JSON files or directories under the allowed folders.")] = [],  # noqa: B006
        yaml: Annotated[str | None, Field(description="Inline manifests (multi-document YAML or JSON), at most 5 MB.")] = None,
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        offset: Annotated[int, Field(ge=0, description="Skip this many check groups (paging).")] = 0,
        limit: Annotated[int, Field(ge=1, le=100, description="Check groups per page.")] = 20,
    ) -> dict:
        """Audit Kubernetes manifests (files, directories or inline YAML) for the gaps behind public incidents.

        Returns findings grouped by check (worst first) with the objects affected, the fix, and the cited
        incident cases with their source URLs; plus what could not be checked and why."""
        if not paths and not yaml:
            raise ToolError("give paths or inline yaml")
        if yaml is not None and len(yaml.encode()) > MAX_INLINE_BYTES:
            raise ToolError(f"inline yaml is larger than {MAX_INLINE_BYTES} bytes; pass a path instead")

        def collect(_options):
            from kubegap.sources.manifests import ManifestSource, Reader

            collection = ManifestSource(_check_paths(paths, roots)).collect() if paths else None
            if yaml:
                reader = Reader()
                reader.read_text(yaml, "<inline>")
                reader.collection.inputs.append({"type": "manifests", "path": "<inline>"})
                if collection is None:
                    return reader.collection
                collection.merge(reader.collection)
            return collection

        return _audit(collect, checks, config_file, min_severity, offset, limit)

    @server.tool(annotations=READ_ONLY)
    def audit_snapshot(
        path: Annotated[str, Field(max_length=MAX_PATH_CHARS, description="A kubegap snapshot (.json or .json.gz) or a kubectl get -o json dump.")],
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        offset: Annotated[int, Field(ge=0)] = 0,
        limit: Annotated[int, Field(ge=1, le=100)] = 20,
    ) -> dict:
        """Audit a saved cluster snapshot offline, with the same coverage information as a live audit."""

        def collect(_options):
            from kubegap.sources.manifests import ManifestSource

            return ManifestSource(_check_paths([path], roots)).collect()

        return _audit(collect, checks, config_file, min_severity, offset, limit)

    @server.tool(annotations=READ_ONLY.model_copy(update={"open_world_hint": True}))
    def audit_cluster(
        context: Annotated[str | None, Field(max_length=253, description="Kubeconfig context (default: the current one); see list_contexts.")] = None,
        namespaces: Annotated[list[Identifier] | None, Field(description="Only these namespaces (for namespace-scoped credentials).")] = None,
        checks: Annotated[list[Identifier] | None, Field(description="Only these check ids.")] = None,
        min_severity: Severity = "info",
        offset: Annotated[int, Field(ge=0)] = 0,
        limit: Annotated[int, Field(ge=1, le=100)] = 20,
    ) -> dict:
        """Audit a live cluster through the kubeconfig, read-only: only GET requests, never Secret data.

        Lists exactly the kinds the selected checks read; kinds that were forbidden or failed are reported
        under not_checked and in the summary, so a partial view is never mistaken for a clean one."""
        from kubegap.sources.targets import ClusterTarget, collect_cluster, kinds_read

        def collect(options):
            target = ClusterTarget(kubeconfig=kubeconfig, contexts=[context] if context else [], namespaces=namespaces or [], quiet=True)
            return collect_cluster(target, kinds_read(options.checks))

        return _audit(collect, checks, config_file, min_severity, offset, limit)

    @server.tool(annotations=READ_ONLY)
    def list_contexts() -> dict:
        """The kubeconfig's context names and which one is current: names only, never servers or credentials."""
        from kubernetes import config

        try:
            contexts, current = config.list_kube_config_contexts(config_file=kubeconfig)
        except (config.ConfigException, OSError) as exc:
            raise ToolError(f"no usable kubeconfig: {exc}") from None
        return {
            "contexts": sorted(c["name"] for c in contexts if isinstance(c, dict) and c.get("name")),
            "current": current.get("name") if isinstance(current, dict) else None,
        }

    @server.tool(annotations=READ_ONLY)
    def list_checks(category: Annotated[str | None, Field(max_length=MAX_ID_CHARS, description="Only this category, e.g. gpu, nodes.")] = None) -> dict:
        """Every check: id, title, severity, category and the incident cases it cites."""
        from kubegap.checks import all_checks
        from kubegap.library import load_library

        library = load_library()
        checks = [c for c in all_checks() if category in (None, c.category)]
        return {"checks": [
            {"id": c.id, "title": c.title, "severity": c.severity, "category": c.category,
             "cases": [_case_brief(library, i) for i in c.cases]}
            for c in checks
        ]}

    @server.tool(annotations=READ_ONLY)
    def explain_check(check_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A check id from list_checks.")]) -> dict:
        """A check's documentation (what it checks, why it matters, example, fix) and the cases it cites."""
        from kubegap.checks import get_check
        from kubegap.library import load_library

        check = get_check(check_id)
        if check is None:
            raise ToolError(f"no check {check_id!r}; call list_checks")
        library = load_library()
        return {"id": check.id, "title": check.title, "severity": check.severity, "category": check.category,
                "documentation": check.doc, "fix": check.fix, "cases": [_case_brief(library, i) for i in check.cases]}

    @server.tool(annotations=READ_ONLY)
    def search_cases(
        query: Annotated[str | None, Field(max_length=MAX_QUERY_CHARS, description='Words and "quoted phrases".')] = None,
        root_cause: list[Identifier] | None = None,
        component: list[Identifier] | None = None,
        symptom: list[Identifier] | None = None,
        contributing_factor: list[Identifier] | None = None,
        page: Annotated[int, Field(ge=1, le=1000)] = 1,
        per_page: Annotated[int, Field(ge=1, le=50)] = 10,
    ) -> dict:
        """Search the Incident Library (full text, ranked) and filter by the four vocabularies; facet counts included."""
        from kubegap.library import load_library

        library = load_library()
        filters = {"root_cause": root_cause, "component": component, "symptom": symptom, "contributing_factor": contributing_factor}
        for vocabulary, terms in filters.items():
            for term in terms or ():
                if library.term(vocabulary, term) is None:
                    raise ToolError(f"no {vocabulary} term {term!r}")
        result = library.index.search(query, {k: v for k, v in filters.items() if v}, page, per_page)
        return {
            "total": result.total, "page": result.page, "pages": result.pages,
            "cases": [{"id": c.id, "title": c.title, "organization": c.organization, "date": c.date,
                       "summary": c.summary, "url": c.url, "checks": list(c.checks)} for c in result.cases],
            "facets": {v: dict(counts) for v, counts in result.facets.items()},
        }

    @server.tool(annotations=READ_ONLY)
    def get_case(case_id: Annotated[str, Field(max_length=MAX_ID_CHARS, description="A case id.")]) -> dict:
        """One incident case in full: every section, tags, sources and the checks that reveal its gap."""
        from kubegap.library import load_library

        case = load_library().case(case_id)
        if case is None:
            raise ToolError(f"no case {case_id!r}; call search_cases")
        return case.model_dump(mode="json", exclude_none=True)

    @server.resource("kubegap://case/{case_id}", mime_type="text/markdown", description="An incident case as Markdown.")
    def case_resource(case_id: str) -> str:
        from kubegap.library import load_library
        from kubegap.library.serialize import case_markdown

        library = load_library()
        case = library.case(case_id)
        if case is None:
            raise ValueError(f"no case {case_id!r}")
        return case_markdown(case, library)

    @server.prompt()
    def audit_and_plan(target: str = "the current kubeconfig context") -> str:
        """Walk through a read-only audit and turn the findings into a remediation plan."""
        return (
            f"Audit {target} with kubegap, read-only.\n"
            "1. Run the matching audit tool (audit_cluster, audit_snapshot or audit_manifests) with "
            "min_severity 'high' first; page with offset while next_offset is set.\n"
            "2. Read not_checked: say plainly what could not be seen (forbidden or missing kinds) before "
            "drawing conclusions.\n"
            "3. For each check group, call explain_check and get_case for the cited incidents, so each risk "
            "is explained by what happened to a real organisation.\n"
            "4. Write a remediation plan ordered by severity and blast radius: the objects, the concrete change "
            "(manifest snippets), how to verify it, and the incidents it prevents. Do not apply changes yourself "
            "unless the user asks; kubegap never changes the cluster.\n"
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
        server.run("streamable-http", host=host, port=port)

