"""Managed fields cut from an answer's bytes before parsing change nothing but the managed fields."""

from __future__ import annotations

import orjson
import pytest

from kubegap.sources import jsonslices
from kubegap.sources.jsonslices import parse_in_slices
from kubegap.sources.managedfields import PLACEHOLDER, cut, loads_items

MANAGED = [
    {
        "manager": "kubelet",
        "operation": "Update",
        "apiVersion": "v1",
        "time": "2024-05-01T10:00:00Z",
        "fieldsType": "FieldsV1",
        "fieldsV1": {"f:status": {"f:conditions": {'k:{"type":"Ready"}': {".": {}, "f:status": {}}}}},
        "subresource": "status",
    },
    {"manager": "kube-controller-manager", "fieldsV1": {"f:metadata": {"f:labels": {"f:app": {}}}}},
]


def _pod(i: int, managed=MANAGED, **spec) -> dict:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": f"p{i}",
            "labels": {"managedFields": "a label value"},
            "managedFields": managed,
            "uid": f"u{i}",
        },
        "spec": {"containers": [{"name": "a", "env": [{"name": "X", "value": '"managedFields":[1]'}]}], **spec},
    }


def _expected(items: list, kept: int | None = None) -> list:
    """What a parse gives, with each object's own managed fields (and only those, but for item ``kept``) replaced
    by the placeholder."""
    items = orjson.loads(orjson.dumps(items))
    for position, item in enumerate(items):
        if "managedFields" in item["metadata"] and position != kept:
            item["metadata"]["managedFields"] = PLACEHOLDER
    return items


@pytest.mark.parametrize("indent", [0, orjson.OPT_INDENT_2])
def test_managed_fields_are_cut_and_nothing_else(indent):
    items = [_pod(i) for i in range(5)]
    raw = orjson.dumps(items, option=indent)
    short, cuts = cut(raw[1:-1])
    assert cuts == 5
    assert len(short) < len(raw) / 2
    assert loads_items(raw[1:-1]) == _expected(items)


@pytest.mark.parametrize(
    "managed",
    [
        [{"manager": "a ] in a string", "fieldsV1": {}}],  # the first ] is not the end
        [{"manager": "a [ in a string", "fieldsV1": {}}],
        [{"manager": 'a \\" and a ] after', "fieldsV1": {}}],  # an escaped backslash before a quote
        [{"manager": "a line\nbreak and a ] after", "fieldsV1": {}}],  # another escape
        [
            {"manager": "ends in a backslash \\", "operation": "]"}
        ],  # its quotes alone would say the ] is outside strings
        [{"manager": "m", "fieldsV1": {"f:x": [1, [2]]}}],  # a list inside (no server sends one)
    ],
)
def test_a_list_whose_end_counting_cannot_tell_is_parsed(managed):
    items = [_pod(0, managed), _pod(1)]
    text = orjson.dumps(items)[1:-1]
    assert cut(text)[1] == 1  # only the plain one
    assert loads_items(text) == _expected(items, kept=0)


def test_a_managed_fields_list_outside_metadata_leaves_the_slice_as_it_came():
    custom = {
        "apiVersion": "example.com/v1",
        "kind": "Widget",
        "metadata": {"name": "w"},
        "spec": {"managedFields": [{"a": 1}]},
    }
    items = [_pod(0), custom]
    text = orjson.dumps(items)[1:-1]
    assert cut(text)[1] == 2
    assert loads_items(text) == items  # parsed as it came: managed fields and all


def test_an_empty_list_and_a_key_inside_a_string():
    items = [
        _pod(0, []),
        {"kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"k": '{"managedFields":[{"a":1}]}'}},
    ]
    text = orjson.dumps(items)[1:-1]
    assert cut(text)[1] == 1
    assert loads_items(text) == _expected(items)


def test_a_page_read_in_slices_without_its_managed_fields(monkeypatch):
    monkeypatch.setattr(jsonslices, "SLICE_BYTES", 2048)
    items = [_pod(i, replicas=i) for i in range(200)]
    document = {
        "apiVersion": "v1",
        "kind": "PodList",
        "metadata": {"resourceVersion": "7", "continue": "next"},
        "items": items,
    }
    batches = []
    page = parse_in_slices(orjson.dumps(document), batches.append, unparsed_managed_fields=True)
    assert len(batches) > 10
    assert page == {**document, "items": _expected(items)}
    assert parse_in_slices(orjson.dumps(document), lambda batch: None) == document  # files keep theirs until read
