"""``etcd-object-pressure``: High-churn objects (events, policy reports, auth sessions) piling up in etcd."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.resources import namespace

ZWINDLER = "zwindler-2023-kyverno-events-etcd-database-space-exceeded"


MARCINCUBER = "marcincuber-2024-kyverno-ephemeralreports-overload-eks-etcd"


PIETERLANGE = "pieterlange-2019-dex-authrequests-overload-masters"


SYSELEVEN = "syseleven-2019-dex-sessions-bloat-etcd-apiserver-oom"


OBJECT_LIMITS = {
    "Event": 100_000,
    "EphemeralReport": 10_000,
    "ClusterEphemeralReport": 10_000,
    "PolicyReport": 10_000,
    "ClusterPolicyReport": 10_000,
    "AdmissionReport": 10_000,
    "ClusterAdmissionReport": 10_000,
    "BackgroundScanReport": 10_000,
    "ClusterBackgroundScanReport": 10_000,
    "ReportChangeRequest": 10_000,
    "AuthRequest": 10_000,
    "OfflineSessions": 10_000,
    "RefreshToken": 10_000,
}


@check(
    id="etcd-object-pressure",
    title="High-churn objects (events, policy reports, auth sessions) piling up in etcd",
    severity="high",
    category="control-plane",
    cases=[ZWINDLER, MARCINCUBER, PIETERLANGE, SYSELEVEN],
    reads=sorted(OBJECT_LIMITS),
    metadata_only=sorted(OBJECT_LIMITS),
    defaults={"limits": dict(OBJECT_LIMITS)},
    fix=(
        "Find what creates the objects and stop the pile-up: tune or upgrade the policy engine (Kyverno "
        "event generation, admission reports, a reports server), give Dex a short TTL or a storage backend "
        "outside the cluster, shorten the API server's --event-ttl; and alert on etcd database size "
        "against its quota."
    ),
)
def etcd_object_pressure(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Counts of the kinds that have filled etcd in real incidents, against the `limits` setting:
    Events (default 100,000), Kyverno reports (EphemeralReport, PolicyReport, AdmissionReport,
    BackgroundScanReport and their cluster-scoped forms, ReportChangeRequest; 10,000 each) and
    Dex's in-cluster storage (AuthRequest, OfflineSessions, RefreshToken; 10,000 each). Only
    collected kinds are counted; skipped when none of them was collected.

    ## Why it matters

    On a bare-metal cluster already churning etcd with short-lived jobs, a batch of new Kyverno
    policies generated large numbers of events until etcd hit its space quota, every write failed
    with "mvcc: database space exceeded" and the API server went down (zwindler, 2023). A Kyverno
    1.12 defect created ephemeralreports in excessive numbers on an EKS cluster, whose etcd size is
    capped, and the cluster broke (2024). Dex storing its state in the cluster filled etcd with
    AuthRequest objects until listing them timed out and deleting the namespace took the masters
    down (2019); at SysEleven more than 500,000 Dex sessions grew etcd from about 300 MB to 700 MB and
    API servers ran out of memory (2019).

    ## Severity

    Always **high**: etcd's quota is shared by the whole cluster; when it fills, every write fails.

    ## Example

    ```text
    ephemeralreports.reports.kyverno.io: 480,112 objects
    ```

    ## Fix

    ```text
    upgrade Kyverno to a release with the fix; disable admission reports or use the reports server;
    alert on etcd_mvcc_db_total_size_in_bytes against --quota-backend-bytes
    ```
    """
    limits = {**OBJECT_LIMITS, **ctx.setting("limits")}
    counted = [k for k in limits if ctx.inventory.collected(k)]
    if not counted:
        raise Skip("none of the counted kinds (events, policy reports, Dex storage) was collected")
    for kind_name in counted:
        objects = ctx.inventory.of_kind(kind_name)
        if len(objects) <= limits[kind_name]:
            continue
        per_namespace: dict[str, int] = {}
        for obj in objects:
            key = namespace(obj) or "(cluster)"
            per_namespace[key] = per_namespace.get(key, 0) + 1
        busiest = dict(sorted(per_namespace.items(), key=lambda item: -item[1])[:5])
        yield ctx.finding(
            ctx.cluster,
            f"{len(objects)} {kind_name} objects are stored in etcd (limit {limits[kind_name]}): high-churn "
            "objects like these have filled etcd's quota and taken API servers down.",
            Evidence(f"count({kind_name})", len(objects)),
            Evidence("busiest namespaces", busiest),
        )
