"""``kubernetes-version-unsupported``: Control plane on a Kubernetes release past its end of support."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.upgrades._helpers import END_OF_LIFE, _today, control_plane_minor, oldest_supported_minor

MINA = "mina-2023-gke-forced-control-plane-upgrade-unsupported-version"


@check(
    id="kubernetes-version-unsupported",
    title="Control plane on a Kubernetes release past its end of support",
    severity="high",
    category="upgrades",
    cases=[MINA],
    defaults={"kube_version": None, "today": None},
    setting_types={"kube_version": str, "today": str},
    fix=(
        "Upgrade the control plane, one minor at a time, to a supported release before the provider does it "
        "on its own schedule; replace node images and APIs the newer release drops first."
    ),
)
def kubernetes_version_unsupported(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    The control plane's version (the `kube_version` setting, else the snapshot's `cluster.version`)
    against the end-of-life dates of upstream Kubernetes releases (1.22 to 1.36, from
    kubernetes.io/releases): a release whose end of life is before today (the `today` setting, for
    reproducible runs) is reported; releases older than the table are always unsupported. Managed
    services may support a release somewhat longer. Skipped when the version is unknown.

    ## Why it matters

    Mina's Buildkite CI cluster on GKE was still on Kubernetes 1.23 when Google Cloud removed support
    for that version. Google upgraded the control plane to 1.24 on its own, but the node pools could
    not follow, because they ran a Docker-based node image GKE no longer offered; the team had to move
    them to new node pools. A cluster left on a release about to leave provider support is upgraded
    on the provider's schedule.

    ## Severity

    Always **high**: no security fixes, and the provider may upgrade the cluster on its own schedule.

    ## Example

    ```json
    {"kind": "Snapshot", "cluster": {"version": "v1.23.17-gke.1700"}}
    ```

    ## Fix

    ```sh
    gcloud container clusters upgrade CLUSTER --master --cluster-version 1.24
    ```
    """
    found = control_plane_minor(ctx)
    if found is None:
        raise Skip("control plane version unknown (no cluster.version in the input, no kube_version setting)")
    release, where = found
    today = _today(ctx)
    end = END_OF_LIFE.get(release)
    if (end is not None and end < today) or release < min(END_OF_LIFE):
        yield ctx.finding(
            ctx.cluster,
            f"Kubernetes 1.{release} is past its end of support"
            + (f" ({end.isoformat()})" if end else "")
            + f"; the oldest supported release is 1.{oldest_supported_minor(today)}.",
            Evidence("control plane version", where),
            Evidence("end of life", end.isoformat() if end else "before 1.22"),
        )
