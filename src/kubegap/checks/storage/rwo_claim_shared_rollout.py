"""``rwo-claim-shared-rollout``: Deployments whose rollouts or extra replicas need a ReadWriteOnce claim on a second node."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, as_list, dig

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
    defaults). Claims that were not collected are not judged, nor is a Helm test hook's Deployment: helm test makes
    it, and no upgrade rolls it out (Carina's demo Deployments: judged wrong).

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
        if workload.kind != "Deployment" or workload.is_helm_test:
            continue  # a Helm test hook's Deployment is made by helm test, never rolled out by an upgrade
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
