"""Paths of volumes: which host paths reach the node's own files, and which mount points are scratch space."""

from __future__ import annotations

from kubegap.domain.tokens import Words


def under(path: str, roots: tuple[str, ...]) -> bool:
    """Whether ``path`` is one of ``roots`` or inside one, by whole path components."""
    return any(path == root or path.startswith(root + "/") for root in roots)


NODE_PATHS = (
    "/var/lib/kubelet",
    "/run",
    "/var/run",
    "/sys",
    "/proc",
    "/dev",
    "/lib",
    "/lib64",
    "/usr",
    "/etc",
    "/var/lib/docker",
    "/var/lib/containerd",
)
"""Host directories the node itself keeps: the kubelet's (plugin sockets, pod volumes), runtime sockets, kernel and
device trees, system programs, libraries, modules and time zones, configuration, and the container runtimes' own
stores. A pod that mounts them reaches the node's files (a CI agent the node's Docker), not data of its own."""

NODE_FILE_TYPES = frozenset({"Socket", "CharDevice", "File"})
"""hostPath types that are never data kept for a pod: a socket, a character device and one of the node's files
(``/etc/localtime``)."""


def node_files(host_path: dict) -> bool:
    """Whether a hostPath volume reaches the node's own files rather than a directory the pod keeps data in (the CSI
    hostpath driver's socat tunnel mounts the plugin's socket directory under ``/var/lib/kubelet/plugins``). A
    block device is data wherever it sits."""
    path, kind = str(host_path.get("path") or "").rstrip("/") or "/", str(host_path.get("type") or "")
    if kind in NODE_FILE_TYPES:
        return True
    return kind != "BlockDevice" and under(path, NODE_PATHS)


SCRATCH_PATHS = ("/tmp", "/var/tmp", "/run", "/var/run", "/var/cache", "/cache", "/home", "/dev/shm")
"""Mount points of scratch space: an emptyDir there holds nothing meant to outlive the pod."""

LOG_AREAS = Words(("log", "logs"))
"""Words of mount paths where a program writes its logs (``/var/log/<program>``): output, not state it needs back."""
