"""The kustomize deploy (deploy/) as a user composes it: an overlay of their own adding the report-volume component."""

from __future__ import annotations

import shutil
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def with_report_volume(tmp_path: Path, overlay: str, components: tuple[str, ...] = ("report-volume",)) -> Path:
    """A user's overlay adding components to ``overlay``, the report volume by default (kustomize wants relative paths)."""
    shutil.copytree(DEPLOY, tmp_path / "deploy", ignore=shutil.ignore_patterns("helm"))
    mine = tmp_path / "mine"
    mine.mkdir()
    listed = ", ".join(f"../deploy/components/{c}" for c in components)
    (mine / "kustomization.yaml").write_text(f"resources: [../deploy/overlays/{overlay}]\ncomponents: [{listed}]\n")
    return mine
