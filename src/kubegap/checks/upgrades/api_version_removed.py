"""``api-version-removed``: Objects written in API versions the target Kubernetes release no longer serves."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.upgrades._helpers import _today, control_plane_minor, minor, oldest_supported_minor
from kubegap.domain.helm import rendered_by_chart
from kubegap.domain.resources import api_version, dig, kind

HELM_116 = "helm-user-2020-k8s-116-removed-apis-force-upgrade-deletes-release"


# (apiVersion, kind or None for every kind) -> (first 1.x minor that no longer serves it, replacement)
REMOVED_APIS: dict[tuple[str, str | None], tuple[int, str]] = {
    ("extensions/v1beta1", "Ingress"): (22, "networking.k8s.io/v1"),
    ("extensions/v1beta1", "NetworkPolicy"): (16, "networking.k8s.io/v1"),
    ("extensions/v1beta1", "PodSecurityPolicy"): (16, "policy/v1beta1, itself removed in 1.25"),
    ("extensions/v1beta1", None): (16, "apps/v1"),
    ("apps/v1beta1", None): (16, "apps/v1"),
    ("apps/v1beta2", None): (16, "apps/v1"),
    ("admissionregistration.k8s.io/v1beta1", None): (22, "admissionregistration.k8s.io/v1"),
    ("apiextensions.k8s.io/v1beta1", None): (22, "apiextensions.k8s.io/v1"),
    ("apiregistration.k8s.io/v1beta1", None): (22, "apiregistration.k8s.io/v1"),
    ("authentication.k8s.io/v1beta1", None): (22, "authentication.k8s.io/v1"),
    ("authorization.k8s.io/v1beta1", None): (22, "authorization.k8s.io/v1"),
    ("certificates.k8s.io/v1beta1", None): (22, "certificates.k8s.io/v1"),
    ("coordination.k8s.io/v1beta1", None): (22, "coordination.k8s.io/v1"),
    ("networking.k8s.io/v1beta1", None): (22, "networking.k8s.io/v1"),
    ("rbac.authorization.k8s.io/v1beta1", None): (22, "rbac.authorization.k8s.io/v1"),
    ("scheduling.k8s.io/v1beta1", None): (22, "scheduling.k8s.io/v1"),
    ("storage.k8s.io/v1beta1", "CSIStorageCapacity"): (27, "storage.k8s.io/v1"),
    ("storage.k8s.io/v1beta1", None): (22, "storage.k8s.io/v1"),
    ("batch/v1beta1", None): (25, "batch/v1"),
    ("discovery.k8s.io/v1beta1", None): (25, "discovery.k8s.io/v1"),
    ("events.k8s.io/v1beta1", None): (25, "events.k8s.io/v1"),
    ("autoscaling/v2beta1", None): (25, "autoscaling/v2"),
    ("policy/v1beta1", "PodSecurityPolicy"): (25, "Pod Security Admission (PodSecurityPolicy has no successor kind)"),
    ("policy/v1beta1", None): (25, "policy/v1"),
    ("node.k8s.io/v1beta1", None): (25, "node.k8s.io/v1"),
    ("autoscaling/v2beta2", None): (26, "autoscaling/v2"),
    ("flowcontrol.apiserver.k8s.io/v1beta1", None): (26, "flowcontrol.apiserver.k8s.io/v1"),
    ("flowcontrol.apiserver.k8s.io/v1beta2", None): (29, "flowcontrol.apiserver.k8s.io/v1"),
    ("flowcontrol.apiserver.k8s.io/v1beta3", None): (32, "flowcontrol.apiserver.k8s.io/v1"),
}
"""Well-known removals, from the Kubernetes Deprecated API Migration Guide."""


CHART_FALLBACK = (
    "rendered by a Helm chart outside the audit: a chart may write a removed version only because helm template "
    "did not know the cluster's API versions, where helm install writes the current one; audit the chart "
    "directory, which kubegap renders for a current cluster"
)

REMOVED_VERSIONS = frozenset(version for version, _ in REMOVED_APIS)
"""API versions with a removal: every other object is passed over at a glance."""


@check(
    id="api-version-removed",
    title="Objects written in API versions the target Kubernetes release no longer serves",
    severity="medium",
    category="upgrades",
    cases=[HELM_116],
    defaults={"kube_version": None, "today": None},
    setting_types={"kube_version": str, "today": str},
    fix=(
        "Rewrite the manifests (and Helm charts, and the manifests Helm stored for existing releases, e.g. "
        "with the helm-mapkubeapis plugin) in the replacement API versions before upgrading the cluster."
    ),
    reads=["Node"],
)
def api_version_removed(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Objects whose `apiVersion` (for their kind) is no longer served by the target Kubernetes
    release, from a table of well-known removals (extensions/v1beta1 and apps/v1beta1/v1beta2 in
    1.16; the v1beta1 Ingress, RBAC, CRD, webhook and storage APIs in 1.22; batch/v1beta1 CronJob,
    policy/v1beta1, autoscaling/v2beta1 and others in 1.25; autoscaling/v2beta2 in 1.26; the
    flowcontrol betas in 1.26, 1.29 and 1.32). The target is the `kube_version` setting, else the
    snapshot's `cluster.version`, else the newest kubelet among the nodes; without any of them,
    the oldest upstream release still supported today, so manifests are held to every supported
    release.

    ## Why it matters

    A team moving from Kubernetes 1.14 to 1.16 found that Helm could no longer upgrade releases
    whose stored manifests used the Deployment API versions 1.16 removed (extensions/v1beta1,
    apps/v1beta1, apps/v1beta2): upgrades failed with "no matches for kind Deployment", and
    retrying with --force deleted the previous release and then failed anyway. The manifests had not
    been migrated to apps/v1 before the cluster upgrade.

    An object a Helm chart rendered outside the audit (it carries Helm's labels, or `helm template`'s
    `# Source: <chart>/templates/...` comment before it, and was not rendered by `kubegap audit CHART_DIR`) is
    not judged, and the check's coverage counts it: a chart picks between
    an old and a new version with `.Capabilities.APIVersions.Has`, and `helm template` without
    `--api-versions` answers from a built-in list without kinds (`policy/v1/PodDisruptionBudget`) or the
    aggregation layer (`apiregistration.k8s.io/v1`), so the render may hold the chart's fallback where
    `helm install`, which asks the cluster, writes the current version. Audit the chart directory, which
    kubegap renders for a cluster that serves the current versions, to judge it. Devtron's chart, whose objects
    carry no Helm label, rendered its Jobs and CronJob as `batch/v1beta1` under `helm template` (a Job was never served in that
    version); `helm install` writes `batch/v1` (judged wrong four times on a fresh install).

    ## Severity

    Always **medium**: the apply fails after the upgrade; what already runs keeps running.

    ## Example

    ```yaml
    apiVersion: extensions/v1beta1
    kind: Deployment
    ```

    ## Fix

    ```yaml
    apiVersion: apps/v1
    kind: Deployment
    spec:
      selector: {matchLabels: {app: web}}   # required in apps/v1
    ```
    """
    target = control_plane_minor(ctx)
    if target is None:
        kubelets = [
            m for n in ctx.inventory.nodes if (m := minor(dig(n, "status", "nodeInfo", "kubeletVersion"))) is not None
        ]
        target = (max(kubelets), "newest kubelet") if kubelets else None
    if target is None:
        oldest = oldest_supported_minor(_today(ctx))
        target = (oldest, f"oldest supported release 1.{oldest}")
    for obj in ctx.inventory.of_api_versions(REMOVED_VERSIONS.__contains__):
        version, kind_of = api_version(obj), kind(obj)
        removal = REMOVED_APIS.get((version, kind_of)) or REMOVED_APIS.get((version, None))
        if removal and removal[0] <= target[0]:
            origin = ctx.inventory.origin(obj)
            # a render the audit did not make may hold the chart's fallback for a version it could not ask about
            if rendered_by_chart(obj, origin) and (origin is None or origin.rendered_by is None):
                ctx.not_judged(obj, CHART_FALLBACK)
                continue
            yield ctx.finding(
                obj,
                f"{version} {kind_of} is not served since Kubernetes 1.{removal[0]} (target 1.{target[0]}); use {removal[1]}.",
                Evidence("apiVersion", version),
                Evidence("target version", target[1]),
            )
