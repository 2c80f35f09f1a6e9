"""Prompts a user picks by name (in Claude Code, ``/mcp__kubegap__check_for_incident``): each carries what
the library already knows, so the agent starts with the checks, fix and incident in hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from kubegap.mcp.arguments import MAX_ID_CHARS, case_ids, check_ids

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

AUDIT_TOOLS = "audit_cluster (a live cluster) or audit_manifests (manifests, dumps or snapshots, by path or inline)"
CURRENT_CONTEXT = "the current kubeconfig context"


def _refused(error: ToolError) -> MCPError:
    """A prompt's unknown argument, said as plainly as a tool's."""
    return MCPError(code=INVALID_PARAMS, message=str(error))


def register(server: MCPServer) -> None:
    @server.prompt()
    def check_for_incident(case_id: str, target: str = CURRENT_CONTEXT) -> str:
        """Check a cluster, snapshot or manifests for the gap behind one incident of the library."""
        from kubegap.library import load_library

        try:
            case_ids("case_id", [case_id[:MAX_ID_CHARS]])
        except ToolError as error:
            raise _refused(error) from None
        case = load_library().case(case_id)
        assert case is not None, "case_ids refuses an id the library does not hold"
        if not case.checks:
            return (
                f"The incident {case.title!r} ({case.organization}, {case.year}) names no check kubegap can run: "
                f"{case.no_check_reason} Tell the user so, with its URL {case.url}."
            )
        return (
            f"Could what happened to {case.organization} in {case.year} happen to {target}?\n"
            f"The incident: {case.title} ({case.url}). {case.summary}\n"
            f"The checks that reveal its gap: {', '.join(case.checks)}.\n"
            f"1. Call {AUDIT_TOOLS} for {target} with case={case.id!r}: it runs exactly those checks.\n"
            "2. Each group of the result is an exposure: name the objects, the offending value and the group's fix.\n"
            "3. No group is not a clean bill until summary.kinds_forbidden, not_checked and warnings are empty: say "
            "what could not be seen.\n"
            "4. Answer in a few lines: exposed or not, where, the concrete change, and the incident's URL. "
            "kubegap changes nothing; do not apply changes unless the user asks.\n"
        )

    @server.prompt()
    def explain_finding(check_id: str, object: str = "") -> str:
        """From one finding to the incident behind it and the change that closes it."""
        from kubegap.checks import get_check
        from kubegap.library import load_library
        from kubegap.library.serialize import case_ref

        try:
            check_ids("check_id", [check_id[:MAX_ID_CHARS]])
        except ToolError as error:
            raise _refused(error) from None
        check, library = get_check(check_id), load_library()
        assert check is not None, "check_ids refuses an id no check has"
        incidents = "; ".join(
            f"{r['id']}: {r.get('title', '')} {r.get('url', '')}".strip()
            for r in (case_ref(library, c) for c in check.cases)
        )
        subject = f" on {object}" if object else ""
        return (
            f"Explain the kubegap finding {check_id!r}{subject}: {check.title}.\n"
            f"Why it matters: {check.doc['Why it matters']}\n"
            f"Fix: {check.fix}\n"
            f"Incidents: {incidents}\n"
            "1. The audit result's group for this check holds the objects and their offending values: start there.\n"
            "2. For what happened, call get_case with the incident id (or read kubegap://case/ID); quote only what it says.\n"
            "3. Answer with the risk in one sentence, the incident (organisation, year, URL), and the concrete change "
            "(a manifest snippet) for each object.\n"
        )

    @server.prompt()
    def audit_and_plan(target: str = CURRENT_CONTEXT) -> str:
        """Walk through a read-only audit and turn the findings into a remediation plan."""
        return (
            f"Audit {target} with kubegap, read-only.\n"
            f"1. Call {AUDIT_TOOLS} with min_severity 'high' first; while the result has next_cursor, call again with the "
            "same arguments and that cursor. A group with its own next_cursor has more objects: pass that cursor to see them.\n"
            "2. Read summary.kinds_forbidden, not_checked and warnings: say plainly what could not be seen (forbidden or "
            "missing kinds, a namespace that does not exist) before drawing conclusions.\n"
            "3. Each group already carries its fix and its incidents (id, title, URL): use them directly. Call get_case(id) "
            "once per incident you retell, and explain_check only when the rationale or an example is needed.\n"
            "4. Write a remediation plan ordered by severity and blast radius: the objects, the concrete change (manifest "
            "snippets), how to verify it (audit again with checks=[id]), and the incidents it prevents. Do not apply "
            "changes yourself unless the user asks; kubegap never changes the cluster.\n"
        )
