"""Who reconciles: what a workload's ServiceAccount may write, who holds leader-election Leases, and which
workloads are meant to run one active replica (by election, by a single-node claim, or by design)."""

from __future__ import annotations

import re
from typing import NamedTuple

from kubegap.domain.containers import holds_the_pod_open, image_name, mounted_volumes, pointed_config_maps
from kubegap.domain.datastores import observer
from kubegap.domain.kinds import KNOWN_KINDS
from kubegap.domain.podtemplates import PodTemplate, Workload, leader_election, leader_election_off
from kubegap.domain.resources import as_dict, as_list, bound_accounts, containers, dig, namespace
from kubegap.domain.roles import RBAC_KINDS, grants, grants_named, lasting_bindings
from kubegap.domain.routes import routed_backends
from kubegap.domain.scheduling import kept_apart
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.services import service_workloads
from kubegap.domain.tokens import Words

WRITE_VERBS = frozenset({"create", "update", "patch", "delete", "deletecollection", "*"})


NOT_RECONCILED = frozenset(
    {
        "events",
        "leases",
        "tokenreviews",
        "subjectaccessreviews",
        "selfsubjectaccessreviews",
        "localsubjectaccessreviews",
        "selfsubjectrulesreviews",
    }
)
"""Resources written by programs that reconcile nothing: events, their own Lease, and access reviews (a
webhook or aggregated API server delegating authentication)."""


NOT_FOLLOWED = NOT_RECONCILED | {"configmaps", "secrets"}
"""Resources any program may watch for its own settings and credentials: watching them makes no controller."""

SELF_REGISTRATION_VERBS = frozenset({"get", "list", "watch", "patch", "update"})
"""What a program may do to pods to register itself among its peers (a service registry that labels and finds its
own pods, as go-micro's does for ownCloud's services): read and relabel, never create or delete."""


def _registers_itself(rules: list[dict]) -> bool:
    """Whether a role reaches pods alone, in the core group, and only to read and patch them: the rights of pods
    that label and find one another, which make no controller (none creates, deletes or evicts a pod)."""
    return bool(rules) and all(
        set(map(str, as_list(rule.get("resources")))) == {"pods"}
        and {str(g) for g in as_list(rule.get("apiGroups"))} <= {""}
        and {str(v) for v in as_list(rule.get("verbs"))} <= SELF_REGISTRATION_VERBS
        for rule in rules
    )


WEBHOOK_GROUP = KNOWN_KINDS["MutatingWebhookConfiguration"][0]
WEBHOOK_RESOURCES = tuple(KNOWN_KINDS[k][1] for k in ("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"))

POD_BINDING = ("bindings", "pods/binding")

SCHEDULER_ROLE = "system:kube-scheduler"
"""The built-in ClusterRole of the Kubernetes scheduler: an account bound to it binds pods to nodes."""


def registers_webhooks(inventory: Readable, workload: Workload) -> bool:
    """Whether the workload's ServiceAccount may create admission webhook configurations: it registers its
    own webhooks at run time, so the API server calls its Service though no configuration is in the input."""
    registrars = account_rights(inventory).webhooks
    return any((workload.ref.namespace, service_account(t)) in registrars for t in workload.templates)


class AccountRights(NamedTuple):
    """ServiceAccounts ``(namespace, name)`` by what a Role or ClusterRole binding lets them write."""

    leases: set[tuple[str | None, str]]
    """May create and update Leases, by rules that name them: they can take part in a leader election."""
    objects: set[tuple[str | None, str]]
    """May write API objects other than events, Leases and reviews, not only named ones: the rights of a
    controller that reconciles."""
    webhooks: set[tuple[str | None, str]]
    """May create admission webhook configurations, by rules that name them: the program registers its webhooks
    itself, at run time (what they intercept is not in the manifests)."""
    watchers: set[tuple[str | None, str]]
    """May watch API objects other than events, Leases, reviews, ConfigMaps and Secrets: a program that follows
    the cluster's objects, as a controller does (one that writes elsewhere, such as to DNS, too)."""
    binders: set[tuple[str | None, str]]
    """May bind pods to nodes (create ``bindings`` or ``pods/binding``, by rules that name them, or bound to the
    built-in ``system:kube-scheduler`` role): a pod scheduler."""
    peers: set[tuple[str | None, str]]
    """May patch Kopf's peering objects (``KOPF_PEERINGS``): the program takes part in Kopf's peering."""


