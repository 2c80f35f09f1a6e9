"""``pvc-unbound``: PersistentVolumeClaims Pending or Lost."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import dig

HETZNER = "hetzner-user-2021-pvcs-pending-after-rancher-upgrade"


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
