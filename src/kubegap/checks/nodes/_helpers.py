"""What several nodes checks share."""

from __future__ import annotations

from kubegap.checks.base import Context, Skip
from kubegap.domain.containers import images
from kubegap.domain.node_lists import separate_node_lists
from kubegap.domain.podtemplates import pod_templates
from kubegap.domain.resources import dig, labels, name
from kubegap.domain.scheduling import CONTROL_PLANE_LABELS
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.tokens import Words

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"


ZONE_LABELS = ("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone")


def os_image(node: dict) -> str:
    value = dig(node, "status", "nodeInfo", "osImage")
    return value if isinstance(value, str) else ""


LOCAL_CLUSTER_HOSTS = ("minikube", "docker-desktop")


def is_local_dev_node(node: dict) -> bool:
    """A node of a single-machine development cluster (kind, minikube, Docker Desktop): containers, not hosts."""
    provider = dig(node, "spec", "providerID")
    node_labels = labels(node)
    return (
        (isinstance(provider, str) and provider.startswith("kind://"))
        or node_labels.get("kubernetes.io/hostname") in LOCAL_CLUSTER_HOSTS
        or any(key.startswith("minikube.k8s.io/") for key in node_labels)
    )


def production_nodes(ctx: Context) -> list[dict]:
    """The inventory's nodes without those of local development clusters."""
    return [n for n in ctx.inventory.nodes if not is_local_dev_node(n)]


def cluster_nodes(ctx: Context) -> list[dict]:
    """The production nodes, for a check that counts or compares them across the cluster: skipped when the
    input cannot show they are one cluster's (:mod:`kubegap.domain.node_lists`)."""
    if reason := separate_node_lists(ctx.inventory):
        raise Skip(reason)
    return production_nodes(ctx)


MUTABLE_OS = Words(
    ("ubuntu", "debian", "centos", "red hat", "rocky", "almalinux", "amazon linux", "suse", "oracle linux")
)


UPDATE_COORDINATORS = Words(("kured", "system-upgrade-controller"))


COORDINATOR_KINDS = ("Plan", "MachineConfigPool")


def update_coordinator(inventory: Readable) -> str | None:
    """What coordinates node OS updates in this cluster (kured, system-upgrade-controller, a MachineConfigPool), if anything."""
    for kind_name in COORDINATOR_KINDS:
        if inventory.of_kind(kind_name):
            return kind_name
    for kind_name in ("DaemonSet", "Deployment"):
        for obj in inventory.of_kind(kind_name):
            obj_name = name(obj)
            found = UPDATE_COORDINATORS.find(obj_name) or any(
                UPDATE_COORDINATORS.find(i) for t in pod_templates(obj) for i in images(t)
            )
            if found:
                return f"{kind_name} {obj_name}"
    return None


def _control_plane(node: dict) -> bool:
    return any(key in labels(node) for key in CONTROL_PLANE_LABELS)
