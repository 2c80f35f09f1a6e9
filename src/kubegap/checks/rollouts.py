"""Controller checks: selectors, update strategies, stuck rollouts, StatefulSet DNS, DaemonSet coverage."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.absence import RBAC_KINDS, missing_said
from kubegap.checks._common import (
    LEASE_KINDS,
    condition,
    daemonset_covers,
    has_status,
    lease_holders,
    single_node_claim,
    singleton_by_design,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.serving import SERVING_EVIDENCE_KINDS, serving
from kubegap.intstr import rolling_update
from kubegap.podtemplates import Workload, is_top_level
from kubegap.resources import as_dict, dig, labels, name
from kubegap.scheduling import kept_apart
from kubegap.selectors import Selector

SHOPIFY = "shopify-2020-selector-mismatch-orphaned-replicasets"
COMMONLY = "commonly-2026-recreate-single-replica-deploy-api-outage"
OMI = "omi-2026-progress-deadline-blocks-prod-backend-deploys"
COZE = "coze-studio-2026-statefulset-servicename-mismatch-dns-failures"
KUBERMATIC = "kubermatic-2021-envoy-agent-daemonset-missing-on-tainted-nodes"
CRYPTNONO = "cryptnono-2024-monero-detector-fails-on-mixed-node-kernels"
COS_GPU_INSTALLER = "kubernetes-2026-ci-cos-125-gpu-driver-installer-crashloop"

SELECTOR_KINDS = ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Rollout")
ORPHAN_FIX = (
    "No controller updates or removes this ReplicaSet any more, so delete it (kubectl delete replicaset NAME -n "
    "NAMESPACE) once you have checked that nothing still needs its pods, such as a Service that selects them; "
    "if traffic still reaches them, move it to the current Deployment's pods first."
)


@check(
    id="selector-mismatch",
    title="Controller selector does not match its pod template labels",
    severity="high",
    category="workloads",
    cases=[SHOPIFY],
    fix=(
        "Make spec.selector select the pod template's labels (matchLabels that are a subset of "
        "spec.template.metadata.labels); selectors of existing Deployments, StatefulSets and DaemonSets cannot "
        "be changed in place, so recreate the controller under a new name when the selector must change."
    ),
    reads=["workloads"],
)
def selector_mismatch(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, DaemonSets, ReplicaSets and Argo Rollouts whose `spec.selector` is
    present but does not match `spec.template.metadata.labels`, or is empty (`{}`), which would
    select every pod in the namespace. A missing selector is not reported (peer manifests often
    omit it and the API rejects it anyway). On a live cluster, also ReplicaSets that a Deployment
    created (they carry a `pod-template-hash` label) but that no controller owns any more and that
    still run pods: what a selector change leaves behind.

    ## Why it matters

    When a Deployment's selector stops matching the ReplicaSets and pods it created, it no longer
    manages, updates or deletes them, and they keep running their old pod template indefinitely.
    Shopify engineers cleaned up such orphaned ReplicaSets in one environment after selector
    changes; some were running pods far behind the versions being shipped. Nothing in their
    deployment tooling checked that selectors and pod labels stayed consistent.

    ## Severity

    Always **high**: the API rejects the object, or the controller manages pods it should not.

    ## Example

    ```yaml
    selector: {matchLabels: {app: api}}
    template:
      metadata: {labels: {app: api-v2}}
    ```

    ## Fix

    ```yaml
    selector: {matchLabels: {app: api}}
    template:
      metadata: {labels: {app: api, version: v2}}
    ```

    An orphaned ReplicaSet is not repaired but removed, as Shopify's engineers did, once nothing
    needs its pods: `kubectl delete replicaset api-6d9f7c -n web`.
    """
    for workload in ctx.inventory.workloads:
        if workload.kind not in SELECTOR_KINDS or len(workload.templates) != 1:
            continue
        raw = dig(workload.obj, "spec", "selector")
        if not isinstance(raw, dict):
            continue
        selector = Selector.from_label_selector(raw)
        template = workload.templates[0]
        if selector is None:
            problem = "has a selector the API cannot parse"
        elif selector.selects_everything:
            problem = "has an empty selector, which would select every pod in the namespace"
        elif not selector.matches(template.labels):
            problem = f"selects {selector} but its pod template is labelled {template.labels or '(nothing)'}"
        else:
            continue
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} {problem}.",
            Evidence("spec.selector", raw),
            Evidence("spec.template.metadata.labels", template.labels),
        )
    for replica_set in ctx.inventory.of_kind("ReplicaSet"):
        running = dig(replica_set, "status", "replicas")
        if (  # cheapest test first: nearly every ReplicaSet has its Deployment as owner
            is_top_level(replica_set)
            and isinstance(running, int)
            and running > 0
            and "pod-template-hash" in labels(replica_set)
        ):
            yield ctx.finding(
                replica_set,
                f"ReplicaSet was created by a Deployment that no longer owns it and still runs {running} pod(s) of an "
                "old template.",
                Evidence("metadata.ownerReferences", None),
                Evidence("status.replicas", running),
                remediation=ORPHAN_FIX,
            )


