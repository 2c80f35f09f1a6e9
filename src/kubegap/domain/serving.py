"""Serving evidence: which Services carry client traffic, to which containers, and which carry the API
server's own traffic (admission webhooks, aggregated APIs, CRD conversion webhooks).

Every check that reasons about client traffic asks ``serving(inventory)``, worked out once per audit.

- A Service carries client traffic when it has a cluster IP and a port that is not known as a
  metrics, profiling, health, debug or admin port. A port is known as one when a name says so, as
  words (``NOT_FOR_CLIENTS``): the Service port's name, its ``targetPort`` name, the name of the
  container port it reaches, or, for metrics and profiling, the Service's own name
  (``controller-manager-metrics-service``, ``MONITORING_SERVICE_WORDS``);
  or when a monitoring system scrapes it (the ``prometheus.io/port`` of a Service annotated
  ``prometheus.io/scrape``, or a ServiceMonitor's or PodMonitor's ``port`` where it leaves the Service a port for
  clients or an exporter serves it: ``_counted_scrapes``) and the Service does not expose it (a port an Ingress or
  a route sends to, or of a NodePort or LoadBalancer Service, has clients whatever scrapes it, and from a cluster
  whose Ingresses or routes could not be read, or whose routes were read from some namespaces only, a scrape shows
  nothing);
  or when the container says
  so itself: a flag or variable binding the port whose name says it is for monitoring, health or
  administration (``--metrics-bind-address=:8080``), or a probe fetching its metrics page
  (``path: /metrics``). A container port known as such by a name or by its container is known as such
  for every Service that reaches it.
- A Service named by an admission webhook, an APIService or a CRD's conversion webhook carries the
  API server's traffic, whatever its ports are called: it serves clients. A conversion webhook counts
  only for a CRD with more than one version: the API server never converts a CRD that has one.
- A Service or port named for webhooks (``WEBHOOK_SERVICES``) has the API server as its one caller, through a
  webhook configuration naming it: where none does and none can appear (a cluster listed them all, or the install
  carries its rights and nothing in it could create one at run time: ``nothing_beyond_input``), nothing calls it
  and it carries no client traffic. Where some webhook, APIService or conversion of the input names a Service the
  input does not hold, a build step renames what they call (a kustomize base read as it is), and that is not
  concluded.
- Which container serves a client port: the ones that declare its target (by name or number), else
  the ones whose probes check that port, else every regular container. A port a container does not
  declare is not evidence that nothing listens there.
- What sends traffic to a Service through a balancer outside kube-proxy: a load balancer the cloud makes (type
  LoadBalancer), node ports whose external traffic policy is Local, an Ingress backend or a route (Gateway API,
  Traefik, Istio, OpenShift: ``kubegap.domain.routes``), each a proxy reading the endpoints itself
  (``load_balanced``); and which Services fail-closed
  admission webhooks call (``fails_closed``, ``called_service``), whose backends
  ``webhook-backend-unavailable`` alone judges for replicas and budgets.
- Who registers webhooks at run time: a workload whose ServiceAccount may create webhook configurations
  (``registers_webhooks``), unless it shares that account with a workload that serves webhooks and serves none
  itself: a right shared by several workloads is the one's that serves them. A workload serves webhooks when a
  Service selecting it carries the input's, or it or one of its ports is named for one (``WEBHOOK_SERVICES``), as
  the Service of a webhook registered at run time is.
- Who the clients are: an operators' console (``console``) serves the people who run a Kubernetes tool, not
  the workloads or users of a product. A workload is one when its name, its image or every Service in front of it says so, as
  words (``katib-ui``, ``kubernetes-dashboard-api``, ``chaos-dashboard``, ``neuvector-service-webui``; or a
  Kubernetes console known by name, such as Headlamp), words of its own and not of its install (a word every workload
  of its namespace has names a release or a chart), it serves nothing the API server calls, and its namespace holds a
  ServiceAccount that a RoleBinding or ClusterRoleBinding names (a program there talks to the Kubernetes API: the tool
  it is the console of, or the console itself; an install written without namespaces is in the one its bindings give
  its own ServiceAccounts). A product's web front end has no such neighbour. Losing a console for a node's rescheduling costs its
  operators their view; a few seconds of it during a rollout or a drain costs them a reload. A product's admin
  console is one too, wherever it runs: a workload whose name or image says so (``ADMIN_CONSOLES``: Bitwarden's
  ``admin``, ``element-admin``, phpLDAPadmin), alone behind its Services, serves the product's administrators, not
  its users (an admin pod behind its store's client Service serves that store's clients too).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kubegap.domain.absence import custom_group, nothing_beyond_input
from kubegap.domain.containers import app_containers, image_name, settings
from kubegap.domain.datastores import observer
from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.reconcilers import LEASE_KINDS, named_operator, registers_webhooks, service_account
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import as_dict, as_list, bound_accounts, containers, dig, labels, name, namespace
from kubegap.domain.roles import lasting_bindings
from kubegap.domain.routes import CROSS_NAMESPACE_ROUTE_KINDS, GATEWAY_ROUTE_KINDS, PROXY_ROUTE_KINDS, routed_backends
from kubegap.domain.scoped_inventory import WORKLOADS, Readable
from kubegap.domain.selectors import Selector
from kubegap.domain.services import called_service, service_workloads
from kubegap.domain.tokens import Words, words

NOT_FOR_CLIENTS = Words(
    (
        "metrics",
        "metric",
        "prom",
        "monitoring",
        "pprof",
        "profiling",
        "profiler",
        "debug",
        "health",
        "healthz",
        "healthcheck",
        "livez",
        "readyz",
        "liveness",
        "readiness",
        "probe",
        "probes",
        "admin",
        "dummy",
    )
)
"""Words that name a port read by monitoring, profilers, health checks or administrators, not by clients:
``http-metrics``, ``https-metrics``, ``http-profiling``, ``probes``, ``healthz``, ``admin``; or a placeholder no
client reads, such as the ``csi-s3-dummy`` port a CSI controller's StatefulSet gets a Service for."""
MONITORING_SERVICE_WORDS = Words(("metrics", "metric", "prom", "monitoring", "pprof", "profiling", "profiler"))
"""Words that name a Service read only by monitoring or profilers (``controller-manager-metrics-service``).
A Service named for administration or health (``rethinkdb-admin``) is often a console people use, so only
its ports' names count."""
CONSOLES = Words(("ui", "webui", "dashboard", "console", "mcp"))
"""Words of a workload's name, its image or the Services in front of it (all of them) that say it is a web console
people use to look at and operate a system (``katib-ui``, ``chaos-dashboard``, ``neuvector-service-webui``), or the
Model Context Protocol server through which their AI tools do (Sveltos's ``mcp-server``). In the workload's name and
its Services', only the words that are its own count: a word every workload of its namespace has names the install
(ThreatMapper's chart ``deepfence-console`` names its PostgreSQL ``console-deepfence-console-postgres``). An image
names its program, so all its words count (the Kubernetes Dashboard's ``kubernetesui/dashboard``)."""
KNOWN_CONSOLES = Words(("headlamp", "kube ops view", "weave scope", "kiali"))
"""Kubernetes consoles known by name, wherever the name is (Weave Scope's app, beside its agents)."""
ADMIN_CONSOLES = Words(("admin", "phpmyadmin", "phpldapadmin", "pgadmin", "pgadmin4", "adminer"))
"""Words of a workload's name or its image that say it is the console through which a product's administrators
run it (``element-admin``, Bitwarden's ``admin``, phpLDAPadmin): it serves the people who run the product, not its
users, whatever else runs beside it."""
WEBHOOK_SERVICES = Words(("webhook", "webhooks", "admission"))
"""Words of a Service's name or of its ports' names that say it is where an admission webhook is served
(``svc-admission-webhook``, a port ``https-webhook``, HwameiStor's Service ``hwameistor-admission-controller``), when
the configuration naming it is registered at run time and so absent from the input."""
WEBHOOK_KINDS = ("ValidatingWebhookConfiguration", "MutatingWebhookConfiguration")
API_BACKEND_KINDS = (*WEBHOOK_KINDS, "APIService", "CustomResourceDefinition")
BALANCER_KINDS = ("Ingress", *GATEWAY_ROUTE_KINDS, *PROXY_ROUTE_KINDS)
"""The kinds that send traffic to a Service's endpoints besides the Service itself (``routed_backends`` reads them)."""


