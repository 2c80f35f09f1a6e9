"""What sets a workload's replica count at run time: HorizontalPodAutoscalers and KEDA ScaledObjects read as one
kind of autoscaler, with nothing counted twice where a live cluster holds both."""

from __future__ import annotations

from kubegap.checks.workloads._helpers import more_replicas_fix
from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory
from kubegap.domain.workloads import autoscaled_ceiling, runs_no_pods, scaling

KINDS = {"Deployment", "HorizontalPodAutoscaler", "ScaledObject", "ConfigMap", "PersistentVolumeClaim"}


def _inventory(*objects: dict, kinds: set[str] = KINDS) -> Inventory:
    collection = Collection(collected=set(kinds))
    for obj in objects:
        collection.add(obj, Origin("install.yaml", 0))
    return Inventory(collection)


DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "api", "namespace": "web"},
    "spec": {
        "selector": {"matchLabels": {"app": "api"}},
        "template": {"metadata": {"labels": {"app": "api"}}, "spec": {"containers": [{"name": "api", "image": "a:1"}]}},
    },
}


def _scaled_object(spec: dict, annotations: dict | None = None) -> dict:
    return {
        "apiVersion": "keda.sh/v1alpha1",
        "kind": "ScaledObject",
        "metadata": {"name": "api", "namespace": "web", **({"annotations": annotations} if annotations else {})},
        "spec": {"scaleTargetRef": {"name": "api"}, **spec},
    }


def _keda_hpa(owner: str = "api") -> dict:
    return {
        "apiVersion": "autoscaling/v2",
        "kind": "HorizontalPodAutoscaler",
        "metadata": {
            "name": f"keda-hpa-{owner}",
            "namespace": "web",
            "ownerReferences": [{"apiVersion": "keda.sh/v1alpha1", "kind": "ScaledObject", "name": owner}],
        },
        "spec": {"scaleTargetRef": {"kind": "Deployment", "name": "api"}, "minReplicas": 2, "maxReplicas": 8},
    }


def _workload(inventory: Inventory):
    return next(w for w in inventory.workloads if w.ref.name == "api")


def test_the_hpa_keda_makes_of_a_scaled_object_is_that_scaled_object():
    inventory = _inventory(DEPLOYMENT, _scaled_object({"minReplicaCount": 2, "maxReplicaCount": 8}), _keda_hpa())
    found = scaling(inventory, _workload(inventory))
    assert [(a.label, a.minimum, a.maximum) for a in found] == [("ScaledObject api", 2, 8)]


def test_an_hpa_whose_scaled_object_was_not_collected_still_counts():
    inventory = _inventory(DEPLOYMENT, _keda_hpa(owner="gone"))
    found = scaling(inventory, _workload(inventory))
    assert [(a.label, a.minimum_field, a.maximum) for a in found] == [
        ("HorizontalPodAutoscaler keda-hpa-gone", "spec.minReplicas", 8)
    ]


def test_a_scaled_object_reads_keda_defaults_and_its_pause():
    inventory = _inventory(DEPLOYMENT, _scaled_object({"triggers": []}))
    (scaler,) = scaling(inventory, _workload(inventory))
    assert (scaler.minimum, scaler.maximum, scaler.maximum_field) == (0, 100, "spec.maxReplicaCount")

    paused = _inventory(
        DEPLOYMENT,
        _scaled_object({"maxReplicaCount": 20}, annotations={"autoscaling.keda.sh/paused-replicas": "3"}),
    )
    assert autoscaled_ceiling(paused, _workload(paused)) == 3

    malformed = _inventory(DEPLOYMENT, _scaled_object({"maxReplicaCount": "{{ .Values.max }}"}))
    assert autoscaled_ceiling(malformed, _workload(malformed)) == 100


def test_only_cpu_and_memory_triggers_read_the_pods_utilization():
    def reads(triggers: object) -> bool:
        inventory = _inventory(DEPLOYMENT, _scaled_object({"triggers": triggers}))
        return scaling(inventory, _workload(inventory))[0].reads_utilization

    assert reads([{"type": "memory", "metadata": {"value": "80"}}])
    assert reads([{"type": "prometheus"}, {"type": "cpu"}])
    assert not reads([{"type": "kafka"}])
    assert not reads("cpu")


def test_the_fix_names_the_scaled_object_that_sets_the_count():
    inventory = _inventory(DEPLOYMENT, _scaled_object({"minReplicaCount": 1, "maxReplicaCount": 1}))
    fix = more_replicas_fix(inventory, _workload(inventory), None)
    assert "Raise its ScaledObject's minReplicaCount to 2 or more (KEDA sets spec.replicas)" in fix
    assert "HorizontalPodAutoscaler" not in fix


def test_a_workload_at_zero_may_run_pods_where_rollouts_could_not_be_read():
    """A Deployment at zero runs no pod only where the input shows nothing that runs its pods: a live audit refused
    the Argo Rollouts cannot show that none takes its template."""
    deployment = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web", "namespace": "shop"},
        "spec": {
            "replicas": 0,
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "web"}]}},
        },
    }

    def at_zero(forbidden: dict[str, str]) -> bool:
        inventory = Inventory(Collection([deployment], collected={"Deployment"}, forbidden=forbidden))
        return runs_no_pods(inventory, inventory.workloads[0])

    assert at_zero({})
    assert not at_zero({"Rollout": "forbidden"})
