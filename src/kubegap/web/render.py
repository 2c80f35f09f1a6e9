"""Jinja2 with autoescaping, and Markdown rendered with raw HTML disabled."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from kubegap import __version__
from kubegap.web.views import WebPage
from kubegap.wording import counted

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

    from kubegap.web.links import ServerLinks, StaticLinks

STATIC_DIR = resources.files("kubegap.web") / "static"


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def markdown(text: str) -> Markup:
    """Markdown as HTML; raw HTML in the text is escaped and unsafe link schemes are refused."""
    return Markup(_markdown().render(text or "").replace("<pre>", '<pre tabindex="0">'))  # a scrolled block takes focus


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
    return "data:image/svg+xml," + quote(
        (STATIC_DIR / "favicon.svg").read_text(encoding="utf-8").strip(), safe=" =:/,.-"
    )


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
    env.filters["counted"] = counted
    env.filters["command_lines"] = command_lines
    env.globals["version"] = __version__
    env.globals["favicon"] = favicon()
    return env


def render(view: WebPage, links: ServerLinks | StaticLinks) -> str:
    """The page's HTML."""
    template = environment().get_template(view.template)
    return template.render(view=view, links=links, **view.context)
