"""A real MCP client session (the SDK's stdio client) against ``kubegap mcp``, started the way Claude Code
and Codex start it: no ``--root``, in the folder of the repository the agent works in, optionally offering
that folder as an MCP root. ``Agent`` counts the calls a task takes and the bytes it reads."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

import kubegap


def server(cwd: Path, *args: str) -> StdioServerParameters:
    """The server under test, from this checkout whatever the working directory (the SDK passes only a few
    variables by default, which would drop PYTHONPATH and run another kubegap)."""
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "kubegap", "mcp", *args],
        cwd=str(cwd),
        env={**os.environ, "PYTHONPATH": str(Path(kubegap.__file__).parents[1])},
    )


def roots_callback(folders: list[Path]):
    async def list_roots(_context) -> types.ListRootsResult:
        return types.ListRootsResult(roots=[types.Root(uri=folder.resolve().as_uri()) for folder in folders])

    return list_roots


def answer_bytes(result) -> int:
    """What a model reads of a tool result: its text (the structured content, when there is some, is the same JSON)."""
    return sum(len(getattr(block, "text", "").encode()) for block in result.content)


def payload(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content if result.structured_content is not None else json.loads(result.content[0].text)


def error_text(result) -> str:
    assert result.is_error, result.content
    return " ".join(getattr(block, "text", "") for block in result.content)


class Agent:
    """A session that records each tool call and the size of its answer."""

    def __init__(self, session: ClientSession):
        self.session = session
        self.calls: list[tuple[str, int]] = []

    async def call(self, tool: str, arguments: dict):
        result = await self.session.call_tool(tool, arguments)
        self.calls.append((tool, answer_bytes(result)))
        return result

    @property
    def bytes_read(self) -> int:
        return sum(size for _, size in self.calls)


def run(body, cwd: Path, *args: str, roots: list[Path] | None = None):
    """``await body(agent)`` in a session with the server started in ``cwd``; the body's result, and the agent."""

    async def main():
        callback = roots_callback(roots) if roots is not None else None
        async with (
            stdio_client(server(cwd, *args)) as (read, write),
            ClientSession(read, write, list_roots_callback=callback) as session,
        ):
            await session.initialize()
            agent = Agent(session)
            return await body(agent), agent

    return anyio.run(main)
