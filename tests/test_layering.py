"""Layers: the command line sits on top. Nothing beneath it (the web, the MCP server, the pipeline,
checks, reports, sources, the library) imports ``kubegap.cli``, so every surface shares one core."""

from __future__ import annotations

import ast
from pathlib import Path

import kubegap

PACKAGE = Path(kubegap.__file__).parent


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_nothing_beneath_the_command_line_imports_it():
    modules = [p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in ("cli", "__main__.py")]
    assert any(p.parent.name == "mcp" for p in modules) and any(p.parent.name == "web" for p in modules)
    offenders = {str(p.relative_to(PACKAGE)): sorted(n for n in _imports(p) if n == "kubegap.cli" or n.startswith("kubegap.cli."))
                 for p in modules}
    assert not {k: v for k, v in offenders.items() if v}


def test_the_check_reads_the_imports_it_finds():
    sample = PACKAGE / "web" / "views.py"
    assert "kubegap.checks.serialize.check_json" in _imports(sample)
