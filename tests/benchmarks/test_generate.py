"""The benchmark generator: deterministic, and its objects sized like real ones."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import Shape, document, generate

from kubegap.sources.snapshot import is_snapshot

REAL = ("derailed-k9s", "vmware-tanzu-sonobuoy", "edgexr-edge-cloud-platform")
SHAPE = Shape(nodes=20, pods_per_node=10, namespaces=4)


def _size(obj: dict) -> int:
    """Compact JSON bytes without managedFields (most real test data has them stripped)."""
    meta = {k: v for k, v in obj["metadata"].items() if k != "managedFields"}
    return len(orjson.dumps({**obj, "metadata": meta}))


def _real_objects(shared: Path) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for repo in REAL:
        for path in (shared / "corpus" / repo).rglob("*.json"):
            try:
                data = json.loads(path.read_bytes())
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            list_kind = data.get("kind", "")
            for obj in data.get("items", [data]) if isinstance(data.get("items"), list) else [data]:
                if isinstance(obj, dict) and isinstance(obj.get("metadata"), dict):
                    kind = obj.get("kind") or (list_kind[:-4] if list_kind.endswith("List") else None)
                    if kind:
                        found.setdefault(kind, []).append(obj)
    return found


def test_same_shape_and_seed_give_the_same_bytes_and_another_seed_does_not():
    assert orjson.dumps(document(SHAPE)) == orjson.dumps(document(SHAPE))
    other = Shape(nodes=20, pods_per_node=10, namespaces=4, seed=2)
    assert orjson.dumps(document(other)) != orjson.dumps(document(SHAPE))


def test_counts_follow_the_shape():
    items = generate(SHAPE)
    kinds = [o["kind"] for o in items]
    assert kinds.count("Node") == SHAPE.nodes and kinds.count("Pod") == SHAPE.pods
    assert {
        "Deployment",
        "ReplicaSet",
        "StatefulSet",
        "DaemonSet",
        "Job",
        "Service",
        "EndpointSlice",
        "PodDisruptionBudget",
        "HorizontalPodAutoscaler",
        "ConfigMap",
        "PyTorchJob",
    } <= set(kinds)
    gpu = [n for n in items if n["kind"] == "Node" and "nvidia.com/gpu" in n["status"]["capacity"]]
    assert len(gpu) == int(SHAPE.nodes * SHAPE.gpu_fraction)
    assert all(o["metadata"]["managedFields"] for o in items if o["kind"] == "Pod")
    assert is_snapshot(document(SHAPE)) and document(SHAPE, as_list=True)["kind"] == "List"


def test_objects_are_sized_like_real_ones(shared):
    real = _real_objects(shared)
    generated: dict[str, list[dict]] = {}
    for obj in generate(SHAPE):
        generated.setdefault(obj["kind"], []).append(obj)
    for kind in ("Pod", "Node", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"):
        ours = statistics.median(_size(o) for o in generated[kind])
        theirs = statistics.median(_size(o) for o in real[kind])
        assert theirs / 2 <= ours <= theirs * 2, (kind, ours, theirs)
