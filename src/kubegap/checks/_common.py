"""Helpers several check modules share: GPUs, add-on detection, DaemonSet eligibility, Services, leader
election, HPAs, kube-proxy's settings. Which Services carry client traffic is ``serving``'s."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from kubegap import yamlload
from kubegap.podsources import PodSources
from kubegap.podtemplates import PodTemplate, Workload, as_workload, leader_election, pod_templates
from kubegap.resources import as_dict, as_list, command_words, containers, dig, name, namespace, quantity
from kubegap.roles import granted_rules
from kubegap.scheduling import eligible
from kubegap.scoped_inventory import Readable
from kubegap.selectors import Selector
from kubegap.tokens import Words

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


def mounted_volumes(template: PodTemplate) -> list[tuple[int, dict]]:
    """``(index, volume)`` for the volumes of a pod template that one of its containers mounts."""
    return template.derive("mounted_volumes", _mounted_volumes)


def _mounted_volumes(template: PodTemplate) -> list[tuple[int, dict]]:
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
    return template.derive("images", _images)


def _images(template: PodTemplate) -> list[str]:
    return [c["image"] for _, c in containers(template.spec) if isinstance(c.get("image"), str)]


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


def pdb_covers(inventory: Readable, workload: Workload) -> bool:
    """Whether a PodDisruptionBudget in the workload's namespace selects one of its pod templates."""
    for pdb in inventory.of_kind("PodDisruptionBudget"):
        selector = Selector.from_label_selector(dig(pdb, "spec", "selector"))
        if (
            namespace(pdb) == workload.ref.namespace
            and selector
            and any(selector.matches(t.labels) for t in workload.templates)
        ):
            return True
    return False


SERVING_KINDS = ("Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Rollout")
"""Controllers that keep a number of interchangeable replicas running (DaemonSets run one per node)."""


def absent_means_none(inventory: Readable, kind_name: str) -> bool:
    """Whether seeing no object of ``kind_name`` means there is none.

    True when the kind was collected, or when every input is a manifest file: manifests are taken
    as the whole application. False for snapshots and clusters that did not collect the kind.
    """
    if inventory.collected(kind_name):
        return True
    return from_manifests(inventory) and kind_name not in inventory.collection.forbidden


def from_manifests(inventory: Readable) -> bool:
    """Whether every input is a manifest file (not a cluster or a snapshot of one)."""
    inputs = inventory.collection.inputs
    return bool(inputs) and all(i.get("type") == "manifests" for i in inputs)


def source_folder(inventory: Readable, obj: dict) -> str | None:
    """The directory of the file an object was read from (None when it came from no file)."""
    origin = inventory.origin(obj)
    return os.path.dirname(origin.path) if origin else None


def _service_selector(service: dict) -> Selector | None:
    return Selector.from_map(dig(service, "spec", "selector"))


