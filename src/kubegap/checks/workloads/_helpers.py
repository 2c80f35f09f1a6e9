"""What several workloads checks share."""

from __future__ import annotations

from collections.abc import Container, Iterator

from kubegap.checks.base import Context
from kubegap.domain.containers import disk_empty_dir, mounted_volumes, own_state_directory
from kubegap.domain.datastores import (
    alert_router,
    data_store,
    embedded_database,
    identity_provider,
    in_memory_scheduler,
    in_memory_store,
    message_broker,
    monitoring_server,
    pod_local_store,
    storage_driver,
    telemetry_server,
    unclustered_broker,
)
from kubegap.domain.host_paths import LOG_AREAS, SCRATCH_PATHS, node_files, under
from kubegap.domain.podtemplates import PodTemplate, Workload, leader_election, leader_election_off, pod_templates
from kubegap.domain.reconcilers import (
    account_rights,
    configured_election,
    kopf_peers,
    may_reconcile,
    recreated_by_choice,
    service_account,
    shared_claim,
    single_node_claim,
)
from kubegap.domain.resources import as_list, command_words, containers, dig, name
from kubegap.domain.scheduling import fixed_addresses, kept_together
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.tokens import Words, words
from kubegap.domain.workloads import SERVING_KINDS, scaling

MOONLIGHT = "moonlight-2019-cpu-heavy-pods-colocated-kernel-panics"


def replicas(workload: Workload) -> int | None:
    """Desired replicas of a replica-keeping controller (None for other kinds or unusable values)."""
    if workload.kind not in SERVING_KINDS or len(workload.templates) != 1:
        return None
    return workload.templates[0].replicas


REPLICATED_MEMBERS = (
    "enough members to lose one: two for a primary with a replica, three for a quorum (two members lose the "
    "quorum with either),"
)
"""How many members a store that replicates its data needs: a quorum of two cannot lose either."""

SECOND_BROKER = (
    "would be a second, separate broker behind the same Service (clients on one miss what is published on the other)"
)
"""What a second replica of a message broker outside any clustering of its own is."""


SPREAD = (
    "spread across nodes (topologySpreadConstraints over kubernetes.io/hostname) and covered by a PodDisruptionBudget"
)


ONCE_SHARED = (
    "where the program can run as several once its state is shared (some run one instance whatever their storage, "
    "as their docs say: there keep one, and its restart is its outage)"
)
"""The condition on a second replica of a program whose state the input shows in its pod: sharing that state is
needed, and not always enough (SonarQube's community build runs one instance whatever its database)."""


ALIKE_IN_PROCESS = (
    "once nothing else it keeps in its own process differs between replicas (sessions; keys it generates at start "
    "to sign its tokens, which every replica must share, or tokens one issues fail on another)"
)
"""The condition on a second replica of a program whose store the input shows in its process: the store is not all
it may keep there (Apache Polaris generates its token-signing key pair in each pod unless given one)."""


SHARED_STORE = "a store the program shares between replicas (its external database or object storage setting)"
SHARED_DIRECTORY = (
    "only where the program lets several of it open one data directory at once, storage several nodes can mount "
    "(never with an embedded database such as SQLite in it)"
)
"""Where state a second replica must agree on can go: a store the program shares, or one data directory on storage
several nodes mount where the program supports that (ownCloud's storage services, on ReadWriteMany), never an
embedded database (1Password Connect's SQLite cache would corrupt)."""


CLIENTS_SUPPORT = (
    "where the programs that use it support that mode (a clustered or failover mode needs clients that speak it, "
    "and some Redis clients support neither Redis Cluster nor Sentinel); where they do not, keep one and shorten "
    "its recovery (a backup, storage that attaches quickly on another node)"
)
"""The condition on a replicated data store: its clients decide which modes work (Sourcegraph's Redis clients
support neither Redis Cluster nor Sentinel, so the fix names the case without naming a project the reader may not
run: GeoNode's Redis was told of Sourcegraph's)."""


