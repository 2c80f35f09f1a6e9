"""scripts/new_check.py writes a check that registers, with the five documented sections, and fixtures for it;
it refuses a bad id, an unknown case and anything that exists."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from kubegap.checks.base import REGISTRY, Context
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.domain.scoped_inventory import ScopedInventory

ROOT = Path(__file__).resolve().parent.parent
CASE = "2i2c-2025-nfs-deployment-rollout-stuck-on-rwo-multi-attach"


@pytest.fixture
def new_check(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("new_check", ROOT / "scripts" / "new_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "CHECKS", tmp_path / "checks")
    monkeypatch.setattr(module, "FIXTURES", tmp_path / "fixtures")
    (tmp_path / "checks" / "storage").mkdir(parents=True)
    return module


def _load(path: Path):
    spec = importlib.util.spec_from_file_location("written_check", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_new_check_registers_with_its_sections_and_fixtures(new_check, tmp_path, capsys):
    args = [
        "snapshot-class-missing",
        "--category",
        "storage",
        "--title",
        "Volume snapshots without a class",
        "--case",
        CASE,
    ]
    assert new_check.main([*args, "--reads", "PersistentVolumeClaim"]) == 0
    module = tmp_path / "checks" / "storage" / "snapshot_class_missing.py"
    try:
        _load(module)
        check = REGISTRY["snapshot-class-missing"]
        assert (check.category, check.title, check.severity, check.cases) == (
            "storage",
            "Volume snapshots without a class",
            "medium",
            (CASE,),
        )
        assert check.reads == ("PersistentVolumeClaim",)
        assert list(check.doc) == ["What it checks", "Why it matters", "Severity", "Example", "Fix"]
        inventory = ScopedInventory(Inventory(Collection()), check.id, check.reads, check.metadata_only)
        with pytest.raises(NotImplementedError):
            list(check.run(Context(check, {}, inventory=inventory)))
    finally:
        REGISTRY.pop("snapshot-class-missing", None)
        sys.modules.pop("written_check", None)
    assert (
        (tmp_path / "fixtures" / "snapshot-class-missing" / "fires" / "the-gap.yaml")
        .read_text()
        .startswith("# expect: 1")
    )
    assert (tmp_path / "fixtures" / "snapshot-class-missing" / "passes" / "the-gap-closed.yaml").is_file()
    assert "Left to do" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Backup_Missing", "--category", "storage", "--title", "t", "--case", CASE], "is not a check id"),
        (["snapshot-class-missing", "--category", "storage", "--title", "t", "--case", "no-such-case"], "no case"),
        (["pdb-missing", "--category", "storage", "--title", "t", "--case", CASE], "exists"),
    ],
)
def test_it_refuses_what_it_cannot_write(new_check, tmp_path, capsys, args, says):
    (tmp_path / "fixtures" / "pdb-missing").mkdir(parents=True)
    with pytest.raises(SystemExit):
        new_check.main(args)
    assert says in capsys.readouterr().err
    assert not list((tmp_path / "checks" / "storage").iterdir())
