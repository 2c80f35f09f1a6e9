"""Build the real Kubernetes programs the tests and benchmarks run, from Go modules, into a cache.

    python tools/build.py            # build what the tests run, where missing or stale; print where the binaries are
    python tools/build.py --peers    # also the peers the benchmarks run beside kubegap (make bench)
    python tools/build.py --where    # print the directory only

Each folder here is a small Go module that requires one upstream release (nothing of theirs is
copied): ``kubernetes`` (kube-apiserver and kubectl from k8s.io/kubernetes, and etcd at the version
that release requires, behind a three-line main), ``helm`` (helm.sh/helm/v4) and ``kube-score``
(github.com/zegl/kube-score, a peer in the benchmarks, built only with ``--peers``: no test runs it).
Each is built in its own module, so every program is linked against exactly the dependencies its
release pins.

The binaries go to ``$XDG_CACHE_HOME/kubegap-tools/<key>/`` (``~/.cache`` by default; the
``KUBEGAP_TOOLS_DIR`` variable overrides the whole path), where ``key`` is a digest of the modules'
``go.mod`` and ``go.sum``: a change of version builds anew, and Go's own caches make every later run
a quick check. Builds run under ``nice -n 19``. Without Go this exits 0 and says so, unless
``KUBEGAP_REQUIRE_APISERVER=1`` (as CI sets it): then a binary that cannot be built fails the build.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = {
    "kubernetes": {
        "kube-apiserver": "k8s.io/kubernetes/cmd/kube-apiserver",
        "kubectl": "k8s.io/kubernetes/cmd/kubectl",
        "etcd": "./etcd",
    },
    "helm": {"helm": "helm.sh/helm/v4/cmd/helm"},
    "kube-score": {"kube-score": "github.com/zegl/kube-score/cmd/kube-score"},
}
"""Per module folder: each program's name and the package its main is in."""
PEERS = {"kube-score"}
"""The module folders of peers only the benchmarks run (``--peers``)."""
RELEASES = {"kubernetes": "k8s.io/kubernetes", "helm": "helm.sh/helm/v4", "kube-score": "github.com/zegl/kube-score"}
"""Per module folder: the upstream module whose version the programs report."""
STAMPS = {
    "kubernetes": [
        f"{package}.{name}={{{field}}}"
        for package in ("k8s.io/component-base/version", "k8s.io/client-go/pkg/version")
        for name, field in (("gitVersion", "version"), ("gitMajor", "major"), ("gitMinor", "minor"))
    ]
    + ["k8s.io/component-base/version.gitTreeState=clean", "k8s.io/client-go/pkg/version.gitTreeState=clean"],
    "helm": ["helm.sh/helm/v4/internal/version.version={version}"],
    "kube-score": ["main.version={version}"],
}
"""The ``-X`` flags a release build sets, so each program reports its version (kube-apiserver's /version, which
kubegap reads, says v0.0.0-master without them)."""
REQUIRED = "KUBEGAP_REQUIRE_APISERVER"


def key() -> str:
    digest = hashlib.sha256()
    for module in sorted(PROGRAMS):
        for name in ("go.mod", "go.sum"):
            digest.update((HERE / module / name).read_bytes())
    return digest.hexdigest()[:12]


def directory() -> Path:
    """Where the binaries are (or will be) for the modules as they are now."""
    if os.environ.get("KUBEGAP_TOOLS_DIR"):
        return Path(os.environ["KUBEGAP_TOOLS_DIR"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "kubegap-tools" / key()


def binary(name: str) -> Path | None:
    """The built program ``name``, or None when it has not been built."""
    path = directory() / name
    return path if path.is_file() and os.access(path, os.X_OK) else None


def release(module: str) -> str:
    """The version of the upstream module that the folder ``module`` requires, from its go.mod."""
    for line in (HERE / module / "go.mod").read_text().splitlines():
        words = line.split()
        words = words[1:] if words[:1] == ["require"] else words
        if len(words) >= 2 and words[0] == RELEASES[module]:
            return words[1]
    raise SystemExit(f"tools/{module}/go.mod does not require {RELEASES[module]}")


def ldflags(module: str) -> str:
    version = release(module)
    major, minor = version.lstrip("v").split(".")[:2]
    return " ".join(f"-X {stamp.format(version=version, major=major, minor=minor)}" for stamp in STAMPS[module])


def build(peers: bool) -> int:
    """Build the programs the tests run, and with ``peers`` those the benchmarks run beside kubegap."""
    required = os.environ.get(REQUIRED) == "1"
    go = shutil.which("go")
    if go is None:
        print(
            "tools/build.py: Go is not installed: the tests that need a real kube-apiserver, etcd, kubectl or helm will skip",
            file=sys.stderr,
        )
        return 1 if required else 0
    target = directory()
    target.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GOFLAGS": "-buildvcs=false", "GOTOOLCHAIN": os.environ.get("GOTOOLCHAIN", "local")}
    failed = []
    for module, programs in PROGRAMS.items():
        if module in PEERS and not peers:
            continue
        started = time.monotonic()
        command = [
            "nice",
            "-n",
            "19",
            go,
            "build",
            "-trimpath",
            "-ldflags",
            ldflags(module),
            "-o",
            f"{target}/",
            *programs.values(),
        ]
        done = subprocess.run(command, cwd=HERE / module, env=env, check=False)
        print(
            f"tools/build.py: {module}: {', '.join(programs)} {'built' if done.returncode == 0 else 'FAILED'} "
            f"in {time.monotonic() - started:.0f} s",
            file=sys.stderr,
        )
        if done.returncode != 0:
            failed.append(module)
    print(target)
    return 1 if failed and required else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--where"]:
        print(directory())
        sys.exit(0)
    if sys.argv[1:] not in ([], ["--peers"]):
        sys.exit(f"usage: {sys.argv[0]} [--peers | --where]")
    sys.exit(build(peers=sys.argv[1:] == ["--peers"]))
