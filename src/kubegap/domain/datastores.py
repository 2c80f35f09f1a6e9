"""Data stores and message brokers: which images run one (``postgres``, ``nats``), and which only run beside one
(``postgres-operator``, ``nats-box``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

from kubegap.domain.containers import (
    SCRIPT_ENDINGS,
    config_map_files,
    config_map_sources,
    image_name,
    pointed_config_maps,
    settings,
    state_directory_of,
)
from kubegap.domain.podtemplates import PodTemplate, Workload, keeps_claims
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.tokens import Words, words
from kubegap.yamlload import YAMLError, load, too_deep

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
UNCLUSTERED_BROKERS = frozenset({"mosquitto"})
"""Message brokers (``MESSAGE_BROKERS`` words) with no clustering of their own: Mosquitto's open-source build only
bridges topics between separate brokers (its maintainer wrote that clustering was not on the immediate roadmap,
eclipse-mosquitto/mosquitto#352), so no second replica of it is the same broker."""


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

TELEMETRY_VIEWERS = ("grafana", "grafana-oss", "grafana-enterprise", "kibana", "opensearch-dashboards")
"""Images (the whole last part of the repository: ``grafana/grafana``, not ``grafana-image-renderer``) of the
dashboards people read telemetry through, and from which Grafana also sends the alerts its rules define. Losing one
costs its readers their view and delays those alerts; it keeps no telemetry of its own, and no product client's
request fails."""


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
        "api",
        "rest",
        "meta",
        "connect",
        "console",
        "web",
        "gui",
        "studio",
        "express",
        "commander",
        "browser",
        "router",
        "rollover",
        "dashboards",
        "hq",
    )
)
"""Words of an image that runs beside a data store or broker, not the server itself (``postgres-operator``,
``redis-exporter``, ``nats-box``, ``nats-server-config-reloader``), among them the APIs, connectors and consoles
built on one (``postgres-meta``, a REST API that manages PostgreSQL; ``kafka-connect``; ``mongo-express``;
MinIO's ``minio-object-browser``)."""


def data_store(workload: Workload) -> str | None:
    """The data store a workload's containers run (``container_data_store``), or None."""
    return _server(workload, container_data_store)


def message_broker(workload: Workload) -> str | None:
    """The message broker a workload's containers run (``MESSAGE_BROKERS``, without a companion's word), or None."""
    return _server(workload, lambda container: _server_of(container, MESSAGE_BROKERS))


def unclustered_broker(workload: Workload) -> str | None:
    """The message broker with no clustering of its own (``UNCLUSTERED_BROKERS``) a workload runs, or None: one
    that must run alone, since a second replica is a second broker."""
    return _server(workload, unclustered_broker_of)


def unclustered_broker_of(container: dict) -> str | None:
    """The message broker with no clustering of its own (``UNCLUSTERED_BROKERS``) the container runs, or None."""
    broker = _server_of(container, MESSAGE_BROKERS)
    return broker if broker in UNCLUSTERED_BROKERS else None


IN_MEMORY_STORES = Words(("redis", "valkey", "memcached", "keydb"))
"""Images of stores that serve from memory: with no persistent volume, each starts empty."""


def starts_empty(workload: Workload, container: dict) -> str | None:
    """The in-memory store (``IN_MEMORY_STORES``) the workload's container runs with no persistent volume in its pods
    to load its data from, or None: each new pod starts it empty, and it answers as soon as it listens (Argo CD's,
    Refinery's and PipeCD's Redis caches)."""
    found = _server_of(container, IN_MEMORY_STORES)
    return None if found is None or keeps_claims(workload) else found


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


STORE_SETTINGS = Words(("datastore", "data store", "storage", "store", "backend", "database", "db", "persistence"))
"""Words of a variable's or flag's name that choose where a program keeps its data (``OPENFGA_DATASTORE_ENGINE``,
``STORAGE_TYPE``, ``--store-backend``, Polaris's ``polaris.persistence.type``)."""

STORE_CHOOSERS = frozenset(
    {
        "type",
        "kind",
        "engine",
        "driver",
        "backend",
        "mode",
        "impl",
        "implementation",
        "provider",
        "connection",
        "adapter",
        "vendor",
        "dialect",
        "client",
        "flavor",
    }
)
"""Words after a data store's word in a setting's name that choose which store it is (``STORAGE_TYPE``,
``nessie.version.store.type``, Keycloak's ``DB_VENDOR``, Laravel's ``DB_CONNECTION``); any other word names something of the store's (``storage.cache.blobdescriptor``,
a registry's cache of blob descriptors, is not where it keeps its blobs)."""