def _strategy_problem(kind: str, spec: dict, replicas: int) -> tuple[str, Evidence] | None:
    """What is unsafe in a rolling update over ``replicas`` pods (nodes, for a DaemonSet), resolved as its
    controller resolves it (``kubegap.intstr``); a field left unset is not judged."""
    if kind in ("Deployment", "Rollout"):
        strategy = as_dict(spec.get("strategy"))
        if strategy.get("type") == "Recreate":
            return "uses the Recreate strategy: every rollout stops all pods before starting new ones", Evidence(
                "spec.strategy.type", "Recreate"
            )
        field, rolling = "spec.strategy.rollingUpdate.maxUnavailable", as_dict(strategy.get("rollingUpdate"))
    elif kind == "DaemonSet":
        field, rolling = (
            "spec.updateStrategy.rollingUpdate.maxUnavailable",
            as_dict(dig(spec, "updateStrategy", "rollingUpdate")),
        )
    else:
        return None
    value = rolling.get("maxUnavailable")
    if value is None:
        return None
    if value == "100%":
        return f"allows maxUnavailable {value}: a rollout can take every pod down at once", Evidence(field, value)
    unavailable = rolling_update(kind, rolling, replicas)[1] if replicas else None
    if unavailable is not None and unavailable >= replicas:
        return (
            (
                f"allows maxUnavailable {value}, which resolves to all {replicas} of its pods: a rollout can take every pod down "
                "at once"
            ),
            Evidence(field, value),
        )
    return None


KEPT_APART_FIX = (
    "Roll out one pod at a time without a surge (RollingUpdate with maxSurge: 0 and maxUnavailable: 1): {apart}, so "
    "a surged pod finds no free node where the nodes number the replicas."
)
ONE_REPLICA_FIX = (
    "With one replica, only a surge keeps the Service answering through a rollout: set maxUnavailable: 0 and "
    "maxSurge: 1, so the new pod is ready before the old one stops. Where the pod binds a host port or mounts a "
    "ReadWriteOnce volume it cannot overlap its successor: run two or more replicas instead."
)