def service_workloads(inventory: Readable, service: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a Service's selector matches (none for a Service without one)."""
    return workloads_selected_by(inventory, service, "Service", _service_selector)


def workloads_selected_by(
    inventory: Readable, obj: dict, kind: str, selector: Callable[[dict], Selector | None]
) -> list[Workload]:
    """Top-level workloads in ``obj``'s namespace whose pod templates ``selector(obj)`` matches.

    Worked out for every object of ``kind`` at once, once per audit and ``selector`` (a module-level
    function, so that every caller shares the result), since several checks ask; an object the
    inventory does not hold is matched on its own."""
    found = _selected_per_object(inventory, kind, selector).get(id(obj))
    return found[1] if found is not None and found[0] is obj else _selected(inventory, obj, selector)


def _selected_per_object(
    inventory: Readable, kind: str, selector: Callable[[dict], Selector | None]
) -> dict[int, tuple[dict, list[Workload]]]:
    """Every object of ``kind`` (by ``id``) with the workloads ``selector`` selects for it, worked out once per audit."""
    return inventory.derive(
        ("workloads_selected_by", kind, selector),
        lambda inventory: {id(o): (o, _selected(inventory, o, selector)) for o in inventory.of_kind(kind)},
    )


def _selected(inventory: Readable, obj: dict, selector: Callable[[dict], Selector | None]) -> list[Workload]:
    """The workloads ``selector(obj)`` selects in ``obj``'s namespace. Two objects of one kind, namespace and name
    cannot both exist: an input that defines one more than once holds several installs (a collection of
    examples), and a workload is selected only by the copies read from the folders nearest its own (the
    longest shared path), as the example it belongs to would install them."""
    found = inventory.workload_templates.select(namespace(obj), selector(obj))
    copies = _copies(inventory, obj)
    if len(copies) < 2:
        return found
    here = source_folder(inventory, obj)
    return [workload for workload in found if here in _nearest(copies, source_folder(inventory, workload.obj))]


def _copies(inventory: Readable, obj: dict) -> list[str | None]:
    """The folders of every file that defines ``obj``'s kind, namespace and name."""
    kind_name = obj.get("kind")
    if not isinstance(kind_name, str) or inventory.origin(obj) is None:
        return []
    folders = inventory.derive(("copies", kind_name), lambda inventory: _folders_by_name(inventory, kind_name))
    return folders.get((namespace(obj), name(obj)), [])


def _folders_by_name(inventory: Readable, kind_name: str) -> dict[tuple[str | None, str | None], list[str | None]]:
    found: dict[tuple[str | None, str | None], list[str | None]] = {}
    for o in inventory.of_kind(kind_name):
        found.setdefault((namespace(o), name(o)), []).append(source_folder(inventory, o))
    return found


def _nearest(folders: list[str | None], folder: str | None) -> set[str | None]:
    def shared(other: str | None) -> int:
        if other is None or folder is None:
            return 0
        return (
            len(os.path.commonpath([other, folder]).split(os.sep))
            if os.path.isabs(other) == os.path.isabs(folder)
            else 0
        )

    best = max(shared(f) for f in folders)
    return {f for f in folders if shared(f) == best}


WRITE_VERBS = frozenset({"create", "update", "patch", "delete", "deletecollection", "*"})
NOT_RECONCILED = frozenset(
    {
        "events",
        "leases",
        "tokenreviews",
        "subjectaccessreviews",
        "selfsubjectaccessreviews",
        "localsubjectaccessreviews",
        "selfsubjectrulesreviews",
    }
)
"""Resources written by programs that reconcile nothing: events, their own Lease, and access reviews (a
webhook or aggregated API server delegating authentication)."""


NOT_FOLLOWED = NOT_RECONCILED | {"configmaps", "secrets"}
"""Resources any program may watch for its own settings and credentials: watching them makes no controller."""
WEBHOOK_RESOURCES = ("mutatingwebhookconfigurations", "validatingwebhookconfigurations")


def registers_webhooks(inventory: Readable, workload: Workload) -> bool:
    """Whether the workload's ServiceAccount may create admission webhook configurations: it registers its
    own webhooks at run time, so the API server calls its Service though no configuration is in the input."""
    registrars = account_rights(inventory).webhooks
    return any((workload.ref.namespace, service_account(t)) in registrars for t in workload.templates)


class AccountRights(NamedTuple):
    """ServiceAccounts ``(namespace, name)`` by what a Role or ClusterRole binding lets them write."""

    leases: set[tuple[str | None, str]]
    """May write Leases: they can take part in a leader election."""
    objects: set[tuple[str | None, str]]
    """May write API objects other than events, Leases and reviews, not only named ones: the rights of a
    controller that reconciles."""
    webhooks: set[tuple[str | None, str]]
    """May create admission webhook configurations: the program registers its webhooks itself, at run time
    (what they intercept is not in the manifests)."""
    watchers: set[tuple[str | None, str]]
    """May watch API objects other than events, Leases, reviews, ConfigMaps and Secrets: a program that follows
    the cluster's objects, as a controller does (one that writes elsewhere, such as to DNS, too)."""


def account_rights(inventory: Readable) -> AccountRights:
    """What each ServiceAccount may write, worked out once per audit."""
    return inventory.derive("account_rights", _account_rights)


def _account_rights(inventory: Readable) -> AccountRights:
    rights = AccountRights(set(), set(), set(), set())
    for binding in inventory.of_kind("RoleBinding") + inventory.of_kind("ClusterRoleBinding"):
        role_kind, role_name = dig(binding, "roleRef", "kind"), dig(binding, "roleRef", "name")
        role = (
            inventory.get(role_kind, namespace(binding) if role_kind == "Role" else None, role_name)
            if role_kind in ("Role", "ClusterRole")
            else None
        )
        rules = granted_rules(inventory, role)
        writes = [rule for rule in rules if WRITE_VERBS & {v for v in as_list(rule.get("verbs")) if isinstance(v, str)}]
        leases = any(_covers(rule, "coordination.k8s.io", "leases") for rule in writes)
        objects = any(
            not rule.get("resourceNames") and set(map(str, as_list(rule.get("resources")))) - NOT_RECONCILED
            for rule in writes
        )
        webhooks = any(
            set(map(str, as_list(rule.get("verbs")))) & {"create", "*"}
            and any(_covers(rule, "admissionregistration.k8s.io", kind) for kind in WEBHOOK_RESOURCES)
            for rule in writes
        )
        watches = any(
            set(map(str, as_list(rule.get("verbs")))) & {"watch", "*"}
            and not rule.get("resourceNames")
            and set(map(str, as_list(rule.get("resources")))) - NOT_FOLLOWED
            for rule in rules
        )
        for subject in as_list(binding.get("subjects")) if leases or objects or webhooks or watches else ():
            if dig(subject, "kind") == "ServiceAccount" and isinstance(dig(subject, "name"), str):
                subject_ns = dig(subject, "namespace")
                account = (
                    subject_ns if isinstance(subject_ns, str) and subject_ns else namespace(binding),
                    subject["name"],
                )
                for granted, holders in (
                    (leases, rights.leases),
                    (objects, rights.objects),
                    (webhooks, rights.webhooks),
                    (watches, rights.watchers),
                ):
                    if granted:
                        holders.add(account)
    return rights


def _covers(rule: dict, api_group: str, resource: str) -> bool:
    groups, resources = as_list(rule.get("apiGroups")), as_list(rule.get("resources"))
    return (api_group in groups or "*" in groups) and (resource in resources or "*" in resources)


def lease_holders(inventory: Readable) -> set[tuple[str | None, str]]:
    """ServiceAccounts ``(namespace, name)`` that a Role or ClusterRole binding lets write Leases."""
    return account_rights(inventory).leases


LEASE_KINDS = ("Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding")
"""What ``one_active_by_design`` and ``may_reconcile`` read: RBAC."""


def may_reconcile(inventory: Readable, workload: Workload) -> bool | None:
    """Whether the workload's ServiceAccount may write API objects like a controller that reconciles them
    (``AccountRights.objects``); None when RBAC could not be read (forbidden) to tell."""
    if any(kind_name in inventory.collection.forbidden for kind_name in LEASE_KINDS):
        return None
    writers = account_rights(inventory).objects
    return any((workload.ref.namespace, service_account(t)) in writers for t in workload.templates)


def service_account(template: PodTemplate) -> str:
    value = template.spec.get("serviceAccountName") or template.spec.get("serviceAccount")
    return value if isinstance(value, str) and value else "default"


def one_active_by_design(workload: Workload, leases: set[tuple[str | None, str]]) -> str | None:
    """Why the workload is not judged like request-serving replicas, or None.

    A DaemonSet runs one agent per node, and a leader-elected controller (a leader-election flag,
    or a ServiceAccount allowed to write Leases) has one active replica whatever its count.
    """
    if workload.kind == "DaemonSet":
        return "a DaemonSet runs one agent per node"
    flag = leader_election(workload)
    if flag:
        return f"leader-elected ({flag})"
    for template in workload.templates:
        if (workload.ref.namespace, service_account(template)) in leases:
            return f"leader-elected (ServiceAccount {service_account(template)} may write Leases)"
    return None


SINGLE_NODE_ACCESS = ("ReadWriteOnce", "ReadWriteOncePod")


def single_node_claim(inventory: Readable, workload: Workload) -> str | None:
    """A PersistentVolumeClaim the pods mount that only one node can attach (ReadWriteOnce), or whose
    access modes are unknown (the claim is not in the inventory): overlapping old and new pods of a
    rolling update cannot both mount it."""
    for template in workload.templates:
        for _, volume in mounted_volumes(template):
            claim_name = dig(volume, "persistentVolumeClaim", "claimName")
            if not isinstance(claim_name, str):
                continue
            claim = inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim_name)
            modes = [m for m in as_list(dig(claim, "spec", "accessModes")) if isinstance(m, str)] if claim else []
            if claim is None or not modes or any(m in SINGLE_NODE_ACCESS for m in modes):
                return claim_name
    return None


