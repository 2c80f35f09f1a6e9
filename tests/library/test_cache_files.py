"""Writing a cache entry removes the stale entries of the same name, and nothing else."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from kubegap.library.load import STALE_AFTER, cached_json

OLD = time.time() - STALE_AFTER - 60


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("KUBEGAP_CACHE_DIR", str(folder))
    return folder


def written(folder: Path, name: str, *, age: float = OLD) -> Path:
    path = folder / name
    path.write_text("{}")
    os.utime(path, (age, age))
    return path


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_a_new_entry_removes_the_stale_entries_of_its_name_and_keeps_the_rest(cache, tmp_path):
    stale = written(cache, "library-0123456789abcdef01234567.json")
    left_by_a_killed_write = written(cache, "library-0123456789abcdef01234567.4242.tmp")
    recent = written(cache, "library-fedcba9876543210fedcba98.json", age=time.time() - 60)
    other_name = written(cache, "search-index-0123456789abcdef01234567.json")
    not_ours = [
        written(cache, n)
        for n in (
            "library-notes.json",
            "library-0123456789abcdef01234567.json.bak",
            "mylibrary-0123456789abcdef01234567.json",
            "library-0123456789ABCDEF01234567.json",
            "library-valid-0123456789abcdef01234567.json",
        )
    ]
    outside = written(tmp_path, "elsewhere.json")
    (cache / "library-00000000000000000000000a.json").symlink_to(outside)
    (cache / "library-00000000000000000000000b.json").mkdir()
    before = names(cache)

    assert cached_json("library", ["a key"], lambda: {"built": True}) == {"built": True}

    new = names(cache) - before
    assert len(new) == 1 and new.pop().startswith("library-")
    assert names(cache) >= before - {stale.name, left_by_a_killed_write.name}
    assert not stale.exists() and not left_by_a_killed_write.exists()
    assert recent.exists() and other_name.exists() and all(p.exists() for p in not_ours)
    assert outside.exists() and (cache / "library-00000000000000000000000a.json").is_symlink()
    assert (cache / "library-00000000000000000000000b.json").is_dir()


def test_reading_an_entry_removes_nothing(cache):
    cached_json("library", ["a key"], lambda: {"built": True})
    stale = written(cache, "library-0123456789abcdef01234567.json")
    assert cached_json("library", ["a key"], lambda: pytest.fail("built again")) == {"built": True}
    assert stale.exists()


def test_an_entry_that_cannot_be_removed_is_left(cache, monkeypatch):
    stale = written(cache, "library-0123456789abcdef01234567.json")

    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "unlink", refuse)
    assert cached_json("library", ["a key"], lambda: {"built": True}) == {"built": True}
    assert stale.exists()
    assert len(list(cache.glob("library-*.json"))) == 2
