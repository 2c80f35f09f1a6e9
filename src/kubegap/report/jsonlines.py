"""``--format jsonl``: the report as JSON lines for log pipelines (Loki, Fluent Bit, Vector, a SIEM).

One line per finding, then one summary line; each line is a complete JSON object with ``record``
(``finding`` or ``summary``), ``time`` (when the report was generated) and ``cluster``, so a log
pipeline can index it without knowing the report's nesting. Findings carry the fields of the JSON
report's findings (check, severity, object, message, evidence, remediation, cases, fingerprint).
The summary adds the coverage a dashboard needs: skipped and crashed checks, forbidden and failed kinds.
"""

from __future__ import annotations

from typing import TextIO

from kubegap.report.document import Report
from kubegap.report.jsonbytes import dumps


def render(report: Report, out: TextIO) -> None:
    common = {
        "time": report.generated_at,
        "tool": report.tool.name,
        "schema_version": report.schema_version,
    }
    cluster = report.cluster.name
    for finding in report.findings:
        line = {
            "record": "finding",
            **common,
            "cluster": finding.cluster if finding.has("cluster") else cluster,
            **finding.to_json(),
        }
        out.write(dumps(line).decode() + "\n")
    kinds = report.kinds
    summary = {
        "record": "summary",
        **common,
        "cluster": cluster,
        **report.summary.to_json(),
        "skipped_checks": sorted(c.check_id for c in report.coverage if c.status == "skipped"),
        "failed_checks": sorted(c.check_id for c in report.coverage if c.status == "error"),
        "forbidden_kinds": sorted(kinds.forbidden),
        "failed_kinds": sorted(kinds.failed),
    }
    out.write(dumps(summary).decode() + "\n")
