"""``networkpolicy-dangling``: NetworkPolicy whose podSelector selects no pods."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import empty_said
from kubegap.domain.podsources import pod_sources
from kubegap.domain.resources import dig, namespace
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.selectors import Selector

VERRAZZANO = "verrazzano-2022-upgrade-merged-networkpolicy-selector-matches-no-pods"


@check(
    id="networkpolicy-dangling",
    title="NetworkPolicy whose podSelector selects no pods",
    severity="medium",
    category="networking",
    cases=[VERRAZZANO],
    requires=["NetworkPolicy"],
    reads=["workloads", "Pod", *RBAC_KINDS],
    fix=(
        "Fix the podSelector so it matches the pods' current labels (check after upgrades that change "
        "workload labels or merge selectors), or delete the policy if nothing it protects remains."
    ),
)
def networkpolicy_dangling(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    NetworkPolicies with a non-empty `podSelector` that selects no pod in their namespace: judged
    against live pods where a cluster or snapshot listed them, else against the workload pod
    templates of the namespace (with the labels their controllers add; a label whose value the
    input cannot tell counts as possibly matching). A policy that matches no template is reported
    only on evidence that nothing else makes its pods (see Evidence rules in the docs): a template
    that misses it by one near-miss label, or a namespace whose pods only its workloads can create
    (no workload allowed to create pods or workloads there, no custom resource whose controller the
    input does not run); otherwise it is not judged, and coverage says so. Policies in namespaces
    without pods or workloads are not judged; an empty selector (every pod) is never dangling.

    ## Why it matters

    Upgrading Verrazzano to 1.4 replaced the keycloak-mysql NetworkPolicy; Helm merged the old and new
    matchLabels, so the policy required both app=mysql and tier=mysql. The new operator-managed MySQL
    pods had no app label, the policy no longer selected them, it was not applied as intended, and the
    upgrade hung. A policy that selects nothing fails silently.

    ## Severity

    Always **medium**: the rules the policy was written for are not applied, which may leave pods open
    or blocked without anyone knowing.

    ## Example

    ```yaml
    kind: NetworkPolicy
    metadata: {name: keycloak-mysql, namespace: keycloak}
    spec:
      podSelector: {matchLabels: {app: mysql, tier: mysql}}   # the pods only have tier=mysql
    ```

    ## Fix

    ```yaml
    spec:
      podSelector: {matchLabels: {tier: mysql}}
    ```
    """
    sources = None  # worked out only when a policy's namespace has no pods to match
    for policy in ctx.inventory.of_kind("NetworkPolicy"):
        ns = namespace(policy)
        selector = Selector.from_label_selector(dig(policy, "spec", "podSelector"))
        if selector is None or selector.selects_everything:
            continue
        closed = ctx.inventory.closed("Pod", ns)
        if closed and ctx.inventory.pods.in_namespace(ns):
            if ctx.inventory.pods.select(ns, selector):
                continue
            how: str | None = ""
        else:
            if sources is None:
                sources = pod_sources(ctx.inventory)
            if not sources.in_namespace(ns) or sources.select(ns, selector):
                continue
            how = empty_said(ctx, policy, ns, selector, sources.labelled(ns))
            if how is None:
                continue
        yield ctx.finding(
            policy,
            f"NetworkPolicy selects no pods{how}: the traffic rules it was written for are not applied to anything.",
            Evidence("spec.podSelector", str(selector)),
        )
