"""At Kubernetes' scalability envelope: live collection of 150,000 pods, and a fleet of 20 clusters.

    python benchmarks/envelope.py                     # both; writes its section of RESULTS.md
    python benchmarks/envelope.py --nodes 200 --stdout  # a quick look at a small cluster

Collection: the test API server (tests/support/apiserver.py) serves a generated cluster
(benchmarks/generate.py, 5,000 nodes x 30 pods by default: Kubernetes' documented limits) from
this process; ``kubegap``'s live collection of every kind the checks read runs in a fresh process
(start-up and imports included), wall time and peak RSS from ``os.wait4``. The baseline is what
serving those pages costs: a minimal client, also a fresh process, replays the requests kubegap
made (discovery, versions, first pages of each list, with the same query and Accept header) with
the same number of workers, follows each list's continue tokens, and reads every answer without
parsing it. Target: kubegap within 1.3x the baseline, peak memory <= 3 GiB.

Fleet: 20 generated clusters (200 nodes x 30 pods each, different seeds and names) written as
kubegap snapshots and audited in one ``kubegap audit a.json b.json ...`` run: wall time and peak
RSS, beside the audit of one of them alone.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from generate import Shape, generate
from run import DATA, Run, generate_file, kubegap_command, machine, timed, write_results
from support.apiserver import FakeAPIServer
from traffic import served_types

from kubegap.checks import all_checks
from kubegap.sources.live import WORKERS
from kubegap.sources.targets import kinds_read

START, END = "<!-- envelope:start -->", "<!-- envelope:end -->"
TARGETS = {"collection_ratio": 1.3, "collection_gib": 3.0}
FLEET = 20

KUBEGAP = """
import sys
from kubegap.sources.kubeclient import connect
from kubegap.sources.live import LiveSource
collection = LiveSource(connect(sys.argv[1]), sys.argv[2].split(","), workers=int(sys.argv[3])).collect()
print(len(collection.resources), next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
"""

BASELINE = """
import json, re, ssl, sys, urllib.parse
from concurrent.futures import ThreadPoolExecutor
import urllib3
server, ca, token, workers, requests = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), json.load(open(sys.argv[5]))
pool = urllib3.HTTPSConnectionPool(urllib.parse.urlsplit(server).hostname, urllib.parse.urlsplit(server).port,
                                   ca_certs=ca, cert_reqs="CERT_REQUIRED", maxsize=workers, assert_hostname=False)
token_in = re.compile(rb'"continue":"([^"]*)"')

def fetch(request):
    query, pages, size = dict(request["query"]), 0, 0
    while True:
        answer = pool.request("GET", request["path"] + "?" + urllib.parse.urlencode(query) if query else request["path"],
                              headers={"Authorization": "Bearer " + token, "Accept": request["accept"]})
        body = answer.data
        pages, size = pages + 1, size + len(body)
        found = token_in.search(body, 0, 4096)
        if not found or not found.group(1):
            return pages, size
        query = {**{k: v for k, v in request["query"].items() if k != "resourceVersion"}, "continue": found.group(1).decode()}

with ThreadPoolExecutor(max_workers=workers) as workers_pool:
    done = list(workers_pool.map(fetch, requests))
