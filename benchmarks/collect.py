"""Collection benchmark: kubegap's live collection against a sequential `kubectl get` of the same kinds.

Starts the test API server (tests/support/apiserver.py) with 20 kinds of 1,000 objects each and
20 ms of latency on every request, then measures, each in its own process, the wall time and the
peak resident memory of

- ``kubegap``: one process listing the 20 kinds with its worker pool (interpreter start-up and
  imports included), and
- ``kubectl``: ``kubectl get <kind> -A -o json`` once per kind, one after another (its discovery
  cache warmed first), the wall time summed and the peak memory the largest of the 20.

Usage: python benchmarks/collect.py [--objects 1000] [--latency 0.02] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.apiserver import BUILTIN_TYPES, FakeAPIServer, ResourceType

EXTRA = (ResourceType("networking.k8s.io", "v1", "NetworkPolicy", "networkpolicies", True),)
TYPES = [t for t in BUILTIN_TYPES if "list" in t.verbs and t.kind != "Secret"] + list(EXTRA)
KUBEGAP = """
import sys
from kubegap.sources.kubeclient import connect
from kubegap.sources.live import LiveSource
collection = LiveSource(connect(sys.argv[1]), sys.argv[2].split(",")).collect()
print(len(collection.resources), len(collection.collected))
"""


def make_object(rtype: ResourceType, index: int) -> dict:
    """About 1.5 KB, like a small real object: labels, annotations, a container with env and resources."""
    metadata = {
        "name": f"{rtype.plural}-{index:05d}",
        "labels": {"app": f"app-{index % 50}", "tier": "backend", "team": f"t{index % 7}"},
        "annotations": {"example.com/owner": "platform", "example.com/revision": str(index)},
    }
    if rtype.namespaced:
        metadata["namespace"] = f"ns-{index % 20}"
    container = {
        "name": "main",
        "image": f"registry.example.com/app:{index % 9}.0",
        "env": [{"name": f"SETTING_{n}", "value": f"value-{n}-{index}"} for n in range(6)],
        "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"memory": "256Mi"}},
        "ports": [{"containerPort": 8080, "name": "http"}],
    }
    return {
        "kind": rtype.kind,
        "apiVersion": rtype.group_version,
        "metadata": metadata,
        "spec": {"template": {"metadata": {"labels": metadata["labels"]}, "spec": {"containers": [container]}}},
    }


def measured(command: list[str], env: dict) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one process."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command[0]} failed: {process.stderr.read().decode()[-500:]}")
    return elapsed, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--objects", type=int, default=1000, help="objects per kind")
    parser.add_argument("--latency", type=float, default=0.02, help="seconds added to every request")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side; the best is kept")
    args = parser.parse_args()
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        raise SystemExit("kubectl is not installed")
    with FakeAPIServer(TYPES) as server, tempfile.TemporaryDirectory() as home:
        for rtype in TYPES:
            server.add(*(make_object(rtype, i) for i in range(args.objects)))
        config = server.kubeconfig(Path(home) / "kubeconfig")
        server.latency = args.latency
        env = {**os.environ, "KUBECONFIG": str(config), "HOME": home}
        subprocess.run([kubectl, "api-resources"], env=env, check=True, capture_output=True)  # warm kubectl's cache
        kinds = ",".join(t.kind for t in TYPES)
        ours = min(
            (measured([sys.executable, "-c", KUBEGAP, str(config), kinds], env) for _ in range(args.repeat)),
            key=lambda r: r[0],
        )
        theirs = []
        for _ in range(args.repeat):
            runs = [
                measured([kubectl, "get", f"{t.plural}.{t.group}" if t.group else t.plural, "-A", "-o", "json"], env)
                for t in TYPES
            ]
            theirs.append((sum(r[0] for r in runs), max(r[1] for r in runs)))
        theirs_best = min(theirs, key=lambda r: r[0])
    total = len(TYPES) * args.objects
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{subprocess.run([kubectl, 'version', '--client'], capture_output=True, text=True, check=True).stdout.splitlines()[0]}"
    )
    print(
        f"workload: {len(TYPES)} kinds x {args.objects} objects = {total} objects, {args.latency * 1000:.0f} ms latency per request, best of {args.repeat}"
    )
    print(f"kubegap collection : {ours[0]:6.2f} s  peak {ours[1] / 1024:6.0f} MiB")
    print(
        f"kubectl sequential : {theirs_best[0]:6.2f} s  peak {theirs_best[1] / 1024:6.0f} MiB (largest of {len(TYPES)} processes)"
    )
    print(f"ratio              : kubegap is {theirs_best[0] / ours[0]:.1f}x faster")


if __name__ == "__main__":
    main()
