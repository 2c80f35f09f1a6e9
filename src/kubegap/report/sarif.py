"""``--format sarif``: SARIF 2.1.0 for code-scanning services (GitHub, GitLab, Azure DevOps).

One rule per check, documented from the check's docstring and the cases it cites. Every result
carries a logical location ``cluster/namespace/kind/name`` (``-`` for cluster-scoped objects);
findings read from a file also point at it, with the line for manifests. Checks that were
skipped or crashed become tool execution notifications, so a partial audit says so.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import TextIO
from urllib.parse import quote

import orjson

from kubegap.checks.base import DOC_SECTIONS
from kubegap.report.document import CheckSummary, CitedCase, Location, Report, ReportedFinding
from kubegap.report.jsonbytes import dumps
from kubegap.report.text import case_year
from kubegap.report.utf8 import write_utf8

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}
FINGERPRINT = "kubegapFinding/v1"
SRCROOT = "%SRCROOT%"
_NOT_A_FILE = {"-", "<stdin>"}


def _rule_name(check_id: str) -> str:
    return "".join(part.capitalize() for part in check_id.split("-"))


def _cited(check: CheckSummary, cases: Mapping[str, CitedCase]) -> list[tuple[str, CitedCase | None]]:
    return [(case_id, cases.get(case_id)) for case_id in check.cases]


def _help(check: CheckSummary, cases: Mapping[str, CitedCase]) -> dict:
    docs = check.documentation
    cited = _cited(check, cases)
    text = "\n\n".join(f"{name}\n{docs[name]}" for name in DOC_SECTIONS if name in docs)
    text += "\n\nCases\n" + "\n".join(f"- {c.title}: {c.url}" if c else f"- {cid}" for cid, c in cited)
    markdown = "\n\n".join(f"## {name}\n\n{docs[name]}" for name in DOC_SECTIONS if name in docs)
    markdown += "\n\n## Cases\n\n" + "\n".join(
        f"- [{_md_link_text(c.title)}]({c.url}) ({c.organization}, {case_year(c)})" if c else f"- `{cid}`"
        for cid, c in cited
    )
    return {"text": text, "markdown": markdown}


def _md_link_text(text: str) -> str:
    return re.sub(r"([\[\]\\])", r"\\\1", text)


def _rule(check_id: str, check: CheckSummary, cases: Mapping[str, CitedCase]) -> dict:
    rule = {
        "id": check_id,
        "name": _rule_name(check_id),
        "shortDescription": {"text": check.title},
        "fullDescription": {"text": check.documentation.get("What it checks", check.title)},
        "help": _help(check, cases),
        "defaultConfiguration": {"level": LEVEL[check.severity]},
        "properties": {
            "tags": ["kubernetes", check.category],
            "precision": check.precision if check.has("precision") else "high",
            "kubegap-severity": check.severity,
            "cases": list(check.cases),
        },
    }
    urls = [c.url for _, c in _cited(check, cases) if c]
    if urls:
        rule["helpUri"] = urls[0]
    return rule


def _artifact(path: str) -> dict:
    """A file URI for absolute paths; relative paths stay relative to the checkout (``%SRCROOT%``)."""
    if PurePosixPath(path).is_absolute():
        return {"uri": PurePosixPath(path).as_uri()}
    return {"uri": quote(path.replace("\\", "/")), "uriBaseId": SRCROOT}


def logical_name(report: Report, finding: ReportedFinding) -> str:
    """``cluster/namespace/kind/name``: the finding's cluster in a fleet, else the report's."""
    obj = finding.object
    cluster = finding.cluster or report.cluster.name or "cluster"
    return f"{cluster}/{obj.namespace or '-'}/{obj.kind}/{obj.name}"


def _location(report: Report, finding: ReportedFinding, where: Location | None) -> dict:
    location: dict = {
        "logicalLocations": [
            {"name": finding.object.name, "fullyQualifiedName": logical_name(report, finding), "kind": "resource"}
        ]
    }
    if where is not None and where.path not in _NOT_A_FILE:
        location["physicalLocation"] = {"artifactLocation": _artifact(where.path)}
        if where.line:
            location["physicalLocation"]["region"] = {"startLine": where.line}
    return location


def _locations(report: Report, finding: ReportedFinding) -> list[dict]:
    """Where the object is defined; an object defined in several manifest documents with the same gap has each."""
    return [_location(report, finding, where) for where in (finding.location, *finding.also_at)]


def _result(report: Report, finding: ReportedFinding, rule_index: dict[str, int]) -> dict:
    result: dict = {
        "ruleId": finding.check_id,
        "level": LEVEL[finding.severity],
        "message": {"text": finding.message},
        "locations": _locations(report, finding),
        "partialFingerprints": {FINGERPRINT: finding.fingerprint},
        "properties": {
            "severity": finding.severity,
            "object": finding.object.to_json(),
            "evidence": [e.to_json() for e in finding.evidence],
            "remediation": finding.remediation,
            "cases": list(finding.cases),
        },
    }
    if finding.check_id in rule_index:
        result["ruleIndex"] = rule_index[finding.check_id]
    if finding.baseline_state:
        result["baselineState"] = finding.baseline_state
    if finding.suppressed:
        result["suppressions"] = [
            {
                "kind": "inSource" if finding.suppressed_by == "annotation" else "external",
                "justification": finding.reason,
            }
        ]
    return result


def _notifications(report: Report) -> list[dict]:
    notes = [
        {
            "level": "error" if c.status == "error" else "note",
            "message": {"text": f"check {c.check_id} {'failed' if c.status == 'error' else 'skipped'}: {c.reason}"},
            "descriptor": {"id": c.check_id},
        }
        for c in report.coverage
        if c.status != "ran"
    ]
    notes += [{"level": "warning", "message": {"text": warning}} for warning in report.warnings]
    return notes


def sarif_log(report: Report) -> dict:
    rules = [_rule(check_id, check, report.cases) for check_id, check in report.checks.items()]
    rule_index = {rule["id"]: index for index, rule in enumerate(rules)}
    invocation = {
        "executionSuccessful": not any(c.status == "error" for c in report.coverage),
        "toolExecutionNotifications": _notifications(report),
    }
    if report.generated_at:
        invocation["endTimeUtc"] = report.generated_at
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": report.tool.name,
                        "version": report.tool.version,
                        "semanticVersion": report.tool.version,
                        "rules": rules,
                    }
                },
                "invocations": [invocation],
                "results": [_result(report, f, rule_index) for f in (*report.findings, *report.suppressed)],
                "properties": {
                    "summary": report.summary.to_json() if report.has("summary") else {},
                    "cluster": report.cluster.to_json(),
                },
            }
        ],
    }


def render(report: Report, out: TextIO) -> None:
    write_utf8(dumps(sarif_log(report), option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE, default=str), out)
