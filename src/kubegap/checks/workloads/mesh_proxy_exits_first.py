"""``mesh-proxy-exits-first``: Istio-injected pods with a long shutdown whose proxy exits after its default drain."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.workloads._helpers import EXPONEA, PROXY, _native_sidecar_seen
from kubegap.domain.meshes import injection
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import containers, dig
from kubegap.domain.workloads import audited_workloads

PROXY_CONFIG = "proxy.istio.io/config"


DRAIN_SETTINGS = ("terminationDrainDuration", "EXIT_ON_ZERO_ACTIVE_CONNECTIONS")
"""Istio proxy settings that keep the proxy up while the application shuts down."""


MESH_CONFIGMAPS = (("istio-system", "istio"), ("istio-system", "istio-sidecar-injector"))


DEFAULT_GRACE_SECONDS = 30


def _drains(ctx: Context, workload: Workload, template: PodTemplate) -> str | None:
    """How the proxy is kept up during shutdown, or None when nothing visible does it."""
    config = template.annotations.get(PROXY_CONFIG, "")
    if any(setting in config for setting in DRAIN_SETTINGS):
        return f"annotation {PROXY_CONFIG}"
    for _, container in containers(template.spec):
        if container.get("name") == PROXY and dig(container, "lifecycle", "preStop"):
            return "an istio-proxy preStop hook in the pod template"
    for ns, cm_name in MESH_CONFIGMAPS:
        configmap = ctx.inventory.get("ConfigMap", ns, cm_name)
        data = configmap.get("data") if configmap else None
        if isinstance(data, dict) and any(
            isinstance(v, str) and any(s in v for s in DRAIN_SETTINGS) for v in data.values()
        ):
            return f"mesh-wide configuration in ConfigMap {ns}/{cm_name}"
    return "a native-sidecar proxy in its pods" if _native_sidecar_seen(ctx, workload) else None


@check(
    id="mesh-proxy-exits-first",
    title="Istio-injected pods with a long shutdown whose proxy exits after its default drain",
    severity="medium",
    category="workloads",
    cases=[EXPONEA],
    reads=[
        "workloads",
        "Deployment",
        "StatefulSet",
        "ReplicaSet",
        "ReplicationController",
        "Rollout",
        "DaemonSet",
        "Namespace",
        "Pod",
        "ConfigMap",
    ],
    precision="medium",
    fix=(
        "Keep the proxy up until the application has finished: set proxy.istio.io/config with "
        "terminationDrainDuration at least as long as the application's shutdown (or the proxy environment "
        'EXIT_ON_ZERO_ACTIVE_CONNECTIONS: "true"), or run Istio\'s proxy as a native sidecar, which Kubernetes stops '
        "after the application."
    ),
)
def mesh_proxy_exits_first(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Long-running workloads whose pods Istio injects with its proxy (as for `mesh-sidecar-blocks-job`)
    and that give their pods more than the default 30 seconds to shut down
    (`terminationGracePeriodSeconds`), when nothing visible keeps the proxy up meanwhile: no
    `terminationDrainDuration` or `EXIT_ON_ZERO_ACTIVE_CONNECTIONS` in the pod's
    `proxy.istio.io/config` annotation or in the mesh configuration (`istio-system/istio` or
    `istio-sidecar-injector` ConfigMaps), no `preStop` hook on an `istio-proxy` container in the
    template, and no native-sidecar proxy (an `istiod` Deployment with `ENABLE_NATIVE_SIDECARS=true`,
    or `istio-proxy` as a restarting init container in the live pods). Batch workloads are judged by
    `mesh-sidecar-blocks-job` instead.

    ## Why it matters

    On SIGTERM the injected proxy drains for `terminationDrainDuration`, 5 seconds by default, and
    exits; whatever the application still sends or answers after that fails. When Exponea integrated Istio
    on GKE, the sidecar shut down before the application did.

    ## Severity

    Always **medium**: requests in flight at shutdown fail, around each termination.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      template:
        spec:
          terminationGracePeriodSeconds: 120    # the mailer finishes its batch on SIGTERM
    ```

    ## Fix

    ```yaml
      template:
        metadata:
          annotations:
            proxy.istio.io/config: |
              terminationDrainDuration: 120s
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if not workload.serves_traffic:
            continue
        for template in workload.templates:
            grace = template.spec.get("terminationGracePeriodSeconds")
            if not isinstance(grace, int) or isinstance(grace, bool) or grace <= DEFAULT_GRACE_SECONDS:
                continue  # asked first: most pods keep the default, and injection reads labels and annotations
            ns = workload.ref.namespace
            why = injection(ctx.inventory.get("Namespace", None, ns) if ns else None, template)
            if why is None:
                continue
            if _drains(ctx, workload, template) is not None:
                continue
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} {workload.ref.name} gives its pods {grace} s to shut down, but Istio's injected proxy "
                f"({why}) drains for 5 s by default and exits: the application loses its connections while it is "
                "still finishing.",
                Evidence(f"{template.path}.spec.terminationGracePeriodSeconds", grace),
                Evidence(
                    f"{template.path}.metadata.annotations[{PROXY_CONFIG}]", template.annotations.get(PROXY_CONFIG)
                ),
            )
            break
