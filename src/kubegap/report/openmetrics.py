"""``--format openmetrics``: the audit as an OpenMetrics text exposition, for Prometheus.

Findings are counted by check, severity and namespace (``kubegap_findings``), and every check's
coverage is one ``kubegap_check_status`` series per status, 1 for the check's status and 0 for the
others, so an alert can fire on a check that stopped running. Write it where a Prometheus scrape
reaches it, e.g. node-exporter's textfile collector (``--format openmetrics=/textfile/kubegap.prom``).
Every series carries the ``cluster`` label; cluster-scoped objects have ``namespace=""``.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from typing import TextIO

from kubegap.report.document import Report
from kubegap.severity import SEVERITIES

STATUSES = ("ran", "skipped", "error")
KIND_STATUSES = ("collected", "forbidden", "absent", "failed")


def _escape(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(**labels: object) -> str:
    return "{" + ",".join(f'{name}="{_escape(value)}"' for name, value in labels.items()) + "}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _family(
    name: str, kind: str, help_text: str, samples: Iterable[tuple[dict, float]], unit: str | None = None
) -> list[str]:
    """One metric family; an ``info`` family's samples are named ``<name>_info``, as OpenMetrics requires."""
    lines = [f"# TYPE {name} {kind}", f"# HELP {name} {help_text}"]
    if unit:
        lines.insert(1, f"# UNIT {name} {unit}")
    sample = f"{name}_info" if kind == "info" else name
    lines += [f"{sample}{_labels(**labels)} {_number(value)}" for labels, value in samples]
    return lines


def _timestamp(report: Report) -> float:
    return dt.datetime.fromisoformat(report.generated_at or "").timestamp()


def render(report: Report, out: TextIO) -> None:
    cluster = report.cluster.name or ""
    findings = Counter(
        (f.cluster or cluster, f.check_id, f.severity, f.object.namespace or "") for f in report.findings
    )
    kinds = report.kinds
    kind_counts = {
        "collected": len(kinds.collected),
        "forbidden": len(kinds.forbidden),
        "absent": len(kinds.absent),
        "failed": len(kinds.failed),
    }
    lines = [
        *_family(
            "kubegap_findings",
            "gauge",
            "Findings of the last audit, by check, severity and namespace.",
            (
                ({"cluster": c, "check": check, "severity": s, "namespace": ns}, n)
                for (c, check, s, ns), n in sorted(findings.items())
            ),
        ),
        *_family(
            "kubegap_findings_by_severity",
            "gauge",
            "Findings of the last audit by severity (0 where none).",
            (({"cluster": cluster, "severity": s}, report.summary.by_severity.get(s, 0)) for s in SEVERITIES),
        ),
        *_family(
            "kubegap_suppressed_findings",
            "gauge",
            "Findings exempted by annotations or the configuration file.",
            [({"cluster": cluster}, report.summary.suppressed)],
        ),
        *_family(
            "kubegap_check_status",
            "gauge",
            "Each check's coverage in the last audit: 1 for its status, 0 for the others.",
            (
                (
                    {"cluster": c.cluster or cluster, "check": c.check_id, "status": s},
                    1 if c.status == s else 0,
                )
                for c in report.coverage
                for s in STATUSES
            ),
        ),
        *_family(
            "kubegap_kinds",
            "gauge",
            "Kinds the checks read, by whether they were collected, forbidden, absent or failed.",
            (({"cluster": cluster, "status": s}, kind_counts[s]) for s in KIND_STATUSES),
        ),
        *_family("kubegap_objects", "gauge", "Objects audited.", [({"cluster": cluster}, report.summary.objects)]),
        *_family(
            "kubegap_audit_duration_seconds",
            "gauge",
            "Time the checks took.",
            [({"cluster": cluster}, report.summary.elapsed_seconds)],
            unit="seconds",
        ),
        *_family(
            "kubegap_audit_timestamp_seconds",
            "gauge",
            "When the report was generated (Unix time).",
            [({"cluster": cluster}, _timestamp(report))],
            unit="seconds",
        ),
        *_family(
            "kubegap",
            "info",
            "The kubegap version that wrote the report.",
            [({"cluster": cluster, "version": report.tool.version}, 1)],
        ),
        "# EOF",
    ]
    out.write("\n".join(lines) + "\n")
