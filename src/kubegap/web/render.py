"""Jinja2 with autoescaping, and Markdown rendered with raw HTML disabled."""

from __future__ import annotations

import re

from functools import cache
from importlib import resources
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from kubegap import __version__
from kubegap.report.html import finding_item
from kubegap.web.views import View
from kubegap.wording import counted

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


FLAGS_ON_ONE_LINE = 3


def command_lines(command: str) -> str:
    """A long ``kubegap audit`` command with one ``--check`` (or ``--case``) a line, continued with
    backslashes, so that it reads as a list and still pastes into a shell as one command."""
    head, *flags = re.split(r" (?=--(?:check|case) )", command)
    if len(flags) <= FLAGS_ON_ONE_LINE:
        return command
    return " \\\n  ".join([head, *flags])


@cache
def favicon() -> str:
    """static/favicon.svg as a data URL: the icon costs no request, so no page waits on it or fails for it."""
    return "data:image/svg+xml," + quote((STATIC_DIR / "favicon.svg").read_text(encoding="utf-8").strip(), safe=" =:/,.-")


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
    env.filters["counted"] = counted
    env.filters["command_lines"] = command_lines
    env.globals["version"] = __version__
    env.globals["favicon"] = favicon()
    return env


def render(view: View, links) -> str:
    """The page's HTML."""
    template = environment().get_template(view.template)
    return template.render(view=view, links=links, **view.context)
