"""The command line as users run it: exit codes, formats, errors without tracebacks."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from conftest import _this_kubegap_first, run_cli

from kubegap.library.load import _data_dir

SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())
HEAVY = ("kubernetes", "starlette", "fastapi", "uvicorn", "jinja2", "mcp")


@pytest.mark.parametrize(
    "args", [["--help"], ["--version"], ["audit", "--help"], ["serve", "--help"], ["site", "build", "--help"]]
)
def test_help_and_version_import_no_heavy_stack(args):
    code = (
        f"import sys\nfrom kubegap.cli import main\nsys.argv = ['kubegap', *{args!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print('HEAVY:' + ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))))"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "HEAVY:"


LIBRARY_COMMAND_SPARES = ("yaml", "kubegap.checks.base", "kubegap.sources.live", "kubegap.runner", "kubegap.pipeline")
"""What browsing the library has no use for: the YAML parser (the parsed library is cached), the check
machinery, the live collector and the audit."""


@pytest.mark.parametrize(
    ("args", "unused"),
    [
        (["cases", "search", "dns"], LIBRARY_COMMAND_SPARES),
        (["cases"], LIBRARY_COMMAND_SPARES),
        (["cases", "show", "datadog-2023-systemd-networkd-cilium-outage"], LIBRARY_COMMAND_SPARES),
        (["checks"], ("kubegap.library.model", "kubegap.sources.live", "kubegap.runner", "kubegap.pipeline")),
    ],
)
def test_library_commands_import_only_what_they_use(args, unused):
    """Start-up is most of the time of these commands, so they import nothing they do not use (with the
    caches warm, as after any earlier run; ``kubegap checks`` as a table shows no case, so no library)."""
    assert run_cli(*args).returncode == 0
    code = (
        f"import sys\nfrom kubegap.cli import main\nsys.argv = ['kubegap', *{args!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print('LOADED:' + ','.join(sorted(m for m in sys.modules if m in {unused!r})))"
    )
    import os
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, "COLUMNS": "200"}
    ).stdout
    assert out.strip().splitlines()[-1] == "LOADED:"


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("kubegap ")


def test_demo_audit_cites_both_founding_cases_and_fails_on_high():
    result = run_cli("audit", "--demo", "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    jsonschema.validate(report, SCHEMA)
    cited = {case for f in report["findings"] for case in f["cases"]}
    assert {"bytedance-2024-megascale-nic-flapping", "datadog-2023-systemd-networkd-cilium-outage"} <= cited
    fired = {f["check_id"] for f in report["findings"]}
    assert {
        "nccl-timeouts-unset",
        "networkd-foreign-routes",
        "node-updates-uncoordinated",
        "local-storage-stateful",
    } <= fired
    assert all(c["status"] in ("ran", "skipped", "error") for c in report["coverage"])
    assert not [c for c in report["coverage"] if c["status"] == "error"]


def test_demo_table_names_objects_and_incidents_and_verbose_adds_fixes_and_links():
    result = run_cli("audit", "--demo")
    assert result.returncode == 1
    out = result.stdout
    assert "PyTorchJob ml/llama-finetune" in out and "nccl-timeouts-unset" in out
    assert "case bytedance-2024-megascale-nic-flapping" in out and "checks ran" in out and "https://" not in out
    verbose = run_cli("audit", "--demo", "--verbose").stdout
    assert "https://arxiv.org/abs/2402.15627" in verbose and "fix: " in verbose
    assert "seen in: case bytedance-2024-megascale-nic-flapping\n" in verbose


def test_fail_on_none_exits_zero():
    assert run_cli("audit", "--demo", "--fail-on", "none", "--format", "json").returncode == 0


def test_clean_manifest_exits_zero(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\ndata: {a: b}\n")
    result = run_cli("audit", str(path), "--format", "json")
    assert result.returncode == 0, result.stderr
    jsonschema.validate(json.loads(result.stdout), SCHEMA)


def test_stdin_and_location(tmp_path):
    manifest = tmp_path / "sts.yaml"
    manifest.write_text(
        "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: d}\nspec:\n  template:\n    spec:\n"
        "      containers: [{name: db, image: 'postgres:16', volumeMounts: [{name: data, mountPath: /d}]}]\n"
        "      volumes: [{name: data, hostPath: {path: /srv}}]\n"
    )
    result = run_cli("audit", str(manifest), "--format", "json", "--check", "local-storage-stateful")
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["location"] == {"path": "sts.yaml", "document": 0, "line": 1}  # named from the path given on
    piped = run_cli("audit", "-", "--format", "json", "--check", "local-storage-stateful", stdin=manifest.read_text())
    assert json.loads(piped.stdout)["findings"][0]["check_id"] == "local-storage-stateful"


@pytest.mark.parametrize(
    "args, message",
    [
        (["audit", "/no/such/file.yaml"], "no such file or directory"),
        (["audit", "--demo", "--check", "bogus"], "unknown check"),
        (["checks", "show", "bogus"], "no check 'bogus'"),
        (["cases", "show", "bogus"], "no case 'bogus'"),
        (["cases", "--root-cause", "bogus"], "no root cause term 'bogus'"),
        (["audit", "--format", "xml", "--demo"], "xml"),
    ],
)
def test_user_errors_exit_2_without_traceback(args, message):
    result = run_cli(*args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert message in result.stderr and "Traceback" not in result.stderr


def test_input_with_nothing_usable_is_an_error(tmp_path):
    path = tmp_path / "values.yaml"
    path.write_text("replicaCount: 3\nimage: {repository: nginx}\n")
    result = run_cli("audit", str(path))
    assert result.returncode == 2
    assert "values.yaml, document 1: no apiVersion or kind" in result.stderr
    assert "no Kubernetes objects found" in result.stderr


def test_checks_list_and_show():
    listed = json.loads(run_cli("checks", "--format", "json").stdout)
    assert {c["id"] for c in listed} >= {"nccl-timeouts-unset", "networkd-foreign-routes"}
    shown = run_cli("checks", "show", "networkd-foreign-routes")
    assert shown.returncode == 0
    for heading in ("What it checks", "Why it matters", "Severity", "Example", "Fix", "Cases"):
        assert heading in shown.stdout


WITH_LIBRARY = """
import sys
from pathlib import Path
from kubegap.library import load
data = Path(sys.argv.pop(1))
load._data_dir = lambda: data
sys.argv[0] = "kubegap"
from kubegap.cli import main
main()
"""
"""The command line, its shipped library read from the folder given first."""


def with_library(data: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", WITH_LIBRARY, str(data), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200", "KUBEGAP_CACHE_DIR": str(cache), "PYTHONPATH": _this_kubegap_first()},
    )


@pytest.mark.parametrize(
    "args", [["checks"], ["checks", "--format", "json"], ["checks", "show", "pdb-missing"], ["cases"]]
)
def test_library_commands_exit_4_on_an_invalid_library_even_when_they_show_no_case(tmp_path, args):
    data = tmp_path / "data"
    for folder in ("vocabularies", "cases"):
        shutil.copytree(_data_dir() / folder, data / folder)
    case = min((data / "cases").glob("*.yaml"))
    valid = case.read_text()
    assert with_library(data, tmp_path / "cache", *args).returncode == 0  # the library found valid, and that kept
    case.write_text(valid.replace("\nsummary:", "\nsumary:"))
    broken = with_library(data, tmp_path / "cache", *args)
    assert broken.returncode == 4, broken.stderr
    assert "kubegap: internal error: the shipped library is invalid" in broken.stderr and str(case) in broken.stderr
    assert "Traceback" not in broken.stderr
    case.write_text(valid)
    assert with_library(data, tmp_path / "cache", *args).returncode == 0


def test_cases_list_filter_and_show():
    everything = json.loads(run_cli("cases", "--format", "json", "--per-page", "500").stdout)
    assert everything["total"] >= 2
    gpu = json.loads(run_cli("cases", "--component", "gpu/nccl", "--format", "json").stdout)
    assert "bytedance-2024-megascale-nic-flapping" in {c["id"] for c in gpu["cases"]}
    shown = run_cli("cases", "show", "datadog-2023-systemd-networkd-cilium-outage")
    for heading in (
        "Symptoms",
        "Trigger",
        "Root cause",
        "Component",
        "Contributing factor",
        "Detection",
        "Remediation",
        "Lessons",
        "Sources",
        "Check your cluster for this",
    ):
        assert heading in shown.stdout
    as_json = json.loads(
        run_cli("cases", "show", "datadog-2023-systemd-networkd-cilium-outage", "--format", "json").stdout
    )
    assert as_json["id"] == "datadog-2023-systemd-networkd-cilium-outage"


def test_kubectl_plugin_entry_point():
    import os
    import subprocess
    import sys
    from pathlib import Path

    from support import tools

    kubectl = tools.kubectl()
    plugin = Path(sys.executable).with_name("kubectl-gap")
    if kubectl is None:
        pytest.skip("kubectl is not installed")
    assert plugin.exists(), "the kubectl-gap console script is not installed"
    env = {**os.environ, "PATH": f"{plugin.parent}{os.pathsep}{os.environ['PATH']}", "KUBECONFIG": "/dev/null"}
    result = subprocess.run([kubectl, "gap", "--version"], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("kubegap ")


def test_run_as_the_kubectl_plugin_usage_says_kubectl_gap():
    import subprocess
    import sys

    code = (
        "import sys\nsys.argv = ['/usr/local/bin/kubectl-gap', 'audit', '--help']\nfrom kubegap.cli import main\nmain()"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Usage: kubectl gap audit ") and "kubectl-gap" not in shown.stdout


def test_audit_case_runs_exactly_the_checks_the_case_names_and_refuses_cases_without_any():
    from kubegap.library import load_library

    library = load_library()
    case = next(c for c in library.cases if len(c.checks) >= 2 and c.id.startswith("datadog"))
    report = json.loads(run_cli("audit", "--demo", "--case", case.id, "--format", "json", "--fail-on", "none").stdout)
    assert sorted(c["check_id"] for c in report["coverage"]) == sorted(case.checks)
    unknown = run_cli("audit", "--demo", "--case", "no-such-case")
    assert unknown.returncode == 2 and "unknown case 'no-such-case'" in unknown.stderr
    silent = next(c for c in library.cases if not c.checks)
    refused = run_cli("audit", "--demo", "--case", silent.id)
    assert refused.returncode == 2 and "names no check" in refused.stderr


def as_kubectl_plugin(*args: str):
    import subprocess
    import sys

    code = (
        f"import sys\nsys.argv = ['/usr/local/bin/kubectl-gap', *{list(args)!r}]\nfrom kubegap.cli import main\nmain()"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_run_as_the_kubectl_plugin_errors_and_help_name_kubectl_gap():
    error = as_kubectl_plugin("checks", "show", "pdb-mising")
    assert error.returncode == 2
    assert (
        error.stderr
        == "kubectl gap: error: no check 'pdb-mising'; did you mean 'pdb-missing'? (see 'kubectl gap checks')\n"
    )
    shown = " ".join(as_kubectl_plugin("audit", "--help").stdout.split())
    assert "'kubectl gap cases show ID'" in shown and "kubegap cases" not in shown
    assert "kubegap: " not in as_kubectl_plugin("audit", "--demo", "--check", "nope").stderr


COMMANDS = [
    [],
    ["audit"],
    ["snapshot"],
    ["rbac"],
    ["diff"],
    ["checks"],
    ["checks", "show"],
    ["checks", "docs"],
    ["cases"],
    ["cases", "list"],
    ["cases", "search"],
    ["cases", "facets"],
    ["cases", "stats"],
    ["cases", "export"],
    ["cases", "show"],
    ["cases", "reconstruction"],
    ["mcp"],
    ["serve"],
    ["site", "build"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_names_values_in_words_not_python_types(command):
    shown = run_cli(*command, "--help")
    assert shown.returncode == 0, shown.stderr
    assert not re.search(r"<[a-z\[\]| ]+>|list\[|\bstr\b|int range", shown.stdout), shown.stdout


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            ["audit", "--demo", "--check", "spred-missing"],
            "unknown check 'spred-missing'; did you mean 'spread-missing'?",
        ),
        (["audit", "--demo", "--case", "datadog-2023"], "did you mean 'datadog-2023-systemd-networkd-cilium-outage'?"),
        (
            ["cases", "show", "datadog-2023-systemd-networkd"],
            "did you mean 'datadog-2023-systemd-networkd-cilium-outage'?",
        ),
        (["cases", "--component", "cilium"], "no component term 'cilium'; did you mean 'networking/cilium'?"),
        (["checks", "show", "nccl-timeout-unset"], "did you mean 'nccl-timeouts-unset'?"),
    ],
)
def test_a_mistyped_name_gets_the_names_it_likely_meant(args, expected):
    result = run_cli(*args)
    assert result.returncode == 2 and expected in result.stderr, result.stderr
