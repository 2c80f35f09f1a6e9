"""``kubegap mcp``: serve the read-only MCP server (stdio by default)."""

from __future__ import annotations

from pathlib import Path

import typer


def mcp(
    http: bool = typer.Option(False, "--http", help="Serve streamable HTTP on --host:--port instead of stdio."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address for --http (keep it on loopback)."),
    port: int = typer.Option(8765, "--port", help="Port for --http."),
    root: list[Path] = typer.Option(
        None,
        "--root",
        help="Folders the file tools may read (repeatable; default: the folders the client offers as MCP roots, else the directory it starts the server in).",
    ),
    kubeconfig: str = typer.Option(
        None,
        "--kubeconfig",
        help="Kubeconfig for audit_cluster and list_contexts (default: $KUBECONFIG, then ~/.kube/config).",
    ),
    config_file: Path = typer.Option(
        None, "--config", help="Audit configuration for the audit tools; default: ./.kubegap.yaml if present."
    ),
) -> None:
    """Serve kubegap to AI agents over MCP: audits, checks and the Incident Library, all read-only."""
    from kubegap.extras import require

    require("mcp", "kubegap mcp")
    from kubegap.mcp.server import serve

    serve(
        "streamable-http" if http else "stdio",
        host=host,
        port=port,
        roots=root or None,
        kubeconfig=kubeconfig,
        config_file=config_file,
    )
