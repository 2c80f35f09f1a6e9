"""GPUs: how many a pod template asks for and a node offers, and which nodes are GPU nodes."""

from __future__ import annotations

from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import as_dict, containers, dig, quantity

GPU_RESOURCES = ("nvidia.com/gpu", "amd.com/gpu")


def template_gpus(template: PodTemplate) -> float:
    """GPUs one pod of this template asks for (limits win over requests, as for extended resources)."""
    return template.derive("gpus", _template_gpus)


def _template_gpus(template: PodTemplate) -> float:
    total = 0.0
    for _, container in containers(template.spec, init=False):
        for resource in GPU_RESOURCES:
            amount = quantity(dig(container, "resources", "limits", resource))
            if amount is None:
                amount = quantity(dig(container, "resources", "requests", resource))
            total += amount or 0.0
    return total


def node_gpus(node: dict) -> float:
    status = as_dict(node.get("status"))
    for field in ("allocatable", "capacity"):
        for resource in GPU_RESOURCES:
            amount = quantity(dig(status, field, resource))
            if amount:
                return amount
    return 0.0


def is_gpu_node(node: dict) -> bool:
    labels = dig(node, "metadata", "labels", default={})
    return node_gpus(node) > 0 or (isinstance(labels, dict) and labels.get("nvidia.com/gpu.present") == "true")