def account_rights(inventory: Readable) -> AccountRights:
    """What each ServiceAccount may write, worked out once per audit."""
    return inventory.derive("account_rights", _account_rights)


def _account_rights(inventory: Readable) -> AccountRights:
    rights = AccountRights(set(), set(), set(), set(), set(), set())
    for grant in grants(inventory):
        rules = grant.rules
        if _registers_itself(rules):
            continue
        writes = [rule for rule in rules if WRITE_VERBS & {v for v in as_list(rule.get("verbs")) if isinstance(v, str)}]
        leases = _may_elect(rules)
        objects = any(
            not rule.get("resourceNames") and set(map(str, as_list(rule.get("resources")))) - NOT_RECONCILED
            for rule in writes
        )
        webhooks = any(grants_named(rule, {"create"}, WEBHOOK_GROUP, WEBHOOK_RESOURCES) for rule in writes)
        watches = any(
            set(map(str, as_list(rule.get("verbs")))) & {"watch", "*"}
            and not rule.get("resourceNames")
            and set(map(str, as_list(rule.get("resources")))) - NOT_FOLLOWED
            for rule in rules
        )
        binds = (grant.role_kind, grant.role_name) == ("ClusterRole", SCHEDULER_ROLE) or any(
            grants_named(rule, {"create"}, "", POD_BINDING) for rule in writes
        )
        peers = _may_peer(rules)
        for account in bound_accounts(grant.binding):
            for granted, holders in (
                (leases, rights.leases),
                (objects, rights.objects),
                (webhooks, rights.webhooks),
                (watches, rights.watchers),
                (binds, rights.binders),
                (peers, rights.peers),
            ):
                if granted:
                    holders.add(account)
    installed = _install_namespaces(inventory)
    for holders in rights:
        holders |= {(None, name) for ns, name in holders if ns and installed.get(name) == ns}
    return rights


def _install_namespaces(inventory: Readable) -> dict[str, str]:
    """Per ServiceAccount name, where a workload written without a namespace runs when it runs as that account,
    where the input says. A chart or manifest that leaves the namespace out is applied into one namespace; the
    input shows which when it declares the account in exactly one namespace, or declares it without one and every
    binding names the account in the same namespace. Then rights granted there are the workload's (YuniKorn's
    chart writes its Deployment without a namespace, its ServiceAccount and bindings with one)."""
    declared: dict[str, set[str | None]] = {}
    for account in inventory.of_kind("ServiceAccount"):
        if isinstance(account_name := dig(account, "metadata", "name"), str):
            declared.setdefault(account_name, set()).add(namespace(account))
    named: dict[str, set[str | None]] = {}
    for binding in lasting_bindings(inventory):
        for subject_ns, subject_name in bound_accounts(binding):
            named.setdefault(subject_name, set()).add(subject_ns)
    found: dict[str, str] = {}
    for account_name, namespaces in declared.items():
        if None not in namespaces:
            where = namespaces
        elif namespaces == {None}:
            where = named.get(account_name, set())
        else:
            continue  # declared both with a namespace and without one: the input does not say
        if len(where) == 1 and isinstance(only := next(iter(where)), str):
            found[account_name] = only
    return found


def _may_elect(rules: list[dict]) -> bool:
    """Whether rules that name Leases let their holder create one and renew it, as a leader election does (the
    candidate creates the Lease when there is none and updates it to hold it). Rights that reach Leases only
    through a wildcard resource are incidental: Argo CD's server may patch and delete any object, Leases included,
    and elects nothing."""
    verbs = {
        str(verb)
        for rule in rules
        if "leases" in as_list(rule.get("resources"))
        and {"coordination.k8s.io", "*"} & set(map(str, as_list(rule.get("apiGroups"))))
        for verb in as_list(rule.get("verbs"))
    }
    return "*" in verbs or {"create", "update"} <= verbs


