"""``networkd-foreign-routes``: CNI routing rules on nodes whose systemd-networkd deletes rules it did not create."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.nodes._helpers import DATADOG, os_image
from kubegap.domain.containers import images
from kubegap.domain.daemonsets import daemonsets_matching
from kubegap.domain.podtemplates import pod_templates
from kubegap.domain.resources import as_dict, command_words, containers, dig, name
from kubegap.domain.tokens import Words

KOPS_UBUNTU = "kops-user-2025-systemd-networkd-restart-flushes-aws-vpc-cni-rules"


_UBUNTU = re.compile(r"ubuntu\s+(\d+)\.(\d+)", re.IGNORECASE)


def networkd_flushes_foreign_rules(image: str) -> bool:
    """Ubuntu 21.10 and later ship systemd >= 248, whose networkd removes policy rules it did not add."""
    match = _UBUNTU.search(image)
    return match is not None and (int(match.group(1)), int(match.group(2))) >= (21, 10)


MITIGATION = "ManageForeignRoutingPolicyRules=no"


def _mentions_mitigation(ctx: Context) -> str | None:
    """Where the cluster shows networkd being told to leave foreign rules alone, if anywhere."""
    for cm in ctx.inventory.of_kind("ConfigMap"):
        data = as_dict(cm.get("data"))
        if any(isinstance(v, str) and MITIGATION in v.replace(" ", "") for v in data.values()):
            return f"ConfigMap {dig(cm, 'metadata', 'namespace')}/{dig(cm, 'metadata', 'name')}"
    for workload in ctx.inventory.workloads:
        for template in workload.templates:
            for _, container in containers(template.spec):
                if not (container.get("command") or container.get("args")):
                    continue  # no words to join
                words = " ".join(command_words(container))
                if MITIGATION in words.replace(" ", ""):
                    return str(workload.ref)
    return None


ROUTING_CNIS = {
    "Cilium": Words(("cilium/cilium", "cilium-agent")),
    "The AWS VPC CNI": Words(("amazon-k8s-cni",)),
}
"""CNIs that install per-pod routing policy rules (ip rule) of their own, by the images or names that give them away."""


def _routing_cni(ctx: Context) -> tuple[str, dict] | None:
    """The CNI agent DaemonSet (or a pod of it, when only pods were collected) and the CNI's name."""
    for cni, vocabulary in ROUTING_CNIS.items():
        for workload in daemonsets_matching(ctx.inventory, vocabulary):
            return cni, workload.obj
    for cni, vocabulary in ROUTING_CNIS.items():
        for pod in ctx.inventory.of_kind("Pod"):
            if any(vocabulary.find(i) for t in pod_templates(pod) for i in images(t)):
                return cni, pod
    return None


@check(
    id="networkd-foreign-routes",
    title="CNI routing rules on nodes whose systemd-networkd deletes rules it did not create",
    severity="high",
    category="nodes",
    cases=[DATADOG, KOPS_UBUNTU],
    requires=["Node"],
    reads=["workloads", "ConfigMap"],
    fix=(
        "Tell systemd-networkd to leave the CNI's routing alone on every node: a drop-in such as "
        "/etc/systemd/networkd.conf.d/cni.conf with [Network] ManageForeignRoutingPolicyRules=no and "
        "ManageForeignRoutes=no, baked into the node image (or applied by a node-configuration "
        "DaemonSet), and test an in-place systemd upgrade on a canary node."
    ),
)
def networkd_foreign_routes(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters whose CNI installs routing policy rules of its own, Cilium (a DaemonSet or pods running
    the `cilium/cilium` image) or the AWS VPC CNI (the `aws-node` DaemonSet, running `amazon-k8s-cni`),
    with nodes on an OS whose systemd-networkd removes routing policy rules it did not create when it
    starts (Ubuntu 21.10 and later, with systemd 248 or newer), when nothing in the cluster shows
    networkd configured with `ManageForeignRoutingPolicyRules=no` (in a node-configuration ConfigMap
    or DaemonSet command). Reported once, on the CNI's DaemonSet, with the affected nodes.

    ## Why it matters

    On 8 March 2023 an automatic systemd security update reached Datadog's Ubuntu 22.04 Kubernetes
    nodes. When systemd-networkd started again on the running nodes it removed the routing rules that
    Cilium had installed, the nodes lost network connectivity, and Datadog lost about 60% of its
    compute capacity in five regions at once. systemd-networkd has flushed routing policy rules it
    did not create since version 248; the opt-out, `ManageForeignRoutingPolicyRules`, came in 249.
    Datadog's fix included configuring networkd to leave the routing tables alone. In June 2025 the
    same behaviour struck a kops user on the AWS VPC CNI: unattended-upgrades installed a systemd
    update on every Ubuntu 22.04 node, systemd-networkd restarted and removed the CNI's per-pod rules,
    hundreds of pods crash-looped and the ingress controllers went down with them; kops now ships the
    networkd opt-out on those nodes.

    ## Severity

    Always **high**: one package update that restarts systemd-networkd breaks pod networking on every
    affected node at once.

    ## Example

    ```text
    nodes:   osImage "Ubuntu 22.04.2 LTS"
    CNI:     DaemonSet kube-system/cilium
    nothing sets ManageForeignRoutingPolicyRules=no
    ```

    ## Fix

    ```ini
    # /etc/systemd/networkd.conf.d/10-cni.conf, in the node image
    [Network]
    ManageForeignRoutingPolicyRules=no
    ManageForeignRoutes=no
    ```
    """
    found = _routing_cni(ctx)
    if found is None:
        if not (ctx.inventory.collected("DaemonSet") or ctx.inventory.collected("Pod")):
            raise Skip("neither DaemonSets nor Pods were collected, so the CNI is unknown")
        raise Skip("the cluster runs neither Cilium nor the AWS VPC CNI")
    cni, agent = found
    exposed = [n for n in ctx.inventory.nodes if networkd_flushes_foreign_rules(os_image(n))]
    if not exposed:
        return
    mitigation = _mentions_mitigation(ctx)
    if mitigation:
        return
    images_seen = Counter(os_image(n) for n in exposed)
    yield ctx.finding(
        agent,
        f"{cni} manages routes on {len(exposed)} node(s) whose systemd-networkd removes foreign routing "
        "rules when it restarts, and nothing shows ManageForeignRoutingPolicyRules=no.",
        Evidence("nodes[*].status.nodeInfo.osImage", dict(images_seen.most_common())),
        Evidence("nodes", sorted(name(n) for n in exposed)[:20]),
    )