SERVING_EVIDENCE_KINDS = (
    "Service",
    "ServiceMonitor",
    "PodMonitor",
    *API_BACKEND_KINDS,
    *BALANCER_KINDS,
    WORKLOADS,
    *LEASE_KINDS,
)
"""What serving evidence reads: a check that asks ``serving`` declares these in its ``reads``."""
PROBES = ("readinessProbe", "livenessProbe", "startupProbe")
ADMISSION = "admission webhook"
CONVERSION = "conversion webhook of CRD "


def calls_only(roles: list[str], kinds: tuple[str, ...]) -> bool:
    """Whether a Service carries the API server's calls (``api_roles``), all of them of ``kinds`` (role prefixes:
    ``ADMISSION``, ``CONVERSION``)."""
    return bool(roles) and all(role.startswith(kinds) for role in roles)


def serving(inventory: Readable) -> ServingEvidence:
    """The inventory's serving evidence, worked out once per audit."""
    return inventory.derive("serving", ServingEvidence)


class ServingEvidence:
    """What the input shows about client traffic (see the module's docstring). Worked out whole when made:
    it keeps no reference to the inventory."""

    def __init__(self, inventory: Readable):
        self._api, self._broad_admission, called_ports = _api_backends(inventory)
        self._fail_closed = {id(service) for service in _fail_closed_services(inventory)}
        scraped = self._scraped = _scraped_port_names(inventory)
        quiet = _container_ports_not_for_clients(inventory)
        bound = self._bound = _bound_accounts(inventory)
        self._bindings_unread = any(
            inventory.collection.unreadable(kind) for kind in ("RoleBinding", "ClusterRoleBinding")
        )
        held = {name(service) for service in inventory.of_kind("Service")}
        renamed = any(service_name not in held for _, service_name in self._api)
        self._client_ports: dict[int, list[dict]] = {}
        self._services: dict[int, list[dict]] = {}
        self._addressed: set[int] = set()
        self._also_for_clients: set[int] = set()
        for service in inventory.of_kind("Service"):
            selected = service_workloads(inventory, service)
            ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
            roles = self.api_roles(service)
            called = called_ports.get((namespace(service), name(service)), set())
            counted = _counted_scrapes(service, ports, selected, scraped.get(id(service), set()), quiet, inventory)
            if roles and any(
                not (isinstance(number := p.get("port"), int) and number in called)
                and not _known_not_for_clients(service, p, selected, counted, quiet, inventory)
                for p in ports
            ):
                # a port the API server does not call, not known as a metrics, health or admin port, has clients of
                # its own
                self._also_for_clients.add(id(service))
            uncalled = not renamed and not roles and _no_webhook_calls(inventory, service, selected, bound)
            self._client_ports[id(service)] = (
                ports
                if roles
                else [
                    p
                    for p in ports
                    if not _known_not_for_clients(service, p, selected, counted, quiet, inventory)
                    and not (uncalled and _named_for_webhooks(service, p))
                ]
            )
            if not ports or self._client_ports[id(service)]:
                self._addressed.update(id(workload.obj) for workload in selected)
            if self.serves_clients(service):
                for workload in selected:
                    self._services.setdefault(id(workload.obj), []).append(service)
        self._consoles = _consoles(inventory, self, bound)
        self._registrars = _webhook_registrars(inventory, self)

    def scraped_ports(self, service: dict) -> set[str]:
        """The port names a ServiceMonitor or PodMonitor of the input scrapes on the Service."""
        return self._scraped.get(id(service), set())

    def api_roles(self, service: dict) -> list[str]:
        """What API server traffic the Service carries: ``admission webhook x``, ``APIService y``,
        ``conversion webhook of CRD z`` (none for most Services)."""
        return self._api.get((namespace(service), name(service)), [])

    def admission_backend(self, service: dict) -> bool:
        """Whether the Service carries admission webhook calls and nothing else but the conversion of custom
        resources: ``webhook-backend-unavailable`` judges such a backend, by what its webhooks intercept and
        whether they fail closed, and names what it converts (one cause, one finding)."""
        roles = self.api_roles(service)
        return any(role.startswith(ADMISSION) for role in roles) and calls_only(roles, (ADMISSION, CONVERSION))

    def serves_clients(self, service: dict) -> bool:
        """Whether the Service carries client traffic: the API server's, or a port not known as a metrics,
        profiling, health, debug or admin port on a Service with a cluster IP (a headless Service only
        publishes pod addresses in DNS)."""
        if self.api_roles(service):
            return True
        if dig(service, "spec", "clusterIP") == "None":
            return False
        ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
        return not ports or bool(self.client_ports(service))

    def client_ports(self, service: dict) -> list[dict]:
        """The Service's ports that carry client traffic (every port of a Service that backs an API). A Service
        the inventory does not hold is judged by its own names and annotations alone."""
        found = self._client_ports.get(id(service))
        if found is not None:
            return found
        ports = [p for p in as_list(dig(service, "spec", "ports")) if isinstance(p, dict)]
        return (
            ports
            if self.api_roles(service)
            else [p for p in ports if not _known_not_for_clients(service, p, [], set(), set(), None)]
        )

    def services(self, workload: Workload) -> list[dict]:
        """The Services carrying client traffic that select the workload's pods."""
        return self._services.get(id(workload.obj), [])

    def unaddressed(self, workload: Workload) -> bool:
        """Whether no Service with a port for clients selects the workload, headless ones included (their
        clients reach the pods by their addresses): evidence that no request depends on its pods."""
        return id(workload.obj) not in self._addressed

    def fail_closed_services(self, workload: Workload) -> list[dict]:
        """The Services selecting the workload's pods that a fail-closed admission webhook calls:
        ``webhook-backend-unavailable`` judges their backends' replicas and disruption budget, as the API's
        availability (one cause, one finding)."""
        return [s for s in self.services(workload) if id(s) in self._fail_closed]

    def fail_open_only(self, workload: Workload) -> bool:
        """Whether all the workload's client traffic is admission calls of webhooks that fail open: a call that
        reaches an unready pod fails, and is ignored, as one with no ready endpoint is."""
        return self._api_calls_only(workload, (ADMISSION,), lambda s: id(s) not in self._fail_closed)

    def serves_own_kinds_only(self, workload: Workload) -> bool:
        """Whether all the workload's client traffic is the API server's calls for custom resources alone: admission
        of writes of an operator's own kinds, or their conversion between versions for those kinds' reads and
        writes."""
        return self._api_calls_only(
            workload, (ADMISSION, CONVERSION), lambda s: (namespace(s), name(s)) not in self._broad_admission
        )

    def _api_calls_only(self, workload: Workload, kinds: tuple[str, ...], each: Callable[[dict], bool]) -> bool:
        """Whether all the workload's client traffic is the API server's calls of ``kinds`` (role prefixes), on the
        ports it calls (any other port not known as a metrics, health or admin port has clients of its own), and
        each Service passes ``each``. Never for a workload that registers webhooks at run time:
        what it adds is not in the input, and may be anything's (Volcano's admission server, whose static
        configurations name only its own kinds, registers its pod webhooks itself)."""
        services = self.services(workload)
        return (
            bool(services)
            and not self.registers_webhooks(workload)
            and all(
                calls_only(self.api_roles(s), kinds) and id(s) not in self._also_for_clients and each(s)
                for s in services
            )
        )

    def registers_webhooks(self, workload: Workload) -> bool:
        """Whether the workload registers admission webhooks itself at run time, so the API server calls its
        Service though no configuration for it is in the input (see the module's docstring)."""
        return id(workload.obj) in self._registrars

    def serves_webhooks(self, workload: Workload) -> bool:
        """Whether a Service selecting the workload carries admission webhook calls of the input."""
        return any(role.startswith(ADMISSION) for role in self.api_roles_of(workload))

    def api_roles_of(self, workload: Workload) -> list[str]:
        """What API server traffic the workload's Services carry (webhooks, aggregated APIs, conversion)."""
        return sorted({role for s in self.services(workload) for role in self.api_roles(s)})

    def reads_the_api(self, workload: Workload) -> bool:
        """Whether a binding of the input names the ServiceAccount of one of the workload's pod templates: its
        program talks to the Kubernetes API (an ingress controller reads its routes there). Where the bindings could
        not be read (forbidden, or their listing failed), any workload may: a partial view never says it does not."""
        if self._bindings_unread:
            return True
        return any((workload.ref.namespace, service_account(t)) in self._bound for t in workload.templates)

    def console(self, workload: Workload) -> str | None:
        """The word that makes the workload an operators' console (see the module's docstring), or None."""
        return self._consoles.get(id(workload.obj))

    def udp_only_ports(self, container: dict, services: list[dict]) -> list[int]:
        """The numbers of the client ports of ``services`` the container declares, when every one of them is UDP (by
        the container's port or the Service's), else none: the kubelet's probes (HTTP, TCP, gRPC) cannot reach a
        UDP port, so only a command can probe such a container."""
        found = [
            (declared.get("protocol") or port.get("protocol") or "TCP", declared.get("containerPort"))
            for service in services
            for port in self.client_ports(service)
            for declared in as_list(container.get("ports"))
            if isinstance(declared, dict) and _names_port(_target(port), declared)
        ]
        if not found or any(protocol != "UDP" for protocol, _ in found):
            return []
        return sorted({number for _, number in found if isinstance(number, int) and not isinstance(number, bool)})

    def serving_containers(self, workload: Workload, services: list[dict]) -> list[tuple[PodTemplate, str, dict]]:
        """The regular containers that serve a client port of ``services``: those that declare its target,
        else those whose probes check it, else those that declare no port at all beside others that declare
        theirs elsewhere (a container that lists its ports has said what it listens on; one that lists none has
        said nothing), else (nothing says which) every regular container."""
        targets = [_target(p) for s in services for p in self.client_ports(s)]
        every = list(app_containers(workload))
        for says in (_declares, _probes):
            serving = [item for item in every if any(says(item[2], target) for target in targets)]
            if serving:
                return serving
        silent = [item for item in every if not as_list(item[2].get("ports"))]
        return silent if silent and len(silent) < len(every) else every


