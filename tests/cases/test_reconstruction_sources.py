"""A reconstruction's header cites only the case's own sources, at the depth the case read them.

Each ``# Source: URL (read: LEVEL; ...)`` line of a reconstruction header names where a part of the
rebuilt configuration comes from. A reader of the case page can trace that part only if the URL is
one of the case's ``sources:`` (a trailing slash aside), and the header can claim no deeper reading
than the case records, so a ``read:`` given beside a cited URL equals that source's ``read``.
"""

from __future__ import annotations

import re

import pytest
from support.reconstructions import HERE, LINKED, header

SOURCE_LINE = re.compile(r"^# Sources?: (\S+)")
CITED_READ = re.compile(r"(https?://[^\s(),;]+),? \(read: ([^\s,;)]+)")


def _key(url: str) -> str:
    return url.rstrip("/")


def _mismatches(case) -> list[str]:
    reads = {_key(str(source.url)): source.read for source in case.sources}
    problems = []
    for name in ("incident.yaml", "fixed.yaml"):
        path = HERE / case.id / name
        if not path.is_file():
            continue
        for line in header(path):
            cited = SOURCE_LINE.match(line)
            if cited and _key(cited.group(1)) not in reads:
                problems.append(f"{name}: cites {cited.group(1)!r}, which is not among the case's sources")
            for url, level in CITED_READ.findall(line):
                if _key(url) in reads and level != reads[_key(url)]:
                    problems.append(f"{name}: says read: {level} of {url}; the case records {reads[_key(url)]}")
    return problems


@pytest.mark.parametrize("case", LINKED, ids=lambda c: c.id)
def test_header_cites_only_the_case_sources_at_their_read_level(case) -> None:
    problems = _mismatches(case)
    assert not problems, f"{case.id}: " + "; ".join(problems)
