"""kubegap beside the Go peers that audit the same manifests: kube-score (and Polaris, where it can be built).

The peers are built by ``make peers``, which ``make bench`` runs (tools/build.py ``--peers``), from the Go module proxy; one that is not built
is reported as such. Each generated cluster is written once more as a plain ``kind: List`` (the
same objects as its snapshot, benchmarks/generate.py ``--list``), which every tool reads: kubegap as
``kubegap audit FILE --format json``, kube-score as ``kube-score score FILE --output-format json``.
Per tool: wall time, CPU time (user and system, from ``os.wait4``) and peak RSS, medians over the
repeats; objects per second count the objects in the file, whatever each tool judges of them. The
ratios compare kubegap with each peer in the same run, by wall time and by CPU time: a loaded
machine stretches wall times, CPU time much less.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from support.tools import BUILD

PEERS = {"kube-score": ["score", "{file}", "--output-format", "json"]}
NOT_BUILT = {
    "Polaris": "github.com/fairwindsops/polaris is not served by the Go module proxy (every version and commit "
    "answered 403 Not Available), so it cannot be built here"
}


def peer_binaries() -> dict[str, Path | None]:
    return {name: BUILD.binary(name) for name in PEERS}


def version(binary: Path) -> str:
    done = subprocess.run([str(binary), "version"], capture_output=True, text=True, timeout=30, check=False)
    found = re.search(r"v\d+\.\d+\.\d+", done.stdout)
    return found.group(0) if found else "(version unknown)"


def bench_peers(inputs: list[tuple[str, Path, int]], repeats: int, timed, kubegap_command) -> dict:
    """``inputs``: (label, List file, objects in it). Returns per input, per tool: medians and the ratios."""
    binaries = peer_binaries()
    rows = []
    for label, path, objects in inputs:
        tools = {"kubegap": [*kubegap_command(), "audit", str(path), "--format", "json", "--fail-on", "none"]}
        tools.update(
            {
                name: [str(binary), *(a.format(file=path) for a in PEERS[name])]
                for name, binary in binaries.items()
                if binary
            }
        )
        runs: dict[str, list] = {name: [] for name in tools}
        for attempt in range(repeats):
            for name, command in tools.items():  # interleaved: each repeat sees the machine as the others did
                runs[name].append(timed(command))
            print(
                f"  peers {label} #{attempt + 1}: "
                + ", ".join(
                    f"{n} {r[-1].seconds:.2f} s ({r[-1].cpu_seconds:.2f} s CPU, {r[-1].rss_mib:.0f} MiB)"
                    for n, r in runs.items()
                ),
                flush=True,
            )
        medians = {
            name: {
                "seconds": statistics.median(r.seconds for r in rs),
                "cpu": statistics.median(r.cpu_seconds for r in rs),
                "rss_mib": statistics.median(r.rss_mib for r in rs),
            }
            for name, rs in runs.items()
        }
        for m in medians.values():
            m["rate"] = objects / m["seconds"]
        rows.append({"label": label, "objects": objects, "mib": path.stat().st_size / 2**20, "tools": medians})
    return {
        "rows": rows,
        "versions": {name: version(binary) for name, binary in binaries.items() if binary},
        "missing": {
            **{name: "not built (run `make peers`)" for name, binary in binaries.items() if not binary},
            **NOT_BUILT,
        },
    }


def render(peers: dict) -> list[str]:
    lines = [
        "### Beside kube-score",
        "",
        "Each generated cluster as a plain `kind: List` (the snapshot's objects), read by each tool; "
        + ", ".join(f"{n} {v}" for n, v in peers["versions"].items())
        + ". Medians; CPU is user and system time.",
        "",
        "| input | objects | tool | wall time | CPU time | peak RSS | objects per second | kubegap's speed-up, wall (CPU) |",
        "|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for row in peers["rows"]:
        ours = row["tools"]["kubegap"]
        for name, m in row["tools"].items():
            ratio = (
                "" if name == "kubegap" else f"{m['seconds'] / ours['seconds']:.2f}x ({m['cpu'] / ours['cpu']:.2f}x)"
            )
            lines.append(
                f"| {row['label']} ({row['mib']:.0f} MiB) | {row['objects']:,} | {name} | {m['seconds']:.2f} s | "
                f"{m['cpu']:.2f} s | {m['rss_mib']:,.0f} MiB | {m['rate']:,.0f} | {ratio} |"
            )
    lines.append("")
    lines += [f"Not run: {name}: {why}." for name, why in peers["missing"].items()]
    return lines + [""]
