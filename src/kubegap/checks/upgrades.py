"""Upgrade checks: removed node labels and API versions, unsupported releases, kubelet version skew."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.podtemplates import PodTemplate
from kubegap.resources import api_version, as_dict, as_list, dig, kind, name, str_map

REDDIT = "reddit-2023-k8s-124-upgrade-removed-master-label-calico"

MASTER = "node-role.kubernetes.io/master"
CONTROL_PLANE = "node-role.kubernetes.io/control-plane"
OLD_LABELS = {
    MASTER: CONTROL_PLANE,
    "beta.kubernetes.io/arch": "kubernetes.io/arch",
    "beta.kubernetes.io/os": "kubernetes.io/os",
    "beta.kubernetes.io/instance-type": "node.kubernetes.io/instance-type",
    "failure-domain.beta.kubernetes.io/zone": "topology.kubernetes.io/zone",
    "failure-domain.beta.kubernetes.io/region": "topology.kubernetes.io/region",
}
"""Each removed or deprecated node label and the label that replaces it. Node affinity terms are alternatives
(required terms are ORed, preferred ones add up), so an old key in one term is covered by another term of the
same kind that names its replacement."""
WHY_REPLACED = {MASTER: "the master label is no longer applied to nodes since 1.24, the taint since 1.25"}
CALICO_KINDS = ("BGPPeer", "BGPConfiguration")


def _selector_keys(template: PodTemplate) -> Iterator[tuple[str, str]]:
    """``(field path, label key)`` for every node-label key a pod template schedules by."""
    spec, base = template.spec, f"{template.path}.spec" if template.path else "spec"
    for key in str_map(spec.get("nodeSelector")):
        yield f"{base}.nodeSelector", key
    affinity = as_dict(spec.get("affinity"))
    if affinity:  # most pod specs have none: its six fields are not looked up
        yield from _affinity_keys(affinity, base)
    for constraint in as_list(spec.get("topologySpreadConstraints")):
        if isinstance(dig(constraint, "topologyKey"), str):
            yield f"{base}.topologySpreadConstraints.topologyKey", constraint["topologyKey"]


def _affinity_keys(affinity: dict, base: str) -> Iterator[tuple[str, str]]:
    """``(field path, label key)`` for the node-label keys of a pod spec's node affinity and pod (anti-)affinity."""
    node_affinity = as_dict(affinity.get("nodeAffinity"))
    required = as_list(dig(node_affinity, "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"))
    preferred = [
        dig(p, "preference") for p in as_list(node_affinity.get("preferredDuringSchedulingIgnoredDuringExecution"))
    ]
    for where, terms in (("required", required), ("preferred", preferred)):
        keys = [
            [e["key"] for e in as_list(dig(term, "matchExpressions")) if isinstance(dig(e, "key"), str)]
            for term in terms
        ]
        for index, term_keys in enumerate(keys):
            others = {key for other, other_keys in enumerate(keys) if other != index for key in other_keys}
            for key in term_keys:
                if OLD_LABELS.get(key) not in others:
                    yield f"{base}.affinity.nodeAffinity ({where})", key
    for kind_name in ("podAffinity", "podAntiAffinity"):
        for section in (
            "requiredDuringSchedulingIgnoredDuringExecution",
            "preferredDuringSchedulingIgnoredDuringExecution",
        ):
            for term in as_list(dig(affinity, kind_name, section)):
                key = dig(term, "topologyKey") or dig(term, "podAffinityTerm", "topologyKey")
                if isinstance(key, str):
                    yield f"{base}.affinity.{kind_name}.topologyKey", key


def _toleration_keys(template: PodTemplate) -> Iterator[tuple[str, str]]:
    """Tolerations of the old master taint, unless the template also tolerates the control-plane one."""
    keys = {key for t in as_list(template.spec.get("tolerations")) if isinstance(key := dig(t, "key"), str)}
    if MASTER in keys and CONTROL_PLANE not in keys:
        yield f"{template.path}.spec.tolerations" if template.path else "spec.tolerations", MASTER


