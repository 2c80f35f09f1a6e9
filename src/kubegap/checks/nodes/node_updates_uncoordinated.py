"""``node-updates-uncoordinated``: Every node runs one mutable OS release with no coordinated update mechanism."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.nodes._helpers import (
    COORDINATOR_KINDS,
    DATADOG,
    MUTABLE_OS,
    ZONE_LABELS,
    cluster_nodes,
    os_image,
    update_coordinator,
)
from kubegap.domain.resources import labels

REGION_LABELS = ("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region")


def _distro(image: str) -> str:
    """The OS release without its point version: "Ubuntu 22.04.3 LTS" -> "ubuntu 22.04"."""
    match = re.match(r"\s*([A-Za-z][A-Za-z ]*?)\s*(\d+(?:\.\d+)?)", image)
    return f"{match.group(1).lower()} {match.group(2)}" if match else image.lower()


def _spread(node_labels: list[dict[str, str]], keys: tuple[str, ...]) -> set[str]:
    return {value for found in node_labels for key in keys if (value := found.get(key))}


@check(
    id="node-updates-uncoordinated",
    title="Every node runs one mutable OS release with no coordinated update mechanism",
    severity="high",
    category="nodes",
    cases=[DATADOG],
    requires=["Node", "DaemonSet", "Deployment"],
    reads=[*COORDINATOR_KINDS],
    fix=(
        "Stage OS changes: disable unattended in-place upgrades on nodes and roll new node images pool by "
        "pool and region by region, or let a coordinator (kured, system-upgrade-controller, a managed "
        "maintenance window) apply updates a few nodes at a time, with a different schedule per region."
    ),
)
def node_updates_uncoordinated(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Clusters with more than one node where every node runs the same release of a general-purpose,
    package-updated OS (Ubuntu, Debian, RHEL and its rebuilds, Amazon Linux, SUSE), and no update
    coordinator is visible: no kured DaemonSet, no system-upgrade-controller or its `Plan` objects,
    no OpenShift `MachineConfigPool`. Immutable, image-updated systems (Container-Optimized OS,
    Bottlerocket, Flatcar, Talos) are not reported, nor are the nodes of local development clusters
    (kind, minikube, Docker Desktop), which are containers rather than updated hosts. The finding
    names the zones and regions the nodes span: the wider the spread, the larger the blast radius
    of one package update. Skipped when the Nodes of a manifests input come from several files
    (saved node listings, which may be several clusters'): nothing shows they are one cluster's.

    ## Why it matters

    Datadog's Kubernetes nodes ran Ubuntu 22.04 base images in which a legacy security-update channel
    was still enabled, applying updates in the same default daily window (06:00 to 07:00 UTC) in every
    region. On 8 March 2023 one systemd update therefore reached regions on different cloud providers
    within the same hour, outside Datadog's usual practice of rolling changes out one region at a
    time, and its side effect took about 60% of the company's compute capacity offline. Datadog now
    rolls out every update, security updates included, in a controlled way.

    ## Severity

    Always **high**: one bad package update reaches every node at the same time.

    ## Example

    ```text
    12 nodes, 3 zones, 2 regions, all "Ubuntu 22.04.2 LTS"; unattended-upgrades on; no kured
    ```

    ## Fix

    ```text
    - bake OS updates into node images; roll them pool by pool, region by region
    - or disable unattended-upgrades and run kured / system-upgrade-controller with a per-region window
    ```
    """
    nodes = cluster_nodes(ctx)
    if len(nodes) < 2:
        raise Skip("fewer than two nodes outside local development clusters")
    releases = Counter(_distro(os_image(n)) for n in nodes)
    if len(releases) != 1:
        return
    release = next(iter(releases))
    if MUTABLE_OS.find(release) is None:
        return
    coordinator = update_coordinator(ctx.inventory)
    if coordinator:
        return
    node_labels = [labels(n) for n in nodes]
    zones, regions = _spread(node_labels, ZONE_LABELS), _spread(node_labels, REGION_LABELS)
    where = f" across {len(zones)} zone(s)" + (f" in {len(regions)} region(s)" if regions else "") if zones else ""
    yield ctx.finding(
        ctx.cluster,
        f"All {len(nodes)} nodes{where} run {release} with no coordinated update mechanism: one OS package "
        "update can change every node at once.",
        Evidence("nodes[*].status.nodeInfo.osImage", dict(Counter(os_image(n) for n in nodes))),
        Evidence("zones", sorted(zones) or None),
        Evidence("regions", sorted(regions) or None),
    )
