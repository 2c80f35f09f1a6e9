"""``priority-class-risk``: PriorityClasses that preempt by surprise, missing classes, preemptable system pods."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import missing_said
from kubegap.domain.containers import BASIC_RESOURCES, pod_requests, small_pod
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import name, quantity
from kubegap.domain.roles import RBAC_KINDS

GRAFANA = "grafana-2019-pod-priorities-hosted-prometheus-outage"


SMALL_USERS_SHOWN = (
    "every pod of the input that uses this preempting class is small, and pods outside the input may use it too: "
    "audit a live cluster to judge them all"
)


BUILTIN_CLASSES = frozenset({"system-cluster-critical", "system-node-critical"})


CRITICAL_NAMESPACES = ("kube-system",)


def _value(priority_class: dict) -> int | None:
    value = priority_class.get("value")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _class_findings(ctx: Context) -> Iterator[Finding]:
    high = ctx.setting("high_priority_value")
    for priority_class in ctx.inventory.of_kind("PriorityClass"):
        if name(priority_class).startswith("system-"):
            continue
        value = _value(priority_class)
        if value is None or value < high:
            continue
        if priority_class.get("globalDefault") is True:
            yield ctx.finding(
                priority_class,
                f"PriorityClass is the global default at value {value}: every pod without a class gets this high "
                "priority and can preempt others.",
                Evidence("globalDefault", True),
                Evidence("value", value),
            )
        elif priority_class.get("preemptionPolicy", "PreemptLowerPriority") != "Never":
            users = _users(ctx, name(priority_class))
            large = [(who, asked) for who, asked in users if not _small(ctx, asked)]
            if users and not large:
                if not ctx.inventory.listed_everywhere("Pod"):
                    ctx.not_judged(priority_class, SMALL_USERS_SHOWN)  # pods outside the input may use it too
                continue  # the room it makes is a small pod's: its own components placed on a full node
            yield ctx.finding(
                priority_class,
                f"PriorityClass at value {value} preempts lower-priority pods: a pending pod of this class"
                + (f" ({large[0][0]}: {_said(large[0][1])})" if large else "")
                + " evicts running ones to make room.",
                Evidence("preemptionPolicy", priority_class.get("preemptionPolicy", "PreemptLowerPriority (default)")),
                Evidence("value", value),
                *([Evidence("users", [f"{who}: {_said(asked)}" for who, asked in large])] if large else []),
            )


def _users(ctx: Context, class_name: str) -> list[tuple[str, dict[str, float]]]:
    """``(workload, what one pod asks for)`` for each pod template of the input that names the class."""
    return [
        (
            f"{workload.kind} {workload.ref.name}" + (f" ({template.role})" if template.role else ""),
            pod_requests(template),
        )
        for workload in ctx.inventory.workloads
        for template in workload.templates
        if template.spec.get("priorityClassName") == class_name
    ]


def _small(ctx: Context, asked: dict[str, float]) -> bool:
    """Whether a pod asks for less than ``small_pod_cpu`` cores and ``small_pod_memory``, and for no hardware some
    nodes lack (GPUs): whatever it preempts, it preempts a small pod's worth of room."""
    memory = quantity(ctx.setting("small_pod_memory"))
    return memory is not None and small_pod(asked, ctx.setting("small_pod_cpu"), memory)


def _said(asked: dict[str, float]) -> str:
    """What a pod asks for, in a few words (``4 CPU, 15Gi memory, 8 nvidia.com/gpu``)."""
    parts = []
    for resource in sorted(asked, key=lambda r: (r not in BASIC_RESOURCES, r)):
        amount = asked[resource]
        if resource in ("memory", "ephemeral-storage") or resource.startswith("hugepages-"):
            parts.append(f"{amount / 2**30:g}Gi {resource}")
        else:
            parts.append(f"{amount:g} {'CPU' if resource == 'cpu' else resource}")
    return ", ".join(parts) or "no requests"


