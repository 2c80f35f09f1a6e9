"""``host-network-dns-policy``: Host-network pods that use cluster DNS names without dnsPolicy ClusterFirstWithHostNet."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import container_name, spec_path
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS, PodTemplate
from kubegap.domain.resources import as_list, command_words, containers, dig, name, namespace
from kubegap.domain.workloads import audited_workloads

SYSDIG = "sysdig-2021-agent-daemonsets-host-network-dns-policy"


_CLUSTER_NAME = re.compile(
    r"[a-z0-9]([-a-z0-9.]*[a-z0-9])?\.svc(\.cluster\.local)?(?![-a-z0-9])|\.cluster\.local(?![-a-z0-9])"
)


def _words(container: dict) -> list[str]:
    return command_words(container) + [
        v for e in as_list(container.get("env")) if isinstance(v := dig(e, "value"), str)
    ]


def _service_pattern(service_name: str) -> re.Pattern:
    """A Service's short name used as a host: ``scheme://name``, ``name:port`` or ``name/path``."""
    quoted = re.escape(service_name)
    return re.compile(rf"(://{quoted}(?=[:/]|$))|((^|[=,\s@]){quoted}:\d+)")


def service_patterns(ctx: Context) -> Callable[[str | None], list[re.Pattern]]:
    """The host patterns of the named Services of a namespace, each namespace's compiled when first asked."""
    by_namespace: dict[str | None, list[dict]] = {}
    for service in ctx.inventory.of_kind("Service"):
        if name(service):
            by_namespace.setdefault(namespace(service), []).append(service)
    compiled: dict[str | None, list[re.Pattern]] = {}

    def patterns(ns: str | None) -> list[re.Pattern]:
        if ns not in compiled:
            compiled[ns] = [_service_pattern(name(s)) for s in by_namespace.get(ns, [])]
        return compiled[ns]

    return patterns


def cluster_names(template: PodTemplate, services: list[re.Pattern]) -> list[tuple[str, str]]:
    """``(container, word)`` where a container names a cluster DNS name or one of a namespace's ``services`` as a host."""
    found = []
    for _, container in containers(template.spec):
        for word in _words(container):
            if _CLUSTER_NAME.search(word) or any(p.search(word) for p in services):
                found.append((container_name(container), word))
                break
    return found


@check(
    id="host-network-dns-policy",
    title="Host-network pods that use cluster DNS names without dnsPolicy ClusterFirstWithHostNet",
    severity="medium",
    category="dns",
    cases=[SYSDIG],
    reads=["workloads", "Service", *BUILTIN_CONTROLLERS, *sorted(TRAINING_KINDS), "Pod"],
    fix=(
        "Set dnsPolicy: ClusterFirstWithHostNet on pods that run with hostNetwork: true and resolve Services, so "
        "that they query the cluster DNS instead of the node's resolvers."
    ),
)
def host_network_dns_policy(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Pod templates with `hostNetwork: true` and `dnsPolicy` unset or `ClusterFirst` whose containers
    name a cluster DNS name (`*.svc`, `*.svc.cluster.local`) or a Service of their own namespace as
    a host (`http://<service>`, `<service>:<port>`) in their command, arguments or environment
    values. Kubernetes documents that a pod on the host network with `ClusterFirst` falls back to the
    `Default` policy, the node's resolvers, which know nothing of Services. Pods that name no such
    host (node agents that only talk to IP addresses or the API server) are not reported.

    ## Why it matters

    Sysdig's agent DaemonSets ran on the host network with the default DNS policy; a user reported
    that they had problems resolving Kubernetes Service names, and Sysdig added `dnsPolicy:
    ClusterFirstWithHostNet` to every DaemonSet affected. The same setting was the answer that closed
    a 2019 Kubernetes DNS issue whose host-network Deployments could not resolve Services by name.

    ## Severity

    Always **medium**: the pods cannot resolve Service names, so whatever they reach by name fails, on
    every node they run on.

    ## Example

    ```yaml
    spec:
      hostNetwork: true
      containers:
      - name: agent
        env: [{name: COLLECTOR, value: collector.monitoring.svc.cluster.local}]
    ```

    ## Fix

    ```yaml
    spec:
      hostNetwork: true
      dnsPolicy: ClusterFirstWithHostNet
    ```
    """
    services = None
    for workload in audited_workloads(ctx.inventory):
        for template in workload.templates:
            spec = template.spec
            if spec.get("hostNetwork") is not True or spec.get("dnsPolicy", "ClusterFirst") != "ClusterFirst":
                continue
            services = services or service_patterns(ctx)  # Services are only read once a host-network pod needs them
            found = cluster_names(template, services(workload.ref.namespace))
            if not found:
                continue
            container, word = found[0]
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} {workload.ref.name} runs on the host network with dnsPolicy "
                f"{spec.get('dnsPolicy', 'ClusterFirst (default)')}, yet container {container} names the cluster host "
                f"{word[:120]!r}: it resolves names through the node's resolvers, which do not know Services.",
                Evidence(spec_path(template, "dnsPolicy"), spec.get("dnsPolicy")),
                Evidence("cluster_names", [f"{c}: {w[:120]}" for c, w in found]),
            )
            break
