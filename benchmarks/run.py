"""kubegap's benchmarks: cluster-scale audits against the JSON parse floor, kube-score, Checkov, start-up.

    make bench                                   # everything; writes benchmarks/RESULTS.md
    .venv/bin/python benchmarks/run.py --sizes small --skip-checkov --repeats 3

For each size (benchmarks/generate.py snapshots, cached in benchmarks/.data/) and each repeat, in
turn: the floor (a fresh interpreter that reads the file and parses it with orjson, the cyclic
collector off: the cheapest way Python can hold it), the pipeline's stages in a fresh process
(load, inventory, checks, report, json and table rendering), and ``kubegap audit FILE --format
json`` end to end, with its peak RSS from ``os.wait4``. Medians over the repeats. The end-to-end
scaling exponent is the least-squares slope of log(time) over log(pods) across the sizes.

Then kubegap beside Checkov (in its own venv, benchmarks/.venv-checkov, created on first use) on
the manifest corpus in ../shared/corpus, read in place (skipped when absent), beside the Go peers
``make peers`` builds (kube-score; benchmarks/peers.py) on the generated clusters, and the start-up of
a few commands beside ``python -c pass``. Targets are ratios measured in the same run, never
absolute times: the machine is whatever runs this.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from kubegap.sources.manifests import skipped_directories

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / ".data"
CHECKOV_VENV = HERE / ".venv-checkov"
CORPUS = Path(os.environ.get("KUBEGAP_SHARED", ROOT.parent / "shared")) / "corpus"
RESULTS = HERE / "RESULTS.md"
START, END = "<!-- results:start -->", "<!-- results:end -->"

sys.path.insert(0, str(HERE))
from generate import Shape
from peers import bench_peers
from peers import render as render_peers

SIZES = {
    "small": Shape(nodes=200),
    "medium": Shape(nodes=700),
    "large": Shape(nodes=2000),
    "envelope": Shape(nodes=5000),
}
"""``envelope``: Kubernetes' documented limits, 5,000 nodes and 150,000 pods (a 1.3 GiB snapshot; its
floor process, a whole-file parse, needs about 12 GiB of memory)."""
SIZE_TARGETS = {"large": 3.0, "envelope": 3.0}
"""Per size: peak RSS at most this many GiB. Speed is judged against the peers (benchmarks/peers.py), by CPU
time: the parse floor swings two-fold with the machine's page-fault cost, so it is reported, not a target."""
PEER_SIZES = ("small", "medium")
"""The sizes the peers run at by default: kube-score took 1.6 GiB and 80 s for the 6,000-pod List (kubegap: 140 MiB,
6 s), and grows with it; at 60,000 pods it would need some 16 GiB."""
TARGETS = {"exponent": 1.1, "checkov_ratio": 10.0, "peer_cpu_ratio": 5.0, "version_ms": 100.0, "search_ms": 400.0}
"""``peer_cpu_ratio``: kube-score's CPU time over kubegap's on the same List, at every size both ran."""

TOUCH = (
    "import mmap, time; m = mmap.mmap(-1, 1 << 30); t = time.perf_counter()\n"
    "for i in range(0, 1 << 30, mmap.PAGESIZE): m[i] = 1\n"
    "print(time.perf_counter() - t)"
)
"""Seconds to touch each page of 1 GiB of fresh memory: what page faults cost the machine. The floor
holds about nine times its file in memory and the audit about twice, so where faults are dear the
floor slows more than the audit: this figure, taken at the start and end of a run, says how the
machine stood when its ratios were measured."""

FLOOR = "import gc, sys, time; gc.disable(); import orjson; t = time.perf_counter(); orjson.loads(open(sys.argv[1], 'rb').read()); print(time.perf_counter() - t)"


@dataclass
class Run:
    seconds: float
    rss_mib: float
    stdout: str
    cpu_seconds: float = 0.0
    """User and system time of the child."""