KOPF_GROUPS = frozenset({"kopf.dev", "zalando.org"})
"""The API groups of Kopf's peering resources (``zalando.org`` before Kopf 1.0)."""
KOPF_PEERINGS = ("KopfPeering", "ClusterKopfPeering")
"""Kopf's peering objects. Every instance of an operator built on Kopf writes its priority into one; an instance that
sees a higher priority pauses its handlers until that one stops, and instances of equal priority all freeze. Kopf
peers only where such an object exists (without one it runs standalone)."""


def _may_peer(rules: list[dict]) -> bool:
    """Whether rules let their holder patch Kopf's peering objects, in Kopf's own groups (a wildcard group is
    incidental, as for Leases)."""
    return any(
        {"patch", "*"} & set(map(str, as_list(rule.get("verbs"))))
        and KOPF_GROUPS & set(map(str, as_list(rule.get("apiGroups"))))
        and {"kopfpeerings", "clusterkopfpeerings", "*"} & set(map(str, as_list(rule.get("resources"))))
        for rule in rules
    )


def lease_holders(inventory: Readable) -> set[tuple[str | None, str]]:
    """ServiceAccounts ``(namespace, name)`` that may hold a leader election: a Role or ClusterRole binding lets them
    create and update Leases, or patch Kopf's peering objects where the input holds one (``kopf_peers``)."""
    rights = account_rights(inventory)
    return rights.leases | kopf_peers(inventory)


def kopf_peers(inventory: Readable) -> set[tuple[str | None, str]]:
    """ServiceAccounts that take part in Kopf's peering: they may patch its peering objects, and the input holds
    one, so only one instance of their operator handles objects at a time."""
    peering = any(inventory.of_kind(kind_name) for kind_name in KOPF_PEERINGS)
    return account_rights(inventory).peers if peering else set()


LEASE_KINDS = (*RBAC_KINDS, "ServiceAccount", *KOPF_PEERINGS)
"""What ``one_active_by_design`` and ``may_reconcile`` read: RBAC, the ServiceAccounts that tell where a
workload written without a namespace runs, and Kopf's peering objects."""


def may_reconcile(inventory: Readable, workload: Workload) -> bool | None:
    """Whether the workload's ServiceAccount may write API objects like a controller that reconciles them
    (``AccountRights.objects``); None when RBAC could not be read (forbidden, or its listing failed) to tell."""
    if any(inventory.collection.unreadable(kind_name) for kind_name in RBAC_KINDS):
        return None
    writers = account_rights(inventory).objects
    return any((workload.ref.namespace, service_account(t)) in writers for t in workload.templates)


def service_account(template: PodTemplate) -> str:
    value = template.spec.get("serviceAccountName") or template.spec.get("serviceAccount")
    return value if isinstance(value, str) and value else "default"


def one_active_by_design(workload: Workload, leases: set[tuple[str | None, str]]) -> str | None:
    """Why the workload is not judged like request-serving replicas, or None.

    A DaemonSet runs one agent per node, and a leader-elected controller (a leader-election flag,
    or a ServiceAccount allowed to create and update Leases) has one active replica whatever its count. Rights to
    Leases show that a program can elect, not that it does: one whose flag switches the election off
    (``--leader-elect=false``, OpenKruiseGame's manager) runs every replica active; where the pod runs several
    programs, which of them holds the Lease is not shown, and one's switch says nothing of the others.
    """
    if workload.kind == "DaemonSet":
        return "a DaemonSet runs one agent per node"
    flag = leader_election(workload)
    if flag:
        return f"leader-elected ({flag})"
    if leader_election_off(workload) and all(len(_app_containers(t)) == 1 for t in workload.templates):
        return None  # the one program of the pod says it does not elect, whatever its account may do
    for template in workload.templates:
        if (workload.ref.namespace, service_account(template)) in leases:
            return f"leader-elected (ServiceAccount {service_account(template)} may write Leases)"
    return None


