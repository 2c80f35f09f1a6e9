"""Autoscaling and capacity: HPAs that cannot or do not scale, and pod IP ranges that stop growth."""

from __future__ import annotations

import ipaddress
import re
from collections import Counter
from collections.abc import Iterator

from kubegap.absence import RBAC_KINDS, missing_said
from kubegap.checks._common import SERVING_KINDS, container_name, has_status, hpa_targets, is_live, service_workloads
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, runs_one_replica, serving
from kubegap.podtemplates import pod_templates
from kubegap.resources import (
    api_version,
    as_dict,
    as_list,
    command_words,
    containers,
    dig,
    kind,
    name,
    namespace,
    quantity,
)
from kubegap.tokens import Vocabulary

LOVEHOLIDAYS = "loveholidays-2020-gke-pod-ip-range-exhausted"

_CLUSTER_CIDR_FLAG = re.compile(r"--cluster-cidr=(\S+)")
_CLUSTER_CIDR_CONFIG = re.compile(r"^\s*clusterCIDR:\s*[\"']?([0-9a-fA-F.:/,]+)", re.MULTILINE)
_NODE_GROUP_FLAG = re.compile(r"--nodes=(\d+):(\d+):\S+")
_MAX_NODES_FLAG = re.compile(r"--max-nodes-total=(\d+)")


def _ipv4_network(text: str) -> ipaddress.IPv4Network | None:
    for part in text.split(","):
        try:
            network = ipaddress.ip_network(part.strip(), strict=False)
        except ValueError:
            continue
        if isinstance(network, ipaddress.IPv4Network):
            return network
    return None


def _words(obj: dict) -> str:
    return " ".join(
        word
        for template in pod_templates(obj)
        for _, container in containers(template.spec)
        for word in command_words(container)
    )


CLUSTER_CIDR_COMPONENTS = Vocabulary(("kube-controller-manager", "kube-proxy"))
"""kube-system components whose --cluster-cidr flag names the cluster's pod range."""


def cluster_pod_range(ctx: Context) -> tuple[ipaddress.IPv4Network, str] | None:
    """The cluster's IPv4 pod range and where it was found: the setting, the controller manager's or
    kube-proxy's ``--cluster-cidr`` (a Pod or DaemonSet), or the kube-proxy ConfigMap."""
    configured = ctx.setting("cluster_pod_cidr")
    if configured is not None:
        network = _ipv4_network(configured) if isinstance(configured, str) else None
        if network is None:
            raise Skip(f"the setting cluster_pod_cidr ({configured!r}) is not an IPv4 CIDR")
        return network, "setting cluster_pod_cidr"
    fruitless: set[tuple[int, int]] = set()  # a DaemonSet's pods share their container lists: each searched once
    for obj in (*ctx.inventory.pods.in_namespace("kube-system"), *ctx.inventory.of_kind("DaemonSet")):
        if CLUSTER_CIDR_COMPONENTS.starts(name(obj)) and namespace(obj) == "kube-system":
            spec = as_dict(obj.get("spec"))
            shared = (id(spec.get("containers")), id(spec.get("initContainers"))) if kind(obj) == "Pod" else None
            if shared in fruitless:
                continue
            match = _CLUSTER_CIDR_FLAG.search(_words(obj))
            if match and (network := _ipv4_network(match.group(1))):
                return network, f"{kind(obj)} kube-system/{name(obj)} --cluster-cidr"
            if shared is not None:
                fruitless.add(shared)
    for config_map in ctx.inventory.of_kind("ConfigMap"):
        if namespace(config_map) == "kube-system" and name(config_map) == "kube-proxy":
            for value in as_dict(dig(config_map, "data")).values():
                match = _CLUSTER_CIDR_CONFIG.search(value) if isinstance(value, str) else None
                if match and (network := _ipv4_network(match.group(1))):
                    return network, "ConfigMap kube-system/kube-proxy clusterCIDR"
    return None


