"""``--format html``: one self-contained page to read an audit in a browser, offline.

CSS and JavaScript are inlined and pinned by a Content-Security-Policy that allows nothing else
(no network, no other script), so the file can be mailed, archived as a CI artifact or opened
from disk. Everything taken from the input is escaped; filtering by severity, category and text
runs in the page and keeps its state in the URL fragment.
"""

from __future__ import annotations

import base64
import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from importlib import resources
from typing import TextIO

from kubegap.report.document import Report, ReportedFinding
from kubegap.report.text import case_label, coverage_label, subject_label, summary_line, value_text, where_label
from kubegap.severity import SEVERITIES


def _static(name: str) -> str:
    return (resources.files("kubegap.report") / "static" / name).read_text(encoding="utf-8")


def _csp_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def _search_text(finding: ReportedFinding) -> str:
    parts = [
        finding.check_id,
        finding.title or "",
        subject_label(finding),
        finding.message,
        where_label(finding),
        *(e.path for e in finding.evidence),
    ]
    return " ".join(parts).lower()


CaseLink = Callable[[str], tuple[str | None, str]]
"""A cited case's link target (None: no link) and label; the report links to sources, the website to its case pages."""


def _anchor(href: str, inner_html: str) -> str:
    return f'<a href="{escape(href)}" rel="noopener noreferrer">{inner_html}</a>'


def _cited(case_ids: Sequence[str], case_link: CaseLink) -> str:
    items = []
    for case_id in case_ids:
        href, label = case_link(case_id)
        items.append(_anchor(href, escape(label)) if href else escape(label))
    return "; ".join(items)


def _source_link(report: Report) -> CaseLink:
    """Each case linked to its public source (web links only), labelled with title, organization and year."""

    def link(case_id: str) -> tuple[str | None, str]:
        case = report.cases.get(case_id)
        if case is None:
            return None, case_id
        return (case.url if case.url.startswith(("https://", "http://")) else None), case_label(case)

    return link


def finding_item(
    finding: ReportedFinding, index: int | str, case_link: CaseLink, check_href: str | None = None, level: int = 3
) -> str:
    """One finding as an ``<li>``, its title a heading of ``level``: the layout ``--format html`` and the web viewer share."""
    severity = finding.severity
    badges = f'<span class="badge {severity} sev sev-{severity}">{severity}</span>'
    if finding.baseline_state == "new":
        badges += '<span class="badge new">new</span>'
    evidence = "".join(f"<dt>{escape(e.path)}</dt><dd>{escape(value_text(e.value))}</dd>" for e in finding.evidence)
    where = where_label(finding)
    check = f"<code>{escape(finding.check_id)}</code>"
    return (
        f'<li class="finding sev-{severity}" data-severity="{severity}" data-category="{escape(finding.category or "")}" '
        f'data-text="{escape(_search_text(finding))}">'
        f'<article aria-labelledby="finding-{index}">'
        f'<h{level} id="finding-{index}">{badges}{_anchor(check_href, check) if check_href else check} {escape(finding.title or "")}</h{level}>'
        f'<p class="object">{escape(subject_label(finding))}</p>'
        + (f'<p class="where">{escape(where)}</p>' if where else "")
        + f'<p class="message">{escape(finding.message)}</p>'
        f'<p class="cited">Seen before in: {_cited(finding.cases, case_link)}</p>'
        f"<details><summary>Evidence and fix</summary>"
        + (f"<h{level + 1}>Evidence</h{level + 1}><dl>{evidence}</dl>" if evidence else "")
        + f'<h{level + 1}>Fix</h{level + 1}><p class="fix">{escape(finding.remediation)}</p>'
        "</details></article></li>"
    )


def _summary(report: Report) -> str:
    summary = report.summary
    cards = "".join(
        f'<li class="sev-{s}"><span class="n">{summary.by_severity.get(s, 0)}</span>{s}</li>' for s in SEVERITIES
    )
    by_category = Counter((f.category or "", f.severity) for f in report.findings)
    categories = sorted({c for c, _ in by_category})
    rows = "".join(
        f'<tr><th scope="row">{escape(c)}</th>'
        + "".join(f"<td>{by_category.get((c, s), 0)}</td>" for s in SEVERITIES)
        + f"<td>{sum(by_category.get((c, s), 0) for s in SEVERITIES)}</td></tr>"
        for c in categories
    )
    table = (
        (
            '<div class="scroll" tabindex="0"><table><caption>Findings by category and severity</caption>'
            '<thead><tr><th scope="col">Category</th>'
            + "".join(f'<th scope="col">{s}</th>' for s in SEVERITIES)
            + '<th scope="col">total</th></tr></thead><tbody>'
            + rows
            + "</tbody></table></div>"
        )
        if rows
        else ""
    )
    baseline = report.baseline
    against = (
        (
            f"<p>Against the baseline <code>{escape(baseline.path)}</code>: <strong>{baseline.new} new</strong>, "
            f"{baseline.unchanged} unchanged, {len(baseline.fixed)} fixed.</p>"
        )
        if baseline
        else ""
    )
    return (
        '<section aria-labelledby="summary-heading"><h2 id="summary-heading">Summary</h2>'
        f'<ul class="cards" aria-label="Findings by severity">{cards}</ul>{against}{table}</section>'
    )


