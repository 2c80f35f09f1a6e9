"""`kubectl cluster-info dump` output, as a directory tree and as one stream, list items without kind."""

from __future__ import annotations

import json
from pathlib import Path

from kubegap.sources.dump import json_stream
from kubegap.sources.manifests import ManifestSource

SONOBUOY = "corpus/vmware-tanzu-sonobuoy/pkg/discovery/testdata/healthsummary/resources"


def bare_list(kind: str, items: list[dict]) -> dict:
    """A list as cluster-info dump writes it: typed, its items without kind or apiVersion."""
    return {
        "kind": f"{kind}List",
        "apiVersion": "v1",
        "metadata": {"resourceVersion": "1"},
        "items": [{k: v for k, v in item.items() if k not in ("kind", "apiVersion")} for item in items],
    }


def log_section(pod: str, container: str) -> str:
    return (
        f'==== START logs for container {container} of pod {pod} ====\nI0501 started\n{{"not": "json"\n'
        f"==== END logs for container {container} of pod {pod} ====\n"
    )


def sample() -> tuple[list[dict], dict[str, list[dict]]]:
    nodes = [
        {
            "kind": "Node",
            "apiVersion": "v1",
            "metadata": {"name": "n1"},
            "status": {"nodeInfo": {"osImage": "Ubuntu 22.04.4 LTS"}},
        }
    ]
    pods = {
        "kube-system": [
            {
                "kind": "Pod",
                "apiVersion": "v1",
                "metadata": {"name": "coredns", "namespace": "kube-system"},
                "spec": {"containers": [{"name": "coredns", "image": "coredns:1.11"}]},
            }
        ],
        "default": [],
    }
    return nodes, pods


def write_stream(path: Path, nodes: list[dict], pods: dict[str, list[dict]]) -> Path:
    parts = [json.dumps(bare_list("Node", nodes), indent=4)]
    for ns, items in pods.items():
        parts.append(json.dumps(bare_list("Event", []), indent=4))
        parts.append(json.dumps(bare_list("Pod", items), indent=4))
        parts.extend(log_section(f"{ns}/{p['metadata']['name']}", "c") for p in items)
    path.write_text("\n".join(parts) + "\n")
    return path


def write_tree(root: Path, nodes: list[dict], pods: dict[str, list[dict]]) -> Path:
    root.mkdir()
    (root / "nodes.json").write_text(json.dumps(bare_list("Node", nodes), indent=4))
    for ns, items in pods.items():
        (root / ns).mkdir()
        (root / ns / "pods.json").write_text(json.dumps(bare_list("Pod", items), indent=4))
        for pod in items:
            (root / ns / pod["metadata"]["name"]).mkdir()
            (root / ns / pod["metadata"]["name"] / "logs.txt").write_text("I0501 started\n")
    return root


def check(collection, nodes, pods) -> None:
    assert not collection.warnings, collection.warnings
    assert {"Node", "Pod"} <= collection.collected
    found = {(o["kind"], o["metadata"].get("namespace"), o["metadata"]["name"]) for o in collection.resources}
    expected = {("Node", None, n["metadata"]["name"]) for n in nodes}
    expected |= {("Pod", ns, p["metadata"]["name"]) for ns, items in pods.items() for p in items}
    assert expected <= found
    assert all(o["apiVersion"] == "v1" for o in collection.resources)


def test_stream_and_tree(tmp_path):
    nodes, pods = sample()
    check(ManifestSource([str(write_stream(tmp_path / "dump.txt", nodes, pods))]).collect(), nodes, pods)
    check(ManifestSource([str(write_tree(tmp_path / "dump", nodes, pods))]).collect(), nodes, pods)


def test_real_cluster_objects_in_both_dump_forms(tmp_path, shared):
    resources = shared / SONOBUOY
    nodes = json.loads((resources / "cluster/core_v1_nodes.json").read_text())["items"]
    pods = {
        d.name: json.loads((d / "core_v1_pods.json").read_text())["items"] for d in sorted((resources / "ns").iterdir())
    }
    assert len(nodes) == 3 and sum(map(len, pods.values())) > 10
    check(ManifestSource([str(write_stream(tmp_path / "dump.json", nodes, pods))]).collect(), nodes, pods)
    check(ManifestSource([str(write_tree(tmp_path / "tree", nodes, pods))]).collect(), nodes, pods)


def test_json_stream_is_only_for_streams():
    assert json_stream('{"a": 1}') is None  # one document: the ordinary reader's
    assert json_stream('{"a": 1} trailing words') is None
    assert json_stream('{"a": 1}\n==== START logs for x ====\nno end') is None
    assert json_stream('{"a": 1}\n{"b": 2}\n') == [{"a": 1}, {"b": 2}]
