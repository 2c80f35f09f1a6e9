"""``--format markdown``: a report to paste as a pull-request comment (GitHub-flavoured Markdown).

Summary counts first, then one table row per finding ordered by severity, then one collapsed
``<details>`` block per finding with its evidence, fix and the incidents it cites, and what was
not checked (input left unread included). Everything taken from the input is escaped: object names may contain Markdown or HTML.
"""

from __future__ import annotations

import html
import re
from typing import TextIO

from kubegap.checks.base import SEVERITIES
from kubegap.report.text import case_label, counts_label, coverage_label, subject_label, unjudged_by_reason, value_text, where_label

_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]|~])")


def inline(text: str) -> str:
    """Text safe inside a Markdown paragraph or table cell: HTML escaped, punctuation and newlines neutralised."""
    escaped = html.escape(str(text), quote=False)
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", escaped).replace("\r", " ").replace("\n", " ")


def _code_block(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{text}\n{fence}"


def _case_links(report: dict, case_ids: list[str]) -> list[str]:
    links = []
    for case_id in case_ids:
        case = report["cases"].get(case_id)
        links.append(f"[{inline(case_label(case))}]({case['url']})" if case else inline(case_id))
    return links


def _details(report: dict, number: int, finding: dict) -> str:
    summary = f"{number}. <b>{html.escape(finding['check_id'])}</b> · {html.escape(subject_label(finding))}"
    evidence = "\n".join(f"{e['path']}: {value_text(e.get('value'))}" for e in finding["evidence"])
    parts = [f"<details>\n<summary>{summary}</summary>\n", inline(finding["message"])]
    if finding.get("location"):
        parts.append(f"Location: {inline(where_label(finding))}")
    if evidence:
        parts.append("**Evidence**\n\n" + _code_block(evidence))
    parts.append(f"**Fix**: {inline(finding['remediation'])}")
    parts.append("**Seen before in**\n\n" + "\n".join(f"- {link}" for link in _case_links(report, finding["cases"])))
    return "\n\n".join(parts) + "\n\n</details>"


def markdown(report: dict) -> str:
    summary = report["summary"]
    checks = summary["checks"]
    lines = [
        "## kubegap audit",
        "",
        f"**{summary['findings']} findings**: {counts_label(summary['by_severity'])}"
        + (f"; {summary['suppressed']} suppressed" if summary.get("suppressed") else "")
        + f". {checks['ran']} checks ran, {checks['skipped']} skipped, {checks['error']} failed, on {summary['objects']} objects.",
    ]
    baseline = report.get("baseline")
    if baseline:
        lines += ["", f"Against the baseline {inline(baseline['path'])}: **{baseline['new']} new**, "
                      f"{baseline['unchanged']} unchanged, {len(baseline['fixed'])} fixed."]
    ordered = [f for severity in SEVERITIES for f in report["findings"] if f["severity"] == severity]
    if ordered:
        lines += ["", "| # | Severity | Check | Object | Problem |", "|---|---|---|---|---|"]
        for number, f in enumerate(ordered, 1):
            new = " **new**" if f.get("baseline_state") == "new" else ""
            lines.append(
                f"| {number} | {f['severity']}{new} | `{f['check_id']}` | {inline(subject_label(f))} | {inline(f['message'])} |"
            )
        for number, f in enumerate(ordered, 1):
            lines += ["", _details(report, number, f)]
    not_ran = [c for c in report["coverage"] if c["status"] != "ran"]
    kinds = report.get("kinds", {})
    forbidden, absent = kinds.get("forbidden", {}), kinds.get("absent", [])
    warnings = report.get("warnings", [])
    unjudged = unjudged_by_reason(report["coverage"])
    if not_ran or forbidden or absent or warnings or unjudged:
        lines += ["", "### Not checked", ""]
        lines += [f"- `{coverage_label(c)}` {c['status']}: {inline(c['reason'] or '')}" for c in not_ran]
        lines += [
            f"- {objects} object(s) not judged by {', '.join(f'`{check}`' for check in checks)}: {inline(reason)}"
            for reason, (objects, checks) in unjudged.items()
        ]
        lines += [f"- {inline(kind)}: forbidden ({inline(reason)})" for kind, reason in forbidden.items()]
        if absent:
            lines.append(f"- not served by the cluster: {', '.join(inline(kind) for kind in absent)}")
        lines += [f"- input: {inline(warning)}" for warning in warnings]
    return "\n".join(lines) + "\n"


def render(report: dict, out: TextIO) -> None:
    out.write(markdown(report))
