"""Library load time and search latency (with facet counts), over the whole shipped library.

    python benchmarks/library.py            # prints the figures (Markdown table)

Load is measured in fresh processes (the library is cached per process); search is measured in
one process after a warm-up, over queries drawn from the cases' own titles and sections, each with
the facet counts the CLI and website show. Targets: load under 100 ms, search under 5 ms median.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

LOAD = (
    "import time; t = time.perf_counter(); from kubegap.library import load_library; i = time.perf_counter(); "
    "lib = load_library(); print(i - t, time.perf_counter() - i, len(lib.cases))"
)


def load_times(runs: int = 7, cold: bool = False) -> tuple[list[float], list[float], int]:
    """Import and load times in fresh processes; ``cold`` gives each run an empty parse cache."""
    imports, loads, cases = [], [], 0
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as empty:
            env = {**os.environ, **({"KUBEGAP_CACHE_DIR": empty} if cold else {})}
            out = subprocess.run(
                [sys.executable, "-c", LOAD], capture_output=True, text=True, check=True, env=env
            ).stdout.split()
        imports.append(float(out[0]))
        loads.append(float(out[1]))
        cases = int(out[2])
    return imports, loads, cases


def search_times() -> tuple[list[float], float]:
    from kubegap.library import load_library

    library = load_library()
    started = time.perf_counter()
    library.index.search("warm up")
    build = time.perf_counter() - started
    queries = []
    for case in library.cases:
        words = [w for w in case.title.split() if len(w) > 4 and w.isalpha()]
        queries += [" ".join(words[:2]), words[0] if words else case.organization]
    queries += ["dns", "NCCL timeout", '"link flapping"', "webhook", "etcd database", "OOM", "cilium systemd"]
    times = []
    for query in queries:
        started = time.perf_counter()
        library.index.search(query, {}, 1, 20)  # ranked page plus facet counts
        times.append(time.perf_counter() - started)
    for vocabulary in library.vocabularies:
        term = library.vocabularies[vocabulary].terms[0].id
        started = time.perf_counter()
        library.index.search(None, {vocabulary: [term]}, 1, 20)
        times.append(time.perf_counter() - started)
    return times, build


def _row(label: str, values: list[float], target: str = "") -> str:
    ms = lambda seconds: f"{seconds * 1000:.2f} ms"
    return f"| {label} | {ms(statistics.median(values))} | {ms(sorted(values)[int(len(values) * 0.9)])} | {target} |"


def main() -> None:
    load_times(1)  # fill the parse cache
    imports, loads, cases = load_times()
    _, cold_loads, _ = load_times(3, cold=True)
    searches, build = search_times()
    print(f"| library ({cases} cases) | median | p90 | target |")
    print("|---|---|---|---|")
    print(_row("load and validate every case and vocabulary (fresh process)", loads, "< 100 ms"))
    print(_row("the same with an empty parse cache (first run after install or change)", cold_loads))
    print(_row("importing kubegap.library (Pydantic models included)", imports))
    print(_row(f"search + facet counts ({len(searches)} queries)", searches, "< 5 ms"))
    print(f"| full-text index build (first search of a process) | {build * 1000:.2f} ms | | |")


if __name__ == "__main__":
    main()
