"""``coredns-resilience``: Cluster DNS that one lost pod or one query spike can take down."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.dns._helpers import ZALANDO
from kubegap.domain.cluster_dns import DNS_AUTOSCALERS, cluster_dns
from kubegap.domain.daemonsets import named_or_running
from kubegap.domain.podtemplates import PodTemplate, Workload, as_workload
from kubegap.domain.resources import as_list, containers, dig, namespace
from kubegap.domain.workloads import AUTOSCALER_KINDS, open_budgets, pdb_covers
from kubegap.wording import allowing_every_eviction

CHATWORK = "chatwork-2020-eks-conntrack-overflow-coredns"


REBELMOUSE = "rebelmouse-2025-coredns-pod-loss-dns-degradation"


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
        budgets = open_budgets(ctx.inventory, workload)
        yield (
            f"no PodDisruptionBudget that limits evictions ({allowing_every_eviction(budgets)})"
            if budgets
            else "no PodDisruptionBudget",
            Evidence("PodDisruptionBudget covering the pods", budgets or None),
        )
    if _autoscaled(ctx, workload) is False:
        yield "nothing scales it", Evidence("dns-autoscaler, HPA or VPA targeting it", None)


@check(
    id="coredns-resilience",
    title="Cluster DNS that one lost pod or one query spike can take down",
    severity="high",
    category="dns",
    cases=[ZALANDO, CHATWORK, REBELMOUSE],
    requires=["Deployment"],
    reads=["workloads", "PodDisruptionBudget", *AUTOSCALER_KINDS, "VerticalPodAutoscaler"],
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
    deployments = cluster_dns(ctx.inventory)
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
