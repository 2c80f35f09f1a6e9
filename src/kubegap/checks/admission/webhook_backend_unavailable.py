"""``webhook-backend-unavailable``: Fail-closed admission webhook whose backend is missing, down, single or unprotected."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.admission._helpers import (
    JETSTACK,
    WEBHOOK_KINDS,
    Webhook,
    _names,
    intercepts,
    per_configuration,
    webhooks,
)
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.networking._helpers import ReadyEndpoints
from kubegap.checks.workloads._helpers import more_replicas_fix
from kubegap.domain.absence import absent_means_none, missing_said
from kubegap.domain.containers import container_name
from kubegap.domain.reconcilers import lease_holders, one_active_by_design
from kubegap.domain.resources import dig, kind, name
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.services import called_service, service_workloads
from kubegap.domain.serving import CONVERSION, SERVING_EVIDENCE_KINDS, runs_one_replica, serving
from kubegap.domain.workloads import open_budgets, pdb_covers
from kubegap.severity import severity_rank
from kubegap.wording import allowing_every_eviction, first_and_more


def webhook_service(inventory: Readable, webhook: Webhook) -> tuple[str | None, dict | None]:
    """The namespace and Service a webhook calls, if the input holds it (``services.called_service``)."""
    called = webhook.service
    return called_service(inventory, *called) if called is not None else (None, None)


def _backend_gaps(ctx: Context, endpoints: ReadyEndpoints, webhook: Webhook) -> Iterator[tuple[str, Evidence]]:
    if webhook.service is None:
        return  # a webhook called by URL has no Service to judge
    _, service_name = webhook.service
    ns, service = webhook_service(ctx.inventory, webhook)
    if service is None:
        how = missing_said(ctx, "Service", ns, service_name, webhook.configuration)
        if how is not None:
            yield f"its Service does not exist{how}", Evidence("clientConfig.service", f"{ns}/{service_name}")
        return
    ready = endpoints.ready(ns, service_name)
    if ready == 0:
        yield "its Service has no ready endpoint", Evidence(f"Service {ns}/{service_name} ready endpoints", 0)
    backends = service_workloads(ctx.inventory, service)
    if runs_one_replica(backends):
        written = dig(backends[0].obj, "spec", "replicas")
        yield (
            SINGLE,
            Evidence(f"{backends[0].ref} spec.replicas", written if written is not None else "unset (1, the default)"),
        )
    elif (
        backends
        and absent_means_none(ctx.inventory, "PodDisruptionBudget")
        and not any(pdb_covers(ctx.inventory, w) for w in backends)
    ):
        allowing = sorted({budget for w in backends for budget in open_budgets(ctx.inventory, w)})
        yield (
            f"{UNBUDGETED} ({allowing_every_eviction(allowing)})" if allowing else UNBUDGETED,
            Evidence("workloads no PodDisruptionBudget covers", [str(w.ref) for w in backends]),
        )


def _scope(intercepted: list[str | None]) -> str:
    """What a group of webhooks intercepts, said once: ``intercepting pods and custom resources (x)``. Pods
    labelled so, or outside some namespaces, are among pods: said once, as pods."""
    objects = list(dict.fromkeys(what for what in intercepted if what))
    objects = [
        what
        for what in objects
        if not any(what.startswith((f"{whole} labelled ", f"{whole} outside ", f"{whole} in ")) for whole in objects)
    ]
    said = ["intercepting " + " and ".join(objects)] if objects else []
    if None in intercepted:
        said.append("with no rules in the input: they may be filled in at run time")
    return "; ".join(said)


DOWN_NOW = ("its Service does not exist", "its Service has no ready endpoint")
"""Gaps that make the backend unavailable now, not only when something happens to it."""


SINGLE = "one replica serves its Service"


UNBUDGETED = "no PodDisruptionBudget protects its pods"


BUDGET_FIX = (
    "Give the webhook's backend a PodDisruptionBudget over its pod labels (maxUnavailable: 1), so a drain or an "
    "upgrade evicts its replicas one at a time and one is always there to answer the API server."
)


def _backend_fix(ctx: Context, webhook: Webhook, gaps: list[tuple[str, Evidence]], mutating: bool) -> str:
    """The check's fix; for a backend whose only gap is its budget, that budget; for a backend that runs one
    replica, how to run a second without breaking it: probes only where a container serving the webhook's
    Service lacks them (not a sidecar beside it), and failurePolicy Ignore only for validation (a mutating
    webhook skipped in an outage admits objects without the changes it makes, which the workload may need)."""
    if len(gaps) == 1 and gaps[0][0].startswith(UNBUDGETED):
        return BUDGET_FIX
    if not any(word == SINGLE for word, _ in gaps):
        return ctx.check.fix
    _, service = webhook_service(ctx.inventory, webhook)
    if service is None:
        return ctx.check.fix
    backends = service_workloads(ctx.inventory, service)
    leases = lease_holders(ctx.inventory)
    more = more_replicas_fix(ctx.inventory, backends[0], one_active_by_design(backends[0], leases))
    probes = "".join(
        f" Give container {container_name(c)} {'readiness and liveness probes' if len(missing) > 1 else f'a {missing[0]} probe'}."
        for _, _, c in serving(ctx.inventory).serving_containers(backends[0], [service])
        if (missing := [kind for kind in ("readiness", "liveness") if not isinstance(c.get(f"{kind}Probe"), dict)])
    )
    ignore = (
        "" if mutating else " Or set failurePolicy Ignore if the cluster can do without the validation for a while."
    )
    return f"{more}{probes}{ignore}"


def _per_backend(
    ctx: Context, failing: list[tuple[Webhook, list[tuple[str, Evidence]]]]
) -> list[list[tuple[Webhook, list[tuple[str, Evidence]]]]]:
    """Failing webhooks grouped by the Service that serves them, across configurations: one backend is one
    cause, so one finding. Configurations come in kind and name order, the first being the finding's subject, but
    one the audit does not exempt before one it does, so one configuration's exemption never hides another's."""
    groups: dict[tuple[str, str] | None, list[tuple[Webhook, list[tuple[str, Evidence]]]]] = {}
    ordered = sorted(
        failing,
        key=lambda item: (
            ctx.exempts(item[0].configuration),
            kind(item[0].configuration),
            name(item[0].configuration),
        ),
    )
    for webhook, gaps in ordered:
        groups.setdefault(webhook.service, []).append((webhook, gaps))
    return list(groups.values())


@check(
    id="webhook-backend-unavailable",
    title="Fail-closed admission webhook whose backend is missing, down, single or unprotected",
    severity="high",
    category="admission",
    cases=[JETSTACK, "dfds-2022-kyverno-crashloop-fail-closed-webhook-blocks-services"],
    requires=["Service"],
    reads=[
        *SERVING_EVIDENCE_KINDS,
        *WEBHOOK_KINDS,
        "EndpointSlice",
        "Endpoints",
        "PodDisruptionBudget",
        "PersistentVolumeClaim",
        "HorizontalPodAutoscaler",
        "ScaledObject",
        "ConfigMap",
        *RBAC_KINDS,
    ],
    fix=(
        "Run the webhook's backend with at least two replicas spread across nodes, readiness and liveness "
        "probes, and a PodDisruptionBudget; for a validating webhook the cluster can do without for a while, "
        "failurePolicy Ignore is the other way out (a mutating webhook skipped in an outage admits objects "
        "without the changes it makes)."
    ),
)
def webhook_backend_unavailable(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Fail-closed webhooks (`failurePolicy: Fail`, the v1 default) served by an in-cluster Service
    (`clientConfig.service`), for each of: the Service does not exist; it has no ready endpoint
    (from EndpointSlices or Endpoints, when collected); the workloads it selects run a single
    replica; they run more than one and no PodDisruptionBudget covers them (when
    PodDisruptionBudgets were collected, or the input is manifests, taken as the whole application as
    `pdb-missing` takes them; a budget written without a namespace counts as in the install's namespace, as
    `pdb-missing` counts it, and a budget that allows every eviction covers nothing; one replica is the gap
    itself, and the fix asks for both). Parts
    whose kinds were not collected are not judged; the check is skipped without Services. That the
    Service does not exist is known from a cluster or snapshot that listed Services; in manifests
    only from positive evidence (see Evidence rules in the docs): a near-miss name, or files beside
    the configuration that define Services in its namespace while nothing in the input could create
    one. Elsewhere the backend may be deployed by other files (a kustomize base whose patch renames
    the webhook's Service, an operator's own manifests), and the webhook is not judged. One
    finding per backend: the webhooks one Service serves, in one configuration or in several (a
    mutating and a validating configuration of the same controller), are one cause and are named
    together, with every configuration and entry in the evidence; the finding is on the first
    configuration by kind and name.

    ## Why it matters

    A fail-closed webhook turns its backend's availability into the API's availability. In
    Jetstack's case the backend of an OPA validating webhook had stopped responding; a write a GKE
    master needed during an upgrade timed out, the master crash-looped and the upgrade stalled.
    The OPA deployment had no liveness probe, so the unresponsive OPA was never restarted.

    ## Severity

    What the webhooks intercept sets it. **high** when a rule covers pods, workload kinds (the `apps`
    and `batch` groups), every resource or every group: while the backend is unavailable, controllers
    cannot create or replace pods, so the outage spreads to whatever needs a new pod. **low** when every
    rule covers only custom resources (an operator's own configuration kinds): writes of those are
    refused until the backend returns, and nothing else is. **medium** for other built-in kinds
    (ConfigMaps, Services, Ingresses ...) and for webhooks whose rules the input does not show (empty in
    the manifest, filled in at run time), and where an `objectSelector` that no unlabelled object
    matches limits pods or workloads to those carrying its labels (an operator's own pods): only they
    are held up (such a selector on other built-in kinds makes them **low**: only the labelled Secrets or
    ConfigMaps, an operator's own, are held up, as with its custom resources); and where a `namespaceSelector`
    names only the namespace of the webhook's own Service (by
    `kubernetes.io/metadata.name`, the label every Namespace carries): only that install's objects are held up
    (Grafana's rollout operator, on the StatefulSets of its own namespace), unless the rules cover pods, among
    which is the backend's own next pod: such a webhook can keep its backend from coming back, and stays high. Any other `namespaceSelector` that
    only labelled namespaces match (a mesh's injection label) is named with its labels, and leaves the severity
    as it is: every pod of those namespaces waits on the backend. A backend that is unavailable now (its Service missing, no ready endpoint) is at least
    **medium**.

    ## Example

    ```yaml
    webhooks:
    - name: validating-webhook.openpolicyagent.org
      failurePolicy: Fail
      clientConfig: {service: {namespace: opa, name: opa}}
    ---
    kind: Deployment
    metadata: {name: opa, namespace: opa}
    spec: {replicas: 1}
    ```

    ## Fix

    ```yaml
    kind: Deployment
    spec: {replicas: 2}
    ---
    kind: PodDisruptionBudget
    spec: {maxUnavailable: 1, selector: {matchLabels: {app: opa}}}
    ```
    """
    candidates = [w for w in webhooks(ctx) if w.fails_closed and w.service]
    if not candidates:
        raise Skip("no fail-closed webhook served by an in-cluster Service")
    endpoints = ReadyEndpoints(ctx.inventory)
    gaps_of: dict[tuple[tuple[str, str] | None, int], list[tuple[str, Evidence]]] = {}
    failing = []
    for webhook in candidates:
        key = (
            webhook.service,
            id(webhook.configuration),
        )  # a missing Service is judged from each configuration's files
        if key not in gaps_of:
            gaps_of[key] = list(_backend_gaps(ctx, endpoints, webhook))
        if gaps_of[key]:
            failing.append((webhook, gaps_of[key]))
    for members in _per_backend(ctx, failing):
        gaps = members[0][1]
        configurations = per_configuration(members)
        subject, first = next(configurations)
        groups = [(subject, first), *configurations]
        one = len(members) == 1
        clauses = "; ".join(word if one else word.replace("its ", "their ") for word, _ in gaps)
        named = (
            _names(first)
            if len(groups) == 1
            else "Webhooks "
            + " and ".join(
                f"{kind(configuration)} {name(configuration)} ({', '.join(w.name for w, _ in group)})"
                for configuration, group in groups
            )
        )
        backend = first[0][0]
        evidence = [
            Evidence(f"{backend.path}.clientConfig.service", "/".join(backend.service or ())),
            Evidence("webhooks", [f"{w.path} {w.name}" for w, _ in first]),
        ]
        evidence += [
            Evidence(f"{kind(configuration)} {name(configuration)} webhooks", [f"{w.path} {w.name}" for w, _ in group])
            for configuration, group in groups[1:]
        ]
        reach = [intercepts(w) for w, _ in members]
        severity = min((level for level, _ in reach), key=severity_rank)
        if any(word.startswith(DOWN_NOW) for word, _ in gaps):
            severity = min(severity, "medium", key=severity_rank)
        scope = _scope([what for _, what in reach])
        _, service = webhook_service(ctx.inventory, backend)
        converts = sorted(
            role.removeprefix(CONVERSION)
            for role in (serving(ctx.inventory).api_roles(service) if service else [])
            if role.startswith(CONVERSION)
        )
        converted = first_and_more(converts, "more custom resources") if converts else ""
        also = f" Its Service also converts {converted}, whose reads and writes fail with it." if converts else ""
        yield ctx.finding(
            subject,
            f"{named} {'fails' if one else 'fail'} closed ({scope}) but {clauses}: when the backend is unavailable, "
            f"those API writes are rejected.{also}",
            *evidence,
            Evidence("intercepts", scope),
            *(e for _, e in gaps),
            severity=severity,
            remediation=_backend_fix(
                ctx,
                members[0][0],
                gaps,
                mutating=any(
                    dig(webhook.configuration, "kind") == "MutatingWebhookConfiguration" for webhook, _ in members
                ),
            ),
        )
