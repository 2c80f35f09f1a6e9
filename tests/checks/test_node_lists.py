"""Nodes of a manifests input are counted and compared across the cluster only when the input shows they are
one cluster's: saved node listings in several files may be several clusters' (a project's fixtures), so the
checks that count or compare nodes skip with the reason, and a check that judges each node alone still runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubegap.checks import get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

AKS = """apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: aks-1, labels: {agentpool: agentpool}}
  status: {nodeInfo: {osImage: Ubuntu 18.04.5 LTS, kernelVersion: 5.4.0-1049-azure, kubeletVersion: v1.18.19}}
- apiVersion: v1
  kind: Node
  metadata: {name: aks-2, labels: {agentpool: agentpool}}
  status: {nodeInfo: {osImage: Ubuntu 18.04.5 LTS, kernelVersion: 5.4.0-1049-azure, kubeletVersion: v1.18.19}}
"""
EDGE = """apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: edge-1
    labels: {agentpool: agentpool, node-role.kubernetes.io/control-plane: "true"}
  status: {nodeInfo: {osImage: Ubuntu 22.04.5 LTS, kernelVersion: 5.15.0-134-generic, kubeletVersion: v1.31.6}}
"""
CROSS_NODE_CHECKS = ("node-os-drift", "control-plane-single-node")


def _coverage(check_id: str, paths: list[Path]):
    check = get_check(check_id)
    assert check is not None
    return run_check(check, Inventory(ManifestSource([str(p) for p in paths]).collect()))


@pytest.mark.parametrize("check_id", CROSS_NODE_CHECKS)
def test_nodes_from_several_files_are_not_compared(tmp_path, check_id):
    (tmp_path / "aks-nodes.yaml").write_text(AKS)
    (tmp_path / "edge-nodes.yaml").write_text(EDGE)
    coverage, findings = _coverage(check_id, [tmp_path])
    assert findings == []
    assert coverage.status == "skipped"
    folder = tmp_path.name
    assert coverage.reason == (
        f"not applicable: the Nodes come from 2 files ({folder}/aks-nodes.yaml, {folder}/edge-nodes.yaml): "
        "nothing shows they are one cluster's; audit a live cluster or a snapshot"
    )


@pytest.mark.parametrize("check_id", CROSS_NODE_CHECKS)
def test_nodes_of_one_listing_are_compared(tmp_path, check_id):
    """The same nodes in one listing are one cluster's, as far as the input says: the check judges them."""
    edge_items = EDGE.split("items:\n", 1)[1]
    (tmp_path / "nodes.yaml").write_text(AKS + edge_items)
    coverage, findings = _coverage(check_id, [tmp_path / "nodes.yaml"])
    assert coverage.status == "ran"
    assert len(findings) == 1


def test_a_check_of_each_node_alone_still_runs(tmp_path):
    (tmp_path / "aks-nodes.yaml").write_text(AKS)
    (tmp_path / "edge-nodes.yaml").write_text(EDGE)
    coverage, _ = _coverage("node-memory-reserve-missing", [tmp_path])
    assert coverage.status == "ran"
