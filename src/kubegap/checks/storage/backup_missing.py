"""``backup-missing``: Persistent data with no backup evidence in the cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.containers import images
from kubegap.domain.podtemplates import Workload, as_workload
from kubegap.domain.resources import as_list, dig, group, name, namespace
from kubegap.domain.tokens import Words

KUBESTELLAR = "kubestellar-2026-helm-upgrade-deletes-console-database-volume"


BACKUP_KINDS = (
    "Schedule",
    "Backup",
    "VolumeSnapshot",
    "BackupConfiguration",
    "ReplicationSource",
    "RecurringJob",
    "ScheduledBackup",
)
"""Velero/k8up Schedule and Backup, CSI VolumeSnapshot, Stash BackupConfiguration, VolSync ReplicationSource,
Longhorn RecurringJob, CloudNativePG ScheduledBackup."""


BACKUP_JOB_HINTS = Words(
    (
        "backup",
        "backups",
        "dump",
        "dumps",
        "snapshot",
        "snapshots",
        "mysqldump",
        "mongodump",
        "pgdump",
        "velero",
        "restic",
        "kopia",
        "pgbackrest",
        "wal-g",
        "barman",
    )
)
"""Words in the name or image of a CronJob that backs data up."""


ALL_NAMESPACES = "*"


def _velero_namespaces(obj: dict) -> tuple[set[str], set[str]]:
    """(included, excluded) namespaces of a Velero Schedule or Backup; an empty include list means all."""
    spec = dig(obj, "spec", "template") if obj.get("kind") == "Schedule" else obj.get("spec")
    included = {n for n in as_list(dig(spec, "includedNamespaces")) if isinstance(n, str)} or {ALL_NAMESPACES}
    return included, {n for n in as_list(dig(spec, "excludedNamespaces")) if isinstance(n, str)}


def backup_covers(ctx: Context) -> Callable[[str | None], bool]:
    """A test of whether a namespace has backup evidence."""
    covered: set[str | None] = set()
    wildcard_exclusions: list[set[str]] = []  # one per Velero backup of every namespace
    for kind_name in BACKUP_KINDS:
        for obj in ctx.inventory.of_kind(kind_name):
            if group(obj) == "velero.io":
                included, excluded = _velero_namespaces(obj)
                if ALL_NAMESPACES in included:
                    wildcard_exclusions.append(excluded)
                covered |= included - excluded
            else:
                covered.add(namespace(obj))
    for obj in ctx.inventory.of_kind("CronJob"):
        workload = as_workload(obj)
        words = [name(obj), *(i for t in (workload.templates if workload else ()) for i in images(t))]
        if any(BACKUP_JOB_HINTS.find(w) for w in words):
            covered.add(namespace(obj))
    return lambda ns: ns in covered or any(ns not in excluded for excluded in wildcard_exclusions)


def _claims(workload: Workload) -> list[str]:
    """The workload's claims, each named once (the replica types of a training job often mount the same one)."""
    claims = [
        f"volumeClaimTemplates: {dig(t, 'metadata', 'name')}"
        for t in as_list(dig(workload.obj, "spec", "volumeClaimTemplates"))
    ]
    claims += [
        f"persistentVolumeClaim: {dig(v, 'persistentVolumeClaim', 'claimName')}"
        for t in workload.templates
        for v in as_list(t.spec.get("volumes"))
        if isinstance(dig(v, "persistentVolumeClaim"), dict)
    ]
    return list(dict.fromkeys(claims))


@check(
    id="backup-missing",
    title="Persistent data with no backup evidence in the cluster",
    severity="high",
    category="storage",
    cases=[KUBESTELLAR],
    requires=["CronJob"],
    reads=["workloads", *BACKUP_KINDS],
    fix=(
        "Back persistent data up on a schedule and test restores: a Velero Schedule (with volume "
        "snapshots or file-system backup) covering the namespace, the database operator's scheduled "
        "backups, or a backup CronJob that ships dumps off the cluster; keep the cluster itself "
        "reproducible from code."
    ),
)
def backup_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets with volume claim templates and other workloads mounting PersistentVolumeClaims,
    in namespaces with no backup evidence: no Velero Schedule or Backup including the namespace,
    no k8up Schedule/Backup, CSI VolumeSnapshot, Stash BackupConfiguration, VolSync
    ReplicationSource, Longhorn RecurringJob or CloudNativePG ScheduledBackup in it, and no CronJob
    whose name or image says backup, dump or snapshot (velero, restic, kopia, pgbackrest, wal-g,
    barman). Absence is only believed when it is known: every one of these kinds must have been
    collected or reported as not served by the cluster (a snapshot's `absent` list), and CronJobs
    collected. Otherwise the check is skipped: manifests of one application rarely contain the
    cluster's backup configuration.

    ## Why it matters

    In March 2026 a Helm upgrade deleted the volume holding the KubeStellar Console's SQLite
    database, and its GPU reservation data was lost: nothing copied the database anywhere else.
    The fix kept the claim through upgrades and added a CronJob copying the database to a separate
    backup claim every six hours, with an init container that restores the latest copy when the
    database is missing. A volume can be deleted, corrupted or lost with its zone; only a copy
    elsewhere, and a tested restore, brings the data back.

    ## Severity

    Always **high**: data that is lost cannot be restored.

    ## Example

    ```text
    StatefulSet shop/postgres (volumeClaimTemplates: data)
    no velero.io Schedule, no VolumeSnapshot, no backup CronJob in shop
    ```

    ## Fix

    ```yaml
    apiVersion: velero.io/v1
    kind: Schedule
    metadata: {name: shop-nightly, namespace: velero}
    spec:
      schedule: "0 2 * * *"
      template: {includedNamespaces: [shop], snapshotVolumes: true, ttl: 720h0m0s}
    ```
    """
    unknown = [k for k in BACKUP_KINDS if not ctx.inventory.collected(k) and k not in ctx.inventory.collection.absent]
    if unknown:
        raise Skip(f"backup kinds neither collected nor known to be absent: {', '.join(unknown)}")
    covered = backup_covers(ctx)
    for workload in ctx.inventory.workloads:
        claims = _claims(workload)
        if claims and not covered(workload.ref.namespace) and not workload.is_finished:
            yield ctx.finding(
                workload.obj,
                f"Persistent data with no backup evidence in namespace {workload.ref.namespace or '(none)'}: "
                "no backup schedule, snapshot or backup job covers it.",
                Evidence("volumes", claims),
            )
