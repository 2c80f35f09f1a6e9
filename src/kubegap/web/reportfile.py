"""Read an audit report for the viewer: JSON, validated against the shipped report schema."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from kubegap.errors import UserError


def _schema() -> dict:
    return json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text(encoding="utf-8"))


def load_report(path: Path) -> dict:
    """The report in ``path``, read as ``diff`` and ``--baseline`` read it, then checked against the schema."""
    import jsonschema

    from kubegap.report.baseline import load_report as read_report

    report = read_report(path)
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(_schema()).iter_errors(report))
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(top level)"
        raise UserError(f"{path}: not a kubegap report (schema version 1): {where}: {error.message}")
    return report
