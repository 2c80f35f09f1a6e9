"""``service-target-port-mismatch``: Service targetPort that the selected containers do not declare."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.podtemplates import PodTemplate
from kubegap.domain.resources import as_dict, as_list, containers, dig, name, namespace
from kubegap.domain.services import named_in_settings, service_workloads
from kubegap.domain.serving import (
    NOT_FOR_CLIENTS,
    SERVING_EVIDENCE_KINDS,
    bound_ports,
    probed_ports,
    routes_to,
    serving,
)

MICROK8S = "microk8s-2018-ingress-default-backend-targetport-mismatch"


def _declared(target: object, numbers: set[int], names: set[str]) -> bool:
    """Whether a targetPort (number, numeric string or port name) is among the declared ports."""
    if isinstance(target, bool):
        return True  # not a port at all: the API would reject it, nothing to compare
    if isinstance(target, int):
        return target in numbers
    if isinstance(target, str):
        return int(target) in numbers if target.isdigit() else target in names
    return True


def _declared_ports(templates: Iterable[PodTemplate]) -> list[tuple[int | None, str | None]]:
    """Each container port the templates declare, as ``(number, name)`` (None where the declaration lacks one)."""
    found: set[tuple[int | None, str | None]] = set()
    for template in templates:
        for _, container in containers(template.spec, init=False):
            for port in as_list(container.get("ports")):
                if not isinstance(port, dict):
                    continue
                number, port_name = port.get("containerPort"), port.get("name")
                numbered = number if isinstance(number, int) and not isinstance(number, bool) else None
                named = port_name if isinstance(port_name, str) else None
                if numbered is not None or named is not None:
                    found.add((numbered, named))
    return sorted(found, key=lambda port: (-1 if port[0] is None else port[0], port[1] or ""))


def _template_bound_ports(template: PodTemplate) -> frozenset[int]:
    """Ports the template's regular containers listen on by their own settings or are probed on, worked out once
    per template."""
    return frozenset(n for _, c in containers(template.spec, init=False) for n in bound_ports(c) | probed_ports(c))


def _shown(port: tuple[int | None, str | None]) -> str:
    """A declared port as a reader names it: ``6939 (membership)``, ``8080`` or ``metrics``."""
    number, port_name = port
    if number is None:
        return str(port_name)
    return f"{number} ({port_name})" if port_name else str(number)


NUMBERED_FIX = (
    "Check what the containers listen on. If they listen on the targetPort, declare it in their ports (with a name, "
    "and point targetPort at the name); if they do not, point targetPort at the port they listen on. Do not change a "
    "targetPort the application is reached on only because it is undeclared."
)


UNDECLARED_NUMBER = (
    "a port number the containers do not declare, beside ports of theirs the Service reaches or on containers "
    "that declare several: a program may listen on ports it does not declare"
)


def _is_name(target: object) -> bool:
    return isinstance(target, str) and not target.isdigit()


UNREAD_PORT = (
    "a port no selected container declares, on a Service that carries no client traffic (a headless one, or one of "
    "metrics, health or admin ports only), which nothing in the input reads: no Ingress or route sends to it, no "
    "setting looks its name up as SRV records, no ServiceMonitor or PodMonitor scrapes the port and no scrape annotation "
    "asks for it (a headless Service's clients dial pod addresses on ports they know; a scrape may be configured "
    "where the input does not show it)"
)


def _read(ctx: Context, service: dict, port: dict, routed: list[str], scraped: set[str]) -> str | None:
    """What the input shows reads this port of a Service without client traffic, or None: a route sends to it, a
    setting looks the Service's name up as SRV records (a ``mongodb+srv://`` address), which carry its ports, a
    monitor scrapes it (by the port's name or its target's), or the Service asks to be scraped on it (its
    ``prometheus.io/port``, where it names one, is this port)."""
    if routed:
        return "route"
    callers = named_in_settings(ctx.inventory).get((ctx.inventory.home(namespace(service)), name(service)), [])
    if any(caller.srv for caller in callers):
        return "setting"
    names = {value for value in (port.get("name"), port.get("targetPort")) if isinstance(value, str)}
    annotations = as_dict(dig(service, "metadata", "annotations"))
    asked = annotations.get("prometheus.io/port")
    if (names & scraped) or (
        annotations.get("prometheus.io/scrape") == "true"
        and (asked is None or str(asked) in {str(port.get("port")), str(port.get("targetPort"))})
    ):
        return "scrape"
    return None


@check(
    id="service-target-port-mismatch",
    title="Service targetPort that the selected containers do not declare",
    severity="medium",
    category="networking",
    cases=[MICROK8S],
    requires=["Service"],
    reads=["workloads", "ConfigMap", *SERVING_EVIDENCE_KINDS],
    fix=(
        "Point each named targetPort at a port name the selected containers declare, or give that name to the "
        "container port that serves it; if nothing serves that port, remove it from the Service."
    ),
)
def service_target_port_mismatch(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Services whose selector matches workload pod templates in their namespace, and whose
    `targetPort` (the `port` when unset) is a name that none of the selected containers declares,
    or a number that none of them declares as a `containerPort` while they declare one port number
    for clients (not named as a metrics, profiling, health, debug or admin port) and no port of the
    Service reaches it. A named targetPort that no container declares cannot be
    resolved at all. Declaring a port is informational for numbers (a container may listen on a port
    it does not declare), so an undeclared number is evidence of a mistake only where the two sides
    contradict each other: the containers say they serve on one port, and the Service forwards
    elsewhere, as when a Service forwards to 80 and its backend declares only 8080; then the finding
    says the port is undeclared, not that it is closed, and its fix asks to check what the
    containers listen on before moving a targetPort clients may be reached through. A Service whose
    other ports reach declared ones was written against those containers, and containers that
    declare several ports run a program with several listeners, some of them undeclared (Kong's
    manager ports beside its proxy, status and admin ports), as do containers whose only declared
    port is for monitoring (a webhook server on an undeclared 9443 beside a declared `metrics` port):
    there an undeclared number is counted in the check's coverage as not judged, not reported. A number a selected
    container's own settings make it listen on is reached, declared or not: a flag or variable whose name says it
    binds, or whose value is a listen address (`--metrics-bind-address=:8443`; `kubegap.domain.serving.bound_ports`);
    so is a number its own probes check, since the kubelet probes where the program listens (CubeFS's Grafana
    declares only an exporter port, 9530, and its readiness probe and its Service both use 3000).
    Containers that
    declare no ports at all are not judged, nor are Services whose workloads were not collected. An undeclared
    port (a name or a number) on a Service that carries no client traffic (a headless one, or one of metrics, health
    or admin ports only) is judged only where the input shows something that reads it: an Ingress or a route that
    sends to it, a setting that looks the Service's name up as SRV records (`mongodb+srv://`), which carry its port
    names, a ServiceMonitor or PodMonitor that scrapes it (one written without a namespace is installed beside the
    Service), or a `prometheus.io/scrape` annotation that asks for that port (its `prometheus.io/port`, where set).
    Elsewhere what would fail is an SRV lookup or a scrape the input does not show, and the Service is counted as not
    judged (kubebuilder's leftover metrics Services and headless Services of clusters that run one member: judged
    noise on fresh installs). One finding per Service, naming every such port.

    ## Why it matters

    The MicroK8s ingress add-on (2018) declared its default-http-backend container on port 8080 while
    the Service in front of it forwarded to port 80, a port the container did not listen on. Every
    user of the add-on inherited the mismatch and got unreachable-upstream errors from nginx until
    the targetPort was changed; Kubernetes does not reject such a mismatch.

    ## Severity

    **medium** for a named `targetPort` that no selected container declares: it cannot be resolved, so traffic to
    that port fails. **low** for an undeclared port number on a Service that reaches no declared port of containers
    that declare one: declaring ports is informational for numbers and the container may listen there anyway, so the
    input shows only that the declaration is missing. **low** too for a headless Service's unresolvable name: most of
    its clients dial pod addresses on ports they know, and its endpoints and DNS SRV records lack the port, which breaks
    only what reads them (an SRV lookup, a controller or scraper that discovers the pods through them); medium where
    an Ingress or a route sends to that port (by its name or number, or naming none), whose backend then has no pod.
    **low** too for a Service that carries no client traffic (only metrics, profiling, health, debug or admin ports,
    as `single-replica` reads them): what is lost is a scrape or a check, not a client's request.

    ## Example

    ```yaml
    kind: Service
    spec:
      selector: {app: default-http-backend}
      ports: [{port: 80, targetPort: 80}]
    ---
    kind: Deployment
    spec:
      template:
        spec:
          containers: [{name: backend, ports: [{containerPort: 8080}]}]
    ```

    ## Fix

    ```yaml
      ports: [{port: 80, targetPort: 8080}]
    ```
    """
    evidence_of = serving(ctx.inventory)
    for service in ctx.inventory.of_kind("Service"):
        selected = service_workloads(ctx.inventory, service)
        ports = _declared_ports(t for w in selected for t in w.templates)
        numbers = {number for number, _ in ports if number is not None}
        names = {port_name for _, port_name in ports if port_name is not None}
        if not (numbers or names):
            continue
        listened = {n for w in selected for t in w.templates for n in t.derive("bound_ports", _template_bound_ports)}
        headless = dig(service, "spec", "clusterIP") == "None"
        for_clients = evidence_of.serves_clients(service)
        undeclared: list[Evidence] = []
        routed: dict[str, None] = {}  # what routes to an unresolvable port, in order, once each
        reaches_declared = unread = scraped = by_setting = False
        for index, port in enumerate(as_list(dig(service, "spec", "ports"))):
            target = dig(port, "targetPort")
            if target is None:
                target = dig(port, "port")
            if _declared(target, numbers | listened, names):
                reaches_declared = True
                continue
            if not for_clients:
                routes = routes_to(ctx.inventory, service, port)
                reader = _read(ctx, service, as_dict(port), routes, evidence_of.scraped_ports(service))
                if reader is None:
                    unread = True
                    continue
                routed |= dict.fromkeys(routes if headless else ())
                scraped = scraped or reader == "scrape"
                by_setting = by_setting or reader == "setting"
            undeclared.append(Evidence(f"spec.ports[{index}].targetPort", target))
        if unread and not undeclared:
            ctx.not_judged(service, UNREAD_PORT)
        one_declared = (
            len(
                {
                    number
                    for number, port_name in ports
                    if number is not None and not NOT_FOR_CLIENTS.find(port_name or "")
                }
            )
            == 1
        )
        if (reaches_declared or not one_declared) and any(not _is_name(e.value) for e in undeclared):
            ctx.not_judged(service, UNDECLARED_NUMBER)
            undeclared = [e for e in undeclared if _is_name(e.value)]
        if undeclared:
            declared = ", ".join(map(_shown, ports))
            named = [str(e.value) for e in undeclared if _is_name(e.value)]
            numbered = [str(e.value) for e in undeclared if not _is_name(e.value)]
            said = []
            for_clients = for_clients or bool(routed)
            if named:
                said.append(
                    f"targetPort {', '.join(named)} names no port the selected containers declare, so it cannot "
                    + (
                        "be resolved and the Service's endpoints and DNS SRV records carry no such port: what "
                        f"{' and '.join(routed)} send{'s' if len(routed) == 1 else ''} to it finds no pod"
                        if routed
                        else "be resolved and the scrape the input asks of it finds nothing there"
                        if scraped and not for_clients
                        else "be resolved and the Service's endpoints and DNS SRV records carry no such port: what "
                        "looks it up by the name a setting gives finds none"
                        if by_setting and headless
                        else "be resolved and traffic to it fails"
                    )
                )
            if numbered:
                said.append(
                    f"targetPort {', '.join(numbered)} {'is' if len(numbered) == 1 else 'are'} not declared by the "
                    "selected containers (a container may listen on a port it does not declare: the input shows "
                    "only that the declaration is missing)"
                )
            yield ctx.finding(
                service,
                "; ".join(said) + f". They declare {declared}.",
                *undeclared,
                Evidence("declared container ports", [_shown(port) for port in ports]),
                Evidence("selected workloads", sorted(str(w.ref) for w in selected)),
                severity=None if named and for_clients else "low",
                remediation=None if named else NUMBERED_FIX,
            )
