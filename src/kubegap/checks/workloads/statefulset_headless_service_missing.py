"""``statefulset-headless-service-missing``: StatefulSet without its headless Service."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.absence import missing_said
from kubegap.domain.cluster_dns import answers_endpoint_names
from kubegap.domain.pod_dns import Resolver, governing_elsewhere, pod_names_resolved, service_reached
from kubegap.domain.podsources import set_by_controller
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_list, dig
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector
from kubegap.domain.services import service_selector

COZE = "coze-studio-2026-statefulset-servicename-mismatch-dns-failures"

NOBODY_RESOLVES = (
    "nothing in the input looks its pods up by DNS name (a host <pod>.<service> in a variable, argument or "
    "ConfigMap, or the Service by name) and no headless Service selects them: whether anything does cannot be told"
)


ROLE_SERVICE = (
    "Service {service} also selects the pods by labels their template does not carry ({labels}), which a program "
    "sets on one of them at run time: it gives its clients one address for the pod that holds that role (a primary) "
    "across a failover, which a headless Service would not, and nothing in the input looks the pods up by name"
)


def _role_labels(service: dict, workload: Workload) -> tuple[str, str] | None:
    """``(role, carried)``, as text, where a Service selects the one pod that holds a role: the labels of its
    selector that the workload's pod templates do not carry, nor their controllers add, and the others, which a
    template carries as the selector asks (at least one). None otherwise: a label the templates carry with another
    value, or a selector none of whose labels they carry, is a typo, which selects no pod and picks no role."""
    selector = service_selector(service)
    if selector is None:
        return None
    for template in workload.templates:
        carried = [(k, v) for k, v in selector.match_labels if k in template.labels]
        lacking = [(k, v) for k, v in selector.match_labels if k not in template.labels]
        if (
            carried
            and lacking
            and all(template.labels[k] == v for k, v in carried)
            and not any(set_by_controller(k) for k, _ in lacking)
        ):
            return str(Selector(tuple(lacking), ())), str(Selector(tuple(carried), ()))
    return None


NOT_HEADLESS_FIX = (
    "Recreate Service {service} as headless (clusterIP: None, the same selector and ports): a Service's clusterIP "
    "cannot be changed in place, so delete and create it, a moment in which its name does not resolve. The pods' "
    "names under it, which the input shows in use, then resolve on any cluster DNS, and its clients still reach the "
    "pods by its name, each at a pod's address rather than a cluster IP; a client that needs one stable address "
    "keeps a second Service with a cluster IP under another name. Do not point spec.serviceName at a new Service "
    "instead: the pods' names would change with it, and every peer and client that uses them would lose them."
)

NOT_HEADLESS_FOR_A_ROLE_FIX = (
    "Service {service} gives its clients one address for the pod that holds the role {role} across a failover, "
    "which a headless Service cannot, so first give them a Service of their own under another name (the same "
    "selector, type and ports) and point them at it; then recreate Service {service} as headless (clusterIP: None, "
    "the same ports) with the selector the pods' template carries ({carried}, without {role}): a headless Service "
    "names only the pods it selects, so every pod's name under it, which the input shows in use, then resolves. Do "
    "not point spec.serviceName at a new Service instead: the pods' names would change with it, and every peer and "
    "client that uses them would lose them."
)

NOT_HEADLESS_FOR_ITS_CLIENTS_FIX = (
    "Service {service} gives its clients what a headless Service cannot ({why}), so first give them a Service of "
    "their own under another name (the same selector, type and ports) and point them at it; then recreate Service "
    "{service} as headless (clusterIP: None, the same selector and ports), so the pods' names under it, which the "
    "input shows in use, keep their domain. Do not point spec.serviceName at a new Service instead: the pods' names "
    "would change with it, and every peer and client that uses them would lose them."
)


def _not_headless_fix(service: dict, service_name: str, role: tuple[str, str] | None) -> str:
    """Recreate the Service as headless, where its clients lose nothing by it: a headless Service has no node port
    or load balancer, maps no port (a client of ``port`` reaches the pod on that number) and keeps no address for
    the pod that holds a role (``role``: its labels and those the template carries)."""
    if role is not None:
        return NOT_HEADLESS_FOR_A_ROLE_FIX.format(service=service_name, role=role[0], carried=role[1])
    kind_of = dig(service, "spec", "type")
    mapped = [
        p
        for p in as_list(dig(service, "spec", "ports"))
        if isinstance(p, dict) and p.get("targetPort") not in (None, p.get("port"))
    ]
    why = (
        f"it is of type {kind_of}"
        if kind_of not in (None, "ClusterIP")
        else "it maps port " + ", ".join(f"{p.get('port')} to {p.get('targetPort')}" for p in mapped)
        if mapped
        else None
    )
    if why is None:
        return NOT_HEADLESS_FIX.format(service=service_name)
    return NOT_HEADLESS_FOR_ITS_CLIENTS_FIX.format(service=service_name, why=why)


@check(
    id="statefulset-headless-service-missing",
    title="StatefulSet without its headless Service",
    severity="medium",
    category="workloads",
    cases=[COZE],
    requires=["Service"],
    fix=(
        "Create the Service that spec.serviceName names, in the StatefulSet's namespace, with clusterIP: None "
        "and a selector matching the pods, so each pod gets its stable DNS name (pod-0.<service>)."
    ),
    reads=["workloads", "ConfigMap", *RBAC_KINDS],
)
def statefulset_headless_service_missing(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StatefulSets whose `spec.serviceName` names a Service that does not exist in their namespace,
    or one that is not headless (`clusterIP` other than `None`) in front of more than one replica: a
    StatefulSet of one replica has no peer to find by its pod's DNS name, and its clients reach it
    through the Service that exists. A Service with a cluster IP is not reported where the input shows the
    cluster's DNS is CoreDNS, which answers its pods' names too (see Severity). That the Service does not exist is
    known from a cluster or snapshot that listed Services; in manifests only from positive evidence
    (see Evidence rules in the docs): a Service whose name is a near miss of it, or files beside the
    StatefulSet that define the namespace's Services while nothing in the input could create one.

    Pods without names of their own break only what looks them up, so a finding also needs the input to
    show that something does: a host `<pod>.<service>`, ending there or going on with the namespace and `svc` (a
    name that goes on to another domain, `docs.bytebase.com`, is not the cluster's), in a container's variables,
    arguments or command, or in a ConfigMap (a peer list, an advertised listener); for a missing Service, also the Service
    reached by name (`<service>.<namespace>`, `<service>:<port>`); or a headless Service that selects the
    pods under another name (the names were meant to exist). Otherwise, and where the absence itself
    cannot be known, the StatefulSet is not judged, and coverage says so. A Service with a cluster IP that selects
    the pods by labels their template carries and, beside them, by labels it does not carry (nor their controller
    adds) selects the one that holds a role a program sets at run time (Patroni's `role: master`): it gives its
    clients one address for that pod across a failover, so another headless Service (TimescaleDB's, for Patroni's
    endpoints) shows no names in use, and only a look-up of the pods' names reports it, with a fix that first gives
    those clients a Service of their own and then selects every pod by the labels the template carries (TimescaleDB's
    chart, told to recreate its primary Service as headless: judged wrong). A selector with no label the template
    carries, or one it carries with another value, is a mistake, judged as before.

    ## Why it matters

    StatefulSet pods get their stable DNS names only through the Service named in
    `spec.serviceName`, and Kubernetes accepts a StatefulSet whose Service does not exist: the
    mistake shows only as DNS failures at runtime. In the Coze Studio Helm chart, StatefulSets
    took `serviceName` from the release name while the Services were named by the chart's
    fullname helper; whenever an override was set the names diverged, the governing Service did
    not exist and the pods' DNS names could not be resolved.

    ## Severity

    **Medium**: the pods have no stable DNS names, which breaks the peers and clients the input
    shows looking them up. A Service that is not headless is different: the endpoint controllers name each pod
    whose subdomain is the Service, and CoreDNS answers `<pod>.<service>` for such a Service too (its kubernetes
    plugin answers a name query for any Service's endpoint), where kube-dns, as the DNS specification requires,
    answers pod names only for a headless Service. So such a StatefulSet is not reported where the input shows the
    cluster runs CoreDNS, is **medium** where it shows kube-dns, and **low** where it shows neither: the names
    resolve on most clusters, whose DNS is CoreDNS, and not on those that run kube-dns (CubeFS's masters, whose peer
    list names `master-0.master-service`, were reported at medium: judged wrong for a CoreDNS cluster).

    The fix for a Service that is not headless recreates that Service as headless, so the names the input shows
    in use (`<pod>.<service>`) keep their domain; pointing `spec.serviceName` at a new headless Service would
    rename every pod and break each peer list that names them (CubeFS's masters again: judged wrong). Where the
    Service gives its clients what a headless one cannot (a node port or load balancer, a port mapped to another
    number), the fix first moves them to a Service of their own under another name.

    ## Example

    ```yaml
    kind: StatefulSet
    spec:
      serviceName: kafka-headless     # no such Service
      template:
        spec:
          containers:
          - name: kafka
            env:
            - name: KAFKA_ADVERTISED_LISTENERS      # what looks the names up
              value: PLAINTEXT://$(POD_NAME).kafka-headless:9092
    ```

    ## Fix

    ```yaml
    kind: Service
    metadata: {name: kafka-headless}
    spec:
      clusterIP: None
      selector: {app: kafka}
    ```
    """
    for workload in ctx.inventory.workloads:
        if workload.kind != "StatefulSet":
            continue
        service_name = dig(workload.obj, "spec", "serviceName")
        if not isinstance(service_name, str) or not service_name:
            continue
        service = ctx.inventory.get("Service", workload.ref.namespace, service_name)
        if service is None:
            how = missing_said(ctx, "Service", workload.ref.namespace, service_name, workload.obj)
            if how is None:
                continue
            looked_up = _looked_up(ctx, workload, service_name, service_reached)
            if looked_up is None:
                continue
            said, shown = looked_up
            yield ctx.finding(
                workload.obj,
                f"StatefulSet names Service {service_name}, which does not exist{how}: its pods get no stable DNS names"
                f"{said}.",
                Evidence("spec.serviceName", service_name),
                shown,
            )
        elif dig(service, "spec", "clusterIP") != "None" and [t.replicas for t in workload.templates] != [1]:
            coredns_answers = answers_endpoint_names(ctx.inventory)
            if coredns_answers:
                continue  # the cluster's CoreDNS answers <pod>.<service> for a Service with a cluster IP too
            role = _role_labels(service, workload)
            looked_up = _looked_up(
                ctx,
                workload,
                service_name,
                pod_names_resolved,
                # another headless Service shows no names in use where this one routes clients to a role
                unjudged=ROLE_SERVICE.format(service=service_name, labels=role[0]) if role is not None else None,
            )
            if looked_up is None:
                continue
            said, shown = looked_up
            yield ctx.finding(
                workload.obj,
                f"StatefulSet's Service {service_name} is not headless (clusterIP {dig(service, 'spec', 'clusterIP') or 'unset'}): "
                + (
                    f"its pods get no stable DNS names from the cluster's kube-dns{said}."
                    if coredns_answers is False
                    else "its pods' DNS names resolve only where the cluster's DNS answers them for a Service with a "
                    f"cluster IP, as CoreDNS does and kube-dns does not{said}."
                ),
                Evidence("spec.serviceName", service_name),
                Evidence(f"Service {service_name}.spec.clusterIP", dig(service, "spec", "clusterIP")),
                shown,
                remediation=_not_headless_fix(service, service_name, role),
                severity=None if coredns_answers is False else "low",
            )


def _looked_up(
    ctx: Context,
    workload: Workload,
    service: str,
    resolved: Callable[[Readable, str | None, str], Resolver | None],
    unjudged: str | None = None,
) -> tuple[str, Evidence] | None:
    """What in the input needs the pods' DNS names, as a clause for the message and its evidence; None, after
    recording that the StatefulSet is not judged, when nothing shows. With ``unjudged`` (the reason where the
    Service routes its clients to a role), only a look-up of the names counts, not another headless Service."""
    other = governing_elsewhere(ctx.inventory, workload) if unjudged is None else None
    if other is not None:
        return f", though headless Service {other} selects them under another name", Evidence(
            f"Service {other}.spec.clusterIP", "None"
        )
    resolver = resolved(ctx.inventory, workload.ref.namespace, service)
    if resolver is not None:
        return f", yet {resolver.does} in {resolver.place}", Evidence(resolver.place, resolver.host)
    ctx.not_judged(workload.obj, unjudged or NOBODY_RESOLVES)
    return None
