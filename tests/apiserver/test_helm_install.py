"""The chart, installed into the real API server with the real helm: what it creates, and what its identity may do.

The release is named kubegap-chart, so its objects do not meet those other tests create from `kubegap rbac`."""

from __future__ import annotations

import json
import subprocess

import yaml
from conftest import ROOT, run_cli
from support import tools

CHART = ROOT / "deploy" / "helm" / "kubegap"


def test_helm_install_creates_a_least_privilege_nightly_audit(control_plane, tmp_path):
    helm = tools.need("helm")["helm"]
    env = {"KUBECONFIG": str(control_plane.admin_kubeconfig), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}

    def run(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run([str(helm), *args], capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr
        return done

    run(
        "install",
        "kubegap-chart",
        str(CHART),
        "--namespace",
        "kubegap-chart",
        "--create-namespace",
        "--set",
        "reportVolume.enabled=true",
    )
    (release,) = json.loads(run("list", "--namespace", "kubegap-chart", "-o", "json").stdout)
    assert release["name"] == "kubegap-chart" and release["status"] == "deployed"

    cronjob = json.loads(
        control_plane.kubectl("get", "cronjob", "kubegap-chart-audit", "-n", "kubegap-chart", "-o", "json").stdout
    )
    assert cronjob["spec"]["schedule"] == "17 3 * * *"
    assert cronjob["spec"]["jobTemplate"]["spec"]["template"]["spec"]["serviceAccountName"] == "kubegap-chart"
    control_plane.kubectl("get", "pvc", "kubegap-chart-reports", "-n", "kubegap-chart")
    role = json.loads(control_plane.kubectl("get", "clusterrole", "kubegap-chart-reader", "-o", "json").stdout)
    assert role["rules"] == yaml.safe_load(run_cli("rbac").stdout)["rules"]

    as_chart = ["--as", "system:serviceaccount:kubegap-chart:kubegap-chart"]
    for allowed in (
        ["list", "pods", "-A"],
        ["get", "nodes"],
        ["list", "deployments.apps", "-A"],
        ["get", "priorityclasses.scheduling.k8s.io"],
    ):
        assert control_plane.kubectl("auth", "can-i", *allowed, *as_chart, check=False).stdout.strip() == "yes", allowed
    for refused in (
        ["list", "secrets", "-A"],
        ["create", "pods"],
        ["delete", "configmaps"],
        ["create", "pods", "--subresource=exec"],
        ["get", "pods", "--subresource=log"],
        ["watch", "pods"],
    ):
        assert control_plane.kubectl("auth", "can-i", *refused, *as_chart, check=False).stdout.strip() == "no", refused

    run("uninstall", "kubegap-chart", "--namespace", "kubegap-chart")
    gone = control_plane.kubectl("get", "clusterrole", "kubegap-chart-reader", check=False)
    assert gone.returncode == 1
    assert control_plane.kubectl("get", "cronjobs", "-n", "kubegap-chart", "-o", "name").stdout == ""