def _consoles(inventory: Readable, evidence: ServingEvidence, bound: set[tuple[str | None, str]]) -> dict[int, str]:
    # a namespace whose ServiceAccount a binding names runs a program that talks to the Kubernetes API, as a
    # Kubernetes tool does and a product's web front end does not
    tools = {ns for ns, _ in bound}
    installs = _install_words(inventory)
    found = {}
    for workload in inventory.workloads:
        if not evidence.services(workload) or evidence.api_roles_of(workload):
            continue
        install = installs.get(workload.ref.namespace, frozenset())
        images = [image_name(c) for t in workload.templates for _, c in containers(t.spec, init=False)]
        admin_texts = [_own_words(workload.ref.name, install), *images]
        admin = next((w for text in admin_texts if (w := ADMIN_CONSOLES.find(text))), None)
        if admin is not None and _alone_behind(inventory, evidence, workload):
            found[id(workload.obj)] = admin
            continue
        # a workload written without a namespace runs in the install's (``Inventory.install_namespace``)
        home = inventory.home(workload.ref.namespace)
        if home not in tools:
            continue
        # an image names its program, not the release: its words all count (the Kubernetes Dashboard's
        # ``kubernetesui/dashboard`` beside ``dashboard-metrics-scraper``)
        said = [_console_word(workload.ref.name, install), *(_console_word(image, frozenset()) for image in images)]
        fronts = [_console_word(name(s), install) for s in evidence.services(workload)]
        if all(fronts):
            # a console's Services all say so: Consul's server behind consul-ui also answers DNS
            said += fronts
        word = next((w for w in said if w is not None), None)
        if word is not None:
            found[id(workload.obj)] = word
    return found