def report_filters(report: Report) -> str:
    """The findings' filter form (severity, category, text), hidden until report.js shows it."""
    counts = Counter(f.severity for f in report.findings)
    boxes = "".join(
        f'<label><input type="checkbox" name="severity" value="{s}" checked>{s} ({counts.get(s, 0)})</label>'
        for s in SEVERITIES
    )
    categories = sorted({f.category or "" for f in report.findings})
    options = "".join(f'<option value="{escape(c)}">{escape(c)}</option>' for c in categories)
    return (
        '<form id="filters" class="filters" role="search" aria-label="Filter findings" hidden>'
        f"<fieldset><legend>Severity</legend>{boxes}</fieldset>"
        f'<div><label class="field" for="filter-category">Category</label>'
        f'<select id="filter-category"><option value="">All categories</option>{options}</select></div>'
        '<div><label class="field" for="filter-text">Text</label>'
        '<input id="filter-text" type="search" placeholder="object, check, message" autocomplete="off"></div>'
        '<div><button type="button" id="filter-reset">Show all</button></div></form>'
    )


def _findings(report: Report) -> str:
    case_link = _source_link(report)
    items = "".join(finding_item(f, i, case_link) for i, f in enumerate(report.findings))
    count = len(report.findings)
    body = (
        (
            f'{report_filters(report)}<p id="shown" role="status">Showing {count} of {count} findings</p>'
            f'<ol class="findings">{items}</ol><p id="no-match" hidden>No findings match these filters.</p>'
        )
        if items
        else "<p>No findings.</p>"
    )
    return f'<section id="findings" aria-labelledby="findings-heading"><h2 id="findings-heading">Findings</h2>{body}</section>'


def _suppressed(report: Report) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(s.check_id)}</code></td><td>{escape(subject_label(s))}</td>"
        f"<td>{escape(s.suppressed_by or '')}</td><td>{escape(s.reason or '')}</td></tr>"
        for s in report.suppressed
    )
    if not rows:
        return ""
    return (
        '<section aria-labelledby="suppressed-heading"><h2 id="suppressed-heading">Suppressed</h2><div class="scroll" tabindex="0"><table>'
        '<thead><tr><th scope="col">Check</th><th scope="col">Object</th><th scope="col">By</th><th scope="col">Reason</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div></section>"
    )


def _check_title(report: Report, check_id: str) -> str:
    summary = report.checks.get(check_id)
    return summary.title if summary is not None else ""


def _coverage(report: Report) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(coverage_label(c))}</code> {escape(_check_title(report, c.check_id))}</td>"
        f'<td class="status-{c.status}">{c.status}</td><td>{c.findings}</td><td>{escape(c.reason or "")}</td></tr>'
        for c in report.coverage
    )
    kinds = report.kinds
    forbidden = "".join(f"<li><code>{escape(k)}</code>: {escape(v)}</li>" for k, v in kinds.forbidden.items())
    absent = ", ".join(f"<code>{escape(k)}</code>" for k in kinds.absent)
    collected = ", ".join(f"<code>{escape(k)}</code>" for k in kinds.collected)
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.warnings)
    return (
        '<section aria-labelledby="coverage-heading"><h2 id="coverage-heading">Coverage</h2>'
        '<div class="scroll" tabindex="0"><table><thead><tr><th scope="col">Check</th><th scope="col">Status</th>'
        f'<th scope="col">Findings</th><th scope="col">Reason</th></tr></thead><tbody>{rows}</tbody></table></div>'
        "<h3>What could not be seen</h3>"
        + (
            f"<p>Kinds forbidden by RBAC:</p><ul>{forbidden}</ul>"
            if forbidden
            else "<p>Kinds forbidden by RBAC: none.</p>"
        )
        + f"<p>Kinds the cluster does not serve: {absent or 'none.'}</p>"
        f"<p>Kinds collected: {collected or 'none.'}</p>"
        + (f"<h3>Input warnings</h3><ul>{warnings}</ul>" if warnings else "")
        + "</section>"
    )


def html_page(report: Report) -> str:
    css, js = _static("report.css"), _static("report.js")
    csp = (
        f"default-src 'none'; style-src {_csp_hash(css)}; script-src {_csp_hash(js)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    cluster = report.cluster.name
    inputs = ", ".join(dict.fromkeys(i.path or i.type for i in report.inputs))
    title = f"kubegap audit{': ' + cluster if cluster else ''} · {report.summary.findings} findings"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{escape(csp)}">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title><style>{css}</style></head><body>'
        '<a class="skip" href="#findings">Skip to findings</a>'
        f"<header><h1>{escape(title)}</h1>"
        f"<p>Inputs: {escape(inputs)}</p>"
        f"<p>Generated {escape(report.generated_at or '')} by kubegap {escape(report.tool.version)}</p></header>"
        f"<main>{_summary(report)}{_findings(report)}{_suppressed(report)}{_coverage(report)}</main>"
        f"<footer><p>{escape(summary_line(report))}</p></footer>"
        f"<script>{js}</script></body></html>\n"
    )


def render(report: Report, out: TextIO) -> None:
    out.write(html_page(report))