def _workload_findings(ctx: Context) -> Iterator[Finding]:
    classes_known = ctx.inventory.collected("PriorityClass")
    in_use = False
    unclassed = []
    for workload in ctx.inventory.workloads:
        missing: list[Evidence] = []
        how: list[str] = []
        for template in workload.templates:
            class_name = template.spec.get("priorityClassName")
            if isinstance(class_name, str) and class_name:
                in_use = in_use or class_name not in BUILTIN_CLASSES
                if (
                    classes_known
                    and class_name not in BUILTIN_CLASSES
                    and ctx.inventory.get("PriorityClass", None, class_name) is None
                ):
                    said = missing_said(ctx, "PriorityClass", None, class_name, workload.obj)
                    if said is not None:
                        missing.append(Evidence(f"{template.path}.spec.priorityClassName", class_name))
                        how.append(said)
            elif workload.ref.namespace in CRITICAL_NAMESPACES and workload.serves_traffic:
                unclassed.append((workload, template))
        if missing:
            yield ctx.finding(
                workload.obj,
                f"Pods refer to PriorityClass {', '.join(sorted({e.value for e in missing}))}, which does not exist"
                + "".join(sorted(set(how)))
                + ": the API server rejects them.",
                *missing,
            )
    if not in_use:
        in_use = any(name(pc) not in BUILTIN_CLASSES for pc in ctx.inventory.of_kind("PriorityClass"))
    if not in_use:
        return  # without custom priorities every pod is equal: nothing outranks an unclassed system pod
    by_workload: dict[int, tuple[Workload, list[Evidence]]] = {}
    for workload, template in unclassed:
        by_workload.setdefault(id(workload.obj), (workload, []))[1].append(
            Evidence(f"{template.path}.spec.priorityClassName", None)
        )
    for workload, evidence in by_workload.values():
        yield ctx.finding(
            workload.obj,
            f"Cluster-critical {workload.kind} in {workload.ref.namespace} has no priorityClassName while the cluster "
            "uses custom priorities: higher-priority pods can preempt it.",
            *evidence,
        )


@check(
    id="priority-class-risk",
    title="PriorityClasses that preempt by surprise, missing classes, preemptable system pods",
    severity="medium",
    category="workloads",
    cases=[GRAFANA],
    reads=["workloads", "PriorityClass", *RBAC_KINDS],
    defaults={"high_priority_value": 1000000, "small_pod_cpu": 1, "small_pod_memory": "1Gi"},
    fix=(
        "Review pod priorities as a whole: keep globalDefault on a low class (or none), set preemptionPolicy: "
        "Never on high classes that need not evict others, give cluster-critical kube-system workloads "
        "system-cluster-critical or system-node-critical, and create every class that pods refer to."
    ),
)
def priority_class_risk(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    - custom PriorityClasses with a value of at least `high_priority_value` (default 1000000)
      that are the `globalDefault`, or that preempt lower-priority pods (`preemptionPolicy` unset
      or `PreemptLowerPriority`). What a preempting class evicts is room for the pods that use it, so the
      finding names the largest of them the input holds, by what one pod asks the scheduler for (its
      containers' requests, or limits where a request is unset). A class every pod of which, in the input,
      asks for less than `small_pod_cpu` (default 1 core) and `small_pod_memory` (default 1Gi) and for no
      hardware some nodes lack (GPUs) is not reported: such classes belong to a project's own components (a
      storage driver's node plugin, a controller), and preempting is how they land on a full node, as
      `system-node-critical` pods do; where the input does not list every pod of the cluster (manifests, or a
      live audit limited to some namespaces), pods outside it may use the class too, and coverage counts it as
      not judged. A class no pod in the input uses is still reported: who will use it is not shown;
    - workloads whose `priorityClassName` names a class that does not exist (when PriorityClasses
      were collected; the built-in `system-*` classes always exist): known from a cluster or
      snapshot that listed them, or in manifests on positive evidence (a near-miss name, or files
      beside the workload that define PriorityClasses while nothing in the input could create one;
      see Evidence rules in the docs), otherwise not judged;
    - kube-system workloads without a `priorityClassName` in a cluster that uses custom
      priorities, which lets higher-priority application pods preempt them.

    A workload with several pod templates is reported once, with each template in the evidence.

    ## Why it matters

    Priorities decide which pods the scheduler evicts when a pod does not fit. Grafana Labs'
    Hosted Prometheus (Cortex) had an outage of about 30 minutes on 19 July 2019, which its
    postmortem attributes to the way Kubernetes pod priorities were used in its clusters. Each
    Cortex ingester requests 4 cores and 15GB of RAM, a quarter of a machine, and every upgrade
    needs one extra ingester, which often fit on no single node although the cluster had plenty of
    free capacity in aggregate.

    ## Severity

    Always **medium**: preemption or a missing class affects the pods that use it and their neighbours,
    not the cluster as a whole. What lowers it to nothing is the size of what preempts: a small pod makes
    room for itself alone.

    ## Example

    ```yaml
    kind: PriorityClass
    metadata: {name: high}
    value: 1000000
    globalDefault: true          # every pod without a class now preempts
    ```

    ## Fix

    ```yaml
    kind: PriorityClass
    metadata: {name: high}
    value: 1000000
    globalDefault: false
    preemptionPolicy: Never      # jumps the queue without evicting running pods
    ```
    """
    yield from _class_findings(ctx)
    yield from _workload_findings(ctx)
