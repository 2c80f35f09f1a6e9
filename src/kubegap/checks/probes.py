"""Probe checks: readiness gating for Service traffic, liveness that kills too eagerly, probe ports."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import (
    LEASE_KINDS,
    app_containers,
    audited_workloads,
    container_name,
    image_name,
    lease_holders,
    one_active_by_design,
)
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.podtemplates import PodTemplate, Workload
from kubegap.resources import as_dict, as_list, dig, name
from kubegap.tokens import Vocabulary

GARDENER_READINESS = "gardener-2020-apiserver-no-readiness-probe-rollout-unavailability"
ENDATIX = "endatix-2026-helm-chart-liveness-on-database-health-check"
JFROG = "jfrog-xray-2019-liveness-probe-kills-upgrade-migration"
KUBEFLOW = "kubeflow-2022-pipeline-apiserver-migration-crashloop-no-startup-probe"
PROMXY = "promxy-user-2021-probes-reference-unnamed-port"

HANDLERS = ("httpGet", "tcpSocket", "grpc", "exec")
PROBES = ("livenessProbe", "readinessProbe", "startupProbe")
DEPENDENT_HANDLERS = ("httpGet", "grpc", "exec")
"""Probe actions whose answer can depend on something outside the container (a TCP connect cannot)."""


def handler(probe: dict) -> tuple[str, dict] | None:
    """The probe's action (``httpGet``, ``tcpSocket``, ``grpc`` or ``exec``) and its settings."""
    for field in HANDLERS:
        if isinstance(probe.get(field), dict):
            return field, probe[field]
    return None


def _number(probe: dict, field: str, default: int) -> int:
    value = probe.get(field, default)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _all_probed(workload: Workload) -> bool:
    """Whether every container that does work has a readiness probe: nothing is left to judge (most workloads)."""
    return all(isinstance(container.get("readinessProbe"), dict) for _, _, container in app_containers(workload))


@check(
    id="readiness-probe-missing",
    title="Service-backed containers with no readiness probe",
    severity="medium",
    category="containers",
    cases=[GARDENER_READINESS, "dfds-2022-recalled-eks-ami-kernel-pleg-nodes-flap"],
    requires=["Service"],
    reads=[*SERVING_EVIDENCE_KINDS, *LEASE_KINDS, "workloads"],
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

    Containers that serve a Service's client traffic and have no `readinessProbe`: in workloads
    selected by a Service (same namespace, Service selector matching the pod template labels), the
    containers that declare the target of one of its client ports; when none declares it, those
    whose probes check that port (a container that declares no ports but probes the Service's target
    serves it); when nothing says which, every container. A sidecar that serves no such port is not
    judged. Client traffic needs evidence, as for `single-replica` (headless Services and metrics,
    profiling, health, debug or admin ports carry none), and an operators' console (a workload named as
    a UI, dashboard or console beside a program bound to the Kubernetes API; see Evidence rules) is not
    judged: a few seconds of it unready during a rollout costs its operators a reload. Nor is a workload
    whose only client traffic is the admission calls of webhooks that fail open (`failurePolicy: Ignore`):
    a call that reaches an unready pod fails and is ignored, as one with no ready endpoint is, so a
    probe changes nothing. DaemonSets (one
    agent per node) and leader-elected controllers are not judged like request-serving replicas, unless their Service
    carries the API server's traffic (a webhook, an aggregated API): every replica serves that, and
    the API server's calls reach unready pods too. One-shot and batch work (Jobs, CronJobs, training
    jobs, Helm and Argo CD hooks) and finished Jobs are not reported; init containers are not judged,
    nor a container running the pause image unchanged (it only holds the pod open).

    ## Why it matters

    Without a readiness probe a pod counts as ready as soon as its containers start: the Service
    sends it traffic while the application is still starting, and a rolling update deletes old
    pods before the new ones can serve. Every rollout of Gardener's gardener-apiserver made the
    Gardener API briefly unavailable for exactly this reason; because HVPA rewrote the Deployment
    to scale it vertically, those rollouts were frequent, not only on new releases.

    ## Severity

    Always **medium**: requests fail while pods start and stop, at every rollout, not continuously.

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
        unprobed = [
            (path, container)
            for _, path, container in evidence.serving_containers(workload, services)
            if not isinstance(container.get("readinessProbe"), dict)
        ]
        if unprobed:
            names = sorted({name(s) for s in services})
            yield ctx.finding(
                workload.obj,
                f"Container(s) {', '.join(container_name(c) for _, c in unprobed)} serve Service {', '.join(names)} with "
                "no readiness probe: traffic reaches them before they are ready and while they cannot answer.",
                *(Evidence(f"{path}.readinessProbe", {"container": container_name(c)}) for path, c in unprobed),
                Evidence("services", names),
            )