OPERATOR = Words(("operator",))
"""The word of a workload's name or image that says it follows the Operator pattern: a controller that reconciles
the custom resources it defines."""


def singleton_by_design(inventory: Readable, workload: Workload, leases: set[tuple[str | None, str]]) -> str | None:
    """Why the workload is meant to run alone, or None: a one-replica Deployment that shows no leader election,
    whose ServiceAccount may write or watch the cluster's objects (a controller), and that either rolls out by
    Recreate (its project chose to stop the old pod before starting the new one) or is named an operator (a
    controller of its own custom resources, by the pattern's definition). Nothing elects among its replicas: a
    second pod would be a second controller acting on the same objects or the same outside system (DNS records,
    keys)."""
    if workload.kind != "Deployment" or len(workload.templates) != 1 or workload.templates[0].replicas != 1:
        return None
    if one_active_by_design(workload, leases):
        return None
    rights = account_rights(inventory)
    accounts = {(workload.ref.namespace, service_account(t)) for t in workload.templates}
    if not accounts & (rights.objects | rights.watchers):
        return None
    if dig(workload.obj, "spec", "strategy", "type") == "Recreate" and not single_node_claim(inventory, workload):
        # Recreate that a claim one node at a time can attach explains says nothing of the program
        return "a controller meant to run alone (it follows the cluster's objects, shows no leader election and rolls out by Recreate)"
    names = [workload.ref.name, *(image_name(c) for t in workload.templates for _, c in containers(t.spec, init=False))]
    if any(OPERATOR.find(text) for text in names):
        return "an operator meant to run alone (it follows the cluster's objects and shows no leader election)"
    return None