def timed(command: list[str], **kwargs) -> Run:
    """Wall time, CPU time and peak RSS (this child only, from wait4) of one command."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, **kwargs)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        stdout = out.read().decode()
    if code not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {code}")
    return Run(seconds, usage.ru_maxrss / 1024, stdout, usage.ru_utime + usage.ru_stime)


def kubegap_command() -> list[str]:
    script = Path(sys.executable).with_name("kubegap")
    return [str(script)] if script.exists() else [sys.executable, "-m", "kubegap"]


def snapshot(name: str, shape: Shape, as_list: bool = False) -> Path:
    """The generated cluster as a kubegap snapshot, or (``as_list``) as a plain ``kind: List`` of the same objects."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"{name}-{shape.nodes}n-{shape.pods}p-s{shape.seed}{'-list' if as_list else ''}.json"
    if not path.exists() or path.stat().st_mtime < (HERE / "generate.py").stat().st_mtime:
        generate_file(shape, path, as_list=as_list)
    return path


def generate_file(shape: Shape, path: Path, name: str | None = None, as_list: bool = False) -> None:
    """Write a snapshot from a child process: generating takes gigabytes, and rusage would count them
    in the peak RSS of every process this one forks afterwards."""
    print(f"generating {path.name} ...", flush=True)
    subprocess.run(
        [
            sys.executable,
            str(HERE / "generate.py"),
            "--nodes",
            str(shape.nodes),
            "--pods-per-node",
            str(shape.pods_per_node),
            "--namespaces",
            str(shape.namespaces),
            "--gpu-fraction",
            str(shape.gpu_fraction),
            "--seed",
            str(shape.seed),
            *(["--name", name] if name else []),
            *(["--list"] if as_list else []),
            "-o",
            str(path),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )


# -- stages, measured inside one fresh process ------------------------------------------------------
def stages(path: str) -> dict:
    import io

    from kubegap.allocation import bulk_allocation
    from kubegap.domain.inventory import Inventory
    from kubegap.library import load_library
    from kubegap.pipeline import select_checks
    from kubegap.report import renderer
    from kubegap.report.model import Part, assemble_report
    from kubegap.runner import run_checks
    from kubegap.sources.manifests import ManifestSource

    checks, library = select_checks(None), load_library()
    marks = [time.perf_counter()]
    collection = ManifestSource([path]).collect()
    marks.append(time.perf_counter())
    with bulk_allocation():
        inventory = Inventory(collection)
        marks.append(time.perf_counter())
        result = run_checks(inventory, checks)
        marks.append(time.perf_counter())
        report = assemble_report(
            [Part(result, inventory)], checks, library
        )  # inside the block, as kubegap.pipeline.audit does
        marks.append(time.perf_counter())
    renderer("json")(report, io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))  # a byte stream, as stdout or a file is
    marks.append(time.perf_counter())
    renderer("table")(report, io.StringIO())
    marks.append(time.perf_counter())
    names = ("load", "inventory", "checks", "report", "render_json", "render_table")
    return {
        **{n: b - a for n, a, b in zip(names, marks, marks[1:])},
        "objects": len(inventory),
        "findings": len(report.findings),
    }


def median(values: list[float]) -> float:
    return statistics.median(values)


