"""deploy/helm/kubegap: the real helm lints and renders it, its role is `kubegap rbac`'s, its pod is the
kustomize overlay's, it passes its own audit, and `kubegap audit CHART` renders it (installed into a real
API server in tests/apiserver/test_helm_install.py)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_cli
from support import tools
from support.deploys import with_report_volume

CHART = ROOT / "deploy" / "helm" / "kubegap"
REPORT_VOLUME = ["--set", "reportVolume.enabled=true"]
PUSHGATEWAY = ["--set", "pushgateway.url=http://prometheus-pushgateway.monitoring.svc:9091"]
COMPONENTS = {
    "log-only": ((), []),
    "report-volume": (("report-volume",), REPORT_VOLUME),
    "report-volume+pushgateway": (("report-volume", "pushgateway"), REPORT_VOLUME + PUSHGATEWAY),
}
"""Each kustomize component the chart offers too, with the values that turn it on."""


@pytest.fixture(scope="module")
def helm(tmp_path_factory):
    """Runs the built helm, with a home of its own for what it caches (``helm.binary``: where it is)."""
    binary, home = tools.need("helm")["helm"], tmp_path_factory.mktemp("helm-home")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(binary), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
        )

    run.binary = binary
    return run


def render(helm, *values: str) -> list[dict]:
    result = helm("template", "kubegap", str(CHART), "--namespace", "kubegap", *values)
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d]


def kustomize(path: Path) -> list[dict]:
    kubectl = tools.kubectl()
    if kubectl is None:
        pytest.skip("kubectl is not installed")
    result = subprocess.run([kubectl, "kustomize", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d]


def pod(documents: list[dict]) -> dict:
    (cronjob,) = [d for d in documents if d["kind"] == "CronJob"]
    return cronjob["spec"]["jobTemplate"]["spec"]["template"]["spec"]


def test_helm_lint_passes_strictly(helm):
    for _, values in COMPONENTS.values():
        result = helm("lint", "--strict", str(CHART), *values)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "0 chart(s) failed" in result.stdout


def test_the_role_is_what_kubegap_rbac_prints_and_the_kustomize_base_holds(helm):
    kinds = {d["kind"]: d for d in render(helm)}
    assert set(kinds) == {"ServiceAccount", "ClusterRole", "ClusterRoleBinding", "CronJob"}
    printed = yaml.safe_load(run_cli("rbac").stdout)
    assert yaml.safe_load((CHART / "files" / "clusterrole.yaml").read_text()) == printed, (
        "regenerate deploy/helm/kubegap/files/clusterrole.yaml with `kubegap rbac`"
    )
    assert kinds["ClusterRole"]["rules"] == printed["rules"]
    assert kinds["ClusterRole"]["metadata"]["name"] == "kubegap-reader"
    binding = kinds["ClusterRoleBinding"]
    assert binding["roleRef"]["name"] == "kubegap-reader"
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": "kubegap", "namespace": "kubegap"}]
    assert kinds["ServiceAccount"]["metadata"] | {"labels": None} == {
        "name": "kubegap",
        "namespace": "kubegap",
        "labels": None,
    }


@pytest.mark.parametrize("components", COMPONENTS)
def test_the_pod_is_the_kustomize_overlays_pod(helm, tmp_path, components):
    """Same behaviour whichever way it is installed: the rendered pods are equal, but for the chart's instance label."""
    added, values = COMPONENTS[components]
    charted = render(helm, *values)
    kustomized = kustomize(
        with_report_volume(tmp_path, "cronjob", added) if added else ROOT / "deploy" / "overlays" / "cronjob"
    )
    report_volume = "report-volume" in added
    ours, theirs = pod(charted), pod(kustomized)
    assert ours["containers"][0].pop("imagePullPolicy") == "IfNotPresent"
    assert ours == theirs
    (cronjob,) = [d for d in charted if d["kind"] == "CronJob"]
    (reference,) = [d for d in kustomized if d["kind"] == "CronJob"]
    template = cronjob["spec"]["jobTemplate"]["spec"]["template"]
    assert template["metadata"]["labels"].pop("app.kubernetes.io/instance") == "kubegap"
    assert template["metadata"] == reference["spec"]["jobTemplate"]["spec"]["template"]["metadata"]
    assert {k: v for k, v in cronjob["spec"].items() if k != "jobTemplate"} == {
        k: v for k, v in reference["spec"].items() if k != "jobTemplate"
    }
    claims = [d["spec"] for d in charted + kustomized if d["kind"] == "PersistentVolumeClaim"]
    assert len(claims) == (2 if report_volume else 0) and claims[:1] == claims[1:]


