"""``rwo-claim-shared-rollout``: Deployments whose rollouts or extra replicas need a ReadWriteOnce claim on a second node."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.storage._helpers import LOCAL_PROVISIONERS, node_local_class
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.datastores import container_data_store, keeps_no_data
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, containers, dig, name
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS, runs_no_pods

RWO_ROLLOUT = "2i2c-2025-nfs-deployment-rollout-stuck-on-rwo-multi-attach"


EXCLUSIVE_MODES = ("ReadWriteOnce", "ReadWriteOncePod")


class Exclusive(NamedTuple):
    """A claim the pods mount that only one node (or pod) can use: its access mode and, for a claim no node
    attaches (``_unattached``), the data store that keeps its data there (``store``)."""

    claim: dict
    mode: str
    store: str | None = None
    local_reason: str | None = None


def _exclusive_claims(ctx: Context, workload: Workload) -> list[Exclusive]:
    """The collected claims the pods mount that only one node (or pod) can attach; of those no node attaches, the
    ones a data store keeps its data on: a surged pod runs beside the old one on the same node, and the store in
    both opens the same files (StreamPipes's InfluxDB, whose second instance waits on the first's lock)."""
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
            if claim is None or not modes or not all(m in EXCLUSIVE_MODES for m in modes):
                continue
            local = None if "ReadWriteOncePod" in modes else _unattached(ctx, claim)
            if local is None:
                found.append(Exclusive(claim, modes[0]))
            elif (store := _store_on(template, volume)) is not None:
                found.append(Exclusive(claim, modes[0], store, local))
    return found


def _store_on(template: PodTemplate, volume: dict) -> str | None:
    """The data store a container of the pod runs with the volume mounted writable, or None."""
    for _, container in containers(template.spec, init=False):
        mounts = [m for m in as_list(container.get("volumeMounts")) if dig(m, "name") == volume.get("name")]
        writes = any(not dig(m, "readOnly") for m in mounts) and not keeps_no_data(container)
        if writes and (store := container_data_store(container)) is not None:
            return store
    return None


UNATTACHED_SOURCES = ("hostPath", "local")
"""Volume sources no node attaches: a node's own directory or disk, mounted where the pod runs. A ReadWriteOnce
access mode confines nothing there (OpenReplay's manager claim, bound to a hostPath volume: judged wrong when told
its rollout would stall); a local volume's node affinity keeps every pod on its node instead."""


def _unattached(ctx: Context, claim: dict) -> str | None:
    """Why no node attaches the claim's volume, or None: the input binds it (``spec.volumeName``) to a hostPath or
    local volume, or its StorageClass makes node-local volumes (``node_local_class``: StreamPipes's claims on Docker
    Desktop's ``hostpath`` class, judged wrong when told their rollouts would stall)."""
    provisioners = ctx.setting("local_provisioners")
    bound = dig(claim, "spec", "volumeName")
    volume = ctx.inventory.get("PersistentVolume", None, bound) if isinstance(bound, str) else None
    if isinstance(volume, dict):
        source = next((s for s in UNATTACHED_SOURCES if isinstance(dig(volume, "spec", s), dict)), None)
        if source is not None:
            return f"PersistentVolume {bound} is a {source} volume"
        if (driver := dig(volume, "spec", "csi", "driver")) in provisioners:
            return f"PersistentVolume {bound} is made by {driver}, a node-local driver"
    return node_local_class(ctx, claim, provisioners)


SHARED_FIX = (
    "Give what these Deployments share a home several nodes reach: a ReadWriteMany volume, or the program's object "
    "storage setting where it has one; where only one of them needs the data, mount the claim in that one alone. "
    "A Recreate rollout of one of them does not free the claim while the others hold it."
)
"""The fix for a claim several Deployments mount: one Deployment's rollout strategy cannot free it."""