ELECTION_SETTING = re.compile(
    r"""^[ \t]*([A-Za-z][\w.-]*)[ \t]*[:=][ \t]*["']?(true|false)["']?[ \t]*(?:#.*)?$""", re.IGNORECASE | re.MULTILINE
)
"""A ``key: true`` or ``key=false`` line of a configuration file (YAML or properties); a commented-out line is none."""

ELECTION_KEYS = ("leaderelect", "leaderelection", "enableleaderelection", "leaderelectionenabled")
"""Keys (letters only, lower case) that switch a program's leader election in its configuration file: the
component configuration of Kubernetes controllers (``leaderElection: {leaderElect: true}``), and dotted keys
whose last parts are one (``kubernetes.operator.leader-election.enabled``); not ``disable-leader-election``,
whose true turns the election off."""


def _election_key(key: str) -> bool:
    parts = key.split(".")
    return any(re.sub(r"[^a-z]", "", ".".join(parts[i:]).lower()) in ELECTION_KEYS for i in range(len(parts)))


def configured_election(inventory: Readable, workload: Workload) -> tuple[bool, str] | None:
    """``(on, where)`` when a ConfigMap the pods mount as files, and that the program is pointed at, switches its
    leader election (Kueue's ``leaderElect: true``, read through ``--config=/controller_manager_config.yaml``),
    or None. Only a line that sets the switch counts: a commented-out one says nothing, and nor does a file no
    flag or variable of the pod names (k8ssandra-operator mounts Kueue's layout of file but runs ``/manager``
    with no arguments, so its election stays off; OpenKruiseGame points its manager at the ``config.toml`` beside
    such a file, and switches the election off by flag)."""
    for template in workload.templates:
        for config_map, keys in pointed_config_maps(template):
            obj = inventory.get("ConfigMap", workload.ref.namespace, config_map)
            for key, text in as_dict(obj.get("data") if obj else None).items():
                if not isinstance(text, str) or (keys is not None and key not in keys):
                    continue
                for match in ELECTION_SETTING.finditer(text):
                    if _election_key(match.group(1)):
                        return match.group(2).lower() == "true", f"{match.group(0).strip()} in ConfigMap {config_map}"
    return None


SINGLE_NODE_ACCESS = ("ReadWriteOnce", "ReadWriteOncePod")


def shared_claim(inventory: Readable, workload: Workload) -> tuple[str, bool] | None:
    """``(claim, one node only)`` for a PersistentVolumeClaim the workload's pods mount as a pod volume and write to,
    or None: the one a single node at a time can attach (``single_node_claim``) where there is one, else the first
    other. A claim mounted read-only, or one only readable by many (ReadOnlyMany), holds nothing its pods write."""
    single = single_node_claim(inventory, workload)
    if single is not None:
        return single, True
    for template in workload.templates:
        written = {
            mount.get("name")
            for _, container in containers(template.spec)
            for mount in as_list(container.get("volumeMounts"))
            if isinstance(mount, dict) and isinstance(mount.get("name"), str) and mount.get("readOnly") is not True
        }
        for _, volume in mounted_volumes(template):
            claim_name = dig(volume, "persistentVolumeClaim", "claimName")
            if not isinstance(claim_name, str) or volume.get("name") not in written:
                continue
            claim = inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim_name)
            modes = {m for m in as_list(dig(claim, "spec", "accessModes")) if isinstance(m, str)} if claim else set()
            if modes and modes <= {"ReadOnlyMany"}:
                continue
            return claim_name, False
    return None


def single_node_claim(inventory: Readable, workload: Workload) -> str | None:
    """A PersistentVolumeClaim the pods mount that only one node can attach (ReadWriteOnce), or whose
    access modes are unknown (the claim is not in the inventory): overlapping old and new pods of a
    rolling update cannot both mount it."""
    for template in workload.templates:
        for _, volume in mounted_volumes(template):
            claim_name = dig(volume, "persistentVolumeClaim", "claimName")
            if not isinstance(claim_name, str):
                continue
            claim = inventory.get("PersistentVolumeClaim", workload.ref.namespace, claim_name)
            modes = [m for m in as_list(dig(claim, "spec", "accessModes")) if isinstance(m, str)] if claim else []
            if claim is None or not modes or any(m in SINGLE_NODE_ACCESS for m in modes):
                return claim_name
    return None


