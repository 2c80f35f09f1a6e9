"""Would a pod spec be allowed onto a node? nodeSelector, required node affinity, taints; and what keeps a
workload's pods on nodes of their own.

Eligibility decides which nodes a DaemonSet or a health agent covers; preferred affinities and resource
fit are ignored there: the question is eligibility, not placement. ``kept_apart`` answers the one
placement question the checks ask: whether the scheduler can never put two of a workload's pods on one
node (node ports, a required anti-affinity over the hostname), which decides what a drain or a surge does;
``fixed_addresses`` whether every pod of a template asks for the same network addresses, so no second can run.
"""

from __future__ import annotations

import json

from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import as_dict, as_list, containers, dig, labels, str_map
from kubegap.domain.selectors import Selector, requirement_from
from kubegap.yamlload import too_deep


def host_ports(spec: dict) -> list[int]:
    """The node ports a pod with this spec binds: each ``hostPort``, or each container port on the host
    network. The scheduler places at most one pod binding a port on each node (its NodePorts filter)."""
    on_host = spec.get("hostNetwork") is True
    found = []
    for _, container in containers(spec, init=False):
        for port in as_list(container.get("ports")):
            value = dig(port, "hostPort") or (dig(port, "containerPort") if on_host else None)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0 and value not in found:
                found.append(value)
    return found


HOSTNAME = "kubernetes.io/hostname"


def kept_apart(spec: dict, pod_labels: dict[str, str]) -> str | None:
    """What makes the scheduler put each pod with this spec on a node of its own, or None: the node ports it
    binds, or a required pod anti-affinity over ``kubernetes.io/hostname`` that selects its own labels in its own
    namespace. A rollout that surges then needs a free node, and only a drain of several nodes takes them all."""
    if host_ports(spec):
        return "they bind node ports"
    for term in as_list(dig(spec, "affinity", "podAntiAffinity", "requiredDuringSchedulingIgnoredDuringExecution")):
        selector = Selector.from_label_selector(dig(term, "labelSelector"))
        own_namespace = not dig(term, "namespaces") and dig(term, "namespaceSelector") is None
        if (
            dig(term, "topologyKey") == HOSTNAME
            and own_namespace
            and selector is not None
            and selector.matches(pod_labels)
        ):
            return "a required pod anti-affinity over kubernetes.io/hostname keeps them apart"
    return None


def kept_together(spec: dict) -> str | None:
    """The selector of the pods a pod with this spec must share a node with, or None: a required pod affinity over
    ``kubernetes.io/hostname``. Every replica then lands on a node where such pods already run (on its first
    replica's node, where the selector matches its own pods), so replicas spread only as far as those pods do."""
    for term in as_list(dig(spec, "affinity", "podAffinity", "requiredDuringSchedulingIgnoredDuringExecution")):
        selector = Selector.from_label_selector(dig(term, "labelSelector"))
        if dig(term, "topologyKey") == HOSTNAME and selector is not None:
            return str(selector)
    return None


MULTUS_NETWORKS = "k8s.v1.cni.cncf.io/networks"
FIXED_ADDRESS_ANNOTATIONS = ("cni.projectcalico.org/ipAddrs", "ovn.kubernetes.io/ip_address")
"""Annotations by which a pod asks its network plugin for addresses of its own choosing (Calico, Kube-OVN)."""


def fixed_addresses(template: PodTemplate) -> str | None:
    """The annotation that gives every pod of the template the same network addresses, as ``name: addresses``, or
    None: a Multus network attachment that names its ``ips``, or a plugin's fixed address. Every replica of such a
    template asks for the same addresses, so a second one conflicts with the first (SD-Core's user plane takes
    192.168.252.3 and 192.168.250.3 on its access and core networks)."""
    found = template.annotations
    for annotation in FIXED_ADDRESS_ANNOTATIONS:
        if found.get(annotation, "").strip():
            return f"{annotation}: {found[annotation].strip()}"
    text = found.get(MULTUS_NETWORKS, "")
    if too_deep(text):
        return None  # nested past what any attachment list needs: not read, as an input file that deep is not
    try:
        networks = json.loads(text)
    except ValueError:
        return None  # a list of network names, no addresses
    addresses = [str(address) for network in as_list(networks) for address in as_list(dig(network, "ips")) if address]
    return f"{MULTUS_NETWORKS}: {', '.join(addresses)}" if addresses else None


def node_taints(node: dict) -> list[dict]:
    return [t for t in as_list(dig(node, "spec", "taints")) if isinstance(t, dict)]


def tolerates(tolerations: list, taint: dict) -> bool:
    for toleration in tolerations:
        if not isinstance(toleration, dict):
            continue
        effect = toleration.get("effect")
        if effect and effect != taint.get("effect"):
            continue
        key = toleration.get("key")
        operator = toleration.get("operator", "Equal")
        if not key:
            if operator == "Exists":
                return True  # an empty key with Exists tolerates everything
            continue
        if key != taint.get("key"):
            continue
        if operator == "Exists" or toleration.get("value", "") == taint.get("value", ""):
            return True
    return False


CONTROL_PLANE_LABELS = ("node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master")
"""The labels that mark a control-plane node (``master`` until Kubernetes 1.24)."""


def control_plane_only(pod_spec: dict) -> bool:
    """Whether a pod spec keeps its pods to control-plane nodes (``nodeSelector node-role.kubernetes.io/control-plane``,
    or a required node affinity every term of which asks for such a label): they run on the handful of nodes that
    make up the control plane, however many nodes the cluster has."""
    if any(key in CONTROL_PLANE_LABELS for key in str_map(pod_spec.get("nodeSelector"))):
        return True
    terms = _required_terms(pod_spec)
    return bool(terms) and all(
        any(
            dig(e, "key") in CONTROL_PLANE_LABELS and dig(e, "operator") in ("Exists", "In")
            for e in as_list(term.get("matchExpressions"))
        )
        for term in terms
    )


def _required_terms(pod_spec: dict) -> list[dict]:
    """The node selector terms of a pod spec's required node affinity (ORed)."""
    terms = dig(
        pod_spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"
    )
    return [t for t in as_list(terms) if isinstance(t, dict)]


def _affinity_matches(pod_spec: dict, node: dict) -> bool:
    terms = _required_terms(pod_spec)
    if not terms:
        return True
    node_labels = labels(node)
    for term in terms:  # terms are ORed, expressions within a term ANDed
        requirements = [requirement_from(e) for e in as_list(term.get("matchExpressions"))]
        if requirements and all(r is not None and r.matches(node_labels) for r in requirements):
            return True
    return False


def eligible(pod_spec: dict, node: dict) -> bool:
    """True when the scheduler would consider ``node`` for a pod with ``pod_spec``."""
    node_labels = as_dict(dig(node, "metadata", "labels"))  # not a string-only copy: compared with strings
    selector = str_map(pod_spec.get("nodeSelector"))
    if any(node_labels.get(k) != v for k, v in selector.items()):
        return False
    if not _affinity_matches(as_dict(pod_spec), node):
        return False
    tolerations = as_list(pod_spec.get("tolerations"))
    return all(
        tolerates(tolerations, taint)
        for taint in node_taints(node)
        if taint.get("effect") in ("NoSchedule", "NoExecute")
    )
