"""The library's integrity: what the website and the checks rely on, enforced on every case."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from kubegap.checks import all_checks
from kubegap.library import load_library
from kubegap.library.model import VOCABULARIES

LIBRARY = load_library()
CHECKS = {c.id: c for c in all_checks()}
CHECK_IDS = frozenset(CHECKS)


@pytest.mark.parametrize("case", LIBRARY.cases, ids=lambda c: c.id)
def test_case_is_complete(case):
    assert case.sources and all(str(s.url).startswith("https://") and s.title and s.publisher for s in case.sources)
    assert re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", case.dated)
    for vocabulary in VOCABULARIES:
        assert case.tags.of(vocabulary), f"{case.id} has no {vocabulary} tag"
    for check_id in case.checks:
        assert check_id in CHECK_IDS, f"{case.id} names unknown check {check_id}"
    assert case.checks or case.no_check_reason


def test_ids_unique_and_no_incident_told_twice():
    assert len({c.id for c in LIBRARY.cases}) == len(LIBRARY.cases)
    # One source may chronicle several incidents (a training logbook), but not the same one twice.
    primary = Counter((c.url, c.dated) for c in LIBRARY.cases)
    assert [key for key, n in primary.items() if n > 1] == [], "two cases share a primary source and date"
    titles = Counter(c.title.lower() for c in LIBRARY.cases)
    assert [t for t, n in titles.items() if n > 1] == [], "two cases share a title"


@pytest.mark.parametrize("check", list(CHECKS.values()), ids=lambda c: c.id)
def test_every_check_cites_existing_cases(check):
    assert check.cases
    for case_id in check.cases:
        assert LIBRARY.case(case_id) is not None, f"{check.id} cites unknown case {case_id}"


def test_a_check_and_the_cases_it_cites_agree():
    """If a check cites a case, the case names the check among those that reveal its gap."""
    for check in CHECKS.values():
        for case_id in check.cases:
            assert check.id in LIBRARY.case(case_id).checks, f"{case_id} does not list {check.id}"


def test_founding_cases_are_present():
    assert LIBRARY.case("bytedance-2024-megascale-nic-flapping")
    assert LIBRARY.case("datadog-2023-systemd-networkd-cilium-outage")


def test_filter_by_parent_term_includes_children():
    some = next(c for c in LIBRARY.cases if "/" in c.tags.root_cause[0])
    parent = some.tags.root_cause[0].split("/")[0]
    assert some in LIBRARY.filter(root_cause=[parent])
    assert some in LIBRARY.filter(root_cause=[some.tags.root_cause[0]])


def test_a_term_is_named_by_its_vocabulary_and_an_unknown_one_by_its_id():
    term = LIBRARY.vocabularies["component"].terms[0]
    assert term.name != term.id and LIBRARY.term_name("component", term.id) == term.name
    assert LIBRARY.term_name("component", "no-such/term") == "no-such/term"


@pytest.mark.parametrize("vocabulary", VOCABULARIES)
def test_every_term_is_used_by_a_case(vocabulary):
    used = {tag for case in LIBRARY.cases for tag in case.tags.of(vocabulary)}
    used |= {tag.split("/", 1)[0] for tag in used}
    unused = [t.id for t in LIBRARY.vocabularies[vocabulary].terms if t.id not in used]
    assert unused == []


@pytest.mark.parametrize("vocabulary", VOCABULARIES)
def test_no_two_terms_share_a_name(vocabulary):
    names = Counter(t.name.lower() for t in LIBRARY.vocabularies[vocabulary].terms)
    assert [n for n, count in names.items() if count > 1] == []


@pytest.mark.parametrize("case", LIBRARY.cases, ids=lambda c: c.id)
def test_dates_agree_and_sources_record_what_was_read(case):
    assert f"-{case.year}-" in f"-{case.id}-", f"{case.id} is dated {case.dated}"
    if case.date and case.published:
        assert case.published[: len(case.date)] >= case.date[: len(case.published)], (
            f"{case.id} was written up ({case.published}) before it happened ({case.date})"
        )
    for source in case.sources:
        assert source.read, f"{case.id}: {source.url} does not say how much of it was read"


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _stated(date: str, text: str) -> bool:
    """Whether ``text`` states ``date`` at its precision: ``8 March 2023`` (or ``March 8``, or ISO), ``March 2023``, ``2023``."""
    year, *rest = date.split("-")
    if not rest:
        return re.search(rf"\b{year}\b", text) is not None
    month = MONTHS[int(rest[0]) - 1]
    if len(rest) == 1:
        return re.search(rf"{date}|\b{month}\b[^.]*\b{year}\b", text) is not None
    day = int(rest[1])
    return re.search(rf"{date}|\b{day} {month}\b|\b{month} {day}\b", text) is not None


@pytest.mark.parametrize("case", LIBRARY.cases, ids=lambda c: c.id)
def test_the_incident_date_is_not_a_write_up_date_in_disguise(case):
    """A case whose sources give no incident date says so (``date: null``). A date equal to, or cut down from,
    when the case or one of its sources was written up is accepted only where the case's own text states it."""
    if case.date is None:
        return
    written_up = [d for d in (case.published, *(s.published for s in case.sources)) if d]
    if any(d == case.date or d.startswith(case.date + "-") for d in written_up):
        text = " ".join(
            str(v) for v in case.model_dump(exclude={"sources", "tags", "checks", "date", "published"}).values()
        )
        assert _stated(case.date, text), (
            f"{case.id} is dated {case.date}, a write-up's date, and its text does not state it: "
            "give the incident's date a source states, or date: null"
        )


SILENCE = re.compile(
    r"(?<!part of )(?<!parts of )\bthe (?:source|paper|post|postmortem|report|issue|study) (?:does not|do not|gives no|did not)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("case", LIBRARY.cases, ids=lambda c: c.id)
def test_the_source_is_silent_only_after_a_full_read(case):
    """ "The source does not say" is a claim about the whole text, so the primary source was read in full."""
    text = " ".join(str(v) for v in case.model_dump(exclude={"sources", "tags"}).values())
    claims = SILENCE.findall(" ".join(text.split()))
    assert not claims or case.sources[0].read == "full", f"{case.id} says {claims[0]!r} after a partial read"


def test_studies_are_studies_and_kept_apart_from_incidents():
    studies = {c.id for c in LIBRARY.studies}
    assert {
        "meta-2024-fair-research-cluster-reliability-study",
        "ncsa-2025-delta-gpu-resilience-study",
        "bytedance-2024-llm-training-stragglers-what-if",
    } <= studies
    assert "datadog-2023-systemd-networkd-cilium-outage" not in studies
    assert len(LIBRARY.incidents) + len(LIBRARY.studies) == len(LIBRARY.cases)
