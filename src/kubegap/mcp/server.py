"""``kubegap mcp``: the read-only MCP server for AI coding agents (Claude Code, Codex, ...).

Every tool is annotated read-only (which, in the protocol, makes it non-destructive and idempotent)
and goes through the same pipeline (and, for clusters, the same read-only HTTP guard) as the CLI.
What a session pays before its first answer is kept small: tool schemas without titles or null
alternatives, one output schema (audit_manifests'; audit_cluster returns the same shape), and short
answers that grow on request.
Unknown arguments are refused and validation errors are one short line per field. No tool returns
Secret data, tokens, certificates or kubeconfig contents.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, InputRequiredResult
from mcp.types import Tool as MCPTool
from pydantic import ValidationError

from kubegap import __version__
from kubegap.mcp import audit_tools, library_tools, prompts, resources
from kubegap.mcp.arguments import MAX_ERRORS_SHOWN, MAX_ID_CHARS, short_validation_error
from kubegap.mcp.folders import Folders

INSTRUCTIONS = (
    "kubegap audits Kubernetes manifests, snapshots and clusters, read-only, for the configuration gaps behind public "
    "incidents, and serves the Incident Library those checks cite. Nothing here can change a cluster. "
    "Paths are relative to the project. To ask 'could incident X happen to us', pass case=X to an audit tool. "
    "Each finding group carries its fix and incidents (id, title, URL): explain from those; get_case tells an "
    "incident in full. Read summary.kinds_forbidden, not_checked and warnings before calling anything clean."
)
SCHEMA_MAPS = ("properties", "$defs", "patternProperties")


def compact_schema(schema: dict) -> dict:
    """``schema`` without what a model need not read: titles, length limits (which validation still
    enforces), and an optional argument's null alternative and empty default (leaving it out means the same)."""
    compact: dict = {}
    for key, value in schema.items():
        if key in ("title", "maxLength") or (key == "default" and value in (None, [])):
            continue
        if key in SCHEMA_MAPS:
            compact[key] = {name: compact_schema(sub) for name, sub in value.items()}
        elif key == "anyOf":
            options = [compact_schema(option) for option in value if option != {"type": "null"}]
            if len(options) == 1:
                compact.update(options[0])
            else:
                compact[key] = options
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            compact[key] = compact_schema(value)
        else:
            compact[key] = value
    return compact


class KubegapServer(MCPServer):
    """The SDK's server, listing compact tool schemas, refusing arguments a tool does not take and
    shortening validation errors."""

    async def list_tools(self) -> list[MCPTool]:
        return [
            tool.model_copy(
                update={
                    "input_schema": compact_schema(tool.input_schema),
                    "output_schema": tool.output_schema and compact_schema(tool.output_schema),
                }
            )
            for tool in await super().list_tools()
        ]

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        tool = next((t for t in await self.list_tools() if t.name == name), None)
        if tool is not None:
            known = set(tool.input_schema.get("properties", {}))
            unknown = sorted(set(arguments) - known)
            if unknown:
                shown = ", ".join(repr(a[:MAX_ID_CHARS]) for a in unknown[:MAX_ERRORS_SHOWN])
                raise ToolError(
                    f"unknown argument(s) {shown} for {name}; it takes: {', '.join(sorted(known)) or 'none'}"
                )
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(short_validation_error(name, exc.__cause__)) from exc.__cause__
            raise


def build_server(
    roots: list[Path] | None = None, kubeconfig: str | None = None, config_file: Path | None = None
) -> MCPServer:
    """The server. File tools read under ``roots`` when given, else the client's roots or the starting
    directory; audits use ``config_file``, else ``.kubegap.yaml`` in the working directory, as the CLI does."""
    server = KubegapServer("kubegap", version=__version__, instructions=INSTRUCTIONS)
    audit_tools.register(server, Folders(roots), kubeconfig, config_file)
    library_tools.register(server)
    prompts.register(server)
    resources.register(server)
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
