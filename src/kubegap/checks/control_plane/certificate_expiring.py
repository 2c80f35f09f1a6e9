"""``certificate-expiring``: Certificates and webhook CA bundles that expire soon or stopped renewing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.control_plane._helpers import bundle_expiries
from kubegap.domain.absence import from_manifests
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import as_list, dig
from kubegap.domain.roles import RBAC_KINDS, may_rewrite

DEVSTATS = "cncf-2021-devstats-cert-manager-renewal-failed-cert-expired"


DATASHIM = "datashim-2022-webhook-certificates-expire-pod-creation-fails"


WEBHOOK_KINDS = (
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "APIService",
    "CustomResourceDefinition",
)

CA_INJECTION = (
    "cert-manager.io/inject-ca-from",
    "cert-manager.io/inject-ca-from-secret",
    "cert-manager.io/inject-apiserver-ca",
)
"""Annotations by which cert-manager's CA injector writes an object's CA bundles at run time."""

REWRITTEN = (
    "a manifest's CA bundle is rewritten at run time (cert-manager injects it, or a program of the install may "
    "update the object): what the API server trusts shows only on a live cluster or a snapshot"
)


def _rewritten_at_run_time(ctx: Context, obj: dict) -> bool:
    """Whether the CA bundles written in a manifest are not what the cluster trusts: cert-manager injects them, or a
    bound role of the input may update or patch the object's kind by name (kube-fledged's webhook server writes a
    fresh CA into its configuration each time it starts, over a placeholder that expired in 2022). A rule that lists
    names rewrites only the objects it names."""
    if not from_manifests(ctx.inventory):
        return False
    return any(key in metadata_annotations(obj) for key in CA_INJECTION) or may_rewrite(ctx.inventory, obj)


def _now(ctx: Context) -> datetime:
    configured = ctx.setting("now")
    if isinstance(configured, str):
        return datetime.fromisoformat(configured)
    return datetime.now(UTC)


def _timestamp(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _ca_bundles(obj: dict) -> Iterator[tuple[str, object]]:
    for index, webhook in enumerate(as_list(obj.get("webhooks"))):
        yield f"webhooks[{index}].clientConfig.caBundle", dig(webhook, "clientConfig", "caBundle")
    yield "spec.caBundle", dig(obj, "spec", "caBundle")
    yield (
        "spec.conversion.webhook.clientConfig.caBundle",
        dig(obj, "spec", "conversion", "webhook", "clientConfig", "caBundle"),
    )


def _certificate_problems(ctx: Context, horizon: datetime) -> Iterator[tuple[dict, str, Evidence]]:
    for cert in ctx.inventory.of_kind("Certificate"):
        ready = next((c for c in as_list(dig(cert, "status", "conditions")) if dig(c, "type") == "Ready"), None)
        expires = _timestamp(dig(cert, "status", "notAfter"))
        if dig(ready, "status") == "False":
            yield (
                cert,
                f"is not Ready ({dig(ready, 'reason') or 'no reason'})",
                Evidence("status.conditions[Ready]", dig(ready, "message")),
            )
        elif expires is not None and expires <= horizon:
            yield cert, f"expires {expires.isoformat()}", Evidence("status.notAfter", dig(cert, "status", "notAfter"))


@check(
    id="certificate-expiring",
    title="Certificates and webhook CA bundles that expire soon or stopped renewing",
    severity="high",
    category="control-plane",
    cases=[DEVSTATS, DATASHIM],
    reads=["Certificate", *WEBHOOK_KINDS, *RBAC_KINDS],
    defaults={"days": 14, "now": None},
    setting_types={"now": str},
    fix=(
        "Find why renewal stopped (kubectl describe certificate / certificaterequest, the issuer's status) "
        "and renew; give webhook serving certificates a renewal mechanism (cert-manager with its CA "
        "injector, or the operator's own rotation) and alert on expiry and on failed renewals."
    ),
)
def certificate_expiring(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    cert-manager `Certificate` objects whose `Ready` condition is `False` or whose `status.notAfter`
    is within `days` (default 14) of now, and the CA bundles (`caBundle`) of admission webhooks,
    APIServices and CRD conversion webhooks that contain a certificate expiring within the same
    window (the bundle's PEM certificates are decoded; nothing is sent anywhere), one finding per
    object with every such bundle in the evidence. Skipped when none of these kinds was collected.
    In manifests, a bundle that something rewrites at run time is counted as not judged: cert-manager injects it
    (`cert-manager.io/inject-ca-from`, `inject-ca-from-secret`, `inject-apiserver-ca`), or a bound role of the
    input may update or patch the object's kind by a rule that names it (kube-fledged's webhook server writes a
    fresh CA into its configuration each time it starts, over a placeholder that expired in 2022). On a live
    cluster or a snapshot the bundle is what the API server trusts, and is judged.

    ## Why it matters

    In September 2021 https://devstats.cncf.io presented an expired certificate: cert-manager's
    automatic renewal had failed and had not retried, and the expiry came to light through a user's
    report. Datashim's pod-mutating webhook served a certificate that its install script had
    generated with one month of validity and nothing renewed; once it expired the API server could
    no longer call the webhook, and other deployments in the cluster failed to create pods.

    ## Severity

    Always **high**: when the certificate expires, everything that trusts it (the API server calling a
    webhook, clients of an Ingress) fails at once.

    ## Example

    ```yaml
    kind: Certificate
    status:
      notAfter: "2021-09-13T10:12:00Z"
      conditions: [{type: Ready, status: "False", reason: Expired}]
    ```

    ## Fix

    ```sh
    kubectl describe certificate -n devstats devstats-tls     # why the last renewal failed
    cmctl renew -n devstats devstats-tls
    ```
    """
    if not any(ctx.inventory.collected(k) for k in ("Certificate", *WEBHOOK_KINDS)):
        raise Skip("no cert-manager Certificates, webhook configurations, APIServices or CRDs collected")
    horizon = _now(ctx) + timedelta(days=ctx.setting("days"))
    for cert, problem, evidence in _certificate_problems(ctx, horizon):
        yield ctx.finding(cert, f"Certificate {problem}: services using it will fail TLS when it lapses.", evidence)
    for kind_name in WEBHOOK_KINDS:
        for obj in ctx.inventory.of_kind(kind_name):
            expiring = {
                path: found
                for path, bundle in _ca_bundles(obj)
                if (found := [e for e in bundle_expiries(bundle) if e <= horizon])
            }
            if expiring and _rewritten_at_run_time(ctx, obj):
                ctx.not_judged(obj, REWRITTEN)
            elif expiring:
                first = min(e for found in expiring.values() for e in found)
                yield ctx.finding(
                    obj,
                    f"CA bundle certificate expires {first.isoformat()}: the API server will stop "
                    "trusting the webhook's backend.",
                    *(Evidence(path, [e.isoformat() for e in found]) for path, found in expiring.items()),
                )
