"""``networkpolicy-dns-egress-blocked``: Egress-isolated pods that no NetworkPolicy lets reach DNS."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS
from kubegap.domain.resources import as_dict, as_list, dig, name, namespace
from kubegap.domain.selectors import Selector
from kubegap.domain.workloads import audited_workloads

EKS_USER_DNS = "eks-user-2024-egress-networkpolicy-blocks-dns"


DNS_PORT_NAMES = ("dns", "domain")


EXTRA_POLICY_KINDS = (
    "CiliumNetworkPolicy",
    "CiliumClusterwideNetworkPolicy",
    "GlobalNetworkPolicy",
    "AdminNetworkPolicy",
    "BaselineAdminNetworkPolicy",
)
"""Policy kinds of CNIs and of the AdminNetworkPolicy API that can allow traffic NetworkPolicies alone do not."""


def isolates_egress(policy: dict) -> bool:
    """Whether the policy isolates its pods for egress (``policyTypes`` lists Egress, or it has egress rules)."""
    types = dig(policy, "spec", "policyTypes")
    if isinstance(types, list):
        return "Egress" in types
    return "egress" in as_dict(policy.get("spec"))


def _selector(policy: dict) -> Selector | None:
    value = dig(policy, "spec", "podSelector")
    return Selector.from_label_selector(value if value is not None else {})


def _allows_dns_port(rule: dict) -> bool:
    """Whether the rule's ports admit DNS over UDP (``protocol`` defaults to TCP, which carries only truncated replies)."""
    ports = as_list(rule.get("ports"))
    if not ports:
        return True
    for port in ports:
        if not isinstance(port, dict) or port.get("protocol", "TCP") != "UDP":
            continue
        number, end = port.get("port"), port.get("endPort")
        if number is None or number == 53 or (isinstance(number, str) and number.lower() in DNS_PORT_NAMES):
            return True
        if isinstance(number, int) and isinstance(end, int) and number <= 53 <= end:
            return True
    return False


def _reaches_outside_namespace(rule: dict, own_namespace: str | None, dns_namespace: str) -> bool:
    """Whether the rule's destinations can include the DNS servers (any peer beyond the policy's own namespace)."""
    peers = as_list(rule.get("to"))
    if not peers:
        return True
    return own_namespace == dns_namespace or any(
        isinstance(p, dict) and ("namespaceSelector" in p or "ipBlock" in p) for p in peers
    )


def allows_dns(rule: dict, own_namespace: str | None, dns_namespace: str = "kube-system") -> bool:
    """Whether an egress rule may let a pod reach the cluster DNS (UDP port 53 to a peer outside its namespace)."""
    return (
        isinstance(rule, dict)
        and _allows_dns_port(rule)
        and _reaches_outside_namespace(rule, own_namespace, dns_namespace)
    )


@check(
    id="networkpolicy-dns-egress-blocked",
    title="Egress-isolated pods that no NetworkPolicy lets reach DNS",
    severity="high",
    category="networking",
    cases=[EKS_USER_DNS],
    requires=["NetworkPolicy"],
    reads=["workloads", *BUILTIN_CONTROLLERS, *sorted(TRAINING_KINDS), "Pod", *EXTRA_POLICY_KINDS],
    fix=(
        "Add a NetworkPolicy that allows the isolated pods egress to the cluster DNS on port 53, UDP and TCP "
        "(for example to namespace kube-system, pods k8s-app: kube-dns), next to the default-deny policy, so "
        "that the pods can resolve names while every other destination stays denied."
    ),
)
def networkpolicy_dns_egress_blocked(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads whose pods are isolated for egress by at least one NetworkPolicy in their namespace
    (`policyTypes` lists `Egress`, or the policy has `egress` rules) when no egress rule of any
    policy selecting them allows UDP port 53 (a rule without ports, or a UDP port 53, port range
    containing it or port named `dns`; a port without `protocol` is TCP, which carries DNS only for
    truncated replies) towards a destination outside their own namespace (a rule
    without `to`, a `namespaceSelector` or an `ipBlock` peer; the DNS servers run in `kube-system`).
    Egress is allowed only by the union of the rules of the policies that select a pod, so a
    default-deny policy with no DNS rule beside it cuts off name resolution. Pods on the host
    network are not subject to NetworkPolicies and are not reported. Skipped when the inventory
    holds CNI-specific or admin policies (Cilium, Calico `GlobalNetworkPolicy`,
    `AdminNetworkPolicy`), which can allow DNS on their own.

    ## Why it matters

    An EKS user who added an egress policy to a namespace found that its pods could no longer
    resolve any name; the maintainers of the AWS network policy agent confirmed that an egress
    policy must allow DNS requests to kube-dns for applications that need it, and another user had
    to add such a rule to every policy with the Egress type in their clusters. A user who copied
    the documentation's default-deny egress example hit the same wall, having assumed DNS worked
    outside the policy.

    ## Severity

    Always **high**: the isolated pods cannot resolve any name, so every call they make by name fails.

    ## Example

    ```yaml
    kind: NetworkPolicy
    metadata: {name: default-deny-egress, namespace: shop}
    spec:
      podSelector: {}
      policyTypes: [Egress]
    ```

    ## Fix

    ```yaml
    kind: NetworkPolicy
    metadata: {name: allow-dns, namespace: shop}
    spec:
      podSelector: {}
      policyTypes: [Egress]
      egress:
      - to:
        - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: kube-system}}
          podSelector: {matchLabels: {k8s-app: kube-dns}}
        ports: [{port: 53, protocol: UDP}, {port: 53, protocol: TCP}]
    ```
    """
    extra = sorted({k for k in EXTRA_POLICY_KINDS if ctx.inventory.of_kind(k)})
    if extra:
        raise Skip(f"{', '.join(extra)} present: they can allow DNS egress that NetworkPolicies alone do not")
    by_namespace: dict[str | None, list[tuple[dict, Selector]]] = {}
    for policy in ctx.inventory.of_kind("NetworkPolicy"):
        selector = _selector(policy)
        if selector is not None and isolates_egress(policy):
            by_namespace.setdefault(namespace(policy), []).append((policy, selector))
    for workload in audited_workloads(ctx.inventory):
        policies = by_namespace.get(workload.ref.namespace)
        if not policies:
            continue
        for template in workload.templates:
            if template.spec.get("hostNetwork") is True:
                continue
            selecting = [p for p, s in policies if s.matches(template.labels)]
            if not selecting:
                continue
            rules = [r for p in selecting for r in as_list(dig(p, "spec", "egress"))]
            if any(allows_dns(r, workload.ref.namespace) for r in rules):
                continue
            names = sorted(name(p) for p in selecting)
            yield ctx.finding(
                workload.obj,
                f"{workload.kind} {workload.ref.name}'s pods are isolated for egress by NetworkPolicy {', '.join(names)}, "
                + (
                    f"and none of their {len(rules)} egress rule(s) allows UDP port 53 to the cluster DNS"
                    if rules
                    else "which allow no egress at all"
                )
                + ": the pods cannot resolve any name.",
                Evidence("networkpolicies", names),
                Evidence("egress_rules", len(rules)),
            )
            break
