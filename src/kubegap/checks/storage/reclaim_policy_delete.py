"""``reclaim-policy-delete``: Stateful data on volumes that are destroyed when their claims are deleted."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap import limits
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.storage._helpers import NO_PROVISIONER, storage_class
from kubegap.domain.containers import mounted_volumes
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, as_list, dig, name, namespace

MEMGRAPH = "memgraph-user-2024-redeploy-deletes-persistent-disks"


MOJ = "moj-2019-prometheus-operator-removal-deletes-pv"


def _volume_policy(pv: dict) -> tuple[str, str] | None:
    """``(where, reclaim policy)`` of a PersistentVolume: its own, ``Retain`` when unset (the API's default for a
    volume made by hand; a provisioned one carries its class's), None when it is not a word."""
    spec = pv.get("spec")
    policy = spec.get("persistentVolumeReclaimPolicy", "Retain") if isinstance(spec, dict) else None
    where = f"PersistentVolume {name(pv)}.spec.persistentVolumeReclaimPolicy"
    return (where, policy) if isinstance(policy, str) else None


def _made_beforehand(ctx: Context, claim: dict | None, sc: dict) -> tuple[str, str] | None:
    """The reclaim policy a claim of a class that provisions nothing gets: the one of the volumes made for it (a
    ``claimRef`` naming the claim), else of the class's volumes free for any claim, where they agree. A claim
    none of whose volumes is in the input, or whose candidates disagree, is not reported."""
    of_class = [v for v in ctx.inventory.of_kind("PersistentVolume") if dig(v, "spec", "storageClassName") == name(sc)]
    ref = (namespace(claim), name(claim)) if claim is not None else None
    reserved = [
        v for v in of_class if (dig(v, "spec", "claimRef", "namespace"), dig(v, "spec", "claimRef", "name")) == ref
    ]
    candidates = reserved or [v for v in of_class if not isinstance(dig(v, "spec", "claimRef"), dict)]
    policies = [_volume_policy(v) for v in candidates]
    found = [p for p in policies if p is not None]
    return found[0] if found and len(found) == len(policies) and len({p[1] for p in found}) == 1 else None


def _claim_policy(ctx: Context, claim: dict | None, class_name: object) -> tuple[str, str] | None:
    """``(where, reclaim policy)`` for a claim: its bound PersistentVolume's, else its StorageClass's, or, for a
    class that provisions nothing (``kubernetes.io/no-provisioner``), the volumes made for its claims."""
    volume = dig(claim, "spec", "volumeName")
    pv = ctx.inventory.get("PersistentVolume", None, volume) if isinstance(volume, str) else None
    if pv is not None:
        return _volume_policy(pv)
    sc = storage_class(ctx, dig(claim, "spec", "storageClassName") if claim else class_name)
    if sc is None:
        return None
    if sc.get("provisioner") == NO_PROVISIONER:
        return _made_beforehand(ctx, claim, sc)
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
        found: list[dict | None] = [c for c in claims if c is not None] or [None]  # none live: the template's class
        for live in found:
            resolved = _claim_policy(ctx, live, dig(template, "spec", "storageClassName"))
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
    PersistentVolumeClaims whose volumes have the `Delete` reclaim policy (not a Helm test hook's, whose claims
    hold what the test writes: Carina's demos, judged noise): the bound
    PersistentVolume's `persistentVolumeReclaimPolicy` when the claim and volume were collected
    (`Retain` when unset, the API's default for a volume made by hand), otherwise the `reclaimPolicy` of
    the claim's StorageClass (which defaults to `Delete`; a claim that names no class uses the single
    default class). A class that provisions nothing (`kubernetes.io/no-provisioner`, for local volumes) binds
    its claims to volumes made beforehand, whose own policy applies, not the class's: Tinkerbell's chart makes
    its artifacts volume with `Retain` beside such a class, which says `Delete` by default (judged wrong on a
    fresh install). The volumes made for the claim decide (a `claimRef` naming it), else the class's volumes free
    for any claim, where they agree; where none is in the input, or they disagree, the claim is not reported.
    Claims whose volume and class are both unknown are not reported; skipped when neither StorageClasses nor
    PersistentVolumes were collected.

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
        if workload.kind not in ("StatefulSet", "Deployment") or workload.is_finished or workload.is_helm_test:
            continue  # a Helm test hook's workload and claims exist for the test, and hold nothing to keep
        evidence = list(dict.fromkeys(_deleting_claims(ctx, workload)))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} keeps its data on volumes with reclaim policy Delete: deleting the claims "
                "(a redeploy, an uninstall, a mistake) destroys the disks.",
                *evidence,
            )
