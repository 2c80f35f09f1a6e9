"""How the library's root causes are distributed, beside a published study of cloud outages.

The study is Li et al., "Going through the Life Cycle of Faults in Clouds: Guidelines on Fault
Handling" (ISSRE 2022), Table IV: root causes of 354 public post-mortems from Azure, Google Cloud
and AWS, multi-label (so percentages sum to more than 100%). Our root-cause parents are mapped to
its closest layer-2 categories; the mapping is approximate and shown with both denominators.
Only incidents are counted: a study of many failures is not one post-mortem, so the library's studies
are left out of both the counts and the denominator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from kubegap.library.load import Library


class Study(TypedDict):
    title: str
    url: str
    denominator: int


STUDY: Study = {
    "title": "Going through the Life Cycle of Faults in Clouds: Guidelines on Fault Handling (ISSRE 2022), Table IV",
    "url": "https://github.com/IntelligentDDS/Post-mortems-Analysis",
    "denominator": 354,
}

# ISSRE 2022 Table IV: (layer-1, layer-2) -> number of post-mortems.
STUDY_COUNTS = {
    ("Internal", "Misconfiguration"): 112,
    ("Internal", "Code change"): 47,
    ("Internal", "Payload flood"): 28,
    ("Internal", "Resource contention"): 11,
    ("Internal", "Exception handling"): 7,
    ("Internal", "Incompatibility"): 6,
    ("Internal", "Others"): 69,
    ("External", "Hardware failures"): 60,
    ("External", "Insufficient resource"): 33,
    ("External", "Excessive flow"): 22,
    ("External", "Third-party failures"): 10,
    ("External", "Component removal"): 7,
    ("External", "Others"): 5,
    ("Unknown", "Unknown"): 43,
}

# Our root-cause terms -> the study's closest layer-2 categories.
MAPPING = {
    "change/misconfiguration": ["Misconfiguration"],
    "change/bad-rollout": ["Code change"],
    "change/upgrade-incompatibility": ["Incompatibility"],
    "change/removed-api-or-label": ["Incompatibility", "Component removal"],
    "defect": ["Exception handling"],
    "capacity": ["Resource contention", "Insufficient resource"],
    "load": ["Payload flood", "Excessive flow"],
    "hardware": ["Hardware failures"],
    "dependency": ["Third-party failures"],
    "expiry": [],
    "human": [],
    "security": [],
}


@dataclass(frozen=True)
class Row:
    term: str
    name: str
    cases: int
    share: float
    study_categories: list[str]
    study_count: int | None
    study_share: float | None


def _study_count(categories: list[str]) -> int | None:
    if not categories:
        return None
    return sum(n for (_, layer2), n in STUDY_COUNTS.items() if layer2 in categories)


def root_cause_rows(library: Library) -> list[Row]:
    """One row per mapped root-cause group: incidents carrying it (multi-label), and the study's figure."""
    incidents = library.incidents
    total = len(incidents) or 1
    rows = []
    for term, categories in MAPPING.items():
        count = sum(1 for case in incidents if any(t == term or t.startswith(term + "/") for t in case.tags.root_cause))
        known = library.term("root_cause", term)
        study = _study_count(categories)
        rows.append(
            Row(
                term=term,
                name=known.name if known else term,
                cases=count,
                share=count / total,
                study_categories=categories,
                study_count=study,
                study_share=None if study is None else study / STUDY["denominator"],
            )
        )
    return rows
