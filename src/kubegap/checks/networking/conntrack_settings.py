"""``conntrack-settings``: kube-proxy sizes the nodes' conntrack table below its own defaults."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.networking._helpers import duration_seconds
from kubegap.domain.kube_proxy import kube_proxy_configurations, kube_proxy_flags

CHATWORK = "chatwork-2020-eks-conntrack-overflow-coredns"


FLAGS = {
    "--conntrack-max-per-core": "maxPerCore",
    "--conntrack-min": "min",
    "--conntrack-tcp-timeout-established": "tcpEstablishedTimeout",
}


def _integer(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def _configmap_settings(ctx: Context) -> Iterator[tuple[dict, str, dict]]:
    """``(object, where, conntrack settings)`` from kube-proxy ConfigMaps holding a KubeProxyConfiguration."""
    for configmap, key, config in kube_proxy_configurations(ctx.inventory):
        if isinstance(config.get("conntrack"), dict):
            yield configmap, f"data.{key}: conntrack", config["conntrack"]


def _flag_settings(ctx: Context) -> Iterator[tuple[dict, str, dict]]:
    """Conntrack settings passed as flags to a kube-proxy DaemonSet."""
    for daemonset, where, flags in kube_proxy_flags(ctx.inventory):
        settings = {FLAGS[flag]: value for flag, value in flags.items() if flag in FLAGS}
        if settings:
            yield daemonset, where, settings


def _risks(ctx: Context, settings: dict) -> Iterator[str]:
    per_core = _integer(settings.get("maxPerCore"))
    if per_core is not None and 0 < per_core < ctx.setting("min_max_per_core"):
        yield f"maxPerCore {per_core} < {ctx.setting('min_max_per_core')}"
    minimum = _integer(settings.get("min"))
    if minimum is not None and minimum < ctx.setting("min_conntrack_min"):
        yield f"min {minimum} < {ctx.setting('min_conntrack_min')}"
    established = duration_seconds(settings.get("tcpEstablishedTimeout"))
    if established is not None and established > ctx.setting("max_established_timeout_seconds"):
        yield f"tcpEstablishedTimeout {settings['tcpEstablishedTimeout']} keeps idle entries longer than 24h"


@check(
    id="conntrack-settings",
    title="kube-proxy sizes the nodes' conntrack table below its own defaults",
    severity="medium",
    category="networking",
    cases=[CHATWORK],
    reads=["ConfigMap", "DaemonSet"],
    defaults={"min_max_per_core": 32768, "min_conntrack_min": 131072, "max_established_timeout_seconds": 86400},
    fix=(
        "Raise kube-proxy's conntrack settings (conntrack.maxPerCore and conntrack.min in the "
        "KubeProxyConfiguration, or --conntrack-max-per-core / --conntrack-min) to at least the upstream "
        "defaults of 32768 and 131072, and watch nf_conntrack_count against nf_conntrack_max on the nodes."
    ),
)
def conntrack_settings(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    kube-proxy's connection-tracking settings where they are visible: the KubeProxyConfiguration in
    the `kube-system/kube-proxy` (or `kube-proxy-config`) ConfigMap, or `--conntrack-*` flags on the
    `kube-system/kube-proxy` DaemonSet. It reports `maxPerCore` below `min_max_per_core` (default
    32768; 0 means kube-proxy leaves the kernel's value alone and is not judged), `min` below
    `min_conntrack_min` (default 131072), and `tcpEstablishedTimeout` above
    `max_established_timeout_seconds` (default 24h). Skipped when no kube-proxy configuration is
    visible.

    ## Why it matters

    At Chatwork, after moving a system onto a multi-tenant EKS cluster, the conntrack tables of the
    nodes hosting CoreDNS filled up and application connections were dropped. The nodes'
    conntrack maximum was not the default value but one written by kube-proxy, so Chatwork raised it
    through kube-proxy's own configuration, setting maxPerCore to 32768 and min to 131072.

    ## Severity

    Always **medium**: connections are dropped only when the table fills, on the busiest nodes first.

    ## Example

    ```yaml
    apiVersion: kubeproxy.config.k8s.io/v1alpha1
    kind: KubeProxyConfiguration
    conntrack:
      maxPerCore: 8192
      min: 32768
    ```

    ## Fix

    ```yaml
    conntrack:
      maxPerCore: 32768
      min: 131072
    ```
    """
    sources = [*_configmap_settings(ctx), *_flag_settings(ctx)]
    if not sources:
        raise Skip(
            "no kube-proxy conntrack configuration visible (kube-system/kube-proxy ConfigMap or DaemonSet flags)"
        )
    for obj, where, settings in sources:
        risks = list(_risks(ctx, settings))
        if risks:
            yield ctx.finding(
                obj,
                f"kube-proxy sets the nodes' connection tracking too tight: {'; '.join(risks)}.",
                Evidence(
                    where, {k: settings[k] for k in ("maxPerCore", "min", "tcpEstablishedTimeout") if k in settings}
                ),
            )
