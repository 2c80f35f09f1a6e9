"""``env-duplicate``: Containers that define the same environment variable more than once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import container_name, spec_path
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS, TRAINING_KINDS
from kubegap.domain.resources import as_list, containers
from kubegap.domain.workloads import audited_workloads

DUPLICATE_ENV = "kubernetes-user-2018-duplicate-env-var-removed-by-apply"

NEVER_PATCHED = ("Job", "Pod")
"""Kinds whose pod template cannot be changed in place: an apply that drops a copy is refused, not merged."""


@check(
    id="env-duplicate",
    title="Containers that define the same environment variable more than once",
    severity="low",
    category="workloads",
    cases=[DUPLICATE_ENV],
    reads=[*BUILTIN_CONTROLLERS, "Pod", "Rollout", *sorted(TRAINING_KINDS)],
    precision="very-high",
    fix=(
        "Keep one entry per variable name in each container's env. When removing a duplicate from an object that "
        "is already applied, apply twice (or use server-side apply) and check that the variable is still set."
    ),
)
def env_duplicate(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers and init containers of every workload whose `env` list names the same variable
    more than once. One finding per workload, listing each container and the repeated names.
    Not reported where no apply can patch the list: a Job's or a bare Pod's (their pod templates cannot be
    changed in place, so an apply that removes a copy is refused, not merged), and a Helm or Argo CD hook's
    (the tool creates it afresh each time it runs, deleting the last one first).

    ## Why it matters

    The container sees only the last value, so the earlier entry is dead configuration that
    readers take for the real one. Worse, `kubectl apply` computes its patch by name: a user who
    had a variable listed twice in a Deployment removed one copy and applied, and the Deployment
    came out with no such variable at all, so the pods started without it. The report remains
    open upstream, and a 2025 report describes the same loss.

    ## Severity

    Always **low**: the last entry wins today; the risk is an edit or a server-side apply that keeps the
    other one.

    ## Example

    ```yaml
    containers:
    - name: api
      env:
      - {name: NODE_ENV, value: production}
      - {name: LOG_LEVEL, value: info}
      - {name: NODE_ENV, value: production}
    ```

    ## Fix

    ```yaml
    containers:
    - name: api
      env:
      - {name: NODE_ENV, value: production}
      - {name: LOG_LEVEL, value: info}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        if workload.is_hook or workload.kind in NEVER_PATCHED:
            continue
        evidence = []
        for template in workload.templates:
            for path, container in containers(template.spec):
                names = [
                    e["name"]
                    for e in as_list(container.get("env"))
                    if isinstance(e, dict) and isinstance(e.get("name"), str)
                ]
                if len(set(names)) == len(names):
                    continue  # no name repeats (nearly every container): no need to count
                repeated = sorted(n for n, count in Counter(names).items() if count > 1)
                if repeated:
                    evidence.append(
                        Evidence(
                            f"{spec_path(template, path)}.env",
                            {"container": container_name(container), "repeated": repeated},
                        )
                    )
        if evidence:
            listed = "; ".join(f"{e.value['container']}: {', '.join(e.value['repeated'])}" for e in evidence)
            yield ctx.finding(
                workload.obj,
                f"Environment variables defined more than once ({listed}): only the last value applies, and removing "
                "a copy with kubectl apply can drop the variable entirely.",
                *evidence,
            )