def _install_words(inventory: Readable) -> dict[str | None, frozenset[str]]:
    """Per namespace, the words every one of its workloads (two or more) has in its name: the install's name, a
    release's or a chart's (ThreatMapper's ``console-deepfence-console-postgres`` beside its ``-ui``), which says
    nothing of any one of them."""
    word_sets: dict[str | None, list[set[str]]] = {}
    for workload in inventory.workloads:
        word_sets.setdefault(workload.ref.namespace, []).append(set(words(workload.ref.name)))
    return {ns: frozenset(set.intersection(*found)) for ns, found in word_sets.items() if len(found) > 1}


def _console_word(text: str, install: frozenset[str]) -> str | None:
    """The console a name or image is known as, or the console word among its own words (not ``install``'s)."""
    return KNOWN_CONSOLES.find(text) or CONSOLES.find(_own_words(text, install))


def _own_words(text: str, install: frozenset[str]) -> str:
    """The words of a workload's or Service's name that are not its install's."""
    return " ".join(word for word in words(text) if word not in install)


def _alone_behind(inventory: Readable, evidence: ServingEvidence, workload: Workload) -> bool:
    """Whether every Service in front of the workload selects it alone: an admin pod behind its store's client
    Service (RethinkDB's example joins its admin node to the driver Service) serves that store's clients too."""
    return all(
        [found.obj for found in service_workloads(inventory, service)] == [workload.obj]
        for service in evidence.services(workload)
    )


SCRAPER_NAMES = Words(("prometheus",))
"""Names of the system that scrapes a port: on a workload that is not itself that system, a port named for it is
where it scrapes the workload (kubescape's node-agent ``prometheus`` port serves ``/metrics``)."""


def _named_for_its_scraper(port: dict, selected: list[Workload]) -> bool:
    """Whether the Service port, or its target, is named for the monitoring system that scrapes it, in front of
    workloads none of which is a telemetry server or dashboard (whose own port may well be named so)."""
    names = [n for n in (port.get("name"), port.get("targetPort")) if isinstance(n, str)]
    return (
        bool(selected)
        and any(SCRAPER_NAMES.find(n) for n in names)
        and not any(observer(workload) for workload in selected)
    )


