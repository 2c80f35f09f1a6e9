"""``version-skew``: Kubelets newer than the control plane, or older than the skew policy allows."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.upgrades._helpers import control_plane_minor, minor
from kubegap.domain.resources import dig, name

KUBELET_131 = "kubernetes-users-2024-kubelet-131-via-lb-to-older-apiserver"


@check(
    id="version-skew",
    title="Kubelets newer than the control plane, or older than the skew policy allows",
    severity="high",
    category="upgrades",
    cases=[KUBELET_131],
    requires=["Node"],
    defaults={"kube_version": None},
    setting_types={"kube_version": str},
    fix=(
        "Upgrade every API server before any kubelet that can reach it, and keep kubelets no more than three "
        "minors (two before 1.28) behind the API server; upgrade lagging node pools."
    ),
)
def version_skew(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Each node's `status.nodeInfo.kubeletVersion` against the control plane's version (the
    `kube_version` setting, else the snapshot's `cluster.version`): a kubelet of a newer minor, or
    one more minors behind than the version skew policy allows (three since 1.28, two before), is
    reported, one finding per kubelet version. Skipped when the control-plane version is unknown.

    ## Why it matters

    Upgrading a three-node control plane from 1.30.4 to 1.31.1, users found that the kubelet on the
    first upgraded control-plane node failed to start pods: it reached the API through a load
    balancer that could send it to a not-yet-upgraded 1.30 API server, which did not understand a
    field selector the 1.31 kubelet uses. Maintainers closed the report as unsupported, because a
    kubelet must never be newer than the API server it talks to.

    ## Severity

    Always **high**: the skew is outside what Kubernetes supports, so kubelet and API server may
    misunderstand each other.

    ## Example

    ```text
    cluster.version v1.30.4; node cp-1 kubeletVersion v1.31.1
    ```

    ## Fix

    ```text
    finish upgrading every kube-apiserver to 1.31 before upgrading kubelets
    ```
    """
    found = control_plane_minor(ctx)
    if found is None:
        raise Skip("control plane version unknown (no cluster.version in the input, no kube_version setting)")
    release, where = found
    allowed = 3 if release >= 28 else 2
    by_version: dict[str, list[str]] = {}
    for node in ctx.inventory.nodes:
        version = dig(node, "status", "nodeInfo", "kubeletVersion")
        if minor(version) is not None:
            by_version.setdefault(version, []).append(name(node))
    for version, nodes in sorted(by_version.items()):
        kubelet = minor(version)
        if kubelet is None:
            continue  # only versions with a minor were kept
        if kubelet > release or release - kubelet > allowed:
            problem = (
                "newer than the control plane"
                if kubelet > release
                else f"more than {allowed} minors behind the control plane"
            )
            yield ctx.finding(
                ctx.cluster,
                f"{len(nodes)} node(s) run kubelet {version}, {problem} ({where}).",
                Evidence("nodes", sorted(nodes)[:20]),
                Evidence("status.nodeInfo.kubeletVersion", version),
            )
