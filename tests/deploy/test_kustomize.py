"""deploy/ renders with the real `kubectl kustomize`, grants only what `kubegap rbac` prints, and passes its own audit."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_cli
from support import tools
from support.deploys import with_report_volume

from kubegap import __version__

DEPLOY = ROOT / "deploy"
KUBECTL = tools.kubectl()
pytestmark = pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")


def _render(directory: Path) -> list[dict]:
    result = subprocess.run([KUBECTL, "kustomize", str(directory)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d]


def _pod(documents: list[dict]) -> dict:
    (workload,) = [d for d in documents if d["kind"] in ("CronJob", "Job")]
    template = (
        workload["spec"]["jobTemplate"]["spec"]["template"]
        if workload["kind"] == "CronJob"
        else workload["spec"]["template"]
    )
    return template["spec"]


def test_base_is_the_namespace_service_account_and_the_role_kubegap_rbac_prints():
    documents = _render(DEPLOY)
    kinds = {d["kind"]: d for d in documents}
    assert set(kinds) == {"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding"}
    printed = yaml.safe_load(run_cli("rbac").stdout)
    role = kinds["ClusterRole"]
    assert role["rules"] == printed["rules"], "regenerate deploy/base/clusterrole.yaml with `kubegap rbac`"
    assert yaml.safe_load((DEPLOY / "base" / "clusterrole.yaml").read_text()) == printed
    assert all("secrets" not in rule["resources"] and set(rule["verbs"]) <= {"get", "list"} for rule in role["rules"])
    binding = kinds["ClusterRoleBinding"]
    assert binding["roleRef"]["name"] == role["metadata"]["name"]
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": "kubegap", "namespace": "kubegap"}]


@pytest.mark.parametrize("overlay", ["cronjob", "job"])
def test_overlay_runs_a_read_only_audit_as_nobody_with_json_lines_on_stdout(overlay):
    documents = _render(DEPLOY / "overlays" / overlay)
    assert {d["metadata"].get("namespace") for d in documents if d["kind"] in ("CronJob", "Job", "ServiceAccount")} == {
        "kubegap"
    }
    pod = _pod(documents)
    assert pod["serviceAccountName"] == "kubegap"
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] == 65534
    (container,) = pod["containers"]
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["capabilities"]["drop"] == ["ALL"]
    assert container["image"] == f"kubegap:{__version__}"
    assert container["args"][:2] == ["audit", "--in-cluster"] and container["args"][-2:] == ["--format", "jsonl"]


@pytest.mark.parametrize("overlay", ["cronjob", "job"])
def test_report_volume_component_keeps_the_json_report_on_a_claim(tmp_path, overlay):
    documents = _render(with_report_volume(tmp_path, overlay))
    (claim,) = [d for d in documents if d["kind"] == "PersistentVolumeClaim"]
    assert claim["metadata"]["namespace"] == "kubegap"
    pod = _pod(documents)
    (container,) = pod["containers"]
    assert container["args"][-2:] == ["--history", "/reports"]
    assert {"name": "reports", "mountPath": "/reports"} in container["volumeMounts"]
    assert {"name": "reports", "persistentVolumeClaim": {"claimName": claim["metadata"]["name"]}} in pod["volumes"]


@pytest.mark.parametrize("overlay", ["cronjob", "job"])
def test_pushgateway_component_pushes_the_metrics_beside_the_reports(tmp_path, overlay):
    (container,) = _pod(_render(with_report_volume(tmp_path, overlay, ("report-volume", "pushgateway"))))["containers"]
    assert container["args"][-4:] == [
        "--history",
        "/reports",
        "--pushgateway",
        "http://prometheus-pushgateway.monitoring.svc:9091",
    ]
    assert run_cli("audit", "--help").stdout.count("--pushgateway") == 1  # the flag the component passes exists


@pytest.mark.parametrize("overlay", ["cronjob", "job"])
def test_kubegap_finds_no_high_gap_in_its_own_deployment(tmp_path, overlay):
    rendered = subprocess.run(
        [KUBECTL, "kustomize", str(with_report_volume(tmp_path, overlay))], capture_output=True, text=True, timeout=60
    ).stdout
    result = run_cli("audit", "-", "--fail-on", "high", "--format", "json", stdin=rendered)
    assert result.returncode == 0, [(f["check_id"], f["message"]) for f in json.loads(result.stdout)["findings"]]


def test_dockerfile_runs_as_the_user_the_manifests_require_and_defaults_to_the_in_cluster_audit():
    text = (DEPLOY / "Dockerfile").read_text()
    assert "USER 65534:65534" in text
    assert 'ENTRYPOINT ["kubegap"]' in text
    assert f"kubegap:{__version__}" in text


def test_the_documented_image_build_and_flags_are_the_real_ones():
    guide = (DEPLOY / "README.md").read_text()
    assert f"docker build -f deploy/Dockerfile -t kubegap:{__version__} ." in guide
    assert (ROOT / "deploy" / "Dockerfile").is_file()
    default_command = re.search(r"its default command is the\s+in-cluster audit: `kubegap ([^`]+)`", guide).group(1)
    assert f"CMD {json.dumps(default_command.split())}".replace('", "', '", "') in (
        DEPLOY / "Dockerfile"
    ).read_text().replace("\n", " ")
    shown = " ".join(run_cli("audit", "--help").stdout.split())
    for flag in re.findall(r"^\| `(--[a-z-]+)", guide, re.MULTILINE):
        assert flag in shown, flag
    for component in re.findall(r"deploy/components/([a-z-]+)", guide):
        assert (DEPLOY / "components" / component / "kustomization.yaml").is_file(), component