def slope(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 2:
        return None
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.mean(lx), statistics.mean(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def bench_size(name: str, shape: Shape, repeats: int) -> dict:
    path = snapshot(name, shape)
    floors, parses, ends, cpus, rss, stage_runs = [], [], [], [], [], []
    for attempt in range(repeats):
        floor = timed([sys.executable, "-c", FLOOR, str(path)])
        floors.append(floor.seconds)
        parses.append(float(floor.stdout))
        stage_runs.append(json.loads(timed([sys.executable, __file__, "--stages", str(path)]).stdout))
        end = timed([*kubegap_command(), "audit", str(path), "--format", "json", "--fail-on", "none"])
        ends.append(end.seconds)
        cpus.append(end.cpu_seconds)
        rss.append(end.rss_mib)
        print(
            f"  {name} #{attempt + 1}: floor {floor.seconds:.2f} s, audit {end.seconds:.2f} s, {end.rss_mib:.0f} MiB",
            flush=True,
        )
    stage_medians = {k: median([r[k] for r in stage_runs]) for k in stage_runs[0] if k not in ("objects", "findings")}
    return {
        "name": name,
        "nodes": shape.nodes,
        "pods": shape.pods,
        "objects": stage_runs[0]["objects"],
        "findings": stage_runs[0]["findings"],
        "mib": path.stat().st_size / 2**20,
        "floor": median(floors),
        "parse": median(parses),
        "end_to_end": median(ends),
        "cpu": median(cpus),
        "rss_mib": median(rss),
        "stages": stage_medians,
    }


# -- Checkov --------------------------------------------------------------------------------------
def checkov() -> Path:
    binary = CHECKOV_VENV / "bin" / "checkov"
    if not binary.exists():
        print("creating benchmarks/.venv-checkov with checkov ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(CHECKOV_VENV)], check=True)
        subprocess.run([str(CHECKOV_VENV / "bin" / "pip"), "install", "--quiet", "checkov"], check=True)
    return binary


def bench_checkov(repeats: int) -> dict | None:
    if not CORPUS.is_dir():
        print(f"{CORPUS} is absent: skipping the Checkov comparison")
        return None
    binary = checkov()
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    ours, theirs, objects, resources = [], [], 0, 0
    left_out = [
        str(path) for path in skipped_directories(CORPUS)
    ]  # Checkov reads test and sample folders: so does kubegap here
    for attempt in range(repeats):
        run = timed([*kubegap_command(), "audit", str(CORPUS), *left_out, "--format", "json", "--fail-on", "none"])
        ours.append(run.seconds)
        objects = json.loads(run.stdout)["summary"]["objects"]
        with tempfile.TemporaryDirectory() as home:  # checkov writes caches under $HOME
            run = timed(
                [
                    str(binary),
                    "-d",
                    str(CORPUS),
                    "--framework",
                    "kubernetes",
                    "-o",
                    "json",
                    "--quiet",
                    "--skip-download",
                ],
                env={**os.environ, "HOME": home},
                cwd=home,
            )
        theirs.append(run.seconds)
        reports = json.loads(run.stdout)
        reports = reports if isinstance(reports, list) else [reports]
        resources = sum(r.get("summary", {}).get("resource_count", 0) for r in reports)
        print(
            f"  corpus #{attempt + 1}: kubegap {ours[-1]:.1f} s ({objects} objects), checkov {theirs[-1]:.1f} s ({resources} resources)",
            flush=True,
        )
    ours_rate, theirs_rate = objects / median(ours), resources / median(theirs)
    return {
        "version": version,
        "files": sum(1 for p in CORPUS.rglob("*") if p.suffix in (".yaml", ".yml", ".json")),
        "kubegap_s": median(ours),
        "checkov_s": median(theirs),
        "objects": objects,
        "resources": resources,
        "kubegap_rate": ours_rate,
        "checkov_rate": theirs_rate,
        "ratio": ours_rate / theirs_rate,
    }


# -- start-up -------------------------------------------------------------------------------------
def bench_startup(repeats: int) -> list[dict]:
    commands = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("kubegap --version", [*kubegap_command(), "--version"]),
        ("kubegap checks", [*kubegap_command(), "checks"]),
        ("kubegap cases search dns", [*kubegap_command(), "cases", "search", "dns"]),
    ]
    times: dict[str, list[float]] = {label: [] for label, _ in commands}
    for _ in range(repeats):
        for label, command in commands:
            times[label].append(timed(command, env={**os.environ, "COLUMNS": "120"}).seconds * 1000)
    baseline = median(times["python -c pass"])
    return [
        {"command": label, "ms": median(values), "over_baseline_ms": median(values) - baseline}
        for label, values in times.items()
    ]


# -- RESULTS.md -----------------------------------------------------------------------------------
def machine() -> str:
    memory = (
        next(
            (line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")),
            "0",
        )
        if Path("/proc/meminfo").exists()
        else "0"
    )
    import orjson

    from kubegap import __version__

    cpu = (
        next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            platform.processor(),
        )
        if Path("/proc/cpuinfo").exists()
        else platform.processor()
    )
    return (
        f"{os.cpu_count()} cores ({cpu}), {int(memory) / 2**20:.1f} GiB memory, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, orjson {orjson.__version__}, kubegap {__version__}; "
        f"load average at the start {os.getloadavg()[0]:.1f}"
    )


def verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


def touch_seconds() -> float:
    return float(subprocess.run([sys.executable, "-c", TOUCH], capture_output=True, text=True, check=True).stdout)


def render(
    sizes: list[dict],
    exponent: float | None,
    floor_exponent: float | None,
    corpus: dict | None,
    peers: dict | None,
    startup: list[dict],
    repeats: int,
    touch: tuple[float, float],
) -> str:
    lines = [
        (
            f"Run of {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {repeats} repeats, medians. Machine: {machine()}; "
            f"touching 1 GiB of fresh memory took {touch[0]:.2f} s at the start and {touch[1]:.2f} s at the end."
        ),
        "",
    ]
    lines += [
        "### Cluster snapshots",
        "",
        "| size | nodes | pods | objects | file | floor (parse) | audit end to end (CPU) | ratio | peak RSS | findings |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in sizes:
        lines.append(
            f"| {s['name']} | {s['nodes']:,} | {s['pods']:,} | {s['objects']:,} | {s['mib']:.0f} MiB | {s['floor']:.2f} s ({s['parse']:.2f} s) | "
            f"{s['end_to_end']:.2f} s ({s['cpu']:.2f} s) | {s['end_to_end'] / s['floor']:.2f}x | {s['rss_mib']:,.0f} MiB | {s['findings']} |"
        )
    lines += [
        "",
        (
            "Floor: a fresh interpreter reading the file and parsing it with orjson, collector off (in brackets: the parse "
            "alone). Audit: `kubegap audit FILE --format json` in a fresh process, its CPU time (user and system) in brackets. "
            "Ratio: audit / floor, for information (speed is judged against kube-score below). The floor holds about "
            "nine times the file in memory, the audit about twice: on a machine where touching fresh memory is slow (above), "
            "the floor slows more than the audit and the ratio falls."
        ),
        "",
        "| size | load | inventory | checks | report | render json | render table |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for s in sizes:
        st = s["stages"]
        lines.append(
            f"| {s['name']} | "
            + " | ".join(
                f"{st[k]:.2f} s ({st[k] / s['parse']:.2f}x)"
                for k in ("load", "inventory", "checks", "report", "render_json", "render_table")
            )
            + " |"
        )
    lines += ["", "Stages in one fresh process; in brackets, against the parse alone.", ""]
    if exponent is not None:
        lines.append(
            f"Scaling exponent of end-to-end time over pods: **{exponent:.2f}** (the floor's: {floor_exponent:.2f})."
        )
        lines.append("")
    if corpus:
        lines += [
            "### Beside Checkov",
            "",
            (
                f"The manifest corpus (../shared/corpus, {corpus['files']} YAML/JSON files, read in place), Kubernetes checks only, "
                f"Checkov {corpus['version']} with `--framework kubernetes --skip-download`."
            ),
            "",
            "| tool | wall time | objects | objects per second |",
            "|---|---:|---:|---:|",
            f"| kubegap | {corpus['kubegap_s']:.1f} s | {corpus['objects']:,} | {corpus['kubegap_rate']:.0f} |",
            f"| Checkov | {corpus['checkov_s']:.1f} s | {corpus['resources']:,} (its resource count) | {corpus['checkov_rate']:.1f} |",
            "",
            f"kubegap reads **{corpus['ratio']:.1f}x** as many objects per second.",
            "",
        ]
    if peers:
        lines += render_peers(peers)
    lines += ["### Start-up", "", "| command | median | over `python -c pass` |", "|---|---:|---:|"]
    lines += [f"| `{s['command']}` | {s['ms']:.0f} ms | {s['over_baseline_ms']:+.0f} ms |" for s in startup]
    lines += ["", "### Targets", "", "| target | measured | |", "|---|---|---|"]
    for size in sizes:
        if size["name"] in SIZE_TARGETS:
            most_gib, gib = SIZE_TARGETS[size["name"]], size["rss_mib"] / 1024
            lines.append(
                f"| {size['name']}: peak RSS at most {most_gib:.0f} GiB | {gib:.2f} GiB | {verdict(gib <= most_gib)} |"
            )
    for row in (peers or {}).get("rows", []):
        ours = row["tools"]["kubegap"]
        for name, m in row["tools"].items():
            if name != "kubegap":
                ratio = m["cpu"] / ours["cpu"]
                lines.append(
                    f"| {row['label']}: at least {TARGETS['peer_cpu_ratio']:g}x {name}'s speed by CPU time | {ratio:.2f}x | "
                    f"{verdict(ratio >= TARGETS['peer_cpu_ratio'])} |"
                )
    if exponent is not None:
        lines.append(
            f"| scaling exponent <= {TARGETS['exponent']} | {exponent:.2f} | {verdict(exponent <= TARGETS['exponent'])} |"
        )
    if corpus:
        lines.append(
            f"| >= {TARGETS['checkov_ratio']:.0f}x Checkov's objects per second | {corpus['ratio']:.1f}x | {verdict(corpus['ratio'] >= TARGETS['checkov_ratio'])} |"
        )
    by_command = {s["command"]: s for s in startup}
    version, search = by_command["kubegap --version"], by_command["kubegap cases search dns"]
    lines.append(
        f"| `kubegap --version` within {TARGETS['version_ms']:.0f} ms of `python -c pass` | {version['over_baseline_ms']:+.0f} ms | {verdict(version['over_baseline_ms'] <= TARGETS['version_ms'])} |"
    )
    lines.append(
        f"| `kubegap cases search` under {TARGETS['search_ms']:.0f} ms | {search['ms']:.0f} ms | {verdict(search['ms'] < TARGETS['search_ms'])} |"
    )
    return "\n".join(lines)


def write_results(body: str, start: str = START, end: str = END, heading: str | None = None) -> None:
    """Put ``body`` between the ``start`` and ``end`` markers of RESULTS.md (a new section under ``heading`` when absent)."""
    text = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n"
    if start not in text:
        section = f"{heading}\n\n" if heading else ""
        text = text.rstrip("\n") + f"\n\n{section}{start}\n{end}\n"
    before, _, rest = text.partition(start)
    _, _, after = rest.partition(end)
    RESULTS.write_text(f"{before}{start}\n{body}\n{end}{after}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help=f"comma-separated, from {', '.join(SIZES)}")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--checkov-repeats", type=int, default=1, help="Checkov takes minutes on the corpus")
    parser.add_argument("--skip-checkov", action="store_true")
    parser.add_argument("--peer-sizes", default=",".join(PEER_SIZES), help="sizes kube-score runs at (empty: none)")
    parser.add_argument("--stdout", action="store_true", help="print the results instead of writing RESULTS.md")
    parser.add_argument("--stages", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stages(args.stages)))
        return
    touched_at_start = touch_seconds()
    sizes = [bench_size(name, SIZES[name], args.repeats) for name in args.sizes.split(",")]
    exponent = slope([s["pods"] for s in sizes], [s["end_to_end"] for s in sizes])
    floor_exponent = slope([s["pods"] for s in sizes], [s["floor"] for s in sizes])
    corpus = None if args.skip_checkov else bench_checkov(args.checkov_repeats)
    measured = {s["name"]: s for s in sizes}
    peer_inputs = [
        (name, snapshot(name, SIZES[name], as_list=True), measured[name]["objects"])
        for name in filter(None, args.peer_sizes.split(","))
        if name in measured
    ]
    peers = bench_peers(peer_inputs, args.repeats, timed, kubegap_command) if peer_inputs else None
    startup = bench_startup(max(args.repeats, 10))
    body = render(
        sizes, exponent, floor_exponent, corpus, peers, startup, args.repeats, (touched_at_start, touch_seconds())
    )
    if args.stdout:
        print(body)
    else:
        write_results(body)
        print(body)


if __name__ == "__main__":
    main()
