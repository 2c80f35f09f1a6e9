"""`kubegap audit` and `kubegap snapshot` against a live (test) cluster, as users run them."""

from __future__ import annotations

import base64
import gzip
import json
from importlib import resources

import jsonschema
import pytest
from conftest import run_cli

SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())


def audit_json(*args: str, env: dict | None = None):
    result = run_cli("audit", "--format", "json", "--fail-on", "none", *args, env=env)
    assert result.returncode in (0, 3), result.stderr
    report = json.loads(result.stdout)
    jsonschema.validate(report, SCHEMA)
    return result, report


def test_audit_with_no_paths_uses_the_current_context(apiserver, kubeconfig):
    _, report = audit_json(env={"KUBECONFIG": str(kubeconfig)})
    assert report["cluster"] == {"name": "test", "version": "v1.31.2"}
    assert report["inputs"] == [{"type": "cluster", "context": "test"}]
    assert {"Pod", "Node", "PyTorchJob", "ConfigMap"} <= set(report["kinds"]["collected"])
    assert "nccl-timeouts-unset" in {f["check_id"] for f in report["findings"]}
    assert "hunter2" not in json.dumps(report) and "sk-secret-value" not in json.dumps(report)


def test_context_is_chosen_from_the_kubeconfig(apiserver, tmp_path):
    path = apiserver.kubeconfig(tmp_path / "kc", context="prod")
    _, report = audit_json("--kubeconfig", str(path), "--context", "prod")
    assert report["cluster"]["name"] == "prod"
    result = run_cli("audit", "--kubeconfig", str(path), "--context", "nope")
    assert (
        result.returncode == 2
        and "cannot load cluster configuration" in result.stderr
        and "Traceback" not in result.stderr
    )


def test_partial_audit_exit_code_and_coverage(apiserver, kubeconfig):
    apiserver.deny("nodes")
    result, report = audit_json("--kubeconfig", str(kubeconfig), "--fail-on-partial")
    assert result.returncode == 3
    assert report["kinds"]["forbidden"] == {"Node": "list nodes (core) cluster-wide"}
    skipped = {c["check_id"]: c["reason"] for c in report["coverage"] if c["status"] == "skipped"}
    assert skipped["node-updates-uncoordinated"] == "Node forbidden by RBAC (list nodes (core) cluster-wide)"
    assert run_cli("audit", "--kubeconfig", str(kubeconfig), "--fail-on", "none").returncode == 0  # without the flag
    failing = run_cli("audit", "--kubeconfig", str(kubeconfig), "--fail-on-partial", "--fail-on", "high")
    assert failing.returncode == 1  # a failing finding outranks a partial audit


def test_cluster_errors_are_exit_2_without_traceback(apiserver, tmp_path):
    bad = apiserver.kubeconfig(tmp_path / "bad", token="wrong")
    for args in (
        ["--kubeconfig", str(bad)],
        ["--kubeconfig", str(tmp_path / "missing")],
        [str(tmp_path), "--context", "x"],
    ):
        result = run_cli("audit", *args)
        assert result.returncode == 2 and "kubegap: error:" in result.stderr and "Traceback" not in result.stderr
    nothing = run_cli("audit", env={"KUBECONFIG": str(tmp_path / "none"), "KUBERNETES_SERVICE_HOST": ""})
    assert nothing.returncode == 2 and "no kubeconfig at" in nothing.stderr and "--demo" in nothing.stderr


def test_no_progress_bar_when_stderr_is_not_a_terminal(apiserver, kubeconfig):
    result, _ = audit_json("--kubeconfig", str(kubeconfig))
    assert result.stderr == ""


@pytest.mark.parametrize("name", ["snap.json", "snap.json.gz"])
def test_snapshot_then_audit_offline_gives_the_same_coverage(apiserver, kubeconfig, tmp_path, name):
    apiserver.deny("daemonsets", "apps")
    path = tmp_path / name
    saved = run_cli("snapshot", "--kubeconfig", str(kubeconfig), "-o", str(path))
    assert saved.returncode == 0, saved.stderr
    raw = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
    snapshot = json.loads(raw)
    assert snapshot["kind"] == "Snapshot" and snapshot["forbidden"] == {
        "DaemonSet": "list daemonsets (apps) cluster-wide"
    }
    assert "RayCluster" in snapshot["absent"] and "Pod" in snapshot["collected"]
    assert b"hunter2" not in raw and b"sk-secret-value" not in raw and b"c2VjcmV0" not in raw
    _, live = audit_json("--kubeconfig", str(kubeconfig))
    _, offline = audit_json(str(path))
    assert offline["coverage"] == live["coverage"]
    assert offline["kinds"] == live["kinds"]
    strip = lambda findings: [{k: v for k, v in f.items() if k != "location"} for f in findings]
    assert strip(offline["findings"]) == strip(live["findings"])


def test_help_does_not_import_the_kubernetes_client():
    code = (
        "import sys\nfrom kubegap.cli import main\n"
        "for args in (['snapshot', '--help'], ['rbac', '--help'], ['audit', '--help']):\n"
        "    sys.argv = ['kubegap', *args]\n"
        "    try:\n        main()\n    except SystemExit:\n        pass\n"
        "print('LOADED' if 'kubernetes' in sys.modules or 'urllib3' in sys.modules else 'CLEAN')"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "CLEAN"


def test_the_clients_temporary_certificate_files_are_deleted_at_exit(apiserver, tmp_path):
    # an inline CA is written by the Kubernetes client to a temporary file that its atexit handler deletes
    path = apiserver.kubeconfig(tmp_path / "kc")
    config = json.loads(path.read_text())
    cluster = config["clusters"][0]["cluster"]
    cluster["certificate-authority-data"] = base64.b64encode(apiserver.credentials.ca_path.read_bytes()).decode()
    del cluster["certificate-authority"]
    path.write_text(json.dumps(config))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    _, report = audit_json("--kubeconfig", str(path), env={"TMPDIR": str(scratch)})
    assert report["cluster"]["name"] == "test"
    assert list(scratch.iterdir()) == []
