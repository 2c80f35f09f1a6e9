"""Upgrade checks: configuration that still points at node labels Kubernetes removed or deprecated."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.resources import as_dict, as_list, dig, str_map
from kubegap.workloads import PodTemplate

REDDIT = "reddit-2023-k8s-124-upgrade-removed-master-label-calico"

MASTER = "node-role.kubernetes.io/master"
CONTROL_PLANE = "node-role.kubernetes.io/control-plane"
OLD_LABELS = {
    MASTER: f"{CONTROL_PLANE} (the master label is no longer applied to nodes since 1.24, the taint since 1.25)",
    "beta.kubernetes.io/arch": "kubernetes.io/arch",
    "beta.kubernetes.io/os": "kubernetes.io/os",
    "beta.kubernetes.io/instance-type": "node.kubernetes.io/instance-type",
    "failure-domain.beta.kubernetes.io/zone": "topology.kubernetes.io/zone",
    "failure-domain.beta.kubernetes.io/region": "topology.kubernetes.io/region",
}
CALICO_KINDS = ("BGPPeer", "BGPConfiguration")


def _selector_keys(template: PodTemplate) -> Iterator[tuple[str, str]]:
    """``(field path, label key)`` for every node-label key a pod template schedules by."""
    spec, base = template.spec, f"{template.path}.spec" if template.path else "spec"
    for key in str_map(spec.get("nodeSelector")):
        yield f"{base}.nodeSelector", key
    node_affinity = as_dict(dig(spec, "affinity", "nodeAffinity"))
    required = as_list(dig(node_affinity, "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"))
    preferred = [dig(p, "preference") for p in as_list(node_affinity.get("preferredDuringSchedulingIgnoredDuringExecution"))]
    for where, terms in (("required", required), ("preferred", preferred)):
        for term in terms:
            for expression in as_list(dig(term, "matchExpressions")):
                if isinstance(dig(expression, "key"), str):
                    yield f"{base}.affinity.nodeAffinity ({where})", expression["key"]
    for kind_name in ("podAffinity", "podAntiAffinity"):
        for section in ("requiredDuringSchedulingIgnoredDuringExecution", "preferredDuringSchedulingIgnoredDuringExecution"):
            for term in as_list(dig(spec, "affinity", kind_name, section)):
                key = dig(term, "topologyKey") or dig(term, "podAffinityTerm", "topologyKey")
                if isinstance(key, str):
                    yield f"{base}.affinity.{kind_name}.topologyKey", key
    for constraint in as_list(spec.get("topologySpreadConstraints")):
        if isinstance(dig(constraint, "topologyKey"), str):
            yield f"{base}.topologySpreadConstraints.topologyKey", constraint["topologyKey"]


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
    reads=["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod", *CALICO_KINDS],
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
    reported only when the template does not also tolerate `node-role.kubernetes.io/control-plane`.

    ## Why it matters

    Reddit's Pi-Day outage (14 March 2023, 314 minutes) followed an upgrade from 1.23 to 1.24, which
    removed the "master" node labels from existing clusters. The Calico route reflectors' BGP
    peering configuration found the reflector nodes through that label; once it was gone the
    selection matched nothing and pod networking collapsed. The configuration had been set up years
    earlier by people who had since moved on, so nobody knew to check it.

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
    replacements = "; ".join(f"{old} -> {OLD_LABELS[old]}" for old in used)
    return ctx.finding(obj, f"Selects nodes by removed or deprecated labels: {replacements}.", *evidence)