OPERATOR = Words(("operator",))
"""The word of a workload's name or image that says it follows the Operator pattern: a controller that reconciles
the custom resources it defines."""


def named_operator(workload: Workload) -> bool:
    """Whether the workload's name or the image of one of its regular containers says it is an operator
    (``OPERATOR``)."""
    names = [workload.ref.name, *(image_name(c) for t in workload.templates for _, c in containers(t.spec, init=False))]
    return any(OPERATOR.find(text) for text in names)


def singleton_by_design(inventory: Readable, workload: Workload, leases: set[tuple[str | None, str]]) -> str | None:
    """Why the workload is meant to run alone, or None: a one-replica Deployment that shows no leader election,
    whose ServiceAccount may write or watch the cluster's objects (a controller), and that either rolls out by
    Recreate (its project chose to stop the old pod before starting the new one) or is named an operator (a
    controller of its own custom resources, by the pattern's definition); or a one-replica Deployment with no
    leader election whose account may bind pods to nodes (a scheduler). Nothing elects among its replicas: a
    second pod would be a second controller acting on the same objects or the same outside system (DNS records,
    keys), or a second scheduler binding the same pods."""
    found = _unelected_controller(inventory, workload, leases)
    if found is None:
        return None
    if found == "scheduler":
        return "a pod scheduler meant to run alone (it may bind pods to nodes and shows no leader election)"
    if recreated_by_choice(inventory, workload):
        return "a controller meant to run alone (it follows the cluster's objects, shows no leader election and rolls out by Recreate)"
    if named_operator(workload):
        return "an operator meant to run alone (it follows the cluster's objects and shows no leader election)"
    if {(workload.ref.namespace, service_account(t)) for t in workload.templates} & status_writers(
        inventory
    ) and not _routed(inventory, workload):
        return (
            "a controller of its install's custom resources meant to run alone (it may write them and their status, and shows no "
            "leader election)"
        )
    return None


STATUS_VERBS = frozenset({"update", "patch", "*"})


def status_writers(inventory: Readable) -> set[tuple[str | None, str]]:
    """ServiceAccounts that may write both the custom resources whose definitions the input holds and their status,
    by rules that name their group, and that no other long-running workload shares (by the account, or by a role
    bound to several accounts): the controller of an install's own custom
    resources, by the operator pattern's definition (it owns the objects and reports each one's state in its
    status), whatever its name says (Fluvio's ``fluvio-sc`` may write every resource of ``fluvio.infinyon.com``,
    whose definitions its install applies). A client that creates the resources writes no status, and a server that
    only reads its configuration from them and reports on it (vLLM's semantic router, in the path of every request)
    writes no more than their status. Worked out once per audit."""
    return inventory.derive("status_writers", _status_writers)


def _status_writers(inventory: Readable) -> set[tuple[str | None, str]]:
    defined: dict[str, set[str]] = {}
    for crd in inventory.of_kind("CustomResourceDefinition"):
        group, plural = dig(crd, "spec", "group"), dig(crd, "spec", "names", "plural")
        if isinstance(group, str) and isinstance(plural, str):
            defined.setdefault(group, set()).add(plural)
    installed = _install_namespaces(inventory)
    holders: dict[tuple[object, object], set[tuple[str | None, str]]] = {}
    for grant in grants(inventory):
        if any(
            _writes(grant.rules, group, plurals, status=True) and _writes(grant.rules, group, plurals, status=False)
            for group, plurals in defined.items()
        ):
            accounts = set(bound_accounts(grant.binding))
            accounts |= {(None, name) for ns, name in accounts if ns and installed.get(name) == ns}
            holders.setdefault((grant.role_kind, grant.role_name), set()).update(accounts)
    running = _running_accounts(inventory)
    found: set[tuple[str | None, str]] = set()
    for accounts in holders.values():
        programs = {program for account in accounts for program in running.get(account, ())}
        if len(programs) <= 1:  # rights several programs share say which may write, not which does
            found |= accounts
    return found


