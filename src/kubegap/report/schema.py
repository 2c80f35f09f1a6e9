"""The published report schema, and the one check every reader of a report file makes against it.

``diff``, ``--baseline``, fleet audits, the viewer and the MCP server index a report's fields (coverage
entries, check summaries, evidence, cases) without checking each: a report that passes here can be
read by all of them. jsonschema-rs validates 11,000 findings in about 10 ms, where the pure-Python
validator took 6 s, so large reports and fleets of them are checked whole.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from kubegap.errors import InputError

if TYPE_CHECKING:
    import jsonschema_rs


@cache
def _validator() -> jsonschema_rs.Validator:
    import jsonschema_rs

    schema = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema)


def check_against_schema(report: dict, where: str) -> None:
    """Raise :class:`InputError` naming ``where`` and the first field that breaks the schema."""
    validator = _validator()
    if validator.is_valid(report):
        return
    error = next(iter(validator.iter_errors(report)))
    field = "/".join(str(part) for part in error.instance_path) or "(top level)"
    raise InputError(
        f"{where}: not a kubegap report (schema version {report.get('schema_version')}): {field}: {error.message}"
    )
