"""Images their publisher has withdrawn from a registry: a reference to one still deploys, and no new pod of it
starts on a node that has not cached it.

Each withdrawal is a publisher's own announcement, and covers only what it names: Bitnami removed the versioned
tags of its images from Docker Hub's ``bitnami`` namespace (announced in bitnami/containers#83267 and
bitnami/charts#35164, effective from 28 August 2025, the old catalog deleted on 29 September), moving them to
``bitnamilegacy``, which gets no updates; Sealed Secrets and minideb, which the announcement says stay, are not
among them. ``latest`` is not judged (some images keep it, others lost it), nor is a digest without a tag: what
it names cannot be told from the announcement.
"""

from __future__ import annotations

from typing import NamedTuple

from kubegap.domain.containers import ImageRef, is_docker_hub


class Withdrawal(NamedTuple):
    """What a publisher withdrew: the versioned tags of the repositories under ``namespace`` on Docker Hub, but
    those whose name starts with one of ``kept``."""

    namespace: str
    publisher: str
    moved_to: str
    kept: tuple[str, ...]


WITHDRAWALS = (
    Withdrawal(
        namespace="bitnami",
        publisher="Bitnami",
        moved_to="docker.io/bitnamilegacy",
        kept=("sealed-secrets", "minideb"),
    ),
)


def withdrawn(ref: ImageRef) -> Withdrawal | None:
    """The withdrawal an image reference falls under, or None: a versioned tag (not ``latest``; a digest beside it
    names the same withdrawn tag) of a repository its publisher withdrew from Docker Hub."""
    if not is_docker_hub(ref) or ref.tag in (None, "latest"):
        return None
    namespace, slash, name = ref.repository.partition("/")
    if not slash:
        return None
    return next((w for w in WITHDRAWALS if w.namespace == namespace and not name.startswith(w.kept)), None)