def hpa_targets(inventory: Readable) -> dict[tuple[str | None, str, str], list[dict]]:
    """HorizontalPodAutoscalers by the ``(namespace, kind, name)`` of their scale target, worked out once per
    audit: several checks ask."""
    return inventory.derive("hpa_targets", _hpa_targets)


def _hpa_targets(inventory: Readable) -> dict[tuple[str | None, str, str], list[dict]]:
    targets: dict[tuple[str | None, str, str], list[dict]] = {}
    for hpa in inventory.of_kind("HorizontalPodAutoscaler"):
        ref = as_dict(dig(hpa, "spec", "scaleTargetRef"))
        if isinstance(ref.get("kind"), str) and isinstance(ref.get("name"), str):
            targets.setdefault((namespace(hpa), ref["kind"], ref["name"]), []).append(hpa)
    return targets


def has_status(obj: dict) -> bool:
    """Whether the object carries live status from an API server (manifests rarely do)."""
    return bool(as_dict(obj.get("status")))


def is_live(obj: dict) -> bool:
    """Whether the object was read from an API server (status or a resourceVersion) rather than a manifest."""
    return has_status(obj) or isinstance(dig(obj, "metadata", "resourceVersion"), str)


def condition(obj: dict, condition_type: str) -> dict | None:
    status = obj.get("status")  # read directly, not through dig: asked of every pod of every workload
    for item in as_list(status.get("conditions") if isinstance(status, dict) else None):
        if isinstance(item, dict) and item.get("type") == condition_type:
            return item
    return None


def is_ready(pod: dict) -> bool:
    found = condition(pod, "Ready")
    return found is not None and found.get("status") == "True"


def spec_path(template: PodTemplate, field: str) -> str:
    """The path of a pod-spec field inside the workload: ``spec.template.spec.<field>``."""
    return f"{template.path}.spec.{field}" if template.path else f"spec.{field}"


class ImageRef(NamedTuple):
    registry: str | None
    repository: str
    tag: str | None
    digest: str | None


@lru_cache(maxsize=4096)
def parse_image(image: str) -> ImageRef:
    """Split ``[registry/]repository[:tag][@digest]``; the registry is None when the reference names none."""
    rest, _, digest = image.partition("@")
    first, slash, remainder = rest.partition("/")
    registry = None
    if slash and ("." in first or ":" in first or first == "localhost"):
        registry, rest = first, remainder
    repository, colon, tag = rest.rpartition(":") if ":" in rest.rsplit("/", 1)[-1] else (rest, "", "")
    return ImageRef(registry, repository, tag if colon else None, digest or None)


def image_name(container: dict) -> str:
    """The last part of the container's image repository (``bitnami/redis:7`` is ``redis``), or ``""``."""
    image = container.get("image")
    return parse_image(image.strip()).repository.rsplit("/", 1)[-1] if isinstance(image, str) else ""


DATA_STORES = Words(
    (
        "postgres",
        "postgresql",
        "mysql",
        "mariadb",
        "mongo",
        "mongodb",
        "redis",
        "valkey",
        "minio",
        "elasticsearch",
        "opensearch",
        "cassandra",
        "kafka",
        "zookeeper",
        "etcd",
        "clickhouse",
        "cockroach",
        "cockroachdb",
        "rabbitmq",
    )
)
"""Images (words of the repository's last part) of servers that keep data: a second replica is a second store."""