def _writes(rules: list[dict], group: str, plurals: set[str], status: bool) -> bool:
    """Whether ``rules`` may write the status of the group's ``plurals`` (``status``), or the resources themselves,
    by rules that name the group: a wildcard group (``*/*/*``) says what an account may do, not what its program
    does (``grants_named``), while every resource of the install's own group is its API."""
    names = {f"{p}/status" for p in plurals} if status else plurals
    return any(
        group in as_list(rule.get("apiGroups"))
        and not rule.get("resourceNames")
        and {str(v) for v in as_list(rule.get("verbs"))} & (STATUS_VERBS if status else WRITE_VERBS)
        and ({"*"} | names) & {str(r) for r in as_list(rule.get("resources"))}
        for rule in rules
    )


def _running_accounts(inventory: Readable) -> dict[tuple[str | None, str], set[int]]:
    """The long-running workloads (by id) that run as each ServiceAccount: one-shot work (Jobs, hooks) runs once
    and reconciles nothing, so it shares no controller's rights."""
    found: dict[tuple[str | None, str], set[int]] = {}
    for workload in inventory.workloads:
        if workload.is_hook or workload.is_batch:
            continue
        for template in workload.templates:
            found.setdefault((workload.ref.namespace, service_account(template)), set()).add(id(workload))
    return found


def _routed(inventory: Readable, workload: Workload) -> bool:
    """Whether an Ingress or a route sends clients to a Service in front of the workload: it serves users, whatever
    its rights say it may reconcile."""
    for ns, service_name in routed_backends(inventory):
        service = inventory.get("Service", ns, service_name)
        if service is not None and any(w is workload for w in service_workloads(inventory, service)):
            return True
    return False


def recreate_beside_node_ports(inventory: Readable, workload: Workload, leases: set[tuple[str | None, str]]) -> bool:
    """Whether a one-replica controller that shows no leader election rolls out by Recreate while its pods bind
    node ports (or need a node each): the project may stop the old pod first because the new one could not bind
    the ports beside it (YuniKorn's admission controller on the host network), or because the program must run
    alone (Antrea's controller, on the host network too). The input cannot show which, so the Recreate says
    nothing of the program, and a fix must hold either way."""
    return (
        _unelected_controller(inventory, workload, leases) == "controller"
        and _recreate(inventory, workload)
        and _kept_apart(workload)
    )


def recreated_by_choice(inventory: Readable, workload: Workload) -> bool:
    """Whether a Deployment rolls out by Recreate with no ReadWriteOnce claim or node port to explain it: its
    project chose to stop the old pod before starting the new one, which may be because two of the program must
    never run at once."""
    return workload.kind == "Deployment" and _recreate(inventory, workload) and not _kept_apart(workload)


def _unelected_controller(inventory: Readable, workload: Workload, leases: set[tuple[str | None, str]]) -> str | None:
    """``scheduler`` or ``controller`` for a one-replica Deployment that shows no leader election and whose account
    may bind pods, or write or watch the cluster's objects; None otherwise. A program its image names as a telemetry
    server or dashboard (``observer``) watches the cluster to find what to scrape or show and changes nothing in it:
    what it is outweighs what its rights could make of it."""
    if workload.kind != "Deployment" or len(workload.templates) != 1 or workload.templates[0].replicas != 1:
        return None
    if observer(workload):
        return None
    if one_active_by_design(workload, leases):
        return None
    rights = account_rights(inventory)
    accounts = {(workload.ref.namespace, service_account(t)) for t in workload.templates}
    if accounts & rights.binders:
        return "scheduler"
    return "controller" if accounts & (rights.objects | rights.watchers) else None


def _recreate(inventory: Readable, workload: Workload) -> bool:
    """A Recreate rollout that a claim one node at a time can attach does not explain (then it says nothing of the
    program)."""
    return dig(workload.obj, "spec", "strategy", "type") == "Recreate" and not single_node_claim(inventory, workload)


def _kept_apart(workload: Workload) -> bool:
    return any(kept_apart(t.spec, t.labels) for t in workload.templates)


def _app_containers(template: PodTemplate) -> list[dict]:
    return [container for _, container in containers(template.spec, init=False) if not holds_the_pod_open(container)]
