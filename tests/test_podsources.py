"""Pod sources: which selectors could match the pods that workloads and operators create."""

from __future__ import annotations

from kubegap.inventory import Inventory
from kubegap.podsources import PodSources
from kubegap.selectors import Selector
from kubegap.sources.base import Collection


def _sources(*objects: dict) -> PodSources:
    collection = Collection()
    for obj in objects:
        collection.add(obj)
    return PodSources(Inventory(collection))


STATEFULSET = {
    "apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "redis", "namespace": "a"},
    "spec": {"replicas": 2, "template": {"metadata": {"labels": {"app": "redis"}}, "spec": {"containers": [{"name": "r"}]}}},
}
PROMETHEUS = {
    "apiVersion": "monitoring.coreos.com/v1", "kind": "Prometheus", "metadata": {"name": "k8s", "namespace": "a"},
    "spec": {"replicas": 2, "shards": 2, "podMetadata": {"labels": {"team": "obs"}}},
}


def _select(sources: PodSources, labels: dict[str, str]) -> list[str]:
    return [str(s.ref) for s in sources.select("a", Selector.from_map(labels))]


def test_a_statefulset_names_only_the_pods_it_runs() -> None:
    sources = _sources(STATEFULSET)
    assert _select(sources, {"app": "redis", "statefulset.kubernetes.io/pod-name": "redis-1"}) == ["StatefulSet a/redis"]
    assert _select(sources, {"app": "redis", "statefulset.kubernetes.io/pod-name": "redis-2"}) == []
    assert _select(sources, {"app": "redis", "pod-template-hash": "abc12"}) == ["StatefulSet a/redis"]
    assert _select(sources, {"app": "valkey"}) == []


def test_operator_pods_carry_pod_metadata_and_labels_the_operator_adds() -> None:
    sources = _sources(PROMETHEUS)
    assert _select(sources, {"team": "obs", "prometheus": "k8s"}) == ["Prometheus a/k8s"]
    assert _select(sources, {"app.kubernetes.io/name": "prometheus"}) == ["Prometheus a/k8s"]
    assert _select(sources, {"team": "platform"}) == []
    assert sources.in_namespace("a")[0].replicas == 4


def test_a_resource_of_another_group_is_not_the_prometheus_operator() -> None:
    other = {**PROMETHEUS, "apiVersion": "example.com/v1"}
    sources = _sources(other)
    assert sources.in_namespace("a") == []
    assert [str(r) for r in sources.unknown_in("a")] == ["Prometheus a/k8s"]


def test_expressions_are_judged_on_known_labels() -> None:
    sources = _sources(STATEFULSET)
    not_redis = Selector.from_label_selector({"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["redis"]}]})
    absent = Selector.from_label_selector({"matchExpressions": [{"key": "tier", "operator": "DoesNotExist"}]})
    assert sources.select("a", not_redis) == []
    assert [str(s.ref) for s in sources.select("a", absent)] == ["StatefulSet a/redis"]
