"""``--format json``: the versioned report, as documented by ``schemas/report.schema.json``."""

from __future__ import annotations

from typing import TextIO

import orjson


def render(report: dict, out: TextIO) -> None:
    out.write(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode())
    out.write("\n")
