"""Images their publisher has withdrawn from a registry: a reference to one still deploys, and no new pod of it
starts on a node that has not cached it.

Each withdrawal is a publisher's own announcement, and covers only what it names: Bitnami removed the versioned
tags of its Debian-based images from Docker Hub's ``bitnami`` namespace (announced in bitnami/containers#83267,
effective from 28 August 2025, the old catalog deleted on 29 September), moving them to ``bitnamilegacy``, which gets no
updates. ``latest`` is not among them (some images keep it, others lost it), nor is a digest: what a digest names
cannot be told from the announcement, so neither is judged.
"""

from __future__ import annotations

from typing import NamedTuple

from kubegap.domain.containers import ImageRef

DOCKER_HUB_HOSTS = frozenset({None, "docker.io", "index.docker.io", "registry-1.docker.io"})


class Withdrawal(NamedTuple):
    """What a publisher withdrew: the versioned tags of every repository under ``namespace`` on Docker Hub."""

    namespace: str
    publisher: str
    since: str
    moved_to: str


WITHDRAWALS = (
    Withdrawal(namespace="bitnami", publisher="Bitnami", since="2025-08-28", moved_to="docker.io/bitnamilegacy"),
)


def withdrawn(ref: ImageRef) -> Withdrawal | None:
    """The withdrawal an image reference falls under, or None: a versioned tag (not ``latest``, no digest) of a
    repository its publisher withdrew from Docker Hub."""
    if ref.registry not in DOCKER_HUB_HOSTS or ref.digest is not None or ref.tag in (None, "latest"):
        return None
    namespace, slash, _ = ref.repository.partition("/")
    if not slash:
        return None
    return next((w for w in WITHDRAWALS if w.namespace == namespace), None)
