"""Storage checks: stateful data that lives and dies with one machine."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.resources import as_list, dig, name, namespace
from kubegap.workloads import Workload

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"

LOCAL_PROVISIONERS = (
    "kubernetes.io/no-provisioner",
    "rancher.io/local-path",
    "openebs.io/local",
    "local.csi.openebs.io",
    "topolvm.io",
    "topolvm.cybozu.com",
    "lvm.csi.metal-stack.io",
    "local.csi.aliyun.com",
)


def _storage_class_is_local(ctx: Context, class_name: str | None) -> bool | None:
    """True/False when known; None when StorageClasses were not collected or the class is unnamed."""
    if not ctx.inventory.collected("StorageClass"):
        return None
    if class_name is None:
        defaults = [
            sc for sc in ctx.inventory.of_kind("StorageClass")
            if dig(sc, "metadata", "annotations", "storageclass.kubernetes.io/is-default-class") == "true"
        ]
        if len(defaults) != 1:
            return None
        sc = defaults[0]
    else:
        sc = ctx.inventory.get("StorageClass", None, class_name)
        if sc is None:
            return None
    return sc.get("provisioner") in ctx.setting("local_provisioners")


def _pv_is_local(pv: dict) -> str | None:
    spec = pv.get("spec") if isinstance(pv.get("spec"), dict) else {}
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
        dig(v, "persistentVolumeClaim", "claimName")
        for template in workload.templates
        for v in as_list(template.spec.get("volumes"))
    } - {None}
    pvcs = [pvc for claim in claimed if isinstance(claim, str) and (pvc := ctx.inventory.get("PersistentVolumeClaim", ns, claim))]
    for template in as_list(dig(workload.obj, "spec", "volumeClaimTemplates")):
        pvcs += claims_by_stem.get((ns, f"{dig(template, 'metadata', 'name')}-{workload.ref.name}"), [])
    for pvc in {id(p): p for p in pvcs}.values():  # a claim both mounted by name and templated counts once
        pvc_name = name(pvc)
        volume = dig(pvc, "spec", "volumeName")
        pv = ctx.inventory.get("PersistentVolume", None, volume) if isinstance(volume, str) else None
        kind_of_volume = _pv_is_local(pv) if pv else None
        if kind_of_volume:
            yield Evidence(f"PersistentVolume {volume}.spec.{kind_of_volume}", f"bound to claim {pvc_name}")


def _pod_volume_reasons(workload: Workload) -> Iterator[Evidence]:
    has_claims = bool(as_list(dig(workload.obj, "spec", "volumeClaimTemplates")))
    for template in workload.templates:
        mounted = {
            dig(m, "name")
            for c in as_list(template.spec.get("containers"))
            for m in as_list(dig(c, "volumeMounts"))
        }
        for index, volume in enumerate(as_list(template.spec.get("volumes"))):
            if not isinstance(volume, dict) or volume.get("name") not in mounted:
                continue
            if isinstance(volume.get("hostPath"), dict):
                yield Evidence(f"{template.path}.spec.volumes[{index}].hostPath", dig(volume, "hostPath", "path"))
            elif isinstance(volume.get("emptyDir"), dict) and not has_claims and dig(volume, "emptyDir", "medium") != "Memory":
                yield Evidence(f"{template.path}.spec.volumes[{index}].emptyDir", volume["name"])


@check(
    id="local-storage-stateful",
    title="Stateful data on node-local storage",
    severity="high",
    category="storage",
    cases=[DATADOG],
    reads=["StatefulSet", "StorageClass", "PersistentVolume", "PersistentVolumeClaim"],
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
    `hostPath` volumes, or a mounted disk-backed `emptyDir` with no volume claim templates at all.
    Claims whose StorageClass was not collected are not judged.

    ## Why it matters

    When a node is lost or replaced, data on its local disks goes with it. In Datadog's March 2023
    outage a large share of nodes failed at once, and recovery depended on how each cloud provider
    dealt with the unhealthy instances; state kept only on those machines made recovery slower
    and harder (see the cited case for what was lost and how it was rebuilt).

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
        if workload.kind != "StatefulSet":
            continue
        evidence = [
            *_claim_template_reasons(ctx, workload),
            *_bound_local_volumes(ctx, workload, claims_by_stem),
            *_pod_volume_reasons(workload),
        ]
        if evidence:
            yield ctx.finding(
                workload.obj,
                "StatefulSet keeps its data on node-local storage, which is lost when the node is replaced.",
                *evidence,
            )
