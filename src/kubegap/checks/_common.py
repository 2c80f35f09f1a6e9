"""Helpers several check modules share: GPUs, add-on detection, DaemonSet eligibility."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.inventory import Inventory
from kubegap.resources import as_list, containers, dig, name, namespace, quantity
from kubegap.scheduling import eligible
from kubegap.selectors import Selector
from kubegap.workloads import PodTemplate, Workload, as_workload

GPU_RESOURCES = ("nvidia.com/gpu", "amd.com/gpu")

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


def template_gpus(template: PodTemplate) -> float:
    """GPUs one pod of this template asks for (limits win over requests, as for extended resources)."""
    total = 0.0
    for _, container in containers(template.spec, init=False):
        for resource in GPU_RESOURCES:
            amount = quantity(dig(container, "resources", "limits", resource))
            if amount is None:
                amount = quantity(dig(container, "resources", "requests", resource))
            total += amount or 0.0
    return total


def node_gpus(node: dict) -> float:
    status = node.get("status") if isinstance(node.get("status"), dict) else {}
    for field in ("allocatable", "capacity"):
        for resource in GPU_RESOURCES:
            amount = quantity(dig(status, field, resource))
            if amount:
                return amount
    return 0.0


def is_gpu_node(node: dict) -> bool:
    labels = dig(node, "metadata", "labels", default={})
    return node_gpus(node) > 0 or (isinstance(labels, dict) and labels.get("nvidia.com/gpu.present") == "true")


def mounted_volumes(template: PodTemplate) -> list[tuple[int, dict]]:
    """``(index, volume)`` for the volumes of a pod template that one of its containers mounts."""
    mounted = {
        mount_name
        for _, c in containers(template.spec)
        for m in as_list(c.get("volumeMounts"))
        if isinstance(mount_name := dig(m, "name"), str)
    }
    return [
        (index, v)
        for index, v in enumerate(as_list(template.spec.get("volumes")))
        if isinstance(v, dict) and isinstance(v.get("name"), str) and v["name"] in mounted
    ]


def images(template: PodTemplate) -> list[str]:
    return [c["image"] for _, c in containers(template.spec) if isinstance(c.get("image"), str)]


def matches_any(text: str, patterns) -> bool:
    lowered = text.lower()
    return any(pattern in lowered for pattern in patterns)


def daemonsets_matching(inventory: Inventory, patterns) -> Iterator[Workload]:
    """DaemonSets whose name or any container image contains one of ``patterns``."""
    for obj in inventory.of_kind("DaemonSet"):
        workload = as_workload(obj)
        if workload is None:
            continue
        if matches_any(name(obj), patterns) or any(matches_any(i, patterns) for t in workload.templates for i in images(t)):
            yield workload


def daemonset_covers(workload: Workload, node: dict) -> bool:
    """Whether a DaemonSet would run a pod on ``node`` (its own tolerations plus the automatic ones)."""
    for template in workload.templates:
        spec = dict(template.spec)
        spec["tolerations"] = as_list(spec.get("tolerations")) + DAEMONSET_TOLERATIONS
        if eligible(spec, node):
            return True
    return False


def pdb_covers(inventory: Inventory, workload: Workload) -> bool:
    """Whether a PodDisruptionBudget in the workload's namespace selects one of its pod templates."""
    for pdb in inventory.of_kind("PodDisruptionBudget"):
        selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
        if namespace(pdb) == workload.ref.namespace and selector and any(selector.matches(t.labels) for t in workload.templates):
            return True
    return False
