"""Networking checks: Services with too few endpoints, kube-proxy's connection-tracking limits."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.absence import RBAC_KINDS, empty_said, missing_said
from kubegap.checks._common import kube_proxy_configurations, kube_proxy_flags, pod_sources, service_workloads
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, backend_service, ingress_backends, serving
from kubegap.inventory import Inventory
from kubegap.podsources import KINDS as pod_source_kinds
from kubegap.podsources import PodSources, describe
from kubegap.resources import api_version, as_list, containers, dig, label, name, namespace
from kubegap.selectors import Selector

CHATWORK = "chatwork-2020-eks-conntrack-overflow-coredns"
MONZO = "monzo-2017-linkerd-null-endpoints-payments-outage"

SERVICE_NAME_LABEL = "kubernetes.io/service-name"


class ReadyEndpoints:
    """Ready endpoints per Service, from EndpointSlices or else Endpoints, indexed once."""

    def __init__(self, inventory: Inventory):
        self.inventory = inventory
        self._slices: dict[tuple[str | None, str], list[dict]] = {}
        for endpoint_slice in inventory.of_kind("EndpointSlice"):
            service = label(endpoint_slice, SERVICE_NAME_LABEL)
            if service:
                self._slices.setdefault((namespace(endpoint_slice), service), []).append(endpoint_slice)
        self._slices_collected = inventory.collected("EndpointSlice")

    def recorded(self, ns: str | None, service: str) -> bool:
        """Whether the Service's endpoints are known: listed from a cluster or snapshot (a closed world, where a
        Service without any has none), or present in the input."""
        return (
            self.inventory.closed("EndpointSlice", ns)
            or self.inventory.closed("Endpoints", ns)
            or (ns, service) in self._slices
            or self.inventory.get("Endpoints", ns, service) is not None
        )

    def ready(self, ns: str | None, service: str) -> int | None:
        """How many endpoints are ready (a missing ``ready`` condition means ready); None when unknown."""
        if not self.recorded(ns, service):
            return None
        if self._slices_collected:
            count = 0
            for endpoint_slice in self._slices.get((ns, service), []):
                for endpoint in as_list(endpoint_slice.get("endpoints")):
                    if isinstance(endpoint, dict):
                        conditions = endpoint.get("conditions")
                        count += not (isinstance(conditions, dict) and conditions.get("ready") is False)
            return count
        if self.inventory.collected("Endpoints"):
            endpoints = self.inventory.get("Endpoints", ns, service)
            return sum(len(as_list(dig(s, "addresses"))) for s in as_list(dig(endpoints, "subsets")))
        return None


def _planned_pods(sources: PodSources, ns: str | None, selector: Selector) -> tuple[int, list[str]] | None:
    """Pods the selected pod sources ask for, and which objects; None when that cannot be known."""
    if not sources.in_namespace(ns):
        return None
    selected = sources.select(ns, selector)
    if any(s.replicas is None for s in selected):
        return None  # a DaemonSet runs as many pods as eligible nodes
    return sum(s.replicas for s in selected), describe(selected)


@check(
    id="service-endpoints-thin",
    title="Service with no ready endpoint, or only one",
    severity="medium",
    category="networking",
    cases=[MONZO],
    requires=["Service"],
    reads=["workloads", "EndpointSlice", "Endpoints", *pod_source_kinds, *RBAC_KINDS, *SERVING_EVIDENCE_KINDS],
    fix=(
        "Delete Services nothing serves any more, fix the selector of a Service that selects nothing, "
        "and run at least two ready replicas behind Services that clients depend on."
    ),
)
def service_endpoints_thin(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Services with a selector (not ExternalName, not hand-managed endpoints). Where its endpoints
    are known (EndpointSlices or Endpoints listed from a cluster or snapshot, or present in the
    input for this Service): those with no ready endpoint, or exactly one. Otherwise, judged
    against the workload pod templates of its namespace (with the labels their controllers add,
    such as a StatefulSet's pod names; a label whose value the input cannot tell counts as possibly
    matching): reported when none of them could match, or only workloads scaled to zero replicas,
    and the input proves that nothing else makes its pods (see Evidence rules in the docs): a
    template that misses the selector by one near-miss label, or a namespace whose pods only its
    workloads can create (no workload allowed to create pods or workloads there, no custom resource
    whose controller the input does not run). Otherwise, and when its namespace has neither
    endpoints nor any workload, the Service is not judged, and coverage says so.

    ## Why it matters

    On 27 October 2017 Monzo's payments failed for about an hour and a half. The day before, a new
    service had been scaled down to zero replicas but left in place as a Kubernetes Service. When
    linkerd, which routes traffic between Monzo's microservices, was restarted, it could not handle
    how Kubernetes 1.6 and later represent a Service with no endpoints and failed to start, taking
    routing down for the whole platform; deleting the empty Services ended the outage.

    ## Severity

    **medium** for a Service that may carry client traffic: with no ready endpoint its clients fail now,
    with one they fail with that pod. **low** for a Service whose every port is a metrics, profiling,
    health, debug or admin port (see `single-replica`): monitoring loses a target, no client fails.

    ## Example

    ```yaml
    kind: Service
    metadata: {name: ledger-v2}
    spec: {selector: {app: ledger-v2}}
    ---
    kind: Deployment
    metadata: {name: ledger-v2}
    spec: {replicas: 0}
    ```

    ## Fix

    ```text
    kubectl delete service ledger-v2      # nothing serves it any more
    or scale the Deployment to 2+ ready replicas
    ```
    """
    endpoints = ReadyEndpoints(ctx.inventory)
    for service in ctx.inventory.of_kind("Service"):
        if dig(service, "spec", "type") == "ExternalName":
            continue
        ns, service_name = namespace(service), name(service)
        ready = endpoints.ready(ns, service_name)
        if ready is not None and ready > 1:
            continue  # nothing to report, whatever the selector: most Services are not read further
        selector = Selector.from_map(dig(service, "spec", "selector"))
        if selector is None:
            continue
        severity = None if _carries_clients(ctx, service) else "low"
        if ready is not None:  # none or one
            yield ctx.finding(
                service,
                f"Service has {'no ready endpoint' if ready == 0 else 'only one ready endpoint'}"
                + (" (its ports only serve metrics, profiling, health, debug or admin requests)." if severity else "."),
                Evidence("ready endpoints", ready),
                Evidence("spec.selector", str(selector)),
                severity=severity,
            )
            continue
        sources = pod_sources(ctx.inventory)  # worked out only when some Service's endpoints are unknown
        planned = _planned_pods(sources, ns, selector)
        if planned is None or planned[0] != 0:
            continue
        how = empty_said(ctx, service, ns, selector, sources.labelled(ns))
        if how is None:
            continue
        yield ctx.finding(
            service,
            f"Service selects no pods: no workload in its namespace runs pods it matches{how}."
            if not planned[1]
            else f"Service selects only workloads scaled to zero replicas{how}.",
            Evidence("spec.selector", str(selector)),
            Evidence("selected workloads", planned[1] or None),
            severity=severity,
        )