@check(
    id="probes-identical",
    title="Liveness probe identical to the readiness probe",
    severity="low",
    category="containers",
    cases=[ENDATIX],
    precision="medium",
    fix=(
        "Make the liveness probe check only that the process is alive and not deadlocked (a cheap local "
        "endpoint), and keep dependency checks in the readiness probe, so a slow dependency takes pods out of "
        "rotation instead of restarting them all."
    ),
    reads=["workloads"],
)
def probes_identical(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers whose `livenessProbe` and `readinessProbe` use the same action (the same HTTP path and
    port, gRPC service, or command) where the container shows a backing service that action could
    check: an environment variable that locates one (`DATABASE_URL`, `REDIS_HOST`, `PG_HOST`, a .NET
    `ConnectionStrings__*` entry) or an `exec` probe that runs a client of one (`pg_isready`,
    `redis-cli`, `mysqladmin`). Without such evidence nothing is reported: most shared probes hit a
    local endpoint (`/healthz` of a controller, an echo handler) that no outage outside the container
    can fail, and the manifest cannot show what an endpoint does. Identical `tcpSocket` probes are not
    reported: a TCP connect only asks whether the process listens. Timings are not compared. Only
    long-running work is judged: one-shot and batch work (Jobs, CronJobs, Helm and Argo CD hooks,
    training jobs) serves no requests, so its readiness takes nothing out of rotation.

    ## Why it matters

    A readiness failure takes a pod out of rotation; a liveness failure restarts it. When both
    probes ask the same question, anything that makes pods briefly unready also restarts them.
    The Helm chart of the Endatix API pointed both probes at `/health`, which ran every health
    check including the database's. A brief database outage (a failover, a connection-limit spike)
    took the pods out of the Service as intended, and also made the kubelet restart every pod at
    once, which cannot fix a database and removed capacity while the system was already degraded.
    The fix in September 2026 gave liveness its own `/alive` path that never touches the database
    and kept the database checks in readiness (`/ready`).

    ## Severity

    Always **low**: the manifest shows the backing service, not that the shared endpoint checks it.

    ## Example

    ```yaml
    env:
    - name: DATABASE_URL
      valueFrom: {secretKeyRef: {name: api-db, key: url}}
    livenessProbe:  {httpGet: {path: /health, port: 8080}}
    readinessProbe: {httpGet: {path: /health, port: 8080}}
    ```

    ## Fix

    ```yaml
    livenessProbe:  {httpGet: {path: /livez, port: 8080}, failureThreshold: 6}   # the process only
    readinessProbe: {httpGet: {path: /readyz, port: 8080}}                       # the database too
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if not workload.serves_traffic:
            continue  # one-shot and batch work: no replica serves requests, so readiness gates nothing
        evidence, backing = [], []
        for _, path, container in app_containers(workload):
            liveness, readiness = as_dict(container.get("livenessProbe")), as_dict(container.get("readinessProbe"))
            action = handler(liveness)
            if action is None or action[0] not in DEPENDENT_HANDLERS or action != handler(readiness):
                continue
            if (service := backing_service(container, action)) is not None:
                evidence.append(Evidence(f"{path}.livenessProbe.{action[0]}", action[1]))
                backing.append(f"{container_name(container)} ({service})")
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) use one check for liveness and readiness and reach a backing service: "
                f"{', '.join(backing)}. If that check includes the service, its outage can restart every replica at "
                "once instead of only taking them out of rotation.",
                *evidence,
            )


BACKING_SERVICES = Vocabulary(
    (
        "db",
        "database",
        "datasource",
        "mysql",
        "mariadb",
        "postgres",
        "postgresql",
        "pg",
        "mongo",
        "mongodb",
        "redis",
        "memcached",
        "cassandra",
        "kafka",
        "rabbitmq",
        "amqp",
        "nats",
        "elasticsearch",
        "opensearch",
        "clickhouse",
    )
)
"""Words of an environment variable's name that name a backing service an application depends on."""
SERVICE_LOCATORS = Vocabulary(
    (
        "host",
        "hostname",
        "url",
        "uri",
        "dsn",
        "addr",
        "address",
        "server",
        "servers",
        "endpoint",
        "endpoints",
        "brokers",
    )
)
"""Last words of a variable that says where that service is (``DATABASE_URL``, ``REDIS_HOST``)."""
CONNECTION_STRINGS = Vocabulary(("connection string", "connection strings", "connectionstring", "connectionstrings"))
PROBE_CLIENTS = Vocabulary(
    (
        "pg isready",
        "psql",
        "mysqladmin",
        "mysql",
        "redis cli",
        "mongo",
        "mongosh",
        "cqlsh",
        "kafka broker api versions",
        "rabbitmq diagnostics",
    )
)
"""Commands of an ``exec`` probe that ask another service rather than the container."""


def backing_service(container: dict, action: tuple[str, dict]) -> str | None:
    """What shows that ``container`` depends on a service its probe action could check, or None."""
    if action[0] == "exec":
        command = " ".join(t for t in as_list(action[1].get("command")) if isinstance(t, str))
        if (client := PROBE_CLIENTS.find(command)) is not None:
            return f"its probe runs {client}"
    for variable in as_list(container.get("env")):
        name = dig(variable, "name")
        if isinstance(name, str) and (
            CONNECTION_STRINGS.find(name) or (BACKING_SERVICES.find(name) and SERVICE_LOCATORS.ends(name))
        ):
            return f"environment variable {name}"
    return None


SLOW_START_IMAGES = Vocabulary(
    (
        "postgres",
        "postgresql",
        "mysql",
        "mariadb",
        "mongo",
        "mongodb",
        "elasticsearch",
        "opensearch",
        "cassandra",
        "kafka",
        "zookeeper",
        "etcd",
        "clickhouse",
        "cockroach",
        "cockroachdb",
        "xray",
        "artifactory",
        "keycloak",
        "sonarqube",
        "nexus",
    )
)
"""Images (words of the repository's last part) whose start-up replays or migrates data, so it grows with the data they hold."""
MIGRATION_WORDS = Vocabulary(
    (
        "migrate",
        "migrates",
        "migrating",
        "migration",
        "migrations",
        "migrator",
        "db upgrade",
        "dbupgrade",
        "schema update",
        "flyway",
        "liquibase",
        "alembic",
    )
)
"""Words of a command, argument or environment entry that runs a schema or data migration."""
DATABASE_NAMES = Vocabulary(
    ("db", "database", "dbconfig", "mysql", "mariadb", "postgres", "postgresql", "pg", "mongo", "mongodb")
)
DATABASE_ENDPOINTS = Vocabulary(("host", "hostname", "url", "uri", "dsn", "addr", "address", "server", "service"))
"""An environment variable that points the container at a database names one (``DATABASE_NAMES``) and ends with
where it is (``DBCONFIG_HOST``, ``DATABASE_URL``, ``PG_HOST`` ...)."""


def liveness_budget(probe: dict) -> tuple[int, str]:
    """Seconds before the liveness probe first restarts a container that never answers, and how."""
    delay, period = _number(probe, "initialDelaySeconds", 0), _number(probe, "periodSeconds", 10)
    threshold = max(_number(probe, "failureThreshold", 3), 1)
    return (
        delay + threshold * period,
        f"initialDelaySeconds {delay} + failureThreshold {threshold} x periodSeconds {period}",
    )


def _words(container: dict) -> list[str]:
    """The container's command, arguments and environment variable names and values."""
    parts = [t for t in as_list(container.get("command")) + as_list(container.get("args")) if isinstance(t, str)]
    for variable in as_list(container.get("env")):
        if isinstance(variable, dict):
            for value in (variable.get("name"), variable.get("value")):
                if isinstance(value, str):
                    parts.append(value)
    return parts


def slow_start_evidence(
    workload: Workload, template: PodTemplate, container: dict, budget: int, minimum: int
) -> str | None:
    """Why this container's start-up can take longer than ``budget`` seconds, or None without evidence.

    A readiness delay or a migration says so at any budget; data held by the container only when the
    budget is below ``minimum`` seconds.
    """
    readiness_delay = _number(as_dict(container.get("readinessProbe")), "initialDelaySeconds", 0)
    if readiness_delay > budget:
        return f"its readiness probe waits {readiness_delay} s before the first check"
    migration = next((part for part in _words(container) if MIGRATION_WORDS.find(part) is not None), None)
    if migration is not None:
        return f"it runs a migration at start-up ({migration[:80]!r} in its command, arguments or environment)"
    if budget >= minimum:
        return None
    if (known := SLOW_START_IMAGES.find(image_name(container))) is not None:
        return f"its image ({known}) recovers or migrates its data at start-up, which grows with the data"
    database = next(
        (
            name
            for variable in as_list(container.get("env"))
            if isinstance(name := dig(variable, "name"), str)
            and DATABASE_ENDPOINTS.ends(name)
            and DATABASE_NAMES.find(name)
        ),
        None,
    )
    if database is not None:
        return f"it connects to a database at start-up ({database} in its environment), where schema checks and migrations run"
    mounted = {name for m in as_list(container.get("volumeMounts")) if isinstance(name := dig(m, "name"), str)}
    claims = {
        name
        for v in as_list(template.spec.get("volumes"))
        if isinstance(dig(v, "persistentVolumeClaim"), dict) and isinstance(name := dig(v, "name"), str)
    }
    if workload.kind == "StatefulSet":
        claims |= {
            name
            for t in as_list(dig(workload.obj, "spec", "volumeClaimTemplates"))
            if isinstance(name := dig(t, "metadata", "name"), str)
        }
    if (volume := next(iter(sorted(mounted & claims)), None)) is not None:
        return f"it mounts persistent data (volume {volume}), whose recovery at start-up grows with the data"
    return None


@check(
    id="startup-probe-missing",
    title="Liveness probe that can kill a slow start, with no startup probe",
    severity="low",
    category="containers",
    cases=[JFROG, KUBEFLOW],
    defaults={"min_startup_seconds": 60},
    precision="medium",
    fix=(
        "Add a startupProbe with the liveness probe's action and a failureThreshold x periodSeconds that covers "
        "the slowest start you have seen (cold caches, migrations, a loaded node), so the liveness probe only "
        "starts once the application is up."
    ),
    reads=["workloads"],
)
def startup_probe_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers with a `livenessProbe` and no `startupProbe` whose start-up can, on evidence, take
    longer than the liveness probe allows before its first restart. That budget is
    `initialDelaySeconds + failureThreshold x periodSeconds`, with the Kubernetes defaults (0, 3
    and 10) for unset fields. The evidence is one of: the container's readiness probe waits longer
    than the budget before its first check; its command, arguments or environment run a migration
    (`migrate`, Flyway, Liquibase, Alembic ...); or, with a budget under `min_startup_seconds`
    (default 60), its image is a data store or data-heavy server (PostgreSQL, MySQL, MongoDB,
    Elasticsearch, Cassandra, Kafka, etcd, JFrog Xray ...), its environment points it at a database
    (`DATABASE_URL`, `DB_HOST`, `DBCONFIG_HOST`, `PG_HOST` ...: applications check and migrate their
    schema when they connect), or it mounts a PersistentVolumeClaim, whose recovery at start-up
    grows with the data. Without such evidence a short liveness budget is not reported.

    ## Why it matters

    A container that takes longer to start than its liveness probe allows is killed before it is
    up, restarted, and killed again. Upgrading JFrog Xray ran a MongoDB migration that took
    minutes in large installations; the application did not answer its liveness probe meanwhile,
    Kubernetes restarted the pods mid-migration, and the interrupted migration left a lock that
    kept Xray from starting until it was cleared by hand. The Kubeflow Pipelines API server
    crash-looped the same way during a database migration until a startupProbe was added, which
    gives a grace period only while a migration runs.

    ## Severity

    Always **low**: it bites only when a start is slow (a migration, a large recovery), and then
    restarts one container at a time.

    ## Example

    ```yaml
    args: [--migrate-on-start]
    livenessProbe:
      httpGet: {path: /livez, port: 8080}     # restarted 30 s after start if it does not answer
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
        evidence, reasons = [], []
        for template, path, container in app_containers(workload):
            liveness = container.get("livenessProbe")
            if not isinstance(liveness, dict) or isinstance(container.get("startupProbe"), dict):
                continue
            budget, formula = liveness_budget(liveness)
            why = slow_start_evidence(workload, template, container, budget, minimum)
            if why is None:
                continue
            evidence.append(
                Evidence(
                    f"{path}.livenessProbe",
                    {"container": container_name(container), "seconds_to_first_restart": budget},
                )
            )
            reasons.append(
                f"{container_name(container)} is restarted if it does not answer within {budget} s ({formula}), and {why}"
            )
        if evidence:
            yield ctx.finding(
                workload.obj,
                "No startup probe, and a start can outlast the liveness budget: " + "; ".join(reasons) + ".",
                *evidence,
            )


def _port_names(container: dict) -> set[str]:
    return {
        p["name"] for p in as_list(container.get("ports")) if isinstance(p, dict) and isinstance(p.get("name"), str)
    }


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
    reads=["workloads"],
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

    ## Severity

    Always **medium**: the probe always fails, so the container is kept out of its Services (readiness)
    or restarted in a loop (liveness) until the name is fixed.

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
            for probe_field in PROBES:
                action = handler(as_dict(container.get(probe_field)))
                port = action[1].get("port") if action is not None else None
                if isinstance(port, str) and port and not port.isdigit() and port not in _port_names(container):
                    evidence.append(Evidence(f"{path}.{probe_field}.{action[0]}.port", port))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} probe(s) target a named port their container does not declare: they always fail.",
                *evidence,
            )