CACHE_WORDS = frozenset({"cache", "caches", "caching"})
"""Words before a store's word in a setting's name that make it a cache's store (``CACHE_STORE_TYPE``): a cache kept
in memory is not where the program keeps its data."""


def store_setting(setting: str) -> str | None:
    """The store's word by which a variable's, flag's or configuration line's name chooses where a program keeps its
    data, or None: the last word of ``STORE_SETTINGS`` (``data store`` as two), followed only by words of
    ``STORE_CHOOSERS`` and preceded by no word of a cache (``CACHE_WORDS``)."""
    found = words(setting)
    spans = [
        (start, start + len(phrase), entry)
        for entry, phrase in zip(STORE_SETTINGS.entries, map(words, STORE_SETTINGS.entries), strict=True)
        for start in range(len(found))
        if found[start : start + len(phrase)] == phrase
    ]
    if not spans:
        return None
    start, end, entry = max(spans, key=lambda span: (span[1], span[1] - span[0]))
    if any(word not in STORE_CHOOSERS for word in found[end:]) or CACHE_WORDS & set(found[:start]):
        return None
    return entry


IN_MEMORY = frozenset({"memory", "inmemory", "in-memory", "in_memory", "mem"})
"""Values of such a setting that keep the data in the program's own process."""


def in_memory_store(inventory: Readable, workload: Workload) -> str | None:
    """The setting by which a workload's program keeps its data in its own memory, or None: a variable, flag or
    line of a configuration file it reads (``config_file_settings``) named for its data store or storage whose
    value is ``memory`` (or ``memory://...``). Each replica then holds a store of its own (OpenFGA's
    ``OPENFGA_DATASTORE_ENGINE=memory``, for which its chart runs one replica; Nessie's
    ``nessie.version.store.type=IN_MEMORY``)."""
    for setting, value, where in _workload_settings(inventory, workload):
        if store_setting(setting) is None:
            continue
        if value.strip().lower() in IN_MEMORY or value.strip().lower().startswith("memory://"):
            return _said(setting, value, where)
    return None


def _said(setting: str, value: str, where: str) -> str:
    """A setting as the finding quotes it: ``NAME=value`` for a variable or flag, ``key: value in ConfigMap c`` for a
    line of a configuration file."""
    return f"{setting}: {value}{where}" if where else f"{setting}={value}"


def _workload_settings(inventory: Readable, workload: Workload) -> Iterator[tuple[str, str, str]]:
    """``(setting, value, where)`` of each variable and flag of a workload's regular containers (``where`` empty),
    then of each line of the configuration files its program reads (``where`` names the ConfigMap)."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            for setting, value in settings(container):
                yield setting, value, ""
    for template in workload.templates:
        for config_map, setting, value in config_file_settings(inventory, workload.ref.namespace, template):
            yield setting, value, f" in ConfigMap {config_map}"


STORE_SCHEMES = {
    "redis": "redis",
    "rediss": "redis",
    "postgres": "postgres",
    "postgresql": "postgres",
    "mysql": "mysql",
    "mongodb": "mongo",
    "mongodb+srv": "mongo",
    "amqp": "rabbitmq",
    "nats": "nats",
    "memcached": "memcached",
}
"""URL schemes of the data stores and brokers a program keeps or passes its data through, each with the store it
names, as an image names it (``postgresql://`` and ``postgres:16`` name one store; ``rediss://`` is Redis over
TLS)."""

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

EMBEDDED_ENGINES = frozenset(
    {"h2", "derby", "hsqldb", "sqlite", "sqlite3", "badger", "badgerdb", "bolt", "boltdb", "bbolt", "leveldb"}
)
"""Names of those databases and of key-value stores embedded in a program (Badger, Bolt, LevelDB), as the value of a
setting named for a program's data store (``DATABASE_DRIVER``)."""

DATABASE_SETTINGS = Words(("database", "db"))
"""Words of a setting's name that choose a program's database, where ``local`` names the one embedded in the program
(lakeFS's ``database.type: local``); ``local`` storage or a local store backend is a directory, judged by its volume."""

CONFIG_LINE = re.compile(r"""^[ \t]*["']?([A-Za-z][\w.-]*)["']?[ \t]*[:=][ \t]*["']?([^"'\s,]+)""", re.MULTILINE)
"""A ``key: value`` or ``key=value`` line of a configuration file (properties, INI); a commented-out line is none."""