def _no_webhook_calls(
    inventory: Readable, service: dict, selected: list[Workload], bound: set[tuple[str | None, str]]
) -> bool:
    """Whether no webhook configuration the input does not hold can name the Service: a cluster listed them all,
    or the install's rights are in the input (a binding names every selected workload's ServiceAccount) and
    nothing in it could create one at run time (``nothing_beyond_input``). Manifests that carry no RBAC say
    nothing of who registers webhooks. (Nor do manifests whose webhooks, APIServices or conversions name a
    Service they do not hold: a build step, such as a kustomize patch, renames what they call; the caller
    leaves those out.)"""
    if all(inventory.closed(kind_name) for kind_name in WEBHOOK_KINDS):
        return True
    shown = bool(selected) and all(
        (workload.ref.namespace, service_account(t)) in bound or (None, service_account(t)) in bound
        for workload in selected
        for t in workload.templates
    )
    return shown and nothing_beyond_input(inventory, WEBHOOK_KINDS, service)


def _bound_accounts(inventory: Readable) -> set[tuple[str | None, str]]:
    """ServiceAccounts ``(namespace, name)`` that a RoleBinding or ClusterRoleBinding names; a subject written
    without a namespace, in a binding without one, is ``(None, name)``."""
    return {account for binding in lasting_bindings(inventory) for account in bound_accounts(binding)}


def _named_for_webhooks(service: dict, port: dict) -> bool:
    """Whether the Service, or the port (by its name or its target's), is named for admission webhooks
    (``WEBHOOK_SERVICES``): the API server is its one caller, through a webhook configuration naming it."""
    names = (name(service), port.get("name"), port.get("targetPort"))
    return any(isinstance(text, str) and text in WEBHOOK_SERVICES for text in names)


EXPORTERS = Words(("exporter",))
"""A program named an exporter (``blackbox-exporter``) serves scrapes by trade: its scraped port is its job."""


def _counted_scrapes(
    service: dict,
    ports: list[dict],
    selected: list[Workload],
    scraped: set[str],
    quiet: set[tuple[int, str, int]],
    inventory: Readable,
) -> set[str]:
    """The port names monitors scrape on the Service (``scraped``), where their scrape tells its metrics ports from
    its clients'; none where it does not count. A monitor is written from outside to select the Service, and its
    scrape shows a port serves metrics, not that nothing else calls it: it counts where it leaves the Service a port
    for clients, or where a workload it selects runs an image named an exporter (``EXPORTERS``), not where it would
    take the only ports clients have (an API that serves its metrics on its one ``http`` port, scraped by a
    ServiceMonitor). The
    Service's own ``prometheus.io`` annotation names the port its author set apart for scraping, and counts as a name
    does (docs/EVIDENCE.md says what that leaves open)."""
    if not scraped:
        return scraped
    images = [image_name(c) for w in selected for t in w.templates for _, c in containers(t.spec, init=False)]
    if any(EXPORTERS.find(image) for image in images) or any(
        not _known_not_for_clients(service, p, selected, scraped, quiet, inventory)
        for p in ports
        if not _known_not_for_clients(service, p, selected, set(), quiet, inventory)
    ):
        return scraped
    return set()


def _known_not_for_clients(
    service: dict,
    port: dict,
    selected: list[Workload],
    scraped: set[str],
    quiet: set[tuple[int, str, int]],
    inventory: Readable | None,
) -> bool:
    """Whether a Service port is known as a metrics, profiling, health, debug or admin port: by a name (its own,
    or its scraper's), by a monitor (``scraped``: the port names monitors scrape on the Service) or annotation that
    scrapes it where nothing may send it clients (``_unexposed``), or by reaching only container ports known as
    such (``quiet``). ``scraped`` holds the monitors' scrapes to weigh, which ``ServingEvidence`` filters through
    ``_counted_scrapes`` first; ``inventory`` is None for a Service the inventory does not hold."""
    if _named_not_for_clients(service, port) or _named_for_its_scraper(port, selected):
        return True
    port_names = {n for n in (port.get("name"), port.get("targetPort")) if isinstance(n, str)}
    notes = metadata_annotations(service)
    monitored = bool(port_names & scraped)
    annotated = notes.get("prometheus.io/scrape") == "true" and notes.get("prometheus.io/port") == str(port.get("port"))
    if (monitored or annotated) and _unexposed(inventory, service, port):
        return True
    reached = [key for w in selected for key in _reached(w, port)]
    return bool(reached) and all(key in quiet for key in reached)


def _container_ports_not_for_clients(inventory: Readable) -> set[tuple[int, str, int]]:
    """Container ports (``(id(workload.obj), container name, port number)``) known as metrics, profiling,
    health, debug or admin ports: by a name (their own, or that of a Service port that reaches them), by
    what the container says of them (``_ports_the_container_names``), or, in an operator (``named_operator``), by
    its own probes checking them: an operator serves the API server through the webhooks and APIServices that name
    its Services, and otherwise only its health and metrics, so the port its probes ask is its health endpoint."""
    quiet: set[tuple[int, str, int]] = set()
    for workload in inventory.workloads:
        operator = named_operator(workload)
        for template in workload.templates:
            for _, container in containers(template.spec, init=False):
                for port in as_list(container.get("ports")):
                    number = dig(port, "containerPort")
                    if not isinstance(number, int):
                        continue
                    if NOT_FOR_CLIENTS.find(str(dig(port, "name") or "")) or (operator and _probed(container, port)):
                        quiet.add((id(workload.obj), str(container.get("name")), number))
                quiet.update(
                    (id(workload.obj), str(container.get("name")), number)
                    for number in _ports_the_container_names(container)
                )
    for service in inventory.of_kind("Service"):
        for port in as_list(dig(service, "spec", "ports")):
            if isinstance(port, dict) and _named_not_for_clients(service, port):
                for workload in service_workloads(inventory, service):
                    quiet.update(_reached(workload, port))
    return quiet


