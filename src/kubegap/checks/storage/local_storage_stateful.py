"""``local-storage-stateful``: Stateful data on node-local storage."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.storage._helpers import (
    CACHE_IMAGES,
    LOCAL_PROVISIONERS,
    _configured_data_dirs,
    claim_volumes,
    deepest_mount,
    keeps_data,
    storage_class,
)
from kubegap.domain.containers import disk_empty_dir, image_name, mounted_volumes
from kubegap.domain.datastores import container_data_store, keeps_no_data, storage_driver
from kubegap.domain.host_paths import LOG_AREAS, SCRATCH_PATHS, node_files, under
from kubegap.domain.podtemplates import PodTemplate, Workload, keeps_claims
from kubegap.domain.resources import as_dict, as_list, containers, dig, name, namespace
from kubegap.domain.tokens import Words

LOCAL_DATA_LOSS = (
    "restate-user-2026-gke-node-upgrade-local-nvme-data-loss",
    "aks-user-2018-hostpath-database-wiped-by-cluster-upgrade",
    "kubernetes-user-2015-mongodb-emptydir-lost-after-upgrade",
)


def _storage_class_is_local(ctx: Context, class_name: str | None) -> bool | None:
    """True/False when known; None when StorageClasses were not collected or the class is unknown."""
    sc = storage_class(ctx, class_name)
    return None if sc is None else sc.get("provisioner") in ctx.setting("local_provisioners")


def _pv_is_local(pv: dict) -> str | None:
    spec = as_dict(pv.get("spec"))
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


def _member_without_data(template: PodTemplate, container: dict) -> bool:
    """Whether the container runs a store whose member in this pod keeps no data by its role (``keeps_no_data``):
    the member's own container, or an init container of the same store preparing its configuration and plugins."""
    return container_data_store(container) in template.derive("stores_without_data", _stores_without_data)


def _stores_without_data(template: PodTemplate) -> frozenset[str | None]:
    return frozenset(container_data_store(m) for _, m in containers(template.spec, init=False) if keeps_no_data(m))


def _holds_data(template: PodTemplate, volume_name: str) -> dict | None:
    """Where a non-cache container mounts the volume outside scratch paths (``mountPath``), and what shows it keeps
    data there (``kept``, by ``keeps_data``), when something does: a mount alone says where data would go, not that
    any does. A log directory (``/var/log/<program>``) holds output, not state, unless something shows data kept
    there (Kafka's ``logs`` are its data)."""
    found = None
    claims = claim_volumes(template)
    for _, container in containers(template.spec):
        if CACHE_IMAGES.starts(image_name(container)) or _member_without_data(template, container):
            continue
        for mount in as_list(container.get("volumeMounts")):
            path = str(dig(mount, "mountPath", default=""))
            if dig(mount, "name") == volume_name and not under(path, SCRATCH_PATHS):
                if kept := keeps_data(container, path, claims):
                    return {"volume": volume_name, "mountPath": path, "kept": kept}
                if LOG_AREAS.find(path) is None:
                    found = found or {"volume": volume_name, "mountPath": path}
    return found


def _data_dir_on_empty_dir(template: PodTemplate, volume_name: str) -> str | None:
    """The setting that puts a container's configured data directory inside this volume, if one does."""
    for _, container in containers(template.spec, init=False):
        if _member_without_data(template, container):
            continue
        for setting, path in _configured_data_dirs(container):
            if dig(deepest_mount(container, path), "name") == volume_name:
                return f"{setting}={path}"
    return None


def _pod_volume_reasons(workload: Workload) -> Iterator[Evidence]:
    # members that keep a claim (a template, or one claim they mount as a pod volume, as Jenkins's home) keep their
    # state on it: an emptyDir beside it is judged only where something shows data kept there
    has_claims = keeps_claims(workload)
    for template in workload.templates:
        for index, volume in mounted_volumes(template):
            if isinstance(volume.get("hostPath"), dict):
                if not node_files(volume["hostPath"]):
                    yield Evidence(f"{template.path}.spec.volumes[{index}].hostPath", dig(volume, "hostPath", "path"))
            elif disk_empty_dir(volume):
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


DATABASE_IMAGES = Words(DATABASE_DATA_DIRS)


REPLACEABLE_KINDS = ("Deployment", "ReplicaSet", "ReplicationController")


def _database_data_on_pod_storage(workload: Workload) -> Iterator[Evidence]:
    """emptyDir or hostPath volumes mounted over a database image's data directory."""
    for template in workload.templates:
        volumes = None
        for _, container in containers(template.spec, init=False):
            database = DATABASE_IMAGES.starts(image_name(container))
            if database is None or _member_without_data(template, container):
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
    `hostPath` volumes, or a mounted disk-backed `emptyDir` (its medium unset: not `Memory`, nor a `HugePages`
    medium, which a packet processor's buffers use) when the members keep no claim at all (no
    claim templates, and no claim mounted as a pod volume, where a program such as Jenkins keeps its home)
    (except an emptyDir used only as scratch space, mounted under `/tmp`, `/run`, `/var/cache`,
    `/home` and the like, or only for logs, at a path named for them such as `/var/log/<program>`,
    where nothing shows data is kept, or only by a cache such as Redis or Memcached, or by a store's member whose
    role keeps no data: a MongoDB arbiter, a search node that only ingests or coordinates). A mount is not a write (see
    Evidence rules): where nothing shows what the container keeps on such an emptyDir (no data store
    image, no data directory setting inside it, not the program's own `/var/lib/<program>` or hidden
    `.<program>` directory), the finding
    says only that whatever it keeps there is lost with the node. An `emptyDir` also counts,
    claim templates or not, when the container's environment or flags put its data directory
    inside it (`RESTATE_BASE_DIR=/nvme/restate`, `--data-dir=/scratch/db`).
    Claims whose StorageClass was not collected are not judged. A storage driver's own pods (a CSI plugin's,
    which run the sidecars Kubernetes ships for CSI: `csi-provisioner`, `csi-node-driver-registrar` ...) keep no
    data of their own: their node-local paths are their sockets, the mount points of the volumes they serve and
    caches they rebuild from Secrets (JuiceFS's controller), and are not reported. Nor is a hostPath that reaches the
    node's own files rather than a directory kept for the pod: the kubelet's directories (a CSI plugin's socket
    under `/var/lib/kubelet/plugins`, which the CSI hostpath driver's socat tunnel mounts), runtime sockets
    (`/run`, `/var/run`), kernel and device trees (`/sys`, `/proc`, `/dev`), kernel modules and `/etc`, or any
    path of type `Socket` or `CharDevice`; a `BlockDevice` is data wherever it sits.

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
        if storage_driver(workload):
            continue  # a CSI driver's paths are sockets, mount points and caches: no data of its own
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
                "the node is replaced (neither its image nor its arguments or environment show that it keeps data there: "
                "no data store image, no data directory setting).",
                *evidence,
                severity="medium",
            )
        elif evidence:
            yield ctx.finding(
                workload.obj,
                "StatefulSet keeps its data on node-local storage, which is lost when the node is replaced.",
                *evidence,
            )
