"""The search index kept in kubegap's cache: read back, it ranks as a fresh one, and it is never
read for other documents or another engine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from kubegap.library import load_library, textsearch
from kubegap.library.load import Library
from kubegap.library.search import Index
from kubegap.library.textsearch import Engine

LIBRARY = load_library()
QUERIES = [entry["query"] for entry in yaml.safe_load((Path(__file__).parent / "relevance.yaml").read_text())]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("KUBEGAP_CACHE_DIR", str(tmp_path))
    return tmp_path


def indexes(folder: Path) -> list[Path]:
    return sorted(folder.glob("search-index-*.json"))


def hits(engine: Engine, query: str) -> list[tuple[int, float, frozenset]]:
    return [(h.index, h.score, h.matched) for h in engine.search(query)]


def test_an_index_read_from_the_cache_ranks_as_a_fresh_one(cache):
    _ = Index(LIBRARY).engine  # built and cached
    assert len(indexes(cache)) == 1
    cached = Index(LIBRARY).engine
    fresh = Engine(cached.documents)
    assert cached.counts == fresh.counts
    for query in QUERIES + ['"rolling update" -ipvs', "dns OR nccl"]:
        assert hits(cached, query) == hits(fresh, query), query
        for hit in cached.search(query)[:3]:
            assert cached.snippet(hit) == fresh.snippet(hit)


def test_a_changed_case_is_indexed_again(cache):
    _ = Index(LIBRARY).engine  # built and cached
    first = LIBRARY.cases[0]
    changed = first.model_copy(update={"title": first.title + " Zyxwvutsrqp"})
    library = Library(cases=(changed, *LIBRARY.cases[1:]), vocabularies=LIBRARY.vocabularies)
    assert Index(library).ranked_ids("zyxwvutsrqp") == [first.id]
    assert Index(LIBRARY).ranked_ids("zyxwvutsrqp") == []
    assert len(indexes(cache)) == 2


def test_another_engine_does_not_read_the_index(cache, tmp_path, monkeypatch):
    _ = Index(LIBRARY).engine  # built and cached
    edited = tmp_path / "engine" / "textsearch.py"
    edited.parent.mkdir()
    shutil.copy(textsearch.__file__, edited)
    edited.write_text(edited.read_text() + "\n# a change to the tokenizer\n")
    monkeypatch.setattr(textsearch, "__file__", str(edited))
    _ = Index(LIBRARY).engine  # built and cached
    assert len(indexes(cache)) == 2