def _ports_the_container_names(container: dict) -> set[int]:
    """Port numbers the container itself says are for monitoring, profiling, health or administration: a flag
    or variable binding it whose name says so, as words, beside an address word (``--metrics-bind-address=:8080``,
    ``--listen-metrics-addr :8081``, ``--health-port=9440``, ``METRICS_PORT=9090``), or a probe that fetches a
    metrics or profiling page from it (``httpGet: {path: /metrics, port: http}``: a port whose health is its
    metrics page is the metrics endpoint). Health paths alone say nothing: servers answer ``/healthz`` beside
    their clients."""
    found = {number for setting, value in settings(container) if (number := _bound_port(setting, value)) is not None}
    declared = {
        p["name"]: p.get("containerPort") for p in as_list(container.get("ports")) if isinstance(dig(p, "name"), str)
    }
    for field in PROBES:
        page = as_dict(dig(container, field, "httpGet"))
        port = page.get("port")
        number = declared.get(port) if isinstance(port, str) and not port.isdigit() else port
        if MONITORING_SERVICE_WORDS.find(str(page.get("path") or "")) and isinstance(_port_number(str(number)), int):
            found.add(int(str(number)))
    return found


ADDRESS_WORDS = Words(("addr", "address", "port", "listen", "bind", "endpoint"))
"""Words of a flag or variable that sets where a program listens."""


def _bound_port(setting: str, value: str) -> int | None:
    """The port a setting binds when its name says it is for monitoring, profiling, health or administration."""
    if not NOT_FOR_CLIENTS.find(setting) or not ADDRESS_WORDS.find(setting):
        return None
    return _port_number(value)


LISTEN_WORDS = Words(("bind", "listen"))
"""Words of a setting that says the program listens at its value, wherever that is."""
WILDCARD_HOSTS = ("", "0.0.0.0", "[::]", "::")
"""Hosts of a listen address: a value ``:8443`` or ``0.0.0.0:8443`` is where a program listens, never where it
connects."""


def bound_ports(container: dict) -> set[int]:
    """Port numbers a container's own settings make it listen on, declared or not: a flag or variable whose name
    says it binds (``--metrics-bind-address=127.0.0.1:8080``, ``LISTEN_PORT=9000``), or whose value is a listen
    address (``--secure-listen=:8443``, ``ADDR=0.0.0.0:8443``). A bare number under another name
    (``--db-port=5432``) may be a port the program connects to, and is not counted."""
    found: set[int] = set()
    for setting, value in settings(container):
        number = _port_number(value)
        if number is None:
            continue
        host = value.strip().rpartition(":")[0] if ":" in value else None
        if LISTEN_WORDS.find(setting) is not None or host in WILDCARD_HOSTS:
            found.add(number)
    return found


def probed_ports(container: dict) -> set[int]:
    """Port numbers the container's own probes check on the pod (``httpGet``, ``tcpSocket`` or ``grpc``, by number:
    the API server takes a string port only as a name; a probe with a ``host`` checks another address): the kubelet
    checks where the program listens, so a probe on a port is evidence that something listens there, declared or
    not (CubeFS's Grafana declares only an exporter port and is probed, and reached, on 3000)."""
    return {
        port
        for handler in _probe_handlers(container)
        if isinstance(port := handler.get("port"), int)
        and not isinstance(port, bool)
        and 0 < port < 65536
        and not handler.get("host")
    }


def _probe_handlers(container: dict) -> Iterator[dict]:
    """Each network check of the container's probes: ``httpGet``, ``tcpSocket``, ``grpc``."""
    for field in PROBES:
        probe = as_dict(container.get(field))
        for action in ("httpGet", "tcpSocket", "grpc"):
            if isinstance(handler := probe.get(action), dict):
                yield handler


def _port_number(value: str) -> int | None:
    """The port of ``8080``, ``:8080``, ``0.0.0.0:8080`` or ``[::]:8080``, else None."""
    found = re.fullmatch(r"(?:(?:[\w.-]*|\[[0-9A-Fa-f:]*\]):)?(\d{1,5})", value.strip())
    return int(found.group(1)) if found and 0 < int(found.group(1)) < 65536 else None


def _named_not_for_clients(service: dict, port: dict) -> bool:
    """Whether a name says the Service port is a metrics, profiling, health, debug or admin port: the port's,
    its targetPort's, or the Service's own."""
    names = [port.get("name"), port.get("targetPort")]
    return (
        any(isinstance(n, str) and NOT_FOR_CLIENTS.find(n) for n in names)
        or MONITORING_SERVICE_WORDS.find(name(service)) is not None
    )


def _reached(workload: Workload, port: dict) -> list[tuple[int, str, int]]:
    """The container ports of the workload that a Service port's target names (by name or number)."""
    target = _target(port)
    found = []
    for template in workload.templates:
        for _, container in containers(template.spec, init=False):
            for declared in as_list(container.get("ports")):
                number = dig(declared, "containerPort")
                if isinstance(number, int) and _names_port(target, declared):
                    found.append((id(workload.obj), str(container.get("name")), number))
    return found


