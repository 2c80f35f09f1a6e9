"""The tolerant accessors: missing fields and wrong types give the default, and input is never changed."""

from collections import OrderedDict, defaultdict

from kubegap.domain.resources import annotation, containers, dig, label, native_sidecars


def test_dig_follows_dicts_and_list_indexes():
    obj = {"spec": {"containers": [{"name": "a"}, {"name": "b"}]}}
    assert dig(obj, "spec", "containers", 1, "name") == "b"
    assert dig(obj, "spec", "containers", -1, "name") == "b"
    assert dig(obj, "spec", "containers", 2, "name", default="none") == "none"


def test_dig_gives_the_default_for_missing_null_and_mistyped_steps():
    obj = {"spec": {"replicas": None, "selector": "app=a", "ports": [80]}}
    assert dig(obj, "spec", "replicas", default=1) == 1
    assert dig(obj, "spec", "missing", "deeper", default=1) == 1
    assert dig(obj, "spec", "selector", "matchLabels") is None
    assert dig(obj, "spec", "selector", 0) is None  # a string is not indexed
    assert dig(obj, "spec", "ports", "0") is None  # a list takes only integer steps
    assert dig({1: "one", None: "none"}, 1) is None  # a mapping takes only string steps (YAML allows other keys)


def test_dig_reads_dict_subclasses_without_changing_them():
    created = defaultdict(dict, {"spec": OrderedDict(replicas=3)})
    assert dig(created, "spec", "replicas") == 3
    assert dig(created, "status", "phase", default="unknown") == "unknown"
    assert "status" not in created  # no missing key made by looking


def test_containers_paths_past_the_ones_made_ahead():
    spec = {
        "containers": [{"name": f"c{i}"} for i in range(40)] + ["not a container"],
        "initContainers": [{"name": "init"}],
    }
    found = containers(spec)
    assert [path for path, _ in found[:1] + found[31:]] == (
        ["containers[0]"] + [f"containers[{i}]" for i in range(31, 40)] + ["initContainers[0]"]
    )
    assert found[39][1] is spec["containers"][39]
    assert [path for path, _ in containers(spec, init=False)][-1] == "containers[39]"
    assert containers({"containers": {"name": "a"}}) == []


def test_one_label_or_annotation_is_a_non_empty_string_or_none() -> None:
    obj = {"metadata": {"labels": {"a": "x", "empty": "", "number": 3}, "annotations": {"n": "y"}}}
    assert label(obj, "a") == "x"
    assert [label(obj, key) for key in ("empty", "number", "missing")] == [None, None, None]
    assert annotation(obj, "n") == "y" and annotation(obj, "a") is None
    assert label({"metadata": {"labels": ["a"]}}, "a") is None and label({"metadata": None}, "a") is None


def test_native_sidecars_are_the_init_containers_that_keep_running():
    spec = {
        "initContainers": [{"name": "setup"}, {"name": "proxy", "restartPolicy": "Always"}],
        "containers": [{"name": "app", "restartPolicy": "Always"}],
    }
    assert native_sidecars(spec) == [("initContainers[1]", {"name": "proxy", "restartPolicy": "Always"})]
