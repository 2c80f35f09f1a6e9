"""The Incident Library's data model: cases, their sources and tags, and vocabulary terms."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, HttpUrl, field_validator, model_validator

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
TERM_ID = r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)?$"
ISO_DATE = re.compile(r"^\d{4}(?:-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?)?$")

DATE_NOT_GIVEN = "date not given"
"""How a case whose sources give no incident date shows its date."""

VOCABULARIES = ("root_cause", "component", "symptom", "contributing_factor")
VocabularyName = Literal["root_cause", "component", "symptom", "contributing_factor"]

COMPONENT_TYPES = (
    "kubernetes-component",
    "add-on",
    "os",
    "hardware",
    "library",
    "cloud-service",
    "application",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _iso_date(value: str) -> str:
    if not ISO_DATE.match(value):
        raise ValueError(f"{value!r} is not an ISO date (YYYY, YYYY-MM or YYYY-MM-DD)")
    return value


class Source(_Strict):
    url: HttpUrl
    title: str = Field(min_length=1)
    publisher: str = Field(min_length=1)
    published: str | None = None
    type: Literal[
        "postmortem", "paper", "status-page", "talk", "blog", "issue", "news", "advisory", "documentation"
    ] = "postmortem"
    read: Literal["full", "opening", "abstract", "excerpt"] | None = None
    """How much of the source the case was written from: the whole text, its opening (a stored copy
    that holds only the start of the page), its abstract, or excerpts (some of its sections or entries,
    or passages quoted elsewhere). A case says "the source does not say" only of a source read in full."""

    @field_validator("url")
    @classmethod
    def _https(cls, url: HttpUrl) -> HttpUrl:
        if url.scheme != "https":
            raise ValueError("source URLs must use https")
        return url

    @field_validator("published")
    @classmethod
    def _published(cls, value: str | None) -> str | None:
        return None if value is None else _iso_date(value)


class Tags(_Strict):
    root_cause: tuple[str, ...] = Field(min_length=1)
    component: tuple[str, ...] = Field(min_length=1)
    symptom: tuple[str, ...] = Field(min_length=1)
    contributing_factor: tuple[str, ...] = Field(min_length=1)

    def of(self, vocabulary: str) -> tuple[str, ...]:
        return getattr(self, vocabulary)


class Case(_Strict):
    """One public incident. Sections the sources do not support are left empty, never guessed."""

    id: str = Field(pattern=SLUG)
    title: str = Field(min_length=1)
    organization: str = Field(min_length=1)
    kind: Literal["incident", "study"] = "incident"
    """``study``: a reliability study of many failures, kept out of incident counts and statistics."""
    date: str | None = None
    """When the incident happened (for a study: when its data ends), as precisely as a source read says:
    ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``. None when no source read gives it: a write-up's publication date
    never stands in for it (``published`` is then required, and is what the case is dated and sorted by)."""
    published: str | None = None
    """When the first write-up of it was published, when that is known."""
    summary: str = Field(min_length=1)
    symptoms: str = Field(min_length=1)
    trigger: str = Field(min_length=1)
    root_cause: str = Field(min_length=1)
    contributing_factors: tuple[str, ...] = ()
    detection: str | None = None
    remediation: tuple[str, ...] = ()
    lessons: tuple[str, ...] = ()
    impact: str | None = None
    sources: tuple[Source, ...] = Field(min_length=1)
    tags: Tags
    checks: tuple[str, ...] = ()
    no_check_reason: str | None = None

    @field_validator("date")
    @classmethod
    def _date(cls, value: str | None) -> str | None:
        return None if value is None else _iso_date(value)

    @field_validator("published")
    @classmethod
    def _published(cls, value: str | None) -> str | None:
        return None if value is None else _iso_date(value)

    @model_validator(mode="after")
    def _dated(self) -> Case:
        if self.date is None and self.published is None:
            raise ValueError("a case without an incident date (date: null) says when it was written up (published)")
        return self

    @model_validator(mode="after")
    def _checks_or_reason(self) -> Case:
        if not self.checks and not self.no_check_reason:
            raise ValueError("a case lists the checks that reveal its gap, or says why none can (no_check_reason)")
        if self.checks and self.no_check_reason:
            raise ValueError("no_check_reason is only for cases without checks")
        return self

    @property
    def url(self) -> str:
        """The primary source: the first one listed."""
        return str(self.sources[0].url)

    @property
    def dated(self) -> str:
        """What the case is dated and sorted by: the incident's date, or else when it was written up."""
        return self.date or self.published  # type: ignore[return-value]  # one of them is set (_dated)

    @property
    def year(self) -> str:
        """The year in the case's id: the incident's, or the write-up's when no source gives the incident date."""
        return self.dated[:4]

    @property
    def when(self) -> str:
        """The incident's date for people to read: ``2023-03-08``, or ``date not given (written up 2024-02-23)``."""
        return self.date or f"{DATE_NOT_GIVEN} (written up {self.published})"


def count_kinds(cases: Iterable[Case]) -> tuple[int, int]:
    """How many of ``cases`` are incidents and how many are studies."""
    kinds = [case.kind for case in cases]
    return kinds.count("incident"), kinds.count("study")


def incidents_and_studies(incidents: int, studies: int) -> str:
    """A count of cases in words that keeps the kinds apart: "97 incidents and 8 studies" (a kind with
    none is left out, and an empty selection is "0 cases")."""
    parts = []
    if incidents:
        parts.append(f"{incidents} incident{'' if incidents == 1 else 's'}")
    if studies:
        parts.append(f"{studies} stud{'y' if studies == 1 else 'ies'}")
    return " and ".join(parts) or "0 cases"


class Term(_Strict):
    id: str = Field(pattern=TERM_ID)
    name: str = Field(min_length=1)
    description: str = Field(min_length=1)
    type: Literal[COMPONENT_TYPES] | None = None  # type: ignore[valid-type]

    @property
    def parent(self) -> str | None:
        """Terms form a two-level hierarchy spelled in the id: ``parent/child``."""
        head, sep, _ = self.id.partition("/")
        return head if sep else None


class Vocabulary(_Strict):
    name: VocabularyName
    title: str
    description: str
    terms: tuple[Term, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _hierarchy(self) -> Vocabulary:
        ids = [t.id for t in self.terms]
        seen: set[str] = set()
        for term_id in ids:
            if term_id in seen:
                raise ValueError(f"term {term_id!r} is defined twice")
            seen.add(term_id)
        for term in self.terms:
            if term.parent and term.parent not in seen:
                raise ValueError(f"term {term.id!r} names parent {term.parent!r}, which is not defined")
            if self.name == "component" and term.parent and term.type is None:
                raise ValueError(f"component {term.id!r} needs a type")
        return self
