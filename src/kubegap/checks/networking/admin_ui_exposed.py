"""``admin-ui-exposed``: Dashboard or admin tool exposed outside the cluster without a source restriction or auth."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import image_name
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import as_list, containers, dig, name, namespace, str_map
from kubegap.domain.routes import backend_service, ingress_backends
from kubegap.domain.services import service_workloads
from kubegap.domain.tokens import Words

TESLA = "tesla-2018-cryptojacking-unauthenticated-kubernetes-console"


ADMIN_TOOLS = (
    "kubernetes-dashboard",
    "weave-scope",
    "argocd-server",
    "grafana",
    "prometheus",
    "alertmanager",
    "kibana",
    "jupyter",
    "notebook",
    "kubeflow",
    "rancher",
    "portainer",
    "headlamp",
    "kube-ops-view",
    "airflow-web",
    "spark-ui",
)


NOT_A_UI = Words(("exporter", "operator", "adapter"))


INTERNAL_LB_ANNOTATIONS = {
    "service.beta.kubernetes.io/aws-load-balancer-internal": ("true", "0.0.0.0/0"),
    "service.beta.kubernetes.io/aws-load-balancer-scheme": ("internal",),
    "networking.gke.io/load-balancer-type": ("Internal",),
    "cloud.google.com/load-balancer-type": ("Internal",),
    "service.beta.kubernetes.io/azure-load-balancer-internal": ("true",),
}


AUTH_ANNOTATION_HINTS = Words(
    ("auth-url", "auth-type", "auth-signin", "auth-secret", "source-range", "oauth", "middlewares")
)
"""Words of Ingress annotation keys that put authentication or a source-range limit in front of the backend."""


def _admin_tool(ctx: Context, service: dict, tools: Words) -> str | None:
    """Which well-known admin UI a Service fronts, by its name, selector or selected workloads: their names and the
    programs their regular containers' images are named for (the repository's last part: ``grafana/oncall`` is
    OnCall, published by Grafana Labs, not Grafana)."""
    words = [name(service), *str_map(dig(service, "spec", "selector")).values()]
    for workload in service_workloads(ctx.inventory, service):
        words += [
            workload.ref.name,
            *(image_name(c) for t in workload.templates for _, c in containers(t.spec, init=False)),
        ]
    for word in words:
        if tools.find(word) is not None and NOT_A_UI.find(word) is None:
            return word
    return None


def _internal(service: dict) -> bool:
    found = metadata_annotations(service)
    return any(found.get(key) in values for key, values in INTERNAL_LB_ANNOTATIONS.items())


def _exposed_service(service: dict) -> str | None:
    kind_of = dig(service, "spec", "type")
    if (
        kind_of == "LoadBalancer"
        and not as_list(dig(service, "spec", "loadBalancerSourceRanges"))
        and not _internal(service)
    ):
        return "type LoadBalancer with no loadBalancerSourceRanges"
    if kind_of == "NodePort":
        return "type NodePort (open on every node's address)"
    return None


def _backend_services(ingress: dict) -> set[str]:
    return {s for _, b in ingress_backends(ingress) if (s := backend_service(b))}


@check(
    id="admin-ui-exposed",
    title="Dashboard or admin tool exposed outside the cluster without a source restriction or auth",
    severity="high",
    category="networking",
    cases=[TESLA],
    requires=["Service"],
    reads=["workloads", "Ingress"],
    defaults={"tools": list(ADMIN_TOOLS)},
    fix=(
        "Keep admin consoles off public addresses: a ClusterIP Service reached through kubectl port-forward "
        "or a VPN, an internal load balancer with loadBalancerSourceRanges, or an Ingress that enforces "
        "authentication (an OAuth2 proxy, auth-url annotations) in front of a tool that has its own login."
    ),
)
def admin_ui_exposed(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Services of type LoadBalancer (not internal, no `loadBalancerSourceRanges`) or NodePort, and
    Ingresses without authentication or source-range annotations, that front a well-known
    dashboard or admin tool: kubernetes-dashboard, weave-scope, argocd-server, Grafana, Prometheus,
    Alertmanager, Kibana, Jupyter and other notebook servers, Kubeflow, Rancher, Portainer and others in the `tools`
    setting, recognised by the Service's name, its selector, or the names of the workloads it selects and of the
    programs their images run (the repository's last part: `grafana/oncall` is OnCall, published by Grafana
    Labs), as words (exporters and operators are not UIs). An Ingress written without a namespace is in the
    install's (`Inventory.install_namespace`), in front of the Services written there or without one.

    ## Why it matters

    In 2018 attackers found a Kubernetes administrative console in Tesla's AWS cloud that was not
    protected by a password, used it to run cryptocurrency mining and hid the activity. A pod in
    the cluster also exposed access credentials for Tesla's AWS environment, which held an S3 bucket
    with sensitive data. The lesson drawn: administrative consoles must never be reachable without
    authentication.

    ## Severity

    Always **high**: an admin console on a public address is reachable by anyone who finds it.

    ## Example

    ```yaml
    kind: Service
    metadata: {name: kubernetes-dashboard, namespace: kubernetes-dashboard}
    spec:
      type: LoadBalancer
      selector: {k8s-app: kubernetes-dashboard}
    ```

    ## Fix

    ```yaml
    spec:
      type: ClusterIP     # reach it with kubectl port-forward, or behind an authenticating proxy
    ```
    """
    tools = Words(t for t in ctx.setting("tools") if isinstance(t, str))
    fronting: dict[int, str] = {}
    for service in ctx.inventory.of_kind("Service"):
        tool = _admin_tool(ctx, service, tools)
        if tool is None:
            continue
        fronting[id(service)] = tool
        exposure = _exposed_service(service)
        if exposure:
            yield ctx.finding(
                service,
                f"Admin UI ({tool}) is exposed: {exposure}.",
                Evidence("spec.type", dig(service, "spec", "type")),
                Evidence("spec.loadBalancerSourceRanges", dig(service, "spec", "loadBalancerSourceRanges")),
            )
    for ingress in ctx.inventory.of_kind("Ingress"):
        guarded = [k for k in metadata_annotations(ingress) if AUTH_ANNOTATION_HINTS.find(k) is not None]
        # the Services its backends name, as the inventory finds them: an object written without a namespace is in
        # the install's
        behind = [ctx.inventory.get("Service", namespace(ingress), s) for s in _backend_services(ingress)]
        tools_behind = sorted(
            {fronting[id(service)] for service in behind if service is not None and id(service) in fronting}
        )
        if tools_behind and not guarded:
            yield ctx.finding(
                ingress,
                f"Ingress publishes admin UI ({', '.join(tools_behind)}) with no authentication or source-range annotation.",
                Evidence("metadata.annotations", sorted(metadata_annotations(ingress)) or None),
                Evidence("backend services", sorted(_backend_services(ingress))),
            )
