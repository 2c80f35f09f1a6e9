"""What several storage checks share."""

from __future__ import annotations

from kubegap.checks.base import Context
from kubegap.domain.containers import image_name, own_state_directory, state_directory_of
from kubegap.domain.datastores import container_data_store
from kubegap.domain.host_paths import under
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import as_list, dig
from kubegap.domain.tokens import Words, words

NO_PROVISIONER = "kubernetes.io/no-provisioner"
"""The provisioner of a StorageClass that makes no volumes: its claims bind PersistentVolumes made beforehand (local
volumes), each of which carries its own reclaim policy."""

LOCAL_PROVISIONERS = (
    NO_PROVISIONER,
    "rancher.io/local-path",
    "openebs.io/local",
    "local.csi.openebs.io",
    "topolvm.io",
    "topolvm.cybozu.com",
    "lvm.csi.metal-stack.io",
    "local.csi.aliyun.com",
    "docker.io/hostpath",
    "microk8s.io/hostpath",
)
"""Provisioners whose volumes are a directory or disk of one node, mounted where the pod runs and attached by no
other."""

NODE_LOCAL_CLASS_NAMES = {
    "hostpath": "Docker Desktop's",
    "microk8s-hostpath": "MicroK8s's",
    "local-path": "k3s's and the local-path provisioner's",
    "openebs-hostpath": "OpenEBS's",
}
"""Default StorageClasses of local clusters, by name, each provisioning node-local volumes (``LOCAL_PROVISIONERS``).
A name the input does not define is weak evidence: enough to withhold a claim that needs the class to attach
volumes, never enough to report data as node-local."""


def node_local_class(ctx: Context, claim: dict, provisioners: list[str]) -> str | None:
    """Why the claim's StorageClass makes node-local volumes, or None: its provisioner, among ``provisioners`` (a
    check's ``local_provisioners`` setting), where the input defines the class, else a local cluster's default class
    by name (``NODE_LOCAL_CLASS_NAMES``)."""
    class_name = dig(claim, "spec", "storageClassName")
    sc = storage_class(ctx, class_name)
    if sc is not None:
        provisioner = sc.get("provisioner")
        local = provisioner in provisioners
        return f"StorageClass {class_name} provisions node-local volumes ({provisioner})" if local else None
    whose = NODE_LOCAL_CLASS_NAMES.get(class_name) if isinstance(class_name, str) else None
    return f"StorageClass {class_name} is {whose} default class, of node-local volumes" if whose else None


def storage_class(ctx: Context, class_name: object) -> dict | None:
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


CACHE_IMAGES = Words(("redis", "valkey", "keydb", "memcached", "haproxy"))
"""Images (the first words of the repository's last part) that keep only caches or proxy state: their
emptyDir volumes are a deliberate choice."""


DATA_DIR_SETTING = Words(
    (
        *(
            f"{what}{joint}{where}"
            for what in ("data", "base", "storage", "state", "db", "wal", "mnesia")
            for where in ("dir", "directory", "path", "root")
            for joint in (" ", "")
        ),
        "paths data",
        "path data",
    )
)
"""The last words of an environment variable or flag naming where the application keeps its data
(``RESTATE_BASE_DIR``, ``DATA_DIR``, ``--data-dir``, ``--storage.tsdb.path``, ``DATADIR``, ``GF_PATHS_DATA``,
RabbitMQ's ``RABBITMQ_MNESIA_DIR``, the directory of its Mnesia database; not ``METADATA_DIR``)."""

DATA_AREAS = Words(("data", "var lib", "storage", "db"))
"""Words of mount paths where a program may keep data (``/data``, ``/var/lib/<program>``): a mount there says where
data would go, not that any does (a metrics gateway that persists only when told to, a log router whose data
directory only some of its sources use)."""


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


def claim_volumes(template: PodTemplate) -> frozenset[str]:
    """The names of a pod template's volumes that claims back: its StatefulSet's claim templates and its
    ``persistentVolumeClaim`` volumes."""
    return template.claim_templates | {
        v["name"]
        for v in as_list(template.spec.get("volumes"))
        if isinstance(v, dict) and isinstance(v.get("name"), str) and isinstance(v.get("persistentVolumeClaim"), dict)
    }


