"""Fleets: several contexts or snapshots, one report in the shape of one cluster's, correlated change."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import orjson
import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer
from support.clusters import training_cluster

from kubegap.domain.collection import Collection
from kubegap.pipeline import audit, audit_options

SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())


@pytest.fixture
def second_cluster():
    with FakeAPIServer(token="other-token") as server:
        yield training_cluster(server)


def two_context_kubeconfig(path, first, second):
    """One kubeconfig naming both servers, as `kubectl config` would merge them."""
    configs = [
        orjson.loads(s.kubeconfig(path.with_suffix(f".{n}"), context=n).read_bytes())
        for n, s in (("eu", first), ("us", second))
    ]
    merged = {
        "apiVersion": "v1",
        "kind": "Config",
        "current-context": "eu",
        **{key: configs[0][key] + configs[1][key] for key in ("clusters", "users", "contexts")},
    }
    path.write_bytes(orjson.dumps(merged))
    return path


def test_two_contexts_make_one_fleet_report(apiserver, second_cluster, tmp_path):
    config = two_context_kubeconfig(tmp_path / "kc", apiserver, second_cluster)
    result = run_cli(
        "audit",
        "--kubeconfig",
        str(config),
        "--context",
        "eu",
        "--context",
        "us",
        "--format",
        "json",
        "--fail-on",
        "none",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    jsonschema.validate(report, SCHEMA)
    assert [c["name"] for c in report["clusters"]] == ["eu", "us"]
    assert {("eu", "nccl-timeouts-unset"), ("us", "nccl-timeouts-unset")} <= {
        (f["cluster"], f["check_id"]) for f in report["findings"]
    }
    (correlated,) = [f for f in report["findings"] if f["cluster"] is None]
    assert correlated["check_id"] == "fleet-os-updates-correlated" and correlated["object"]["kind"] == "Fleet"
    assert "2 clusters (eu, us) run nodes on Ubuntu 22.04.4 LTS" in correlated["message"]
    assert correlated["cases"] == ["datadog-2023-systemd-networkd-cilium-outage"]
    assert apiserver.log and second_cluster.log  # both clusters were asked
    table = run_cli("audit", "--kubeconfig", str(config), "--context", "eu", "--context", "us", "--fail-on", "none")
    assert (
        "eu: PyTorchJob ml/llama" in table.stdout
        and "us: PyTorchJob ml/llama" in table.stdout
        and "Fleet fleet" in table.stdout
    )


def snapshot(tmp_path, name, os_image, *, forbidden=None):
    nodes = [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {"name": f"{name}-n{i}"},
            "status": {"nodeInfo": {"osImage": os_image}},
        }
        for i in range(2)
    ]
    path = tmp_path / f"{name}.json"
    path.write_text(
        json.dumps(
            {
                "apiVersion": "kubegap.io/v1",
                "kind": "Snapshot",
                "cluster": {"name": name},
                "collected": [] if forbidden else ["Node", "DaemonSet", "Deployment"],
                "forbidden": forbidden or {},
                "items": [] if forbidden else nodes,
            }
        )
    )
    return str(path)


def test_snapshots_of_different_clusters_are_a_fleet(tmp_path):
    paths = [snapshot(tmp_path, "eu", "Ubuntu 22.04.4 LTS"), snapshot(tmp_path, "us", "Ubuntu 22.04.4 LTS")]
    report = json.loads(run_cli("audit", *paths, "--format", "json", "--fail-on", "none").stdout)
    assert [c["name"] for c in report["clusters"]] == ["eu", "us"]
    assert [f["check_id"] for f in report["findings"] if f["cluster"] is None] == ["fleet-os-updates-correlated"]
    assert report["summary"]["objects"] == 4 and [c["summary"]["objects"] for c in report["clusters"]] == [2, 2]


def test_same_cluster_snapshots_and_plain_files_are_still_one_cluster(tmp_path):
    paths = [snapshot(tmp_path, "eu", "Ubuntu 22.04.4 LTS")]
    other = tmp_path / "other"
    other.mkdir()
    paths.append(snapshot(other, "eu", "Ubuntu 22.04.4 LTS"))
    report = json.loads(run_cli("audit", *paths, "--format", "json", "--fail-on", "none").stdout)
    assert "clusters" not in report and report["summary"]["objects"] == 4


def collection(name: str, images: list[str], *, nodes_collected: bool = True) -> Collection:
    c = Collection(cluster={"name": name})
    for index, image in enumerate(images):
        c.add(
            {
                "apiVersion": "v1",
                "kind": "Node",
                "metadata": {"name": f"n{index}"},
                "status": {"nodeInfo": {"osImage": image}},
            }
        )
    c.collected |= {"DaemonSet", "Deployment"}  # listed, and none coordinates OS updates
    if nodes_collected:
        c.collected.add("Node")
    else:
        c.forbidden["Node"] = "list nodes (core) cluster-wide"
    return c


def fleet_report(collections: list[Collection]) -> dict:
    return audit(collections, audit_options(["fleet-os-updates-correlated"])).to_json()


def test_fleet_check_passes_on_staggered_releases_and_skips_without_nodes():
    report = fleet_report(
        [collection("a", ["Ubuntu 22.04.4 LTS"]), collection("b", ["Ubuntu 24.04.1 LTS", "Bottlerocket OS 1.20.0"])]
    )
    assert report["findings"] == [] and report["coverage"] == [
        {"cluster": None, "check_id": "fleet-os-updates-correlated", "status": "ran", "reason": None, "findings": 0}
    ]
    skipped = fleet_report([collection("a", ["Ubuntu 22.04.4 LTS"]), collection("b", [], nodes_collected=False)])
    assert skipped["coverage"][0]["status"] == "skipped"
    assert skipped["coverage"][0]["reason"] == "b: Node forbidden by RBAC (list nodes (core) cluster-wide)"
    same_names = fleet_report([collection("a", ["X"]), collection("a", ["X"])])
    assert [c["name"] for c in same_names["clusters"]] == ["a", "a#2"]


def test_one_cluster_alone_skips_the_fleet_check_and_says_why():
    report = audit([collection("a", ["X"])], audit_options(["fleet-os-updates-correlated"])).to_json()
    assert report["coverage"] == [
        {
            "check_id": "fleet-os-updates-correlated",
            "status": "skipped",
            "reason": "a fleet check: it runs when two or more clusters are audited together",
            "findings": 0,
        }
    ]


def test_the_fleet_check_is_in_the_catalog():
    listed = json.loads(run_cli("checks", "--format", "json").stdout)
    (entry,) = [c for c in listed if c["id"] == "fleet-os-updates-correlated"]
    assert entry["scope"] == "fleet" and entry["reads"] == [
        "DaemonSet",
        "Deployment",
        "MachineConfigPool",
        "Node",
        "Plan",
    ]
    shown = run_cli("checks", "show", "fleet-os-updates-correlated")
    assert shown.returncode == 0 and "Runs on a fleet" in shown.stdout and "Why it matters" in shown.stdout
    assert (
        "## fleet-os-updates-correlated: One node OS release updated in place across clusters"
        in run_cli("checks", "docs").stdout
    )