def _strings(value, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def _calico_references(obj: dict) -> list[Evidence]:
    """Old label keys inside Calico selector expressions (``has(node-role.kubernetes.io/master)``)."""
    return [
        Evidence(path, text)
        for path, text in _strings(as_dict(obj.get("spec")), "spec")
        if any(old in text for old in OLD_LABELS)
    ]


@check(
    id="removed-label-reference",
    title="Scheduling or network peering that selects nodes by removed or deprecated labels",
    severity="high",
    category="upgrades",
    cases=[REDDIT],
    reads=["workloads", *CALICO_KINDS],
    fix=(
        "Select nodes by the current labels: node-role.kubernetes.io/control-plane, kubernetes.io/arch, "
        "kubernetes.io/os, node.kubernetes.io/instance-type, topology.kubernetes.io/zone and /region; "
        "search add-on configuration (CNI peering, route reflectors, operators) as well as workloads before "
        "upgrading."
    ),
)
def removed_label_reference(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Pod templates (nodeSelector, required and preferred node affinity, pod (anti-)affinity and
    topology-spread `topologyKey`) and Calico `BGPPeer` / `BGPConfiguration` selector strings that
    use `node-role.kubernetes.io/master` (no longer applied to nodes since Kubernetes 1.24) or the
    deprecated `beta.kubernetes.io/arch|os|instance-type` and
    `failure-domain.beta.kubernetes.io/zone|region` labels. A toleration of the old master taint is
    reported only when the template does not also tolerate `node-role.kubernetes.io/control-plane`,
    and an old label in a node affinity term only when no other term of the same kind (required or
    preferred) names its replacement: the terms are alternatives, so the other one still places the
    pods. Both labels in one term are still reported (a term's expressions must all hold).

    ## Why it matters

    Reddit's Pi-Day outage (14 March 2023, 314 minutes) followed an upgrade from 1.23 to 1.24, which
    removed the "master" node labels from existing clusters. The nodeSelector and peerSelector of
    the cluster's route reflectors targeted that label, which Reddit named as the cause. The
    reflectors had been set up years earlier by people who had since moved on, and their
    configuration was committed nowhere, so nobody knew to check it.

    ## Severity

    **High**: after the upgrade, the selector matches no node, so the pods it places stay Pending (or
    the add-on stops peering). **Low** when the old labels appear only in preferred scheduling terms:
    a preference places no pod on its own, so the pods still schedule, only without the placement.

    ## Example

    ```yaml
    apiVersion: projectcalico.org/v3
    kind: BGPPeer
    metadata: {name: peer-with-route-reflectors}
    spec:
      nodeSelector: all()
      peerSelector: has(node-role.kubernetes.io/master)
    ```

    ## Fix

    ```yaml
    spec:
      nodeSelector: all()
      peerSelector: has(route-reflector)   # a label you own, applied by your node provisioning
    ```
    """
    calico = [obj for kind_name in CALICO_KINDS for obj in ctx.inventory.of_kind(kind_name)]
    if not ctx.inventory.workloads and not calico:
        raise Skip("no pod templates or Calico BGP objects to inspect")
    for workload in ctx.inventory.workloads:
        evidence = [
            Evidence(path, key)
            for template in workload.templates
            for path, key in (*_selector_keys(template), *_toleration_keys(template))
            if key in OLD_LABELS
        ]
        if evidence:
            yield _finding(ctx, workload.obj, evidence)
    for obj in calico:
        evidence = _calico_references(obj)
        if evidence:
            yield _finding(ctx, obj, evidence)


def _finding(ctx: Context, obj: dict, evidence: list[Evidence]) -> Finding:
    used = sorted({old for e in evidence for old in OLD_LABELS if old in str(e.value)})
    replacements = "; ".join(
        f"{old} -> {OLD_LABELS[old]}" + (f" ({WHY_REPLACED[old]})" if old in WHY_REPLACED else "") for old in used
    )
    if all(e.path.endswith("(preferred)") for e in evidence):
        return ctx.finding(
            obj,
            f"Prefers nodes by removed or deprecated labels: {replacements}. A preference places no "
            "pod on its own: the pods still schedule, without the placement it asked for.",
            *evidence,
            severity="low",
        )
    return ctx.finding(obj, f"Selects nodes by removed or deprecated labels: {replacements}.", *evidence)


HELM_116 = "helm-user-2020-k8s-116-removed-apis-force-upgrade-deletes-release"
MINA = "mina-2023-gke-forced-control-plane-upgrade-unsupported-version"
KUBELET_131 = "kubernetes-users-2024-kubelet-131-via-lb-to-older-apiserver"

END_OF_LIFE = {
    22: date(2022, 12, 8),
    23: date(2023, 2, 28),
    24: date(2023, 7, 28),
    25: date(2023, 10, 28),
    26: date(2024, 2, 28),
    27: date(2024, 7, 16),
    28: date(2024, 10, 22),
    29: date(2025, 2, 28),
    30: date(2025, 7, 15),
    31: date(2025, 11, 11),
    32: date(2026, 2, 28),
    33: date(2026, 6, 28),
    34: date(2026, 10, 27),
    35: date(2027, 2, 28),
    36: date(2027, 6, 28),
}
"""End of upstream support per 1.x minor, from the Kubernetes release pages (kubernetes.io/releases)."""

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
REMOVED_VERSIONS = frozenset(version for version, _ in REMOVED_APIS)
"""API versions with a removal: every other object is passed over at a glance."""

_MINOR = re.compile(r"^v?1\.(\d+)")


def minor(version) -> int | None:
    """The 1.x minor of a version string ("v1.29.4-eks-abc" -> 29); None when it is not one."""
    match = _MINOR.match(version) if isinstance(version, str) else None
    return int(match.group(1)) if match else None


def _today(ctx: Context) -> date:
    configured = ctx.setting("today")
    return date.fromisoformat(configured) if isinstance(configured, str) else date.today()


def control_plane_minor(ctx: Context) -> tuple[int, str] | None:
    """The control plane's minor and where it came from: the ``kube_version`` setting or the snapshot."""
    for where, value in (
        ("setting kube_version", ctx.setting("kube_version")),
        ("cluster.version", ctx.inventory.collection.cluster.get("version")),
    ):
        found = minor(value)
        if found is not None:
            return found, f"{where} = {value}"
    return None


def oldest_supported_minor(today: date) -> int:
    return min((m for m, end in END_OF_LIFE.items() if end >= today), default=max(END_OF_LIFE) + 1)


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
            yield ctx.finding(
                obj,
                f"{version} {kind_of} is not served since Kubernetes 1.{removal[0]} (target 1.{target[0]}); use {removal[1]}.",
                Evidence("apiVersion", version),
                Evidence("target version", target[1]),
            )


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
