"""Large JSON lists read a slice at a time give exactly what a whole parse gives, or step aside."""

from __future__ import annotations

import orjson
import pytest

from kubegap.sources import jsonslices, manifests
from kubegap.sources.jsonslices import parse_in_slices
from kubegap.sources.manifests import ManifestSource


def _pod(i: int) -> dict:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": f"p{i}",
            "namespace": "ns",
            "managedFields": [{"manager": "kubelet"}, {"manager": "m"}],
            "annotations": {"tricky": 'a "},{" in a string', "json": '{"k": [1, {"x": "}"}]}'},
        },
        "spec": {"containers": [{"name": "a", "env": [{"name": "X", "value": "]"}]}, {"name": "b"}]},
    }


@pytest.fixture
def small_slices(monkeypatch):
    monkeypatch.setattr(jsonslices, "SLICE_BYTES", 2048)
    monkeypatch.setattr(manifests, "SLICED_READ_BYTES", 4096)


@pytest.mark.parametrize("indent", [False, True])
def test_slices_give_what_a_whole_parse_gives(small_slices, indent):
    document = {
        "apiVersion": "v1",
        "kind": "List",
        "items": [_pod(i) for i in range(300)],
        "metadata": {"resourceVersion": ""},
    }
    raw = orjson.dumps(document, option=orjson.OPT_INDENT_2 if indent else 0)
    batches = []
    assert parse_in_slices(raw, batches.append) == document
    assert len(batches) > 10, "the document was not cut into slices"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"kind": "List", "items": [{"a": 1}, {"a": 2}',  # truncated
        b'{"spec": {"items": [1, 2]}, "kind": "x"}',  # "items" not at the top level
        b'{"kind": "List"}',  # no items at all
        b'[{"items": []}]',  # not an object
    ],
)
def test_anything_else_is_left_to_the_whole_parse(small_slices, raw):
    assert parse_in_slices(raw, lambda batch: None) is None


def test_a_large_file_is_read_in_slices_with_managed_fields_dropped(small_slices, tmp_path):
    items = [_pod(i) for i in range(300)]
    path = tmp_path / "pods.json"
    path.write_bytes(orjson.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    collection = ManifestSource([str(path)]).collect()
    assert [r["metadata"]["name"] for r in collection.resources] == [f"p{i}" for i in range(300)]
    assert not any("managedFields" in r["metadata"] for r in collection.resources)
    assert collection.resources[7]["metadata"]["annotations"] == items[7]["metadata"]["annotations"]
    assert collection.collected == {"Pod"} and not collection.warnings


def test_a_large_broken_file_is_still_reported_by_the_text_path(small_slices, tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(b'{"apiVersion": "v1", "kind": "List", "items": [' + b'{"a": 1},' * 1000)
    collection = ManifestSource([str(path)]).collect()
    assert not collection.resources
    assert any("broken.json" in w and "invalid YAML" in w for w in collection.warnings), collection.warnings
