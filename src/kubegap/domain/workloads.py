"""Workloads as checks judge them: which are audited, and what covers them (a PodDisruptionBudget, an
autoscaler)."""

from __future__ import annotations

from dataclasses import dataclass

from kubegap.domain.intstr import pdb_disruptions_allowed, rolling_update
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, dig, name, namespace, percent
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector
from kubegap.domain.services import workloads_selected_by


def pdb_covers(inventory: Readable, workload: Workload) -> bool:
    """Whether a PodDisruptionBudget that limits evictions selects the workload, as ``pdb_workloads`` reads a
    budget."""
    return id(workload.obj) in budgeted(inventory)


def budgeted(inventory: Readable) -> frozenset[int]:
    """The workloads (by ``id`` of their object) some PodDisruptionBudget selects that limits their evictions (see
    ``_budget_reach``), worked out once per audit."""
    return inventory.derive("budgeted", lambda inv: frozenset(_budget_reach(inv)[0]))


def open_budgets(inventory: Readable, workload: Workload) -> list[str]:
    """The names of the PodDisruptionBudgets that select the workload and allow every eviction: they say a budget
    was written, and limit nothing."""
    return _budget_reach(inventory)[1].get(id(workload.obj), [])


def _budget_reach(inventory: Readable) -> tuple[set[int], dict[int, list[str]]]:
    """The workloads a budget that limits evictions selects, and per workload the names of those that select it and
    allow every eviction, worked out once per audit."""

    def reach(inv: Readable) -> tuple[set[int], dict[int, list[str]]]:
        limited: set[int] = set()
        unlimited: dict[int, list[str]] = {}
        for pdb in inv.of_kind("PodDisruptionBudget"):
            selected = pdb_workloads(inv, pdb)
            if allows_every_eviction(pdb) or _allows_all_it_selects(inv, pdb, selected):
                for workload in selected:
                    unlimited.setdefault(id(workload.obj), []).append(name(pdb))
            else:
                limited.update(id(workload.obj) for workload in selected)
        return limited, {key: sorted(names) for key, names in unlimited.items()}

    return inventory.derive("budget reach", reach)


def _allows_all_it_selects(inventory: Readable, pdb: dict, selected: list[Workload]) -> bool:
    """Whether the budget allows evicting every pod the workloads it selects run at their most (their autoscalers'
    maximum, else their replicas): ``maxUnavailable: 3`` over three replicas. Not judged where a count is not known
    (a DaemonSet's follows its nodes)."""
    counts = [
        autoscaled_ceiling(inventory, w) or (w.templates[0].replicas if len(w.templates) == 1 else None)
        for w in selected
    ]
    if not counts or any(count is None for count in counts):
        return False
    most = sum(count for count in counts if count is not None)
    allowed = pdb_disruptions_allowed(as_dict(dig(pdb, "spec")), most)
    return most > 0 and allowed is not None and allowed >= most


def allows_every_eviction(pdb: dict) -> bool:
    """Whether the budget is met whatever its pods' state and count (``minAvailable: 0``, ``maxUnavailable: 100%``):
    it never refuses an eviction, so it neither stalls a drain nor keeps one from taking every pod at once."""
    spec = dig(pdb, "spec")
    if not isinstance(spec, dict):
        return False
    minimum, maximum = spec.get("minAvailable"), spec.get("maxUnavailable")
    zero = minimum == 0 and not isinstance(minimum, bool)
    return zero or percent(minimum) == 0 or (percent(maximum) or 0) >= 100


