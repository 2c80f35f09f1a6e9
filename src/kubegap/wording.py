"""Counts and lists in English, the same on every surface."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``1 case``, ``2 cases``; ``plural`` for nouns that do not take an ``s``."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def and_list(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def allowing_every_eviction(budgets: list[str]) -> str:
    """PodDisruptionBudgets that allow every eviction, said in a message: ``api-pdb allows every eviction``."""
    return f"{and_list(budgets)} {'allows' if len(budgets) == 1 else 'allow'} every eviction"


def first_and_more(names: list[str], more: str = "more") -> str:
    """``a``, or ``a and 2 more``: the first name, and how many the rest are."""
    return names[0] + (f" and {len(names) - 1} {more}" if len(names) > 1 else "")


def some_and_more(names: list[str], shown: int = 3) -> str:
    """``a, b, c``, or ``a, b, c and 2 more``: the first ``shown`` names, and how many the rest are."""
    return ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")
