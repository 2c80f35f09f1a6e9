"""``startup-probe-missing``: Liveness probe that can kill a slow start, with no startup probe."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _number, liveness_budget
from kubegap.domain.containers import app_containers, container_name, image_name, is_script
from kubegap.domain.datastores import COMPANIONS, monitoring_server, observer
from kubegap.domain.health_pages import asks_a_process, never_fails, page, program_liveness_page, simple_command
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.domain.tokens import Words, words
from kubegap.domain.workloads import audited_workloads

JFROG = "jfrog-xray-2019-liveness-probe-kills-upgrade-migration"


KUBEFLOW = "kubeflow-2022-pipeline-apiserver-migration-crashloop-no-startup-probe"


SLOW_START_IMAGES = Words(
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


MIGRATION_WORDS = Words(
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

NOT_START_MIGRATIONS = (
    "live migration",
    "live migrate",
    "live migrations",
    "storage version migrator",
    "storage version migration",
)
"""Migrations that happen while a program runs, not before it answers: moving a running virtual machine between
nodes (KubeVirt's live migration, which kube-ovn's ``--enable-live-migration-optimize`` tunes), and rewriting stored
custom resources at a new storage version in the background (ToolHive's
``TOOLHIVE_ENABLE_STORAGE_VERSION_MIGRATOR``)."""
CHECK_ONLY_MIGRATIONS = (
    "migrate check",
    "migrate status",
    "migrate dry run",
    "migrate plan",
    "migrations check",
    "migrations status",
    "showmigrations",
    "alembic check",
    "alembic current",
    "flyway info",
    "flyway validate",
    "liquibase status",
    "liquibase validate",
)
"""Commands that only ask about migrations (Django's ``migrate --check``, ``alembic check``, ``flyway info``):
they change no schema and finish at once, so a hook that runs one migrates nothing before the servers, and a
server that runs one starts no slower."""
_NOT_START_PHRASES = tuple(words(phrase) for phrase in (*NOT_START_MIGRATIONS, *CHECK_ONLY_MIGRATIONS))


DATABASE_NAMES = Words(
    ("db", "database", "dbconfig", "mysql", "mariadb", "postgres", "postgresql", "pg", "mongo", "mongodb")
)


DATABASE_ENDPOINTS = Words(("host", "hostname", "url", "uri", "dsn", "addr", "address", "server", "service"))
"""An environment variable that points the container at a database names one (``DATABASE_NAMES``) and ends with
where it is (``DBCONFIG_HOST``, ``DATABASE_URL``, ``PG_HOST`` ...)."""


OFF_WORDS = Words(("disable", "disabled", "skip", "no"))
"""Words of a flag or variable name that make it switch off what it names (``--skip-migrations``,
``AUTO_MIGRATION_DISABLED``)."""

ON_VALUES, OFF_VALUES = frozenset({"true", "1", "yes", "on"}), frozenset({"false", "0", "no", "off"})


def _switched_off(name: str, value: str | None) -> bool:
    """Whether a flag or variable switches off what it names: an off-word name (``--no-migrate``,
    ``MIGRATION_DISABLED=true``) unless its value says false, or any other name whose value says false
    (``RUN_MIGRATIONS=false``)."""
    said = value.strip().lower() if value is not None else None
    if OFF_WORDS.find(name) is not None:
        return said not in OFF_VALUES
    return said in OFF_VALUES


def _words(container: dict) -> list[str]:
    """The container's command, arguments and environment entries (``NAME=value``), less those that switch off
    what they name: words of what the container is told to do. A program the command runs is named, not told:
    its name says what it is (the storage version migrator's ``/migrator`` is a controller that migrates objects
    while it serves, long after it starts), so the executable ``command[0]`` counts only where it is a script,
    whose name says what it does before the program it starts. A program started through a shell's ``-c`` string
    is read with the string's words, its name among them."""
    parts = []
    command = as_list(container.get("command"))
    if command and isinstance(command[0], str) and not is_script(command[0]):
        command = command[1:]
    for part in command + as_list(container.get("args")):
        if isinstance(part, str):
            flag, _, value = part.partition("=")
            single_flag = part.startswith("-") and not any(c.isspace() for c in part)  # not a script's words
            if not (single_flag and _switched_off(flag, value if value else None)):
                parts.append(part)
    for variable in as_list(container.get("env")):
        name, value = dig(variable, "name"), dig(variable, "value")
        if isinstance(name, str) and not _switched_off(name, value if isinstance(value, str) else None):
            parts.append(f"{name}={value}" if isinstance(value, str) else name)
    return parts


SCRIPTED_LIVENESS = (
    "a liveness probe that runs a script, which decides for itself what passes while the program starts (Bitnami's "
    "Redis script accepts the LOADING reply): whether a slow start fails it cannot be told from the input"
)


LIVE_WHILE_STARTING = ("/-/healthy",)
"""The liveness page monitoring and alerting servers (Prometheus, Alertmanager) answer as soon as their web server
listens, while their data is still being recovered; ``/-/ready`` is the one that waits."""


def answers_while_starting(workload: Workload, container: dict, probe: dict) -> bool:
    """Whether a liveness probe asks a page that the program answers from its first second, so that no slow
    start can fail it: a monitoring or alerting server's ``/-/healthy``, or a data store's own liveness page
    asked without its readiness query."""
    path = dig(probe, "httpGet", "path")
    if not isinstance(path, str):
        return False
    if observer(workload) is not None and page(path) in LIVE_WHILE_STARTING:
        return True
    return program_liveness_page(container, path)


def _starts_at_once(container: dict) -> bool:
    """Whether the container's command starts its program at once: the image's own command, or one command with no
    step before it (no migration, no wait for a database, no ``collectstatic`` chained ahead of the server, while
    which a process check fails)."""
    words = command_words(container)
    return not words or (simple_command(words) is not None and _migration(container) is None)


def _runs_script(probe: dict) -> bool:
    """Whether an exec probe's command runs a script file (``sh -c '/health/ping_liveness_local.sh 5'``)."""
    words = [w for part in command_words(as_dict(probe.get("exec"))) for w in part.split()]
    return any(is_script(word) for word in words)


def slow_start_evidence(
    workload: Workload,
    template: PodTemplate,
    container: dict,
    budget: int,
    minimum: int,
    migrated_elsewhere: set[tuple[str, str | None]],
) -> str | None:
    """Why this container's start-up can take longer than ``budget`` seconds, or None without evidence.

    A readiness delay or a migration says so at any budget; a program known to recover its data at start-up (a data
    store's image, a monitoring server that gathers its own) or a database connection only when the budget is below
    ``minimum`` seconds, and a connection not where the database it locates is migrated elsewhere
    (``migrated_elsewhere``: by a server beside a background worker that connects to the same database by the same
    variable, or by one-shot work that runs a migration against it). A volume claim alone is no
    evidence: a program that serves files from it starts as fast with much data as with little.
    """
    readiness_delay = _number(as_dict(container.get("readinessProbe")), "initialDelaySeconds", 0)
    if readiness_delay > budget:
        return f"its readiness probe waits {readiness_delay} s before the first check"
    if (migration := _migration(container)) is not None:
        return f"it runs a migration at start-up ({migration[:80]!r} in its command, arguments or environment)"
    if budget >= minimum:
        return None
    if (known := SLOW_START_IMAGES.find(image_name(container))) is not None and not COMPANIONS.find(
        image_name(container)
    ):
        return f"its image ({known}) recovers or migrates its data at start-up, which grows with the data"
    if (gatherer := monitoring_server(workload)) is not None and image_name(container) == gatherer:
        return f"its image ({gatherer}) replays its write-ahead log at start-up, which grows with the data"
    location = _database_location(container)
    if location is not None and location not in migrated_elsewhere and not _migrated_first(template):
        return f"it connects to a database at start-up ({location[0]} in its environment), where schema checks and migrations run"
    return None


def _servers_databases(inventory: Readable) -> dict[str | None, set[tuple[str, str | None]]]:
    """Per namespace, where its servers (workloads a client Service selects) locate a database
    (``_database_location``), worked out once per audit."""
    evidence_of = serving(inventory)
    found: dict[str | None, set[tuple[str, str | None]]] = {}
    for workload in inventory.workloads:
        if workload.serves_traffic and evidence_of.services(workload):
            for _, _, container in app_containers(workload):
                if (location := _database_location(container)) is not None and location[1] is not None:
                    found.setdefault(workload.ref.namespace, set()).add(location)
    return found


def _jobs_migrations(inventory: Readable) -> dict[str | None, set[tuple[str, str | None]]]:
    """Per namespace, where one-shot work that runs a migration locates its database (``_database_location``): a
    Job or a Helm or Argo CD hook whose container runs a migration, or is named for one, migrates the schema
    before or beside the servers that connect to the same database by the same variable, so their start does not
    (Lago's ``migrate-db`` pre-install and pre-upgrade hook runs ``scripts/migrate.sh`` for its API). Worked out
    once per audit."""
    found: dict[str | None, set[tuple[str, str | None]]] = {}
    for workload in inventory.workloads:
        if (workload.kind != "Job" and not workload.is_hook) or workload.is_helm_test:
            continue  # a test hook runs only when helm test does, after the servers started
        for template in workload.templates:
            for _, container in containers(template.spec):
                location = _database_location(container)
                named = any(
                    isinstance(text, str) and _names_migration(text)
                    for text in (container.get("name"), workload.ref.name)
                )
                if location is not None and location[1] is not None and (named or _migration(container) is not None):
                    found.setdefault(workload.ref.namespace, set()).add(location)
    return found


def _database_location(container: dict) -> tuple[str, str | None] | None:
    """``(variable, where it points)`` for the first variable by which a container locates a database
    (``DATABASE_URL``, ``DB_HOST``): its value as written, or the ConfigMap or Secret key it is read from, or None
    where neither shows; None without such a variable."""
    for variable in as_list(container.get("env")):
        name = dig(variable, "name")
        if not (isinstance(name, str) and DATABASE_ENDPOINTS.ends(name) and DATABASE_NAMES.find(name)):
            continue
        if isinstance(value := dig(variable, "value"), str):
            return name, value
        refs = ((source, dig(variable, "valueFrom", source)) for source in ("configMapKeyRef", "secretKeyRef"))
        source, ref = next(((source, r) for source, r in refs if isinstance(r, dict)), (None, None))
        return name, None if ref is None else f"{source} {ref.get('name')}/{ref.get('key')}"
    return None


def _migrated_first(template: PodTemplate) -> bool:
    """Whether an init container of the pod runs a migration: it finishes before the serving containers start, and
    no liveness probe watches it, so their start does not migrate (Flagsmith's API runs ``migrate`` in one). An init
    container that connects to the database and is named for a migration runs one too, as a program's name does not
    say what it does first: Metaflow's ``db-migrations`` runs its migration tool by a script of its own
    (``run_goose.py``); one named for migrations that only copies files (no database) leaves them to the server."""
    return any(
        _migration(container) is not None
        or (
            isinstance(init_name := container.get("name"), str)
            and _names_migration(init_name)
            and _database_location(container) is not None
        )
        for path, container in containers(template.spec)
        if path.startswith("initContainers") and container.get("restartPolicy") != "Always"  # not a sidecar
    )


def _names_migration(text: str) -> bool:
    """Whether a text names a data migration at start-up, once the migrations that happen while a program runs
    (``NOT_START_MIGRATIONS``) and the commands that only ask about them (``CHECK_ONLY_MIGRATIONS``) are taken out
    of it: a shell line that runs Flyway before a manager told to migrate storage versions still migrates first."""
    left = list(words(text))
    present = set(left)  # a phrase whose first word the text lacks takes nothing out: most, in a long script
    for phrase in _NOT_START_PHRASES:
        if phrase[0] not in present:
            continue
        at = 0
        while at + len(phrase) <= len(left):
            if tuple(left[at : at + len(phrase)]) == phrase:
                del left[at : at + len(phrase)]
            else:
                at += 1
    return MIGRATION_WORDS.find(" ".join(left)) is not None


def _migration(container: dict) -> str | None:
    """The part of what a container is told to do that runs a data migration, or None. Its words are read as one
    line first, so a command that only asks about migrations spread over several arguments (``[migrate, --check]``)
    migrates nothing."""
    parts = _words(container)
    if not _names_migration(" ".join(parts)):
        return None
    return next((part for part in parts if _names_migration(part)), None)


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
    reads=["workloads", *SERVING_EVIDENCE_KINDS],
)
def startup_probe_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers with a `livenessProbe` and no `startupProbe` whose start-up can, on evidence, take
    longer than the liveness probe allows before its first restart. That budget is
    `initialDelaySeconds + failureThreshold x periodSeconds`, with the Kubernetes defaults (0, 3
    and 10) for unset fields. The evidence is one of: the container's readiness probe waits longer
    than the budget before its first check; its command, arguments or environment run a migration
    (`migrate`, Flyway, Liquibase, Alembic ...; not a virtual machine's live migration, which moves a running
    VM between nodes and migrates nothing at start-up; nor a flag or variable that switches migrations off,
    as `--skip-migrations`, `AUTO_MIGRATION_DISABLED=true` or `RUN_MIGRATIONS=false` do; nor the name of the program
    the command runs, which says what it is, not a step before it answers, nor a storage version migration it is
    told to run: the storage version migrator's `/migrator` and ToolHive's `TOOLHIVE_ENABLE_STORAGE_VERSION_MIGRATOR`
    rewrite stored objects while the controller serves; a script it starts with counts,
    `/app/migrate-then-serve.sh`, and so does a migration beside such a switch in one shell line; nor a command
    that only asks about migrations, `migrate --check`, `alembic check`, `flyway info`, which changes no schema);
    or, with a budget under `min_startup_seconds`
    (default 60), its image is a data store or data-heavy server (PostgreSQL, MySQL, MongoDB,
    Elasticsearch, Cassandra, Kafka, etcd, JFrog Xray ...; not a companion of one, such as
    `percona-server-mongodb-operator` or `postgres-exporter`, named for the store it serves), its environment
    points it at a database (`DATABASE_URL`, `DB_HOST`, `DBCONFIG_HOST`, `PG_HOST` ...: applications check and
    migrate their schema when they connect; not where an init container of the pod runs the migration first, as
    Flagsmith's does, or is named for one, as Metaflow's `db-migrations`; nor where a Job or a Helm or Argo CD hook
    (not a `helm test` hook, which runs after the servers start) that runs a migration, or is named for one,
    connects to the same database by the same variable, as Lago's `migrate-db` hook does before its API starts
    (one that only asks about them, a pre-upgrade `migrate --check`, migrates nothing);
    nor for a background worker, selected by no
    client Service, beside a server of its namespace that connects to the same database by the same variable (its
    value, or the ConfigMap or Secret key it is read from): the server checks and
    migrates the schema they share, as Invenio's web server does for its Celery worker and scheduler), or it runs a monitoring server that
    gathers its own data
    (Prometheus, by the whole name of its image), which replays its write-ahead log at start-up. A
    PersistentVolumeClaim alone is no evidence: a program that serves files from its volume (Fission's storage
    service, a peer-to-peer cache) starts as fast with much data as with little. Without such evidence a short
    liveness budget is not reported. A network
    probe (`httpGet`, `tcpSocket`, `grpc`) fails until the program answers, and so does an exec probe
    that runs a client (`nodetool status`, `pg_isready`); an exec probe that runs a script file
    (`/health/ping_liveness_local.sh`) passes as the script decides, and Bitnami's Redis script accepts
    the reply Redis gives while it loads its data: such a container is counted in coverage as not
    judged. A monitoring or alerting server (Prometheus, Alertmanager, by the whole name of its image) answers
    its liveness page `/-/healthy` as soon as its web server listens, while it still replays its data, so a
    liveness probe of that page cannot kill a slow start and is not reported (`/-/ready` waits for the data); nor
    is a liveness command that asks only whether a process exists (`pgrep gunicorn`, `pidof`), which passes from
    the moment the process starts (Waldur's API: judged wrong), unless the container runs another step before it
    (`manage.py migrate && gunicorn`, a wait for its database: the process is not there meanwhile), nor a liveness
    command that passes whatever happens: one chain of `&&` and `||` ending in `|| echo`, `|| true` or
    `|| exit 0`, with no step before it that ends the script failed (FIWARE's MongoDB chart: `mongo --eval ... &&
    echo 0 || echo 1`; `... || exit 1; ... || true` is still judged).
    Nor is CockroachDB's `/health`, which it answers as soon as its HTTP server listens, before the node
    recovers its stores or joins its cluster (`/health?ready=1` waits).

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
    evidence_of = serving(ctx.inventory)
    servers_databases = _servers_databases(ctx.inventory)
    jobs_migrate = _jobs_migrations(ctx.inventory)
    for workload in audited_workloads(ctx.inventory):
        # a background worker's connection says nothing where a server beside it connects to the same database,
        # nor any connection where one-shot work migrates that database
        servers_have = set() if evidence_of.services(workload) else servers_databases.get(workload.ref.namespace, set())
        migrated_elsewhere = servers_have | jobs_migrate.get(workload.ref.namespace, set())
        evidence, reasons = [], []
        for template, path, container in app_containers(workload):
            liveness = container.get("livenessProbe")
            if not isinstance(liveness, dict) or isinstance(container.get("startupProbe"), dict):
                continue
            if (
                answers_while_starting(workload, container, liveness)
                or never_fails(as_dict(liveness.get("exec")))
                or (asks_a_process(as_dict(liveness.get("exec"))) and _starts_at_once(container))
            ):
                continue
            budget, formula = liveness_budget(liveness)
            why = slow_start_evidence(workload, template, container, budget, minimum, migrated_elsewhere)
            if why is None:
                continue
            if _runs_script(liveness):
                ctx.not_judged(workload.obj, SCRIPTED_LIVENESS)
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
