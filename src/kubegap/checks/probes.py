"""Probe checks: readiness gating for Service traffic, liveness that kills too eagerly, probe ports."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import app_containers, audited_workloads, backing_services, container_name
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.resources import as_dict, as_list

GARDENER_READINESS = "gardener-2020-apiserver-no-readiness-probe-rollout-unavailability"
MOZILLA = "mozilla-2017-mdn-db-dependent-probes-cascade"
JFROG = "jfrog-xray-2019-liveness-probe-kills-upgrade-migration"
KUBEFLOW = "kubeflow-2022-pipeline-apiserver-migration-crashloop-no-startup-probe"
PROMXY = "promxy-user-2021-probes-reference-unnamed-port"

HANDLERS = ("httpGet", "tcpSocket", "grpc", "exec")
PROBES = ("livenessProbe", "readinessProbe", "startupProbe")


def handler(probe: dict) -> tuple[str, dict] | None:
    """The probe's action (``httpGet``, ``tcpSocket``, ``grpc`` or ``exec``) and its settings."""
    for field in HANDLERS:
        if isinstance(probe.get(field), dict):
            return field, probe[field]
    return None


def _number(probe: dict, field: str, default: int) -> int:
    value = probe.get(field, default)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


@check(
    id="readiness-probe-missing",
    title="Service-backed containers with no readiness probe",
    severity="medium",
    category="containers",
    cases=[GARDENER_READINESS, "dfds-2022-recalled-eks-ami-kernel-pleg-nodes-flap"],
    requires=["Service"],
    fix=(
        "Give every container that serves a Service's traffic a readinessProbe that checks the container can "
        "answer requests now (an HTTP endpoint that does not depend on downstream services), so Kubernetes "
        "only routes to pods that are ready and stops routing to pods that are not."
    ),
)
def readiness_probe_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers of workloads selected by a Service (same namespace, Service selector matching the
    pod template labels) that have no `readinessProbe`. Batch workloads, Helm test hooks and
    finished Jobs are not reported; init containers are not judged.

    ## Why it matters

    Without a readiness probe a pod counts as ready as soon as its containers start: the Service
    sends it traffic while the application is still starting, and a rolling update deletes old
    pods before the new ones can serve. Every rollout of Gardener's gardener-apiserver made the
    Gardener API briefly unavailable for exactly this reason; because HVPA rewrote the Deployment
    to scale it vertically, those rollouts were frequent, not only on new releases.

    ## Example

    ```yaml
    containers:
    - name: api
      image: example/api:1.4.2
      ports: [{name: http, containerPort: 8080}]    # no readinessProbe
    ```

    ## Fix

    ```yaml
      readinessProbe:
        httpGet: {path: /ready, port: http}
        periodSeconds: 5
    ```
    """
    backed = backing_services(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic or id(workload.obj) not in backed:
            continue
        evidence = [
            Evidence(f"{path}.readinessProbe", {"container": container_name(container)})
            for _, path, container in app_containers(workload)
            if not isinstance(container.get("readinessProbe"), dict)
        ]
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) behind a Service have no readiness probe: traffic reaches them before "
                "they are ready and while they cannot answer.",
                *evidence,
            )


@check(
    id="probes-identical",
    title="Liveness probe identical to the readiness probe",
    severity="medium",
    category="containers",
    cases=[MOZILLA],
    fix=(
        "Make the liveness probe check only that the process is alive and not deadlocked (a cheap local "
        "endpoint), and keep dependency checks in the readiness probe, so a slow dependency takes pods out of "
        "rotation instead of restarting them all."
    ),
)
def probes_identical(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers whose `livenessProbe` and `readinessProbe` use the same action: the same HTTP path
    and port, TCP port, gRPC service or command. Timings are not compared. Probes on different
    endpoints that reach the same dependency inside the application are not visible through the
    API.

    ## Why it matters

    A readiness failure takes a pod out of rotation; a liveness failure restarts it. When both
    probes ask the same question, anything that makes pods briefly unready also restarts them.
    The liveness and readiness endpoints of Kuma, the application behind MDN Web Docs, both went
    through the middleware stack that queried MySQL. On 30 November 2017 a scraper hitting poorly
    optimised queries raised database latency, both probes failed together and the failure
    cascaded into downtime; the probes were removed by hand, and the proposed fix kept only
    readiness dependent on the database.

    ## Example

    ```yaml
    livenessProbe:  {httpGet: {path: /health, port: 8080}}
    readinessProbe: {httpGet: {path: /health, port: 8080}}
    ```

    ## Fix

    ```yaml
    livenessProbe:  {httpGet: {path: /livez, port: 8080}, failureThreshold: 6}
    readinessProbe: {httpGet: {path: /readyz, port: 8080}}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        evidence = []
        for _, path, container in app_containers(workload):
            liveness, readiness = as_dict(container.get("livenessProbe")), as_dict(container.get("readinessProbe"))
            action = handler(liveness)
            if action is not None and action == handler(readiness):
                evidence.append(Evidence(f"{path}.livenessProbe.{action[0]}", action[1]))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) use the same check for liveness and readiness: a dependency blip "
                "restarts every replica.",
                *evidence,
            )


@check(
    id="startup-probe-missing",
    title="Liveness probe timing that kills slow starters, with no startup probe",
    severity="low",
    category="containers",
    cases=[JFROG, KUBEFLOW],
    defaults={"min_startup_seconds": 60},
    fix=(
        "Add a startupProbe with the liveness probe's action and a failureThreshold x periodSeconds that covers "
        "the slowest start you have seen (cold caches, migrations, a loaded node), so the liveness probe only "
        "starts once the application is up."
    ),
)
def startup_probe_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers with a `livenessProbe` and no `startupProbe` whose liveness allows less than
    `min_startup_seconds` (default 60) before the first restart:
    `initialDelaySeconds + periodSeconds x failureThreshold`, with the Kubernetes defaults
    (0, 10 and 3) for unset fields.

    ## Why it matters

    A container that takes longer to start than its liveness probe allows is killed before it is
    up, restarted, and killed again. Upgrading JFrog Xray ran a MongoDB migration that took
    minutes in large installations; the application did not answer its liveness probe meanwhile,
    Kubernetes restarted the pods mid-migration, and the interrupted migration left a lock that
    kept Xray from starting until it was cleared by hand. The Kubeflow Pipelines API server
    crash-looped the same way during a database migration until a startupProbe was added, which
    gives a grace period only while a migration runs.

    ## Example

    ```yaml
    livenessProbe:
      httpGet: {path: /livez, port: 8080}     # restarted after 30 s without an answer
    ```

    ## Fix

    ```yaml
    startupProbe:
      httpGet: {path: /livez, port: 8080}
      periodSeconds: 10
      failureThreshold: 30                    # up to 5 minutes to start
    livenessProbe:
      httpGet: {path: /livez, port: 8080}
    ```
    """
    minimum = ctx.setting("min_startup_seconds")
    for workload in audited_workloads(ctx.inventory):
        evidence = []
        for _, path, container in app_containers(workload):
            liveness = container.get("livenessProbe")
            if not isinstance(liveness, dict) or isinstance(container.get("startupProbe"), dict):
                continue
            budget = _number(liveness, "initialDelaySeconds", 0) + _number(liveness, "periodSeconds", 10) * max(
                _number(liveness, "failureThreshold", 3), 1
            )
            if budget < minimum:
                evidence.append(Evidence(f"{path}.livenessProbe", {"container": container_name(container), "seconds_to_first_restart": budget}))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) are restarted by their liveness probe if they take less than "
                f"{minimum} s to start, and have no startup probe.",
                *evidence,
            )


