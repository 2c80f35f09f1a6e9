"""``fleet-os-updates-correlated``: One node OS release updated in place across clusters: an update lands everywhere at once."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from kubegap.checks.base import FLEET, Evidence, Finding, FleetContext, check
from kubegap.checks.nodes._helpers import COORDINATOR_KINDS, MUTABLE_OS, update_coordinator
from kubegap.domain.resources import as_dict, dig
from kubegap.domain.scoped_inventory import Readable
from kubegap.wording import counted

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"


def _os_release(node: dict) -> str | None:
    image = dig(node, "status", "nodeInfo", "osImage")
    return image.strip() if isinstance(image, str) and image.strip() else None


def _update_facts(inventory: Readable) -> dict:
    """How many nodes run each package-updated OS release, and what coordinates updates, if anything."""
    releases: Counter = Counter()
    for node in inventory.nodes:
        release = _os_release(node)
        if release and MUTABLE_OS.find(release) is not None:
            releases[release] += 1
    return {"os_releases": dict(sorted(releases.items())), "update_coordinator": update_coordinator(inventory)}


@check(
    id="fleet-os-updates-correlated",
    title="One node OS release updated in place across clusters: an update lands everywhere at once",
    severity="medium",
    category="upgrades",
    cases=[DATADOG],
    fix=(
        "Roll node OS updates out one cluster or region at a time: disable in-place automatic updates on node "
        "images and ship updates as new images through a staged rollout, a canary cluster first."
    ),
    requires=["Node", "DaemonSet", "Deployment"],
    reads=[*COORDINATOR_KINDS],
    scope="fleet",
    facts=_update_facts,
)
def fleet_os_updates_correlated(ctx: FleetContext) -> Iterator[Finding]:
    """
    ## What it checks

    Audited together (several `--context` values, or snapshots of differently named clusters), two or
    more clusters whose nodes report the same release (`status.nodeInfo.osImage`) of a general-purpose,
    package-updated OS (Ubuntu, Debian, RHEL and its rebuilds, Amazon Linux, SUSE) and in which no
    update coordinator is visible (kured, system-upgrade-controller and its `Plan` objects, an
    OpenShift `MachineConfigPool`), as `node-updates-uncoordinated` judges one cluster. Immutable,
    image-updated systems are not reported. It runs only on a fleet: one cluster alone has nothing to
    correlate with.

    ## Why it matters

    Clusters in different regions are redundancy only if a change cannot reach all of them at once.
    On 8 March 2023 an automatic systemd security update, installed through an update channel still
    enabled in the Ubuntu 22.04 node images and run in the same daily window everywhere, made
    systemd-networkd remove Cilium's routing rules; Datadog's nodes lost the network in five regions on
    different cloud providers within the hour. Datadog now rolls out every OS update, security updates
    included, in a controlled way.

    ## Severity

    Always **medium**: one bad package update reaches several clusters at once, although each cluster
    may survive it.

    ## Example

    ```text
    cluster eu: nodes on Ubuntu 22.04.4 LTS
    cluster us: nodes on Ubuntu 22.04.4 LTS   # one update window reaches both
    ```

    ## Fix

    Ship node OS updates as new node images and roll them out one cluster at a time, a canary cluster
    first; turn off in-place automatic updates on the images so no update bypasses that rollout.
    """
    clusters: dict[str, Counter] = defaultdict(Counter)
    for member in ctx.members:
        if member.facts.get("update_coordinator"):
            continue  # this cluster's updates are applied under control, not by each node on its own
        for release, count in as_dict(member.facts.get("os_releases")).items():
            if isinstance(count, int):
                clusters[release][member.name] += count
    for release, counts in sorted(clusters.items()):
        if len(counts) >= 2:
            names = sorted(counts)
            yield ctx.finding(
                FLEET,
                f"{len(names)} clusters ({', '.join(names)}) run nodes on {release} with no update coordinator: one "
                "update of that release reaches all of them in the same window",
                *(
                    Evidence(f"{name}: Node status.nodeInfo.osImage", f"{release} ({counted(counts[name], 'node')})")
                    for name in names
                ),
            )
