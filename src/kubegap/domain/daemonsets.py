"""DaemonSets: which run an add-on (by name or image), and which nodes their pods may land on."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.domain.containers import images
from kubegap.domain.podtemplates import PodTemplate, Workload, as_workload
from kubegap.domain.resources import as_list
from kubegap.domain.scheduling import eligible
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.tokens import Words

# Tolerations the DaemonSet controller adds to every DaemonSet pod.
DAEMONSET_TOLERATIONS = [
    {"key": key, "operator": "Exists", "effect": effect}
    for key, effect in (
        ("node.kubernetes.io/not-ready", "NoExecute"),
        ("node.kubernetes.io/unreachable", "NoExecute"),
        ("node.kubernetes.io/disk-pressure", "NoSchedule"),
        ("node.kubernetes.io/memory-pressure", "NoSchedule"),
        ("node.kubernetes.io/pid-pressure", "NoSchedule"),
        ("node.kubernetes.io/unschedulable", "NoSchedule"),
        ("node.kubernetes.io/network-unavailable", "NoSchedule"),
    )
]


def named_or_running(workload: Workload, vocabulary: Words) -> bool:
    """Whether the workload's name or one of its images names an entry of ``vocabulary`` (as words)."""
    return vocabulary.find(workload.ref.name) is not None or any(
        vocabulary.find(i) for t in workload.templates for i in images(t)
    )


def daemonsets_matching(inventory: Readable, vocabulary: Words) -> Iterator[Workload]:
    """DaemonSets whose name or any container image names an entry of ``vocabulary`` (as words)."""
    for obj in inventory.of_kind("DaemonSet"):
        workload = as_workload(obj)
        if workload is not None and named_or_running(workload, vocabulary):
            yield workload


def _with_daemonset_tolerations(template: PodTemplate) -> dict:
    return {**template.spec, "tolerations": as_list(template.spec.get("tolerations")) + DAEMONSET_TOLERATIONS}


def daemonset_covers(workload: Workload, node: dict) -> bool:
    """Whether a DaemonSet would run a pod on ``node`` (its own tolerations plus the automatic ones)."""
    for template in workload.templates:
        if eligible(template.derive("daemonset_spec", _with_daemonset_tolerations), node):  # made once, not per node
            return True
    return False
