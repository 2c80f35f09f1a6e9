"""What Helm leaves on the objects it renders: the release or chart that manages them."""

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