TEMPLATE_ENDINGS = (*SCRIPT_ENDINGS, ".tpl")
"""Endings of a file that is a program or a template, not a configuration: its assignments may sit in branches never
taken."""

CONVENTIONAL_CONFIG = re.compile(r"/config/application\.(?:properties|ya?ml)$")
"""Where Spring Boot, Quarkus and Micronaut read a configuration file without being pointed at it: ``application``
properties or YAML in a ``config`` folder, which they read from their working directory (the image sets which;
Nessie's chart mounts the file at ``/deployments/config/application.properties``)."""


ETC_CONFIG = re.compile(r"^/etc/([^/]+)/.*\.(?:ya?ml|properties)$", re.IGNORECASE)
"""A YAML or properties file in a directory of ``/etc``: where a Unix program reads its configuration, in the
directory named for it."""


def _in_its_etc(path: str, container: dict) -> bool:
    """Whether a file mounted alone is a configuration file in the ``/etc`` directory named for the container's
    program (Flipt's chart mounts ``default.yml`` as ``/etc/flipt/config/default.yml`` for ``flipt/flipt``): a
    program reads its own there; a file mounted elsewhere may never be given to it."""
    found = ETC_CONFIG.match(path)
    return found is not None and found.group(1).lower() == image_name(container)


def config_file_settings(inventory: Readable, ns: str | None, template: PodTemplate) -> Iterator[tuple[str, str, str]]:
    """``(ConfigMap, setting, value)`` for each setting of the configuration files a pod's program reads: the
    files of the ConfigMaps a flag or variable points it at (``pointed_config_maps``), and the files mounted where
    its framework or the program itself reads them by convention (``_conventional_config_files``: only those keys).
    A YAML file's settings are named by their dotted path (``database: {type: local}`` is ``database.type``); any
    other file's by its ``key=value`` or ``key: value`` lines."""
    read = pointed_config_maps(template) + _conventional_config_files(template)
    for config_map, keys in read:
        obj = inventory.get("ConfigMap", ns, config_map)
        for key, text in as_dict(obj.get("data") if obj else None).items():
            if not isinstance(text, str) or str(key).lower().endswith(TEMPLATE_ENDINGS):
                continue
            if keys is not None and key not in keys:
                continue
            for setting, value in _file_settings(text):
                yield config_map, setting, value


APPLICATION_FILES = frozenset({"application.properties", "application.yml", "application.yaml"})
"""The files Spring Boot, Quarkus and Micronaut read from a ``config`` folder of their working directory."""


def _conventional_config_files(template: PodTemplate) -> list[tuple[str, frozenset[str]]]:
    """``(ConfigMap, keys)`` mounted where a framework or the program reads its configuration by convention: one key
    mounted as the file ``.../config/application.properties`` (its ``subPath``) or as a YAML or properties file in
    the program's own ``/etc`` directory, or the ``application.*`` files of a ConfigMap mounted, alone or in a
    projected volume, as a ``config`` directory."""
    volumes = _config_map_volumes(template)
    found = []
    for _, container in containers(template.spec, init=False):
        for mount in as_list(container.get("volumeMounts")):
            path, volume_name, sub = dig(mount, "mountPath"), dig(mount, "name"), dig(mount, "subPath")
            if not isinstance(path, str) or not isinstance(volume_name, str):
                continue
            for config_map, files in volumes.get(volume_name, []):
                if isinstance(sub, str) and (CONVENTIONAL_CONFIG.search(path) or _in_its_etc(path, container)):
                    if files is None or sub in files:
                        found.append((config_map, frozenset({files[sub] if files is not None else sub})))
                elif sub is None and path.rstrip("/").endswith("/config"):
                    named = APPLICATION_FILES if files is None else {files[f] for f in APPLICATION_FILES if f in files}
                    found.append((config_map, frozenset(named)))
    return found


def _config_map_volumes(template: PodTemplate) -> dict[str, list[tuple[str, dict[str, str] | None]]]:
    """Per volume name, the ConfigMaps it mounts (a ``configMap`` volume's, or a ``projected`` volume's sources), each
    with its files' keys by file name where ``items`` chooses them (None: every key, as a file of its name)."""
    found: dict[str, list[tuple[str, dict[str, str] | None]]] = {}
    for volume in as_list(dig(template.spec, "volumes")):
        volume_name = dig(volume, "name")
        if not isinstance(volume_name, str):
            continue
        for source in config_map_sources(volume):
            found.setdefault(volume_name, []).append((source["name"], config_map_files(source)))
    return found


