"""``probe-port-undeclared``: Probe targets a named port the container does not declare."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import handler
from kubegap.domain.containers import app_containers
from kubegap.domain.resources import as_dict, as_list
from kubegap.domain.workloads import audited_workloads

PROMXY = "promxy-user-2021-probes-reference-unnamed-port"


PROBES = ("livenessProbe", "readinessProbe", "startupProbe")


def _port_names(container: dict) -> set[str]:
    return {
        p["name"] for p in as_list(container.get("ports")) if isinstance(p, dict) and isinstance(p.get("name"), str)
    }


@check(
    id="probe-port-undeclared",
    title="Probe targets a named port the container does not declare",
    severity="medium",
    category="containers",
    cases=[PROMXY],
    fix=(
        "Point each probe at a port the container declares: use the name of an entry in ports (or the port "
        "number), and rename probes together with the ports they refer to."
    ),
    reads=["workloads"],
)
def probe_port_undeclared(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    `httpGet` and `tcpSocket` probes whose port is a name that no entry in the container's `ports`
    has: the kubelet cannot resolve it, so the probe always fails. Probes on a port number are not
    judged, declared or not: `ports` is informational for numbers, and correct upstream manifests
    (CoreDNS probes its undeclared health and ready ports 8080 and 8181) rely on that. gRPC
    probes take numbers only.

    ## Why it matters

    The API server accepts a probe on a port name the container does not declare; the mistake
    shows only at runtime, as a probe that always fails. A user of promxy's Kubernetes manifest
    found the pod never became Ready: both probes targeted the port name `web`, while the
    container's port had no name. Naming the container port fixed it.

    ## Severity

    Always **medium**: the probe always fails, so the container is kept out of its Services (readiness)
    or restarted in a loop (liveness) until the name is fixed.

    ## Example

    ```yaml
    ports: [{name: http, containerPort: 8080}]
    livenessProbe: {httpGet: {path: /livez, port: web}}      # no port named "web"
    ```

    ## Fix

    ```yaml
    livenessProbe: {httpGet: {path: /livez, port: http}}
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        evidence = []
        for _, path, container in app_containers(workload):
            for probe_field in PROBES:
                action = handler(as_dict(container.get(probe_field)))
                if action is None:
                    continue
                port = action[1].get("port")
                if isinstance(port, str) and port and not port.isdigit() and port not in _port_names(container):
                    evidence.append(Evidence(f"{path}.{probe_field}.{action[0]}.port", port))
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} probe(s) target a named port their container does not declare: they always fail.",
                *evidence,
            )
