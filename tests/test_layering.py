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
    offenders = {
        str(p.relative_to(PACKAGE)): sorted(
            n for n in _imports(p) if n == "kubegap.cli" or n.startswith("kubegap.cli.")
        )
        for p in modules
    }
    assert not {k: v for k, v in offenders.items() if v}


def test_the_check_reads_the_imports_it_finds():
    sample = PACKAGE / "web" / "views.py"
    assert "kubegap.checks.serialize.check_json" in _imports(sample)


HTTP_CLIENTS = (
    "urllib3",
    "http.client",
    "urllib.request",
    "httpx",
    "requests",
    "aiohttp",
    "websocket",
    "kubernetes.stream",
    "kubernetes.watch",
    "kubernetes.dynamic",
    "kubernetes.client.api",
)
"""Ways of sending a request: only the guarded connection to a cluster may import them."""
GUARDED_CONNECTION = {"sources/kubeclient.py", "sources/readonly.py"}
NOT_A_CLUSTER = {"report/push.py": ["urllib.request"]}
"""Requests to something other than a cluster, each named: the PUT of the metrics to the Pushgateway that
``--pushgateway URL`` names (no credentials go with it)."""


def test_requests_to_a_cluster_leave_only_through_the_read_only_guard():
    """Nothing but the connection (``sources/kubeclient.py``) and the guard in front of its pool manager
    imports an HTTP client, a websocket, or the official client's API classes, watches or streams;
    ``NOT_A_CLUSTER`` names the one request that goes elsewhere, and with which client."""
    offenders = {}
    for path in PACKAGE.rglob("*.py"):
        name = str(path.relative_to(PACKAGE))
        found = sorted(n for n in _imports(path) if any(n == c or n.startswith(c + ".") for c in HTTP_CLIENTS))
        if found and name not in GUARDED_CONNECTION:
            offenders[name] = found
    assert offenders == NOT_A_CLUSTER
    assert "urllib3._request_methods.RequestMethods" in _imports(PACKAGE / "sources" / "readonly.py")


CHECKS = PACKAGE / "checks"
CHECK_MODEL = ("kubegap.checks.base", "kubegap.checks.serialize")
"""What a check is, as data: the one part of ``kubegap.checks`` that reports and the library may import."""
CATALOG_READERS = {"library/search.py": ["kubegap.checks.all_checks"]}
"""Readers of the catalog itself, each named: the case search indexes the words of the checks a case names."""


def _check_modules() -> list[Path]:
    return [p for p in CHECKS.glob("*/*.py") if not p.name.startswith("_")]


def test_every_check_lives_in_its_own_module_under_its_category():
    from kubegap.checks import all_checks

    modules = {p.relative_to(CHECKS).with_suffix("").as_posix() for p in _check_modules()}
    expected = {f"{c.category.replace('-', '_')}/{c.id.replace('-', '_')}" for c in all_checks()}
    assert modules == expected


def test_no_check_imports_another_check():
    """A check may import its category's ``_helpers`` and the domain: never another check."""
    names = {p.relative_to(PACKAGE).with_suffix("").as_posix().replace("/", ".") for p in _check_modules()}
    checks = {f"kubegap.{name}" for name in names}
    offenders = {}
    for path in _check_modules():
        found = sorted(n for n in _imports(path) if any(n == c or n.startswith(c + ".") for c in checks))
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert not offenders


def test_reports_and_the_library_read_the_check_model_not_the_catalog():
    offenders = {}
    for path in [*(PACKAGE / "report").rglob("*.py"), *(PACKAGE / "library").rglob("*.py")]:
        found = sorted(
            n
            for n in _imports(path)
            if (n == "kubegap.checks" or n.startswith("kubegap.checks."))
            and not any(n == m or n.startswith(m + ".") for m in CHECK_MODEL)
            and n != "kubegap.checks"
        )
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert offenders == CATALOG_READERS


def test_no_two_public_classes_share_a_name():
    """A name says one thing: two public classes called alike would have the reader guess which is meant."""
    where: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(), str(path)).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                where.setdefault(node.name, []).append(str(path.relative_to(PACKAGE)))
    assert not {name: paths for name, paths in where.items() if len(paths) > 1}


DOMAIN = PACKAGE / "domain"
LEAVES = {"kubegap.limits", "kubegap.yamlload", "kubegap.jsonnumbers", "kubegap.wording"}
"""Utilities that import no other part of kubegap but each other: the domain may use them."""


def _kubegap_imports(path: Path) -> set[str]:
    """The kubegap modules a file imports (``from kubegap import limits`` is ``kubegap.limits``)."""
    found = set()
    for name in _imports(path):
        if name.startswith("kubegap."):
            parts = name.split(".")
            module = ".".join(parts[:3]) if parts[1] == "domain" else ".".join(parts[:2])
            found.add(module)
    return found


def test_the_domain_imports_nothing_above_it():
    """The object model and the topic helpers (``kubegap.domain``) import the standard library, their own
    modules and the leaf utilities: never a check, a report, a source, the library or a surface."""
    assert (DOMAIN / "serving.py").exists() and (DOMAIN / "inventory.py").exists()
    offenders = {}
    for path in DOMAIN.glob("*.py"):
        found = sorted(n for n in _kubegap_imports(path) if not n.startswith("kubegap.domain") and n not in LEAVES)
        if found:
            offenders[path.name] = found
    assert not offenders


def test_the_leaves_import_only_each_other():
    offenders = {}
    for module in LEAVES:
        path = PACKAGE / f"{module.split('.')[1]}.py"
        found = sorted(_kubegap_imports(path) - LEAVES)
        if found:
            offenders[path.name] = found
    assert not offenders
