"""Which workloads a Service, or any object with a label selector, selects: in manifests, the copy
nearest the object when a project ships several."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kubegap.domain.absence import source_folder
from kubegap.domain.containers import settings
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_dict, containers, dig, name, namespace
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector

FULL_NAME = ".svc.cluster.local"
CLUSTER_SUFFIXES = (FULL_NAME, ".svc")


def named_service(host: object, suffixes: tuple[str, ...] = CLUSTER_SUFFIXES) -> tuple[str, str] | None:
    """The ``(namespace, name)`` of the Service a cluster DNS name names (``ledger.billing.svc.cluster.local``,
    ``ledger.billing.svc``), by the ``suffixes`` the reader resolves, or None for any other name."""
    labels = _cluster_labels(host, suffixes)
    return (labels[1], labels[0]) if labels is not None and len(labels) == 2 else None


def _cluster_labels(host: object, suffixes: tuple[str, ...]) -> list[str] | None:
    """The labels of a cluster DNS name before its suffix (``ledger``, ``billing``), none of them empty, or None."""
    if not isinstance(host, str):
        return None
    suffix = next((s for s in suffixes if host.endswith(s)), None)
    labels = host.removesuffix(suffix).split(".") if suffix is not None else None
    return labels if labels is not None and all(labels) else None


def service_selector(service: dict) -> Selector | None:
    """A Service's selector (a map of labels); None where it has none."""
    return Selector.from_map(dig(service, "spec", "selector"))


def service_workloads(inventory: Readable, service: dict) -> list[Workload]:
    """Top-level workloads whose pod templates a Service's selector matches (none for a Service without one)."""
    return workloads_selected_by(inventory, service, "Service", service_selector)


def workloads_selected_by(
    inventory: Readable, obj: dict, kind: str, selector: Callable[[dict], Selector | None]
) -> list[Workload]:
    """Top-level workloads in ``obj``'s namespace whose pod templates ``selector(obj)`` matches.

    Worked out for every object of ``kind`` at once, once per audit and ``selector`` (a module-level
    function, so that every caller shares the result), since several checks ask; an object the
    inventory does not hold is matched on its own."""
    found = _selected_per_object(inventory, kind, selector).get(id(obj))
    return found[1] if found is not None and found[0] is obj else _selected(inventory, obj, selector)


def _selected_per_object(
    inventory: Readable, kind: str, selector: Callable[[dict], Selector | None]
) -> dict[int, tuple[dict, list[Workload]]]:
    """Every object of ``kind`` (by ``id``) with the workloads ``selector`` selects for it, worked out once per audit.
    In an input of several installs (``several_installs``) a workload selected by objects from several folders is
    selected only by those nearest its own (the longest shared path): a label two examples share does not join
    them into one install, and a workload that no nearer object selects keeps every one that does."""

    def compute(inventory: Readable) -> dict[int, tuple[dict, list[Workload]]]:
        found = {id(o): (o, _selected(inventory, o, selector)) for o in inventory.of_kind(kind)}
        if not several_installs(inventory, kind):
            return found
        selecting: dict[int, tuple[str | None, list[tuple[int, str | None]]]] = {}
        for key, (o, workloads) in found.items():
            for workload in workloads:
                home = source_folder(inventory, workload.obj)
                selecting.setdefault(id(workload.obj), (home, []))[1].append((key, source_folder(inventory, o)))
        kept = {
            workload_id: {key for key, folder in objects if folder in _nearest([f for _, f in objects], home)}
            for workload_id, (home, objects) in selecting.items()
        }
        return {key: (o, [w for w in workloads if key in kept[id(w.obj)]]) for key, (o, workloads) in found.items()}

    return inventory.derive(("workloads_selected_by", kind, selector), compute)