@check(
    id="rwo-claim-shared-rollout",
    title="Deployments whose rollouts or extra replicas need a ReadWriteOnce claim on a second node",
    severity="medium",
    category="storage",
    cases=[RWO_ROLLOUT],
    requires=["PersistentVolumeClaim"],
    reads=["workloads", "Deployment", "PersistentVolume", "StorageClass", *AUTOSCALER_KINDS],
    defaults={"local_provisioners": list(LOCAL_PROVISIONERS)},
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
    defaults). Claims that were not collected are not judged, nor is a Helm test hook's Deployment: helm test makes
    it, and no upgrade rolls it out (Carina's demo Deployments: judged wrong); nor a claim the input binds
    (`spec.volumeName`) to a `hostPath` or `local` volume, which no node attaches: a hostPath claim's access mode
    confines nothing (OpenReplay's manager: judged wrong), and a local volume's node affinity keeps every pod on
    its node. The same holds for a claim bound to a volume a node-local CSI driver made (TopoLVM's, by the
    volume's `csi.driver`), and for a claim of a StorageClass that makes node-local volumes: one the input defines
    with a local provisioner (the `local_provisioners` setting: local-path, OpenEBS local, TopoLVM, Docker Desktop's
    and MicroK8s's hostpath, ...), or, where the input defines no such class, a local cluster's default class by name
    (`hostpath`, `microk8s-hostpath`, `local-path`, `openebs-hostpath`: StreamPipes's claims, judged wrong). A name
    is enough to withhold a stall that needs attached volumes, not to report data as node-local
    (`local-storage-stateful` asks for the class itself). On such a claim what a surge or a second replica shares is
    the data itself: it is reported where a data store keeps its data there (its container mounts the claim
    writable), since the store in the new pod opens the files the old one holds, and waits on its lock (StreamPipes's
    InfluxDB: judged a gap) or writes beside it; the evidence says why no node attaches the claim. Whether the volume
    attaches or not, a surge of a store on a ReadWriteOnce claim waits or shares its data, so the finding stands on a
    class's name; only what it says follows it. A `ReadWriteOncePod` claim is judged whatever its volume: the
    scheduler lets one pod use it, wherever it runs. Each claim is named with what it does, in one finding.

    A Deployment that runs no pod (`kubegap.domain.workloads.runs_no_pods`: scaled to zero, with no autoscaler, Argo
    Rollout or kube-downscaler that runs its pods) is not judged. A claim that several Deployments mount is one
    cause, reported once, on the claim, with every Deployment that mounts it: their pods run only where the claim is
    attached, whatever each one's rollout does, and one Deployment's Recreate cannot free a claim the others hold
    (Lago's chart mounts one ReadWriteOnce claim in its API and five workers: six findings, five judged repeats, and
    a Recreate fix that freed nothing).

    ## Why it matters

    A rolling update starts the new pod before stopping the old one. When the new pod lands on
    another node, it cannot attach the volume the old pod still holds (a Multi-Attach error), so it
    never becomes ready, and the old pod is never removed: the rollout is stuck. 2i2c got stuck in
    the middle of a deployment of their JupyterHub home-directory NFS server this way, because the
    update strategy brought up the new pod before taking down the old; they changed maxSurge and
    maxUnavailable so the old pod could release the volume. Harvester's vm-import-controller hit
    the same stall on upgrade, and its fix was the Recreate strategy.

    ## Severity

    Always **medium**: the rollout hangs, or a second replica (or another Deployment's pod) never starts, while
    the pods already running keep serving.

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
    deployments = []
    for w in ctx.inventory.workloads:
        if w.kind != "Deployment" or w.is_helm_test:
            continue
        if runs_no_pods(ctx.inventory, w):
            if _exclusive_claims(ctx, w):
                ctx.not_judged(w.obj, NO_PODS)  # a Deployment that runs no pod holds or waits for no claim
            continue
        deployments.append(w)
    claims_of = {id(w): _exclusive_claims(ctx, w) for w in deployments}
    sharers: dict[int, list[Workload]] = {}
    for workload in deployments:
        for claim in {id(e.claim): e.claim for e in claims_of[id(workload)] if e.local_reason is None}.values():
            sharers.setdefault(id(claim), []).append(workload)
    shared = {key for key, mounting in sharers.items() if len(mounting) > 1}
    reported: set[int] = set()
    for workload in deployments:
        for e in claims_of[id(workload)]:
            if id(e.claim) in shared and id(e.claim) not in reported:
                reported.add(id(e.claim))
                yield _shared(ctx, e.claim, e.mode, sharers[id(e.claim)])
        claims = [e for e in claims_of[id(workload)] if id(e.claim) not in shared]
        if not claims:
            continue
        spec = as_dict(workload.obj.get("spec"))
        replicas = spec.get("replicas", 1) if isinstance(spec.get("replicas", 1), int) else 1
        modes = [
            Evidence("PersistentVolumeClaim.spec.accessModes", {"claim": name(e.claim), "mode": e.mode}) for e in claims
        ]
        modes += [
            Evidence("node-local", {"claim": name(e.claim), "why": e.local_reason}) for e in claims if e.local_reason
        ]
        if replicas > 1:
            yield ctx.finding(
                workload.obj,
                f"{replicas} replicas share claim {_claims_said(claims, surge=False)}",
                Evidence("spec.replicas", replicas),
                *modes,
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
                "Rolling updates start the new pod before stopping the old one, which holds claim "
                + _claims_said(claims, surge=True),
                Evidence("spec.strategy", spec.get("strategy")),
                *modes,
            )


def _claims_said(claims: list[Exclusive], surge: bool) -> str:
    """The claims named, each kind with what a surge (or a second replica) does on it: a claim only one pod may use
    waits wherever the pod lands; one a node attaches waits on another node; one no node attaches shares the data of
    the store that keeps it there, among the pods on the node that holds it."""
    parts = []
    one_pod = [e for e in claims if e.mode == "ReadWriteOncePod"]
    attached = [e for e in claims if e.mode != "ReadWriteOncePod" and e.local_reason is None]
    local = [e for e in claims if e.local_reason is not None]
    if one_pod:
        parts.append(
            f"{_named(one_pod)}: "
            + (
                "the new pod cannot use it while the old one does, wherever it is placed, and the rollout stalls"
                if surge
                else "only one pod can use it, so the others never start"
            )
        )
    if attached:
        it = _it(attached)
        parts.append(
            f"{_named(attached)}: "
            + (
                f"a new pod placed on another node cannot attach {it}, and the rollout stalls"
                if surge
                else f"replicas scheduled on another node cannot attach {it} and never start"
            )
        )
    if local:
        store = next(e.store for e in local if e.store is not None)
        parts.append(
            f"{_named(local)}: no node attaches {_it(local)}, so "
            + (
                f"the new pod starts beside the old one and its {store} opens the same data: it waits on the old "
                "one's lock and the rollout stalls, or both write the same files"
                if surge
                else f"replicas on the node that holds the data open it together with their {store} (waiting on one "
                "another's lock, or writing the same files)"
            )
        )
    return "; ".join(parts) + "."


def _named(claims: list[Exclusive]) -> str:
    return ", ".join(f"{name(e.claim)} ({e.mode})" for e in claims)


def _it(claims: list[Exclusive]) -> str:
    return "it" if len(claims) == 1 else "them"


def _shared(ctx: Context, claim: dict, mode: str, mounting: list[Workload]) -> Finding:
    """One finding for a claim several Deployments mount: one cause, whatever each one's rollout does."""
    names = ", ".join(w.ref.name for w in mounting)
    who = (
        "only pods on the node that attached it can use it: a pod of any of them placed on another node, as a "
        "rescheduled or rolled-out one may be, never starts"
        if mode == "ReadWriteOnce"
        else "only the one pod that holds it can use it: every other pod of them never starts"
    )
    return ctx.finding(
        claim,
        f"Claim {name(claim)} ({mode}) is mounted by {len(mounting)} Deployments ({names}): {who}.",
        Evidence("spec.accessModes", mode),
        Evidence("mounted by", [f"Deployment {w.ref.name}" for w in mounting]),
        remediation=SHARED_FIX,
    )
