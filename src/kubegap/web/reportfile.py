"""Read an audit report for the viewer: JSON, validated against the shipped report schema."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from kubegap.errors import UserError


def _schema() -> dict:
    return json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text(encoding="utf-8"))


def load_report(path: Path) -> dict:
    """The report in ``path``; a UserError naming the file and the field at fault otherwise."""
    import jsonschema

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read the report: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                        "give a report from 'kubegap audit --format json'") from None
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(_schema()).iter_errors(report))
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(top level)"
        raise UserError(f"{path}: not a kubegap report (schema version 1): {where}: {error.message}")
    return report
