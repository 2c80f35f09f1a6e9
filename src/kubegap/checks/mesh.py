"""Service-mesh sidecars and the pod lifecycle: a proxy that outlives a batch pod, or leaves a service too early."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import audited_workloads, container_name
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.podtemplates import PodTemplate, Workload, pod_templates
from kubegap.resources import as_list, command_words, containers, dig, labels, name
from kubegap.tokens import words

EXPONEA = "exponea-2019-istio-integration-breaks-jobs-statefulsets-shutdowns"
INJECT = "sidecar.istio.io/inject"
PROXY = "istio-proxy"
STOP_WORD = "quitquitquit"
"""The Istio proxy's shutdown endpoint a job calls when it is done (``curl -XPOST .../quitquitquit``)."""


def _template_choice(template: PodTemplate) -> str | None:
    """``"true"``/``"false"`` when the pod template opts in or out of injection (label or annotation)."""
    for source in (template.labels, template.annotations):
        value = source.get(INJECT)
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower()
    return None


def injection(namespace_obj: dict | None, template: PodTemplate) -> str | None:
    """Why Istio injects its proxy into pods of this template, or None when it does not (as far as can be seen)."""
    choice = _template_choice(template)
    if choice == "false":
        return None
    if choice == "true":
        return f'pod template {INJECT}: "true"'
    namespace_labels = labels(namespace_obj) if namespace_obj else {}
    if namespace_labels.get("istio-injection") == "enabled":
        return "namespace label istio-injection: enabled"
    if namespace_labels.get("istio-injection") != "disabled" and namespace_labels.get("istio.io/rev"):
        return f"namespace label istio.io/rev: {namespace_labels['istio.io/rev']}"
    return None


def stops_proxy(template: PodTemplate) -> bool:
    """Whether a container's command or arguments call the proxy's shutdown endpoint."""
    return any(STOP_WORD in word for _, container in containers(template.spec) for word in command_words(container))


NATIVE_SIDECARS = "ENABLE_NATIVE_SIDECARS"
"""The istiod setting that injects the proxy as a Kubernetes native sidecar."""


def _native_sidecars_meshwide(ctx: Context) -> bool:
    """Whether an istiod Deployment injects the proxy as a native sidecar (``ENABLE_NATIVE_SIDECARS=true``)."""
    for deployment in ctx.inventory.of_kind("Deployment"):
        if "istiod" not in words(name(deployment)):
            continue
        for template in pod_templates(deployment):
            for _, container in containers(template.spec):
                for variable in as_list(container.get("env")):
                    if dig(variable, "name") == NATIVE_SIDECARS and str(dig(variable, "value")).lower() == "true":
                        return True
    return False


def _native_sidecar_seen(ctx: Context, workload: Workload) -> bool:
    """Whether the proxy runs as a native sidecar: set mesh-wide on istiod, or seen in a live pod of the workload."""
    if _native_sidecars_meshwide(ctx):
        return True
    for pod in ctx.inventory.pods_of(workload.obj):
        for container in as_list(dig(pod, "spec", "initContainers")):
            if dig(container, "name") == PROXY and dig(container, "restartPolicy") == "Always":
                return True
    return False


@check(
    id="mesh-sidecar-blocks-job",
    title="Jobs injected with the Istio proxy and no way to stop it",
    severity="medium",
    category="workloads",
    cases=[EXPONEA],
    reads=["workloads", "Job", "CronJob", "Namespace", "Pod", "Deployment"],
    precision="medium",
    fix=(
        "Keep the proxy out of batch pods that need no mesh traffic (label the pod template "
        'sidecar.istio.io/inject: "false"); where the job needs the mesh, run Istio\'s proxy as a native sidecar '
        "(Istio's native-sidecar mode, on Kubernetes 1.29 or later, where native sidecars are on by default), or end "
        "the job's command by stopping the proxy (curl -fsS -XPOST http://127.0.0.1:15020/quitquitquit)."
    ),
)
def mesh_sidecar_blocks_job(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Jobs and CronJobs whose pods Istio injects with its proxy and that have no way to stop it. A pod
    is injected when its template is labelled (or annotated) `sidecar.istio.io/inject: "true"`, or
    when its namespace is labelled `istio-injection: enabled` or `istio.io/rev: <revision>` and the
    template does not opt out with `sidecar.istio.io/inject: "false"`. A container whose command or
    arguments call the proxy's `quitquitquit` endpoint stops it, and is not reported; nor is a Job
    whose proxy runs as a native sidecar (which Kubernetes ends with the job): when an `istiod`
    Deployment sets `ENABLE_NATIVE_SIDECARS=true`, or the Job's live pods run `istio-proxy` as an
    init container with `restartPolicy: Always`. Where neither is visible the mode is unknown,
    hence the medium precision. Without Namespaces,
    only the template's own label is seen. Finished Jobs and Helm test hooks are not reported.

    ## Why it matters

    The injected proxy is a server that never exits, and a Job's pod completes only when all of its
    containers have: the job's program ends, the proxy keeps running, and the Job never completes
    (a CronJob that forbids concurrent runs then never starts again). When Exponea integrated Istio
    on GKE, Jobs did not complete because the sidecar ran forever; an Istio issue of the time
    reports the same and offers turning injection off for the Job's pods as a workaround.

    ## Severity

    Always **medium**: the Job never completes, which blocks what waits on it, not the cluster.

    ## Example

    ```yaml
    kind: Namespace
    metadata: {name: batch, labels: {istio-injection: enabled}}
    ---
    kind: Job
    metadata: {name: nightly-report, namespace: batch}
    spec:
      template:
        spec:
          containers: [{name: report, image: example/report:2.1}]
    ```

    ## Fix

    ```yaml
    kind: Job
    spec:
      template:
        metadata:
          labels: {sidecar.istio.io/inject: "false"}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if workload.kind not in ("Job", "CronJob"):
            continue
        namespace_obj = ctx.inventory.get("Namespace", None, workload.ref.namespace) if workload.ref.namespace else None
        for template in workload.templates:
            why = injection(namespace_obj, template)
            if why is None or stops_proxy(template) or _native_sidecar_seen(ctx, workload):
                continue
            programs = ", ".join(container_name(c) for _, c in containers(template.spec, init=False))
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} {name(workload.obj)} gets Istio's proxy injected ({why}) and nothing stops it: when "
                f"{programs} finishes, the proxy keeps the pod running and the Job never completes.",
                Evidence("injected_by", why),
                Evidence(f"{template.path}.metadata.labels[{INJECT}]", _template_choice(template)),
            )
            break


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
