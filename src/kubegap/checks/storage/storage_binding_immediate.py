"""``storage-binding-immediate``: Zonal block storage provisioned before the pod is scheduled, in a multi-zone cluster."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import dig, labels

KUBEFLOW_ZONE = "kubeflow-2021-pipelines-pv-provisioned-in-zone-without-nodes"


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
