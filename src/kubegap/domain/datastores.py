"""Data stores and message brokers: which images run one (``postgres``, ``nats``), and which only run beside one
(``postgres-operator``, ``nats-box``)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from kubegap.domain.containers import SCRIPT_ENDINGS, image_name, pointed_config_maps, settings
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.tokens import Words

DATA_STORES = Words(
    (
        "postgres",
        "postgresql",
        "mysql",
        "mariadb",
        "mongo",
        "mongodb",
        "redis",
        "valkey",
        "minio",
        "elasticsearch",
        "opensearch",
        "cassandra",
        "kafka",
        "zookeeper",
        "etcd",
        "clickhouse",
        "cockroach",
        "cockroachdb",
        "rabbitmq",
        "couchdb",
        "influxdb",
        "neo4j",
        "scylla",
        "rethinkdb",
        "solr",
        "tikv",
        "yugabyte",
        "questdb",
        "dgraph",
        "qdrant",
        "weaviate",
        "meilisearch",
        "typesense",
    )
)
"""Images (words of the repository's last part) of servers that keep data: a second replica is a second store.
Relational, document, key-value, graph, time-series, search and vector databases, and queues kept on disk."""


MESSAGE_BROKERS = Words(("nats", "mosquitto", "activemq", "artemis"))
"""Images of message brokers that keep nothing on disk by default, whose clients meet on one server: a second
replica not joined to the first by the program's own clustering is a second, separate broker. (Brokers that
keep their queues on disk, such as Kafka and RabbitMQ, are data stores.)"""


IDENTITY_PROVIDERS = ("dex",)
"""Images (the whole last part of the repository: ``dexidp/dex``, not ``dex-k8s-authenticator``) of identity providers
that keep their login sessions, tokens and signing keys in the storage their configuration names, which may be
memory (Dex's ``storage: {type: memory}``, and always so where Argo CD runs it): replicas share them only through
Kubernetes or a database. The configuration usually sits in a Secret, which kubegap never reads, so which storage is
used cannot be told."""


IN_MEMORY_SCHEDULERS = {"prefect": ("server start", "--no-services", "PREFECT_SERVER_DOCKET_URL")}
"""Images (the whole last part of the repository) of servers that run their scheduler and other background services
in their own process, coordinated in memory unless a variable points them at a shared store: the command that runs
them, the flag that leaves them out, and the variable. Prefect's ``prefect server start`` runs the scheduler, late
run detection and automation triggers beside its API, through Docket, whose default ``memory://`` its self-hosting
guide calls safe for a single process; a second replica runs them again with a memory of its own."""


MONITORING_SERVERS = ("prometheus",)
"""Images (the whole last part of the repository: ``prom/prometheus``, not ``prometheus-adapter``) of monitoring
servers that gather their own data: each replica scrapes the same targets into storage of its own, as a
high-availability pair does, and two must never share one data directory (Prometheus locks it)."""


TELEMETRY_BACKENDS = (
    "tempo",
    "loki",
    "mimir",
    "cortex",
    "thanos",
    "jaeger",
    "zipkin",
    "parca",
    "pyroscope",
    "netdata",
    "victoria-metrics",
)
"""Images (the whole last part of the repository: ``grafana/tempo``, not ``tempo-query``) of servers that keep and
answer the telemetry other programs send them or they gather: traces, logs, metrics, profiles. Losing one costs the
people and the automation that read it their view; programs that send to it drop or buffer what they send, and no
product client's request fails."""


ALERT_ROUTERS = ("alertmanager",)
"""Images (the whole last part of the repository: ``prom/alertmanager``) of servers that route alerts to receivers:
replicas share their silences and which notifications were sent only through the program's own clustering (gossip
between peers), so a replica outside it notifies every receiver again, resolved notices included."""


COMPANIONS = Words(
    (
        "box",
        "reloader",
        "operator",
        "exporter",
        "controller",
        "proxy",
        "backup",
        "agent",
        "sidecar",
        "client",
        "ui",
        "admin",
        "adapter",
        "manager",
        "dashboard",
        "migrator",
        "migrations",
        "init",
        "tools",
        "cli",
    )
)
"""Words of an image that runs beside a data store or broker, not the server itself (``postgres-operator``,
``redis-exporter``, ``nats-box``, ``nats-server-config-reloader``)."""


def data_store(workload: Workload) -> str | None:
    """The data store a workload's containers run (``container_data_store``), or None."""
    return _server(workload, DATA_STORES)


def message_broker(workload: Workload) -> str | None:
    """The message broker a workload's containers run (``MESSAGE_BROKERS``, without a companion's word), or None."""
    return _server(workload, MESSAGE_BROKERS)


def identity_provider(workload: Workload) -> str | None:
    """The identity provider a workload's containers run (``IDENTITY_PROVIDERS``), or None."""
    return _named(workload, IDENTITY_PROVIDERS)


def in_memory_scheduler(workload: Workload) -> tuple[str, str, str] | None:
    """The server (``IN_MEMORY_SCHEDULERS``) a workload's container runs with its background services in process and
    coordinated in memory, with the flag that leaves them out and the variable that shares them, or None: its
    command includes the services (it names the command, without the flag) and its variable is unset or names
    memory."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            known = IN_MEMORY_SCHEDULERS.get(image_name(container))
            if known is None:
                continue
            command, flag, variable = known
            words = " ".join(command_words(container)).split()
            if command not in " ".join(words) or flag in words:
                continue
            entry = next((v for v in as_list(container.get("env")) if dig(v, "name") == variable), None)
            value = dig(entry, "value") if entry is not None else None
            if entry is not None and (
                dig(entry, "valueFrom") is not None or not str(value or "memory:").startswith("memory:")
            ):
                continue  # pointed at a store: a shared one, or one read from elsewhere that cannot be told
            return image_name(container), flag, variable
    return None


STORE_SETTINGS = Words(("datastore", "data store", "storage", "store", "backend", "database", "db"))
"""Words of a variable's or flag's name that choose where a program keeps its data (``OPENFGA_DATASTORE_ENGINE``,
``STORAGE_TYPE``, ``--store-backend``)."""

IN_MEMORY = frozenset({"memory", "inmemory", "in-memory", "in_memory", "mem"})
"""Values of such a setting that keep the data in the program's own process."""


def in_memory_store(workload: Workload) -> str | None:
    """The setting (``NAME=value``) by which a workload's container keeps its data in its own memory, or None: a
    variable or flag named for its data store or storage whose value is ``memory`` (or ``memory://...``). Each
    replica then holds a store of its own (OpenFGA's ``OPENFGA_DATASTORE_ENGINE=memory``, for which its chart
    runs one replica)."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            for setting, value in settings(container):
                if STORE_SETTINGS.find(setting) is None:
                    continue
                if value.strip().lower() in IN_MEMORY or value.strip().lower().startswith("memory://"):
                    return f"{setting}={value}"
    return None


STORE_SCHEMES = frozenset(
    {"redis", "rediss", "postgres", "postgresql", "mysql", "mongodb", "amqp", "nats", "memcached"}
)
"""URL schemes of the data stores and brokers a program keeps or passes its data through."""

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names of the loopback host: a store there runs in the pod itself."""


def url_parts(value: str) -> tuple[str, str | None] | None:
    """``(scheme, host)`` of a URL as its client reads it (a JDBC URL past its ``jdbc:`` prefix), or None where the
    value is no URL (no ``://``) or none a client could parse."""
    value = value.strip()
    value = value[len("jdbc:") :] if value.lower().startswith("jdbc:") else value
    if "://" not in value:
        return None
    try:
        url = urlsplit(value)
        return url.scheme.lower(), url.hostname
    except ValueError:
        return None


def pod_local_store(workload: Workload) -> str | None:
    """The variable (``NAME=value``) by which a workload's container points at a data store inside its own pod, by
    a store URL on the local host, or None: W&B's server runs its Redis in the pod (``REDIS=redis://127.0.0.1:6379``),
    so each replica holds a store of its own."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            for variable in as_list(container.get("env")):
                name, value = dig(variable, "name"), dig(variable, "value")
                parts = url_parts(value) if isinstance(name, str) and isinstance(value, str) else None
                if parts is not None and parts[0] in STORE_SCHEMES and parts[1] in LOCAL_HOSTS:
                    return f"{name}={value}"
    return None


EMBEDDED_URL = re.compile(r"jdbc:(?:h2|derby|hsqldb|sqlite):|sqlite3?:", re.IGNORECASE)
"""The start of a URL naming a database embedded in the program's own process: H2's, Derby's, HSQLDB's or SQLite's
JDBC URL (``jdbc:h2:mem:``), or a SQLite URL (``sqlite:///hub.sqlite``)."""

EMBEDDED_ENGINES = frozenset({"h2", "derby", "hsqldb", "sqlite", "sqlite3"})
"""Names of those databases, as the value of a setting named for a program's data store (``DATABASE_DRIVER``)."""

CONFIG_LINE = re.compile(r"""^[ \t]*["']?([A-Za-z][\w.-]*)["']?[ \t]*[:=][ \t]*["']?([^"'\s,]+)""", re.MULTILINE)
"""A ``key: value`` or ``key=value`` line of a configuration file (YAML, JSON, properties); a commented-out line is
none."""

TEMPLATE_ENDINGS = (*SCRIPT_ENDINGS, ".tpl")
"""Endings of a file that is a program or a template, not a configuration: its assignments may sit in branches never
taken."""


def embedded_database(inventory: Readable, workload: Workload) -> str | None:
    """Where a workload's program keeps its data in a database embedded in its own process (H2, Derby, HSQLDB,
    SQLite), or None: a URL naming one (``EMBEDDED_URL``), or a setting named for its data store whose value names
    one, in a variable, a flag (`--flag=value` or `--flag value`), or a configuration file the program is pointed at (Kestra's chart sets
    ``url: jdbc:h2:mem:...`` in the file ``MICRONAUT_CONFIG_FILES`` names). Each replica then holds a database of
    its own. A data store's own image is not judged by it."""
    if data_store(workload) is not None:
        return None
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            for setting, value in settings(container):
                if _embedded(setting, value):
                    return f"{setting}={value}"
        for config_map in pointed_config_maps(template):
            obj = inventory.get("ConfigMap", workload.ref.namespace, config_map)
            for key, text in as_dict(obj.get("data") if obj else None).items():
                if not isinstance(text, str) or str(key).lower().endswith(TEMPLATE_ENDINGS):
                    continue
                for match in CONFIG_LINE.finditer(text):
                    if _embedded(match.group(1), match.group(2)):
                        return f"{match.group(1)}: {match.group(2)} in ConfigMap {config_map}"
    return None


def _embedded(setting: str, value: str) -> bool:
    value = value.strip()
    return bool(EMBEDDED_URL.match(value)) or (
        value.lower() in EMBEDDED_ENGINES and STORE_SETTINGS.find(setting.replace(".", " ")) is not None
    )


def monitoring_server(workload: Workload) -> str | None:
    """The monitoring server that gathers its own data a workload's containers run (``MONITORING_SERVERS``), or
    None."""
    return _named(workload, MONITORING_SERVERS)


CSI_SIDECARS = (
    "csi-provisioner",
    "csi-attacher",
    "csi-resizer",
    "csi-snapshotter",
    "csi-node-driver-registrar",
    "csi-external-health-monitor-controller",
)
"""Images (the whole last part of the repository: ``registry.k8s.io/sig-storage/csi-provisioner``) of the sidecars
Kubernetes ships for CSI drivers: a pod that runs one is a storage driver's, whose node-local paths are its
sockets, the mount points of the volumes it serves and caches it rebuilds, not data of its own."""


def storage_driver(workload: Workload) -> str | None:
    """The CSI sidecar that shows the workload is a storage driver's (``CSI_SIDECARS``), or None."""
    for template in workload.templates:
        for _, container in containers(template.spec):
            if (last := image_name(container)) in CSI_SIDECARS:
                return last
    return None


def attaches_volumes(workload: Workload) -> bool:
    """Whether a storage driver's pod runs the ``csi-attacher`` sidecar: its driver attaches volumes to nodes (its
    CSIDriver requires attaching), so a pod moved to another node waits for it. A driver that only provisions, and
    leaves mounting to its node plugin, ships none."""
    return any(
        image_name(container) == "csi-attacher"
        for template in workload.templates
        for _, container in containers(template.spec)
    )


def alert_router(workload: Workload) -> str | None:
    """The alert router a workload's containers run (``ALERT_ROUTERS``), or None."""
    return _named(workload, ALERT_ROUTERS)


def observer(workload: Workload) -> str | None:
    """The monitoring, alerting or telemetry server a workload's containers run, or None: a program that watches
    and acts on nothing it watches, whose loss blinds its readers and fails no product client's request."""
    return monitoring_server(workload) or alert_router(workload) or _named(workload, TELEMETRY_BACKENDS)


def _named(workload: Workload, programs: tuple[str, ...]) -> str | None:
    """The first of ``programs`` that a container's image is named for, by the whole last part of its repository."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            if (last := image_name(container)) in programs:
                return last
    return None


def container_data_store(container: dict) -> str | None:
    """The data store a container runs, by the words of its image's name, or None: the store's name without a
    companion's word (``postgres-operator`` manages Postgres, it does not keep data)."""
    return _server_of(container, DATA_STORES)


def _server(workload: Workload, servers: Words) -> str | None:
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            if found := _server_of(container, servers):
                return found
    return None


def _server_of(container: dict, servers: Words) -> str | None:
    last = image_name(container)
    found = servers.find(last)
    return found if found and not COMPANIONS.find(last) else None
