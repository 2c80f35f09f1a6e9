"""``webhook-fail-closed-unscoped``: Fail-closed admission webhook that also intercepts kube-system and its own namespace."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.admission._helpers import (
    JETSTACK,
    WEBHOOK_KINDS,
    Webhook,
    _covers_pods,
    _names,
    per_configuration,
    webhooks,
)
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.selectors import Selector, namespace_labels
from kubegap.domain.services import called_service, service_workloads


def _unexcluded_namespaces(ctx: Context, webhook: Webhook) -> list[str] | None:
    """Critical namespaces whose objects the webhook intercepts; None when its scope cannot be judged."""
    if webhook.spec.get("matchConditions"):
        return None  # CEL conditions may exclude them; kubegap does not evaluate CEL
    selector = Selector.from_label_selector(webhook.spec.get("namespaceSelector", {}))
    objects = Selector.from_label_selector(webhook.spec.get("objectSelector", {}))
    if selector is None or objects is None:
        return None
    if not objects.matches({}):
        return []  # opt-in by object label: unlabelled system objects are not intercepted
    critical = ["kube-system"]
    if webhook.service and webhook.service[0] not in critical and _holds_up_its_backend(ctx, webhook, objects):
        critical.append(webhook.service[0])
    return [ns for ns in critical if selector.matches(namespace_labels(ctx.inventory.get("Namespace", None, ns), ns))]


def _holds_up_its_backend(ctx: Context, webhook: Webhook, objects: Selector) -> bool:
    """Whether the webhook intercepts its own backend's pods: its namespace matters for its own recovery, and an
    ``objectSelector`` that leaves out the labels of every backend pod spares that. Without the backend's
    Service or pods in the input, it is taken to."""
    if webhook.service is None:
        return True
    _, service = called_service(ctx.inventory, *webhook.service)
    backends = service_workloads(ctx.inventory, service) if service is not None else []
    templates = [template for workload in backends for template in workload.templates]
    return not templates or any(objects.matches(template.labels) for template in templates)


@check(
    id="webhook-fail-closed-unscoped",
    title="Fail-closed admission webhook that also intercepts kube-system and its own namespace",
    severity="high",
    category="admission",
    cases=[JETSTACK],
    reads=[*WEBHOOK_KINDS, "Namespace", "Service", "workloads"],
    fix=(
        "Scope the webhook to what its policy needs: a namespaceSelector that excludes kube-system and "
        "the webhook's own namespace (kubernetes.io/metadata.name NotIn [...]), rules for only the "
        "resources it validates, and failurePolicy Ignore where an outage of the webhook is tolerable."
    ),
)
def webhook_fail_closed_unscoped(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Webhooks of Validating/MutatingWebhookConfigurations with `failurePolicy: Fail` (the default in
    `admissionregistration.k8s.io/v1`) whose rules cover pods or every resource (`*`), and whose
    `namespaceSelector` still matches `kube-system` or the namespace of the webhook's own Service.
    Namespaces are matched through their labels (collected Namespace objects, plus the automatic
    `kubernetes.io/metadata.name`). An `objectSelector` that only matches labelled objects counts as
    scoped; webhooks with `matchConditions` (CEL) are not judged. The webhook's own namespace counts
    for the webhook's own recovery: an `objectSelector` that leaves out every pod of its backend
    (`app NotIn [consul]` over pods labelled `app: consul`) spares it, where the input holds the
    backend's Service and workloads. A rule covers pods only in the
    core group (`""`) or every group (`*`): `resources: ["*/*"]` under one custom API group
    matches that group's resources alone. One finding per configuration, naming every such webhook.

    ## Why it matters

    In Jetstack's case an OPA validating webhook whose backend had stopped responding intercepted
    a kube-system ConfigMap update that a GKE master has to make during start-up; the write timed
    out, the master crash-looped, the upgrade stalled, and node auto-repair then recreated nodes in
    a loop. The webhook applied to far more resources and namespaces than its policy (Ingress and
    Service objects) needed, including kube-system.

    ## Severity

    Always **high**: only webhooks that intercept pods or every resource in `kube-system` or their own
    namespace are reported, and there a backend outage stops system components and the webhook's own
    recovery.

    ## Example

    ```yaml
    apiVersion: admissionregistration.k8s.io/v1
    kind: ValidatingWebhookConfiguration
    webhooks:
    - name: validating-webhook.openpolicyagent.org
      rules: [{operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"]}]
      clientConfig: {service: {namespace: opa, name: opa}}
    ```

    ## Fix

    ```yaml
      namespaceSelector:
        matchExpressions:
        - {key: kubernetes.io/metadata.name, operator: NotIn, values: [kube-system, opa]}
      rules: [{operations: [CREATE, UPDATE], apiGroups: ["", networking.k8s.io], apiVersions: ["*"],
               resources: [services, ingresses]}]
    ```
    """
    found = []
    for webhook in webhooks(ctx):
        if not webhook.fails_closed or not _covers_pods(webhook):
            continue
        exposed = _unexcluded_namespaces(ctx, webhook)
        if exposed:
            found.append((webhook, exposed))
    for configuration, group in per_configuration(found):
        namespaces = sorted({ns for _, exposed in group for ns in exposed})
        yield ctx.finding(
            configuration,
            f"{_names(group)} {'fails' if len(group) == 1 else 'fail'} closed on pods or all resources and also "
            f"{'intercepts' if len(group) == 1 else 'intercept'} {', '.join(namespaces)}: if the backend stops "
            "answering, system components cannot write there.",
            *(
                evidence
                for webhook, _ in group
                for evidence in (
                    Evidence(f"{webhook.path}.failurePolicy", webhook.spec.get("failurePolicy", "Fail (default)")),
                    Evidence(f"{webhook.path}.namespaceSelector", webhook.spec.get("namespaceSelector")),
                )
            ),
        )
