"""Storage checks: stateful data that lives and dies with one machine, or has no backup."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator

from kubegap import limits
from kubegap.checks._common import (
    audited_workloads,
    container_data_store,
    image_name,
    images,
    mounted_volumes,
    spec_path,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.intstr import rolling_update
from kubegap.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS, Workload, as_workload
from kubegap.resources import annotations, as_dict, as_list, containers, dig, group, labels, name, namespace
from kubegap.tokens import Vocabulary, words

LOCAL_DATA_LOSS = (
    "restate-user-2026-gke-node-upgrade-local-nvme-data-loss",
    "aks-user-2018-hostpath-database-wiped-by-cluster-upgrade",
    "kubernetes-user-2015-mongodb-emptydir-lost-after-upgrade",
)

LOCAL_PROVISIONERS = (
    "kubernetes.io/no-provisioner",
    "rancher.io/local-path",
    "openebs.io/local",
    "local.csi.openebs.io",
    "topolvm.io",
    "topolvm.cybozu.com",
    "lvm.csi.metal-stack.io",
    "local.csi.aliyun.com",
)


def storage_class(ctx: Context, class_name) -> dict | None:
    """The StorageClass a claim uses (the single default class when it names none); None when unknown."""
    if not ctx.inventory.collected("StorageClass"):
        return None
    if not isinstance(class_name, str):
        defaults = [
            sc
            for sc in ctx.inventory.of_kind("StorageClass")
            if dig(sc, "metadata", "annotations", "storageclass.kubernetes.io/is-default-class") == "true"
        ]
        return defaults[0] if len(defaults) == 1 else None
    return ctx.inventory.get("StorageClass", None, class_name)


def _storage_class_is_local(ctx: Context, class_name: str | None) -> bool | None:
    """True/False when known; None when StorageClasses were not collected or the class is unknown."""
    sc = storage_class(ctx, class_name)
    return None if sc is None else sc.get("provisioner") in ctx.setting("local_provisioners")


def _pv_is_local(pv: dict) -> str | None:
    spec = pv.get("spec") if isinstance(pv.get("spec"), dict) else {}
    for field in ("local", "hostPath"):
        if isinstance(spec.get(field), dict):
            return field
    return None


def _claim_template_reasons(ctx: Context, workload: Workload) -> Iterator[Evidence]:
    for index, template in enumerate(as_list(dig(workload.obj, "spec", "volumeClaimTemplates"))):
        class_name = dig(template, "spec", "storageClassName")
        class_name = class_name if isinstance(class_name, str) else None
        if _storage_class_is_local(ctx, class_name):
            yield Evidence(f"spec.volumeClaimTemplates[{index}].spec.storageClassName", class_name or "(default class)")


_ORDINAL = re.compile(r"-\d+$")


def _claims_by_stem(ctx: Context) -> dict[tuple[str | None, str], list[dict]]:
    """Claims per (namespace, name without its ordinal): ``data-web-3`` under ``data-web``."""
    stems: dict[tuple[str | None, str], list[dict]] = defaultdict(list)
    for pvc in ctx.inventory.of_kind("PersistentVolumeClaim"):
        stems[(namespace(pvc), _ORDINAL.sub("", name(pvc)))].append(pvc)
    return stems


def _bound_local_volumes(ctx: Context, workload: Workload, claims_by_stem: dict) -> Iterator[Evidence]:
    """Live PVCs of this workload bound to local or hostPath PersistentVolumes."""
    if not (ctx.inventory.collected("PersistentVolumeClaim") and ctx.inventory.collected("PersistentVolume")):
        return
    ns = workload.ref.namespace
    claimed = {
        claim
        for template in workload.templates
        for v in as_list(template.spec.get("volumes"))
        if isinstance(claim := dig(v, "persistentVolumeClaim", "claimName"), str)
    }
    pvcs = [pvc for claim in claimed if (pvc := ctx.inventory.get("PersistentVolumeClaim", ns, claim))]
    for template in as_list(dig(workload.obj, "spec", "volumeClaimTemplates")):
        pvcs += claims_by_stem.get((ns, f"{dig(template, 'metadata', 'name')}-{workload.ref.name}"), [])
    for pvc in {id(p): p for p in pvcs}.values():  # a claim both mounted by name and templated counts once
        pvc_name = name(pvc)
        volume = dig(pvc, "spec", "volumeName")
        pv = ctx.inventory.get("PersistentVolume", None, volume) if isinstance(volume, str) else None
        kind_of_volume = _pv_is_local(pv) if pv else None
        if kind_of_volume:
            yield Evidence(f"PersistentVolume {volume}.spec.{kind_of_volume}", f"bound to claim {pvc_name}")


SCRATCH_PATHS = ("/tmp", "/var/tmp", "/run", "/var/run", "/var/cache", "/cache", "/home", "/dev/shm")
"""Mount points of scratch space: an emptyDir there holds nothing meant to outlive the pod."""
CACHE_IMAGES = Vocabulary(("redis", "valkey", "keydb", "memcached", "haproxy"))
"""Images (the first words of the repository's last part) that keep only caches or proxy state: their
emptyDir volumes are a deliberate choice."""


def _holds_data(template, volume_name: str) -> dict | None:
    """Where a non-cache container mounts the volume outside scratch paths (``mountPath``), and what shows it keeps
    data there (``kept``, by ``keeps_data``), when something does: a mount alone says where data would go, not that
    any does."""
    found = None
    for _, container in containers(template.spec):
        if CACHE_IMAGES.starts(image_name(container)):
            continue
        for mount in as_list(container.get("volumeMounts")):
            path = str(dig(mount, "mountPath", default=""))
            if dig(mount, "name") == volume_name and not any(
                path == p or path.startswith(p + "/") for p in SCRATCH_PATHS
            ):
                if kept := keeps_data(container, path):
                    return {"volume": volume_name, "mountPath": path, "kept": kept}
                found = found or {"volume": volume_name, "mountPath": path}
    return found


DATA_DIR_SETTING = Vocabulary(
    (
        *(
            f"{what}{joint}{where}"
            for what in ("data", "base", "storage", "state", "db", "wal")
            for where in ("dir", "directory", "path", "root")
            for joint in (" ", "")
        ),
        "paths data",
        "path data",
    )
)
"""The last words of an environment variable or flag naming where the application keeps its data
(``RESTATE_BASE_DIR``, ``DATA_DIR``, ``--data-dir``, ``--storage.tsdb.path``, ``DATADIR``, ``GF_PATHS_DATA``; not
``METADATA_DIR``)."""


def _configured_data_dirs(container: dict) -> list[tuple[str, str]]:
    """``(setting, path)`` for each data directory the container's environment or flags configure."""
    found = []
    for variable in as_list(container.get("env")):
        name, value = dig(variable, "name"), dig(variable, "value")
        if isinstance(name, str) and isinstance(value, str) and value.startswith("/") and DATA_DIR_SETTING.ends(name):
            found.append((name, value))
    for part in as_list(container.get("command")) + as_list(container.get("args")):
        flag, _, value = part.partition("=") if isinstance(part, str) else ("", "", "")
        if (
            flag.startswith("-")
            and value.startswith("/")
            and not any(c.isspace() for c in value)
            and DATA_DIR_SETTING.ends(flag)
        ):
            found.append((flag, value))
    return found


def _data_dir_on_empty_dir(template, volume_name: str) -> str | None:
    """The setting that puts a container's configured data directory inside this volume, if one does."""
    for _, container in containers(template.spec, init=False):
        mounts = [
            str(dig(m, "mountPath", default="")).rstrip("/")
            for m in as_list(container.get("volumeMounts"))
            if dig(m, "name") == volume_name
        ]
        for setting, path in _configured_data_dirs(container):
            if any(m and (path == m or path.startswith(m + "/")) for m in mounts):
                return f"{setting}={path}"
    return None


def _pod_volume_reasons(workload: Workload) -> Iterator[Evidence]:
    has_claims = bool(as_list(dig(workload.obj, "spec", "volumeClaimTemplates")))
    for template in workload.templates:
        for index, volume in mounted_volumes(template):
            if isinstance(volume.get("hostPath"), dict):
                yield Evidence(f"{template.path}.spec.volumes[{index}].hostPath", dig(volume, "hostPath", "path"))
            elif isinstance(volume.get("emptyDir"), dict) and dig(volume, "emptyDir", "medium") != "Memory":
                configured = _data_dir_on_empty_dir(template, volume["name"])
                if configured is not None:  # the application is told to keep its data there, claims or not
                    yield Evidence(
                        f"{template.path}.spec.volumes[{index}].emptyDir",
                        {"volume": volume["name"], "data_dir": configured},
                    )
                elif not has_claims and (mount := _holds_data(template, volume["name"])):
                    yield Evidence(f"{template.path}.spec.volumes[{index}].emptyDir", mount)


DATABASE_DATA_DIRS = {
    "postgres": ("/var/lib/postgresql", "/bitnami/postgresql"),
    "postgresql": ("/var/lib/postgresql", "/bitnami/postgresql"),
    "postgis": ("/var/lib/postgresql",),
    "timescale": ("/var/lib/postgresql", "/home/postgres/pgdata"),
    "timescaledb": ("/var/lib/postgresql", "/home/postgres/pgdata"),
    "mysql": ("/var/lib/mysql", "/bitnami/mysql"),
    "mariadb": ("/var/lib/mysql", "/bitnami/mariadb"),
    "percona": ("/var/lib/mysql",),
    "mongo": ("/data/db", "/bitnami/mongodb"),
    "mongodb": ("/data/db", "/bitnami/mongodb"),
    "elasticsearch": ("/usr/share/elasticsearch/data", "/bitnami/elasticsearch"),
    "opensearch": ("/usr/share/opensearch/data",),
    "cassandra": ("/var/lib/cassandra", "/bitnami/cassandra"),
    "clickhouse": ("/var/lib/clickhouse",),
    "influxdb": ("/var/lib/influxdb", "/var/lib/influxdb2"),
    "cockroach": ("/cockroach/cockroach-data",),
    "couchdb": ("/opt/couchdb/data",),
    "neo4j": ("/data",),
    "rabbitmq": ("/var/lib/rabbitmq", "/bitnami/rabbitmq"),
    "etcd": ("/var/lib/etcd", "/etcd-data", "/bitnami/etcd"),
}
"""Databases, by the first words of their image's name, and the directories where their images keep data by default."""
DATABASE_IMAGES = Vocabulary(DATABASE_DATA_DIRS)
REPLACEABLE_KINDS = ("Deployment", "ReplicaSet", "ReplicationController")


def _database_data_on_pod_storage(workload: Workload) -> Iterator[Evidence]:
    """emptyDir or hostPath volumes mounted over a database image's data directory."""
    for template in workload.templates:
        volumes = None
        for _, container in containers(template.spec, init=False):
            database = DATABASE_IMAGES.starts(image_name(container))
            if database is None:
                continue
            data_dirs = DATABASE_DATA_DIRS[database]
            if volumes is None:
                volumes = {v["name"]: (index, v) for index, v in mounted_volumes(template)}
            for mount in as_list(container.get("volumeMounts")):
                mount_path = str(dig(mount, "mountPath", default="")).rstrip("/")
                mount_name = dig(mount, "name")
                index, volume = volumes.get(mount_name, (None, {})) if isinstance(mount_name, str) else (None, {})
                local = (
                    "emptyDir"
                    if isinstance(volume.get("emptyDir"), dict)
                    else "hostPath"
                    if isinstance(volume.get("hostPath"), dict)
                    else None
                )
                if (
                    local
                    and mount_path
                    and any(
                        d == mount_path or d.startswith(mount_path + "/") or mount_path.startswith(d + "/")
                        for d in data_dirs
                    )
                ):
                    yield Evidence(
                        f"{template.path}.spec.volumes[{index}].{local}",
                        {"container": container.get("name"), "image": container.get("image"), "mountPath": mount_path},
                    )


@check(
    id="local-storage-stateful",
    title="Stateful data on node-local storage",
    severity="high",
    category="storage",
    cases=LOCAL_DATA_LOSS,
    reads=["workloads", "StorageClass", "PersistentVolume", "PersistentVolumeClaim", "StatefulSet", *REPLACEABLE_KINDS],
    defaults={"local_provisioners": list(LOCAL_PROVISIONERS)},
    fix=(
        "Keep state that must survive the loss of a machine on network-attached or replicated storage "
        "(a zonal or regional CSI volume), or replicate it in the application across nodes and zones with "
        "tested re-seeding, so that replacing an instance does not lose data."
    ),
)
def local_storage_stateful(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets whose data lives on one machine: volume claim templates on a local StorageClass
    (`kubernetes.io/no-provisioner`, local-path, OpenEBS local, TopoLVM and others in the
    `local_provisioners` setting), claims bound to `local` or `hostPath` PersistentVolumes, mounted
    `hostPath` volumes, or a mounted disk-backed `emptyDir` with no volume claim templates at all
    (except an emptyDir used only as scratch space, mounted under `/tmp`, `/run`, `/var/cache`,
    `/home` and the like, or only by a cache such as Redis or Memcached). A mount is not a write (see
    Evidence rules): where nothing shows what the container keeps on such an emptyDir (no data store
    image, no data directory setting inside it, not the program's own `/var/lib/<program>`), the finding
    says only that whatever it keeps there is lost with the node. An `emptyDir` also counts,
    claim templates or not, when the container's environment or flags put its data directory
    inside it (`RESTATE_BASE_DIR=/nvme/restate`, `--data-dir=/scratch/db`).
    Claims whose StorageClass was not collected are not judged.

    Deployments (and bare ReplicaSets or ReplicationControllers) that run a database keep its data
    on pod storage when an `emptyDir` or `hostPath` volume is mounted over the data directory of
    the database's image: PostgreSQL `/var/lib/postgresql`, MySQL and MariaDB `/var/lib/mysql`,
    MongoDB `/data/db`, Elasticsearch `/usr/share/elasticsearch/data`, Cassandra, ClickHouse,
    InfluxDB, CockroachDB, CouchDB, Neo4j, RabbitMQ, etcd and their Bitnami paths. The database is
    recognised by its image name; caches (Redis, Memcached) are not judged.

    ## Why it matters

    Node-local data goes with the node, and routine maintenance replaces nodes. A five-node Restate
    cluster on GKE kept its data on an emptyDir backed by local NVMe: the first automatic node-pool
    upgrade brought a pod back with an empty disk and the cluster could not recover. An AKS user lost
    about 2 TB of database data kept in hostPath volumes when they upgraded the cluster, and a
    production MongoDB on emptyDir was gone after a Kubernetes upgrade restarted its nodes.

    ## Severity

    **High**: losing the machine loses the data. **Medium** for a StatefulSet's emptyDir when nothing
    shows what it keeps there: what is lost with the node may be nothing.

    ## Example

    ```yaml
    kind: StatefulSet
    spec:
      volumeClaimTemplates:
      - metadata: {name: data}
        spec: {storageClassName: local-nvme}   # provisioner: kubernetes.io/no-provisioner
    ```

    ## Fix

    ```yaml
      volumeClaimTemplates:
      - metadata: {name: data}
        spec: {storageClassName: regional-ssd}  # network-attached, survives node replacement
    ```
    """
    claims_by_stem = _claims_by_stem(ctx)
    for workload in ctx.inventory.workloads:
        if workload.kind in REPLACEABLE_KINDS and not workload.is_finished:
            evidence = list(_database_data_on_pod_storage(workload))
            if evidence:
                yield ctx.finding(
                    workload.obj,
                    f"{workload.kind} runs a database whose data directory is on "
                    f"{' and '.join(sorted({e.path.rsplit('.', 1)[-1] for e in evidence}))}: every reschedule, "
                    "node replacement or upgrade starts it with no data.",
                    *evidence,
                )
            continue
        if workload.kind != "StatefulSet":
            continue
        evidence = [
            *_claim_template_reasons(ctx, workload),
            *_bound_local_volumes(ctx, workload, claims_by_stem),
            *_pod_volume_reasons(workload),
        ]
        unshown = [
            e.value for e in evidence if isinstance(e.value, dict) and "mountPath" in e.value and "kept" not in e.value
        ]
        if evidence and len(unshown) == len(evidence):
            mounts = ", ".join(f"{m['volume']} at {m['mountPath']}" for m in unshown)
            yield ctx.finding(
                workload.obj,
                f"StatefulSet has no volume claim templates and mounts emptyDir {mounts}: whatever it keeps there is lost when "
                "the node is replaced (nothing in the input shows what it keeps: no data store image, no data directory "
                "setting).",
                *evidence,
                severity="medium",
            )
        elif evidence:
            yield ctx.finding(
                workload.obj,
                "StatefulSet keeps its data on node-local storage, which is lost when the node is replaced.",
                *evidence,
            )


KUBESTELLAR = "kubestellar-2026-helm-upgrade-deletes-console-database-volume"

BACKUP_KINDS = (
    "Schedule",
    "Backup",
    "VolumeSnapshot",
    "BackupConfiguration",
    "ReplicationSource",
    "RecurringJob",
    "ScheduledBackup",
)
"""Velero/k8up Schedule and Backup, CSI VolumeSnapshot, Stash BackupConfiguration, VolSync ReplicationSource,
Longhorn RecurringJob, CloudNativePG ScheduledBackup."""
BACKUP_JOB_HINTS = Vocabulary(
    (
        "backup",
        "backups",
        "dump",
        "dumps",
        "snapshot",
        "snapshots",
        "mysqldump",
        "mongodump",
        "pgdump",
        "velero",
        "restic",
        "kopia",
        "pgbackrest",
        "wal-g",
        "barman",
    )
)
"""Words in the name or image of a CronJob that backs data up."""
ALL_NAMESPACES = "*"


def _velero_namespaces(obj: dict) -> tuple[set[str], set[str]]:
    """(included, excluded) namespaces of a Velero Schedule or Backup; an empty include list means all."""
    spec = dig(obj, "spec", "template") if obj.get("kind") == "Schedule" else obj.get("spec")
    included = {n for n in as_list(dig(spec, "includedNamespaces")) if isinstance(n, str)} or {ALL_NAMESPACES}
    return included, {n for n in as_list(dig(spec, "excludedNamespaces")) if isinstance(n, str)}


def backup_covers(ctx: Context) -> Callable[[str | None], bool]:
    """A test of whether a namespace has backup evidence."""
    covered: set[str | None] = set()
    wildcard_exclusions: list[set[str]] = []  # one per Velero backup of every namespace
    for kind_name in BACKUP_KINDS:
        for obj in ctx.inventory.of_kind(kind_name):
            if group(obj) == "velero.io":
                included, excluded = _velero_namespaces(obj)
                if ALL_NAMESPACES in included:
                    wildcard_exclusions.append(excluded)
                covered |= included - excluded
            else:
                covered.add(namespace(obj))
    for obj in ctx.inventory.of_kind("CronJob"):
        workload = as_workload(obj)
        words = [name(obj), *(i for t in (workload.templates if workload else ()) for i in images(t))]
        if any(BACKUP_JOB_HINTS.find(w) for w in words):
            covered.add(namespace(obj))
    return lambda ns: ns in covered or any(ns not in excluded for excluded in wildcard_exclusions)


def _claims(workload: Workload) -> list[str]:
    """The workload's claims, each named once (the replica types of a training job often mount the same one)."""
    claims = [
        f"volumeClaimTemplates: {dig(t, 'metadata', 'name')}"
        for t in as_list(dig(workload.obj, "spec", "volumeClaimTemplates"))
    ]
    claims += [
        f"persistentVolumeClaim: {dig(v, 'persistentVolumeClaim', 'claimName')}"
        for t in workload.templates
        for v in as_list(t.spec.get("volumes"))
        if isinstance(dig(v, "persistentVolumeClaim"), dict)
    ]
    return list(dict.fromkeys(claims))


@check(
    id="backup-missing",
    title="Persistent data with no backup evidence in the cluster",
    severity="high",
    category="storage",
    cases=[KUBESTELLAR],
    requires=["CronJob"],
    reads=["workloads", *BACKUP_KINDS],
    fix=(
        "Back persistent data up on a schedule and test restores: a Velero Schedule (with volume "
        "snapshots or file-system backup) covering the namespace, the database operator's scheduled "
        "backups, or a backup CronJob that ships dumps off the cluster; keep the cluster itself "
        "reproducible from code."
    ),
)
def backup_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets with volume claim templates and other workloads mounting PersistentVolumeClaims,
    in namespaces with no backup evidence: no Velero Schedule or Backup including the namespace,
    no k8up Schedule/Backup, CSI VolumeSnapshot, Stash BackupConfiguration, VolSync
    ReplicationSource, Longhorn RecurringJob or CloudNativePG ScheduledBackup in it, and no CronJob
    whose name or image says backup, dump or snapshot (velero, restic, kopia, pgbackrest, wal-g,
    barman). Absence is only believed when it is known: every one of these kinds must have been
    collected or reported as not served by the cluster (a snapshot's `absent` list), and CronJobs
    collected. Otherwise the check is skipped: manifests of one application rarely contain the
    cluster's backup configuration.

    ## Why it matters

    In March 2026 a Helm upgrade deleted the volume holding the KubeStellar Console's SQLite
    database, and its GPU reservation data was lost: nothing copied the database anywhere else.
    The fix kept the claim through upgrades and added a CronJob copying the database to a separate
    backup claim every six hours, with an init container that restores the latest copy when the
    database is missing. A volume can be deleted, corrupted or lost with its zone; only a copy
    elsewhere, and a tested restore, brings the data back.

    ## Severity

    Always **high**: data that is lost cannot be restored.

    ## Example

    ```text
    StatefulSet shop/postgres (volumeClaimTemplates: data)
    no velero.io Schedule, no VolumeSnapshot, no backup CronJob in shop
    ```

    ## Fix

    ```yaml
    apiVersion: velero.io/v1
    kind: Schedule
    metadata: {name: shop-nightly, namespace: velero}
    spec:
      schedule: "0 2 * * *"
      template: {includedNamespaces: [shop], snapshotVolumes: true, ttl: 720h0m0s}
    ```
    """
    unknown = [k for k in BACKUP_KINDS if not ctx.inventory.collected(k) and k not in ctx.inventory.collection.absent]
    if unknown:
        raise Skip(f"backup kinds neither collected nor known to be absent: {', '.join(unknown)}")
    covered = backup_covers(ctx)
    for workload in ctx.inventory.workloads:
        claims = _claims(workload)
        if claims and not covered(workload.ref.namespace) and not workload.is_finished:
            yield ctx.finding(
                workload.obj,
                f"Persistent data with no backup evidence in namespace {workload.ref.namespace or '(none)'}: "
                "no backup schedule, snapshot or backup job covers it.",
                Evidence("volumes", claims),
            )


MEMGRAPH = "memgraph-user-2024-redeploy-deletes-persistent-disks"
MOJ = "moj-2019-prometheus-operator-removal-deletes-pv"


def _claim_policy(ctx: Context, claim: dict | None, class_name) -> tuple[str, str] | None:
    """``(where, reclaim policy)`` for a claim: its bound PersistentVolume's, else its StorageClass's."""
    volume = dig(claim, "spec", "volumeName")
    pv = ctx.inventory.get("PersistentVolume", None, volume) if isinstance(volume, str) else None
    if pv is not None:
        policy = dig(pv, "spec", "persistentVolumeReclaimPolicy")
        return (
            (f"PersistentVolume {volume}.spec.persistentVolumeReclaimPolicy", policy)
            if isinstance(policy, str)
            else None
        )
    sc = storage_class(ctx, dig(claim, "spec", "storageClassName") if claim else class_name)
    if sc is None:
        return None
    policy = sc.get("reclaimPolicy", "Delete")  # the API's default for StorageClasses
    return (f"StorageClass {name(sc)}.reclaimPolicy", policy if isinstance(policy, str) else "Delete")


def _deleting_claims(ctx: Context, workload: Workload) -> Iterator[Evidence]:
    ns, spec = workload.ref.namespace, as_dict(workload.obj.get("spec"))
    replicas = spec.get("replicas", 1) if isinstance(spec.get("replicas", 1), int) else 1
    for index, template in enumerate(as_list(spec.get("volumeClaimTemplates"))):
        template_name = dig(template, "metadata", "name")
        if not isinstance(template_name, str):
            continue
        claims = [
            ctx.inventory.get("PersistentVolumeClaim", ns, f"{template_name}-{workload.ref.name}-{i}")
            for i in range(min(replicas, limits.MAX_STATEFUL_ORDINALS))
        ]
        found = [c for c in claims if c is not None] or [None]  # no live claims: judge the template's class
        for claim in found:
            resolved = _claim_policy(ctx, claim, dig(template, "spec", "storageClassName"))
            if resolved and resolved[1] == "Delete":
                yield Evidence(resolved[0], f"Delete (volumeClaimTemplates[{index}] {template_name})")
    for template in workload.templates:
        for _, volume in mounted_volumes(template):
            claim_name = dig(volume, "persistentVolumeClaim", "claimName")
            claim = ctx.inventory.get("PersistentVolumeClaim", ns, claim_name) if isinstance(claim_name, str) else None
            resolved = _claim_policy(ctx, claim, None) if claim else None
            if resolved and resolved[1] == "Delete":
                yield Evidence(resolved[0], f"Delete (claim {claim_name})")


@check(
    id="reclaim-policy-delete",
    title="Stateful data on volumes that are destroyed when their claims are deleted",
    severity="medium",
    category="storage",
    cases=[MEMGRAPH, MOJ],
    reads=["workloads", "StorageClass", "PersistentVolume", "PersistentVolumeClaim"],
    fix=(
        "Give volumes that hold data which must outlive its workload the Retain reclaim policy: a "
        "StorageClass with reclaimPolicy: Retain for databases, or patch existing PersistentVolumes "
        '(kubectl patch pv NAME -p \'{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}\'); '
        "then deleting a claim leaves the disk to be removed by hand."
    ),
)
def reclaim_policy_delete(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets (their volume claim templates) and other workloads mounting
    PersistentVolumeClaims whose volumes have the `Delete` reclaim policy: the bound
    PersistentVolume's `persistentVolumeReclaimPolicy` when the claim and volume were collected,
    otherwise the `reclaimPolicy` of the claim's StorageClass (which defaults to `Delete`; a claim
    that names no class uses the single default class). Claims whose volume and class are both
    unknown are not judged; skipped when neither StorageClasses nor PersistentVolumes were collected.

    ## Why it matters

    With `Delete`, removing a claim destroys the PersistentVolume and its disk. Users of the
    Memgraph Helm charts (2024) found that redeploying the Memgraph StatefulSet deleted the
    underlying persistent disks because the volumes used the default Delete policy, which caused
    data loss; the maintainers agreed to make Retain the default. On the Ministry of Justice Cloud
    Platform (2019), deleting the prometheus-operator deployment together with its claim also
    deleted the volume behind it and lost the monitoring data; the planned fix was to change the
    retain policy on the volume.

    ## Severity

    Always **medium**: the data goes only when its claim is deleted, but then the disk goes with it.

    ## Example

    ```yaml
    apiVersion: storage.k8s.io/v1
    kind: StorageClass
    metadata: {name: ssd}
    provisioner: pd.csi.storage.gke.io      # reclaimPolicy unset: Delete
    ---
    kind: StatefulSet
    spec:
      volumeClaimTemplates:
      - metadata: {name: data}
        spec: {storageClassName: ssd}
    ```

    ## Fix

    ```yaml
    apiVersion: storage.k8s.io/v1
    kind: StorageClass
    metadata: {name: ssd-retain}
    provisioner: pd.csi.storage.gke.io
    reclaimPolicy: Retain
    ```
    """
    if not (ctx.inventory.collected("StorageClass") or ctx.inventory.collected("PersistentVolume")):
        raise Skip("neither StorageClasses nor PersistentVolumes were collected, so reclaim policies are unknown")
    for workload in ctx.inventory.workloads:
        if workload.kind not in ("StatefulSet", "Deployment") or workload.is_finished:
            continue
        evidence = list(dict.fromkeys(_deleting_claims(ctx, workload)))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} keeps its data on volumes with reclaim policy Delete: deleting the claims "
                "(a redeploy, an uninstall, a mistake) destroys the disks.",
                *evidence,
            )


SECOND_DEFAULT = "kubernetes-user-2020-second-default-storageclass-rejects-pvcs"
HETZNER = "hetzner-user-2021-pvcs-pending-after-rancher-upgrade"
KUBEFLOW_ZONE = "kubeflow-2021-pipelines-pv-provisioned-in-zone-without-nodes"
DEFAULT_CLASS_ANNOTATIONS = (
    "storageclass.kubernetes.io/is-default-class",
    "storageclass.beta.kubernetes.io/is-default-class",
)


@check(
    id="default-storageclass-multiple",
    title="More than one default StorageClass",
    severity="medium",
    category="storage",
    cases=[SECOND_DEFAULT],
    requires=["StorageClass"],
    fix=(
        'Keep exactly one StorageClass annotated storageclass.kubernetes.io/is-default-class: "true"; '
        "when changing the default, remove the annotation from the old class in the same change."
    ),
)
def default_storageclass_multiple(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StorageClasses annotated `storageclass.kubernetes.io/is-default-class: "true"` (or the old
    beta annotation): more than one is reported once, naming them all.

    ## Why it matters

    A user on AWS added a gp2-encrypted StorageClass marked as default while the existing gp2 class
    kept its default annotation. With two defaults, every PersistentVolumeClaim without an explicit
    class was rejected with "2 default StorageClasses were found". Kubernetes later changed this so
    that the newest default is chosen instead of an error; claims that omit storageClassName still
    depend entirely on which class that is.

    ## Severity

    Always **medium**: claims that name no class get an arbitrary one of the defaults.

    ## Example

    ```yaml
    kind: StorageClass
    metadata: {name: gp2, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
    ---
    kind: StorageClass
    metadata: {name: gp2-encrypted, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
    ```

    ## Fix

    ```sh
    kubectl annotate storageclass gp2 storageclass.kubernetes.io/is-default-class=false --overwrite
    ```
    """
    defaults = [
        sc
        for sc in ctx.inventory.of_kind("StorageClass")
        if any(annotations(sc).get(key) == "true" for key in DEFAULT_CLASS_ANNOTATIONS)
    ]
    if len(defaults) > 1:
        yield ctx.finding(
            ctx.cluster,
            f"{len(defaults)} StorageClasses are marked default: claims without a class get the newest one, "
            "and older clusters reject them.",
            Evidence("StorageClass metadata.annotations[is-default-class]", sorted(name(sc) for sc in defaults)),
        )


@check(
    id="pvc-unbound",
    title="PersistentVolumeClaims Pending or Lost",
    severity="high",
    category="storage",
    cases=[HETZNER],
    requires=["PersistentVolumeClaim"],
    fix=(
        "Look at the claim's events (kubectl describe pvc): a provisioner that is down or crash-looping, a "
        "StorageClass that does not exist, a zone without capacity; for Lost claims, find what deleted the "
        "PersistentVolume and restore it from backup."
    ),
)
def pvc_unbound(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PersistentVolumeClaims whose `status.phase` is `Pending` or `Lost`. Claims without status (in
    manifests) are not judged.

    ## Why it matters

    After a user upgraded Rancher and Kubernetes on Hetzner Cloud, every new claim stayed Pending,
    waiting for the csi.hetzner.cloud provisioner, whose controller containers were crash-looping;
    every new claim depended on that one controller. Pending claims are often the first visible
    sign that a storage provisioner is down.

    ## Severity

    Always **high**: the pods that need the claim cannot start.

    ## Example

    ```text
    NAMESPACE  NAME         STATUS   STORAGECLASS
    data       data-db-0    Pending  hcloud-volumes
    ```

    ## Fix

    ```sh
    kubectl describe pvc -n data data-db-0          # events name the provisioner and the error
    kubectl -n kube-system logs deploy/hcloud-csi-controller -c csi-provisioner
    ```
    """
    for pvc in ctx.inventory.of_kind("PersistentVolumeClaim"):
        phase = dig(pvc, "status", "phase")
        if phase in ("Pending", "Lost"):
            yield ctx.finding(
                pvc,
                f"Claim is {phase}: {'no volume has been provisioned or bound for it' if phase == 'Pending' else 'its PersistentVolume is gone'}.",
                Evidence("status.phase", phase),
                Evidence("spec.storageClassName", dig(pvc, "spec", "storageClassName")),
            )


ZONAL_PROVISIONERS = (
    "ebs.csi.aws.com",
    "kubernetes.io/aws-ebs",
    "pd.csi.storage.gke.io",
    "kubernetes.io/gce-pd",
    "disk.csi.azure.com",
    "kubernetes.io/azure-disk",
    "cinder.csi.openstack.org",
    "kubernetes.io/cinder",
    "csi.hetzner.cloud",
    "diskplugin.csi.alibabacloud.com",
)


@check(
    id="storage-binding-immediate",
    title="Zonal block storage provisioned before the pod is scheduled, in a multi-zone cluster",
    severity="medium",
    category="storage",
    cases=[KUBEFLOW_ZONE],
    requires=["StorageClass", "Node"],
    defaults={"zonal_provisioners": list(ZONAL_PROVISIONERS)},
    fix=(
        "Use volumeBindingMode: WaitForFirstConsumer for zonal block storage, so the disk is created in "
        "the zone the scheduler picks for the pod (the field is immutable: create a new class)."
    ),
)
def storage_binding_immediate(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    In clusters whose nodes span two or more zones (`topology.kubernetes.io/zone`), StorageClasses
    of zonal block-storage provisioners (EBS, GCE PD, Azure Disk, Cinder and others in the
    `zonal_provisioners` setting) whose `volumeBindingMode` is `Immediate` or unset (the default).
    Regional persistent disks (`replication-type: regional-pd`) are not reported.

    ## Why it matters

    Deploying Kubeflow Pipelines on a regional GKE cluster, a user found the MinIO claim bound to a
    persistent disk in us-central1-b while the nodes were only in us-central1-a, -c and -f, so the
    MinIO pod could never be scheduled. The default StorageClass used volumeBindingMode Immediate,
    which creates the disk as soon as the claim appears, in a zone chosen without considering which
    zones have nodes; the failure was intermittent.

    ## Severity

    Always **medium**: a pod can be bound to a disk in a zone where it cannot run, and then stays
    Pending.

    ## Example

    ```yaml
    kind: StorageClass
    metadata: {name: standard}
    provisioner: kubernetes.io/gce-pd
    volumeBindingMode: Immediate
    ```

    ## Fix

    ```yaml
    kind: StorageClass
    metadata: {name: standard-wffc}
    provisioner: pd.csi.storage.gke.io
    volumeBindingMode: WaitForFirstConsumer
    ```
    """
    zones = {
        z
        for n in ctx.inventory.nodes
        for key in ("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone")
        if (z := labels(n).get(key))
    }
    if len(zones) < 2:
        raise Skip("nodes are not spread over several zones")
    zonal = set(ctx.setting("zonal_provisioners"))
    for sc in ctx.inventory.of_kind("StorageClass"):
        mode = sc.get("volumeBindingMode", "Immediate")
        regional = dig(sc, "parameters", "replication-type") == "regional-pd"
        provisioner = sc.get("provisioner")
        if isinstance(provisioner, str) and provisioner in zonal and mode == "Immediate" and not regional:
            yield ctx.finding(
                sc,
                f"Zonal volumes of this class are created before their pod is scheduled, in any of {len(zones)} "
                "zones: a pod can end up bound to a disk in a zone where it cannot run.",
                Evidence("volumeBindingMode", sc.get("volumeBindingMode", "Immediate (default)")),
                Evidence("provisioner", sc.get("provisioner")),
                Evidence("node zones", sorted(zones)),
            )


KESTRA_EVICTIONS = "kestra-user-2025-emptydir-without-ephemeral-storage-limits-evictions"
WRITTEN_AREAS = Vocabulary(
    ("log", "logs", "work", "working", "workdir", "workspace", "spool", "queue", "queues", "pgdata")
)
"""Words of mount paths for areas a program writes by their purpose: logs, work and spool areas, queues, and
Postgres's data directory. Words, not substrings: ``/var/run/klog-socks`` is no log directory,
``/workload-spiffe-uds`` no work area."""
DATA_AREAS = Vocabulary(("data", "var lib", "storage", "db"))
"""Words of mount paths where a program may keep data (``/data``, ``/var/lib/<program>``): a mount there says where
data would go, not that any does (a metrics gateway that persists only when told to, a log router whose data
directory only some of its sources use). It counts when the container keeps data there (``keeps_data``)."""


def keeps_data(container: dict, path: str) -> str | None:
    """What shows the container keeps data at the mount path, or None: its image runs a data store, a data
    directory setting of its environment or flags lies inside the path, or the path is the program's own state
    directory, ``/var/lib/<program>`` for the program its image is named for (``/var/lib/docker`` of ``docker:dind``)."""
    if store := container_data_store(container):
        return f"its image runs {store}"
    mount = path.rstrip("/")
    for setting, configured in _configured_data_dirs(container):
        if mount and (configured.rstrip("/") == mount or configured.startswith(mount + "/")):
            return f"{setting}={configured}"
    program = words(image_name(container))[:1]
    parts = [part for part in mount.split("/") if part]
    if program and parts[:2] == ["var", "lib"] and len(parts) > 2 and words(parts[2])[:1] == program:
        return f"/var/lib/{parts[2]} is {program[0]}'s own state directory"
    return None


def _limit_range_default(ctx: Context, ns: str | None) -> bool:
    """Whether a LimitRange in the namespace gives containers a default ephemeral-storage limit."""
    return any(
        namespace(lr) == ns and dig(item, "default", "ephemeral-storage") is not None
        for lr in ctx.inventory.of_kind("LimitRange")
        for item in as_list(dig(lr, "spec", "limits"))
        if isinstance(item, dict) and item.get("type", "Container") == "Container"
    )


def _unbounded_scratch(template) -> Iterator[tuple[str, str, str]]:
    """``(container, volume, mount path)`` for disk-backed emptyDirs without sizeLimit, mounted by a container without an ephemeral-storage limit."""
    unbounded = {
        v["name"]
        for _, v in mounted_volumes(template)
        if isinstance(v.get("emptyDir"), dict)
        and dig(v, "emptyDir", "medium") != "Memory"
        and dig(v, "emptyDir", "sizeLimit") is None
    }
    if not unbounded:
        return
    for _, container in containers(template.spec):
        if dig(container, "resources", "limits", "ephemeral-storage") is not None or CACHE_IMAGES.starts(
            image_name(container)
        ):
            continue
        for mount in as_list(container.get("volumeMounts")):
            if (
                isinstance(mount, dict)
                and isinstance(mount.get("name"), str)
                and mount["name"] in unbounded
                and not mount.get("readOnly")
            ):
                path = str(dig(mount, "mountPath", default=""))
                if WRITTEN_AREAS.find(path) is not None or (
                    DATA_AREAS.find(path) is not None and keeps_data(container, path)
                ):
                    yield str(container.get("name")), mount["name"], path


@check(
    id="ephemeral-storage-unbounded",
    title="Pods writing to emptyDir volumes with no size limit and no ephemeral-storage limit",
    severity="medium",
    category="storage",
    cases=[KESTRA_EVICTIONS],
    reads=[*BUILTIN_CONTROLLERS, "Pod", "Rollout", *sorted(TRAINING_KINDS), "LimitRange"],
    precision="medium",
    fix=(
        "Bound what the pod can write to the node's disk: give the emptyDir a sizeLimit, or the containers that "
        "write to it resources.limits.ephemeral-storage (with a matching request so the scheduler accounts for it); "
        "move data that really grows to a PersistentVolumeClaim."
    ),
)
def ephemeral_storage_unbounded(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads whose containers mount, writable, a disk-backed `emptyDir` that has no `sizeLimit`
    where data accumulates: a mount path naming logs, work, spool or queue areas, or a path naming
    data (`/data`, `/var/lib/<x>`, storage, db) where the container shows it keeps data, since a mount
    is not a write (see Evidence rules): its image runs a data store, a data directory setting of its
    environment or flags lies inside the mount, or the path is `/var/lib/<program>` for the program its
    image is named for (configuration, key and socket directories and `/tmp` hold small files and
    are not judged). Paths match as words, not substrings (see Evidence rules in the docs):
    `/var/run/klog-socks` is no log directory and `/run/workload-spiffe-uds` no work area. And the
    container has no
    `resources.limits.ephemeral-storage` and no LimitRange in the namespace gives containers a
    default ephemeral-storage limit. Memory-backed emptyDirs count against memory and are not
    reported, nor are caches (Redis, Memcached), whose data is bounded by their memory. Writes to the container's own filesystem cannot be seen
    in a manifest and are not judged.

    ## Why it matters

    An emptyDir lives on the node's disk with every other pod's logs, images and scratch space.
    With nothing bounding it, one pod that writes more than expected fills the node: the kubelet
    sets DiskPressure and evicts pods, including ones that wrote almost nothing. A user of the
    Kestra Helm chart reported pods evicted under ephemeral-storage pressure on nodes with plenty
    of disk; the chart's Deployment mounts emptyDir volumes (for Docker-in-Docker) and sets no
    ephemeral-storage requests or limits, and the report asks for both, for limits on the emptyDir
    sizes, or for a PVC instead.

    ## Severity

    Always **medium**: one pod that writes too much fills its node's disk and gets every pod on that
    node evicted.

    ## Example

    ```yaml
    containers:
    - name: worker
      volumeMounts: [{name: work, mountPath: /var/lib/docker}]
    volumes:
    - {name: work, emptyDir: {}}
    ```

    ## Fix

    ```yaml
    containers:
    - name: worker
      resources:
        requests: {ephemeral-storage: 10Gi}
        limits: {ephemeral-storage: 20Gi}
    volumes:
    - {name: work, emptyDir: {sizeLimit: 20Gi}}
    ```
    """
    defaulted: dict[str | None, bool] = {}
    for workload in audited_workloads(ctx.inventory):
        ns = workload.ref.namespace
        if ns not in defaulted:
            defaulted[ns] = _limit_range_default(ctx, ns)  # once per namespace, not once per workload
        if defaulted[ns]:
            continue
        evidence = [
            Evidence(spec_path(template, f"volumes[{volume}].emptyDir.sizeLimit"), {"container": c, "mountPath": path})
            for template in workload.templates
            for c, volume, path in _unbounded_scratch(template)
        ]
        if evidence:
            mounts = ", ".join(sorted({f"{e.value['container']}:{e.value['mountPath']}" for e in evidence}))
            yield ctx.finding(
                workload.obj,
                f"Writes to emptyDir volumes with no sizeLimit and no ephemeral-storage limit ({mounts}): one pod can "
                "fill the node's disk and get every pod on it evicted for DiskPressure.",
                *evidence,
            )


RWO_ROLLOUT = "2i2c-2025-nfs-deployment-rollout-stuck-on-rwo-multi-attach"
EXCLUSIVE_MODES = ("ReadWriteOnce", "ReadWriteOncePod")


def _exclusive_claims(ctx: Context, workload: Workload) -> list[tuple[str, str]]:
    """``(claim, access mode)`` for collected claims the pods mount that only one node (or pod) can attach."""
    found = []
    for template in workload.templates:
        for _, volume in mounted_volumes(template):
            claim_name = dig(volume, "persistentVolumeClaim", "claimName")
            claim = (
                ctx.inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim_name)
                if isinstance(claim_name, str)
                else None
            )
            modes = [m for m in as_list(dig(claim, "spec", "accessModes")) if isinstance(m, str)]
            if modes and all(m in EXCLUSIVE_MODES for m in modes):
                found.append((claim_name, modes[0]))
    return found


@check(
    id="rwo-claim-shared-rollout",
    title="Deployments whose rollouts or extra replicas need a ReadWriteOnce claim on a second node",
    severity="medium",
    category="storage",
    cases=[RWO_ROLLOUT],
    requires=["PersistentVolumeClaim"],
    reads=["workloads", "Deployment"],
    precision="medium",
    fix=(
        "For one replica on a ReadWriteOnce claim, use strategy type Recreate (or maxUnavailable: 1 with "
        "maxSurge: 0) so the old pod releases the volume before the new one needs it; for several replicas, use a "
        "StatefulSet with a claim per replica, or a ReadWriteMany volume."
    ),
)
def rwo_claim_shared_rollout(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments that mount a PersistentVolumeClaim (collected, so its access modes are known) that
    only one node can attach (`ReadWriteOnce`) or only one pod can use (`ReadWriteOncePod`), and
    either run more than one replica, or run one with a RollingUpdate that never takes the old pod
    down first (`maxUnavailable` resolves to 0 and `maxSurge` to at least 1, as with the 25%
    defaults). Claims that were not collected are not judged.

    ## Why it matters

    A rolling update starts the new pod before stopping the old one. When the new pod lands on
    another node, it cannot attach the volume the old pod still holds (a Multi-Attach error), so it
    never becomes ready, and the old pod is never removed: the rollout is stuck. 2i2c got stuck in
    the middle of a deployment of their JupyterHub home-directory NFS server this way, because the
    update strategy brought up the new pod before taking down the old; they changed maxSurge and
    maxUnavailable so the old pod could release the volume. Harvester's vm-import-controller hit
    the same stall on upgrade, and its fix was the Recreate strategy.

    ## Severity

    Always **medium**: the rollout hangs, or a second replica never starts, while the old pod keeps
    serving.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 1                      # strategy unset: RollingUpdate, maxSurge 25%, maxUnavailable 25%
      template:
        spec:
          volumes:
          - {name: data, persistentVolumeClaim: {claimName: home-nfs}}   # accessModes: [ReadWriteOnce]
    ```

    ## Fix

    ```yaml
    kind: Deployment
    spec:
      replicas: 1
      strategy: {type: Recreate}
    ```
    """
    for workload in ctx.inventory.workloads:
        if workload.kind != "Deployment":
            continue
        claims = _exclusive_claims(ctx, workload)
        if not claims:
            continue
        spec = as_dict(workload.obj.get("spec"))
        replicas = spec.get("replicas", 1) if isinstance(spec.get("replicas", 1), int) else 1
        named = ", ".join(f"{c} ({mode})" for c, mode in claims)
        if replicas > 1:
            yield ctx.finding(
                workload.obj,
                f"{replicas} replicas share claim {named}: replicas scheduled on another node cannot attach it and never start.",
                Evidence("spec.replicas", replicas),
                *(Evidence("PersistentVolumeClaim.spec.accessModes", {"claim": c, "mode": m}) for c, m in claims),
            )
            continue
        strategy = as_dict(spec.get("strategy"))
        if strategy.get("type", "RollingUpdate") != "RollingUpdate":
            continue
        rolling = as_dict(strategy.get("rollingUpdate"))
        surge, unavailable = rolling_update("Deployment", rolling, replicas)
        if unavailable == 0 and surge is not None and surge >= 1:
            yield ctx.finding(
                workload.obj,
                f"Rolling updates start the new pod before stopping the old one, which holds claim {named}: a new pod "
                "placed on another node cannot attach it, and the rollout stalls.",
                Evidence("spec.strategy", spec.get("strategy")),
                *(Evidence("PersistentVolumeClaim.spec.accessModes", {"claim": c, "mode": m}) for c, m in claims),
            )
