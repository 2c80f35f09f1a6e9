"""What several admission checks share."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from kubegap.checks.base import Context, Skip
from kubegap.domain.resources import api_version, as_dict, as_list, dig
from kubegap.domain.serving import fails_closed

JETSTACK = "jetstack-2019-opa-webhook-blocks-gke-master-upgrade"


WEBHOOK_KINDS = ("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")


POD_RESOURCES = frozenset({"*", "*/*", "pods", "pods/*"})


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Webhook:
    configuration: dict
    index: int
    spec: dict

    @property
    def name(self) -> str:
        value = self.spec.get("name")
        return value if isinstance(value, str) else f"webhooks[{self.index}]"

    @property
    def path(self) -> str:
        return f"webhooks[{self.index}]"

    @property
    def v1beta1(self) -> bool:
        return api_version(self.configuration).endswith("/v1beta1")

    @property
    def fails_closed(self) -> bool:
        return fails_closed(self.configuration, self.spec)

    @property
    def timeout_seconds(self) -> object:
        """The effective timeoutSeconds as written (the API's default when unset); not always a number."""
        return self.spec.get("timeoutSeconds", 30 if self.v1beta1 else 10)

    @property
    def service(self) -> tuple[str, str] | None:
        svc = as_dict(dig(self.spec, "clientConfig", "service"))
        if isinstance(svc.get("namespace"), str) and isinstance(svc.get("name"), str):
            return svc["namespace"], svc["name"]
        return None


def webhooks(ctx: Context) -> list[Webhook]:
    if not any(ctx.inventory.collected(k) for k in WEBHOOK_KINDS):
        raise Skip("no Validating/MutatingWebhookConfiguration collected")
    return [
        Webhook(obj, index, item)
        for kind_name in WEBHOOK_KINDS
        for obj in ctx.inventory.of_kind(kind_name)
        for index, item in enumerate(as_list(obj.get("webhooks")))
        if isinstance(item, dict)
    ]


def _covers_pods(webhook: Webhook) -> bool:
    """Whether a rule matches pods: a pod resource (or every resource) in the core group (or every group).

    ``resources: ["*/*"]`` under a custom API group matches only that group's resources.
    """
    return any(
        isinstance(resource, str) and resource in POD_RESOURCES
        for rule in as_list(webhook.spec.get("rules"))
        if {"", "*"} & {g for g in as_list(dig(rule, "apiGroups")) if isinstance(g, str)}
        for resource in as_list(dig(rule, "resources"))
    )


def per_configuration(items: Iterable[tuple[Webhook, T]]) -> Iterator[tuple[dict, list[tuple[Webhook, T]]]]:
    """Items grouped by the configuration their webhook belongs to: one finding per object."""
    groups: dict[int, tuple[dict, list[tuple[Webhook, T]]]] = {}
    for webhook, payload in items:
        groups.setdefault(id(webhook.configuration), (webhook.configuration, []))[1].append((webhook, payload))
    return iter(groups.values())


def _names(group: list[tuple[Webhook, T]]) -> str:
    names = [webhook.name for webhook, _ in group]
    return f"Webhook {names[0]}" if len(names) == 1 else f"Webhooks {', '.join(names)}"
