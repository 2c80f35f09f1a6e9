"""``probes-identical``: Liveness probe identical to the readiness probe."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import handler
from kubegap.domain.containers import app_containers, container_name, variable_value
from kubegap.domain.datastores import EMBEDDED_URL, LOCAL_HOSTS, container_data_store, url_parts
from kubegap.domain.health_pages import ACTUATOR_HEALTH, page, process_status_only
from kubegap.domain.resources import as_dict, as_list, command_words, dig
from kubegap.domain.tokens import Words
from kubegap.domain.workloads import audited_workloads

ENDATIX = "endatix-2026-helm-chart-liveness-on-database-health-check"


DEPENDENT_HANDLERS = ("httpGet", "grpc", "exec")
"""Probe actions whose answer can depend on something outside the container (a TCP connect cannot)."""


BACKING_SERVICES = Words(
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


SERVICE_LOCATORS = Words(
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


CONNECTION_STRINGS = Words(("connection string", "connection strings", "connectionstring", "connectionstrings"))
"""Words of a variable that holds a connection string, in any program (``DATABASE_CONNECTION_STRING``)."""

DOTNET_CONNECTION_STRING_KEYS = re.compile(
    r"((ASPNETCORE_|DOTNET_)?ConnectionStrings__|(SQL|MYSQL|SQLAZURE|POSTGRESQL|CUSTOM)CONNSTR_)\w", re.IGNORECASE
)
"""The names of variables .NET's configuration reads as connection strings by their names alone: a
``ConnectionStrings__<name>`` key (also under the ``ASPNETCORE_`` and ``DOTNET_`` prefixes, which an ASP.NET Core
application's builder reads into its configuration, prefix removed), or the prefixes .NET maps to that section
(``SQLCONNSTR_<name>``). Only there does an ASP.NET Core health page
beside it tell that a database is asked: Keep's Python backend reads ``DATABASE_CONNECTION_STRING`` and answers
``/healthcheck`` with an empty reply (judged wrong when taken for ASP.NET Core's)."""


PROBE_CLIENTS = Words(
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


INIT_SCRIPT = re.compile(r"/etc/init\.d/\S+")
"""The path of a service's init script: its ``status`` action asks the daemon on the machine it runs on, whatever
its file name says (``/etc/init.d/mysql``)."""

HOST_FLAGS = ("-h", "--host")


def asks_its_own_server(command: str) -> bool:
    """Whether a probe client's command names no host but the local one: run in a data store's own container
    (``mysqladmin ping`` in MySQL's), it asks that store, through its socket or on localhost, not a dependency."""
    words = command.split()
    for index, word in enumerate(words):
        flag, _, value = word.partition("=")
        if flag in HOST_FLAGS:
            host = value or (words[index + 1] if index + 1 < len(words) else "")
        elif word.startswith("-h") and len(word) > 2 and not word.startswith("--"):
            host = word[2:]
        else:
            continue
        if host.strip("'\"[]") not in LOCAL_HOSTS:
            return False
    return True


ASPNET_HEALTH_PAGES = frozenset({"health", "hc", "healthcheck", "healthchecks"})
"""Last parts of the path ASP.NET Core's health checks middleware is commonly mapped to (``MapHealthChecks("/health")``,
``/hc``): a page by another name (``/``, ``/metrics``, ``/api/info``) is not known to be it."""

PROBE_UNJUDGED = (
    "one probe for liveness and readiness beside a backing service, which the input cannot show the probe asks "
    "(Uptrace answers / from files built into it, Testkube's /health returns OK whatever its database does, "
    "AIBrix's gRPC health is set serving once)"
)


def service_variable(container: dict) -> str | None:
    """The name of the variable by which the container locates a backing service (``DATABASE_URL``, ``REDIS_HOST``,
    a .NET ``ConnectionStrings__*`` entry), by what the program receives, or None: a .NET connection string before
    any other, since it alone says which framework's health page asks it."""
    found = [
        name
        for variable in as_list(container.get("env"))
        if isinstance(name := dig(variable, "name"), str)
        and (
            CONNECTION_STRINGS.find(name)
            or DOTNET_CONNECTION_STRING_KEYS.match(name)
            or (BACKING_SERVICES.find(name) and SERVICE_LOCATORS.ends(name))
        )
        and not _names_nothing(variable_value(container, variable))
    ]
    return next((n for n in found if DOTNET_CONNECTION_STRING_KEYS.match(n)), found[0] if found else None)


def asks_the_service(container: dict, action: tuple[str, dict], variable: str | None) -> str | None:
    """What shows that a probe action asks a backing service rather than the program alone, or None.

    Only what the input can show counts: an ``exec`` probe that runs a service's client, or a page a framework
    fills with its dependencies' checks unless the program narrows it, beside the ``variable`` that locates the
    service: ASP.NET Core's health checks middleware runs every registered check when no predicate filters them (a
    ``ConnectionStrings__*`` variable is read by .NET's configuration alone, ``DOTNET_CONNECTION_STRING_KEYS``; the page
    by its usual names), and Spring
    Boot's ``/actuator/health`` aggregates every health indicator. What any other page, gRPC status or command
    checks is the program's, and no manifest shows it."""
    if action[0] == "exec":
        # a service's init script (/etc/init.d/mysql status) asks the daemon of its own container: its path names
        # no client, though a client beside it in a shell line still asks its host
        command = INIT_SCRIPT.sub("", " ".join(command_words(action[1])))
        if (client := PROBE_CLIENTS.find(command)) is not None and not (
            container_data_store(container) and asks_its_own_server(command)
        ):
            return f"its probe runs {client}"
        return None
    asked = page(action[1].get("path")) if action[0] == "httpGet" else None
    if asked is None or variable is None:
        return None
    if DOTNET_CONNECTION_STRING_KEYS.match(variable) and asked.rsplit("/", 1)[-1].lower() in ASPNET_HEALTH_PAGES:
        return f"{variable}: ASP.NET Core's health checks run every registered check unless the program filters them"
    if asked == ACTUATOR_HEALTH:
        return (
            f"{variable}: Spring Boot's {ACTUATOR_HEALTH} aggregates every health indicator, its data sources' included"
        )
    return None


def _names_nothing(value: str | None) -> bool:
    """Whether a variable's value, as the program receives it, names no service outside the program: empty (or
    punctuation alone), a database embedded in its own process (``jdbc:h2:mem:``, ``sqlite:``), or a URL with no
    host once the references Kubernetes could not expand are left out (``redis://:@:$(PORT)``). A URL no client
    could parse names something that cannot be told."""
    if value is None:
        return False
    if EMBEDDED_URL.match(value.strip()):
        return True
    if "://" in value:
        parts = url_parts(value)
        return parts is not None and not parts[1]
    return not any(c.isalnum() for c in value)


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
    port, gRPC service, or command) where the input shows that action asks a backing service (never a gRPC
    health status, which is whatever the program sets): an `exec` probe
    that runs a client of one (`pg_isready`, `redis-cli`, `mysqladmin`; not in a data store's own container when
    the client names no host but the local one: `mysqladmin ping` in MySQL's asks that server itself; nor a
    service's init script, `/etc/init.d/mysql status`, which asks the daemon of its own container), or an HTTP
    page a framework fills with its dependencies' checks unless the program narrows it, beside a variable that
    locates the service: ASP.NET Core's health checks middleware runs every registered check when no predicate
    filters them (a .NET `ConnectionStrings__*` entry, or `SQLCONNSTR_*` and the other prefixes .NET maps to that
    section, and a page by the names it is mapped to: `/health`, `/hc`, `/healthcheck`; a variable any program may
    read, such as `DATABASE_CONNECTION_STRING`, shows no framework: Keep's Python backend answers `/healthcheck`
    with an empty reply), and Spring Boot's `/actuator/health` aggregates every health indicator, its data sources'
    included (not its `/liveness` group). What any other page, gRPC status or command checks is the program's and
    no manifest shows it: such a shared probe beside a variable that locates a service (`DATABASE_URL`,
    `REDIS_HOST`, `PG_HOST`) is counted as not judged, not reported. Three fresh installs showed
    why: Uptrace answers `/` from files built into it, Testkube's `/health` returns OK, and AIBrix's gateway sets
    its gRPC health to serving at start and never changes it, each beside a database or Redis address.
    A variable locates a service only by what the program receives: an empty value names none, and neither does
    a URL whose host is built only of `$(NAME)` references to variables the container does not define, which
    Kubernetes leaves as written (Nextcloud's chart writes
    `REDIS_URL=redis://:$(REDIS_HOST_PASSWORD)@$(REDIS_HOST):$(REDIS_HOST_PORT)` with Redis off); a JDBC URL
    is read past its `jdbc:` prefix, and one naming a database embedded in the program (`jdbc:h2:mem:`, SQLite)
    names no service outside it. A page that says only that the process is up is neither reported nor
    counted, whatever the container depends on: a conventional liveness page (`/healthz`, `/livez` or `/ping`,
    as the last part of its path: OpenFaaS's gateway answers `/healthz` from its provider's, which always
    succeeds, beside its NATS address), CockroachDB's `/health`, and the OpenTelemetry Collector's
    `health_check` extension on port 13133, which reports whether the collector's pipelines run, never whether
    an exporter reaches its database; nor is an exec probe that runs `curl` alone without `--fail`: curl exits 0
    on any HTTP reply, an error status included. Identical `tcpSocket` probes are not reported: a TCP connect
    only asks whether the process listens. Timings are not compared. Only long-running work is judged: one-shot
    and batch work (Jobs, CronJobs, Helm and Argo CD hooks, training jobs) serves no requests, so its readiness
    takes nothing out of rotation.

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

    Always **low**: the restarts last as long as the dependency's outage, and the pods come back with it; and for
    a framework's page, the default that makes it ask the dependency may be narrowed in the program's code, which
    no manifest shows.

    ## Example

    ```yaml
    env:
    - name: ConnectionStrings__DefaultConnection
      valueFrom: {secretKeyRef: {name: api-db, key: connection-string}}
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
        evidence, backing, unjudged = [], [], False
        for _, path, container in app_containers(workload):
            liveness, readiness = as_dict(container.get("livenessProbe")), as_dict(container.get("readinessProbe"))
            action = handler(liveness)
            if action is None or action[0] not in DEPENDENT_HANDLERS or action != handler(readiness):
                continue
            if process_status_only(container, action) is not None:
                continue  # a page of the process's own status: no outage outside it fails the probe
            variable = service_variable(container)
            if (shown := asks_the_service(container, action, variable)) is not None:
                evidence.append(Evidence(f"{path}.livenessProbe.{action[0]}", action[1]))
                backing.append(f"{container_name(container)} ({shown})")
            elif variable is not None:
                unjudged = True
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} container(s) use one check for liveness and readiness, and it asks a backing "
                f"service: {'; '.join(backing)}. That service's outage fails both probes, restarting every replica at "
                "once instead of only taking them out of rotation.",
                *evidence,
            )
        elif unjudged:
            ctx.not_judged(workload.obj, PROBE_UNJUDGED)