@check(
    id="rollout-strategy-unsafe",
    title="Recreate or maxUnavailable 100% on Service-backed or per-node workloads",
    severity="medium",
    category="workloads",
    cases=[COMMONLY],
    reads=["workloads", "Node", "PersistentVolumeClaim", *SERVING_EVIDENCE_KINDS, *LEASE_KINDS],
    fix=(
        "Roll out gradually: use RollingUpdate with maxUnavailable of one pod or a small percentage (and "
        "maxSurge for Deployments), so a bad version or a slow start never takes every replica, or every "
        "node's agent, down together. Keep Recreate where pods mount a ReadWriteOnce volume; there, "
        "availability during a rollout needs replication in the application, not a different strategy. Where pods "
        "bind a host port, surge nothing: run two or more replicas with maxSurge: 0 and maxUnavailable: 1."
    ),
)
def rollout_strategy_unsafe(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments and Argo Rollouts selected by a Service that carries client traffic (not headless,
    not metrics-only, as for `single-replica`) that use the `Recreate` strategy or a
    `maxUnavailable` of 100% (or at least their replica count), and DaemonSets whose
    `updateStrategy.rollingUpdate.maxUnavailable` is 100% or at least the number of nodes. A
    percentage is resolved as each controller resolves it: a Deployment's `maxUnavailable` rounds
    down (and becomes 1 when `maxSurge` also comes to 0), a DaemonSet's rounds up.
    `Recreate` is right, and not reported, when the pods mount a PersistentVolumeClaim that is
    ReadWriteOnce (or whose access modes are unknown): a rolling update would leave the new pod
    unable to attach the volume, or two instances writing to it. It is right too, and not reported,
    for a controller meant to run alone: one replica, no leader election (no flag, no right to write
    Leases), a ServiceAccount that may write or watch the cluster's objects, and either `Recreate`
    itself or a name or image that says it is an operator. Stopping the one pod before starting the next
    is what keeps two of it from running during a rollout, and a surge would start a second controller
    acting on the same objects or the same outside system (`single-replica` says what its one replica costs).
    Deployments are only judged when
    Services were collected. For one replica the fix is a surge
    (`maxUnavailable: 0`, `maxSurge: 1`), not a smaller `maxUnavailable`.

    ## Why it matters

    With every pod allowed down at once, each rollout is an outage until the new pods are ready.
    Commonly's backend Deployment used `Recreate` with one replica: on every deploy the old pod
    was killed before the new one was ready, and the API answered 503 for about 60 to 90 seconds.
    Nothing in the design needed Recreate (the backend was stateless); the planned fix was a
    RollingUpdate with maxUnavailable 0 and maxSurge 1.

    ## Severity

    Always **medium**: each rollout is a short outage of the workload, which ends when the new pods are
    ready.

    ## Example

    ```yaml
    kind: DaemonSet
    spec:
      updateStrategy:
        rollingUpdate: {maxUnavailable: 100%}
    ```

    ## Fix

    ```yaml
      updateStrategy:
        rollingUpdate: {maxUnavailable: 10%}
    ```
    """
    client_traffic = serving(ctx.inventory) if ctx.inventory.collected("Service") else None
    nodes = len(ctx.inventory.nodes)
    leases = lease_holders(ctx.inventory)
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic:
            continue
        spec = as_dict(workload.obj.get("spec"))
        if workload.kind == "DaemonSet":
            total = nodes
        elif client_traffic is not None and client_traffic.services(workload) and len(workload.templates) == 1:
            total = workload.templates[0].replicas or 0
        else:
            continue
        found = _strategy_problem(workload.kind, spec, total)
        if found and (
            (found[1].value == "Recreate" and single_node_claim(ctx.inventory, workload))
            or singleton_by_design(ctx.inventory, workload, leases)
        ):
            continue  # stopping the one pod first is what the claim, or a controller meant to run alone, needs
        if found:
            problem, evidence = found
            apart = kept_apart(workload.templates[0].spec, workload.templates[0].labels) if workload.templates else None
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} {problem}.",
                evidence,
                remediation=ONE_REPLICA_FIX
                if total == 1 and workload.kind != "DaemonSet"
                else KEPT_APART_FIX.format(apart=apart)
                if apart and workload.kind != "DaemonSet"
                else None,
            )


DEFAULT_PROGRESS_DEADLINE = 600


def _progress_deadline(deployment: dict) -> tuple[int, bool]:
    """``(seconds, set in the spec)``: the Deployment's progressDeadlineSeconds, else the API default."""
    value = dig(deployment, "spec", "progressDeadlineSeconds")
    if isinstance(value, int) and not isinstance(value, bool):
        return value, True
    return DEFAULT_PROGRESS_DEADLINE, False


@check(
    id="rollout-stuck",
    title="Deployment that exceeded its progress deadline or is unavailable",
    severity="high",
    category="workloads",
    cases=[OMI],
    requires=["Deployment"],
    fix=(
        "First tell a slow rollout from a failing one: watch the new ReplicaSet's ready count and look at its pods "
        "(restarts, image pull errors, failing probes, Pending pods waiting for nodes). If new pods keep becoming "
        "ready (many replicas, autoscaled nodes, long startup probes), the rollout is healthy but slow: let it "
        "finish and raise progressDeadlineSeconds above the longest healthy rollout. If they never become ready, "
        "roll back with kubectl rollout undo, or fix forward. Alert on ProgressDeadlineExceeded either way."
    ),
)
def rollout_stuck(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    On a live cluster: Deployments whose `Progressing` condition is `False` with reason
    `ProgressDeadlineExceeded`, or whose `Available` condition is `False`. Skipped when no
    Deployment carries status (manifests).

    ## Why it matters

    When a rollout makes no progress for `progressDeadlineSeconds`, Kubernetes only reports it: the
    `Progressing` condition turns `False` with `ProgressDeadlineExceeded`, and the controller goes on
    replacing pods. Tools that wait on the rollout fail: `kubectl rollout status` returns failure as
    soon as the condition trips, whatever its `--timeout`. Omi's production deploys of a backend
    service on GKE failed this way again and again, blocking every backend deploy including one for
    a launch, although the image was healthy and each rollout finished on its own: 12-60
    HPA-managed replicas, paced by the node autoscaler, routinely took longer than the default
    deadline of 600 seconds, which was raised to 1800. A rollout whose new pods never become ready
    trips the same condition, and there the Deployment stays split between two versions until
    someone rolls it back or fixes it forward.

    ## Severity

    Always **high**: the Deployment is unavailable or stuck between two versions now.

    ## Example

    ```yaml
    status:
      conditions:
      - {type: Progressing, status: "False", reason: ProgressDeadlineExceeded}
    ```

    ## Fix

    ```sh
    kubectl get rs -l app=api -w              # is the new ReplicaSet's READY count still rising?
    kubectl get pods -l app=api               # restarts, ImagePullBackOff, Pending
    ```

    A slow but healthy rollout gets a deadline above its longest healthy duration:

    ```yaml
    spec:
      progressDeadlineSeconds: 1800
    ```

    A failing one is rolled back (or fixed forward): `kubectl rollout undo deploy/api`.
    """
    deployments = [d for d in ctx.inventory.of_kind("Deployment") if has_status(d)]
    if not deployments:
        raise Skip("no Deployment carries live status")
    for deployment in deployments:
        progressing, available = condition(deployment, "Progressing"), condition(deployment, "Available")
        if (
            progressing
            and progressing.get("status") == "False"
            and progressing.get("reason") == "ProgressDeadlineExceeded"
        ):
            deadline, stated = _progress_deadline(deployment)
            updated, wanted = dig(deployment, "status", "updatedReplicas") or 0, dig(deployment, "spec", "replicas")
            yield ctx.finding(
                deployment,
                f"Deployment's rollout reported no progress within its {deadline} s progress deadline"
                f"{'' if stated else ' (the default)'}, with {updated} of {wanted if isinstance(wanted, int) else '?'} "
                "replicas on the new template: Kubernetes marks it failed and `kubectl rollout status` fails, but the "
                "controller keeps rolling; the new pods show whether it is slow or failing.",
                Evidence(
                    "status.conditions[Progressing]",
                    {"reason": "ProgressDeadlineExceeded", "message": progressing.get("message")},
                ),
                Evidence("spec.progressDeadlineSeconds", deadline if stated else None),
                Evidence("status.updatedReplicas", dig(deployment, "status", "updatedReplicas")),
                Evidence("status.unavailableReplicas", dig(deployment, "status", "unavailableReplicas")),
            )
        elif available and available.get("status") == "False":
            yield ctx.finding(
                deployment,
                "Deployment is not available: fewer pods are ready than it needs.",
                Evidence(
                    "status.conditions[Available]",
                    {"reason": available.get("reason"), "message": available.get("message")},
                ),
                Evidence("status.unavailableReplicas", dig(deployment, "status", "unavailableReplicas")),
            )


@check(
    id="statefulset-headless-service-missing",
    title="StatefulSet without its headless Service",
    severity="medium",
    category="workloads",
    cases=[COZE],
    requires=["Service"],
    fix=(
        "Create the Service that spec.serviceName names, in the StatefulSet's namespace, with clusterIP: None "
        "and a selector matching the pods, so each pod gets its stable DNS name (pod-0.<service>)."
    ),
    reads=["workloads", *RBAC_KINDS],
)
def statefulset_headless_service_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets whose `spec.serviceName` names a Service that does not exist in their namespace,
    or one that is not headless (`clusterIP` other than `None`) in front of more than one replica: a
    StatefulSet of one replica has no peer to find by its pod's DNS name, and its clients reach it
    through the Service that exists. That the Service does not exist is
    known from a cluster or snapshot that listed Services; in manifests only from positive evidence
    (see Evidence rules in the docs): a Service whose name is a near miss of it, or files beside the
    StatefulSet that define the namespace's Services while nothing in the input could create one.
    Otherwise the StatefulSet is not judged, and coverage says so.

    ## Why it matters

    StatefulSet pods get their stable DNS names only through the Service named in
    `spec.serviceName`, and Kubernetes accepts a StatefulSet whose Service does not exist: the
    mistake shows only as DNS failures at runtime. In the Coze Studio Helm chart, StatefulSets
    took `serviceName` from the release name while the Services were named by the chart's
    fullname helper; whenever an override was set the names diverged, the governing Service did
    not exist and the pods' DNS names could not be resolved.

    ## Severity

    Always **medium**: the pods have no stable DNS names, which breaks peers that find each other by
    them. The fix for a Service that is not headless keeps it (its clients reach the pods through it; `clusterIP`
    cannot be changed in place) and adds a headless one, naming it in `spec.serviceName`, which
    cannot be changed in place either: the StatefulSet is recreated without deleting its pods.

    ## Example

    ```yaml
    kind: StatefulSet
    spec:
      serviceName: kafka-headless     # no such Service
    ```

    ## Fix

    ```yaml
    kind: Service
    metadata: {name: kafka-headless}
    spec:
      clusterIP: None
      selector: {app: kafka}
    ```
    """
    for workload in ctx.inventory.workloads:
        if workload.kind != "StatefulSet":
            continue
        service_name = dig(workload.obj, "spec", "serviceName")
        if not isinstance(service_name, str) or not service_name:
            continue
        service = ctx.inventory.get("Service", workload.ref.namespace, service_name)
        if service is None:
            how = missing_said(ctx, "Service", workload.ref.namespace, service_name, workload.obj)
            if how is None:
                continue
            yield ctx.finding(
                workload.obj,
                f"StatefulSet names Service {service_name}, which does not exist{how}: its pods get no stable DNS names.",
                Evidence("spec.serviceName", service_name),
            )
        elif dig(service, "spec", "clusterIP") != "None" and [t.replicas for t in workload.templates] != [1]:
            yield ctx.finding(
                workload.obj,
                f"StatefulSet's Service {service_name} is not headless (clusterIP {dig(service, 'spec', 'clusterIP') or 'unset'}): "
                "its pods get no stable DNS names.",
                Evidence("spec.serviceName", service_name),
                Evidence(f"Service {service_name}.spec.clusterIP", dig(service, "spec", "clusterIP")),
                remediation=NOT_HEADLESS_FIX.format(service=service_name, name=workload.ref.name),
            )


NOT_HEADLESS_FIX = (
    "Keep Service {service} for the clients that use it (a Service's clusterIP cannot be changed in place) and add a "
    "headless Service (clusterIP: None, the same selector) for the pods' DNS names. spec.serviceName cannot be changed "
    "either: name the headless Service there and recreate the StatefulSet with `kubectl delete statefulset {name} "
    "--cascade=orphan`, which leaves its pods and volumes in place, apply it again, and restart its pods one at a "
    "time (`kubectl rollout restart`) so they take the new domain."
)


def _every_node(workload: Workload) -> bool:
    """A DaemonSet meant for every node: no node selector and no required node affinity."""
    spec = workload.templates[0].spec
    return not spec.get("nodeSelector") and not dig(
        spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"
    )


@check(
    id="daemonset-incomplete",
    title="DaemonSet not running on every eligible node",
    severity="high",
    category="workloads",
    cases=[KUBERMATIC, CRYPTNONO, COS_GPU_INSTALLER],
    requires=["DaemonSet"],
    reads=["workloads", "Node"],
    defaults={"agent_namespaces": ["kube-system"]},
    fix=(
        "Find the nodes without a ready pod (kubectl get pods -o wide -l <selector>) and why: resources the "
        "node cannot give, an image pull error, a crash loop, or a taint the DaemonSet does not tolerate; give "
        "agents that other agents depend on the same tolerations, and a system-node-critical priority."
    ),
)
def daemonset_incomplete(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    - On a live cluster: DaemonSets whose ready pods (`status.numberReady`) fall short of the pods
      they should run (`status.desiredNumberScheduled`), and, when Pods were collected, nodes the
      DaemonSet is eligible for (node selector, required node affinity, taints and the
      tolerations the controller adds) that run no pod of it.
    - With Nodes collected: per-node agents in the `agent_namespaces` (default `kube-system`)
      meant for every node (no node selector or required node affinity) that a node's taints
      keep away, while another such agent can run there: the agents' tolerations disagree.

    ## Why it matters

    Per-node agents do their job only where they run, and a DaemonSet that does not tolerate a
    taint simply leaves those nodes out; nothing flags the node. In a Kubermatic user cluster a
    new tainted node pool was unusable: the canal CNI DaemonSet tolerated the taints, but the
    envoy-agent DaemonSet that canal needs to reach the API server had no tolerations, so canal
    crash-looped on those nodes and no workload pod could run there. An agent can also run
    everywhere and work only on some nodes: cryptnono's crypto-miner detector, a DaemonSet that
    compiles a bpftrace program against each node's kernel headers, stopped working on GKE 1.29
    nodes (kernel 6.1) while it still worked on 1.27 nodes (5.15), and its first fix then broke
    it on 5.15 nodes. GPU nodes depend on such an agent too: when the Kubernetes project's GPU test
    nodes moved to COS 125, the NVIDIA driver installer DaemonSet, still on a release for COS 121,
    crash-looped on them, no driver was installed and `nvidia.com/gpu` never appeared.

    ## Severity

    Always **high**: a node without its agent (network, storage, logging) is missing part of what every
    pod on it relies on.

    ## Example

    ```yaml
    # node pool "batch":        taints: [{key: dedicated, value: batch, effect: NoSchedule}]
    # kube-system/canal:        tolerations: [{operator: Exists, effect: NoSchedule}]
    # kube-system/envoy-agent:  no tolerations: never scheduled on the batch nodes
    ```

    ## Fix

    ```yaml
    # kube-system/envoy-agent, like the agents that depend on it
    tolerations:
    - {operator: Exists, effect: NoSchedule}
    - {operator: Exists, effect: NoExecute}
    ```
    """
    daemonsets = [w for w in ctx.inventory.workloads if w.kind == "DaemonSet"]
    nodes_known = ctx.inventory.collected("Node")
    if not nodes_known and not any(has_status(w.obj) for w in daemonsets):
        raise Skip("no DaemonSet carries live status and Nodes were not collected")
    pods_known = ctx.inventory.collected("Pod") and nodes_known
    agents = [w for w in daemonsets if w.ref.namespace in ctx.setting("agent_namespaces") and _every_node(w)]
    covered = {id(w.obj): {name(n) for n in ctx.inventory.nodes if daemonset_covers(w, n)} for w in agents}
    for workload in daemonsets:
        status = as_dict(workload.obj.get("status"))
        desired, ready = status.get("desiredNumberScheduled"), status.get("numberReady")
        evidence = []
        if isinstance(desired, int) and isinstance(ready, int) and ready < desired:
            evidence.append(Evidence("status.numberReady", {"ready": ready, "desired": desired}))
        if id(workload.obj) in covered:
            others = set().union(*(nodes for key, nodes in covered.items() if key != id(workload.obj)))
            left_out = sorted(others - covered[id(workload.obj)])
            if left_out:
                evidence.append(
                    Evidence("nodes whose taints it does not tolerate, where other agents run", left_out[:20])
                )
        if pods_known and has_status(workload.obj):
            running = {
                n for p in ctx.inventory.pods_of(workload.obj) if isinstance(n := dig(p, "spec", "nodeName"), str)
            }
            if id(workload.obj) in covered:  # an agent: the nodes it covers are known already
                uncovered = sorted(covered[id(workload.obj)] - running)
            else:
                uncovered = sorted(
                    {
                        name(node)
                        for node in ctx.inventory.nodes
                        if name(node) not in running and daemonset_covers(workload, node)
                    }
                )
            if uncovered:
                evidence.append(Evidence("eligible nodes without a pod", uncovered[:20]))
        if evidence:
            yield ctx.finding(
                workload.obj, "DaemonSet is not running a ready pod on every node it should cover.", *evidence
            )
