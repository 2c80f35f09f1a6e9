"""Directories that are the source of manifests rather than manifests: a kustomize tree, a Helm chart.

A directory given to ``kubegap audit`` that holds a ``kustomization.yaml`` is rendered with
``kubectl kustomize`` (which reads local files and runs no plugin or function unless flags ask it
to), and the output audited. A directory holding a ``Chart.yaml`` is rendered with ``helm template``
(the chart's templates with its default values; a template cannot run programs, and charts it depends
on are read from its ``charts/`` folder, never downloaded). Without the program on the ``PATH``,
either is refused with the command to run. Inside a directory
tree, the files that describe such a source (the kustomization, ``Chart.yaml``, values files) are
not objects and are left out rather than reported as documents without a kind or metadata; so are the
files a kustomization applies as patches (``patches``, ``patchesStrategicMerge``, ``patchesJson6902``),
which change objects defined elsewhere and are not objects themselves: a Deployment patch that sets
only a container's arguments says nothing of its resources, probes or replicas.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from kubegap import limits, yamlload
from kubegap.errors import InputError

KUSTOMIZATION_FILES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
CHART_FILE = "Chart.yaml"
RENDER_TIMEOUT = 120
"""Seconds a render may take before it is given up (kustomize may fetch remote bases)."""


@dataclass(frozen=True)
class Tree:
    """A directory that renders to manifests: ``kind`` is ``kustomize`` or ``helm``; ``marker`` the file that says so."""

    kind: str
    path: Path
    marker: str

    @property
    def command(self) -> list[str]:
        """The command that renders it to manifests on standard output."""
        return (
            ["kubectl", "kustomize", str(self.path)]
            if self.kind == "kustomize"
            else ["helm", "template", str(self.path)]
        )

    @property
    def described(self) -> str:
        return "a kustomize tree" if self.kind == "kustomize" else "a Helm chart"

    @property
    def hint(self) -> str:
        """What to run instead, as a user types it."""
        return f"{' '.join(self.command)} | kubegap audit -"


def tree(directory: Path) -> Tree | None:
    """The kustomize tree or Helm chart ``directory`` is, or None for a plain directory of manifests."""
    for name in KUSTOMIZATION_FILES:
        if (directory / name).is_file():
            return Tree("kustomize", directory, name)
    if (directory / CHART_FILE).is_file():
        return Tree("helm", directory, CHART_FILE)
    return None


def patch_files(directory: Path) -> set[str]:
    """The files the kustomization in ``directory`` applies as patches, as normalised paths below ``directory``
    as given (``os.path.normpath``; no file system call); none when it has no kustomization, one that cannot
    be read, or one that is a symbolic link (it may lead outside the folders an audit may read): its files are
    then read as they are."""
    source = tree(directory)
    if source is None or source.kind != "kustomize" or (marker := directory / source.marker).is_symlink():
        return set()
    try:
        if marker.stat().st_size > limits.MAX_YAML_BYTES:
            return set()
        text = marker.read_text(encoding="utf-8")
        if yamlload.too_deep(text):
            return set()
        spec = yamlload.load(text)
    except (OSError, UnicodeDecodeError, yamlload.YAMLError):
        return set()
    if not isinstance(spec, dict):
        return set()
    named: list[object] = []
    for field in ("patches", "patchesJson6902"):
        entries = spec.get(field)
        named += (
            [entry.get("path") for entry in entries if isinstance(entry, dict)] if isinstance(entries, list) else []
        )
    merge = spec.get("patchesStrategicMerge")
    named += merge if isinstance(merge, list) else []
    # an inline patch is YAML text with a newline, never a file name
    return {os.path.normpath(directory / n) for n in named if isinstance(n, str) and n and "\n" not in n}


def is_source_description(path: Path) -> bool:
    """Whether ``path`` describes a kustomize tree or a chart (its kustomization, ``Chart.yaml``, a values
    file beside ``Chart.yaml``) rather than holding objects."""
    name = path.name
    if name in KUSTOMIZATION_FILES or name in (CHART_FILE, "Chart.lock", "values.schema.json"):
        return True
    return name.startswith("values") and name.endswith((".yaml", ".yml")) and (path.parent / CHART_FILE).is_file()


def render(source: Tree) -> str:
    """The manifests ``source`` renders to; an InputError naming the command to run when it cannot be rendered here."""
    program = shutil.which(source.command[0])
    if program is None:
        raise InputError(
            f"{source.path} is {source.described} ({source.marker}) and {source.command[0]} is not on the PATH "
            f"to render it: run {source.hint}"
        )
    try:
        done = subprocess.run(
            [program, *source.command[1:]],
            capture_output=True,
            text=True,
            timeout=RENDER_TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise InputError(
            f"{source.path}: {' '.join(source.command)} did not finish within {RENDER_TIMEOUT} s"
        ) from None
    except OSError as exc:
        raise InputError(f"{source.path}: cannot run {' '.join(source.command)}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise InputError(f"{source.path}: {' '.join(source.command)} failed: {reason}")
    return done.stdout
