"""The ignore annotation: an object, or one of its pod templates, exempts it from named checks, with a reason.

The runner suppresses a finding its object exempts, by this annotation or by a rule of the configuration file; a
check that reports one cause on one of several objects (``image-tag-mutable``'s shared image) puts it on one the
audit does not exempt (``Context.exempts`` asks both), so the exemption of one object never hides another's gap."""

from __future__ import annotations

from kubegap.domain.resources import as_dict, dig

IGNORE_ANNOTATION = "kubegap.io/ignore"
IGNORE_REASON_ANNOTATION = "kubegap.io/ignore-reason"


def ignore_rules(subject: dict) -> list[tuple[set[str], str]]:
    """``(check ids, reason)`` of the ignore annotation of the object and of each of its pod templates, in that order.

    A map without the annotation exempts nothing and gives no rule: most objects have none."""
    sources = [as_dict(dig(subject, "metadata", "annotations"))]
    for path in (("spec", "template"), ("spec", "jobTemplate", "spec", "template")):
        template_annotations = dig(subject, *path, "metadata", "annotations")
        if isinstance(template_annotations, dict):
            sources.append(template_annotations)
    return [_ignore_rule(found) for found in sources if IGNORE_ANNOTATION in found]


def _ignore_rule(found: dict) -> tuple[set[str], str]:
    """The check ids and reason of one annotations map; a value that is not a string counts as absent."""
    ids, reason = found.get(IGNORE_ANNOTATION), found.get(IGNORE_REASON_ANNOTATION)
    return (
        {part.strip() for part in (ids if isinstance(ids, str) else "").split(",")},
        reason if isinstance(reason, str) and reason else "no reason given",
    )


def ignore_reason(rules: list[tuple[set[str], str]], check_id: str) -> str | None:
    """The reason of the first of ``rules`` (``ignore_rules``) that names ``check_id`` or ``all``, or None."""
    return next((reason for ids, reason in rules if check_id in ids or "all" in ids), None)


def ignores(subject: dict, check_id: str) -> bool:
    """Whether the object, or one of its pod templates, exempts it from ``check_id`` by annotation."""
    return ignore_reason(ignore_rules(subject), check_id) is not None
