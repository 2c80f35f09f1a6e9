"""Whether anything resolves a StatefulSet's pods by their DNS names.

A StatefulSet's pods get names of their own (``kafka-0.kafka-headless``) only through the headless Service its
``spec.serviceName`` names. A missing or non-headless Service breaks something only where a peer or a client
looks those names up. The input shows it in what it hands programs: a host ``<pod>.<service>`` (a peer list,
an advertised listener, ``$(POD_NAME).<service>``) in a container's variables, arguments or command, or in a
ConfigMap; where the Service itself is missing, also the Service reached by name (``<service>.<namespace>``,
``<service>:<port>``). A headless Service that selects the pods under another name shows the names were meant
to exist (the Coze Studio chart's mismatch). A program that works its own name out (``hostname -f``) leaves no
trace, so where nothing shows either way the StatefulSet is not judged.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, as_list, containers, dig, name, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector

SHOWN = 120
"""Most characters of the word that names the host shown as evidence."""


class Resolver(NamedTuple):
    """Where the input names a host under a Service: the place, the word that names it, and what it does."""

    place: str
    host: str
    does: str
    """``they are looked up`` (a pod's host) or ``the Service is reached by name``."""


class _Text(NamedTuple):
    namespace: str | None
    place: str
    text: str


def pod_names_resolved(inventory: Readable, ns: str | None, service: str) -> Resolver | None:
    """The first place in the input that names a pod's host under ``service`` (``<pod>.<service>``), as cluster DNS
    names it: the name ends there, or goes on with the namespace (any, before a port or ``svc``, where the input
    names none) or ``svc``. A name that goes on to another domain is not the cluster's (``docs.bytebase.com`` beside a
    StatefulSet named ``bytebase``)."""
    namespace_label = re.escape(ns) if ns else r"[\w-]+(?=:\d|\.svc(?![\w-]))"
    cluster_name = rf"[^\s.]\.{re.escape(service)}(?![\w-])(?!\.(?!(?:{namespace_label}|svc)(?![\w-])))"
    # where the input names no namespace, a member's name (``mongo-0``, ``$(POD_NAME)``) before the Service still
    # names a pod whatever label follows (``mongo-0.mongo.default``)
    member_name = rf"(?:-\d+|\))\.{re.escape(service)}\.[\w-]+(?![\w.-])" if not ns else None
    pattern = f"{cluster_name}|{member_name}" if member_name else cluster_name
    return _first(inventory, ns, re.compile(pattern), "they are looked up")


def service_reached(inventory: Readable, ns: str | None, service: str) -> Resolver | None:
    """The first place that names a pod's host under ``service`` or reaches the Service itself by name
    (``<service>.<namespace>``, ``<service>:<port>``)."""
    found = pod_names_resolved(inventory, ns, service)
    if found is not None:
        return found
    in_namespace = rf"\.{re.escape(ns)}(?![\w-])|" if ns else ""
    reached = re.compile(rf"(?<![\w.-]){re.escape(service)}(?:{in_namespace}:\d)")
    return _first(inventory, ns, reached, "the Service is reached by name")


def governing_elsewhere(inventory: Readable, workload: Workload) -> str | None:
    """A headless Service in the StatefulSet's namespace that selects its pods, under another name than
    ``spec.serviceName``: the name of the one the pods' DNS names were meant to come from."""
    wanted = dig(workload.obj, "spec", "serviceName")
    for service in inventory.of_kind("Service"):
        if namespace(service) != workload.ref.namespace or name(service) == wanted:
            continue
        selector = Selector.from_map(dig(service, "spec", "selector"))
        if dig(service, "spec", "clusterIP") != "None" or selector is None:
            continue
        if any(selector.matches(t.labels) for t in workload.templates):
            return name(service)
    return None


def _first(inventory: Readable, ns: str | None, pattern: re.Pattern[str], does: str) -> Resolver | None:
    for text in inventory.derive("pod_dns_texts", _texts):
        if ns is not None and text.namespace not in (ns, None):
            continue
        match = pattern.search(text.text)
        if match is not None:
            return Resolver(text.place, _host(text.text, match.start() + 1), does)
    return None


def _host(text: str, at: int) -> str:
    """The word of ``text`` around position ``at`` that names the host (``zk-0.zk-hs:2888:3888``), with any
    user and password in a URL replaced: evidence shows where the name is used, never a credential."""
    start = max(text.rfind(c, 0, at) for c in _BETWEEN_WORDS) + 1
    ends = [found for c in _BETWEEN_WORDS if (found := text.find(c, at)) >= 0]
    word = text[start : min(ends) if ends else len(text)][:SHOWN]
    return _USERINFO.sub(r"\1<redacted>@", word)


_BETWEEN_WORDS = (" ", "\t", "\n", '"', "'", ",", ";", "=")
_USERINFO = re.compile(r"([A-Za-z][\w+.-]*://)[^/@\s]+@")


def _texts(inventory: Readable) -> list[_Text]:
    """Every string the input hands a program: container variables, arguments and commands, and ConfigMap
    data, each with the place it comes from; worked out once per audit."""
    found: list[_Text] = []
    for workload in inventory.workloads:
        ns = workload.ref.namespace
        for template in workload.templates:
            for _, container in containers(template.spec):
                where = f"{workload.ref.kind} {workload.ref.name}, container {container.get('name')},"
                for entry in as_list(container.get("env")):
                    value = as_dict(entry).get("value")
                    if isinstance(value, str):
                        found.append(_Text(ns, f"{where} variable {as_dict(entry).get('name')}", value))
                for field in ("command", "args"):
                    words = [w for w in as_list(container.get(field)) if isinstance(w, str)]
                    if words:
                        found.append(_Text(ns, f"{where} {field}", "\n".join(words)))
    for config_map in inventory.of_kind("ConfigMap"):
        for key, value in as_dict(config_map.get("data")).items():
            if isinstance(value, str):
                found.append(_Text(namespace(config_map), f"ConfigMap {name(config_map)} data[{key}]", value))
    return found