def autoscaler_max_nodes(ctx: Context) -> tuple[int, str] | None:
    """The cluster autoscaler's node ceiling from its flags: --max-nodes-total, else the sum of --nodes maxima."""
    for kind_name in ("Deployment", "Pod"):
        for obj in ctx.inventory.of_kind(kind_name):
            if "cluster-autoscaler" not in name(obj):
                continue
            words = _words(obj)
            total = _MAX_NODES_FLAG.search(words)
            if total and int(total.group(1)) > 0:
                return int(total.group(1)), f"{kind_name} {namespace(obj)}/{name(obj)} --max-nodes-total"
            groups = _NODE_GROUP_FLAG.findall(words)
            if groups:
                return sum(int(maximum) for _, maximum in groups), f"{kind_name} {namespace(obj)}/{name(obj)} --nodes"
    return None


def _pod_block(node: dict) -> ipaddress.IPv4Network | None:
    cidr = dig(node, "spec", "podCIDR")
    return _ipv4_network(cidr) if isinstance(cidr, str) else None


def _max_pods(node: dict) -> int | None:
    amount = quantity(dig(node, "status", "allocatable", "pods")) or quantity(dig(node, "status", "capacity", "pods"))
    return int(amount) if amount else None


@check(
    id="pod-ip-capacity",
    title="Pod IP range too small for the node count or the autoscaler's maximum",
    severity="high",
    category="autoscaling",
    cases=[LOVEHOLIDAYS],
    requires=["Node"],
    reads=["Pod", "Deployment", "DaemonSet", "ConfigMap"],
    defaults={"cluster_pod_cidr": None, "max_fill": 0.8},
    setting_types={"cluster_pod_cidr": str},
    fix=(
        "Plan the pod IP range against the largest the cluster may grow: the number of node blocks it holds "
        "(2^(node prefix - range prefix)) must exceed the autoscaler's maximum node count. Widen the range "
        "(on GKE, add a secondary range to the node pool or use discontiguous pod ranges), lower the per-node "
        "block size with maxPods, or cap the autoscaler below the range's limit."
    ),
)
def pod_ip_capacity(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Where nodes show their pod address blocks (`spec.podCIDR`, as with kube-controller-manager
    IPAM and GKE VPC-native clusters):

    - nodes whose `maxPods` exceeds the addresses of their own pod block;
    - the cluster pod range, taken from the `cluster_pod_cidr` setting, the `--cluster-cidr` flag
      of the kube-controller-manager or kube-proxy (a kube-system Pod or DaemonSet) or the
      kube-proxy ConfigMap's `clusterCIDR`: how many node blocks it holds, against the node count (reported once more than
      `max_fill`, default 80%, of the blocks are used) and against the cluster autoscaler's maximum
      (`--max-nodes-total` or the sum of its `--nodes` maxima), when its Deployment or pod is visible.

    Skipped when no node shows a pod CIDR (the CNI assigns addresses itself). Without a visible
    cluster range only the per-node test runs.

    ## Why it matters

    In loveholidays' VPC-native GKE cluster the pod range was a /16, 65,536 addresses, a lot of
    pods as the team saw it; at GKE's default of one /24 block per node it holds 256 nodes. The
    cluster stood at 256 nodes when a deployment needed more capacity: the cluster autoscaler got
    nowhere, new pods stayed Pending with the scheduler reporting 0/256 nodes available, and a
    deployment that normally took minutes hung for about an hour. The post is titled "When GKE ran
    out of IP addresses".

    ## Severity

    Always **high**: when the range runs out, new nodes get no pod block (or pods no address), and the
    cluster cannot grow at the moment it needs to.

    ## Example

    ```text
    cluster pod range 10.4.0.0/16, node blocks /24  ->  256 nodes at most
    cluster-autoscaler --nodes=3:400:default-pool
    ```

    ## Fix

    ```text
    widen the pod range (or add ranges) so that 2^(24 - prefix) > autoscaler max,
    or give nodes smaller blocks (fewer maxPods), or cap the autoscaler at the range's limit
    ```
    """
    nodes = ctx.inventory.nodes
    node_blocks = [(node, block) for node in nodes if (block := _pod_block(node)) is not None]  # each CIDR parsed once
    blocks = Counter(block.prefixlen for _, block in node_blocks)
    if not blocks:
        raise Skip("no node shows a spec.podCIDR")
    for node, network in node_blocks:
        pods = _max_pods(node)
        if pods and pods > network.num_addresses - 2:
            yield ctx.finding(
                node,
                f"Node allows {pods} pods but its pod block {network} holds only {network.num_addresses - 2} addresses.",
                Evidence("spec.podCIDR", dig(node, "spec", "podCIDR")),
                Evidence("status.allocatable.pods", pods),
            )
    found = cluster_pod_range(ctx)
    if found is None:
        return
    cluster_range, where = found
    node_prefix = blocks.most_common(1)[0][0]
    if node_prefix < cluster_range.prefixlen:
        return
    capacity = 2 ** (node_prefix - cluster_range.prefixlen)
    evidence = [
        Evidence("cluster pod range", f"{cluster_range} ({where})"),
        Evidence("nodes[*].spec.podCIDR prefix", f"/{node_prefix}"),
        Evidence("node blocks in range", capacity),
        Evidence("nodes", len(nodes)),
    ]
    ceiling = autoscaler_max_nodes(ctx)
    if ceiling is not None and ceiling[0] > capacity:
        yield ctx.finding(
            ctx.cluster,
            f"The cluster autoscaler may grow to {ceiling[0]} nodes but the pod range {cluster_range} holds only "
            f"{capacity} /{node_prefix} node blocks: scale-up stops at {capacity} nodes.",
            *evidence,
            Evidence("autoscaler maximum", f"{ceiling[0]} ({ceiling[1]})"),
        )
    elif len(nodes) > ctx.setting("max_fill") * capacity:
        yield ctx.finding(
            ctx.cluster,
            f"{len(nodes)} nodes use {len(nodes) / capacity:.0%} of the {capacity} node blocks the pod range "
            f"{cluster_range} holds: the cluster cannot grow past {capacity} nodes.",
            *evidence,
        )


MITODL = "mitodl-2026-min-equals-max-hpa-alert-noise-masks-saturation"
LINKERD = "linkerd-user-2018-proxy-sidecar-no-cpu-request-breaks-hpa"
ZALANDO_HPA = "zalando-2026-kubelet-summary-metrics-hpa-maxed-oomkills"
HPA_RESETS = "kubernetes-users-2021-hpa-deploy-resets-replicas"


def _hpa_bounds(hpa: dict) -> tuple[int, int | None]:
    spec = as_dict(hpa.get("spec"))
    minimum = spec.get("minReplicas", 1)
    maximum = spec.get("maxReplicas")
    return (minimum if isinstance(minimum, int) else 1), (maximum if isinstance(maximum, int) else None)


@check(
    id="hpa-min-replicas-low",
    title="HorizontalPodAutoscaler with minReplicas below 2, or min equal to max",
    severity="low",
    category="autoscaling",
    cases=[MITODL],
    requires=["HorizontalPodAutoscaler"],
    reads=[*SERVING_EVIDENCE_KINDS],
    fix=(
        "Set minReplicas to at least 2 so quiet hours never leave a single pod to absorb a node failure or the "
        "first burst of traffic, and give maxReplicas room above minReplicas for the autoscaler to act."
    ),
)
def hpa_min_replicas_low(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    HorizontalPodAutoscalers whose `minReplicas` (1 when unset) is below 2, or equal to
    `maxReplicas`, which makes the autoscaler a fixed replica count. A `minReplicas` below 2 on the
    backend of a fail-closed admission webhook is `webhook-backend-unavailable`'s, which reports the
    one replica as the availability of the API writes it admits (one cause, one finding), when it runs
    in the same audit.

    ## Why it matters

    At low load the autoscaler scales down to `minReplicas`; with one replica, the loss of its
    node is an outage until a new pod is ready. With min equal to max nothing scales at all, and
    the HPA is permanently at its maximum. At mitodl two production HPAs were set to min 1 and
    max 1; their "HPA at max replicas" alert fired almost continuously and, during a bot-crawl
    incident, buried the real signal that other HPAs were genuinely pegged at their maximum.

    ## Severity

    Always **low**: one replica during quiet hours is a risk for as long as the autoscaler keeps it
    there, not a standing outage.

    ## Example

    ```yaml
    kind: HorizontalPodAutoscaler
    spec: {minReplicas: 1, maxReplicas: 10}
    ```

    ## Fix

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 10}
    ```
    """
    clients = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    guarded = (
        set()
        if clients is None or not ctx.left_to("webhook-backend-unavailable")
        else {  # webhook-backend-unavailable reports their one replica
            (w.ref.namespace, w.kind, w.ref.name)
            for w in ctx.inventory.workloads
            if any(runs_one_replica(service_workloads(ctx.inventory, s)) for s in clients.fail_closed_services(w))
        }
    )
    for hpa in ctx.inventory.of_kind("HorizontalPodAutoscaler"):
        minimum, maximum = _hpa_bounds(hpa)
        target = (
            namespace(hpa),
            dig(hpa, "spec", "scaleTargetRef", "kind"),
            dig(hpa, "spec", "scaleTargetRef", "name"),
        )
        if minimum < 2 and all(isinstance(part, str) for part in target[1:]) and target in guarded:
            continue  # webhook-backend-unavailable's: the API's availability, one cause
        if maximum is not None and minimum == maximum:
            yield ctx.finding(
                hpa,
                f"HPA has minReplicas equal to maxReplicas ({minimum}): it never scales and is always at its maximum.",
                Evidence("spec.minReplicas", minimum),
                Evidence("spec.maxReplicas", maximum),
            )
        elif minimum < 2:
            yield ctx.finding(
                hpa, f"HPA may scale down to {minimum} replica(s).", Evidence("spec.minReplicas", minimum)
            )