def pdb_workloads(inventory: Readable, pdb: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a PDB's selector matches (a null selector matches none), as
    ``services.workloads_selected_by`` selects: in the budget's namespace, or the install's for a budget written
    without one; never a Helm test hook or a finished Job; in an input of several installs, the nearest copy's."""
    return workloads_selected_by(inventory, pdb, "PodDisruptionBudget", pdb_selector)


def pdb_selector(pdb: dict) -> Selector | None:
    """A PodDisruptionBudget's label selector."""
    return Selector.from_label_selector(dig(pdb, "spec", "selector"))


SERVING_KINDS = ("Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Rollout")
"""Controllers that keep a number of interchangeable replicas running (DaemonSets run one per node)."""

KEDA_DEFAULT_MIN_REPLICAS = 0
"""``minReplicaCount`` of a ScaledObject that sets none: KEDA scales the workload to zero when idle."""

KEDA_DEFAULT_MAX_REPLICAS = 100
"""``maxReplicaCount`` of a ScaledObject that sets none."""

KEDA_PAUSED_REPLICAS = "autoscaling.keda.sh/paused-replicas"
"""The annotation that holds a ScaledObject's workload at a fixed count."""


@dataclass(frozen=True)
class Autoscaler:
    """What sets a workload's replica count at run time: a HorizontalPodAutoscaler, or a KEDA ScaledObject, which
    KEDA turns into one (manifests hold the ScaledObject; a live cluster holds both, and the HorizontalPodAutoscaler
    a ScaledObject owns is read as that ScaledObject, so nothing is counted twice)."""

    obj: dict
    minimum: int | None
    """The fewest replicas it runs the workload at (None where the manifest's value is not a number)."""
    maximum: int | None
    """The most (None where the manifest's value is not a number)."""

    @property
    def keda(self) -> bool:
        return self.obj.get("kind") == "ScaledObject"

    @property
    def minimum_field(self) -> str:
        return "spec.minReplicaCount" if self.keda else "spec.minReplicas"

    @property
    def maximum_field(self) -> str:
        return "spec.maxReplicaCount" if self.keda else "spec.maxReplicas"

    @property
    def label(self) -> str:
        """``HorizontalPodAutoscaler api`` or ``ScaledObject api``."""
        return f"{'ScaledObject' if self.keda else 'HorizontalPodAutoscaler'} {name(self.obj)}"

    @property
    def reads_utilization(self) -> bool:
        """Whether it scales on CPU or memory utilization, which is worked out from the pods' requests: any
        HorizontalPodAutoscaler is taken to (with no metrics it scales on CPU), a ScaledObject only through a
        ``cpu`` or ``memory`` trigger."""
        if not self.keda:
            return True
        triggers = dig(self.obj, "spec", "triggers")
        return any(
            as_dict(trigger).get("type") in ("cpu", "memory")
            for trigger in (triggers if isinstance(triggers, list) else [])
        )


Autoscalers = dict[tuple[str | None, str, str], list[Autoscaler]]
"""Autoscalers by the ``(namespace, kind, name)`` of the workload they scale."""


def autoscalers(inventory: Readable) -> Autoscalers:
    """Every autoscaler by the ``(namespace, kind, name)`` of its scale target, HorizontalPodAutoscalers first,
    worked out once per audit: several checks ask."""
    return inventory.derive("autoscalers", _autoscalers)


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _target(inventory: Readable, obj: dict, default_kind: str | None) -> tuple[str | None, str, str] | None:
    """The ``(namespace, kind, name)`` an autoscaler scales, in the namespace it is installed in (``home``: one
    written without a namespace is the install's, beside workloads that name it)."""
    ref = as_dict(dig(obj, "spec", "scaleTargetRef"))
    kind = ref.get("kind") or default_kind
    if isinstance(kind, str) and isinstance(ref.get("name"), str):
        return inventory.home(namespace(obj)), kind, ref["name"]
    return None


def _keda(scaled: dict) -> Autoscaler:
    paused = as_dict(dig(scaled, "metadata", "annotations")).get(KEDA_PAUSED_REPLICAS)
    if isinstance(paused, str) and paused.strip().isdigit():
        return Autoscaler(scaled, int(paused), int(paused))
    spec = as_dict(scaled.get("spec"))
    maximum = _count(spec.get("maxReplicaCount"))
    return Autoscaler(
        scaled,
        _count(spec.get("minReplicaCount", KEDA_DEFAULT_MIN_REPLICAS)),
        # a maximum that is not a number is read as KEDA's default: the ScaledObject still scales the workload
        KEDA_DEFAULT_MAX_REPLICAS if maximum is None else maximum,
    )


def _autoscalers(inventory: Readable) -> Autoscalers:
    found: Autoscalers = {}
    scaled_objects = {(namespace(scaled), name(scaled)): scaled for scaled in inventory.of_kind("ScaledObject")}
    for hpa in inventory.of_kind("HorizontalPodAutoscaler"):
        owners = dig(hpa, "metadata", "ownerReferences")
        if any(
            as_dict(owner).get("kind") == "ScaledObject"
            and (namespace(hpa), as_dict(owner).get("name")) in scaled_objects
            for owner in (owners if isinstance(owners, list) else [])
        ):
            continue  # KEDA's own, read as its ScaledObject
        if (key := _target(inventory, hpa, None)) is not None:
            spec = as_dict(hpa.get("spec"))
            found.setdefault(key, []).append(
                Autoscaler(hpa, _count(spec.get("minReplicas", 1)), _count(spec.get("maxReplicas")))
            )
    for scaled in scaled_objects.values():
        if (key := _target(inventory, scaled, "Deployment")) is not None:
            found.setdefault(key, []).append(_keda(scaled))
    return found


def scaling(inventory: Readable, workload: Workload) -> list[Autoscaler]:
    """The autoscalers that scale a workload, HorizontalPodAutoscalers first: in its namespace, or, for either
    written without one, the install's (Hyperswitch's router, named in its namespace, and its autoscaler, written
    without one: judged wrong when told it ran one replica)."""
    key = (inventory.home(workload.ref.namespace), workload.kind, workload.ref.name)
    return autoscalers(inventory).get(key, [])


def autoscalers_unread(inventory: Readable) -> bool:
    """Whether the HorizontalPodAutoscalers could not be read (forbidden, or their listing failed): how many
    replicas an autoscaler may run a workload at is then unknown."""
    return inventory.collection.unreadable("HorizontalPodAutoscaler")


AUTOSCALER_KINDS = ("HorizontalPodAutoscaler", "ScaledObject")
"""The kinds that say how many replicas an autoscaler runs a workload at (KEDA makes its HPA at run time)."""

ONE_POD_UNREAD = (
    "one replica rolled out one pod at a time, where the autoscalers could not be read: one may run more pods"
)
"""The start of the reason a check counts such a workload as not judged; each check says what the other pods change."""


def runs_one_pod_at_a_time(inventory: Readable, workload: Workload, surge_held: bool = False) -> bool:
    """Whether the workload never runs two pods that serve together: one replica that no autoscaler raises, rolled
    out by stopping the old pod before starting the new (a Deployment's ``Recreate``, or a rolling update whose
    ``maxSurge`` resolves to 0; a StatefulSet's ordered update). ``surge_held`` counts too one replica rolled out
    with a surge whose new pod is held out of rotation until it answers (the caller knows its unprobed serving
    containers have startup probes): nothing for a readiness probe to prefer, though the old pod still serves
    beside it at the end of the surge."""
    if len(workload.templates) != 1 or workload.templates[0].replicas != 1:
        return False
    if autoscaled_ceiling(inventory, workload) is not None:
        return False
    if workload.kind == "StatefulSet":
        return True
    strategy = dig(workload.obj, "spec", "strategy", "type")
    if workload.kind != "Deployment" or strategy not in (None, "Recreate", "RollingUpdate"):
        return False
    if strategy == "Recreate":
        return True
    surge, _ = rolling_update("Deployment", dig(workload.obj, "spec", "strategy", "rollingUpdate"), 1)
    return surge == 0 or surge_held


def runs_no_pods(inventory: Readable, workload: Workload) -> bool:
    """Whether a replica-keeping workload is scaled to zero (``replicas: 0``) and the input shows nothing that runs
    its pods: no autoscaler scales it (KEDA raises a workload from zero, and an HPA may, under ``HPAScaleToZero``),
    the autoscalers and Argo Rollouts could be read, no Argo Rollout takes its template (``spec.workloadRef``, whose migration leaves
    the Deployment at zero while the Rollout runs its pods), and no kube-downscaler annotation says it is held at
    zero for a while (``downscaler/original-replicas``). Such a workload runs no pod, so nothing of its pods'
    resources, images or disruptions can happen: a chart's read replicas left at zero (Hyperswitch's PostgreSQL,
    judged wrong when told its pods run without requests). Checks that leave it count it as not judged
    (``NO_PODS``)."""
    if workload.kind not in SERVING_KINDS or not all(template.replicas == 0 for template in workload.templates):
        return False
    if scaling(inventory, workload) or autoscalers_unread(inventory) or inventory.collection.unreadable("Rollout"):
        return False
    if DOWNSCALED in as_dict(dig(workload.obj, "metadata", "annotations")):
        return False
    key = (inventory.home(workload.ref.namespace), workload.kind, workload.ref.name)
    return key not in _rollout_templates(inventory)


DOWNSCALED = "downscaler/original-replicas"
"""The annotation kube-downscaler writes on a workload it holds at zero, with the count it restores."""

NO_PODS = "a workload scaled to zero that nothing in the input runs pods of (no autoscaler, Rollout or downscaler)"


def _rollout_templates(inventory: Readable) -> set[tuple[str | None, str, str]]:
    """The ``(namespace, kind, name)`` of the workloads whose pod template an Argo Rollout runs
    (``spec.workloadRef``), worked out once per audit."""
    return inventory.derive(
        "rollout_templates",
        lambda inv: {
            (inv.home(namespace(rollout)), str(dig(rollout, "spec", "workloadRef", "kind") or "Deployment"), ref)
            for rollout in inv.of_kind("Rollout")
            if isinstance(ref := dig(rollout, "spec", "workloadRef", "name"), str)
        },
    )


def autoscaled_ceiling(inventory: Readable, workload: Workload) -> int | None:
    """The most replicas an autoscaler may run the workload at: the largest maximum of those that scale it; None
    when none does (or none says a number)."""
    found = [a.maximum for a in scaling(inventory, workload) if a.maximum is not None]
    return max(found) if found else None


def audited_workloads(inventory: Readable) -> list[Workload]:
    """Top-level workloads whose specs matter: all but Helm test hooks and finished Jobs or Pods."""
    return inventory.derive("audited_workloads", lambda inv: [w for w in inv.workloads if not w.is_done_or_test])
