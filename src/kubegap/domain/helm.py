"""What Helm leaves on the objects it renders: the release or chart that manages them, and which of them are gone
once the install finishes."""

from __future__ import annotations

from kubegap.domain.collection import Origin
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import labels


def helm_release(obj: dict) -> str | None:
    """The Helm release (or chart) that manages ``obj``, from the labels and annotations Helm and charts set."""
    notes, marks = metadata_annotations(obj), labels(obj)
    if release := notes.get("meta.helm.sh/release-name"):
        return f"release {release}"
    managed_by = marks.get("app.kubernetes.io/managed-by") or marks.get("heritage") or ""  # heritage: Helm 2's label
    if managed_by.lower() == "helm" or "helm.sh/chart" in marks:
        chart = marks.get("helm.sh/chart") or marks.get("chart")
        return f"chart {chart}" if chart else "a Helm chart"
    return None


def rendered_by_chart(obj: dict, origin: Origin | None) -> bool:
    """Whether an object shows that a Helm chart made it: Helm's labels, or, in manifests, the audit rendered its chart
    (``Origin.rendered_by``) or ``helm template`` wrote its ``# Source: <chart>/templates/...`` comment before it."""
    return helm_release(obj) is not None or (
        origin is not None and (origin.rendered_by is not None or origin.template is not None)
    )


DELETED_ON_SUCCESS = (
    ("helm.sh/hook-delete-policy", "hook-succeeded"),
    ("argocd.argoproj.io/hook-delete-policy", "HookSucceeded"),
)
"""The delete policies by which Helm and Argo CD remove a hook object as soon as its hook succeeds."""


def gone_after_install(obj: dict) -> bool:
    """Whether the object is a hook its install tool deletes once the hook succeeds (``helm.sh/hook-delete-policy:
    hook-succeeded``): it exists only while the hook runs, and grants nothing to what runs after (PX-Central's
    pre-install Role and RoleBinding gave the default ServiceAccount rights its web servers never hold)."""
    notes = metadata_annotations(obj)
    return any(value in {part.strip() for part in notes.get(key, "").split(",")} for key, value in DELETED_ON_SUCCESS)
