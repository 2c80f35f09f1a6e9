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

SERVED_KINDS = {
    "admissionregistration.k8s.io/v1": (
        "MutatingWebhookConfiguration",
        "ValidatingAdmissionPolicy",
        "ValidatingAdmissionPolicyBinding",
        "ValidatingWebhookConfiguration",
    ),
    "apiextensions.k8s.io/v1": ("CustomResourceDefinition",),
    "apiregistration.k8s.io/v1": ("APIService",),
    "apps/v1": ("DaemonSet", "Deployment", "ReplicaSet", "StatefulSet"),
    "authentication.k8s.io/v1": ("TokenReview",),
    "authorization.k8s.io/v1": ("LocalSubjectAccessReview", "SelfSubjectAccessReview", "SubjectAccessReview"),
    "autoscaling/v2": ("HorizontalPodAutoscaler",),
    "batch/v1": ("CronJob", "Job"),
    "certificates.k8s.io/v1": ("CertificateSigningRequest",),
    "coordination.k8s.io/v1": ("Lease",),
    "discovery.k8s.io/v1": ("EndpointSlice",),
    "events.k8s.io/v1": ("Event",),
    "flowcontrol.apiserver.k8s.io/v1": ("FlowSchema", "PriorityLevelConfiguration"),
    "networking.k8s.io/v1": ("Ingress", "IngressClass", "NetworkPolicy"),
    "node.k8s.io/v1": ("RuntimeClass",),
    "policy/v1": ("PodDisruptionBudget",),
    "rbac.authorization.k8s.io/v1": ("ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"),
    "scheduling.k8s.io/v1": ("PriorityClass",),
    "storage.k8s.io/v1": ("CSIDriver", "CSINode", "CSIStorageCapacity", "StorageClass", "VolumeAttachment"),
}
"""The built-in kinds every supported Kubernetes release serves, by the API version it serves them at.

A chart picks between an old and a new version of a kind with ``.Capabilities.APIVersions.Has``, and
``helm template`` answers from a built-in list that holds group/versions only, without kinds
(``policy/v1/PodDisruptionBudget``) or the aggregation layer's group (``apiregistration.k8s.io/v1``): a
chart rendered with that list writes its fallback, an API version a current cluster no longer serves,
where ``helm install`` would have asked the cluster and written the current one. A chart is therefore
rendered as for a cluster that serves these."""


@dataclass(frozen=True)
class Tree:
    """A directory that renders to manifests: ``kind`` is ``kustomize`` or ``helm``; ``marker`` the file that says so."""

    kind: str
    path: Path
    marker: str

    @property
    def command(self) -> list[str]:
        """The command that renders it to manifests on standard output (a chart for a cluster serving ``SERVED_KINDS``)."""
        if self.kind == "kustomize":
            return self.shown
        served = [
            api for version, kinds in SERVED_KINDS.items() for api in (version, *(f"{version}/{k}" for k in kinds))
        ]
        return [*self.shown, *(f"--api-versions={api}" for api in served)]

    @property
    def shown(self) -> list[str]:
        """The command as a message names it: the program, its verb and the directory."""
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
        return f"{' '.join(self.shown)} | kubegap audit -"


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
        raise InputError(f"{source.path}: {' '.join(source.shown)} did not finish within {RENDER_TIMEOUT} s") from None
    except OSError as exc:
        raise InputError(f"{source.path}: cannot run {' '.join(source.shown)}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise InputError(f"{source.path}: {' '.join(source.shown)} failed: {reason}")
    return done.stdout
