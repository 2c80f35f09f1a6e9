"""``rwo-claim-shared-rollout``: Deployments whose rollouts or extra replicas need a ReadWriteOnce claim on a second node."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, as_list, dig, name
from kubegap.domain.workloads import AUTOSCALER_KINDS, autoscaled_ceiling

RWO_ROLLOUT = "2i2c-2025-nfs-deployment-rollout-stuck-on-rwo-multi-attach"


EXCLUSIVE_MODES = ("ReadWriteOnce", "ReadWriteOncePod")


def _exclusive_claims(ctx: Context, workload: Workload) -> list[tuple[dict, str]]:
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
            if claim is not None and modes and all(m in EXCLUSIVE_MODES for m in modes) and not _unattached(ctx, claim):
                found.append((claim, modes[0]))
    return found


UNATTACHED_SOURCES = ("hostPath", "local")
"""Volume sources no node attaches: a node's own directory or disk, mounted where the pod runs. A ReadWriteOnce
access mode confines nothing there (OpenReplay's manager claim, bound to a hostPath volume: judged wrong when told
its rollout would stall); a local volume's node affinity keeps every pod on its node instead."""


def _unattached(ctx: Context, claim: dict) -> bool:
    """Whether the input binds the claim (``spec.volumeName``) to a volume no node attaches."""
    bound = dig(claim, "spec", "volumeName")
    volume = ctx.inventory.get("PersistentVolume", None, bound) if isinstance(bound, str) else None
    return isinstance(volume, dict) and any(
        isinstance(dig(volume, "spec", source), dict) for source in UNATTACHED_SOURCES
    )


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
    reads=["workloads", "Deployment", "PersistentVolume", *AUTOSCALER_KINDS],
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
    its node.

    A Deployment scaled to zero that no HorizontalPodAutoscaler or KEDA ScaledObject raises runs no pod, and is not
    judged. A claim that several Deployments mount is one cause, reported once, on the claim, with every Deployment that
    mounts it: their pods run only where the claim is attached, whatever each one's rollout does, and one
    Deployment's Recreate cannot free a claim the others hold (Lago's chart mounts one ReadWriteOnce claim in its
    API and five workers: six findings, five judged repeats, and a Recreate fix that freed nothing).

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
    deployments = [
        w
        for w in ctx.inventory.workloads
        if w.kind == "Deployment"
        and not w.is_helm_test
        and (dig(w.obj, "spec", "replicas") != 0 or autoscaled_ceiling(ctx.inventory, w))
    ]  # a Deployment scaled to zero, that no autoscaler raises, runs no pod to hold or wait for a claim
    claims_of = {id(w): _exclusive_claims(ctx, w) for w in deployments}
    sharers: dict[int, list[Workload]] = {}
    for workload in deployments:
        for claim in {id(c): c for c, _ in claims_of[id(workload)]}.values():
            sharers.setdefault(id(claim), []).append(workload)
    shared = {key for key, mounting in sharers.items() if len(mounting) > 1}
    reported: set[int] = set()
    for workload in deployments:
        for claim, mode in claims_of[id(workload)]:
            if id(claim) in shared and id(claim) not in reported:
                reported.add(id(claim))
                yield _shared(ctx, claim, mode, sharers[id(claim)])
        claims = [(c, m) for c, m in claims_of[id(workload)] if id(c) not in shared]
        if not claims:
            continue
        spec = as_dict(workload.obj.get("spec"))
        replicas = spec.get("replicas", 1) if isinstance(spec.get("replicas", 1), int) else 1
        named = ", ".join(f"{name(c)} ({mode})" for c, mode in claims)
        modes = (Evidence("PersistentVolumeClaim.spec.accessModes", {"claim": name(c), "mode": m}) for c, m in claims)
        if replicas > 1:
            yield ctx.finding(
                workload.obj,
                f"{replicas} replicas share claim {named}: replicas scheduled on another node cannot attach it and never start.",
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
                f"Rolling updates start the new pod before stopping the old one, which holds claim {named}: a new pod "
                "placed on another node cannot attach it, and the rollout stalls.",
                Evidence("spec.strategy", spec.get("strategy")),
                *modes,
            )


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
