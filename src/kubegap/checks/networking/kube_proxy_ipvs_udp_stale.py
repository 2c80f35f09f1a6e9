"""``kube-proxy-ipvs-udp-stale``: kube-proxy in IPVS mode at a version that black-holes UDP to removed backends."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.kube_proxy import kube_proxy_configurations, kube_proxy_containers, kube_proxy_flags
from kubegap.domain.resources import dig
from kubegap.domain.versions import release

DATADOG_IPVS = "datadog-2019-coredns-rolling-update-ipvs-udp-blackholes-dns"


IPVS_UDP_FIXED = {12: (1, 12, 10), 13: (1, 13, 7), 14: (1, 14, 3)}
"""Per 1.x minor, the first release with graceful termination disabled for UDP in IPVS mode (1.15 and later have it)."""


def _ipvs_unfixed(version: tuple[int, int, int]) -> bool:
    if version[0] != 1 or version[1] >= 15:
        return False
    return version < IPVS_UDP_FIXED.get(version[1], (1, version[1] + 1, 0))


def _proxy_mode(ctx: Context) -> tuple[dict, str, str] | None:
    """``(object, where, mode)`` of kube-proxy's proxy mode: a ``--proxy-mode`` flag, or the KubeProxyConfiguration."""
    for daemonset, where, flags in kube_proxy_flags(ctx.inventory):
        if flags.get("--proxy-mode"):
            return daemonset, where, flags["--proxy-mode"]
    for configmap, key, config in kube_proxy_configurations(ctx.inventory):
        if isinstance(config.get("mode"), str):
            return configmap, f"data.{key}: mode", config["mode"]
    return None


def _proxy_version(ctx: Context) -> tuple[str, str] | None:
    """``(version, where)`` of kube-proxy: its DaemonSet's image tag, else the oldest version the nodes report."""
    for _, _, container in kube_proxy_containers(ctx.inventory):
        image = container.get("image")
        tag = image.split("@")[0].rsplit(":", 1)[-1] if isinstance(image, str) and ":" in image.split("/")[-1] else None
        if tag is not None and release(tag) is not None:
            return tag, f"image {image}"
    reported = [
        (found, v)
        for n in ctx.inventory.nodes
        if (found := release(v := dig(n, "status", "nodeInfo", "kubeProxyVersion")))
    ]
    if reported:
        return min(reported)[1], "nodes[*].status.nodeInfo.kubeProxyVersion"
    return None


@check(
    id="kube-proxy-ipvs-udp-stale",
    title="kube-proxy in IPVS mode at a version that black-holes UDP to removed backends",
    severity="high",
    category="networking",
    cases=[DATADOG_IPVS],
    reads=["DaemonSet", "ConfigMap", "Node"],
    fix=(
        "Upgrade kube-proxy, with the nodes, to 1.12.10, 1.13.7, 1.14.3 or a later release (better: a supported "
        "one), where IPVS removes a UDP backend at once instead of draining it."
    ),
)
def kube_proxy_ipvs_udp_stale(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    kube-proxy running in IPVS mode (`--proxy-mode=ipvs` on the `kube-system/kube-proxy`
    DaemonSet, or `mode: ipvs` in the KubeProxyConfiguration of the `kube-system/kube-proxy` or
    `kube-proxy-config` ConfigMap) at a version without the fix that stops IPVS from keeping UDP
    traffic on removed backends: before 1.12.10, 1.13.0 to 1.13.6, or 1.14.0 to 1.14.2. The version
    is the DaemonSet image's tag, or else the oldest `kubeProxyVersion` the nodes report. Skipped when
    kube-proxy's mode is not visible; not judged when its version is not.

    ## Why it matters

    IPVS keeps a UDP "connection" from each client port to a backend for 300 seconds, and DNS
    clients reuse ports faster than that, so queries keep going to a CoreDNS pod after it is gone.
    Datadog, running kube-proxy in IPVS mode, saw DNS queries black-holed during rolling updates of
    CoreDNS; graceful termination of UDP backends did not help under load, because the terminating
    backend was never removed. The fix, which removes a UDP backend at once, shipped in 1.15 and
    was cherry-picked into 1.12.10, 1.13.7 and 1.14.3.

    ## Severity

    Always **high**: UDP traffic (DNS above all) keeps going to backends that are gone, on every node.

    ## Example

    ```yaml
    kind: DaemonSet
    metadata: {name: kube-proxy, namespace: kube-system}
    spec:
      template:
        spec:
          containers:
          - image: registry.k8s.io/kube-proxy:v1.13.5
            command: [kube-proxy, --proxy-mode=ipvs]
    ```

    ## Fix

    ```yaml
          - image: registry.k8s.io/kube-proxy:v1.13.12
    ```
    """
    mode = _proxy_mode(ctx)
    if mode is None:
        raise Skip("kube-proxy's proxy mode is not visible (kube-system/kube-proxy DaemonSet flags or ConfigMap)")
    subject, where, value = mode
    version = _proxy_version(ctx)
    if value.lower() != "ipvs" or version is None:
        return
    found = release(version[0])
    if found is None or not _ipvs_unfixed(found):
        return
    yield ctx.finding(
        subject,
        f"kube-proxy {version[0]} runs in IPVS mode without the UDP fix of 1.12.10, 1.13.7 and 1.14.3: after a DNS "
        "pod is replaced, queries from reused client ports keep going to the removed pod and are black-holed.",
        Evidence(where, value),
        Evidence(version[1], version[0]),
    )
