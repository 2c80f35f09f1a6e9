"""``--format markdown``: a report to paste as a pull-request comment (GitHub-flavoured Markdown).

Summary counts first, then a table with one row per check (severity, objects, the incident it was
seen in), then one collapsed ``<details>`` block per check: its fix and incidents once, then each
object with its message, place and offending value. What was not checked (input left unread
included) closes it. With a baseline, only new findings are listed; the unchanged ones are counted.

A GitHub comment holds at most ``COMMENT_LIMIT`` characters, so the details stop before that and
say how many findings, by severity, are left out and where to read them (the SARIF or HTML report).
Everything taken from the input is escaped: object names may contain Markdown or HTML.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from itertools import groupby
from typing import TextIO

from kubegap.report.document import Report, ReportedFinding
from kubegap.report.text import (
    case_label,
    counts_label,
    coverage_label,
    evidence_text,
    reading_order,
    subject_label,
    unjudged_by_reason,
    where_label,
)
from kubegap.severity import SEVERITIES

COMMENT_LIMIT = 65_536
"""The most characters GitHub accepts in an issue or pull-request comment."""
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]|~])")


def inline(text: str) -> str:
    """Text safe inside a Markdown paragraph or table cell: HTML escaped, punctuation and newlines neutralised."""
    escaped = html.escape(str(text), quote=False)
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", escaped).replace("\r", " ").replace("\n", " ")


def _case_link(report: Report, case_id: str) -> str:
    case = report.cases.get(case_id)
    return f"[{inline(case_label(case))}]({case.url}) (`{case_id}`)" if case else inline(case_id)


def _counts(findings: list[ReportedFinding]) -> str:
    counts = Counter(f.severity for f in findings)
    return counts_label({s: counts[s] for s in SEVERITIES})


def _by_check(findings: list[ReportedFinding]) -> list[list[ReportedFinding]]:
    ordered = sorted(findings, key=reading_order)
    return [list(group) for _, group in groupby(ordered, key=lambda f: (f.severity, f.check_id))]


def _object_item(finding: ReportedFinding) -> str:
    parts = [f"**{inline(subject_label(finding))}**"]
    if finding.location is not None:
        parts.append(inline(where_label(finding)))
    parts.append(inline(finding.message))
    if finding.evidence:
        parts.append(inline(evidence_text(finding.evidence[0])))
    return "- " + " · ".join(parts)


def _check_opening(report: Report, group: list[ReportedFinding]) -> str:
    first = group[0]
    summary = (
        f"<b>{html.escape(first.severity)}</b> <code>{html.escape(first.check_id)}</code> · "
        f"{len(group)} object{'s' if len(group) != 1 else ''} · {html.escape(first.title or '')}"
    )
    cases = "\n".join(f"- {_case_link(report, c)}" for c in first.cases)
    return (
        f"<details>\n<summary>{summary}</summary>\n\n**Fix**: {inline(first.remediation)}\n\n"
        f"**Seen before in**\n\n{cases}\n\n**Objects**\n\n"
    )


def _summary_table(report: Report, groups: list[list[ReportedFinding]]) -> list[str]:
    lines = ["| Severity | Check | Objects | Seen in |", "|---|---|---|---|"]
    for group in groups:
        first = group[0]
        case = next((c for c in first.cases if c in report.cases), None)
        seen = f"[{inline(report.cases[case].organization)}]({report.cases[case].url}) (`{case}`)" if case else ""
        lines.append(f"| {first.severity} | `{first.check_id}` | {len(group)} | {seen} |")
    return lines


def _not_checked(report: Report) -> list[str]:
    not_ran = [c for c in report.coverage if c.status != "ran"]
    forbidden, absent = report.kinds.forbidden, report.kinds.absent
    warnings = report.warnings
    unjudged = unjudged_by_reason(report.coverage)
    if not (not_ran or forbidden or absent or warnings or unjudged):
        return []
    lines = ["### Not checked", ""]
    lines += [f"- `{coverage_label(c)}` {c.status}: {inline(c.reason or '')}" for c in not_ran]
    lines += [
        f"- {objects} object(s) not judged by {', '.join(f'`{check}`' for check in checks)}: {inline(reason)}"
        for reason, (objects, checks) in unjudged.items()
    ]
    lines += [f"- {inline(kind)}: forbidden ({inline(reason)})" for kind, reason in forbidden.items()]
    if absent:
        lines.append(f"- not served by the cluster: {', '.join(inline(kind) for kind in absent)}")
    lines += [f"- input: {inline(warning)}" for warning in warnings]
    return lines


def _within(lines: list[str], budget: int, what: str) -> list[str]:
    """As many of ``lines`` as fit in ``budget`` characters, then one saying how many more there are."""
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        if used + len(line) + 1 > budget - 80:
            return kept + [f"- … and {len(lines) - index} more {what}, cut to fit a GitHub comment"]
        kept.append(line)
        used += len(line) + 1
    return kept


def _details(
    report: Report, groups: list[list[ReportedFinding]], budget: int
) -> tuple[list[str], list[ReportedFinding]]:
    """One ``<details>`` block per check, as many objects as ``budget`` characters hold; and the findings left out."""
    blocks: list[str] = []
    used = 0
    left: list[ReportedFinding] = []
    for group in groups:
        opening, items = _check_opening(report, group), [_object_item(f) for f in group]
        room = budget - used - len(opening) - len("\n\n</details>\n\n") - 120
        shown = 0
        while shown < len(items) and room - len(items[shown]) - 1 >= 0:
            room -= len(items[shown]) + 1
            shown += 1
        if shown == 0:
            left += [f for g in groups[groups.index(group) :] for f in g]
            break
        block = opening + "\n".join(items[:shown])
        if shown < len(items):
            block += f"\n- … and {len(items) - shown} more objects of this check"
        block += "\n\n</details>"
        blocks.append(block)
        used += len(block) + 2
        left += group[shown:]
    return blocks, left


def markdown(report: Report) -> str:
    summary = report.summary
    checks = summary.checks
    head = [
        "## kubegap audit",
        "",
        f"**{summary.findings} findings**: {counts_label(summary.by_severity)}"
        + (f"; {summary.suppressed} suppressed" if summary.suppressed else "")
        + f". {checks.ran} checks ran, {checks.skipped} skipped, {checks.error} failed, on {summary.objects} objects.",
    ]
    findings = list(report.findings)
    baseline = report.baseline
    if baseline:
        unchanged = [f for f in findings if f.baseline_state == "unchanged"]
        findings = [f for f in findings if f.baseline_state != "unchanged"]
        head += [
            "",
            (
                f"Against the baseline {inline(baseline.path)}: **{len(findings)} new** (listed here), "
                f"{len(unchanged)} unchanged ({_counts(unchanged)}; not listed), {len(baseline.fixed)} fixed."
            ),
        ]
    groups = _by_check(findings)
    if groups:
        head += ["", *_summary_table(report, groups)]
    head_text = "\n".join(head) + "\n"
    tail = _not_checked(report)
    tail_text = "\n".join(_within(tail, COMMENT_LIMIT // 4, "items")) if tail else ""
    budget = COMMENT_LIMIT - len(head_text) - len(tail_text) - 600
    blocks, left = _details(report, groups, budget)
    parts = [head_text, *blocks]
    if left:
        parts.append(
            f"**{len(left)} of {len(findings)} findings are not listed here ({_counts(left)})**, to fit a GitHub "
            "comment: the SARIF and HTML reports list every one (`kubegap audit --format sarif=kubegap.sarif "
            "--format html=kubegap.html`; keep them as the job's artifacts)."
        )
    if tail_text:
        parts.append(tail_text)
    return "\n\n".join(part.rstrip("\n") for part in parts) + "\n"


def render(report: Report, out: TextIO) -> None:
    out.write(markdown(report))
