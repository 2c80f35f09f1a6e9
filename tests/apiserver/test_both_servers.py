"""The training scenario of the live tests, run on the real API server and on the test server: the same findings.

The scenario (support/clusters.py) is applied to the real server. The test server is then given the
same world: the kinds the real server serves (from its discovery documents), every object of them as
the real server stores them, its version, and the same refusal of Secrets that `kubegap rbac` gives.
An audit of each, as users run it, must give the same report but for where each server is. And the
test server as the live tests run it, with the scenario as written, must find on the scenario's
objects what the real server's audit finds.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import run_cli
from support.apiserver import FakeAPIServer, ResourceType
from support.clusters import training_cluster, training_objects

from kubegap.checks import all_checks
from kubegap.sources.targets import kinds_read

CRDS = Path(__file__).with_name("crds.yaml")
NAMESPACES = ("ml", "shop")


def discovered_types(control_plane, kinds: set[str]) -> list[ResourceType]:
    """The real server's resource types for ``kinds``, read from its discovery documents as the admin."""
    versions = ["/api/v1"]
    _, groups = control_plane.get("/apis")
    versions += [f"/apis/{g['preferredVersion']['groupVersion']}" for g in groups["groups"]]
    types = []
    for path in versions:
        _, listed = control_plane.get(path)
        group, _, version = listed["groupVersion"].rpartition("/")
        for r in listed["resources"]:
            if "/" not in r["name"] and r["kind"] in kinds and "list" in r["verbs"]:
                types.append(
                    ResourceType(
                        group,
                        version,
                        r["kind"],
                        r["name"],
                        r["namespaced"],
                        tuple(r.get("shortNames", ())),
                        tuple(r["verbs"]),
                    )
                )
    return types


def copy_into(control_plane, server: FakeAPIServer) -> None:
    """Every object of the server's types, as the real API server stores them."""
    for rtype in server.types:
        prefix = f"/apis/{rtype.group_version}" if rtype.group else "/api/v1"
        status, listed = control_plane.get(f"{prefix}/{rtype.plural}")
        assert status == 200, listed
        server.add(*({**item, "kind": rtype.kind, "apiVersion": rtype.group_version} for item in listed["items"]))


@pytest.fixture(scope="module")
def real_training(control_plane, tmp_path_factory):
    control_plane.apply(CRDS.read_text())
    control_plane.apply(*(obj for name in NAMESPACES for obj in control_plane.namespace(name)))
    control_plane.apply(
        *(
            {**o, "metadata": {k: v for k, v in o["metadata"].items() if k != "managedFields"}}
            for o in training_objects()
        )
    )
    for node in (o["metadata"]["name"] for o in training_objects() if o["kind"] == "Node"):
        # Admission taints a new node not-ready; the node lifecycle controller (not run here) lifts it once the kubelet reports Ready.
        control_plane.kubectl("taint", "nodes", node, "node.kubernetes.io/not-ready:NoSchedule-")
    control_plane.kubectl("apply", "-f", "-", stdin=run_cli("rbac").stdout)
    return control_plane.service_account(
        "both-servers", "auditor", tmp_path_factory.mktemp("both") / "kubeconfig", cluster_role="kubegap-reader"
    )


def audit(config: Path) -> dict:
    result = run_cli("audit", "--kubeconfig", str(config), "--format", "json", "--fail-on", "none")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def settled_audit(config: Path, tries: int = 10) -> dict:
    """An audit of a cluster that has stopped changing on its own: a new API server creates objects of its own in
    its first seconds (its identity Lease), so two audits in a row must agree before one is compared with a copy
    taken after it."""
    previous = audit(config)
    for _ in range(tries):
        current = audit(config)
        if comparable(current) == comparable(previous):
            return current
        previous = current
        time.sleep(1)
    raise AssertionError("the cluster kept changing between audits")


def comparable(report: dict) -> dict:
    """The report without what says where and when it ran."""
    return {key: report[key] for key in ("findings", "suppressed", "coverage", "kinds", "warnings")} | {
        "cluster": {k: v for k, v in report["cluster"].items() if k != "name"},
        "summary": {k: v for k, v in report["summary"].items() if k != "elapsed_seconds"},
    }


def test_the_training_scenario_gives_the_same_report_on_both_servers(control_plane, real_training, tmp_path):
    real = settled_audit(real_training)
    assert "nccl-timeouts-unset" in {f["check_id"] for f in real["findings"]}
    with FakeAPIServer(types=discovered_types(control_plane, kinds_read(all_checks()))) as fake:
        fake.version = control_plane.get("/version")[1]
        copy_into(control_plane, fake)
        fake.deny("secrets")
        ours = audit(fake.kubeconfig(tmp_path / "fake.kubeconfig", context="auditor"))
    ours, real = comparable(ours), comparable(real)
    for part in real:  # one part at a time, so a failure names what differs
        assert ours[part] == real[part], part


def test_the_live_tests_training_cluster_gives_the_real_servers_findings_on_its_objects(real_training, tmp_path):
    """The test server as the live tests use it (its own types, the objects as written, nothing else in the cluster)."""
    scenario = {(o["kind"], o["metadata"].get("namespace"), o["metadata"]["name"]) for o in training_objects()}

    def on_scenario(report: dict) -> set:
        return {
            (f["check_id"], f["object"]["kind"], f["object"].get("namespace"), f["object"]["name"], f["message"])
            for f in report["findings"]
            if (f["object"]["kind"], f["object"].get("namespace"), f["object"]["name"]) in scenario
        }

    real = on_scenario(audit(real_training))
    with FakeAPIServer() as fake:
        cluster = training_cluster(fake)
        # every namespace of a real cluster has its default ServiceAccount (the real server's setup makes them)
        cluster.add(
            *(
                {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": ns}}
                for ns in NAMESPACES
            )
        )
        ours = on_scenario(audit(cluster.kubeconfig(tmp_path / "fake.kubeconfig")))
    assert len(real) >= 10 and ours == real