def can_run_two(controller: bool) -> str:
    """The condition on any second replica that the input cannot clear: a program's in-process state shows in no
    manifest (AIBrix's GPU optimizer keeps its load monitors in memory), and where its account may write API objects,
    nor does whether it reconciles them. A fix that asks for replicas says what they need rather than assume it."""
    unknown = "state in its own process (sessions, subscriptions, locks, a scheduler, files on its own disk)"
    if not controller:
        return (
            f"once the program can run as two: nothing in the input shows whether it keeps {unknown}, which a second "
            "replica would not share; where it does, that state must move to a shared store first, and where it "
            "cannot, keep one: its restart is then its outage"
        )
    return (
        f"once the program can run as two: nothing in the input shows whether it keeps {unknown}, which a second "
        "replica would not share, nor whether it reconciles the API objects its account may write, which two "
        "replicas with no leader election act on twice. Move such state to a shared store first, and run a second "
        "controller only once the program elects a leader (where it offers an election); where it can do neither, "
        "keep one: its restart is then its outage"
    )


def more_replicas_fix(inventory: Readable, workload: Workload, elected: str | None) -> str:
    """How to run a second replica of a workload that runs one without breaking it: a StatefulSet's members
    must replicate, a ReadWriteOnce claim cannot be shared, and a controller must elect before it runs twice
    (``elected``: the leader election the workload shows, if any)."""
    together = next(filter(None, (kept_together(template.spec) for template in workload.templates)), None)
    if together is not None:
        return (
            f"Its pods must share a node with pods labelled {together} (a required pod affinity over "
            "kubernetes.io/hostname), so every replica lands where those already run: a second replica adds "
            "nothing until they run on more than one node, and a spread constraint that forbids sharing a node "
            "leaves it pending. Its availability is theirs: where they can run on several nodes, run them there "
            "first, then run as many replicas of this workload, covered by a PodDisruptionBudget; where they "
            "cannot, keep one."
        )
    fixed = next(filter(None, (fixed_addresses(template) for template in workload.templates)), None)
    if fixed is not None:
        return (
            f"Its pods take fixed network addresses ({fixed}): every replica of this template asks for the same "
            "ones, so a second replica conflicts with the first. Keep one and make its recovery short (a node it "
            "can be rescheduled to at once, with those networks attached); where it must survive a node's loss, run "
            "a second instance from a template with addresses of its own, and let its peers fail over between the two "
            "as the program supports."
        )
    alone = unclustered_broker(workload)
    if alone is not None:
        return (
            f"It runs {alone}, a message broker with no clustering of its own (bridges only forward topics between "
            f"separate brokers): a second replica {SECOND_BROKER}. Keep one and make its restart short: clients that reconnect, and "
            "its sessions and retained messages on a ReadWriteOnce claim (persistence)"
            + (
                " with strategy Recreate, so the old broker stops before the new one mounts the claim"
                if workload.kind == "Deployment"
                else ""
            )
            + "; where it must survive a node's loss, run a broker that clusters."
        )
    broker = message_broker(workload)
    if broker is not None:
        return (
            f"It runs {broker}, a message broker: a second replica not joined to the first by the broker's own "
            f"clustering {SECOND_BROKER}. Turn on its clustering (its cluster or route settings), then run two or more members {SPREAD}."
        )
    router = alert_router(workload)
    if router is not None:
        off = clustering_switched_off(workload)
        return (
            f"It runs {router}, which routes alerts: its replicas share silences and which notifications went out only "
            "through its own clustering (gossip between peers), so a second replica outside it notifies every receiver "
            "again, resolved notices included"
            + (f"; this pod switches that clustering off (it passes {off} with no address)" if off else "")
            + ". Turn its clustering on (each replica listing the others as peers, as a StatefulSet with a headless "
            f"Service makes easy), then run two or more replicas {SPREAD}."
        )
    provider = identity_provider(workload)
    if provider is not None:
        return (
            f"It runs {provider}, an identity provider that keeps login sessions, tokens and signing keys in the "
            "storage its configuration names: with in-memory storage each replica keeps its own, and logins that "
            "land on the other fail. Run a second only once that storage is shared (Kubernetes resources or a "
            f"database), then two or more replicas {SPREAD}; where it must stay in memory (Argo CD's bundled Dex), "
            "keep one."
        )
    scheduler = in_memory_scheduler(workload)
    if scheduler is not None:
        program, flag, variable = scheduler
        return (
            f"It runs {program}'s server with its scheduler and other background services in its own process, "
            f"coordinated in memory ({variable} is unset or names memory): a second replica would run them again with "
            "a memory of its own, so scheduled runs and automation actions could happen twice. First point that "
            f"coordination and the server's event messaging at a shared store (Redis, {variable}), run the background "
            f"services once on their own and the API servers with {flag}; then run two or more API server replicas "
            f"{SPREAD}."
        )
    local = pod_local_store(workload) if data_store(workload) is None else None
    if local is not None:
        return (
            f"It keeps data in a store inside its own pod ({local}): a second replica would run a separate one "
            "behind the same Service, answering from different data. Point it at a shared store first (the "
            f"program's setting for it), then run two or more replicas {SPREAD}."
        )
    in_memory = in_memory_store(inventory, workload)
    if in_memory is not None:
        return (
            f"It keeps its data in its own memory ({in_memory}): a second replica would hold a separate store behind "
            "the same Service, answering from different data, and a restart loses what the one has. Point it at a "
            f"shared database first (its data store setting); then, {ALIKE_IN_PROCESS}, run two or more replicas "
            f"{SPREAD}."
        )
    embedded = embedded_database(inventory, workload)
    if embedded is not None:
        return (
            f"It keeps its data in a database embedded in its own process ({embedded}): a second replica would hold a "
            "separate database behind the same Service, answering from different data, and one in memory loses its "
            "data with each restart. Point it at a shared database first (its datasource setting: PostgreSQL or MySQL "
            f"where the program supports them); then, {ONCE_SHARED}, run two or more replicas {SPREAD}."
        )
    shared = shared_claim(inventory, workload) if workload.kind == "StatefulSet" else None
    if shared is not None:
        held, one_node = shared
        return (
            f"It is built to run one member: its members all mount the claim {held} (a pod volume, not a claim "
            "template), "
            + (
                "which one node at a time can attach, so a second member on another node cannot start, and one on "
                "the same node would write the same data as the first. "
                if one_node
                else "which several nodes can mount, so a second member would open the same data files as the first. "
            )
            + "Run more only where the application replicates its data across members (then give each its own claim, "
            "volumeClaimTemplates) or lets several instances share one data directory"
            + (" (then move to storage several nodes can mount)" if one_node else "")
            + f", and then run {REPLICATED_MEMBERS} {SPREAD}; where it does neither, keep one member and shorten its "
            "recovery: back up the claim, and use storage that attaches quickly on another node."
        )
    # a telemetry server gathers or keeps its own data on each replica, wherever it keeps it; a dashboard keeps what
    # its readers saved (Grafana's database), which every replica must share
    on_node = node_local_data(workload) if telemetry_server(workload) is None else None
    claim_templates = as_list(dig(workload.obj, "spec", "volumeClaimTemplates"))
    if workload.kind == "StatefulSet":
        if on_node is not None and not claim_templates and data_store(workload) is None:
            return _node_disk_fix(inventory, workload, on_node)  # on their nodes' disks, not in claims of their own
        kept = pod_local_state(workload)
        if not claim_templates and kept is not None:
            return (
                f"Its members keep state in emptyDir volume {kept[0]} (mounted at {kept[1]}), one copy per member, "
                "lost with its pod: unless the program replicates that state between members, a second member would "
                "keep a separate part of it. First move the state to storage every member shares (the program's "
                "object storage or external database setting) or give each member a claim of its own "
                f"(volumeClaimTemplates) where the program replicates; then, {ONCE_SHARED}, run two or more members "
                f"{SPREAD}."
            )
        if not claim_templates and data_store(workload) is None:
            # no claim of its own says little: a member may keep state in its pod that no manifest shows (an NFS
            # server exports from its container's own directory)
            controller = may_reconcile(inventory, workload) is not False
            return (
                f"Its members have no volume claim templates: run two or more members {SPREAD}, "
                f"{can_run_two(controller=controller)}."
            )
        where = (
            "a second, empty server with a volume of its own"
            if claim_templates or on_node is None
            else f"a second server, and its data is on its node's disk (hostPath {on_node[0]}, mounted at {on_node[1]}), "
            "where a member on another node finds none and one on the same node would open the same files: give each "
            "member a claim of its own (volumeClaimTemplates) in its place"
        )
        return (
            "Add members only if the application replicates across them (a primary with replicas, a quorum): a second "
            f"ordinal of a standalone server is {where}. Replicate the data in the application, then run "
            f"{REPLICATED_MEMBERS} {SPREAD}, {CLIENTS_SUPPORT}."
        )
    store = data_store(workload)
    if store is not None:
        return (
            f"It runs {store}, a data store: a second replica would be a second, separate store behind the same "
            "Service (writes through one pod missing from the other). Replicate the data in the application (its "
            f"clustered or replicated mode, usually as a StatefulSet), then run {REPLICATED_MEMBERS} {SPREAD}, "
            f"{CLIENTS_SUPPORT}."
        )
    claim = single_node_claim(inventory, workload)
    if claim is not None:
        known = inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim) is not None
        controller = may_reconcile(inventory, workload) is not False
        return (
            f"The pods mount the claim {claim}, which one node at a time can attach{'' if known else ' (or whose access modes are unknown)'}, "
            "so a second replica cannot share it, nor the data the program keeps there. A second replica needs that "
            f"data out of one pod's claim: in {SHARED_STORE}; or, where the application replicates its data across "
            "members (or gathers its own, as a monitoring server does), on a claim per replica (a StatefulSet); or, "
            f"{SHARED_DIRECTORY}. Then run two replicas {SPREAD}, {can_run_two(controller=controller)}. Where the data "
            "cannot leave the claim either, shorten that outage: back up the claim, and use storage that attaches "
            "quickly on another node."
        )
    if on_node is not None:
        return _node_disk_fix(inventory, workload, on_node)
    kept = pod_local_state(workload)
    gatherer = monitoring_server(workload)
    if kept is not None and gatherer is not None:
        return (
            f"It runs {gatherer}, a monitoring server that gathers its own data: a second replica scrapes the same "
            "targets into storage of its own, as a high-availability pair does, and two must never share one data "
            f"directory (it locks it). Its data on emptyDir volume {kept[0]} (mounted at {kept[1]}) is lost with each "
            "pod either way: give each replica a claim of its own (a StatefulSet) if its history must survive a "
            f"restart, then run two or more replicas {SPREAD}."
        )
    first = (
        f"Its pods keep data in emptyDir volume {kept[0]} (mounted at {kept[1]}), one copy per pod: where it is a cache "
        "each pod fills on its own, a second replica keeps its own copy and needs nothing more; where it is state the "
        "replicas must agree on, a second replica would keep a separate copy, so first move that state where both "
        f"reach it: to {SHARED_STORE}, or, {SHARED_DIRECTORY}. "
        if kept is not None
        else ""
    )
    scalers = scaling(inventory, workload)
    if scalers and scalers[0].keda:
        more = f"Raise its ScaledObject's minReplicaCount to 2 or more (KEDA sets spec.replicas), {SPREAD}"
    elif scalers:
        more = f"Raise its HorizontalPodAutoscaler's minReplicas to 2 or more (the autoscaler sets spec.replicas), {SPREAD}"
    else:
        more = f"Run at least two replicas (spec.replicas: 2 or more, or an HPA with minReplicas >= 2), {SPREAD}"
    configured = configured_election(inventory, workload)
    if elected and leader_election(workload):
        return f"{first}{more}: the workload is {elected}, so one replica reconciles while every replica serves."
    switched_off = leader_election_off(workload) or (
        configured[1] if configured is not None and not configured[0] else None
    )
    if configured is not None and configured[0] and not switched_off:
        return (
            f"{first}{more}: the workload is leader-elected ({configured[1]}), so one replica reconciles while every "
            "replica serves."
        )
    if switched_off:
        also = (
            f", though {configured[1]}, a file it reads, switches it on: which wins is the program's, so remove the flag"
            if configured is not None and configured[0]
            else ""
        )
        return (
            f"{first}Turn its leader election on (it is switched off: {switched_off}{also}), then "
            f"{more[0].lower()}{more[1:]}."
        )
    if elected and _kopf_peer(inventory, workload):
        return (
            f"{first}{more}, once its replicas take different peering priorities: it takes part in Kopf's peering "
            "(the input holds a peering object its account may patch), where the instance of highest priority "
            "handles objects while the others wait, and instances of equal priority all freeze."
        )
    if elected:
        # rights to hold a Lease show that the program can elect, not that its election is on (Flink's operator
        # is granted them and elects only when its configuration says so)
        return (
            f"{first}Make sure its leader election is on (its account may create and update Leases, but nothing in the "
            f"input shows the election switched on), then {more[0].lower()}{more[1:]}: one replica reconciles while "
            "every replica serves."
        )
    if may_reconcile(inventory, workload) is False:
        condition = ONCE_SHARED if first else can_run_two(controller=False)
        if recreated_by_choice(inventory, workload):
            # the project's Recreate is one more sign of state in the process, never a reason to drop the others
            return (
                f"{first}{more}, {condition}. Its project rolls it out by Recreate, stopping the old pod before the "
                "new one starts, as it must where two of the program must never run at once (JupyterHub's proxy keeps "
                "in memory the routes its hub configures): there keep one."
            )
        return f"{first}{more}, {condition}."
    return f"{first}{more}, {can_run_two(controller=True)}."