print(sum(p for p, _ in done), sum(s for _, s in done), next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
"""


def cpu_seconds(usage) -> float:
    return usage.ru_utime + usage.ru_stime


def measured(command: list[str]) -> tuple[Run, float, float]:
    """The run (its own peak RSS), its CPU seconds, and the CPU seconds this process (the test API
    server's threads; the main thread only waits) used meanwhile."""
    child, own = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    run = own_peak(timed(command))
    return (
        run,
        cpu_seconds(resource.getrusage(resource.RUSAGE_CHILDREN)) - cpu_seconds(child),
        cpu_seconds(resource.getrusage(resource.RUSAGE_SELF)) - cpu_seconds(own),
    )


def own_peak(run: Run) -> Run:
    """The run with the peak RSS its process reported after exec (VmHWM, the last number it printed):
    forked from this process, which holds the served cluster, its rusage counts that too."""
    *rest, peak_kib = run.stdout.split()
    return Run(run.seconds, int(peak_kib) / 1024, " ".join(rest))


def collection(shape: Shape, repeats: int) -> dict:
    """kubegap's live collection of the generated cluster against the minimal client's replay of its requests."""
    print(f"generating {shape.nodes} nodes, {shape.pods} pods ...", flush=True)
    objects = generate(shape)
    kinds = kinds_read(all_checks())
    ours, theirs = [], []
    with FakeAPIServer(served_types(objects)) as server, tempfile.TemporaryDirectory() as home:
        server.add(*objects)
        count = len(objects)
        del objects
        config = server.kubeconfig(Path(home) / "kubeconfig")
        requests = Path(home) / "requests.json"
        for attempt in range(repeats):
            server.log.clear()
            run = measured([sys.executable, "-c", KUBEGAP, str(config), ",".join(kinds), str(WORKERS)])
            ours.append((*run, len(server.log)))
            log = [e for e in server.log if "continue" not in e["query"]]
            requests.write_text(
                json.dumps([{"path": e["path"], "query": e["query"], "accept": e["accept"]} for e in log])
            )
            base = measured(
                [
                    sys.executable,
                    "-c",
                    BASELINE,
                    server.url,
                    str(server.credentials.ca_path),
                    server.token,
                    str(WORKERS),
                    str(requests),
                ]
            )
            theirs.append(base)
            pages, size = map(int, base[0].stdout.split()[:2])
            print(
                f"  collection #{attempt + 1}: kubegap {run[0].seconds:.2f} s, {run[0].rss_mib:.0f} MiB, CPU {run[1]:.1f} s "
                f"(server {run[2]:.1f} s; {run[0].stdout.strip()} objects, {ours[-1][3]} answers); minimal client "
                f"{base[0].seconds:.2f} s, {base[0].rss_mib:.0f} MiB, CPU {base[1]:.1f} s (server {base[2]:.1f} s; {pages} answers, "
                f"{size / 2**20:.0f} MiB)",
                flush=True,
            )

    def median(runs, field):
        return statistics.median(field(r) for r in runs)

    return {
        "nodes": shape.nodes,
        "pods": shape.pods,
        "served": count,
        "collected": int(ours[0][0].stdout.split()[0]),
        "kinds": len(kinds),
        "workers": WORKERS,
        "answers": pages,
        "kubegap_answers": ours[0][3],
        "mib": size / 2**20,
        "kubegap_s": median(ours, lambda r: r[0].seconds),
        "kubegap_mib": median(ours, lambda r: r[0].rss_mib),
        "kubegap_cpu": median(ours, lambda r: r[1]),
        "kubegap_server_cpu": median(ours, lambda r: r[2]),
        "baseline_s": median(theirs, lambda r: r[0].seconds),
        "baseline_mib": median(theirs, lambda r: r[0].rss_mib),
        "baseline_cpu": median(theirs, lambda r: r[1]),
        "baseline_server_cpu": median(theirs, lambda r: r[2]),
        "runs": [(o[0].seconds, b[0].seconds) for o, b in zip(ours, theirs)],
    }


def fleet(shape: Shape, repeats: int) -> dict:
    """``kubegap audit`` of FLEET differently named snapshot clusters in one run, and of one of them alone."""
    folder = DATA / "fleet"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for seed in range(1, FLEET + 1):
        path = folder / f"cluster-{seed:02d}-{shape.nodes}n-{shape.pods}p.json"
        if not path.exists() or path.stat().st_mtime < (HERE / "generate.py").stat().st_mtime:
            generate_file(Shape(shape.nodes, shape.pods_per_node, seed=seed), path, name=f"cluster-{seed:02d}")
        paths.append(str(path))
    audit = [*kubegap_command(), "audit", "--format", "json", "--fail-on", "none"]
    runs, alone = [], []
    for attempt in range(repeats):
        alone.append(timed([*audit, paths[0]]))
        runs.append(timed([*audit, *paths]))
        print(
            f"  fleet #{attempt + 1}: {FLEET} clusters {runs[-1].seconds:.2f} s, {runs[-1].rss_mib:.0f} MiB; "
            f"one alone {alone[-1].seconds:.2f} s, {alone[-1].rss_mib:.0f} MiB",
            flush=True,
        )
    report = json.loads(runs[0].stdout)
    return {
        "clusters": FLEET,
        "nodes": shape.nodes,
        "pods": shape.pods,
        "mib": sum(Path(p).stat().st_size for p in paths) / 2**20,
        "findings": report["summary"]["findings"],
        "seconds": statistics.median(r.seconds for r in runs),
        "rss_mib": statistics.median(r.rss_mib for r in runs),
        "alone_s": statistics.median(r.seconds for r in alone),
        "alone_mib": statistics.median(r.rss_mib for r in alone),
    }


def verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


def render(live: dict | None, many: dict | None, repeats: int) -> str:
    import time

    lines = [
        f"Run of {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {repeats} repeat(s), medians. Machine: {machine()}.",
        "",
    ]
    if live:
        ratio = live["kubegap_s"] / live["baseline_s"]
        lines += [
            (
                f"Live collection of a generated cluster of {live['nodes']:,} nodes and {live['pods']:,} pods ({live['served']:,} objects) "
                f"from the test API server: every kind the checks read ({live['kinds']} kinds), {live['workers']} workers, pages of 500; "
                f"{live['answers']:,} answers, {live['mib']:,.0f} MiB."
            ),
            "",
            "| | wall time | CPU time | test API server's CPU time meanwhile | peak RSS |",
            "|---|---:|---:|---:|---:|",
            (
                f"| kubegap's live collection (fresh process, {live['collected']:,} objects kept) | {live['kubegap_s']:.2f} s | "
                f"{live['kubegap_cpu']:.1f} s | {live['kubegap_server_cpu']:.1f} s | {live['kubegap_mib']:,.0f} MiB |"
            ),
            (
                f"| minimal client: the same requests, same workers, answers read, not parsed | {live['baseline_s']:.2f} s | "
                f"{live['baseline_cpu']:.1f} s | {live['baseline_server_cpu']:.1f} s | {live['baseline_mib']:,.0f} MiB |"
            ),
            "",
            f"kubegap takes **{ratio:.2f}x** the time the server needs to serve the same pages "
            f"(each run, kubegap against the minimal client right after it: "
            + ", ".join(f"{ours:.1f} s / {theirs:.1f} s" for ours, theirs in live["runs"])
            + "). "
            f"kubegap read {live['kubegap_answers']:,} answers, the minimal client {live['answers']:,}. CPU time is user and system time of the "
            "client's process; the server's is that of the benchmark's process, whose threads serve the pages. The two "
            f"processes share the machine's {os.cpu_count()} cores with whatever else runs (see the load average above): kubegap's "
            "wall time can be as short as the server's only while a core is free for each.",
            "",
        ]
    if many:
        lines += [
            (
                f"A fleet of {many['clusters']} generated clusters ({many['nodes']} nodes and {many['pods']:,} pods each, different seeds and "
                f"names; {many['mib']:,.0f} MiB of snapshots) audited in one `kubegap audit` run, `--format json`."
            ),
            "",
            "| | wall time | peak RSS |",
            "|---|---:|---:|",
            f"| {many['clusters']} clusters, one run ({many['findings']:,} findings) | {many['seconds']:.2f} s | {many['rss_mib']:,.0f} MiB |",
            f"| one of them alone | {many['alone_s']:.2f} s | {many['alone_mib']:,.0f} MiB |",
            "",
        ]
    lines += ["| target | measured | |", "|---|---|---|"]
    if live:
        lines.append(
            f"| live collection within {TARGETS['collection_ratio']}x the minimal client | {ratio:.2f}x | {verdict(ratio <= TARGETS['collection_ratio'])} |"
        )
        gib = live["kubegap_mib"] / 1024
        lines.append(
            f"| peak memory during collection <= {TARGETS['collection_gib']:.0f} GiB | {gib:.2f} GiB | {verdict(gib <= TARGETS['collection_gib'])} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=5000, help="nodes of the collected cluster (30 pods each)")
    parser.add_argument("--fleet-nodes", type=int, default=200, help="nodes of each fleet cluster (30 pods each)")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--skip-collection", action="store_true")
    parser.add_argument("--skip-fleet", action="store_true")
    parser.add_argument("--stdout", action="store_true", help="print the results instead of writing RESULTS.md")
    args = parser.parse_args()
    many = (
        None if args.skip_fleet else fleet(Shape(nodes=args.fleet_nodes), args.repeats)
    )  # first: this process is still small
    live = None if args.skip_collection else collection(Shape(nodes=args.nodes), args.repeats)
    body = render(live, many, args.repeats)
    if not args.stdout:
        write_results(body, START, END, "## At the envelope: live collection and a fleet")
    print(body)


if __name__ == "__main__":
    main()
