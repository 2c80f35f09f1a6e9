"""``spread-missing``: Multi-replica workload with no pod anti-affinity or topology spread."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.workloads._helpers import MOONLIGHT, replicas
from kubegap.domain.containers import spec_path
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, dig
from kubegap.domain.scheduling import host_ports
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector, namespace_labels


def _selects_own_pods(term: object, template: PodTemplate) -> bool:
    selector = Selector.from_label_selector(dig(term, "labelSelector"))
    return selector is not None and selector.matches(template.labels)


def _may_cover_own_namespace(inventory: Readable, term: object, ns: str | None) -> bool:
    """Whether an (anti-)affinity term's namespaces may include the pod's own: no ``namespaces`` and no
    ``namespaceSelector`` (the pod's own), its name in ``namespaces``, or a selector that matches it or
    whose match the input cannot tell (the Namespace's labels unknown, or the namespace chosen at install)."""
    listed = [n for n in as_list(dig(term, "namespaces")) if isinstance(n, str)]
    chooser = dig(term, "namespaceSelector")
    if (not listed and chooser is None) or ns is None or ns in listed:
        return True
    if chooser is None:
        return False
    selector = Selector.from_label_selector(chooser)
    if selector is None:
        return False
    found = inventory.get("Namespace", None, ns)
    known = namespace_labels(found, ns)
    return selector.matches(known) or (found is None and not inventory.collected("Namespace"))


def _spreads(inventory: Readable, workload: Workload, template: PodTemplate) -> bool:
    """Whether a podAntiAffinity term over the workload's own namespace, or a topologySpreadConstraint,
    selects the workload's own pods, or the pods bind a node port (two cannot share a node)."""
    if host_ports(template.spec):
        return True
    anti = as_dict(dig(template.spec, "affinity", "podAntiAffinity"))
    terms = [
        *as_list(anti.get("requiredDuringSchedulingIgnoredDuringExecution")),  # a new list: the resource's is shared
        *(dig(t, "podAffinityTerm") for t in as_list(anti.get("preferredDuringSchedulingIgnoredDuringExecution"))),
    ]
    constraints = as_list(template.spec.get("topologySpreadConstraints"))  # always over the pod's own namespace
    return any(_selects_own_pods(c, template) for c in constraints) or any(
        _selects_own_pods(t, template) and _may_cover_own_namespace(inventory, t, workload.ref.namespace) for t in terms
    )


def _own_selector(workload: Workload, template: PodTemplate) -> Selector | None:
    """What selects the workload's own pods: its selector (a ReplicationController's is a plain map, defaulted
    from the template's labels when unset), else its template's labels."""
    written = dig(workload.obj, "spec", "selector")
    own = (
        Selector.from_map(written)
        if workload.kind == "ReplicationController"
        else Selector.from_label_selector(written)
    )
    return own if own is not None and not own.selects_everything else Selector.from_map(template.labels)


@check(
    id="spread-missing",
    title="Multi-replica workload with no pod anti-affinity or topology spread",
    severity="low",
    category="workloads",
    cases=[MOONLIGHT],
    fix=(
        "Tell the scheduler to keep replicas apart: add topologySpreadConstraints over kubernetes.io/hostname "
        "(and topology.kubernetes.io/zone) with whenUnsatisfiable: ScheduleAnyway, or a preferred podAntiAffinity "
        "on the workload's own labels; a hard rule (DoNotSchedule, or required anti-affinity) leaves replicas "
        "Pending, and rollouts stuck, when there are fewer nodes than replicas."
    ),
    reads=["workloads", "Namespace"],
)
def spread_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets, ReplicationControllers and Argo Rollouts with two or more
    replicas that serve traffic and whose pod template has no `podAntiAffinity` term (required or preferred) and no
    `topologySpreadConstraints` entry whose `labelSelector` matches the template's own labels. A
    term or constraint with no selector, or one that selects other pods, spreads nothing of this
    workload; nor does an anti-affinity term whose `namespaces` (and `namespaceSelector`, matched
    against the Namespace's labels) leave out the pod's own namespace: it keeps the pods away from
    other namespaces' pods, not from each other. Where the input cannot tell (the namespace is chosen
    at install, or its labels were not collected), the term counts as spreading. Pods that bind a
    node port (a `hostPort`, or a container port on the host network) are spread already: the
    scheduler never puts two of them on one node. ReplicationControllers are judged like ReplicaSets. The scheduler's default spreading (soft, `ScheduleAnyway`, in recent releases) is
    not visible through the API and gives way when nodes are busy, so this is advice (`low`).

    ## Why it matters

    Without a spreading rule, nothing stops the scheduler from placing several replicas on one
    node. At Moonlight in January 2019 the scheduler put several CPU-heavy pods on the same GKE
    node; nodes running at a sustained 100% CPU hit kernel panics and crashed, causing
    intermittent outages that ended with no external traffic reaching the cluster. The post names no
    rule keeping those pods apart, and the Kubernetes Failure Stories list names anti-affinity rules
    among what was involved.

    ## Severity

    Always **low**: the scheduler's default spreading usually keeps replicas apart; it gives way only
    when nodes are busy.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 4
      template:
        spec:
          containers: [{name: worker, image: example/worker:5.2}]
    ```

    ## Fix

    ```yaml
          topologySpreadConstraints:
          - maxSkew: 1
            topologyKey: kubernetes.io/hostname
            whenUnsatisfiable: ScheduleAnyway
            labelSelector: {matchLabels: {app: worker}}
    ```
    """
    for workload in ctx.inventory.workloads:
        count = replicas(workload)
        if not workload.serves_traffic or count is None or count < 2:
            continue
        template = workload.templates[0]
        if not _spreads(ctx.inventory, workload, template):
            # its own pods are what its selector selects: labels that change with each release (chart, version) do not
            own = _own_selector(workload, template)
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} runs {count} replicas with no anti-affinity or topology spread that selects its own pods "
                f"({own or 'no labels'}): they may share one node.",
                Evidence(spec_path(template, "affinity.podAntiAffinity"), None),
                Evidence(spec_path(template, "topologySpreadConstraints"), None),
            )
