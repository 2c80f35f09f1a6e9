"""``memory-limit-missing``: Containers without a memory limit."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _missing
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS

PYTHON_DISCORD_OOM = "python-discord-2021-site-memory-spike-oom-kills-postgres"


NU_NL_ELASTALERT = "nu-nl-2018-elastalert-memory-runaway-system-oom-notready-nodes"


@check(
    id="memory-limit-missing",
    title="Containers without a memory limit",
    severity="low",
    category="containers",
    cases=[
        PYTHON_DISCORD_OOM,
        NU_NL_ELASTALERT,
        "dfds-2024-grafana-agent-memory-dev-pod-oom-nodes-notready",
    ],
    reads=["workloads", "LimitRange", *AUTOSCALER_KINDS],
    fix=(
        "Set resources.limits.memory on every container, sized from its observed peak with headroom for catch-up "
        "work (generously for a node agent such as the network plugin, whose OOM kill disrupts its node), so a "
        "runaway process is killed on its own instead of pushing the node out of memory (or give the namespace a "
        "LimitRange with a default limit)."
    ),
)
def memory_limit_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers of top-level workloads without `resources.limits.memory` and without a default
    memory limit from a LimitRange in their namespace, whose CPU and memory requests are set. A
    container that also lacks a request is reported once, by `requests-missing`, whose finding
    names the missing limit too (here, when `requests-missing` is not part of the audit): one
    resources block, one finding. Helm test hooks, finished Jobs
    and training runtimes (each TrainJob sets its own resources) are not reported, nor a workload scaled to zero
    that no KEDA ScaledObject raises (it runs no pod). Init containers
    are not judged, nor a container running the pause image unchanged (it only holds the pod open),
    nor a placeholder container (a stock shell that only sleeps, prints or exits).
    Recurring and open-ended batch work is judged like services here: a runaway batch pod exhausts
    its node's memory just as a service's does (a reindex Job that retried without a bound took down
    node after node at Universe in 2017). Bounded one-shot work (a Helm or Argo CD hook, a
    run-to-completion Pod, a Job with `backoffLimit`, `activeDeadlineSeconds` or
    `ttlSecondsAfterFinished`) runs once to completion and is not reported, as for `requests-missing`.

    ## Why it matters

    A container without a memory limit can grow until the node itself runs out of memory, and then
    the kernel's OOM killer picks a victim, which need not be the process that grew. In January
    2021 Python Discord's Django site tried to apply 80,000 user updates in one request; its memory
    rose from 300-400MB to 1.5GB, the server ran out of memory and the OOM killer killed PostgreSQL,
    which spent minutes in recovery. The site had no resource limits; adding them was part of the
    fix.

    ## Severity

    Always **low**: the requests are set, so the scheduler places the pod by them; a runaway container
    can still take its node's memory.

    ## Example

    ```yaml
    resources:
      requests: {cpu: 250m, memory: 400Mi}    # no limits
    ```

    ## Fix

    ```yaml
    resources:
      requests: {cpu: 250m, memory: 512Mi}
      limits: {memory: 512Mi}
    ```
    """
    for workload, gaps, at_zero in _missing(ctx):
        evidence = [
            Evidence(f"{path}.resources.limits", {"container": container, "missing": limits})
            for path, container, requests, limits in gaps
            if limits
            and (not requests or not ctx.left_to("requests-missing"))  # else requests-missing's, limit included
        ]
        if evidence and at_zero:
            ctx.not_judged(workload.obj, NO_PODS)  # a gap only where its pods run: none does
        elif evidence:
            named = ", ".join(e.value["container"] for e in evidence)
            yield ctx.finding(workload.obj, f"{len(evidence)} container(s) have no memory limit: {named}.", *evidence)
