"""Fleet fixtures: one YAML file holding one kubegap Snapshot document per cluster."""

from __future__ import annotations

from pathlib import Path

from kubegap import yamlload
from kubegap.domain.inventory import Inventory
from kubegap.sources.compact import Compactor
from kubegap.sources.snapshot import read_snapshot


def fleet_members(path: Path) -> list[tuple[str, Inventory]]:
    """Each cluster of the file, named as its snapshot names it, with its inventory."""
    clusters = [read_snapshot(document, str(path), Compactor()) for document in yamlload.documents(path.read_text())[0]]
    return [(c.cluster["name"], Inventory(c)) for c in clusters]