@pytest.mark.parametrize("components", COMPONENTS)
def test_kubegap_finds_no_high_gap_in_the_rendered_chart(helm, components):
    _, values = COMPONENTS[components]
    rendered = helm("template", "kubegap", str(CHART), "--namespace", "kubegap", *values).stdout
    result = run_cli("audit", "-", "--fail-on", "high", "--format", "json", stdin=rendered)
    assert result.returncode == 0, [(f["check_id"], f["message"]) for f in json.loads(result.stdout)["findings"]]


def test_kubegap_audit_of_a_chart_directory_renders_it_with_helm(helm):
    result = run_cli(
        "audit",
        str(CHART),
        "--format",
        "json",
        "--fail-on",
        "none",
        env={"PATH": f"{helm.binary.parent}{os.pathsep}{os.environ.get('PATH', '')}"},
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["inputs"] == [
        {"type": "manifests", "path": str(CHART.relative_to(ROOT)), "rendered_by": "helm template"}
    ]
    assert {"ServiceAccount", "ClusterRole", "ClusterRoleBinding", "CronJob"} <= set(report["kinds"]["collected"])
    assert report["summary"]["objects"] == 4


def capability_chart(directory: Path) -> Path:
    """A chart that picks each API version as many charts do, by asking what the cluster serves."""
    (directory / "templates").mkdir(parents=True)
    (directory / "Chart.yaml").write_text("apiVersion: v2\nname: picky\nversion: 1.0.0\n")
    (directory / "templates" / "pdb.yaml").write_text(
        '{{- if .Capabilities.APIVersions.Has "policy/v1/PodDisruptionBudget" }}\n'
        "apiVersion: policy/v1\n{{- else }}\napiVersion: policy/v1beta1\n{{- end }}\n"
        "kind: PodDisruptionBudget\nmetadata:\n  name: picky\n  labels: {helm.sh/chart: picky-1.0.0}\n"
        "spec:\n  maxUnavailable: 1\n  selector: {matchLabels: {app: picky}}\n"
    )
    (directory / "templates" / "apiservice.yaml").write_text(
        '{{- if .Capabilities.APIVersions.Has "apiregistration.k8s.io/v1" }}\n'
        "apiVersion: apiregistration.k8s.io/v1\n{{- else }}\napiVersion: apiregistration.k8s.io/v1beta1\n{{- end }}\n"
        "kind: APIService\nmetadata:\n  name: v1beta1.custom.metrics.k8s.io\n  labels: {helm.sh/chart: picky-1.0.0}\n"
        "spec:\n  service: {name: picky, namespace: default}\n  group: custom.metrics.k8s.io\n  version: v1beta1\n"
        "  groupPriorityMinimum: 100\n  versionPriority: 100\n"
    )
    return directory


def test_kubegap_renders_a_chart_for_a_cluster_that_serves_the_current_api_versions(helm, tmp_path):
    """helm template alone answers .Capabilities.APIVersions.Has from a list without kinds or the aggregation
    layer, so a chart writes its fallback versions; kubegap renders for a current cluster and finds nothing to
    report, while the fallback rendered elsewhere is counted as not judged (it may not be what an install writes)."""
    chart = capability_chart(tmp_path / "picky")
    on_path = {"PATH": f"{helm.binary.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    ours = run_cli("audit", str(chart), "--check", "api-version-removed", "--format", "json", env=on_path)
    assert ours.returncode == 0, ours.stderr
    report = json.loads(ours.stdout)
    assert report["findings"] == []
    assert [entry.get("unjudged", []) for entry in report["coverage"]] == [[]]

    elsewhere = helm("template", "picky", str(chart))
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert "apiVersion: policy/v1beta1" in elsewhere.stdout, "helm's default capabilities changed: revisit the rule"
    result = run_cli("audit", "-", "--check", "api-version-removed", "--format", "json", stdin=elsewhere.stdout)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["findings"] == []
    assert [[counted["objects"] for counted in entry["unjudged"]] for entry in report["coverage"]] == [[2]]