IMPLICIT_CPU = "unset: 80% CPU utilization by default"


def _resource_metrics(hpa: dict) -> Iterator[tuple[str, str, str | None, bool]]:
    """``(field path, resource, container or None, implicit)`` for every metric that divides usage by requests.

    Without any metric an HPA scales on 80% CPU utilization: autoscaling/v1 without
    ``targetCPUUtilizationPercentage``, and later versions with no ``metrics``.
    """
    spec = as_dict(hpa.get("spec"))
    if api_version(hpa) == "autoscaling/v1":
        yield "spec.targetCPUUtilizationPercentage", "cpu", None, "targetCPUUtilizationPercentage" not in spec
        return
    metrics = as_list(spec.get("metrics"))
    if not metrics:
        yield "spec.metrics", "cpu", None, True
    for index, metric in enumerate(metrics):
        metric = as_dict(metric)
        if metric.get("type") == "Resource":
            source, container = as_dict(metric.get("resource")), None
        elif metric.get("type") == "ContainerResource":
            source = as_dict(metric.get("containerResource"))
            container = source.get("container") if isinstance(source.get("container"), str) else None
        else:
            continue
        utilization = dig(source, "target", "type") == "Utilization" or "targetAverageUtilization" in source
        if isinstance(source.get("name"), str) and utilization:
            yield f"spec.metrics[{index}]", source["name"], container, False


