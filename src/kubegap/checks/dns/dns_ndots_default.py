"""``dns-ndots-default``: Large Service-backed workloads resolving external names with the default ndots:5."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.dns._helpers import ZALANDO
from kubegap.domain.resources import as_list, dig, namespace
from kubegap.domain.services import service_workloads


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