def _target(port: dict) -> object:
    """The container port a Service port sends to: its ``targetPort``, else its own number."""
    return port.get("targetPort", port.get("port"))


def _names_port(target: object, declared: dict) -> bool:
    if isinstance(target, str) and not target.isdigit():
        return declared.get("name") == target
    return (
        isinstance(target, int | str)
        and not isinstance(target, bool)
        and str(declared.get("containerPort")) == str(target)
    )


def _declares(container: dict, target: object) -> bool:
    return any(isinstance(port, dict) and _names_port(target, port) for port in as_list(container.get("ports")))


def _probed(container: dict, declared: dict) -> bool:
    """Whether one of the container's probes checks a port it declares, by number or by name."""
    return _probes(container, declared.get("containerPort")) or (
        isinstance(declared.get("name"), str) and _probes(container, declared["name"])
    )


def _probes(container: dict, target: object) -> bool:
    """Whether one of the container's probes checks ``target`` (its number, or a port name)."""
    return any(
        (port := handler.get("port")) is not None and not isinstance(port, bool) and str(port) == str(target)
        for handler in _probe_handlers(container)
    )


def _scraped_port_names(inventory: Readable) -> dict[int, set[str]]:
    """Per Service (keyed by ``id``), the port names a ServiceMonitor or PodMonitor scrapes on it."""
    scraped: dict[int, set[str]] = {}
    monitors = [(m, "endpoints") for m in inventory.of_kind("ServiceMonitor")]
    monitors += [(m, "podMetricsEndpoints") for m in inventory.of_kind("PodMonitor")]
    for monitor, field in monitors:
        selector = Selector.from_label_selector(dig(monitor, "spec", "selector"))
        ports = {p for e in as_list(dig(monitor, "spec", field)) if isinstance(p := dig(e, "port"), str)}
        ports |= {p for e in as_list(dig(monitor, "spec", field)) if isinstance(p := dig(e, "targetPort"), str)}
        if selector is None or not ports:
            continue
        namespaces = dig(monitor, "spec", "namespaceSelector")
        for service in inventory.of_kind("Service"):
            home = inventory.home(namespace(service))  # either written without a namespace is the install's
            in_scope = (
                dig(namespaces, "any") is True
                or home in as_list(dig(namespaces, "matchNames"))
                or (not as_dict(namespaces) and home == inventory.home(namespace(monitor)))
            )
            # A ServiceMonitor selects Services by their labels, a PodMonitor pods by theirs.
            subject = labels(service) if field == "endpoints" else as_dict(dig(service, "spec", "selector"))
            if in_scope and selector.matches({k: v for k, v in subject.items() if isinstance(v, str)}):
                scraped.setdefault(id(service), set()).update(ports)
    return scraped


def fails_closed(configuration: dict, webhook: dict) -> bool:
    """Whether an admission webhook fails closed: failurePolicy Fail, the default in
    admissionregistration.k8s.io/v1 (v1beta1: Ignore)."""
    v1beta1 = str(configuration.get("apiVersion") or "").endswith("/v1beta1")
    return webhook.get("failurePolicy", "Ignore" if v1beta1 else "Fail") == "Fail"


def runs_one_replica(backends: list[Workload]) -> bool:
    """Whether the workloads behind a Service run one replica in all (each count known)."""
    replicas = [t.replicas for w in backends for t in w.templates]
    return bool(backends) and None not in replicas and sum(r for r in replicas if r is not None) == 1


def _fail_closed_services(inventory: Readable) -> Iterator[dict]:
    """The Services in the input that fail-closed admission webhooks call."""
    for kind_name in WEBHOOK_KINDS:
        for configuration in inventory.of_kind(kind_name):
            for webhook in as_list(configuration.get("webhooks")):
                service = as_dict(dig(webhook, "clientConfig", "service"))
                ns, service_name = service.get("namespace"), service.get("name")
                if (
                    isinstance(ns, str)
                    and isinstance(service_name, str)
                    and fails_closed(configuration, as_dict(webhook))
                ) and (found := called_service(inventory, ns, service_name)[1]) is not None:
                    yield found


def custom_kinds_only(webhook: object) -> bool:
    """Whether an admission webhook's rules name only custom resources' API groups (an operator's own
    configuration kinds); not for rules the input does not show, or any that reach a built-in group or every one."""
    groups = [g for rule in as_list(dig(webhook, "rules")) for g in as_list(dig(rule, "apiGroups"))]
    return bool(groups) and all(isinstance(g, str) and custom_group(g) for g in groups)


def _api_backends(
    inventory: Readable,
) -> tuple[
    dict[tuple[str | None, str], list[str]], set[tuple[str | None, str]], dict[tuple[str | None, str], set[int]]
]:
    """Per Service ``(namespace, name)``, the API server traffic it carries, the Services some admission
    webhook calls for more than custom resources, and per Service the ports the API server calls (443 where a
    reference names none): a Service written without a namespace carries the calls made to its name in the
    namespace the install chose (``called_service``)."""
    found: dict[tuple[str | None, str], list[str]] = {}
    broad: set[tuple[str | None, str]] = set()
    ports: dict[tuple[str | None, str], set[int]] = {}

    def add(service: object, role: str) -> tuple[str | None, str] | None:
        ns, service_name = dig(service, "namespace"), dig(service, "name")
        if not (isinstance(ns, str) and isinstance(service_name, str)):
            return None
        placed, called = called_service(inventory, ns, service_name)
        key = (placed if called is not None else ns, service_name)
        found.setdefault(key, []).append(role)
        called_port = dig(service, "port")
        ports.setdefault(key, set()).add(called_port if isinstance(called_port, int) else 443)
        return key

    for kind_name in WEBHOOK_KINDS:
        for configuration in inventory.of_kind(kind_name):
            for webhook in as_list(configuration.get("webhooks")):
                key = add(
                    dig(webhook, "clientConfig", "service"),
                    f"{ADMISSION} {dig(webhook, 'name') or name(configuration)}",
                )
                if key is not None and not custom_kinds_only(webhook):
                    broad.add(key)
    for api_service in inventory.of_kind("APIService"):
        add(dig(api_service, "spec", "service"), f"APIService {name(api_service)}")
    for crd in inventory.of_kind("CustomResourceDefinition"):
        conversion = as_dict(dig(crd, "spec", "conversion"))
        client = dig(conversion, "webhook", "clientConfig") or dig(conversion, "webhookClientConfig")
        versions = [v for v in as_list(dig(crd, "spec", "versions")) if isinstance(v, dict)]
        if conversion.get("strategy") == "Webhook" and len(versions) > 1:  # one version is never converted
            add(dig(client, "service"), f"{CONVERSION}{name(crd)}")
    return found, broad, ports