def _selected(inventory: Readable, obj: dict, selector: Callable[[dict], Selector | None]) -> list[Workload]:
    """The workloads ``selector(obj)`` selects in ``obj``'s namespace (with those written without one, where the
    input shows the namespace they are installed in: ``Inventory.install_namespace``). Two objects of one kind,
    namespace and name cannot both exist: an input that defines one more than once holds several installs (a
    collection of examples), and a workload is selected only by the copies read from the folders nearest its own
    (the longest shared path), as the example it belongs to would install them. A Helm test hook and a finished
    Job or pod are never selected: one-shot work that has run, or runs only under ``helm test``, serves no Service
    and is no budget's to protect, though it carries the application's labels (StackGres's test pod)."""
    ns, chosen = namespace(obj), selector(obj)
    found = inventory.workload_templates.select(ns, chosen)
    home = inventory.install_namespace
    if home is not None and ns in (None, home):
        found += [
            w for w in inventory.workload_templates.select(home if ns is None else None, chosen) if w not in found
        ]
    found = [w for w in found if not w.is_done_or_test]
    copies = _copies(inventory, obj)
    if len(copies) < 2:
        return found
    here = source_folder(inventory, obj)
    return [workload for workload in found if here in _nearest(copies, source_folder(inventory, workload.obj))]


def _copies(inventory: Readable, obj: dict) -> list[str | None]:
    """The folders of every file that defines ``obj``'s kind, namespace and name."""
    kind_name = obj.get("kind")
    if not isinstance(kind_name, str) or inventory.origin(obj) is None:
        return []
    return _copies_of(inventory, kind_name).get((namespace(obj), name(obj)), [])


def several_installs(inventory: Readable, kind_name: str) -> bool:
    """Whether the input holds several installs: it defines one object of ``kind_name``, or one workload, in more
    than one folder (a collection of examples, or overlays read as files). Only an input read from files can."""
    return inventory.derive(("several_installs", kind_name), lambda inventory: _defines_twice(inventory, kind_name))


def _defines_twice(inventory: Readable, kind_name: str) -> bool:
    kinds = {kind_name, *(workload.kind for workload in inventory.workloads)}
    return any(len(set(folders)) > 1 for each in sorted(kinds) for folders in _copies_of(inventory, each).values())


def _copies_of(inventory: Readable, kind_name: str) -> dict[tuple[str | None, str | None], list[str | None]]:
    """The folders of every file that defines each ``(namespace, name)`` of ``kind_name``, worked out once per audit."""
    return inventory.derive(("copies", kind_name), lambda inventory: _folders_by_name(inventory, kind_name))


def _folders_by_name(inventory: Readable, kind_name: str) -> dict[tuple[str | None, str | None], list[str | None]]:
    found: dict[tuple[str | None, str | None], list[str | None]] = {}
    for o in inventory.of_kind(kind_name):
        found.setdefault((namespace(o), name(o)), []).append(source_folder(inventory, o))
    return found


def _nearest(folders: list[str | None], folder: str | None) -> set[str | None]:
    def shared(other: str | None) -> int:
        if other is None or folder is None:
            return 0
        return (
            len(os.path.commonpath([other, folder]).split(os.sep))
            if os.path.isabs(other) == os.path.isabs(folder)
            else 0
        )

    best = max(shared(f) for f in folders)
    return {f for f in folders if shared(f) == best}


def called_service(inventory: Readable, ns: str | None, service_name: str) -> tuple[str | None, dict | None]:
    """The namespace and Service the API server calls for ``ns/service_name``, if the input holds it. A Service
    defined with no namespace (a chart rendered without one) is installed where the install puts it, with the
    pods it selects, so it is taken for the one asked for, in that unnamed namespace; a Service of the same name in
    the install's namespace is not the one another namespace's is."""
    service = inventory.get("Service", ns, service_name)
    if service is None and (unnamed := inventory.get("Service", None, service_name)) is not None:
        service = unnamed if namespace(unnamed) in (None, ns) else None
    return (namespace(service) if service is not None else ns), service


