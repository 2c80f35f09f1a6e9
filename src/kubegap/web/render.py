"""Jinja2 with autoescaping, and Markdown rendered with raw HTML disabled."""

from __future__ import annotations

from functools import cache
from importlib import resources

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from kubegap import __version__
from kubegap.report.html import finding_item
from kubegap.web.views import View

STATIC_DIR = resources.files("kubegap.web") / "static"


@cache
def _markdown():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def finding(finding: dict, index: str, links, known_cases: dict, report_cases: dict, checks: set[str]) -> Markup:
    """A report's finding in the layout ``--format html`` uses, its check and cases linked to this site's pages."""

    def case_link(case_id: str) -> tuple[str | None, str]:
        if known_cases.get(case_id) is not None:
            return links.url("case", case_id), known_cases[case_id].title
        return None, report_cases.get(case_id, {}).get("title", case_id)

    check_href = links.url("check", finding["check_id"]) if finding["check_id"] in checks else None
    return Markup(finding_item(finding, index, case_link, check_href, level=4))  # noqa: S704 - finding_item escapes everything it inserts


def markdown(text: str) -> Markup:
    """Markdown as HTML; raw HTML in the text is escaped and unsafe link schemes are refused."""
    return Markup(_markdown().render(text or ""))


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("kubegap.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["markdown"] = markdown
    env.globals["finding"] = finding
    env.globals["version"] = __version__
    return env


def render(view: View, links, *, report: bool = False) -> str:
    """The page's HTML. ``report``: whether a report is loaded (the navigation then links to it)."""
    template = environment().get_template(view.template)
    return template.render(view=view, links=links, has_report=report, **view.context)
