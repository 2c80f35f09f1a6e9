"""Equal parts of the objects read are stored once; nothing else about the objects changes."""

from __future__ import annotations

import copy
import datetime as dt

import orjson

from kubegap.sources.compact import Compactor
from kubegap.sources.manifests import ManifestSource


def _pod(name: str, node: str, image: str = "registry.example.com/api:1.0") -> dict:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": name,
            "namespace": "shop",
            "labels": {"app": "api"},
            "ownerReferences": [{"kind": "ReplicaSet", "name": "api-7d9", "uid": "u1", "controller": True}],
            "managedFields": [{"manager": "kubelet"}],
        },
        "spec": {
            "nodeName": node,
            "containers": [{"name": "api", "image": image, "ports": [{"containerPort": 8080}]}],
            "tolerations": [{"key": "gpu", "operator": "Exists"}],
        },
        "status": {"podIPs": [{"ip": f"10.0.0.{len(name)}"}], "phase": "Running"},
    }


def test_equal_parts_are_shared_and_the_objects_unchanged():
    first, second = _pod("api-1", "node-a"), _pod("api-22", "node-b")
    expected = [copy.deepcopy(o) for o in (first, second)]
    for obj in expected:
        del obj["metadata"]["managedFields"]
    compact = Compactor()
    assert [compact(first), compact(second)] == expected
    assert second["spec"]["containers"] is first["spec"]["containers"]
    assert second["spec"]["tolerations"] is first["spec"]["tolerations"]
    assert second["metadata"]["labels"] is first["metadata"]["labels"]
    assert second["metadata"]["ownerReferences"] is first["metadata"]["ownerReferences"]
    assert second["status"]["podIPs"] is not first["status"]["podIPs"]  # different values stay apart
    assert second["spec"] is not first["spec"] and second["metadata"] is not first["metadata"]


def test_parts_of_pod_templates_are_shared_field_by_field():
    def replica_set(hash_: str) -> dict:
        return {
            "apiVersion": "apps/v1",
            "kind": "ReplicaSet",
            "metadata": {"name": f"api-{hash_}"},
            "spec": {
                "template": {
                    "metadata": {"labels": {"app": "api", "pod-template-hash": hash_}},
                    "spec": {"containers": [{"name": "api", "image": "api:1"}]},
                }
            },
        }

    compact = Compactor()
    old, new = compact(replica_set("aaa")), compact(replica_set("bbb"))
    assert new["spec"]["template"]["spec"]["containers"] is old["spec"]["template"]["spec"]["containers"]
    assert new["spec"]["template"]["metadata"]["labels"] == {"app": "api", "pod-template-hash": "bbb"}


def test_values_equal_in_python_but_not_in_json_are_not_shared():
    compact = Compactor()
    objects = [compact({"kind": "X", "metadata": {}, "spec": {"values": [value]}}) for value in (1, 1.0, True, "1")]
    assert [o["spec"]["values"][0] for o in objects] == [1, 1.0, True, "1"]
    assert [type(o["spec"]["values"][0]) for o in objects] == [int, float, bool, str]


def test_what_json_cannot_write_exactly_is_never_shared():
    compact = Compactor()
    nan_first = compact({"kind": "X", "metadata": {}, "spec": {"limits": [float("nan")]}})
    null_next = compact({"kind": "X", "metadata": {}, "spec": {"limits": [None]}})
    assert null_next["spec"]["limits"] == [None] and nan_first["spec"]["limits"] is not null_next["spec"]["limits"]
    date_first = compact({"kind": "X", "metadata": {}, "spec": {"on": [dt.date(2026, 3, 1)]}})
    text_next = compact({"kind": "X", "metadata": {}, "spec": {"on": ["2026-03-01"]}})
    assert text_next["spec"]["on"] == ["2026-03-01"] and date_first["spec"]["on"] == [dt.date(2026, 3, 1)]


def test_compacting_twice_changes_nothing():
    compact = Compactor()
    pod = compact(_pod("api-1", "node-a"))
    before = orjson.dumps(pod)
    assert compact(pod) is pod and orjson.dumps(pod) == before


def test_a_read_snapshot_shares_its_pods_parts(tmp_path):
    snapshot = {
        "apiVersion": "kubegap.io/v1",
        "kind": "Snapshot",
        "cluster": {"name": "c"},
        "collected": ["Pod"],
        "items": [_pod(f"api-{i}", f"node-{i % 3}") for i in range(5)],
    }
    path = tmp_path / "cluster.json"
    path.write_bytes(orjson.dumps(snapshot))
    pods = ManifestSource([str(path)]).collect().resources
    assert len({id(p["spec"]["containers"]) for p in pods}) == 1
    assert [p["spec"]["nodeName"] for p in pods] == [f"node-{i % 3}" for i in range(5)]
    assert all("managedFields" not in p["metadata"] for p in pods)
