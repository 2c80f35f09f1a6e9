"""Admission webhook checks: webhooks that can block the API server's own writes, and slow ones."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from kubegap.absence import BUILTIN_GROUPS, RBAC_KINDS, missing_said
from kubegap.checks._common import absent_means_none, container_name, lease_holders, one_active_by_design, pdb_covers
from kubegap.checks.base import Context, Evidence, Finding, Skip, check, severity_rank
from kubegap.checks.networking import ReadyEndpoints
from kubegap.checks.serving import (
    CONVERSION,
    SERVING_EVIDENCE_KINDS,
    called_service,
    fails_closed,
    runs_one_replica,
    serving,
)
from kubegap.checks.workloads import more_replicas_fix
from kubegap.inventory import Inventory
from kubegap.resources import api_version, as_dict, as_list, dig, kind, labels, name
from kubegap.selectors import Selector
from kubegap.wording import first_and_more

JETSTACK = "jetstack-2019-opa-webhook-blocks-gke-master-upgrade"
NEWRELIC = "newrelic-users-2020-metadata-injection-webhook-gke-private-timeouts"

WEBHOOK_KINDS = ("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")
POD_RESOURCES = frozenset({"*", "*/*", "pods", "pods/*"})
NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name"
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
    def timeout_seconds(self):
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


def _namespace_labels(ctx: Context, ns: str) -> dict[str, str]:
    found = ctx.inventory.get("Namespace", None, ns)
    return {**(labels(found) if found else {}), NAMESPACE_NAME_LABEL: ns}


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


WORKLOAD_GROUPS = frozenset({"apps", "batch"})
"""The API groups of Deployments, StatefulSets, DaemonSets, ReplicaSets, Jobs and CronJobs."""


def intercepts(webhook: Webhook) -> tuple[str, str | None]:
    """``(severity, what)``: what the webhook's rules intercept (None for no rules), and the severity of
    losing it fail-closed.

    Pods, workloads, every resource or every group: high (controllers cannot create or replace pods).
    Custom resources only (an operator's own configuration kinds): low. Other built-in kinds, and rules
    the input does not show (empty in a manifest, filled in at run time): medium. An ``objectSelector``
    that no unlabelled object matches makes interception opt-in: only objects carrying its labels (an
    operator's own pods) are held up, so high becomes medium."""
    rules = [rule for rule in as_list(webhook.spec.get("rules")) if isinstance(rule, dict)]
    if not rules:
        return "medium", None
    level, what = _intercepted(rules, webhook)
    opted_in = Selector.from_label_selector(webhook.spec.get("objectSelector", {}))
    if level == "high" and opted_in is not None and not opted_in.matches({}):
        level, what = "medium", f"{what} labelled {opted_in}"
    spared = _namespaces_left_out(webhook)
    return level, f"{what} outside namespaces {', '.join(spared)}" if spared else what


def _namespaces_left_out(webhook: Webhook) -> list[str]:
    """The namespaces a webhook's namespaceSelector leaves out by name (``kubernetes.io/metadata.name NotIn``)."""
    return sorted(
        {
            str(value)
            for term in as_list(dig(webhook.spec, "namespaceSelector", "matchExpressions"))
            if dig(term, "key") == "kubernetes.io/metadata.name" and dig(term, "operator") == "NotIn"
            for value in as_list(dig(term, "values"))
            if isinstance(value, str)
        }
    )


def _intercepted(rules: list[dict], webhook: Webhook) -> tuple[str, str]:
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
    if all("." in g and g not in BUILTIN_GROUPS for g in groups):
        return "low", f"custom resources of {', '.join(sorted(groups))}"
    return "medium", ", ".join(resources) or "no resources"


def per_configuration(items: Iterable[tuple[Webhook, T]]) -> Iterator[tuple[dict, list[tuple[Webhook, T]]]]:
    """Items grouped by the configuration their webhook belongs to: one finding per object."""
    groups: dict[int, tuple[dict, list[tuple[Webhook, T]]]] = {}
    for webhook, payload in items:
        groups.setdefault(id(webhook.configuration), (webhook.configuration, []))[1].append((webhook, payload))
    return iter(groups.values())


def _names(group: list[tuple[Webhook, T]]) -> str:
    names = [webhook.name for webhook, _ in group]
    return f"Webhook {names[0]}" if len(names) == 1 else f"Webhooks {', '.join(names)}"


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
    if webhook.service and webhook.service[0] not in critical:
        critical.append(webhook.service[0])
    return [ns for ns in critical if selector.matches(_namespace_labels(ctx, ns))]


@check(
    id="webhook-fail-closed-unscoped",
    title="Fail-closed admission webhook that also intercepts kube-system and its own namespace",
    severity="high",
    category="admission",
    cases=[JETSTACK],
    reads=[*WEBHOOK_KINDS, "Namespace"],
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
    scoped; webhooks with `matchConditions` (CEL) are not judged. A rule covers pods only in the
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


@check(
    id="webhook-timeout-long",
    title="Admission webhook timeout long enough to stall API writes",
    severity="medium",
    category="admission",
    cases=[NEWRELIC],
    reads=list(WEBHOOK_KINDS),
    defaults={"max_timeout_seconds": 10},
    fix=(
        "Lower timeoutSeconds to 10 seconds, the v1 default (the API server waits this long on every intercepted "
        "request when the backend is slow or gone); go lower only for a webhook that fails open, since a timeout a "
        "fail-closed webhook hits rejects the request. Alert on the API server's admission latency."
    ),
)
def webhook_timeout_long(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Webhooks whose effective `timeoutSeconds` is above `max_timeout_seconds` (default 10): an
    explicit value, or the 30-second default of `admissionregistration.k8s.io/v1beta1`
    configurations (v1 defaults to 10, which is not reported). One finding per configuration,
    naming every such webhook.

    ## Why it matters

    Every request a webhook intercepts waits for it, up to its timeout. Users of New Relic's
    Kubernetes integration on GKE saw large scheduling delays, and on private clusters new pods
    stopped being created: the control plane could not reach the nri-metadata-injection webhook's
    pods, and every pod-creation call waited out the webhook's 30-second timeout (which the chart's
    documentation gave as 10 seconds in places). One user's employer lived with the slowdown for more
    than six months before it was traced to the webhook.

    ## Severity

    Always **medium**: the wait applies to every request the webhook intercepts while its backend is
    slow or gone; it delays or refuses writes rather than stopping what already runs.

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


def webhook_service(inventory: Inventory, webhook: Webhook) -> tuple[str | None, dict | None]:
    """The namespace and Service a webhook calls, if the input holds it (``serving.called_service``)."""
    return called_service(inventory, *webhook.service)


def _backend_gaps(ctx: Context, endpoints: ReadyEndpoints, webhook: Webhook) -> Iterator[tuple[str, Evidence]]:
    ns, service_name = webhook.service
    ns, service = webhook_service(ctx.inventory, webhook)
    if service is None:
        how = missing_said(ctx, "Service", ns, service_name, webhook.configuration)
        if how is not None:
            yield f"its Service does not exist{how}", Evidence("clientConfig.service", f"{ns}/{service_name}")
        return
    ready = endpoints.ready(ns, service_name)
    if ready == 0:
        yield "its Service has no ready endpoint", Evidence(f"Service {ns}/{service_name} ready endpoints", 0)
    backends = ctx.inventory.workload_templates.select(ns, Selector.from_map(dig(service, "spec", "selector")))
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
        yield UNBUDGETED, Evidence("workloads no PodDisruptionBudget covers", [str(w.ref) for w in backends])


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
    `pdb-missing` takes them; one replica is the gap itself, and the fix asks for both). Parts
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
    are held up. A backend that is unavailable now (its Service missing, no ready endpoint) is at least
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
    gaps_of: dict[tuple[tuple[str, str], int], list[tuple[str, Evidence]]] = {}
    failing = []
    for webhook in candidates:
        backend = (
            webhook.service,
            id(webhook.configuration),
        )  # a missing Service is judged from each configuration's files
        if backend not in gaps_of:
            gaps_of[backend] = list(_backend_gaps(ctx, endpoints, webhook))
        if gaps_of[backend]:
            failing.append((webhook, gaps_of[backend]))
    for members in _per_backend(failing):
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
            Evidence(f"{backend.path}.clientConfig.service", "/".join(backend.service)),
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


def _scope(intercepted: list[str | None]) -> str:
    """What a group of webhooks intercepts, said once: ``intercepting pods and custom resources (x)``. Pods
    labelled so, or outside some namespaces, are among pods: said once, as pods."""
    objects = list(dict.fromkeys(what for what in intercepted if what))
    objects = [
        what
        for what in objects
        if not any(what.startswith((f"{whole} labelled ", f"{whole} outside ")) for whole in objects)
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
    if [word for word, _ in gaps] == [UNBUDGETED]:
        return BUDGET_FIX
    if not any(word == SINGLE for word, _ in gaps):
        return ctx.check.fix
    ns, service = webhook_service(ctx.inventory, webhook)
    backends = ctx.inventory.workload_templates.select(ns, Selector.from_map(dig(service, "spec", "selector")))
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
    failing: list[tuple[Webhook, list[tuple[str, Evidence]]]],
) -> list[list[tuple[Webhook, list[tuple[str, Evidence]]]]]:
    """Failing webhooks grouped by the Service that serves them, across configurations: one backend is one
    cause, so one finding. Configurations come in kind and name order, the first being the finding's subject."""
    groups: dict[tuple[str, str], list[tuple[Webhook, list[tuple[str, Evidence]]]]] = {}
    for webhook, gaps in sorted(failing, key=lambda item: (kind(item[0].configuration), name(item[0].configuration))):
        groups.setdefault(webhook.service, []).append((webhook, gaps))
    return list(groups.values())
