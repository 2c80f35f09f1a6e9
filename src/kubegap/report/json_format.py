"""``--format json``: the versioned report, as documented by ``schemas/report.schema.json``."""

from __future__ import annotations

from typing import TextIO

import orjson

from kubegap.report.document import Report
from kubegap.report.jsonbytes import dumps
from kubegap.report.utf8 import write_utf8


def render(report: Report, out: TextIO) -> None:
    write_utf8(dumps(report.to_json(), option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE), out)