HOST = re.compile(
    r"(?:^|(?<=[\s/@=,;|'\"(\[<>{}?]))"
    r"([a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*)"
    r"(?!://)(?=$|[\s:/,;|'\")\]<>{}?])"
)
"""A host name in a setting's value: alone, or as a URL's or an address's host (``redis://cache:6379/0``,
``db.payments.svc:5432``, ``<host>db</host>``, ``{host: db}``), not a URL's scheme."""


SRV_LABELS = re.compile(r"_[a-z0-9-]+\._(?:tcp|udp)\.")
"""The service and protocol labels an SRV name starts with (``_grpc._tcp.``), before the host they look up."""


def hosts(value: str) -> Iterator[str]:
    """The host names a setting's value holds, an SRV name's host among them (``dnssrv+_grpc._tcp.store``)."""
    return (match.group(1) for match in HOST.finditer(SRV_LABELS.sub(" ", value)))


class Caller(NamedTuple):
    """A setting that names a Service as a host: where it is (``Deployment api CACHE_URL``, ``ConfigMap router
    READ_HOST``), the workload whose container sets it (None for a ConfigMap's value), and whether it looks the
    name up as DNS SRV records (``srv``: ``mongodb+srv://``, ``dnssrv+``, ``_grpc._tcp.``), which carry the
    Service's port names, rather than as an address."""

    where: str
    workload: Workload | None = None
    srv: bool = False


SRV_LOOKUPS = re.compile(r"\+srv://|dnssrv|" + SRV_LABELS.pattern)
"""How a setting asks for a name's SRV records: an SRV scheme, or an SRV name's labels."""


def named_in_settings(inventory: Readable) -> dict[tuple[str | None, str], list[Caller]]:
    """Per Service ``(namespace, name)``, the settings of the input that name it as a host: a container's variable or
    flag, or a ConfigMap's value, by its short name in the setting's own namespace, ``name.namespace``, its cluster
    name, or a pod's name under it (``web-0.nginx.shop.svc.cluster.local``, a headless Service's). A name is read
    wherever it stands, so a word that happens to be a Service's name counts too; a Secret's values are never read,
    so what names a Service there is not seen. Worked out once per audit."""
    return inventory.derive("named_in_settings", _named_in_settings)


def _service_of(host: str, ns: str | None) -> tuple[str | None, str] | None:
    """The ``(namespace, name)`` of the Service a host names from a setting in ``ns``, or None."""
    labels = _cluster_labels(host, CLUSTER_SUFFIXES)
    if labels is not None:  # a Service's cluster name, or a pod's under a headless one
        return (labels[-1], labels[-2]) if len(labels) in (2, 3) else None
    parts = host.split(".")
    if len(parts) == 2 and re.fullmatch(re.escape(parts[1]) + r"-\d+", parts[0]):
        return ns, parts[1]  # a member of a StatefulSet under its headless Service, in the setting's namespace
    return (parts[1], parts[0]) if len(parts) == 2 else (ns, host) if len(parts) == 1 else None


def _named_in_settings(inventory: Readable) -> dict[tuple[str | None, str], list[Caller]]:
    found: dict[tuple[str | None, str], list[Caller]] = {}

    def note(value: str, ns: str | None, caller: Caller) -> None:
        caller = caller._replace(srv=SRV_LOOKUPS.search(value) is not None)
        for host in hosts(value):
            if (key := _service_of(host, ns)) is not None:
                found.setdefault((inventory.home(key[0]), key[1]), []).append(caller)

    for workload in inventory.workloads:
        for template in workload.templates:
            for _, container in containers(template.spec):
                for setting, value in settings(container):
                    note(
                        value,
                        workload.ref.namespace,
                        Caller(f"{workload.kind} {workload.ref.name} {setting}", workload),
                    )
    for config_map in inventory.of_kind("ConfigMap"):
        for key, value in as_dict(config_map.get("data")).items():
            if isinstance(value, str):
                note(value, namespace(config_map), Caller(f"ConfigMap {name(config_map)} {key}"))
    return found
