"""The optional parts of kubegap, and the extra that installs each (``pip install 'kubegap[web]'``).

The audit (live, snapshot or manifests), the Incident Library in the terminal and every report format
need only the core dependencies. The website and the MCP server each come with an extra: the MCP SDK
brings a web server, an HTTP client and a cryptography library, more than the rest of kubegap together,
and the website shares its Host check. ``kubegap[all]`` installs both.
"""

from __future__ import annotations

import importlib.util

from kubegap.errors import UserError

EXTRAS = {
    "web": ("starlette", "jinja2", "markupsafe", "markdown_it", "uvicorn", "mcp"),
    "mcp": ("mcp", "anyio", "typing_extensions"),
}
"""The modules each extra provides that its part of kubegap imports (the names ``pyproject.toml`` declares)."""


def require(extra: str, part: str) -> None:
    """Stop with the command that installs ``extra`` when one of its modules is missing (exit code 2).

    Each module is looked up, not imported, so the check costs nothing a command does not import anyway."""
    for module in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            raise UserError(
                f"{part} needs kubegap's '{extra}' extra, which is not installed (no module {module!r}): "
                f"pip install 'kubegap[{extra}]'"
            )
