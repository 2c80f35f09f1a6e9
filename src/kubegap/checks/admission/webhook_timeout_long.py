"""``webhook-timeout-long``: Admission webhook timeout long enough to stall API writes."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.admission._helpers import (
    WEBHOOK_KINDS,
    Webhook,
    _names,
    holds_drains,
    intercepts,
    per_configuration,
    webhooks,
)
from kubegap.checks.base import Context, Evidence, Finding, check

NEWRELIC = "newrelic-users-2020-metadata-injection-webhook-gke-private-timeouts"


@check(
    id="webhook-timeout-long",
    title="Admission webhook timeout long enough to stall API writes",
    severity="medium",
    category="admission",
    cases=[NEWRELIC],
    reads=list(WEBHOOK_KINDS),
    defaults={"max_timeout_seconds": 10},
    fix=(
        "Lower timeoutSeconds toward 10 seconds, the v1 default (the API server waits this long on every intercepted "
        "request when the backend is slow or gone), but not below what the webhook needs to answer: a backend that "
        "calls out (a signature verifier asking registries) may bound its own work just under the timeout it was "
        "given, and a fail-closed webhook that times out rejects the request. Check the backend's own deadline "
        "first, and alert on the API server's admission latency."
    ),
)
def webhook_timeout_long(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Webhooks whose effective `timeoutSeconds` is above `max_timeout_seconds` (default 10): an
    explicit value, or the 30-second default of `admissionregistration.k8s.io/v1beta1`
    configurations (v1 defaults to 10, which is not reported). One finding per configuration,
    naming every such webhook. Only webhooks whose waits hold up the cluster's controllers are
    reported: those that intercept pods, workloads or every resource (as `webhook-backend-unavailable`
    reads their rules), those on pod evictions (`pods/eviction`: every drain, by a node upgrade or the cluster
    autoscaler, waits on them for each pod it moves), and those whose rules the input does not show. A webhook on custom resources
    alone (an operator's own configuration kinds), on other built-in kinds (Secrets, namespaces, the
    users of an identity system), on pods an `objectSelector` opts in by label, or on the objects of its own
    namespace alone (a `namespaceSelector` that names only its Service's namespace) holds up writes that
    come now and then, by hand or by a pipeline, one at a time.

    ## Why it matters

    Every request a webhook intercepts waits for it, up to its timeout. Users of New Relic's
    Kubernetes integration on GKE saw large scheduling delays, and on private clusters new pods
    stopped being created: the control plane could not reach the nri-metadata-injection webhook's
    pods, and every pod-creation call waited out the webhook's 30-second timeout (which the chart's
    documentation gave as 10 seconds in places). One user's employer lived with the slowdown for more
    than six months before it was traced to the webhook.

    ## Severity

    Always **medium**: controllers that create and replace pods wait on the webhook while its backend is slow or
    gone, as the New Relic users' clusters did; it delays or refuses writes rather than stopping what already
    runs.

    ## Example

    ```yaml
    webhooks:
    - name: policy.example.com
      timeoutSeconds: 30
    ```

    ## Fix

    ```yaml
    webhooks:
    - name: policy.example.com
      timeoutSeconds: 10
    ```
    """
    limit = ctx.setting("max_timeout_seconds")
    slow = [
        (webhook, timeout)
        for webhook in webhooks(ctx)
        if isinstance(timeout := webhook.timeout_seconds, int | float)
        and not isinstance(timeout, bool)
        and timeout > limit
        and _holds_controllers(webhook)
    ]
    for configuration, group in per_configuration(slow):
        yield ctx.finding(
            configuration,
            f"{_names(group)} may hold each intercepted API request for "
            + ", ".join(
                f"{timeout}s ({'failing closed' if webhook.fails_closed else 'then ignoring the webhook'})"
                for webhook, timeout in group
            )
            + ".",
            *(
                Evidence(
                    f"{webhook.path}.timeoutSeconds", webhook.spec.get("timeoutSeconds", f"{timeout} (v1beta1 default)")
                )
                for webhook, timeout in group
            ),
        )


def _holds_controllers(webhook: Webhook) -> bool:
    """Whether the writes a webhook holds up include the controllers': it intercepts pods, workloads or every
    resource, or pod evictions (every drain), or its rules are not in the input (filled in at run time), so its
    reach cannot be told."""
    level, what = intercepts(webhook)
    return level == "high" or what is None or holds_drains(webhook)
