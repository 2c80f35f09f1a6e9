"""Cluster DNS checks: how many CoreDNS pods carry the load, node-local caching, ndots:5 lookups."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import daemonsets_matching, named_or_running, pdb_covers, service_workloads
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.podtemplates import PodTemplate, Workload, as_workload
from kubegap.resources import as_list, containers, dig, name, namespace
from kubegap.selectors import Selector
from kubegap.tokens import Vocabulary

ZALANDO = "zalando-2019-coredns-oom-dns-outage"
CHATWORK = "chatwork-2020-eks-conntrack-overflow-coredns"
REBELMOUSE = "rebelmouse-2025-coredns-pod-loss-dns-degradation"
QUINYX = "quinyx-2019-eks-dns-timeouts-conntrack-race"
PREPLY = "preply-2020-stale-conntrack-kube-dns-partial-outage"

DNS_NAMES = ("coredns", "kube-dns")
DNS_LABEL = Selector((("k8s-app", "kube-dns"),), ())
DNS_AUTOSCALERS = Vocabulary(("dns-autoscaler", "coredns-autoscaler", "cluster-proportional-autoscaler"))
"""Names and images of what scales cluster DNS with the cluster (``kube-dns-autoscaler`` holds the words
``dns autoscaler``)."""
NODE_LOCAL_DNS = Vocabulary(("node-local-dns", "nodelocaldns", "k8s-dns-node-cache"))


def cluster_dns(ctx: Context) -> list[Workload]:
    """The cluster DNS Deployments: kube-system/coredns or kube-dns, or labelled k8s-app=kube-dns."""
    return [
        w
        for w in ctx.inventory.workload_templates.in_namespace("kube-system")
        if w.kind == "Deployment"
        and DNS_AUTOSCALERS.find(w.ref.name) is None
        and (w.ref.name in DNS_NAMES or any(DNS_LABEL.matches(t.labels) for t in w.templates))
    ]


def _spread(template: PodTemplate) -> bool:
    return bool(dig(template.spec, "affinity", "podAntiAffinity")) or bool(
        as_list(template.spec.get("topologySpreadConstraints"))
    )


def _proportional_autoscaler(ctx: Context) -> bool:
    for obj in ctx.inventory.of_kind("Deployment"):
        workload = as_workload(obj)
        if workload is not None and named_or_running(workload, DNS_AUTOSCALERS):
            return True
    return False


def _autoscaled(ctx: Context, workload: Workload) -> bool | None:
    """True when something scales this DNS Deployment; None when that cannot be known."""
    if _proportional_autoscaler(ctx):
        return True
    for scaler in [*ctx.inventory.of_kind("HorizontalPodAutoscaler"), *ctx.inventory.of_kind("VerticalPodAutoscaler")]:
        target = dig(scaler, "spec", "scaleTargetRef") or dig(scaler, "spec", "targetRef")
        if namespace(scaler) == workload.ref.namespace and dig(target, "name") == workload.ref.name:
            return True
    return False if ctx.inventory.collected("HorizontalPodAutoscaler") else None


def _memory_unlimited(workload: Workload) -> list[str]:
    return [
        f"{t.path}.spec.{path}"
        for t in workload.templates
        for path, c in containers(t.spec, init=False)
        if dig(c, "resources", "limits", "memory") is None
    ]


def _resilience_gaps(ctx: Context, workload: Workload) -> Iterator[tuple[str, Evidence]]:
    replicas = workload.templates[0].replicas
    if replicas is not None and replicas < ctx.setting("min_replicas"):
        yield f"{replicas} replica(s)", Evidence("spec.replicas", replicas)
    if not any(_spread(t) for t in workload.templates):
        yield "no anti-affinity or topology spread", Evidence("spec.template.spec.affinity.podAntiAffinity", None)
    unlimited = _memory_unlimited(workload)
    if unlimited:
        yield "no memory limit", Evidence("resources.limits.memory (missing)", unlimited)
    if ctx.inventory.collected("PodDisruptionBudget") and not pdb_covers(ctx.inventory, workload):
        yield "no PodDisruptionBudget", Evidence("PodDisruptionBudget covering the pods", None)
    if _autoscaled(ctx, workload) is False:
        yield "nothing scales it", Evidence("dns-autoscaler, HPA or VPA targeting it", None)


@check(
    id="coredns-resilience",
    title="Cluster DNS that one lost pod or one query spike can take down",
    severity="high",
    category="dns",
    cases=[ZALANDO, CHATWORK, REBELMOUSE],
    requires=["Deployment"],
    reads=["workloads", "PodDisruptionBudget", "HorizontalPodAutoscaler", "VerticalPodAutoscaler"],
    defaults={"min_replicas": 2},
    fix=(
        "Run cluster DNS with at least two replicas spread across nodes and zones, protect it with a "
        "PodDisruptionBudget, give it a memory limit sized for spikes, and scale it with the cluster "
        "(cluster-proportional-autoscaler / dns-autoscaler, or an HPA/VPA)."
    ),
)
def coredns_resilience(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    The cluster DNS Deployment (`kube-system/coredns` or `kube-dns`, or labelled
    `k8s-app=kube-dns`), for each of: fewer than `min_replicas` (default 2) replicas; no pod
    anti-affinity or topology spread; a container without a memory limit; no PodDisruptionBudget
    (judged only when PodDisruptionBudgets were collected); nothing that scales it (no
    dns-autoscaler / cluster-proportional-autoscaler Deployment and no HPA or VPA targeting it;
    judged only when HorizontalPodAutoscalers were collected). One finding lists every gap.

    ## Why it matters

    At Zalando (January 2019) a query spike pushed every CoreDNS pod over its 100Mi memory limit at
    the same moment; they were OOM-killed again on each restart, nothing could raise the limit
    automatically (the Vertical Pod Autoscaler ran for other system components but not for
    CoreDNS), and the cluster lost DNS entirely. At Chatwork, CoreDNS ran at the EKS default of two
    pods with no DNS autoscaler, so DNS load and connection-tracking state concentrated on a few
    nodes until their conntrack tables overflowed. At RebelMouse (May 2025) a planned node
    termination took down one CoreDNS pod and the remaining pods could not handle the shifted load.

    ## Severity

    Always **high**: cluster DNS serves every pod; when it fails, every name lookup does.

    ## Example

    ```yaml
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: coredns, namespace: kube-system}
    spec:
      replicas: 1
      template:
        spec:
          containers:
          - name: coredns
            image: registry.k8s.io/coredns/coredns:v1.11.1
    ```

    ## Fix

    ```yaml
    spec:
      replicas: 3
      template:
        spec:
          topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway,
             labelSelector: {matchLabels: {k8s-app: kube-dns}}}
          containers:
          - name: coredns
            resources: {limits: {memory: 512Mi}, requests: {cpu: 100m, memory: 128Mi}}
    ---
    apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: {name: coredns, namespace: kube-system}
    spec: {maxUnavailable: 1, selector: {matchLabels: {k8s-app: kube-dns}}}
    ```

    and deploy cluster-proportional-autoscaler (`dns-autoscaler`) so replicas follow node count.
    """
    deployments = cluster_dns(ctx)
    if not deployments:
        raise Skip("no CoreDNS or kube-dns Deployment in kube-system")
    for workload in deployments:
        gaps = list(_resilience_gaps(ctx, workload))
        if gaps:
            yield ctx.finding(
                workload.obj,
                f"Cluster DNS is fragile: {', '.join(word for word, _ in gaps)}.",
                *(evidence for _, evidence in gaps),
            )


