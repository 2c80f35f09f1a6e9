"""``ephemeral-storage-unbounded``: Pods writing to emptyDir volumes with no size limit and no ephemeral-storage limit."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.storage._helpers import CACHE_IMAGES, DATA_AREAS, claim_volumes, piles_up
from kubegap.domain.containers import disk_empty_dir, image_name, mounted_volumes, own_state_directory, spec_path
from kubegap.domain.host_paths import LOG_AREAS
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS, PodTemplate
from kubegap.domain.resources import as_list, containers, dig, namespace
from kubegap.domain.tokens import Words
from kubegap.domain.workloads import audited_workloads

KESTRA_EVICTIONS = "kestra-user-2025-emptydir-without-ephemeral-storage-limits-evictions"


WRITTEN_AREAS = Words(("work", "working", "workdir", "workspace", "spool", "queue", "queues", "pgdata"))
"""Words of mount paths for areas a program writes by their purpose: work and spool areas, queues, and Postgres's
data directory. Words, not substrings: ``/workload-spiffe-uds`` is no work area."""

LOGS_UNJUDGED = (
    "a log directory on an unbounded emptyDir: whether the program writes its logs there, and rotates them, is its "
    "configuration's (Dragonfly's services log to the console, its daemon keeps six hourly files)"
)


def _limit_range_default(ctx: Context, ns: str | None) -> bool:
    """Whether a LimitRange in the namespace gives containers a default ephemeral-storage limit."""
    return any(
        namespace(lr) == ns and dig(item, "default", "ephemeral-storage") is not None
        for lr in ctx.inventory.of_kind("LimitRange")
        for item in as_list(dig(lr, "spec", "limits"))
        if isinstance(item, dict) and item.get("type", "Container") == "Container"
    )


IMAGE_DIRECTORIES = frozenset({"/work"})
"""The top-level directory images run in by convention (Cerbos keeps the policies it is given in ``/work``, Relay its
credentials in ``/work/.relay``): what they hold is the program's input, not a work area it fills."""


def _image_directory(path: str) -> bool:
    return path.rstrip("/") in IMAGE_DIRECTORIES


def _unbounded_scratch(template: PodTemplate) -> Iterator[tuple[str, str, str | None]]:
    """``(container, volume, mount path)`` for disk-backed emptyDirs without sizeLimit where data piles up, mounted
    by a container without an ephemeral-storage limit; the path is None for a log directory, which is not judged."""
    unbounded = {
        v["name"] for _, v in mounted_volumes(template) if disk_empty_dir(v) and dig(v, "emptyDir", "sizeLimit") is None
    }
    if not unbounded:
        return
    claims = claim_volumes(template)
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
                if own_state_directory(container, path) is not None:
                    # the program's own directory, wherever it sits (relay's /work/.relay is no work area)
                    if piles_up(container, path, claims):
                        yield str(container.get("name")), mount["name"], path
                elif (WRITTEN_AREAS.find(path) is not None and not _image_directory(path)) or (
                    DATA_AREAS.find(path) is not None and piles_up(container, path, claims)
                ):
                    yield str(container.get("name")), mount["name"], path
                elif LOG_AREAS.find(path) is not None:
                    yield str(container.get("name")), mount["name"], None


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

    Workloads whose containers mount, writable, a disk-backed `emptyDir` that has no `sizeLimit` where data
    accumulates: a mount path naming work, spool or queue areas, or a path naming data (`/data`, `/var/lib/<x>`,
    storage, db) where the container shows data piles up, since a mount is not a write (see Evidence rules): its
    image runs a data store that keeps no data on a claim of the pod (one whose configured data directory lies on
    a claim it mounts, or that mounts one at a path naming data as surely as the mount's, keeps its data there:
    Waldur's RabbitMQ keeps its queues on its claim beside emptyDirs for its cookie and plugins, judged wrong when
    taken for its data; an Elasticsearch whose indices sit on an emptyDir beside a snapshot claim is still judged), a data directory setting of its environment or flags lies inside the mount and under no deeper mount
    of another volume, or the path
    is the state directory of an image store (`/var/lib/docker` of Docker-in-Docker, or containerd's, BuildKit's,
    Podman's: the images and layers it pulls and builds). Another program's own `/var/lib/<program>`, or hidden
    `.<program>` directory wherever it sits, shows where it keeps state, not that the state grows (Spire's agent
    keeps one small file in `/var/lib/spire`; Sentry's Relay keeps its credentials in `/work/.relay`, which is no
    work area: judged wrong), and is not judged, nor is a top-level `/work`, the directory an image runs in by
    convention, which holds what the program is given (Cerbos's policies: judged wrong), nor are
    configuration, key and socket directories and `/tmp`, which hold small files. A log directory
    (`/var/log/<program>`) shows where logs would go, not that they pile up: whether the program writes them there
    and rotates them is its configuration's (Dragonfly's services log to the console; its daemon keeps six hourly
    files), so a workload whose only such mounts are log directories is counted in coverage as not judged. Paths
    match as words, not substrings (see Evidence rules in the docs): `/var/run/klog-socks` is no log directory and
    `/run/workload-spiffe-uds` no work area. And the container has no `resources.limits.ephemeral-storage` and no
    LimitRange in the namespace gives containers a default ephemeral-storage limit. Memory-backed emptyDirs (medium
    `Memory`, or a `HugePages` medium) count against memory and are not reported, nor are caches (Redis, Memcached), whose data is bounded by their memory.
    Writes to the container's own filesystem cannot be seen in a manifest and are not judged.

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
        found = [
            (template, c, volume, path)
            for template in workload.templates
            for c, volume, path in _unbounded_scratch(template)
        ]
        evidence = [
            Evidence(spec_path(template, f"volumes[{volume}].emptyDir.sizeLimit"), {"container": c, "mountPath": path})
            for template, c, volume, path in found
            if path is not None
        ]
        if found and not evidence:
            ctx.not_judged(workload.obj, LOGS_UNJUDGED)
        if evidence:
            mounts = ", ".join(sorted({f"{e.value['container']}:{e.value['mountPath']}" for e in evidence}))
            yield ctx.finding(
                workload.obj,
                f"Writes to emptyDir volumes with no sizeLimit and no ephemeral-storage limit ({mounts}): one pod can "
                "fill the node's disk and get every pod on it evicted for DiskPressure.",
                *evidence,
            )