CLUSTER_LISTEN = "--cluster.listen-address"
"""Alertmanager's flag for the address its peers gossip on: given empty, clustering is off."""


def clustering_switched_off(workload: Workload) -> str | None:
    """The argument that switches an alert router's clustering off (``--cluster.listen-address=``), or None."""
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            words = command_words(container)
            for index, word in enumerate(words):
                flag, has_value, value = word.partition("=")
                if flag.lstrip("-") != CLUSTER_LISTEN.lstrip("-"):
                    continue
                if not has_value and index + 1 < len(words):
                    value = words[index + 1]
                if not value.strip(" '\""):
                    return f"{CLUSTER_LISTEN}="
    return None


STATE_PATHS = Words(("data", "var lib", "storage", "db", "database", "pgdata", "state", "export", "exports"))
"""Words of a mount path where a program keeps its state (``/var/lib/grafana``, ``/data``, a file server's
``/export``, the files it serves), not scratch space."""


def _node_disk_fix(inventory: Readable, workload: Workload, on_node: tuple[str, str]) -> str:
    """The fix for a workload that keeps data in a directory of its node (``node_local_data``): move it first."""
    controller = may_reconcile(inventory, workload) is not False
    return (
        f"Its pods keep data on their node's disk (hostPath {on_node[0]}, mounted at {on_node[1]}): a second "
        "replica on another node starts without it, and losing the node loses it however many replicas run. "
        f"First move that data where every replica reaches it, to {SHARED_STORE}; then run two replicas "
        f"{SPREAD}, {can_run_two(controller=controller)}."
    )


