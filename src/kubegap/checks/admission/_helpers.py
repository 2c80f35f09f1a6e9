"""What several admission checks share."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from kubegap.checks.base import Context, Skip
from kubegap.domain.resources import api_version, as_dict, as_list, dig
from kubegap.domain.selectors import NAMESPACE_NAME, Selector
from kubegap.domain.serving import custom_kinds_only, fails_closed
from kubegap.severity import Severity

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


WORKLOAD_GROUPS = frozenset({"apps", "batch"})
"""The API groups of Deployments, StatefulSets, DaemonSets, ReplicaSets, Jobs and CronJobs."""


def intercepts(webhook: Webhook) -> tuple[Severity, str | None]:
    """``(severity, what)``: what the webhook's rules intercept (None for no rules), and the severity of
    losing it fail-closed.

    Pods, workloads, every resource or every group: high (controllers cannot create or replace pods).
    Custom resources only (an operator's own configuration kinds): low. Other built-in kinds, and rules
    the input does not show (empty in a manifest, filled in at run time): medium. An ``objectSelector``
    that no unlabelled object matches makes interception opt-in: only objects carrying its labels are held up, so
    high (pods, workloads) becomes medium; and medium (other built-in kinds) becomes low where every label it asks
    for is under a project's own domain (``slurm.nebius.ai/webhook``: that project's Secrets), not a label many
    tools share (Helm labels every release's Secret ``owner: helm``). High becomes medium too for a
    ``namespaceSelector`` that names only the namespace of the webhook's own Service: it holds up that install's
    objects alone, unless its rules cover pods, since its backend's next pod is one of them."""
    rules = [rule for rule in as_list(webhook.spec.get("rules")) if isinstance(rule, dict)]
    if not rules:
        return "medium", None
    level, what = _intercepted(rules, webhook)
    opted_in = Selector.from_label_selector(webhook.spec.get("objectSelector", {}))
    if opted_in is not None and not opted_in.matches({}) and (level == "high" or _projects_own(opted_in)):
        level, what = "medium" if level == "high" else "low", f"{what} labelled {opted_in}"
    own = _own_namespace_only(webhook)
    if own is not None:
        # a webhook on pods holds up its own backend's next pod too: it can lock itself out, whatever its reach
        return (
            "medium" if level == "high" and not _covers_pods(webhook) else level
        ), f"{what} in its own namespace {own}"
    opted = _namespaces_opted_in(webhook)
    if opted is not None:  # a Namespace is matched by its own labels
        return (
            level,
            f"namespaces labelled {opted}" if what == "namespaces" else f"{what} in namespaces labelled {opted}",
        )
    spared = _namespaces_left_out(webhook)
    return level, f"{what} outside namespaces {', '.join(spared)}" if spared else what


SHARED_LABEL_DOMAINS = ("kubernetes.io", "k8s.io", "helm.sh")
"""Domains of labels that many tools set on what they make (``app.kubernetes.io/managed-by``): no one project's."""


def _projects_own(selector: Selector) -> bool:
    """Whether every label a selector asks for is under a domain of a project's own (``slurm.nebius.ai/webhook``):
    a prefix with a dot that is not one of ``SHARED_LABEL_DOMAINS``. A label without a prefix (``owner: helm``) may
    be any tool's."""
    keys = [key for key, _ in selector.match_labels] + [term.key for term in selector.expressions]
    return bool(keys) and all(_own_domain(key) for key in keys)


def _own_domain(key: str) -> bool:
    prefix, slash, _ = key.rpartition("/")
    return (
        bool(slash)
        and "." in prefix
        and not any(prefix == shared or prefix.endswith("." + shared) for shared in SHARED_LABEL_DOMAINS)
    )


def _namespaces_opted_in(webhook: Webhook) -> Selector | None:
    """The labels a namespace must carry for the webhook to intercept its objects (``kuma.io/sidecar-injection``),
    when its ``namespaceSelector`` matches no namespace that carries only its name; None otherwise."""
    chosen = Selector.from_label_selector(webhook.spec.get("namespaceSelector", {}))
    if chosen is None:
        return None
    labelled = Selector(
        chosen.match_labels,
        tuple(term for term in chosen.expressions if term.key != NAMESPACE_NAME),
    )
    return None if labelled.selects_everything or labelled.matches({}) else labelled


def _own_namespace_only(webhook: Webhook) -> str | None:
    """The namespace of the webhook's own Service, when its ``namespaceSelector`` names that namespace and no
    other (``kubernetes.io/metadata.name`` in its labels, or ``In`` that one name): the webhook then intercepts
    only the objects of its own install's namespace (Grafana's rollout operator, in the namespace of the
    StatefulSets it rolls)."""
    selector = as_dict(webhook.spec.get("namespaceSelector"))
    named: set[str] | None = None
    label = dig(selector, "matchLabels", NAMESPACE_NAME)
    if isinstance(label, str):
        named = {label}
    for term in as_list(selector.get("matchExpressions")):
        if dig(term, "key") == NAMESPACE_NAME and dig(term, "operator") == "In":
            values = {v for v in as_list(dig(term, "values")) if isinstance(v, str)}
            named = values if named is None else named & values
    service = webhook.service
    return service[0] if service is not None and named == {service[0]} else None


def _namespaces_left_out(webhook: Webhook) -> list[str]:
    """The namespaces a webhook's namespaceSelector leaves out by name (``kubernetes.io/metadata.name NotIn``)."""
    return sorted(
        {
            str(value)
            for term in as_list(dig(webhook.spec, "namespaceSelector", "matchExpressions"))
            if dig(term, "key") == NAMESPACE_NAME and dig(term, "operator") == "NotIn"
            for value in as_list(dig(term, "values"))
            if isinstance(value, str)
        }
    )


EVICTIONS = "pods/eviction"
"""The subresource every drain writes: a webhook on it stands between node maintenance and each pod it moves."""


def _intercepted(rules: list[dict], webhook: Webhook) -> tuple[Severity, str]:
    groups = {g for rule in rules for g in as_list(rule.get("apiGroups")) if isinstance(g, str)}
    resources = sorted({r for rule in rules for r in as_list(rule.get("resources")) if isinstance(r, str)})
    if "*" in groups:
        return "high", "every API group"
    if _covers_pods(webhook):
        return (
            "high",
            "pods" if "*" not in resources and "*/*" not in resources else "every core resource, pods included",
        )
    if groups & WORKLOAD_GROUPS:
        return "high", f"workloads: {', '.join(resources)}"
    if custom_kinds_only(webhook.spec):
        return "low", f"custom resources of {', '.join(sorted(groups))}"
    if holds_drains(webhook):
        return "medium", "pod evictions (every drain waits on them)"
    return "medium", ", ".join(resources) or "no resources"


def holds_drains(webhook: Webhook) -> bool:
    """Whether a webhook intercepts pod evictions (``pods/eviction`` in the core group): a drain (a node upgrade,
    the cluster autoscaler's scale-down) waits on it for every pod it moves."""
    return any(
        EVICTIONS in as_list(dig(rule, "resources")) and {"", "*"} & set(map(str, as_list(dig(rule, "apiGroups"))))
        for rule in as_list(webhook.spec.get("rules"))
        if isinstance(rule, dict)
    )
