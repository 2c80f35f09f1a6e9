"""``removed-label-reference``: Scheduling or network peering that selects nodes by removed or deprecated labels."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.upgrades._helpers import minor
from kubegap.domain.podtemplates import PodTemplate, pod_templates
from kubegap.domain.resources import as_dict, as_list, dig, group, labels, name, namespace, str_map
from kubegap.domain.scheduling import tolerates

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

STILL_APPLIED = frozenset(OLD_LABELS) - {MASTER}
"""Deprecated labels Kubernetes still puts on nodes (as of 1.36): the kubelet sets ``beta.kubernetes.io/os`` and
``/arch`` beside their replacements, and the cloud node controller keeps the beta zone, region and
instance-type labels in step with theirs. A selector on them still matches today."""


CALICO_KINDS = ("BGPPeer", "BGPConfiguration")

OPENSHIFT_GROUPS = frozenset(
    f"{name}.openshift.io"
    for name in ("apps", "build", "config", "image", "machineconfiguration", "oauth", "operator", "project", "quota")
    + ("route", "security", "template", "user")
)
"""API groups OpenShift itself serves: an install that writes their objects runs on OpenShift."""


def master_label_kept(ctx: Context) -> str | None:
    """Why the cluster still puts the old master label on its nodes, or None. Kubernetes 1.24 removed it from
    kubeadm's control-plane nodes; distributions that label their own nodes may keep it beside the control-plane
    label, as OpenShift does (the Compliance Operator's chart selects OpenShift's masters by it: judged wrong at
    high). The input shows it cluster-wide when a collected node at 1.24 or later carries the label; for a workload,
    when it runs on OpenShift (``on_openshift``)."""
    for node in ctx.inventory.nodes:
        if MASTER in labels(node) and _since(node, 24):
            return f"node {name(node)}, at {dig(node, 'status', 'nodeInfo', 'kubeletVersion')}, still carries it"
    return None


def master_taint_kept(ctx: Context) -> str | None:
    """Why the cluster still taints control-plane nodes with the old master taint, or None: a collected node at 1.25
    or later that carries it (Kubernetes 1.25 stopped kubeadm setting it). A label kept says nothing of the taint."""
    for node in ctx.inventory.nodes:
        taints = [t for t in as_list(dig(node, "spec", "taints")) if isinstance(t, dict)]
        if any(t.get("key") == MASTER for t in taints) and _since(node, 25):
            return f"node {name(node)}, at {dig(node, 'status', 'nodeInfo', 'kubeletVersion')}, still carries it"
    return None


def _since(node: dict, release_minor: int) -> bool:
    """Whether the node's kubelet is at 1.``release_minor`` or later: a node before the release that dropped a label
    or taint still carries it, and loses it when kubeadm upgrades it."""
    found = minor(dig(node, "status", "nodeInfo", "kubeletVersion"))
    return found is not None and found >= release_minor


def on_openshift(ctx: Context, workload_namespace: str | None, openshift_objects: list[dict]) -> str | None:
    """Why a workload runs on OpenShift, or None: OpenShift reserves the ``openshift-`` prefix for its own
    namespaces and the operators it ships; and an install that writes objects of an API group OpenShift serves
    (``OPENSHIFT_GROUPS``) into the workload's namespace, or cluster-wide where the input is one install, runs
    there. In a repository of several installs, one written for OpenShift says nothing of the others."""
    ns = ctx.inventory.home(workload_namespace)
    if (ns or "").startswith("openshift-"):
        return f"OpenShift still does, and this install runs there, in namespace {ns}"
    single = ctx.inventory.install_namespace is not None
    for obj in openshift_objects:
        where = ctx.inventory.home(namespace(obj))
        if (where is not None and where == ns) or (namespace(obj) is None and single):
            return f"OpenShift still does, and this install runs there, writing {group(obj)} objects"
    return None


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
    """Tolerations of the old master taint, unless the template also tolerates the control-plane one (by its key,
    or by a keyless ``Exists`` that tolerates every taint)."""
    tolerations = as_list(template.spec.get("tolerations"))
    if any(isinstance(t, dict) and t.get("key") == MASTER for t in tolerations) and not tolerates(
        tolerations, {"key": CONTROL_PLANE, "effect": "NoSchedule"}
    ):
        yield f"{template.path}.spec.tolerations" if template.path else "spec.tolerations", MASTER


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
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


UNINITIALIZED = "node.cloudprovider.kubernetes.io/uninitialized"
"""The taint a kubelet run with an external cloud provider sets until the cloud controller manager initializes the
node: a pod that tolerates it runs while nodes are being set up, when control-plane nodes may be the only ready
ones."""


def _toleration_finding(ctx: Context, obj: dict, evidence: list[Evidence]) -> Finding | None:
    """A finding on a toleration of the old master taint alone, where the pods must reach control-plane nodes (see
    Severity), else None."""
    agent = obj.get("kind") == "DaemonSet"
    bootstrap = not agent and any(
        tolerates(
            as_list(template.spec.get("tolerations")), {"key": UNINITIALIZED, "value": "true", "effect": "NoSchedule"}
        )
        for template in pod_templates(obj)
    )
    if not agent and not bootstrap:
        return None
    consequence = (
        "the agent still runs on every other node, but no longer on control-plane nodes."
        if agent
        else "its pods still run on other nodes, but no longer on control-plane nodes, and they set nodes up "
        f"(they tolerate {UNINITIALIZED}): while control-plane nodes are the only ones ready, they stay Pending."
    )
    return ctx.finding(
        obj,
        f"Tolerates the old master taint ({MASTER}) but not {CONTROL_PLANE}, the taint control-plane nodes carry "
        f"since 1.25: a toleration selects no node, so {consequence}",
        *evidence,
        severity="medium",
    )


def _finding(
    ctx: Context, obj: dict, evidence: list[Evidence], master_kept: str | None, taint_kept: str | None
) -> Finding | None:
    if master_kept is not None:
        # the cluster keeps the master label (and, where its nodes show it, the taint): relying on it breaks nothing
        evidence = [
            e
            for e in evidence
            if MASTER not in str(e.value) or (e.path.endswith(".tolerations") and taint_kept is None)
        ]
        if not evidence:
            ctx.not_judged(obj, f"{MASTER}: Kubernetes stopped applying it in 1.24, but {master_kept}")
            return None
    used = sorted({old for e in evidence for old in OLD_LABELS if old in str(e.value)})
    replacements = "; ".join(
        f"{old} -> {OLD_LABELS[old]}" + (f" ({WHY_REPLACED[old]})" if old in WHY_REPLACED else "") for old in used
    )
    if all(old in STILL_APPLIED for old in used):
        return ctx.finding(
            obj,
            f"Selects nodes by deprecated labels that Kubernetes still applies: {replacements}. Nothing is "
            "left unscheduled today; the selector matches no node once they are no longer set.",
            *evidence,
            severity="low",
        )
    if all(e.path.endswith(".tolerations") for e in evidence):
        return _toleration_finding(ctx, obj, evidence)
    if all(e.path.endswith("(preferred)") for e in evidence):
        return ctx.finding(
            obj,
            f"Prefers nodes by removed or deprecated labels: {replacements}. A preference places no "
            "pod on its own: the pods still schedule, without the placement it asked for.",
            *evidence,
            severity="low",
        )
    return ctx.finding(obj, f"Selects nodes by removed or deprecated labels: {replacements}.", *evidence)


@check(
    id="removed-label-reference",
    title="Scheduling or network peering that selects nodes by removed or deprecated labels",
    severity="high",
    category="upgrades",
    cases=[REDDIT],
    reads=["workloads", "Node", *CALICO_KINDS],
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
    reported only when the template does not also tolerate `node-role.kubernetes.io/control-plane` (by its key
    or by a keyless `Exists`), and only for a DaemonSet or pods that tolerate the uninitialized taint (see
    Severity). An old label in a node affinity term is reported only when no other term of the
    same kind (required or preferred) names its replacement: the terms are alternatives, so the other one
    still places the pods. Both labels in one term are still reported (a term's expressions must all hold).
    The master label is not judged where the input shows the cluster keeps it, and coverage says so: Kubernetes 1.24
    stopped kubeadm applying it (and `kubeadm upgrade` removes it from existing nodes), but distributions that label
    their own nodes may keep it beside the control-plane label, as OpenShift does, where a selector on it breaks
    nothing (the Compliance Operator's chart, installed into `openshift-compliance`: judged wrong at high, noise at
    low). The input shows it when a collected node at 1.24 or later carries it (a node before 1.24 carries it until
    kubeadm upgrades it), or when the install runs on OpenShift: a workload in a namespace of OpenShift's reserved
    `openshift-` prefix, or, in the manifests of one install, objects of an API group OpenShift serves
    (`security.openshift.io`, `route.openshift.io` ...). A toleration of the old master taint is still judged there unless a collected node at 1.25 or later
    carries the taint: a label kept says nothing of the taint.

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
    **Low** too when every old label is one Kubernetes still applies (as of 1.36 the kubelet sets
    `beta.kubernetes.io/os` and `/arch`, and the cloud node controller the beta zone, region and
    instance-type labels, beside their replacements): the selector matches today and breaks only once
    they are no longer set. **Medium** when the old master label appears only as a toleration of its taint: a
    toleration lets pods onto nodes and selects none, so they still schedule, only no longer on control-plane
    nodes. That matters only where the pods must reach those nodes, and only there is it reported: a DaemonSet,
    whose agent goes missing there, and pods that set nodes up (they tolerate
    `node.cloudprovider.kubernetes.io/uninitialized`, as a cloud controller manager does), which stay Pending while
    control-plane nodes are the only ones ready. Other workloads run where they ran, on the other nodes.

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
    master_kept, taint_kept = master_label_kept(ctx), master_taint_kept(ctx)
    openshift = ctx.inventory.of_api_versions(lambda version: version.partition("/")[0] in OPENSHIFT_GROUPS)

    def kept(ns: str | None) -> str | None:
        return master_kept or on_openshift(ctx, ns, openshift)

    for workload in ctx.inventory.workloads:
        evidence = [
            Evidence(path, key)
            for template in workload.templates
            for path, key in (*_selector_keys(template), *_toleration_keys(template))
            if key in OLD_LABELS
        ]
        if evidence and (found := _finding(ctx, workload.obj, evidence, kept(workload.ref.namespace), taint_kept)):
            yield found
    for obj in calico:
        evidence = _calico_references(obj)
        if evidence and (found := _finding(ctx, obj, evidence, kept(namespace(obj)), taint_kept)) is not None:
            yield found