def keeps_data(container: dict, path: str, claims: frozenset[str]) -> str | None:
    """What shows the container keeps data at the mount path, or None: its image runs a data store, a data
    directory setting of its environment or flags lies inside the path, or the path is the program's own state
    directory (``own_state_directory``: ``/var/lib/docker`` of ``docker:dind``, ``/root/.ollama`` of ``ollama``).
    ``claims``: the pod's volumes that claims back (``claim_volumes``)."""
    return _stored_or_configured(container, path, claims) or own_state_directory(container, path)


IMAGE_STORES = Words(("docker", "containerd", "buildkit", "buildkitd", "podman"))
"""Programs whose own state directory holds the images and build layers they pull and make: it grows with use."""


def piles_up(container: dict, path: str, claims: frozenset[str]) -> str | None:
    """What shows data piles up at the mount path, or None: a data store's data or a configured data directory
    (``keeps_data``), or the state directory of an image store (``/var/lib/docker``). Another program's own state
    directory shows only where it keeps state, not that the state grows: Spire's agent keeps one small file in
    ``/var/lib/spire``."""
    found = _stored_or_configured(container, path, claims)
    if found:
        return found
    program = words(image_name(container))[:1]
    return own_state_directory(container, path) if program and IMAGE_STORES.find(program[0]) else None


def _stored_or_configured(container: dict, path: str, claims: frozenset[str]) -> str | None:
    """A data store's image shows its data at a mount unless the container shows it keeps that data on a claim
    (``_data_on_a_claim``: Waldur's RabbitMQ keeps its queues on its claim beside emptyDirs for its cookie and
    plugins, OpenCRVS's Elasticsearch its indices beside an emptyDir for snapshots nothing takes, both judged wrong).
    A configured data directory shows data at the mount that holds it, the deepest containing it
    (``deepest_mount``)."""
    if (store := container_data_store(container)) and not _data_on_a_claim(container, store, path, claims):
        return f"its image runs {store}"
    mount = path.rstrip("/")
    for setting, configured in _configured_data_dirs(container):
        if mount and str(dig(deepest_mount(container, configured), "mountPath", default="")).rstrip("/") == mount:
            return f"{setting}={configured}"
    return None


def _data_on_a_claim(container: dict, store: str, path: str, claims: frozenset[str]) -> bool:
    """Whether a data store's container shows it keeps its data on a claim rather than at the mount path: a
    configured data directory lies on a claim it mounts writable, or it mounts one where data goes as surely as the
    path (a path naming data, ``DATA_AREAS``, beside a claim whose path does not, holds the data: an Elasticsearch
    whose indices sit on an emptyDir beside a snapshot claim; and so does the store's own state directory beside a
    claim that is not, PostgreSQL's ``/var/lib/postgresql`` beside a backup repository's ``/var/lib/pgbackrest``)."""
    on_claims = [
        str(m["mountPath"]).rstrip("/")
        for m in as_list(container.get("volumeMounts"))
        if isinstance(m, dict)
        and isinstance(m.get("name"), str)
        and m["name"] in claims
        and not m.get("readOnly")
        and isinstance(m.get("mountPath"), str)
    ]
    if not on_claims:
        return False
    if any(
        under(configured.rstrip("/"), (mount,))
        for _, configured in _configured_data_dirs(container)
        for mount in on_claims
    ):
        return True
    if _store_directory(store, path) and not any(_store_directory(store, m) for m in on_claims):
        return False  # the store's own directory, /var/lib/postgresql, beside a claim for something else
    return not (DATA_AREAS.find(path) and not any(DATA_AREAS.find(mount) for mount in on_claims))


def _store_directory(store: str, path: str) -> bool:
    """Whether the path is the data store's own ``/var/lib/<store>`` (``/var/lib/postgresql`` of ``postgres``)."""
    kept = state_directory_of(path)
    return bool(store) and kept is not None and (kept.startswith(store) or store.startswith(kept))


def deepest_mount(container: dict, path: str) -> dict | None:
    """The container's volume mount that holds ``path``: of the mounts whose path contains it, the deepest (a claim
    mounted inside an emptyDir's path holds what is written below it)."""
    found, depth = None, -1
    for mount in as_list(container.get("volumeMounts")):
        at = str(dig(mount, "mountPath", default="")).rstrip("/") if isinstance(mount, dict) else ""
        if at and under(path.rstrip("/"), (at,)) and len(at) > depth:
            found, depth = mount, len(at)
    return found
