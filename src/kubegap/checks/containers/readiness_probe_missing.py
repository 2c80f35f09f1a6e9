"""``readiness-probe-missing``: Service-backed containers with no readiness probe."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import handler
from kubegap.checks.workloads._helpers import replicas
from kubegap.domain.containers import (
    FILE_CONFIGURED_SERVERS,
    REVERSE_PROXIES,
    app_containers,
    container_name,
    started_by_image,
)
from kubegap.domain.datastores import starts_empty
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.reconcilers import LEASE_KINDS, lease_holders, one_active_by_design
from kubegap.domain.resources import as_dict, containers, dig, name, native_sidecars
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, ServingEvidence, serving
from kubegap.domain.workloads import AUTOSCALER_KINDS, ONE_POD_UNREAD, autoscalers_unread, runs_one_pod_at_a_time

GARDENER_READINESS = "gardener-2020-apiserver-no-readiness-probe-rollout-unavailability"


AUTOSCALERS_UNREAD = f"{ONE_POD_UNREAD}, among which a probe would choose"


def _all_probed(workload: Workload) -> bool:
    """Whether every container that does work has a readiness probe: nothing is left to judge (most workloads)."""
    return all(isinstance(container.get("readinessProbe"), dict) for _, _, container in app_containers(workload))


def _answers_at_once(evidence: ServingEvidence, workload: Workload, unprobed: list[tuple[PodTemplate, dict]]) -> bool:
    """Whether every unprobed serving container answers as soon as its pod is ready, so a probe would hold nothing
    back: a reverse proxy (``REVERSE_PROXIES``) whose every companion in the pod (its other containers and native
    sidecars) has a readiness probe, since a pod is ready only once all its containers are, so it takes no traffic
    before whichever of them the proxy sends to answers (KoboToolbox's nginx before its probed API: judged wrong when
    told traffic reaches it early); or a web server run from its files alone (``FILE_CONFIGURED_SERVERS``), with no
    companion, in a workload that does not read the Kubernetes API, which listens within moments of starting
    (static nginx front ends and Caddy gateways: eighteen judged noise on fresh installs)."""

    def at_once(template: PodTemplate, container: dict) -> bool:
        others = [
            other
            for _, other in (*containers(template.spec, init=False), *native_sidecars(template.spec))
            if other is not container
        ]
        if others:
            return bool(started_by_image(container, REVERSE_PROXIES)) and all(
                isinstance(o.get("readinessProbe"), dict) for o in others
            )
        return bool(started_by_image(container, FILE_CONFIGURED_SERVERS)) and not evidence.reads_the_api(workload)

    return bool(unprobed) and all(at_once(template, container) for template, container in unprobed)


def _fix(
    ctx: Context, workload: Workload, unprobed: list[tuple[str, dict]], services: list[dict], evidence: ServingEvidence
) -> str:
    """The check's fix, and what it must not break: a container that serves only UDP takes no TCP or HTTP check (one
    never passes and keeps the pod out of rotation for good: Tinkerbell's DHCP relay); members of a StatefulSet
    started one by one are each created once the one before is ready, so a probe that waits for the peers deadlocks
    the first start (an etcd cluster's ``/health`` needs its quorum; Vearch's masters open their port only then); and
    where the governing Service publishes ready pods alone, a member finds no peer, nor itself, by name before it is
    ready (Vearch's masters resolve their own names before they listen), so that Service must publish them first, or,
    where it carries client traffic, a headless one must govern them instead."""
    parts = [ctx.check.fix]
    udp = {container_name(c): ports for _, c in unprobed if (ports := evidence.udp_only_ports(c, services))}
    if udp:
        which = "; ".join(f"{name} serves UDP only (port {', '.join(map(str, ports))})" for name, ports in udp.items())
        parts.append(
            f"{which}: no HTTP, TCP or gRPC check reaches a UDP port, and a TCP check of one never passes and would "
            "keep the pod out of rotation, so probe such a container with a command that asks the program, where it "
            "offers one."
        )
    if _members_started_in_order(workload):
        parts.append(
            "Its members start one at a time, each once the one before is ready (podManagementPolicy OrderedReady, "
            "the default): a probe that needs the other members (a clustered store's port or health page that "
            "answers only once it has a quorum) keeps the first from ever being ready and the next from ever being "
            "created, so probe what a member answers on its own (or, only where the program lets members join "
            "together, start them together: podManagementPolicy Parallel, set when the StatefulSet is created)."
        )
    governing = _governing_service_of_ready_pods(ctx, workload) if _members(workload) >= 2 else None
    if governing is not None and dig(governing, "spec", "clusterIP") == "None":
        parts.append(
            f"Its members' names are published by headless Service {name(governing)}, which publishes ready pods "
            "alone: a member that looks its peers, or itself, up by name finds no address before it is ready, so "
            "set publishNotReadyAddresses: true on it before adding the probe."
        )
    elif governing is not None:
        clients = (
            f", leaving {name(governing)} to its clients, to whom an unready pod must not be published"
            if evidence.serves_clients(governing)
            else ""
        )
        parts.append(
            f"Its members' names are published by Service {name(governing)}, which publishes ready pods alone: a "
            "member that looks its peers, or itself, up by name finds no address before it is ready, so before "
            "adding the probe govern the members by a headless Service with publishNotReadyAddresses: true "
            f"(serviceName is set when the StatefulSet is created){clients}. The members' names change with it "
            "(<pod>.<new Service>): update every peer address they are configured with, and a running cluster's "
            "membership, before the switch."
        )
    return " ".join(parts)


def _members(workload: Workload) -> int:
    """A StatefulSet's members (``replicas``: 1 when unset), or 0 for another kind or a count not written."""
    return (replicas(workload) or 0) if workload.kind == "StatefulSet" else 0


def _members_started_in_order(workload: Workload) -> bool:
    """Whether the workload is a StatefulSet of several members started one by one (``OrderedReady``, the default):
    each member is created once the one before it is ready."""
    policy = as_dict(workload.obj.get("spec")).get("podManagementPolicy", "OrderedReady")
    return _members(workload) >= 2 and policy == "OrderedReady"


def _governing_service_of_ready_pods(ctx: Context, workload: Workload) -> dict | None:
    """The StatefulSet's governing Service (its ``serviceName``, which publishes its members' names) when the input
    holds it and it publishes ready pods alone (no ``publishNotReadyAddresses``), or None."""
    service_name = as_dict(workload.obj.get("spec")).get("serviceName")
    service = (
        ctx.inventory.get("Service", workload.ref.namespace, service_name) if isinstance(service_name, str) else None
    )
    if service is None or dig(service, "spec", "publishNotReadyAddresses") is True:
        return None
    return service


@check(
    id="readiness-probe-missing",
    title="Service-backed containers with no readiness probe",
    severity="medium",
    category="containers",
    cases=[GARDENER_READINESS, "dfds-2022-recalled-eks-ami-kernel-pleg-nodes-flap"],
    requires=["Service"],
    reads=[*SERVING_EVIDENCE_KINDS, *LEASE_KINDS, *AUTOSCALER_KINDS, "workloads"],
    fix=(
        "Give every container that serves a Service's traffic a readinessProbe that checks the container can "
        "answer requests now (an HTTP endpoint that does not depend on downstream services, or, where the program "
        "has none, a TCP check of the port it serves), so Kubernetes only routes to pods that are ready and stops "
        "routing to pods that are not."
    ),
)
def readiness_probe_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers that serve a Service's client traffic and have no `readinessProbe`: in workloads selected by a
    Service (same namespace, Service selector matching the pod template labels), the containers that declare the
    target of one of its client ports; when none declares it, those whose probes check that port (a container that
    declares no ports but probes the Service's target serves it); else, beside containers that list their ports
    elsewhere, those that list none (a container that lists its ports has said what it listens on); when nothing
    says which, every container. A sidecar that serves no such port is not judged. Client traffic needs evidence, as
    for `single-replica` (headless Services and metrics, profiling, health, debug or admin ports carry none), and an
    operators' console (a workload named as a UI, dashboard, console or MCP server beside a program bound to the Kubernetes API;
    see Evidence rules) is not judged: a few seconds of it unready during a rollout costs its operators a reload.
    Nor is a workload whose only client traffic is the admission calls of webhooks that fail open (`failurePolicy:
    Ignore`), on the ports they call, and that registers no webhooks at run time (whose failure policy the input
    does not show): a call that reaches an unready pod fails and is ignored, as one with no ready endpoint is, so a
    probe changes nothing. DaemonSets (one agent per node) and leader-elected controllers are not judged like
    request-serving replicas, unless their Service carries the API server's traffic (a webhook, an aggregated API):
    every replica serves that, and the API server's calls reach unready pods too. One-shot and batch work (Jobs,
    CronJobs, training jobs, Helm and Argo CD hooks) and finished Jobs are not reported; init containers are not
    judged, nor a container running the pause image unchanged (it only holds the pod open). Nor is a workload that
    runs one pod at a time (one replica that no HorizontalPodAutoscaler or KEDA ScaledObject raises, rolled out by
    `Recreate` or by a rolling update whose `maxSurge` resolves to 0, or a one-member StatefulSet): a probe chooses
    among endpoints, and there is never a ready pod to prefer, so clients fail while its pod starts whether or not
    it is probed (an unready pod and no endpoint fail alike). Its outage is `single-replica`'s and
    `rollout-strategy-unsafe`'s to report, and the probe's absence is reported once a second replica runs. Nor is
    one replica rolled out with a surge whose unprobed serving containers have startup probes, which hold the surge
    pod out of rotation until it answers (see Severity; Valkey's chart), or that runs an in-memory store (Redis,
    Valkey, Memcached, KeyDB) with no persistent volume: its new pod starts empty and answers as soon as it listens,
    so a probe would only say what its first connection does (Argo CD's, Refinery's and PipeCD's Redis caches,
    judged noise on fresh installs). Nor is a reverse proxy (nginx, OpenResty, Caddy, HAProxy, Envoy, Traefik, OAuth2
    Proxy: the image's name exactly, with no `command` or `args` of its own) in a pod where another container has a
    readiness probe: the pod is ready only once every container is, so no traffic reaches it before that container
    answers, and the proxy answers as soon as it starts (KoboToolbox's nginx before its probed API: judged wrong);
    only where every other container of the pod, native sidecars included, has a readiness probe, so whichever the
    proxy sends to is probed. Nor is a web server started by its image alone (nginx, nginx-unprivileged, OpenResty,
    Caddy, HAProxy or Apache httpd, the image's name exactly, with no `command` or `args` of its own) alone in its
    pod, native sidecars included, in a workload whose ServiceAccount no binding names (it reads nothing from the
    Kubernetes API; where the bindings could not be read, any workload may, and the server is judged): it reads its
    configuration from files and listens within moments of starting, before a probe's first check could tell anything
    (static front ends on nginx: eighteen judged noise on fresh installs). A proxy the image does not name, an image
    that runs more (`nginx-php-fpm`), a server told to run a command first, and one beside an unprobed container are
    judged: each may have its own start to make (a mirror served once its sidecar has fetched it). Where the
    HorizontalPodAutoscalers could not be read, such a workload is counted as not judged: one may run more. Any other
    workload whose every unprobed serving container has a startup probe is reported at low, saying what is left. A
    container that serves only UDP ports is told that no HTTP, TCP or gRPC check reaches them, and to probe it by a
    command where the program offers one: the fix's TCP check of a UDP port would never pass (Tinkerbell's DHCP
    relay).

    ## Why it matters

    Without a readiness probe a pod counts as ready as soon as its containers start: the Service
    sends it traffic while the application is still starting, and a rolling update deletes old
    pods before the new ones can serve. Every rollout of Gardener's gardener-apiserver made the
    Gardener API briefly unavailable for exactly this reason; because HVPA rewrote the Deployment
    to scale it vertically, those rollouts were frequent, not only on new releases.

    ## Severity

    **Medium**: requests fail while pods start and stop, at every rollout, not continuously. **Low** where every
    such container has a startup probe: the kubelet counts a container ready only once its startup probe has
    passed, so no pod takes traffic before it first answers; what is left is a started pod that cannot answer
    (overloaded, or waiting on something), which keeps its traffic until it recovers or its liveness probe
    restarts it. **Low** too where the workload's only client is the API server calling it, on the ports it calls,
    for custom resources alone (admission webhooks on an operator's own kinds, or their conversion between
    versions), and it registers no webhooks at run time, as `cpu-limit-throttling` reads them: what fails while a
    pod is not ready is the writes of those kinds (for conversion, their reads too, and a namespace's deletion
    while it lists them), which their callers retry; pods, workloads and the cluster's other kinds never wait on
    it.

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
    evidence = serving(ctx.inventory)
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        services = evidence.services(workload)
        if (
            not workload.serves_traffic
            or not services
            or _all_probed(workload)
            or evidence.console(workload)
            or evidence.fail_open_only(workload)
        ):
            continue
        if one_active_by_design(workload, leases) and not evidence.api_roles_of(workload):
            continue
        serving_unprobed = [
            (template, path, container)
            for template, path, container in evidence.serving_containers(workload, services)
            if not isinstance(container.get("readinessProbe"), dict)
        ]
        if _answers_at_once(evidence, workload, [(template, container) for template, _, container in serving_unprobed]):
            continue
        unprobed = [(path, container) for _, path, container in serving_unprobed]
        gated = all(handler(as_dict(container.get("startupProbe"))) is not None for _, container in unprobed)
        ready_at_once = gated or all(starts_empty(workload, container) for _, container in unprobed)
        alone = bool(unprobed) and runs_one_pod_at_a_time(ctx.inventory, workload, surge_held=ready_at_once)
        if alone and autoscalers_unread(ctx.inventory):
            ctx.not_judged(workload.obj, AUTOSCALERS_UNREAD)
        elif unprobed and not alone:
            names = sorted({name(s) for s in services})
            own_kinds = evidence.serves_own_kinds_only(workload)
            yield ctx.finding(
                workload.obj,
                f"Container(s) {', '.join(container_name(c) for _, c in unprobed)} serve Service {', '.join(names)} with "
                + (
                    "no readiness probe: their startup probes keep each out of rotation until it first answers, but "
                    "once started, traffic keeps reaching it while it cannot answer."
                    if gated
                    else "no readiness probe: traffic reaches them before they are ready and while they cannot answer."
                )
                + (
                    " Their only client is the API server, for custom resources alone (admitting or converting "
                    "them): a call that reaches a pod before it answers fails, and the write or read is retried."
                    if own_kinds
                    else ""
                ),
                *(Evidence(f"{path}.readinessProbe", {"container": container_name(c)}) for path, c in unprobed),
                Evidence("services", names),
                remediation=_fix(ctx, workload, unprobed, services, evidence),
                severity="low" if gated or own_kinds else None,
            )
