"""``prometheus-storage-ephemeral``: Prometheus or Alertmanager resources whose data lives only as long as their pods."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import as_dict, dig, group

HASHBANG = "hashbang-2020-kube-prometheus-data-lost-on-every-restart"


OPERATOR_GROUP = "monitoring.coreos.com"


def _storage_kind(spec: dict) -> str | None:
    """How a prometheus-operator resource stores its data: a claim, or None for pod-lived storage."""
    storage = as_dict(spec.get("storage"))
    if isinstance(storage.get("volumeClaimTemplate"), dict):
        return "volumeClaimTemplate"
    return None


def _replicas(spec: dict) -> int:
    value = spec.get("replicas", 1)
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


@check(
    id="prometheus-storage-ephemeral",
    title="Prometheus or Alertmanager resources whose data lives only as long as their pods",
    severity="medium",
    category="observability",
    cases=[HASHBANG],
    reads=["Prometheus", "Alertmanager"],
    fix=(
        "Give the resource persistent storage: spec.storage.volumeClaimTemplate with a size that fits the "
        "retention (and retentionSize below it), or, for Prometheus, ship samples elsewhere with remoteWrite."
    ),
)
def prometheus_storage_ephemeral(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    prometheus-operator `Prometheus` and `Alertmanager` resources (`monitoring.coreos.com`) whose
    `spec.storage` has no `volumeClaimTemplate`: with no `storage` at all the operator gives the
    pods an `emptyDir`, and an `emptyDir` or generic ephemeral volume in `storage` dies with the
    pod too. A Prometheus that sends its samples elsewhere (`remoteWrite`) and an Alertmanager run
    with two or more replicas (which share silences and the notification log between them) are not
    reported.

    ## Why it matters

    hashbang ran Prometheus through kube-prometheus with two instances and no persistent storage;
    every time both instances were restarted, all the data was lost. Their fix gave the
    Prometheus resource a volume claim. In the prometheus-operator's issue tracker the default
    emptyDir is described as there for quick testing, with persistent storage strongly
    recommended.
    For Alertmanager, the volume holds silences and the notification log: a lone replica that
    restarts forgets both.

    ## Severity

    Always **medium**: monitoring data and alert state are lost when the pod moves; the workloads it
    watches are unaffected.

    ## Example

    ```yaml
    apiVersion: monitoring.coreos.com/v1
    kind: Prometheus
    metadata: {name: k8s, namespace: monitoring}
    spec:
      replicas: 2            # no storage: emptyDir
    ```

    ## Fix

    ```yaml
    spec:
      replicas: 2
      retentionSize: 3GB
      storage:
        volumeClaimTemplate:
          spec:
            resources: {requests: {storage: 4Gi}}
    ```
    """
    for kind_name in ("Prometheus", "Alertmanager"):
        for obj in ctx.inventory.of_kind(kind_name):
            spec = as_dict(obj.get("spec"))
            if group(obj) != OPERATOR_GROUP or _storage_kind(spec):
                continue
            if kind_name == "Prometheus" and dig(spec, "remoteWrite"):
                continue
            if kind_name == "Alertmanager" and _replicas(spec) > 1:
                continue
            storage = as_dict(spec.get("storage"))
            where = (
                "an emptyDir (no storage set)" if not storage else f"pod-lived storage ({', '.join(sorted(storage))})"
            )
            lost = "all its metrics" if kind_name == "Prometheus" else "its silences and notification log"
            yield ctx.finding(
                obj,
                f"{kind_name} keeps its data on {where}: every restart or reschedule of its pods loses {lost}.",
                Evidence("spec.storage", spec.get("storage")),
                Evidence("spec.replicas", spec.get("replicas")),
            )
