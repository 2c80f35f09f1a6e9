"""Pod sources: which selectors could match the pods that workloads create."""

from __future__ import annotations

from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.domain.podsources import PodSources
from kubegap.domain.selectors import Selector


def _sources(*objects: dict) -> PodSources:
    collection = Collection()
    for obj in objects:
        collection.add(obj)
    return PodSources(Inventory(collection))


STATEFULSET = {
    "apiVersion": "apps/v1",
    "kind": "StatefulSet",
    "metadata": {"name": "redis", "namespace": "a"},
    "spec": {
        "replicas": 2,
        "template": {"metadata": {"labels": {"app": "redis"}}, "spec": {"containers": [{"name": "r"}]}},
    },
}
PROMETHEUS = {
    "apiVersion": "monitoring.coreos.com/v1",
    "kind": "Prometheus",
    "metadata": {"name": "k8s", "namespace": "a"},
    "spec": {"replicas": 2, "shards": 2, "podMetadata": {"labels": {"team": "obs"}}},
}


def _select(sources: PodSources, labels: dict[str, str]) -> list[str]:
    return [str(s.ref) for s in sources.select("a", Selector.from_map(labels))]


def test_a_statefulset_names_only_the_pods_it_runs() -> None:
    sources = _sources(STATEFULSET)
    assert _select(sources, {"app": "redis", "statefulset.kubernetes.io/pod-name": "redis-1"}) == [
        "StatefulSet a/redis"
    ]
    assert _select(sources, {"app": "redis", "statefulset.kubernetes.io/pod-name": "redis-2"}) == []
    assert _select(sources, {"app": "redis", "pod-template-hash": "abc12"}) == ["StatefulSet a/redis"]
    assert _select(sources, {"app": "valkey"}) == []


def test_an_operator_resource_is_not_a_pod_source() -> None:
    """What an operator's custom resource makes is for kubegap.domain.absence to judge, not a label guess here."""
    sources = _sources(PROMETHEUS, STATEFULSET)
    assert [str(s.ref) for s in sources.in_namespace("a")] == ["StatefulSet a/redis"]
    assert _select(sources, {"team": "obs"}) == []


def test_expressions_are_judged_on_known_labels() -> None:
    sources = _sources(STATEFULSET)
    not_redis = Selector.from_label_selector(
        {"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["redis"]}]}
    )
    absent = Selector.from_label_selector({"matchExpressions": [{"key": "tier", "operator": "DoesNotExist"}]})
    assert sources.select("a", not_redis) == []
    assert [str(s.ref) for s in sources.select("a", absent)] == ["StatefulSet a/redis"]
