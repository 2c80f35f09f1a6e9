"""kubegap's YAML builder gives what PyYAML's safe constructor gives, and reports duplicate keys."""

from __future__ import annotations

import datetime as dt

import pytest
import yaml

from kubegap import yamlload


class Reference(yamlload._Base):  # PyYAML's own construction, with kubegap's resolvers
    yaml_implicit_resolvers = yamlload.Loader.yaml_implicit_resolvers


def _reference(text: str) -> list:
    return list(yaml.load_all(text, Loader=Reference))


CASES = [
    "a: 1\nb: [1, 2.5, true, no, null, ~, 0x1f, 1_000, '3']\nc: {d: e}\n",
    "when: 2024-03-08\nat: 2024-03-08T06:00:00Z\nraw: !!binary aGVsbG8=\nverb: =\n",
    "base: &b {cpu: 1, memory: 2Gi}\nuse: *b\nlist: [*b, *b]\n",
    "defaults: &d {a: 1, b: 2}\nmerged:\n  <<: *d\n  b: 3\n",
    "ordered: !!omap [{a: 1}, {b: 2}]\nset: !!set {x, y}\n",
    "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: Service\n",
    "? [a, b]\n: complex key\n",
]


@pytest.mark.parametrize("text", CASES)
def test_same_values_as_pyyaml(text):
    try:
        expected = _reference(text)
    except yaml.YAMLError as exc:
        with pytest.raises(yaml.YAMLError):
            yamlload.documents(text)
        assert "unhashable" in str(exc)
        return
    assert yamlload.documents(text)[0] == expected


def test_aliases_share_one_object_as_in_pyyaml():
    (data,), _, _ = yamlload.documents("base: &b {cpu: 1}\nuse: *b\n")
    assert data["base"] is data["use"]
    assert isinstance(yamlload.documents("t: 2024-03-08\n")[0][0]["t"], dt.date)


def test_recursive_alias_is_built_by_pyyaml():
    (data,), _, _ = yamlload.documents("a: &a [1, *a]\n")
    assert data["a"][1] is data["a"]


def test_duplicate_keys_are_recorded_once_with_their_line():
    duplicates = yamlload.documents("metadata:\n  name: a\n  name: b\nkind: x\n").duplicates
    assert duplicates == [("name", 3)]
    duplicates = yamlload.documents("d: &d {a: 1}\nm:\n  <<: *d\n  x: 1\n  x: 2\n").duplicates
    assert duplicates == [("x", 5)]


def test_unknown_tags_are_refused():
    with pytest.raises(yaml.YAMLError):
        yamlload.documents("x: !!python/object/apply:os.system ['true']\n")


def test_corpus_manifests_read_the_same(shared):
    files = sorted((shared / "corpus").rglob("*.yaml"))[:300]
    for path in files:
        text = path.read_text(errors="replace")
        try:
            expected = _reference(text)
        except yaml.YAMLError:
            continue
        assert yamlload.documents(text)[0] == expected, path