def node_local_data(workload: Workload) -> tuple[str, str] | None:
    """``(host path, mount path)`` of a directory on its node that a regular container mounts writable outside
    scratch and log paths, or None: a hostPath that is not the node's own files (``node_files``) is a directory
    kept for the pod, on one node's disk (Pachyderm's local deploy keeps its object store so). A monitoring server
    is not asked: each of its replicas gathers its own data, wherever it keeps it."""
    for template in workload.templates:
        host_path_by_volume = {
            v["name"]: path
            for _, v in mounted_volumes(template)
            if isinstance(v.get("hostPath"), dict)
            and isinstance(path := v["hostPath"].get("path"), str)
            and path.strip()
            and not node_files(v["hostPath"])
        }
        for _, volume, path in _writable_mounts(template, host_path_by_volume):
            if not under(path.rstrip("/") or "/", SCRATCH_PATHS) and LOG_AREAS.find(path) is None:
                return host_path_by_volume[volume], path
    return None


def _writable_mounts(template: PodTemplate, volumes: Container[str]) -> Iterator[tuple[dict, str, str]]:
    """``(container, volume, mount path)`` for each mount a regular container makes, writable, of one of
    ``volumes``."""
    for _, container in containers(template.spec, init=False):
        for mount in as_list(container.get("volumeMounts")):
            path, volume = dig(mount, "mountPath"), dig(mount, "name")
            if (
                isinstance(volume, str)
                and volume in volumes
                and isinstance(path, str)
                and dig(mount, "readOnly") is not True
            ):
                yield container, volume, path


