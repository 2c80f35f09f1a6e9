"""What a full live audit asks of the API server: requests and bytes, per 1,000 pods.

Serves a generated cluster (benchmarks/generate.py) from the test API server (tests/support/
apiserver.py), which serves every built-in kind the checks read (empty where the cluster has none,
as a real one does) and logs every request with the bytes it answered; then collects, as
``kubegap audit`` does, every kind the enabled checks read, and counts. Synthetic Events (two per pod)
stand in for a real cluster's event churn.

Usage: python benchmarks/traffic.py [--nodes 200] [--pods-per-node 30] [--stdout]
Without --stdout the table goes into its section of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from generate import Shape, generate
from run import write_results
from support.apiserver import BUILTIN_TYPES, FakeAPIServer, ResourceType

from kubegap.checks import all_checks
from kubegap.domain.kinds import KNOWN_KINDS
from kubegap.sources.kubeclient import connect
from kubegap.sources.live import LiveSource
from kubegap.sources.targets import kinds_read, metadata_kinds

START, END = "<!-- traffic:start -->", "<!-- traffic:end -->"
BUILTIN_VERSIONS = {
    "": "v1",
    "apps": "v1",
    "batch": "v1",
    "policy": "v1",
    "autoscaling": "v2",
    "networking.k8s.io": "v1",
    "discovery.k8s.io": "v1",
    "storage.k8s.io": "v1",
    "scheduling.k8s.io": "v1",
    "admissionregistration.k8s.io": "v1",
    "apiextensions.k8s.io": "v1",
    "apiregistration.k8s.io": "v1",
    "rbac.authorization.k8s.io": "v1",
    "coordination.k8s.io": "v1",
}
CLUSTER_SCOPED = {
    "Node",
    "Namespace",
    "PersistentVolume",
    "StorageClass",
    "CSIDriver",
    "PriorityClass",
    "ClusterRole",
    "ClusterRoleBinding",
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "CustomResourceDefinition",
    "APIService",
}


def served_types(objects: list[dict]) -> list[ResourceType]:
    """The test server's types: its own, every built-in kind kubegap knows, and the kinds the objects need."""
    types = {t.kind: t for t in BUILTIN_TYPES}
    for kind, (group, plural) in KNOWN_KINDS.items():
        if group in BUILTIN_VERSIONS and kind not in types:
            types[kind] = ResourceType(group, BUILTIN_VERSIONS[group], kind, plural, kind not in CLUSTER_SCOPED)
    for obj in objects:
        if obj["kind"] not in types:
            group, _, version = obj["apiVersion"].rpartition("/")
            _, plural = KNOWN_KINDS.get(obj["kind"], (group, obj["kind"].lower() + "s"))
            types[obj["kind"]] = ResourceType(group, version, obj["kind"], plural, "namespace" in obj["metadata"])
    return list(types.values())


def _plural(kind: str) -> str:
    return KNOWN_KINDS[kind][1]


def events(pods: list[dict]) -> list[dict]:
    found = []
    for pod in pods:
        meta = pod["metadata"]
        for reason in ("Scheduled", "Pulled"):
            found.append(
                {
                    "apiVersion": "v1",
                    "kind": "Event",
                    "metadata": {
                        "name": f"{meta['name']}.{reason.lower()}",
                        "namespace": meta["namespace"],
                        "uid": f"{meta['uid']}-{reason}",
                    },
                    "involvedObject": {
                        "kind": "Pod",
                        "namespace": meta["namespace"],
                        "name": meta["name"],
                        "uid": meta["uid"],
                    },
                    "reason": reason,
                    "message": f"{reason} pod {meta['name']} on its node after the image was present on the machine",
                    "type": "Normal",
                    "count": 1,
                    "firstTimestamp": "2026-03-09T11:00:00Z",
                    "lastTimestamp": "2026-03-09T11:00:00Z",
                    "source": {"component": "kubelet"},
                }
            )
    return found


def measure(shape: Shape) -> dict:
    objects = generate(shape)
    pods = [o for o in objects if o["kind"] == "Pod"]
    objects += events(pods)
    checks = all_checks()
    kinds, metadata = kinds_read(checks), metadata_kinds(checks)
    with FakeAPIServer(served_types(objects)) as server, tempfile.TemporaryDirectory() as home:
        for obj in objects:
            server.add(obj)
        config = server.kubeconfig(Path(home) / "kubeconfig")
        LiveSource(connect(str(config)), sorted(metadata)).collect()  # the same kinds listed in full, for comparison
        in_full = sum(
            e.get("bytes", 0) for e in server.log if e["path"].rsplit("/", 1)[-1] in {_plural(k) for k in metadata}
        )
        server.log.clear()
        collection = LiveSource(connect(str(config)), kinds, metadata_only=metadata).collect()
        log = list(server.log)
    lists = [e for e in log if e["path"].rsplit("/", 1)[-1] not in ("", "version") and e.get("status") == 200]
    by_path: Counter = Counter()
    for entry in log:
        by_path[entry["path"]] += entry.get("bytes", 0)
    as_metadata = sum(e.get("bytes", 0) for e in log if e["path"].rsplit("/", 1)[-1] in {_plural(k) for k in metadata})
    return {
        "counted_in_full": in_full,
        "counted_as_metadata": as_metadata,
        "pods": len(pods),
        "nodes": shape.nodes,
        "objects": len(collection.resources),
        "kinds": len(kinds),
        "requests": len(log),
        "bytes": sum(e.get("bytes", 0) for e in log),
        "lists": len(lists),
        "metadata_only": sorted({e["path"] for e in log if "PartialObjectMetadataList" in e["accept"]}),
        "cache": sorted({e["path"] for e in log if e["query"].get("resourceVersion") == "0"}),
        "heaviest": by_path.most_common(5),
    }


def render(result: dict) -> str:
    per = 1000 / result["pods"]
    lines = [
        (
            f"A full live audit (every kind the {len(all_checks())} checks read: {result['kinds']} kinds) of a generated cluster of "
            f"{result['nodes']} nodes and {result['pods']} pods (with two Events per pod), served by the test API server; "
            "`python benchmarks/traffic.py`."
        ),
        "",
        "| | total | per 1,000 pods |",
        "|---|---:|---:|",
        f"| requests (discovery, version and lists) | {result['requests']} | {result['requests'] * per:.1f} |",
        f"| bytes answered | {result['bytes'] / 2**20:.1f} MiB | {result['bytes'] * per / 2**20:.2f} MiB |",
        f"| objects collected | {result['objects']} | {result['objects'] * per:.0f} |",
        "",
        "Heaviest lists: " + ", ".join(f"`{path}` {size / 2**20:.1f} MiB" for path, size in result["heaviest"]) + ".",
        "Listed as metadata only: "
        + (", ".join(f"`{p}`" for p in result["metadata_only"]) or "none")
        + f" (the kinds the checks only count: {result['counted_as_metadata'] / 2**20:.1f} MiB as metadata, "
        f"{result['counted_in_full'] / 2**20:.1f} MiB as full objects).",
        "Read whole from the watch cache (`resourceVersion=0`): "
        + (", ".join(f"`{p}`" for p in result["cache"]) or "none")
        + ".",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=200)
    parser.add_argument("--pods-per-node", type=int, default=30)
    parser.add_argument("--stdout", action="store_true", help="print the table instead of writing RESULTS.md")
    args = parser.parse_args()
    body = render(measure(Shape(nodes=args.nodes, pods_per_node=args.pods_per_node)))
    if not args.stdout:
        write_results(body, START, END, "## Requests and bytes a live audit costs the API server")
    print(body)


if __name__ == "__main__":
    main()
