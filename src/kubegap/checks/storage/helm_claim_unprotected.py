"""``helm-claim-unprotected``: Helm-managed PersistentVolumeClaim in use without helm.sh/resource-policy: keep."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.helm import helm_release
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS, Workload
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import as_list, dig, name, namespace

KUBESTELLAR = "kubestellar-2026-helm-upgrade-deletes-console-database-volume"


KEEP = "helm.sh/resource-policy"


def _claim_users(workloads: list[Workload]) -> dict[tuple[str | None, str], list[Workload]]:
    """Workloads per ``(namespace, claim name)`` whose pod templates mount that claim."""
    users: dict[tuple[str | None, str], list[Workload]] = {}
    for workload in workloads:
        for template in workload.templates:
            for volume in as_list(template.spec.get("volumes")):
                claim = dig(volume, "persistentVolumeClaim", "claimName")
                if isinstance(claim, str) and claim:
                    found = users.setdefault((workload.ref.namespace, claim), [])
                    if not any(w is workload for w in found):
                        found.append(workload)
    return users


@check(
    id="helm-claim-unprotected",
    title="Helm-managed PersistentVolumeClaim in use without helm.sh/resource-policy: keep",
    severity="medium",
    category="storage",
    cases=[KUBESTELLAR],
    requires=["PersistentVolumeClaim"],
    reads=["workloads", *BUILTIN_CONTROLLERS, *sorted(TRAINING_KINDS), "Pod"],
    fix=(
        "Annotate the chart's PersistentVolumeClaim template (and the live claim) with helm.sh/resource-policy: keep, "
        "so that helm uninstall, or an upgrade that stops rendering the claim, leaves the claim and its data in place; "
        "delete it by hand once the data is truly no longer needed, and keep a backup of it elsewhere."
    ),
)
def helm_claim_unprotected(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    PersistentVolumeClaims that a Helm chart creates (the claim carries Helm's
    `meta.helm.sh/release-name` annotation, an `app.kubernetes.io/managed-by: Helm` label, its Helm 2
    spelling `heritage: Helm`, or a `helm.sh/chart` label) and that a workload in the same namespace mounts, without the
    annotation `helm.sh/resource-policy: keep`. Claims created from a StatefulSet's
    `volumeClaimTemplates` belong to the StatefulSet controller, not to Helm, and are not judged;
    nor are claims created as Helm hooks (`helm.sh/hook`), which Helm does not delete with the
    release, nor claims no workload mounts.

    ## Why it matters

    Helm deletes what a release owns when the release is uninstalled, and on an upgrade it deletes
    any object the new chart no longer renders; a deleted claim takes its volume with it under the
    usual `reclaimPolicy: Delete`. The KubeStellar Console kept its state in a SQLite database on a
    claim its chart created, without the keep annotation: a Helm upgrade deleted the volume, and the
    GPU reservation data in it was lost. The fix annotated the claim template with
    `helm.sh/resource-policy: keep`.

    ## Severity

    Always **medium**: the data goes only with an uninstall or an upgrade that stops rendering the
    claim, but then it is gone.

    ## Example

    ```yaml
    kind: PersistentVolumeClaim
    metadata:
      name: console-data
      labels: {app.kubernetes.io/managed-by: Helm, helm.sh/chart: console-0.3.1}
    ```

    ## Fix

    ```yaml
    kind: PersistentVolumeClaim
    metadata:
      name: console-data
      annotations: {helm.sh/resource-policy: keep}
    ```
    """
    users = _claim_users(ctx.inventory.workloads)
    if not users:
        return  # no pod template mounts a claim (a StatefulSet's come from its volumeClaimTemplates)
    for claim in ctx.inventory.of_kind("PersistentVolumeClaim"):
        mounted_by = users.get((namespace(claim), name(claim)))
        if not mounted_by:
            continue  # asked before the labels and annotations are read
        release = helm_release(claim)
        if (
            release is None
            or metadata_annotations(claim).get(KEEP) == "keep"
            or "helm.sh/hook" in metadata_annotations(claim)
        ):
            continue
        mounters = ", ".join(f"{w.kind} {w.ref.name}" for w in mounted_by)
        policy = metadata_annotations(claim).get(KEEP)
        said = f" (it is {policy!r})" if policy else ""
        yield ctx.finding(
            claim,
            f"PersistentVolumeClaim {name(claim)}, created by {release} and mounted by {mounters}, is not annotated "
            f"{KEEP}: keep{said}: helm uninstall, or an upgrade whose chart no longer renders the claim, deletes it "
            "and, with reclaimPolicy Delete, its data.",
            Evidence(f"metadata.annotations[{KEEP}]", policy),
            Evidence("mounted_by", [f"{w.kind}/{w.ref.name}" for w in mounted_by]),
        )