def _file_settings(text: str) -> Iterator[tuple[str, str]]:
    parsed: object = None
    if not too_deep(text):
        try:
            parsed = load(text)
        except (YAMLError, ValueError):  # not YAML: a properties or INI file
            parsed = None
    if isinstance(parsed, (dict, list)):
        yield from _flattened(parsed, "")
    else:
        for match in CONFIG_LINE.finditer(text):
            yield match.group(1), match.group(2)


def _flattened(value: object, path: str) -> Iterator[tuple[str, str]]:
    """Each scalar of a parsed file with its dotted path (an item of a list by its index: ``datasources[0].url``)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _flattened(inner, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _flattened(inner, f"{path}[{index}]")
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool) and path:
        yield path, str(value)


def embedded_database(inventory: Readable, workload: Workload) -> str | None:
    """Where a workload's program keeps its data in a database embedded in its own process (H2, Derby, HSQLDB,
    SQLite, Badger, Bolt, LevelDB), or None: a URL naming one (``EMBEDDED_URL``, or a ``file:`` URL in a setting
    named for its database: SQLite's URI file name, as Flipt's ``db.url``), or a setting named for its data
    store whose value names one, in a variable, a flag (`--flag=value` or `--flag value`), or a configuration file the
    program reads (Kestra's chart sets ``url: jdbc:h2:mem:...`` in the file ``MICRONAUT_CONFIG_FILES`` names;
    lakeFS's sets ``database.type: local`` in the file its ``--config`` names). Each replica then holds a database of
    its own. A data store's own image is not judged by it."""
    if data_store(workload) is not None:
        return None
    for setting, value, where in _workload_settings(inventory, workload):
        if _embedded(setting, value):
            return _said(setting, value, where)
    return None


def _embedded(setting: str, value: str) -> bool:
    value = value.strip()
    store = store_setting(setting)
    return bool(EMBEDDED_URL.match(value) or (value.lower().startswith("file:") and _locates_a_database(setting))) or (
        store is not None
        and (value.lower() in EMBEDDED_ENGINES or (value.lower() == "local" and store in DATABASE_SETTINGS.entries))
    )


DATABASE_LOCATORS = frozenset({"url", "uri", "dsn", "path", "file"})
"""Last words of a setting that says where a database is (``db.url``, ``SQLITE_DATABASE_URL``)."""
NOT_THE_DATABASE = frozenset({"config", "conf", "password", "secret", "cert", "ca", "key", "tls", "ssl"})
"""Words of a setting that locates something of a database's other than the database: its client's configuration,
credentials or certificates (``DB_CONFIG_URL``, ``DB_PASSWORD=file:/run/secrets/...``)."""


def _locates_a_database(setting: str) -> bool:
    """Whether a setting says where a database is: named for a database and ending with a locator's word."""
    found = words(setting)
    return (
        DATABASE_SETTINGS.find(setting) is not None
        and found[-1] in DATABASE_LOCATORS
        and not NOT_THE_DATABASE & set(found)
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
    """The telemetry server or dashboard a workload's containers run (``telemetry_server``, ``TELEMETRY_VIEWERS``),
    or None: a program that watches and changes nothing it watches, whose loss blinds its readers and delays its
    alerts, and fails no product client's request."""
    return telemetry_server(workload) or _named(workload, TELEMETRY_VIEWERS)


def telemetry_server(workload: Workload) -> str | None:
    """The monitoring, alerting or telemetry server a workload's containers run, or None: one that gathers, routes
    or keeps telemetry itself (``MONITORING_SERVERS``, ``ALERT_ROUTERS``, ``TELEMETRY_BACKENDS``)."""
    return monitoring_server(workload) or alert_router(workload) or _named(workload, TELEMETRY_BACKENDS)


BUILD_FLAVOURS = ("slim", "alpine", "distroless", "minimal")
"""Last words of an image's name that say how its program was built, not which program it is: ``openzipkin/zipkin-slim``
is Zipkin."""


def _named(workload: Workload, programs: tuple[str, ...]) -> str | None:
    """The first of ``programs`` that a container's image is named for, by the whole last part of its repository, less
    a build flavour (``BUILD_FLAVOURS``)."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            last = image_name(container)
            for flavour in BUILD_FLAVOURS:
                last = last.removesuffix(f"-{flavour}")
            if last in programs:
                return last
    return None


def container_data_store(container: dict) -> str | None:
    """The data store a container runs, or None: by the words of its image's name, the store's name without a
    companion's word (``postgres-operator`` manages Postgres, it does not keep data), in an image that is not a
    program built for the store (``_built_for``); else by the data directory it writes, ``/var/lib/<store>``, where
    only the store keeps its files (REANA's ``reanahub/reana-message-broker`` is RabbitMQ writing
    ``/var/lib/rabbitmq/mnesia``)."""
    found = _server_of(container, DATA_STORES)
    if found is not None:
        return None if _built_for(container, found) else found
    return _data_directory_store(container)


NODE_ROLE_SETTINGS = Words(("node roles", "replica set mode"))
"""Settings that give a store's member its role in its cluster: a search engine's node roles
(``OPENSEARCH_NODE_ROLES``, ``node.roles``) and a MongoDB member's mode (Bitnami's ``MONGODB_REPLICA_SET_MODE``)."""

ROLES_WITHOUT_DATA = frozenset({"arbiter", "ingest", "ml", "remote_cluster_client", "transform", "coordinating"})
"""Roles whose members keep no data: a MongoDB arbiter votes and holds none; a search engine's ingest, machine
learning, transform and cross-cluster client roles keep no shards, and a node with no role only coordinates. A
master or cluster-manager node keeps the cluster's state on disk, and is not among them."""


def keeps_no_data(container: dict) -> bool:
    """Whether a setting gives a store's member a role keeping no data (``ROLES_WITHOUT_DATA``): Invenio's OpenSearch
    coordinating node (``OPENSEARCH_NODE_ROLES=""``) and SD-Core's MongoDB arbiter (``MONGODB_REPLICA_SET_MODE=arbiter``)
    keep their configuration, not data, on their emptyDirs."""
    if container_data_store(container) is None:
        return False
    found = settings(container)
    dedicated = any(DEDICATED_NODE.ends(setting) and value.lower() in ("yes", "true") for setting, value in found)
    for setting, value in found:
        if NODE_ROLE_SETTINGS.ends(setting):
            roles = {role for role in re.split(r"[\s,\[\]\"']+", value.lower()) if role}
            # no role at all makes a coordinating node where the list is written empty (node.roles=[]) or the image
            # is told its roles are all it has (Bitnami's OPENSEARCH_IS_DEDICATED_NODE=yes); elsewhere an empty value
            # may leave the default, every role
            keeps_none = roles <= ROLES_WITHOUT_DATA and (bool(roles) or dedicated or value.strip() == "[]")
            return keeps_none
    return False


DEDICATED_NODE = Words(("is dedicated node",))
"""Bitnami's switch (``OPENSEARCH_IS_DEDICATED_NODE``) that gives a search node only the roles its node roles list."""


def _data_directory_store(container: dict) -> str | None:
    """The store whose own data directory, ``/var/lib/<store>``, the container mounts writable, or None."""
    for mount in as_list(container.get("volumeMounts")):
        path = dig(mount, "mountPath")
        written = isinstance(path, str) and dig(mount, "readOnly") is not True
        if written and (program := state_directory_of(path)) in DATA_STORES.entries:
            return program
    return None


def _server(workload: Workload, server_of: Callable[[dict], str | None]) -> str | None:
    """The first server a regular container of the workload runs, as ``server_of`` names a container's."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            if found := server_of(container):
                return found
    return None


def _server_of(container: dict, servers: Words) -> str | None:
    last = image_name(container)
    found = servers.find(last)
    return found if found and not COMPANIONS.find(last) else None


STORE_DISTRIBUTORS = frozenset({"percona", "bitnami"})
"""First words of the images in which a distributor ships a store (``percona-server-mongodb``)."""


def _built_for(container: dict, store: str) -> bool:
    """Whether the container runs a program built for ``store`` rather than the store: its image's name starts with
    another program's (``supertokens-postgresql``, SuperTokens for PostgreSQL; not a distributor's), and its own
    settings point it at such a store on another host, by a URL whose scheme names it
    (``postgresql://agenta-postgresql:5432``). A store's own image starts with the store's name (``mysql-server``,
    ``postgresql-repmgr``, ``redis-stack-server``), whatever URLs a shared environment gives it."""
    named = words(image_name(container))
    if not named or named[0] == store or named[0] in STORE_DISTRIBUTORS:
        return False
    kind = STORE_SCHEMES.get(store, store)
    for _, value in settings(container):
        parts = url_parts(value)
        if parts is not None and parts[1] not in (None, *LOCAL_HOSTS) and STORE_SCHEMES.get(parts[0]) == kind:
            return True
    return False
