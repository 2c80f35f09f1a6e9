"""Images their publisher has withdrawn from a registry: a reference to one still deploys, and no new pod of it
starts on a node that has not cached it.

Each withdrawal is a publisher's own announcement, and covers only what it names. Bitnami removed the versioned
tags of its images from Docker Hub's ``bitnami`` namespace (announced in bitnami/containers#83267 and
bitnami/charts#35164, effective from 28 August 2025, the old catalog deleted on 29 September), moving them to
``bitnamilegacy``, which gets no updates; Sealed Secrets and minideb, which the announcement says stay, are not
among them, and ``latest`` is not judged (some images keep it, others lost it), nor is a digest without a tag: what
it names cannot be told from the announcement. Kubebuilder announced that the images it hosted under
``gcr.io/kubebuilder`` (the ``kube-rbac-proxy`` sidecar its scaffold put in operators' pods) would be unavailable
with Google's Container Registry (kubernetes-sigs/kubebuilder discussion 3907); pulls of every tag failed from
March 2026, while the same images were served at ``registry.k8s.io/kubebuilder`` (kubernetes/k8s.io#6690).
"""

from __future__ import annotations

from typing import NamedTuple

from kubegap.domain.containers import DOCKER_HUB_HOSTS, ImageRef


class Withdrawal(NamedTuple):
    """What a publisher withdrew: the images under ``namespace`` of a registry ``hosts`` names (None: a reference
    that names no registry, which Docker Hub serves), but those whose name starts with one of ``kept``; only their
    versioned tags where ``versioned_only``, else every reference to them."""

    hosts: tuple[str | None, ...]
    namespace: str
    versioned_only: bool
    kept: tuple[str, ...]
    said: str
    """What the publisher did, as a finding says it."""
    fix: str | None
    """The fix the publisher's own move allows, where the check's general one says less."""


WITHDRAWALS = (
    Withdrawal(
        hosts=(None, *DOCKER_HUB_HOSTS),
        namespace="bitnami",
        versioned_only=True,
        kept=("sealed-secrets", "minideb"),
        said="Bitnami's versioned tags moved to docker.io/bitnamilegacy, which gets no updates",
        fix=None,
    ),
    Withdrawal(
        hosts=("gcr.io",),
        namespace="kubebuilder",
        versioned_only=False,
        kept=(),
        said="Kubebuilder's images under gcr.io/kubebuilder went with Google's Container Registry",
        fix=(
            "Pull the same image from a registry that serves it: registry.k8s.io/kubebuilder/kube-rbac-proxy, which "
            "serves the tags Kubebuilder promoted there, the kube-rbac-proxy project's own "
            "quay.io/brancz/kube-rbac-proxy, or a copy in a registry you control; where the operator's newer release drops the sidecar (controller-runtime's "
            "WithAuthenticationAndAuthorization protects its metrics itself), move to that release."
        ),
    ),
)


def withdrawn(ref: ImageRef) -> Withdrawal | None:
    """The withdrawal an image reference falls under, or None: a reference to a repository its publisher withdrew
    from the registry it names (for a withdrawal of versioned tags only, a versioned tag, not ``latest``; a digest
    beside it names the same withdrawn tag)."""
    namespace, slash, name = ref.repository.partition("/")
    if not slash:
        return None
    return next(
        (
            w
            for w in WITHDRAWALS
            if ref.registry in w.hosts
            and w.namespace == namespace
            and not name.startswith(w.kept)
            and not (w.versioned_only and ref.tag in (None, "latest"))
        ),
        None,
    )
