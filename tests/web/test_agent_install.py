"""The website and the README tell people kubegap runs from Claude Code and Codex, with the same one-line
installs as the integration guides (which tests/test_integrations.py runs)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from kubegap.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "integrations" / "claude-code" / "README.md", ROOT / "integrations" / "codex" / "README.md"]
AGENT_LINE = re.compile(r"^(?:mkdir -p ~/\.claude/skills && ln |claude mcp add |codex mcp add )")


def one_line_installs() -> list[str]:
    lines = [
        line
        for guide in GUIDES
        for block in re.findall(r"```sh\n(.*?)```", guide.read_text(), re.DOTALL)
        for line in block.splitlines()
        if AGENT_LINE.match(line)
    ]
    assert len(lines) == 3, lines
    return lines


def test_the_home_page_shows_the_one_line_installs(library):
    page = TestClient(create_app(library)).get("/").text
    section = page[page.index('id="from-your-agent"') :]
    section = section[: section.index("</section>")]
    assert "Claude Code" in section and "Codex" in section
    shown = [html.unescape(code) for code in re.findall(r'<code class="command">(.*?)</code>', section)]
    assert shown == one_line_installs()


def test_the_readme_shows_the_one_line_installs():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Use from Claude Code or Codex") :]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1)
    shown = [re.sub(r"\s+#.*$", "", line) for line in block.splitlines()]
    assert shown == one_line_installs()