@check(
    id="hpa-target-invalid",
    title="HorizontalPodAutoscaler whose target is missing or lacks the requests its metric needs",
    severity="medium",
    category="autoscaling",
    cases=[LINKERD],
    requires=["HorizontalPodAutoscaler"],
    fix=(
        "Point scaleTargetRef at an existing workload (kind and name), and give every container of the target "
        "a request for each resource the HPA scales on by utilization; otherwise the HPA cannot compute a "
        "utilization and does not scale."
    ),
    reads=["workloads", *RBAC_KINDS],
)
def hpa_target_invalid(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    HorizontalPodAutoscalers whose `scaleTargetRef` names a workload that does not exist (judged
    only when that kind was collected: from a cluster or snapshot that listed it, or in manifests on
    positive evidence, as the Evidence rules in the docs say: a near-miss name, a workload of that
    name in another namespace only, or files beside the HPA that define the namespace's workloads of
    that kind while nothing in the input could create one), and those scaling on a `Resource` or `ContainerResource`
    utilization of a resource (CPU, memory) that the target's containers do not request. The CPU
    metric counts when it is implicit too: an `autoscaling/v1` HPA without
    `targetCPUUtilizationPercentage`, or a later version (`v2`, `v2beta2`, `v2beta1`) without
    `metrics`, scales on 80% CPU utilization; `v2beta1` metrics give utilization as
    `targetAverageUtilization`.

    ## Why it matters

    Utilization is a percentage of the pods' requests: without a request on every container the
    HPA cannot compute it and stops scaling, while the workload keeps running normally. A team
    that moved HPA-scaled Deployments onto Linkerd 2 found its autoscalers inactive: the
    linkerd-proxy sidecar that `linkerd inject` added had no resource requests, and the HPA's
    conditions and events named the missing CPU request. Without a target, likewise, the HPA has nothing to scale.

    ## Severity

    Always **medium**: the autoscaler does nothing, so the workload keeps its current replica count;
    load is not followed, but nothing stops.

    ## Example

    ```yaml
    kind: HorizontalPodAutoscaler
    spec:
      scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}
      metrics:
      - type: Resource
        resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
    # ...and the api Deployment's containers request no CPU
    ```

    ## Fix

    ```yaml
    resources:
      requests: {cpu: 500m}
    ```
    """
    for hpa in ctx.inventory.of_kind("HorizontalPodAutoscaler"):
        ref = as_dict(dig(hpa, "spec", "scaleTargetRef"))
        kind_name, target_name = ref.get("kind"), ref.get("name")
        if not isinstance(kind_name, str) or not isinstance(target_name, str):
            yield ctx.finding(hpa, "HPA has no usable scaleTargetRef.", Evidence("spec.scaleTargetRef", ref or None))
            continue
        target = ctx.inventory.get(kind_name, namespace(hpa), target_name)
        if target is None:
            if not ctx.inventory.collected(kind_name):
                continue
            how = missing_said(ctx, kind_name, namespace(hpa), target_name, hpa)
            if how is None:
                continue
            yield ctx.finding(
                hpa,
                f"HPA targets {kind_name} {target_name}, which does not exist{how}.",
                Evidence("spec.scaleTargetRef", ref),
            )
            continue
        evidence = []
        for path, resource, only, implicit in _resource_metrics(hpa):
            lacking = [
                container_name(c)
                for template in pod_templates(target)
                for _, c in containers(template.spec, init=False)
                if (only is None or c.get("name") == only)
                and dig(c, "resources", "requests", resource) in (None, "")
                and dig(c, "resources", "limits", resource) in (None, "")
            ]
            if lacking:
                value = {"resource": resource, "containers without a request": lacking}
                evidence.append(Evidence(path, {"metric": IMPLICIT_CPU, **value} if implicit else value))
        if evidence:
            yield ctx.finding(
                hpa,
                f"HPA scales {kind_name} {target_name} on utilization of resources its containers do not request: "
                "it cannot compute the metric.",
                *evidence,
            )


@check(
    id="hpa-at-max",
    title="HorizontalPodAutoscaler pinned at maxReplicas",
    severity="medium",
    category="autoscaling",
    cases=[ZALANDO_HPA, MITODL],
    requires=["HorizontalPodAutoscaler"],
    fix=(
        "Raise maxReplicas (and check the cluster can place that many pods), or make each pod handle more; an "
        "autoscaler at its ceiling can no longer absorb load."
    ),
)
def hpa_at_max(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    On a live cluster: HorizontalPodAutoscalers whose `status.currentReplicas` has reached
    `spec.maxReplicas`, when that is above `minReplicas`. Skipped when no HPA carries status.

    ## Why it matters

    An autoscaler at its maximum has stopped autoscaling: further load lands on the existing
    pods. Zalando's kubelet-summary-metrics HPA reached its maximum of 10 replicas one evening
    and some pods were OOM-killed; the maximum was raised to 20 for all clusters the next day.
    HPAs with min equal to max are left out: they are always at their maximum, and at mitodl such
    HPAs made the at-max alert fire constantly, hiding the HPAs that were really saturated.

    ## Severity

    Always **medium**: the workload keeps running at its ceiling; what it cannot do is absorb more load.

    ## Example

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 8}
    status: {currentReplicas: 8, desiredReplicas: 8}
    ```

    ## Fix

    ```yaml
    spec: {minReplicas: 2, maxReplicas: 20}
    ```
    """
    hpas = [h for h in ctx.inventory.of_kind("HorizontalPodAutoscaler") if has_status(h)]
    if not hpas:
        raise Skip("no HorizontalPodAutoscaler carries live status")
    for hpa in hpas:
        minimum, maximum = _hpa_bounds(hpa)
        current = dig(hpa, "status", "currentReplicas")
        if isinstance(current, int) and maximum is not None and maximum > minimum and current >= maximum:
            yield ctx.finding(
                hpa,
                f"HPA runs {current} replicas, its maximum: it cannot scale further.",
                Evidence("status.currentReplicas", current),
                Evidence("spec.maxReplicas", maximum),
            )


@check(
    id="hpa-static-replicas",
    title="Workload under an HPA whose manifest also sets replicas",
    severity="low",
    category="autoscaling",
    cases=[HPA_RESETS],
    requires=["HorizontalPodAutoscaler"],
    fix=(
        "Remove spec.replicas from the manifest of a workload an HPA manages (and from the Helm values that "
        "render it), so every apply leaves the replica count to the autoscaler."
    ),
    reads=["workloads"],
)
def hpa_static_replicas(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Manifests only: Deployments, StatefulSets, ReplicaSets and Argo Rollouts targeted by a
    HorizontalPodAutoscaler whose manifest sets `spec.replicas`. Objects read from a live cluster
    always carry a replica count, so they are not judged.

    ## Why it matters

    Applying the manifest sets the replica count back to the static value, overriding the
    autoscaler, and the workload scales down before the HPA restores it. Kubernetes users
    reported deploys cutting HPA-scaled Deployments down this way; in one reproduction a
    Deployment whose manifest said `replicas: 1`, under an HPA with minReplicas 10, lost 9 of its
    10 pods at the start of an image-only update, and on real workloads recovery was slow. The
    Kubernetes documentation now recommends removing `spec.replicas` from autoscaled manifests.

    ## Severity

    Always **low**: each apply resets the replica count until the autoscaler corrects it, a dip rather
    than an outage.

    ## Example

    ```yaml
    kind: Deployment
    metadata: {name: api}
    spec:
      replicas: 3              # the HPA runs it at 12 during the day
    ```

    ## Fix

    ```yaml
    kind: Deployment
    metadata: {name: api}
    spec:                      # no replicas: the HPA owns the count
    ```
    """
    targets = hpa_targets(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if workload.kind not in SERVING_KINDS or is_live(workload.obj):
            continue
        hpas = targets.get((workload.ref.namespace, workload.kind, workload.ref.name))
        spec = as_dict(workload.obj.get("spec"))
        if hpas and "replicas" in spec:
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} sets replicas: {spec['replicas']!r} although HPA {name(hpas[0])} "
                f"(minReplicas {_hpa_bounds(hpas[0])[0]}) manages it: every apply resets the count.",
                Evidence("spec.replicas", spec["replicas"]),
            )