@check(
    id="nodelocal-dns-missing",
    title="No node-local DNS cache in a large cluster",
    severity="medium",
    category="dns",
    cases=[ZALANDO, QUINYX, PREPLY],
    requires=["Node", "DaemonSet"],
    defaults={"min_nodes": 10},
    fix=(
        "Deploy NodeLocal DNSCache (the node-local-dns DaemonSet) so each node answers and caches its "
        "pods' queries locally and talks to CoreDNS over TCP, keeping a DNS-heavy pod's blast radius on "
        "its own node."
    ),
)
def nodelocal_dns_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters with at least `min_nodes` nodes (default 10) where no DaemonSet runs a node-local
    DNS cache (named `node-local-dns` / `nodelocaldns`, or running the `k8s-dns-node-cache`
    image). Skipped for smaller clusters and when Nodes or DaemonSets were not collected.

    ## Why it matters

    Without a per-node cache every lookup crosses the network to a few CoreDNS pods through the
    kube-dns ClusterIP. At Zalando one application's query spike OOM-killed every CoreDNS pod at
    once and took DNS down for the whole cluster; the lesson drawn was that a DNS-heavy workload's
    blast radius should be limited to its node, and a dnsmasq cache on every node was planned.
    Quinyx's DNS lookups were hit by kernel conntrack races on EKS, and running local DNS servers was
    among the options weighed. At Preply a stale UDP conntrack entry for the kube-dns ClusterIP kept
    sending some services' DNS traffic to a pod that no longer existed.

    ## Severity

    Always **medium**: without a node-local cache, one DNS-heavy pod or a conntrack race degrades
    lookups cluster-wide, not only on its node.

    ## Example

    ```text
    40 nodes; DaemonSets: kube-proxy, aws-node, fluent-bit   (no node-local-dns)
    ```

    ## Fix

    ```text
    kubectl apply -f nodelocaldns.yaml   # from kubernetes/kubernetes cluster/addons/dns/nodelocaldns,
                                         # with __PILLAR__ values filled in for your cluster
    ```
    """
    nodes = ctx.inventory.nodes
    if len(nodes) < ctx.setting("min_nodes"):
        raise Skip(f"{len(nodes)} node(s), fewer than min_nodes={ctx.setting('min_nodes')}")
    if any(daemonsets_matching(ctx.inventory, NODE_LOCAL_DNS)):
        return
    yield ctx.finding(
        ctx.cluster,
        f"{len(nodes)} nodes and no node-local DNS cache: every pod's lookups go through the kube-dns "
        "ClusterIP to a few CoreDNS pods.",
        Evidence("nodes", len(nodes)),
        Evidence("DaemonSets", sorted(f"{namespace(d)}/{name(d)}" for d in ctx.inventory.of_kind("DaemonSet"))[:20]),
    )


def _uses_cluster_dns(spec: dict) -> bool:
    """Whether the pod's resolv.conf is the cluster's (search list and ndots:5)."""
    policy = spec.get("dnsPolicy", "ClusterFirst")
    if policy == "ClusterFirstWithHostNet":
        return True
    return policy == "ClusterFirst" and spec.get("hostNetwork") is not True


def _ndots_set(spec: dict) -> bool:
    return any(isinstance(o, dict) and o.get("name") == "ndots" for o in as_list(dig(spec, "dnsConfig", "options")))


def _hpa_maximums(ctx: Context) -> dict[tuple[str | None, str], int]:
    """The largest maxReplicas of the HPAs targeting each ``(namespace, name)``."""
    maximums: dict[tuple[str | None, str], int] = {}
    for hpa in ctx.inventory.of_kind("HorizontalPodAutoscaler"):
        target, maximum = dig(hpa, "spec", "scaleTargetRef", "name"), dig(hpa, "spec", "maxReplicas")
        if isinstance(target, str) and isinstance(maximum, int) and not isinstance(maximum, bool):
            key = (namespace(hpa), target)
            maximums[key] = max(maximums.get(key, 0), maximum)
    return maximums


@check(
    id="dns-ndots-default",
    title="Large Service-backed workloads resolving external names with the default ndots:5",
    severity="low",
    category="dns",
    cases=[ZALANDO],
    requires=["Service"],
    reads=["workloads", "HorizontalPodAutoscaler"],
    defaults={"min_replicas": 20},
    fix=(
        "For workloads that mostly call names outside the cluster, set dnsConfig options ndots to 1 or 2 "
        "(and use fully qualified names with a trailing dot for cluster services), cache lookups in the "
        "application, or use dnsPolicy Default for pods that never resolve cluster names."
    ),
)
def dns_ndots_default(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Serving workloads that a Service selects, that use the cluster's resolver (`dnsPolicy`
    unset or `ClusterFirst`, not on the host network; or `ClusterFirstWithHostNet`), set no `ndots`
    option in `dnsConfig`, and look DNS-heavy. The heuristic for DNS-heavy is deliberately
    conservative: the workload can run at least `min_replicas` pods (default 20), counting its
    replicas or its HorizontalPodAutoscaler's `maxReplicas`. Many pods of one service multiply
    every lookup it makes; a small workload on ndots:5 is not reported. Skipped when Services were
    not collected.

    ## Why it matters

    With ndots:5 a lookup of an external name such as `api.example.com` is first tried against
    every search domain. At Zalando the aggregation layer used the default Kubernetes DNS
    configuration, so each lookup of a cluster-external name became 10 DNS queries; a retry storm
    multiplied them until every CoreDNS pod was OOM-killed.

    ## Severity

    Always **low**: extra lookups load DNS and add latency; they break nothing on their own.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 60
      template:
        spec:
          containers: [{name: api, image: example/api:1.4}]   # no dnsConfig: ndots:5
    ```

    ## Fix

    ```yaml
        spec:
          dnsConfig:
            options:
            - {name: ndots, value: "2"}
    ```
    """
    minimum = ctx.setting("min_replicas")
    hpa_maximums = _hpa_maximums(ctx)
    seen: set[int] = set()
    for service in ctx.inventory.of_kind("Service"):
        for workload in service_workloads(ctx.inventory, service):
            if id(workload.obj) in seen or not workload.serves_traffic or workload.kind == "Pod":
                continue
            seen.add(id(workload.obj))
            planned = sum(t.replicas or 0 for t in workload.templates)
            peak = max(planned, hpa_maximums.get((workload.ref.namespace, workload.ref.name), 0))
            if peak < minimum:
                continue  # most workloads are small: their DNS settings need not be read
            templates = [t for t in workload.templates if _uses_cluster_dns(t.spec) and not _ndots_set(t.spec)]
            if templates:
                yield ctx.finding(
                    workload.obj,
                    f"Up to {peak} pods resolve names with the default ndots:5: each lookup of an external "
                    "name is tried against every search domain first.",
                    Evidence(f"{templates[0].path}.spec.dnsConfig.options", None),
                    Evidence("peak replicas", peak),
                )
