"""The folders the file tools may read: those given with ``--root``; else the folders the client offers
as MCP roots (Claude Code offers the project it runs in); else the directory the client started the
server in, which Claude Code and Codex both make the project's. So one registration serves every
repository its user opens, and no path outside them is read."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

import anyio
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPDeprecationWarning

from kubegap.mcp.arguments import MAX_PATHS

if TYPE_CHECKING:
    from mcp.server.mcpserver import Context

ROOTS_TIMEOUT_SECONDS = 5


def root_path(uri: str) -> Path | None:
    """The folder a ``file://`` root names; None for any other kind of root."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parsed.path)).resolve()


async def client_roots(ctx: Context | None) -> list[Path]:
    """The client's roots as folders, or none when it offers none (or does not answer in time)."""
    capabilities = ctx.client_capabilities if ctx is not None else None
    if ctx is None or capabilities is None or capabilities.roots is None:
        return []
    try:
        with anyio.fail_after(ROOTS_TIMEOUT_SECONDS), warnings.catch_warnings():
            # Deprecated in the protocol's next revision; Claude Code still offers roots.
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            answer = await ctx.session.list_roots()
    except Exception:  # noqa: BLE001 - a client that cannot list its roots leaves the starting directory
        return []
    return [path for root in answer.roots if (path := root_path(str(root.uri))) is not None]


class Folders:
    """Where the file tools may read, decided per call so a client's roots are always current."""

    def __init__(self, fixed: list[Path] | None = None):
        self.fixed = [path.resolve() for path in fixed or []]

    async def of(self, ctx: Context | None) -> list[Path]:
        return self.fixed or await client_roots(ctx) or [Path.cwd().resolve()]


def check_paths(paths: list[str], roots: list[Path]) -> list[str]:
    """``paths`` resolved (a relative one from the first folder), each under one of ``roots`` and existing."""
    from kubegap.sources.manifests import inside

    if len(paths) > MAX_PATHS:
        raise ToolError(f"at most {MAX_PATHS} paths per call")
    resolved = []
    for raw in paths:
        path = (roots[0] / Path(raw).expanduser()).resolve()
        if not inside(path, roots):
            raise ToolError(f"{raw}: outside the folders this server may read ({', '.join(map(str, roots))})")
        if not path.exists():
            raise ToolError(f"{raw}: no such file or directory")
        resolved.append(str(path))
    return resolved