COMPANIONS = Words(
    (
        "operator",
        "exporter",
        "controller",
        "proxy",
        "backup",
        "agent",
        "sidecar",
        "client",
        "ui",
        "admin",
        "adapter",
        "manager",
        "dashboard",
        "migrator",
        "migrations",
        "init",
        "tools",
        "cli",
    )
)
"""Words of an image that runs beside a data store, not the store itself (``postgres-operator``,
``redis-exporter``)."""


def data_store(workload: Workload) -> str | None:
    """The data store a workload's containers run (``container_data_store``), or None."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            if found := container_data_store(container):
                return found
    return None


def container_data_store(container: dict) -> str | None:
    """The data store a container runs, by the words of its image's name, or None: the store's name without a
    companion's word (``postgres-operator`` manages Postgres, it does not keep data)."""
    last = image_name(container)
    found = DATA_STORES.find(last)
    return found if found and not COMPANIONS.find(last) else None


def holds_the_pod_open(container: dict) -> bool:
    """A container running the pause image as built (no command or args of its own): it only keeps the
    pod alive (installer DaemonSets do their work in init containers), so it needs no resources or probes."""
    if not isinstance(container.get("image"), str) or container.get("command") or container.get("args"):
        return False
    return image_name(container) == "pause"


def app_containers(workload: Workload) -> Iterator[tuple[PodTemplate, str, dict]]:
    """``(template, path, container)`` for every regular container of every pod template that does work
    (the pause container, which only holds its pod open, is left out)."""
    for template in workload.templates:
        for path, container in template.derive("app_containers", _working_containers):
            yield template, path, container


def _working_containers(template: PodTemplate) -> list[tuple[str, dict]]:
    return [
        (spec_path(template, path), container)
        for path, container in containers(template.spec, init=False)
        if not holds_the_pod_open(container)
    ]


def container_name(container: dict) -> str:
    value = container.get("name")
    return value if isinstance(value, str) else "(unnamed)"


def pod_sources(inventory: Readable) -> PodSources:
    """The inventory's pod sources, built once per audit for every check that matches selectors against them."""
    return inventory.derive("pod_sources", PodSources)


def audited_workloads(inventory: Readable) -> list[Workload]:
    """Top-level workloads whose specs matter: all but Helm test hooks and finished Jobs or Pods."""
    return inventory.derive(
        "audited_workloads", lambda inv: [w for w in inv.workloads if not (w.is_helm_test or w.is_finished)]
    )


KUBE_PROXY_CONFIGMAPS = ("kube-proxy", "kube-proxy-config")
"""The kube-system ConfigMaps that hold kube-proxy's KubeProxyConfiguration."""


def kube_proxy_containers(inventory: Readable) -> Iterator[tuple[dict, str, dict]]:
    """``(DaemonSet, field path, container)`` for each container of the kube-system/kube-proxy DaemonSet."""
    daemonset = inventory.get("DaemonSet", "kube-system", "kube-proxy")
    if daemonset is None:
        return
    for template in pod_templates(daemonset):
        for path, container in containers(template.spec, init=False):
            yield daemonset, f"{template.path}.spec.{path}", container


def kube_proxy_flags(inventory: Readable) -> Iterator[tuple[dict, str, dict[str, str]]]:
    """``(DaemonSet, field path of the command, {flag: value})`` for each kube-proxy container: the
    ``--flag=value`` words of its command and args (a repeated flag keeps its last value)."""
    for daemonset, path, container in kube_proxy_containers(inventory):
        flags = {}
        for word in command_words(container):
            flag, _, value = word.partition("=")
            flags[flag] = value
        yield daemonset, f"{path}.command", flags


def kube_proxy_configurations(inventory: Readable) -> Iterator[tuple[dict, str, dict]]:
    """``(ConfigMap, data key, configuration)`` for each KubeProxyConfiguration in the kube-proxy ConfigMaps;
    a value that is not YAML is passed over."""
    for configmap_name in KUBE_PROXY_CONFIGMAPS:
        configmap = inventory.get("ConfigMap", "kube-system", configmap_name)
        if configmap is None:
            continue
        for key, text in as_dict(configmap.get("data")).items():
            if not isinstance(text, str) or "KubeProxyConfiguration" not in text:
                continue
            try:
                config = yamlload.load(text)
            except yamlload.YAMLError:
                continue
            if isinstance(config, dict):
                yield configmap, key, config


_VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)")


def release(version) -> tuple[int, int, int] | None:
    """``(major, minor, patch)`` of a version string such as ``v1.7.4+coreos.0``; None when it is not one."""
    match = _VERSION.match(version) if isinstance(version, str) else None
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None