def load_balanced(inventory: Readable) -> dict[tuple[str | None, str], str]:
    """Services a load balancer sends traffic to, by ``(namespace, name)``, with how it reaches them: a Service of
    type LoadBalancer, whose balancer the cloud makes and may send to the pods themselves (GKE's network endpoint
    groups, AWS's IP targets), deregistering a pod only after a delay; an Ingress backend or a route (``kubegap.domain.routes``); or a
    NodePort Service whose external traffic policy is Local, where a node whose last pod of it goes drops what a
    balancer in front still sends it. A NodePort Service's other traffic reaches its pods through kube-proxy, which
    drops a terminating pod as it does for a cluster IP, and the input shows no balancer that sends to the pods.
    Worked out once per audit."""
    return inventory.derive("load_balanced", _load_balanced)


def _load_balanced(inventory: Readable) -> dict[tuple[str | None, str], str]:
    found: dict[tuple[str | None, str], str] = {}
    for service in inventory.of_kind("Service"):
        service_type = dig(service, "spec", "type")
        if service_type == "LoadBalancer":
            found[(namespace(service), name(service))] = "type LoadBalancer"
        elif service_type == "NodePort" and dig(service, "spec", "externalTrafficPolicy") == "Local":
            found[(namespace(service), name(service))] = "type NodePort, external traffic policy Local"
    for key, routes in routed_backends(inventory).items():
        found.setdefault(key, routes[0][0])
    return found


def routes_to(inventory: Readable, service: dict, port: dict) -> list[str]:
    """The Ingresses and routes that send to this port of the Service (``Ingress web``): by its name or number, or
    naming no port; an OpenShift Route by the endpoints' port, the Service port's name or its target number."""
    routes = routed_backends(inventory).get((namespace(service), name(service)), [])
    target = _target(port)
    found = []
    for what, named, by_target in routes:
        if by_target and isinstance(named, int) and isinstance(target, str):
            # an OpenShift Route may name by number the pods' port the Service targets by name
            reaches = named in {
                number for w in service_workloads(inventory, service) for *_, number in _reached(w, port)
            }
        else:
            reaches = named is None or named in (
                (port.get("name"), target) if by_target else (port.get("name"), port.get("port"))
            )
        if reaches:
            found.append(what)
    return found


def _unexposed(inventory: Readable | None, service: dict, port: dict) -> bool:
    """Whether the input shows that nothing sends the port clients beyond its scrape: the Service is no node port
    or cloud load balancer, no Ingress or route sends to the port, and no kind that routes could not be read from a
    cluster (forbidden, or failed), nor a Gateway route read from some namespaces only (a route in another may send
    to it). A scrape shows the port serves metrics, not that nothing else calls it."""
    if dig(service, "spec", "type") in ("NodePort", "LoadBalancer"):
        return False
    if inventory is None:
        return True
    facts = inventory.collection
    if any(facts.unreadable(kind) for kind in BALANCER_KINDS) or any(
        kind in facts.listed and not inventory.listed_everywhere(kind) for kind in CROSS_NAMESPACE_ROUTE_KINDS
    ):
        return False
    return not routes_to(inventory, service, port)


def _webhook_registrars(inventory: Readable, evidence: ServingEvidence) -> set[int]:
    """The workloads whose ServiceAccount may create webhook configurations (``registers_webhooks``), less those
    that share the account with a workload serving webhooks while serving none themselves: a right shared by
    several workloads is the one's that serves the webhooks (Knative's webhook, autoscaler and controller run as
    one account, and every configuration calls the webhook). A workload serves webhooks when a Service selecting
    it carries the input's webhooks, or is named for one, or has a port named for one (``WEBHOOK_SERVICES``): NeuVector's controller registers
    its webhooks at run time behind ``neuvector-svc-admission-webhook``, and its manager, on the same account,
    serves only its web console."""

    def serves(workload: Workload) -> bool:
        return evidence.serves_webhooks(workload) or any(
            text in WEBHOOK_SERVICES
            for s in evidence.services(workload)
            for text in (name(s), *(str(dig(p, "name") or "") for p in as_list(dig(s, "spec", "ports"))))
        )

    serving_accounts = {
        (w.ref.namespace, service_account(t)) for w in inventory.workloads if serves(w) for t in w.templates
    }
    return {
        id(w.obj)
        for w in inventory.workloads
        if registers_webhooks(inventory, w)
        and (serves(w) or not {(w.ref.namespace, service_account(t)) for t in w.templates} & serving_accounts)
    }
