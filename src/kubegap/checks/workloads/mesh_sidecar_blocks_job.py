"""``mesh-sidecar-blocks-job``: Jobs injected with the Istio proxy and no way to stop it."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.workloads._helpers import EXPONEA, _native_sidecar_seen
from kubegap.domain.containers import container_name
from kubegap.domain.meshes import INJECT, injection, template_choice
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import command_words, containers, name
from kubegap.domain.workloads import audited_workloads

STOP_WORD = "quitquitquit"
"""The Istio proxy's shutdown endpoint a job calls when it is done (``curl -XPOST .../quitquitquit``)."""


def stops_proxy(template: PodTemplate) -> bool:
    """Whether a container's command or arguments call the proxy's shutdown endpoint."""
    return any(STOP_WORD in word for _, container in containers(template.spec) for word in command_words(container))


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
                Evidence(f"{template.path}.metadata.labels[{INJECT}]", template_choice(template)),
            )
            break