def pod_local_state(workload: Workload) -> tuple[str, str] | None:
    """``(volume, mount path)`` of an emptyDir on disk that a regular container writes its state to, by the
    path's words or a hidden directory named for its program, or None: each pod keeps its own copy, so replicas
    do not share it. A storage driver's pod keeps none: its node-local paths are its sockets (``storage_driver``)."""
    if storage_driver(workload) is not None:
        return None
    for template in workload.templates:
        scratch = {v["name"] for _, v in mounted_volumes(template) if disk_empty_dir(v)}
        for container, volume, path in _writable_mounts(template, scratch):
            if STATE_PATHS.find(path) or own_state_directory(container, path):
                return volume, path
    return None


EXPONEA = "exponea-2019-istio-integration-breaks-jobs-statefulsets-shutdowns"


PROXY = "istio-proxy"


NATIVE_SIDECARS = "ENABLE_NATIVE_SIDECARS"
"""The istiod setting that injects the proxy as a Kubernetes native sidecar."""


def _native_sidecars_meshwide(ctx: Context) -> bool:
    """Whether an istiod Deployment injects the proxy as a native sidecar (``ENABLE_NATIVE_SIDECARS=true``)."""
    for deployment in ctx.inventory.of_kind("Deployment"):
        if "istiod" not in words(name(deployment)):
            continue
        for template in pod_templates(deployment):
            for _, container in containers(template.spec):
                for variable in as_list(container.get("env")):
                    if dig(variable, "name") == NATIVE_SIDECARS and str(dig(variable, "value")).lower() == "true":
                        return True
    return False


def _native_sidecar_seen(ctx: Context, workload: Workload) -> bool:
    """Whether the proxy runs as a native sidecar: set mesh-wide on istiod, or seen in a live pod of the workload."""
    if _native_sidecars_meshwide(ctx):
        return True
    for pod in ctx.inventory.pods_of(workload.obj):
        for container in as_list(dig(pod, "spec", "initContainers")):
            if dig(container, "name") == PROXY and dig(container, "restartPolicy") == "Always":
                return True
    return False


def _kopf_peer(inventory: Readable, workload: Workload) -> bool:
    """Whether the workload elects through Kopf's peering rather than a Lease (``kopf_peers``)."""
    accounts = {(workload.ref.namespace, service_account(t)) for t in workload.templates}
    return bool(accounts & kopf_peers(inventory)) and not accounts & account_rights(inventory).leases
