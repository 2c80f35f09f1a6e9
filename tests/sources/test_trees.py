"""Directories people point kubegap at: a kustomize tree is rendered with kubectl (or refused with the
command to run), so is a Helm chart with helm (tests/deploy/test_helm.py), the files describing either are not
reported as broken objects, and a symbolic link to nothing is a warning naming it, recorded as unread."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from conftest import ROOT, run_cli

from kubegap.errors import InputError
from kubegap.sources.manifests import ManifestSource

KUBECTL = shutil.which("kubectl")
JOB_OVERLAY = ROOT / "deploy" / "overlays" / "job"


def without_tools(tmp_path) -> dict:
    """An environment whose PATH holds neither kubectl nor helm (the CLI runs from sys.executable)."""
    empty = tmp_path / "empty-path"
    empty.mkdir(exist_ok=True)
    return {"PATH": str(empty)}


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_kustomize_tree_is_rendered_with_kubectl_kustomize():
    result = run_cli("audit", str(JOB_OVERLAY), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    named = "job" if not JOB_OVERLAY.is_relative_to(ROOT) else "deploy/overlays/job"
    assert report["inputs"] == [{"type": "manifests", "path": named, "rendered_by": "kubectl kustomize"}]
    assert {"Namespace", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Job"} <= set(
        report["kinds"]["collected"]
    )
    assert "metadata" not in result.stderr and "kustomization" not in result.stderr.lower()


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_findings_in_a_rendered_tree_are_located_at_the_tree(tmp_path):
    tree = tmp_path / "cache"
    tree.mkdir()
    (tree / "kustomization.yaml").write_text("resources: [deploy.yaml]\nnamespace: cache\n")
    (tree / "deploy.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: redis}\nspec:\n  replicas: 2\n"
        "  selector: {matchLabels: {app: redis}}\n  template:\n    metadata: {labels: {app: redis}}\n"
        "    spec: {containers: [{name: redis, image: 'redis:7.2.4'}]}\n"
    )
    report = json.loads(
        run_cli(
            "audit", str(tree), "--check", "image-registry-unauthenticated", "--format", "json", "--fail-on", "none"
        ).stdout
    )
    located = [f["location"]["path"] for f in report["findings"]]
    assert located == ["cache (kubectl kustomize)"]


def test_without_kubectl_a_kustomize_tree_is_refused_with_the_command_to_run(tmp_path):
    result = run_cli("audit", str(JOB_OVERLAY), env=without_tools(tmp_path))
    assert result.returncode == 2
    assert result.stderr == (
        f"kubegap: error: {JOB_OVERLAY} is a kustomize tree (kustomization.yaml) and kubectl is not on the "
        f"PATH to render it: run kubectl kustomize {JOB_OVERLAY} | kubegap audit -\n"
    )


def chart(directory):
    (directory / "templates").mkdir(parents=True)
    (directory / "Chart.yaml").write_text("apiVersion: v2\nname: shop\nversion: 0.1.0\n")
    (directory / "values.yaml").write_text("replicaCount: 1\nimage: {repository: nginx}\n")
    (directory / "templates" / "deployment.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  replicas: {{ .Values.replicaCount }}\n"
    )
    return directory


def test_without_helm_a_chart_is_refused_with_the_command_to_run(tmp_path):
    shop = chart(tmp_path / "shop")
    result = run_cli("audit", str(shop), env=without_tools(tmp_path))
    assert result.returncode == 2
    assert result.stderr == (
        f"kubegap: error: {shop} is a Helm chart (Chart.yaml) and helm is not on the PATH to render it: "
        f"run helm template {shop} | kubegap audit -\n"
    )


def test_kustomizations_and_chart_files_inside_a_tree_are_not_reported_as_objects(tmp_path):
    repo = tmp_path / "repo"
    chart(repo / "charts" / "shop")
    (repo / "k8s").mkdir(parents=True)
    (repo / "k8s" / "kustomization.yaml").write_text(
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [service.yaml]\n"
    )
    (repo / "k8s" / "service.yaml").write_text(
        "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {ports: [{port: 80}]}\n"
    )
    result = run_cli("audit", str(repo), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["summary"]["objects"] == 1
    for warning in report["warnings"]:
        assert not any(name in warning for name in ("kustomization.yaml", "Chart.yaml", "values.yaml")), warning
    assert "no metadata" not in result.stderr and "not a Kubernetes object" not in result.stderr


def test_a_dangling_symbolic_link_is_a_warning_naming_it(tmp_path):
    folder = tmp_path / "k8s"
    folder.mkdir()
    (folder / "service.yaml").write_text("apiVersion: v1\nkind: Service\nmetadata: {name: web}\n")
    os.symlink(tmp_path / "gone.yaml", folder / "deployment.yaml")
    os.symlink(tmp_path / "gone-dir", folder / "overlays")
    result = run_cli("audit", str(folder), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    warnings = report["warnings"]
    assert "k8s/deployment.yaml: a symbolic link whose target does not exist; skipped" in warnings
    assert "k8s/overlays: a symbolic link whose target does not exist; skipped" in warnings
    assert "kubegap: warning: k8s/deployment.yaml: a symbolic link" in result.stderr
    missing = "a symbolic link whose target does not exist"
    assert report["inputs"] == [
        {"type": "manifests", "path": "k8s", "unread": {"k8s/deployment.yaml": missing, "k8s/overlays": missing}}
    ]


def test_confined_to_folders_a_kustomize_tree_is_refused_with_the_command_to_run(tmp_path):
    """The MCP server reads only its folders; kustomize may load a base from anywhere, so it is not run."""
    tree = tmp_path / "overlay"
    tree.mkdir()
    (tree / "kustomization.yaml").write_text("resources: [../../elsewhere]\n")
    with pytest.raises(
        InputError, match=f"holds kustomization.yaml: .* run kubectl kustomize {tree} and audit its output"
    ):
        ManifestSource([str(tree)], confine=[tmp_path]).collect()


def test_a_chart_is_rendered_for_every_version_that_replaced_a_removed_one():
    """What api-version-removed tells people to move to is what a chart is rendered as being served."""
    from kubegap.checks.upgrades.api_version_removed import REMOVED_APIS
    from kubegap.sources.trees import SERVED_KINDS

    replacements = {r for _, r in REMOVED_APIS.values() if re.fullmatch(r"[a-z0-9.]+/v\d+", r)}
    assert replacements and replacements <= set(SERVED_KINDS), replacements - set(SERVED_KINDS)
    for version, kind in REMOVED_APIS:
        if kind is not None and (replacement := REMOVED_APIS[(version, kind)][1]) in SERVED_KINDS:
            assert kind in SERVED_KINDS[replacement], (version, kind)
