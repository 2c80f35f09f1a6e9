"""Service meshes that add a proxy container to pods at admission: whether a pod template gets one."""

from __future__ import annotations

from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import labels

INJECT = "sidecar.istio.io/inject"


def template_choice(template: PodTemplate) -> str | None:
    """``"true"``/``"false"`` when the pod template opts in or out of injection (label or annotation)."""
    for source in (template.labels, template.annotations):
        value = source.get(INJECT)
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower()
    return None


def injection(namespace_obj: dict | None, template: PodTemplate) -> str | None:
    """Why Istio injects its proxy into pods of this template, or None when it does not (as far as can be seen)."""
    choice = template_choice(template)
    if choice == "false":
        return None
    if choice == "true":
        return f'pod template {INJECT}: "true"'
    namespace_labels = labels(namespace_obj) if namespace_obj else {}
    if namespace_labels.get("istio-injection") == "enabled":
        return "namespace label istio-injection: enabled"
    if namespace_labels.get("istio-injection") != "disabled" and namespace_labels.get("istio.io/rev"):
        return f"namespace label istio.io/rev: {namespace_labels['istio.io/rev']}"
    return None