def _port_names(container: dict) -> set[str]:
    return {p["name"] for p in as_list(container.get("ports")) if isinstance(p, dict) and isinstance(p.get("name"), str)}


@check(
    id="probe-port-undeclared",
    title="Probe targets a named port the container does not declare",
    severity="medium",
    category="containers",
    cases=[PROMXY],
    fix=(
        "Point each probe at a port the container declares: use the name of an entry in ports (or the port "
        "number), and rename probes together with the ports they refer to."
    ),
)
def probe_port_undeclared(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    `httpGet` and `tcpSocket` probes whose port is a name that no entry in the container's `ports`
    has: the kubelet cannot resolve it, so the probe always fails. Probes on a port number are not
    judged, declared or not: `ports` is informational for numbers, and correct upstream manifests
    (CoreDNS probes its undeclared health and ready ports 8080 and 8181) rely on that. gRPC
    probes take numbers only.

    ## Why it matters

    The API server accepts a probe on a port name the container does not declare; the mistake
    shows only at runtime, as a probe that always fails. A user of promxy's Kubernetes manifest
    found the pod never became Ready: both probes targeted the port name `web`, while the
    container's port had no name. Naming the container port fixed it.

    ## Example

    ```yaml
    ports: [{name: http, containerPort: 8080}]
    livenessProbe: {httpGet: {path: /livez, port: web}}      # no port named "web"
    ```

    ## Fix

    ```yaml
    livenessProbe: {httpGet: {path: /livez, port: http}}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        evidence = []
        for _, path, container in app_containers(workload):
            names = _port_names(container)
            for probe_field in PROBES:
                action = handler(as_dict(container.get(probe_field)))
                port = action[1].get("port") if action is not None else None
                if isinstance(port, str) and port and not port.isdigit() and port not in names:
                    evidence.append(Evidence(f"{path}.{probe_field}.{action[0]}.port", port))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} probe(s) target a named port their container does not declare: they always fail.",
                *evidence,
            )