def _carries_clients(ctx: Context, service: dict) -> bool:
    """Whether a Service may carry client traffic: a port not known as a metrics, profiling, health, debug
    or admin port (a headless Service's pod names are client traffic too), or the API server's."""
    ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
    return not ports or bool(serving(ctx.inventory).client_ports(service))


FLAGS = {
    "--conntrack-max-per-core": "maxPerCore",
    "--conntrack-min": "min",
    "--conntrack-tcp-timeout-established": "tcpEstablishedTimeout",
}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)(h|ms|m|s)")
_SECONDS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


def duration_seconds(value) -> float | None:
    """A Go duration (``24h0m0s``) in seconds; None when it is not one."""
    if not isinstance(value, str) or not value:
        return None
    parts = _DURATION.findall(value)
    if not parts or "".join(n + u for n, u in parts) != value:
        return None
    return sum(float(number) * _SECONDS[unit] for number, unit in parts)


def _integer(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def _configmap_settings(ctx: Context) -> Iterator[tuple[dict, str, dict]]:
    """``(object, where, conntrack settings)`` from kube-proxy ConfigMaps holding a KubeProxyConfiguration."""
    for configmap, key, config in kube_proxy_configurations(ctx.inventory):
        if isinstance(config.get("conntrack"), dict):
            yield configmap, f"data.{key}: conntrack", config["conntrack"]


def _flag_settings(ctx: Context) -> Iterator[tuple[dict, str, dict]]:
    """Conntrack settings passed as flags to a kube-proxy DaemonSet."""
    for daemonset, where, flags in kube_proxy_flags(ctx.inventory):
        settings = {FLAGS[flag]: value for flag, value in flags.items() if flag in FLAGS}
        if settings:
            yield daemonset, where, settings


def _risks(ctx: Context, settings: dict) -> Iterator[str]:
    per_core = _integer(settings.get("maxPerCore"))
    if per_core is not None and 0 < per_core < ctx.setting("min_max_per_core"):
        yield f"maxPerCore {per_core} < {ctx.setting('min_max_per_core')}"
    minimum = _integer(settings.get("min"))
    if minimum is not None and minimum < ctx.setting("min_conntrack_min"):
        yield f"min {minimum} < {ctx.setting('min_conntrack_min')}"
    established = duration_seconds(settings.get("tcpEstablishedTimeout"))
    if established is not None and established > ctx.setting("max_established_timeout_seconds"):
        yield f"tcpEstablishedTimeout {settings['tcpEstablishedTimeout']} keeps idle entries longer than 24h"


@check(
    id="conntrack-settings",
    title="kube-proxy sizes the nodes' conntrack table below its own defaults",
    severity="medium",
    category="networking",
    cases=[CHATWORK],
    reads=["ConfigMap", "DaemonSet"],
    defaults={"min_max_per_core": 32768, "min_conntrack_min": 131072, "max_established_timeout_seconds": 86400},
    fix=(
        "Raise kube-proxy's conntrack settings (conntrack.maxPerCore and conntrack.min in the "
        "KubeProxyConfiguration, or --conntrack-max-per-core / --conntrack-min) to at least the upstream "
        "defaults of 32768 and 131072, and watch nf_conntrack_count against nf_conntrack_max on the nodes."
    ),
)
def conntrack_settings(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    kube-proxy's connection-tracking settings where they are visible: the KubeProxyConfiguration in
    the `kube-system/kube-proxy` (or `kube-proxy-config`) ConfigMap, or `--conntrack-*` flags on the
    `kube-system/kube-proxy` DaemonSet. It reports `maxPerCore` below `min_max_per_core` (default
    32768; 0 means kube-proxy leaves the kernel's value alone and is not judged), `min` below
    `min_conntrack_min` (default 131072), and `tcpEstablishedTimeout` above
    `max_established_timeout_seconds` (default 24h). Skipped when no kube-proxy configuration is
    visible.

    ## Why it matters

    At Chatwork, after moving a system onto a multi-tenant EKS cluster, the conntrack tables of the
    nodes hosting CoreDNS filled up and application connections were dropped. The nodes'
    conntrack maximum was not the default value but one written by kube-proxy, so Chatwork raised it
    through kube-proxy's own configuration, setting maxPerCore to 32768 and min to 131072.

    ## Severity

    Always **medium**: connections are dropped only when the table fills, on the busiest nodes first.

    ## Example

    ```yaml
    apiVersion: kubeproxy.config.k8s.io/v1alpha1
    kind: KubeProxyConfiguration
    conntrack:
      maxPerCore: 8192
      min: 32768
    ```

    ## Fix

    ```yaml
    conntrack:
      maxPerCore: 32768
      min: 131072
    ```
    """
    sources = [*_configmap_settings(ctx), *_flag_settings(ctx)]
    if not sources:
        raise Skip(
            "no kube-proxy conntrack configuration visible (kube-system/kube-proxy ConfigMap or DaemonSet flags)"
        )
    for obj, where, settings in sources:
        risks = list(_risks(ctx, settings))
        if risks:
            yield ctx.finding(
                obj,
                f"kube-proxy sets the nodes' connection tracking too tight: {'; '.join(risks)}.",
                Evidence(
                    where, {k: settings[k] for k in ("maxPerCore", "min", "tcpEstablishedTimeout") if k in settings}
                ),
            )


OPENBANK = "openbank-2026-ingress-backend-service-wrong-namespace-503"
MICROK8S = "microk8s-2018-ingress-default-backend-targetport-mismatch"
VERRAZZANO = "verrazzano-2022-upgrade-merged-networkpolicy-selector-matches-no-pods"


def _pre_v1_fields_in_v1(ingress: dict, path: str, backend: dict) -> bool:
    """Whether a networking.k8s.io/v1 Ingress uses fields only the v1beta1 API had."""
    if api_version(ingress) != "networking.k8s.io/v1" or "service" in backend or "resource" in backend:
        return False
    return path == "spec.backend" or "serviceName" in backend or "servicePort" in backend


def _pre_v1_problem(path: str, backend: dict) -> str:
    if path == "spec.backend":
        return (
            "spec.backend is not a networking.k8s.io/v1 field (v1 calls it spec.defaultBackend), so the API server "
            "drops it and the Ingress has no default backend"
        )
    fields = " and ".join(f for f in ("serviceName", "servicePort") if f in backend)
    return (
        f"{path} uses {fields}, which networking.k8s.io/v1 does not have, so it names no Service and the API server "
        "rejects the Ingress (resource or service backend is required)"
    )


def _backend_problem(service: dict, service_name: str, port) -> str | None:
    """What is wrong with the port of an existing Service backend and what follows from it; None when it resolves."""
    ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
    number, port_name = dig(port, "number"), dig(port, "name")
    if number is None and port_name is None:
        return (
            f"the backend names no port of Service {service_name}, so the API server rejects the Ingress "
            "(port name or number is required)"
        )
    if isinstance(number, int) and not isinstance(number, bool) and number not in [p.get("port") for p in ports]:
        return f"Service {service_name} has no port {number}, so requests to it get 503"
    if isinstance(port_name, str) and port_name not in {p.get("name") for p in ports if isinstance(p.get("name"), str)}:
        return f"Service {service_name} has no port named {port_name}, so requests to it get 503"
    return None


@check(
    id="ingress-backend-missing",
    title="Ingress routing to a Service or port that does not exist",
    severity="high",
    category="networking",
    cases=[OPENBANK],
    requires=["Ingress", "Service"],
    reads=[*RBAC_KINDS, "workloads"],
    fix=(
        "Point every Ingress backend at a Service in the Ingress's own namespace, by a port it exposes; "
        "to reach a Service elsewhere, add an ExternalName Service beside the Ingress or move the Ingress; "
        "in networking.k8s.io/v1 write backends as service: {name, port: {number or name}}. "
        "Probe public paths from outside the cluster."
    ),
)
def ingress_backend_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Ingress backends (`defaultBackend` and every rule path; `networking.k8s.io/v1` and the old
    `serviceName`/`servicePort` form) whose Service does not exist in the Ingress's namespace, that
    name no port, or whose Service does not expose the port they name (by number or by name). A
    `networking.k8s.io/v1` Ingress written with the old fields, which v1 does not have, is
    reported too: a rule backend with only `serviceName`/`servicePort` names no Service, and the
    API server rejects the Ingress; a `spec.backend` (v1: `spec.defaultBackend`) is dropped.
    Backends that name a resource instead of a Service are not judged; skipped unless Ingresses
    and Services were both collected. That a Service does not exist is known from a cluster or
    snapshot that listed Services; in manifests only from positive evidence (see Evidence rules in
    the docs): a Service of that name in another namespace only, a near-miss name, or files beside
    the Ingress that define the namespace's Services while nothing in the input could create one.
    Otherwise the backend is not judged, and coverage says so. One finding per Ingress, with every broken backend in the
    evidence.

    ## Why it matters

    On OpenBank's public sandbox the /api/v1/balances path returned HTTP 503 for roughly 60 days: the
    Ingress in the accounts namespace named a Service balance-service, which lives in the balances
    namespace, and an Ingress backend can only refer to a Service in its own namespace. Every health
    signal stayed green, because the Service itself was healthy, in-cluster callers used its full DNS
    name, and the Ingress reported Synced/Healthy throughout.

    ## Severity

    Always **high**: the path returns errors to every client, while everything inside the cluster looks
    healthy.

    ## Example

    ```yaml
    kind: Ingress
    metadata: {name: accounts-api, namespace: accounts}
    spec:
      rules:
      - http:
          paths:
          - path: /api/v1/balances
            pathType: Prefix
            backend: {service: {name: balance-service, port: {number: 8103}}}   # lives in "balances"
    ```

    ## Fix

    ```yaml
    kind: Service
    metadata: {name: balance-service, namespace: accounts}
    spec: {type: ExternalName, externalName: balance-service.balances.svc.cluster.local}
    ```
    """
    for ingress in ctx.inventory.of_kind("Ingress"):
        ns = namespace(ingress)
        problems: list[tuple[str, Evidence]] = []
        for path, backend in ingress_backends(ingress):
            if _pre_v1_fields_in_v1(ingress, path, backend):
                problems.append((_pre_v1_problem(path, backend), Evidence(path, backend)))
                continue
            service_name = backend_service(backend)
            if service_name is None:
                continue
            port = dig(backend, "service", "port")
            if port is None and dig(backend, "servicePort") is not None:
                old = dig(backend, "servicePort")
                port = {"number": old} if isinstance(old, int) else {"name": old}
            service = ctx.inventory.get("Service", ns, service_name)
            if service is None:
                how = missing_said(ctx, "Service", ns, service_name, ingress)
                if how is None:
                    continue
                problem = (
                    f"Service {service_name} does not exist in the Ingress's namespace{how}, so requests to it get 503"
                )
            else:
                problem = _backend_problem(service, service_name, port)
            if problem:
                problems.append((problem, Evidence(path, backend)))
        if problems:
            yield ctx.finding(
                ingress,
                f"{'Ingress backend is' if len(problems) == 1 else f'{len(problems)} Ingress backends are'} broken: "
                + "; ".join(problem for problem, _ in problems)
                + ".",
                *(evidence for _, evidence in problems),
            )


def _declared(target, numbers: set[int], names: set[str]) -> bool:
    """Whether a targetPort (number, numeric string or port name) is among the declared ports."""
    if isinstance(target, bool):
        return True  # not a port at all: the API would reject it, nothing to compare
    if isinstance(target, int):
        return target in numbers
    if isinstance(target, str):
        return int(target) in numbers if target.isdigit() else target in names
    return True


def _declared_ports(templates) -> tuple[set[int], set[str]]:
    numbers: set[int] = set()
    names: set[str] = set()
    for template in templates:
        for _, container in containers(template.spec, init=False):
            for port in as_list(container.get("ports")):
                if not isinstance(port, dict):
                    continue
                number, port_name = port.get("containerPort"), port.get("name")
                if isinstance(number, int) and not isinstance(number, bool):
                    numbers.add(number)
                if isinstance(port_name, str):
                    names.add(port_name)
    return numbers, names


@check(
    id="service-target-port-mismatch",
    title="Service targetPort that the selected containers do not declare",
    severity="medium",
    category="networking",
    cases=[MICROK8S],
    requires=["Service"],
    reads=["workloads"],
    fix=(
        "Point each named targetPort at a port name the selected containers declare, or give that name to the "
        "container port that serves it."
    ),
)
def service_target_port_mismatch(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Services whose selector matches workload pod templates in their namespace, and whose
    `targetPort` (the `port` when unset) is a number that none of the selected containers declares
    as a `containerPort`, or a name that none of them declares. Declaring a port is informational
    for numbers (a container may listen on a port it does not declare), so the finding says the
    port is undeclared, not that it is closed, and its fix asks to check what the containers listen
    on before moving a targetPort clients may be reached through; a named targetPort that no
    container declares cannot be resolved at all. Containers that declare no ports at all are not judged, nor are
    Services whose workloads were not collected. One finding per Service, naming every such port.

    ## Why it matters

    The MicroK8s ingress add-on (2018) declared its default-http-backend container on port 8080 while
    the Service in front of it forwarded to port 80, a port the container did not listen on. Every
    user of the add-on inherited the mismatch and got unreachable-upstream errors from nginx until
    the targetPort was changed; Kubernetes does not reject such a mismatch.

    ## Severity

    **medium** for a named `targetPort` that no selected container declares: it cannot be resolved, so
    traffic to that port fails. **low** for an undeclared port number: declaring ports is informational
    for numbers and the container may listen there anyway, so the input shows only that the declaration
    is missing. **low** too for a headless Service's unresolvable name: its clients dial pod addresses
    on ports they know, and only its endpoints and DNS SRV records lack the port.

    ## Example

    ```yaml
    kind: Service
    spec:
      selector: {app: default-http-backend}
      ports: [{port: 80, targetPort: 80}]
    ---
    kind: Deployment
    spec:
      template:
        spec:
          containers: [{name: backend, ports: [{containerPort: 8080}]}]
    ```

    ## Fix

    ```yaml
      ports: [{port: 80, targetPort: 8080}]
    ```
    """
    for service in ctx.inventory.of_kind("Service"):
        selected = service_workloads(ctx.inventory, service)
        numbers, names = _declared_ports(t for w in selected for t in w.templates)
        if not (numbers or names):
            continue
        undeclared = []
        for index, port in enumerate(as_list(dig(service, "spec", "ports"))):
            target = dig(port, "targetPort")
            if target is None:
                target = dig(port, "port")
            if not _declared(target, numbers, names):
                undeclared.append(Evidence(f"spec.ports[{index}].targetPort", target))
        if undeclared:
            declared = ", ".join(str(p) for p in sorted(numbers) + sorted(names))
            named = [str(e.value) for e in undeclared if _is_name(e.value)]
            numbered = [str(e.value) for e in undeclared if not _is_name(e.value)]
            said = []
            headless = dig(service, "spec", "clusterIP") == "None"
            if named:
                said.append(
                    f"targetPort {', '.join(named)} names no port the selected containers declare, so it cannot "
                    + (
                        "be resolved and the Service's endpoints and DNS SRV records carry no such port (a headless "
                        "Service's clients dial pod addresses on ports they know)"
                        if headless
                        else "be resolved and traffic to it fails"
                    )
                )
            if numbered:
                said.append(
                    f"targetPort {', '.join(numbered)} {'is' if len(numbered) == 1 else 'are'} not declared by the "
                    "selected containers (a container may listen on a port it does not declare: the input shows "
                    "only that the declaration is missing)"
                )
            yield ctx.finding(
                service,
                "; ".join(said) + f". They declare {declared}.",
                *undeclared,
                Evidence("declared container ports", sorted(numbers) + sorted(names)),
                Evidence("selected workloads", sorted(str(w.ref) for w in selected)),
                severity=None if named and not headless else "low",
                remediation=None if named else NUMBERED_FIX,
            )


NUMBERED_FIX = (
    "Check what the containers listen on. If they listen on the targetPort, declare it in their ports (with a name, "
    "and point targetPort at the name); if they do not, point targetPort at the port they listen on. Do not change a "
    "targetPort the application is reached on only because it is undeclared."
)


def _is_name(target) -> bool:
    return isinstance(target, str) and not target.isdigit()


@check(
    id="networkpolicy-dangling",
    title="NetworkPolicy whose podSelector selects no pods",
    severity="medium",
    category="networking",
    cases=[VERRAZZANO],
    requires=["NetworkPolicy"],
    reads=["workloads", "Pod", *RBAC_KINDS],
    fix=(
        "Fix the podSelector so it matches the pods' current labels (check after upgrades that change "
        "workload labels or merge selectors), or delete the policy if nothing it protects remains."
    ),
)
def networkpolicy_dangling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    NetworkPolicies with a non-empty `podSelector` that selects no pod in their namespace: judged
    against live pods where a cluster or snapshot listed them, else against the workload pod
    templates of the namespace (with the labels their controllers add; a label whose value the
    input cannot tell counts as possibly matching). A policy that matches no template is reported
    only on evidence that nothing else makes its pods (see Evidence rules in the docs): a template
    that misses it by one near-miss label, or a namespace whose pods only its workloads can create
    (no workload allowed to create pods or workloads there, no custom resource whose controller the
    input does not run); otherwise it is not judged, and coverage says so. Policies in namespaces
    without pods or workloads are not judged; an empty selector (every pod) is never dangling.

    ## Why it matters

    Upgrading Verrazzano to 1.4 replaced the keycloak-mysql NetworkPolicy; Helm merged the old and new
    matchLabels, so the policy required both app=mysql and tier=mysql. The new operator-managed MySQL
    pods had no app label, the policy no longer selected them, it was not applied as intended, and the
    upgrade hung. A policy that selects nothing fails silently.

    ## Severity

    Always **medium**: the rules the policy was written for are not applied, which may leave pods open
    or blocked without anyone knowing.

    ## Example

    ```yaml
    kind: NetworkPolicy
    metadata: {name: keycloak-mysql, namespace: keycloak}
    spec:
      podSelector: {matchLabels: {app: mysql, tier: mysql}}   # the pods only have tier=mysql
    ```

    ## Fix

    ```yaml
    spec:
      podSelector: {matchLabels: {tier: mysql}}
    ```
    """
    sources = None  # worked out only when a policy's namespace has no pods to match
    for policy in ctx.inventory.of_kind("NetworkPolicy"):
        ns = namespace(policy)
        selector = Selector.from_label_selector(dig(policy, "spec", "podSelector"))
        if selector is None or selector.selects_everything:
            continue
        closed = ctx.inventory.closed("Pod", ns)
        if closed and ctx.inventory.pods.in_namespace(ns):
            if ctx.inventory.pods.select(ns, selector):
                continue
            how = ""
        else:
            if sources is None:
                sources = pod_sources(ctx.inventory)
            if not sources.in_namespace(ns) or sources.select(ns, selector):
                continue
            how = empty_said(ctx, policy, ns, selector, sources.labelled(ns))
            if how is None:
                continue
        yield ctx.finding(
            policy,
            f"NetworkPolicy selects no pods{how}: the traffic rules it was written for are not applied to anything.",
            Evidence("spec.podSelector", str(selector)),
        )
