"""``single-replica``: One replica behind a Service."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.checks.workloads._helpers import more_replicas_fix, replicas
from kubegap.domain.cluster_dns import is_cluster_dns
from kubegap.domain.containers import images
from kubegap.domain.datastores import alert_router, observer
from kubegap.domain.intstr import rolling_update
from kubegap.domain.podtemplates import Workload
from kubegap.domain.reconcilers import (
    LEASE_KINDS,
    lease_holders,
    one_active_by_design,
    singleton_by_design,
)
from kubegap.domain.resources import as_dict, dig, name
from kubegap.domain.services import service_workloads
from kubegap.domain.serving import (
    ADMISSION,
    CONVERSION,
    SERVING_EVIDENCE_KINDS,
    ServingEvidence,
    calls_only,
    serving,
)
from kubegap.domain.workloads import autoscaled_ceiling, autoscalers_unread
from kubegap.wording import first_and_more

PYTHON_DISCORD_VOLUMES = "python-discord-2021-node-recycle-volumes-fail-to-mount"


PDB_LABELS = "kubernetes-user-2017-pdb-label-mismatch-drain-downtime"


def singleton_fix(workload: Workload) -> str:
    """Keep one replica, and roll it out without running two: what a controller with no leader election needs."""
    strategy = as_dict(dig(workload.obj, "spec", "strategy"))
    recreate = strategy.get("type") == "Recreate"
    no_surge = rolling_update("Deployment", as_dict(strategy.get("rollingUpdate")), 1)[0] == 0
    return (
        "Keep one replica: with no leader election, a second replica would be a second controller acting on the same "
        "objects, "
        + (
            "and Recreate keeps rollouts from running two. "
            if recreate
            else "and its rollout, with no surge, never runs two. "
            if no_surge
            else "and a rollout that surges runs two for a while: roll it out without a surge (strategy Recreate, "
            "or maxSurge: 0). "
        )
        + "If the program offers leader election (a flag or its chart's setting), turn it on, then run two replicas "
        "spread across nodes; until then its pod's rescheduling after a node loss is its outage."
    )


RUNTIME_WEBHOOKS = "admission webhooks it registers at run time, whose scope the input does not show"


def _conversion_only(evidence: ServingEvidence, behind: list[dict], roles: list[str]) -> list[str]:
    """The CRDs a workload converts, when converting them (and admitting requests, which
    ``webhook-backend-unavailable`` judges) is all its Services carry: its loss fails those custom resources
    alone, not an API every client discovers (an APIService) nor a client's requests."""
    if not all(evidence.api_roles(s) for s in behind) or not calls_only(roles, (CONVERSION, ADMISSION)):
        return []
    return sorted(role.removeprefix(CONVERSION) for role in roles if role.startswith(CONVERSION))


def _shares_its_service_with_its_program(ctx: Context, workload: Workload, service: dict) -> bool:
    """Whether the Service also selects another workload that runs the same images: one program's members written
    as several one-replica controllers (a Galera cluster's pxc-node1 to pxc-node3 behind pxc-cluster, a blue and a
    green Deployment), so losing one leaves the others behind the Service; a Service that selects one of them alone
    is that member's own address, as a StatefulSet pod's is. A workload of the same name is the same one written
    again (an input that holds a project's plain and high-availability installs), not a member."""
    own = {i for t in workload.templates for i in images(t)}
    return bool(own) and any(
        other.ref.name != workload.ref.name
        and replicas(other) != 0
        and {i for t in other.templates for i in images(t)} == own
        for other in service_workloads(ctx.inventory, service)
    )


def _udp_caveat(evidence: ServingEvidence, behind: list[dict]) -> str:
    """What a second replica behind a UDP port of its Services must allow for, or nothing: kube-proxy sends each new
    flow to any pod behind the port, so a session set up over another connection (a media server's, announced to
    its clients by address) may find its packets at the other replica. Only a program whose every exchange stands
    alone, or whose replicas share their sessions, runs two behind one UDP port."""
    ports = sorted(
        {f"{name(s)}:{p.get('port')}" for s in behind for p in evidence.client_ports(s) if p.get("protocol") == "UDP"}
    )
    if not ports:
        return ""
    return (
        f" Behind its UDP port ({', '.join(ports)}) each new flow goes to any replica: run two there only where every "
        "exchange stands alone (a DNS query) or the replicas share their sessions; a media server expects the packets "
        "of the sessions it set up, so each replica needs a port and address of its own (a Service each), and where "
        "the program allows neither, keep one."
    )


@check(
    id="single-replica",
    title="One replica behind a Service",
    severity="high",
    category="workloads",
    cases=[PYTHON_DISCORD_VOLUMES, PDB_LABELS, "dfds-2024-ami-rollover-single-replica-prod-pods-down"],
    requires=["Service"],
    reads=[
        "workloads",
        "HorizontalPodAutoscaler",
        "ScaledObject",
        "PersistentVolumeClaim",
        "ConfigMap",
        *SERVING_EVIDENCE_KINDS,
        *LEASE_KINDS,
    ],
    fix=(
        "Run at least two replicas of anything a Service depends on (spec.replicas: 2 or more, or an HPA with "
        "minReplicas >= 2), spread across nodes; for stateful services, replicate the data in the application "
        "(a primary with a replica) instead of relying on one pod and one volume."
    ),
)
def single_replica(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Deployments, StatefulSets, ReplicaSets, ReplicationControllers and Argo Rollouts selected by a
    Service that carries client traffic and that run one replica (`spec.replicas: 1`, or unset or null) with no
    HorizontalPodAutoscaler or KEDA ScaledObject allowing more (KEDA turns a ScaledObject into an autoscaler at
    run time; one that sets no `maxReplicaCount` allows 100). Client traffic needs evidence (see Evidence rules in the
    docs): a headless Service (`clusterIP: None`), or one whose every port is a metrics, profiling,
    health, debug or admin port (by its name, the name of the container port it reaches or the
    Service's own name, as words; or scraped by a ServiceMonitor or PodMonitor, or the
    `prometheus.io/port` of a Service annotated `prometheus.io/scrape`), carries none; a Service
    that an admission webhook, an APIService or a CRD conversion webhook names carries the API
    server's. A Service that only backs admission webhooks is `webhook-backend-unavailable`'s to judge
    (by what the webhooks intercept and whether they fail closed) when it runs in the same audit: one
    cause, one finding. So is cluster DNS (CoreDNS or kube-dns in `kube-system`) `coredns-resilience`'s,
    which reports its replica count among its other gaps.
    Leader-elected controllers (a `--leader-elect`-style flag or variable, or a ServiceAccount bound
    to create and update Leases by a rule that names them, through an aggregated ClusterRole too; a
    wildcard that reaches Leases among every other resource elects nothing) have one active reconciler by design and
    are not reported, unless their Service backs an aggregated API or a CRD conversion webhook, or
    the workload registers admission webhooks itself at run time (its ServiceAccount may create
    webhook configurations): leader election says which replica reconciles, not which serves, and
    every call of the API server lands on the one pod. A right shared by several workloads (one
    ServiceAccount for all of a project's Deployments) is the right of the one among them that serves
    webhooks (those the input configures, or, registered at run time, behind a Service or port named for a
    webhook): the others are not taken to register webhooks. Nor is one of several controllers that run the same
    images behind one Service (a Galera cluster written as one-replica ReplicationControllers, one per member, behind
    the cluster's Service; a blue and a green Deployment): losing its pod leaves the others behind that Service, and a
    Service that selects it alone is that member's own address, as a StatefulSet pod's is. Workloads
    scaled to zero and one-shot or batch work (Jobs, CronJobs, training jobs, Helm and Argo CD hooks)
    are not reported either. Skipped when the HorizontalPodAutoscalers could not be read (forbidden, or their
    listing failed).

    A controller meant to run alone (one replica, no leader election, a ServiceAccount that may write or
    watch the cluster's objects, and a `Recreate` rollout that no ReadWriteOnce claim or node port explains, or a name
    or image that says it is an operator, a controller of its own custom resources by definition, or a ServiceAccount
    that may write both custom resources whose definitions the input holds and their status, by rules that name
    their group, and that no other long-running workload shares (by the account, or by a role bound to several
    accounts; a one-shot Job or hook shares nothing), as that controller does whatever its name (Fluvio's
    `fluvio-sc`; a server that reads its configuration from them and writes only their status is none, nor is one
    an Ingress or route sends users to); or a
    ServiceAccount that may bind pods to nodes by a rule that names pod binding, a scheduler) is
    reported at **low** unless it serves the API server, and is never told to run a second replica (a monitoring or
    alerting server, named by its image, is no such controller: it watches the cluster to find what to scrape and
    acts on nothing in it):
    its fix is to keep one, and to turn on leader election first if the program has it.

    The fix never asks for what would break the workload: a workload whose pod template fixes its network addresses
    (a Multus attachment naming its `ips`, Calico's `ipAddrs`) is told to keep one and put redundancy in a second
    instance with addresses of its own, since every replica of the template asks for the same ones (SD-Core's user
    plane); a workload that keeps data in a directory of its node (a
    hostPath that is not the node's own files, mounted writable; not a monitoring server, whose replicas each gather
    their own) is told to move that data to a store every replica reaches first (Pachyderm's local deploy); a
    workload behind a UDP port of its Services is told that
    each new flow goes to any replica there, so a second runs behind it only where every exchange stands alone (a DNS
    query) or the replicas share their sessions, and a media server, which expects the packets of the sessions it set
    up, needs a port and address per replica (Jitsi's video bridge and LiveKit's media server were told to run two
    behind one port: judged wrong); a data store (by its image, or by the data directory it writes,
    `/var/lib/<store>`: REANA's broker image names no store and writes `/var/lib/rabbitmq`) is told to replicate in the application
    only where the programs that use it support that mode, and to keep one otherwise (Sourcegraph's Redis clients
    support neither Redis Cluster nor Sentinel); a workload whose pods must share a node with other pods
    (a required pod affinity over `kubernetes.io/hostname`) is told that its replicas land only where those run, so
    it gains a second only once they run on several nodes, never a spread the affinity forbids (the CSI hostpath
    driver's socat tunnel beside its plugin); a workload whose election only its account's rights show
    (it may create and update Leases, and no flag, nor a mounted configuration file the program is pointed at, turns the election on) is told to
    make sure its election is on first, since rights show that a program can elect, not that it does, and one whose
    configuration switches it off (`leaderElect: false`) to turn it on; a message broker that keeps nothing on disk
    (NATS, Mosquitto) is told to turn on its clustering first, since a second broker not joined to the first splits
    its clients; a workload whose data store is its own memory (a variable, flag or configuration line that chooses
    its data store or storage, set to `memory`: Nessie's `nessie.version.store.type=IN_MEMORY`; a cache kept in memory,
    such as a registry's `storage.cache.blobdescriptor`, is not its store), or on its own pod's loopback (a store URL
    on `localhost` or `127.0.0.1`), is told to point it at a shared store first, since a second replica would be a
    separate store, and so is one whose data store is a database embedded in its own process (H2, Derby, HSQLDB,
    SQLite, or a key-value store such as Badger or Bolt: a JDBC or SQLite URL, or a setting that chooses its data store
    and names one, or `local` for its database, in a variable, a flag (`--flag=value` or `--flag value`), or a
    configuration file the program reads: one it is pointed at, such as Kestra's default `jdbc:h2:mem:` datasource or
    lakeFS's `database: {type: local}`, or one mounted where its framework reads it by convention,
    `config/application.properties`); a StatefulSet is told to
    add members only if its application replicates (one whose members have no volume claim templates and run no data
    store is told to run more once the program can run as two, as any other workload is, since a member may keep
    state in its pod that no manifest shows; where they keep state on an emptyDir where state is kept, it must first
    move to storage every member shares, and where they keep data on their node's disk, a hostPath as above, it must
    first move where every member reaches it; one that runs a store there is told to give each member a claim of its
    own in its place), unless its
    members all mount one claim as a pod volume: it is built to run one member (a second cannot attach a
    ReadWriteOnce claim on another node, and would open the first's data files on one several nodes mount), and is
    told to run more only where the application replicates its data or shares a data directory, and otherwise to
    keep one and shorten its recovery; a Deployment rolled out by `Recreate` that no ReadWriteOnce claim or node port explains is
    told to run a second only where two of the program may run at once and its in-process state is shared, and to
    keep one otherwise (JupyterHub's proxy; Jaeger's all-in-one keeps traces in its memory); a monitoring server
    that gathers its own data (Prometheus) is told to give each replica storage of its
    own, never one shared data directory; an alert router (Alertmanager) is told to turn on its clustering first,
    since a replica outside it notifies every receiver again; an identity provider (Dex) keeps sessions, tokens and keys in the storage
    its configuration names, which may be memory, and is told to share that storage before a second replica; a server that runs its
    scheduler and other background services in its own process, coordinated in memory (Prefect's `prefect server
    start` without `--no-services`, its Docket URL unset or `memory://`), is told to share that coordination and
    run the services once on their own first, since a second replica would schedule every run again; a
    Deployment on a ReadWriteOnce claim, that the claim cannot be shared, nor the data the program keeps there: a
    second replica runs only once that data reaches both (a store the program shares; a claim each where the
    application replicates; storage several nodes mount only where the program lets several instances open one data
    directory, never an embedded database: Drone keeps its SQLite database on its claim) and the program can run as
    two (state in its own process, as Drone's sessions and build queue are without Redis, shows in no manifest),
    and where the data cannot leave the claim it keeps one and shortens its recovery; one whose pods keep their state on an
    emptyDir (mounted where state is kept, such as `/var/lib/<program>`, `/data`, or a hidden directory named for
    the program, `/root/.ollama`), that a cache each pod fills on its own needs nothing more, and state the replicas
    must agree on must first move where both reach it: to a store the program shares between them (its external
    database or object storage setting), or to one data directory on storage several nodes mount only where the
    program supports several instances on one (ownCloud's storage services, on ReadWriteMany), never with an
    embedded database in it (1Password Connect's SQLite cache on an emptyDir, shared across nodes, would break). Where the input shows such state in the pod (an embedded
    database, an emptyDir
    where state is kept), sharing it is needed and not always enough: the fix asks for a second replica only where
    the program can run as several once its state is shared, since some run one instance whatever their storage
    (SonarQube's community build), and says to keep one there; a workload whose ServiceAccount may write API objects and that shows no leader
    election, that a controller runs a second replica only once it elects a leader, and keeps one where the program
    offers no election (an API server that writes on its users' behalf, such as Argo CD's, has the same rights and
    runs many replicas, so the rights alone do not say which it is; nor does the input say whether a program offers
    an election). Any other is told to run a second replica once the program can run as two: no manifest shows the
    state a program keeps in its own process (sessions, subscriptions, locks, a scheduler, files on its own disk:
    AIBrix's GPU optimizer keeps its load monitors in memory), which a second replica would not share, so the fix
    names that condition, and says to keep one where the program cannot run as two, rather than assume it can.

    ## Why it matters

    With one replica, anything that takes its node away takes the service down. In July 2021 a
    Python Discord node on Linode Kubernetes Engine was recycled by force; afterwards its block
    volumes would not mount, and every stateful service (PostgreSQL, Redis, PrestaShop) and the
    services depending on them stayed down for hours. Each of those stateful pods had one volume, in
    a single-replica Deployment or a StatefulSet, so nothing else could serve while it could not
    start. And a user whose nginx Deployment
    had one replica saw the service go down when the node running it was drained; as a maintainer
    pointed out, one replica cannot be highly available whatever its PodDisruptionBudget says.

    ## Severity

    **High**: losing one node is an outage of everything the Service serves, its clients and the API
    server's aggregated APIs alike (an APIService that does not answer fails discovery for every
    client). **Low** when all the Services carry is conversion of custom resources (and admission
    calls, which `webhook-backend-unavailable` judges): while the replica is away, reads and writes of
    those custom resources fail, and nothing else does. **Medium** when the API server's calls come
    from admission webhooks the workload registers itself at run time (its ServiceAccount may create
    webhook configurations, none of which is in the input): what they intercept, and so the blast
    radius, cannot be told. **Low** for a controller meant to run alone that serves no API: its one
    replica is how it is built, not a setting to change, and what its Service carries for clients is not
    shown by it. **Low** for an operators' console (named as a UI, dashboard, console or MCP server by its name, its image or
    every Service in front of it, beside a program bound to the Kubernetes API; or a product's admin console, named
    so by its name or image and alone behind its Services; see Evidence rules): losing it costs the people operating
    a tool or a product their view, not a product's clients their service. **Medium** for a monitoring, alerting or telemetry server (by the whole
    name of its image: Prometheus, Alertmanager; Tempo, Loki, Mimir, Cortex, Thanos, Jaeger, Zipkin, Parca,
    Pyroscope, Netdata, VictoriaMetrics), or a dashboard people read telemetry through (Grafana, Kibana, OpenSearch
    Dashboards), that serves no API: its loss blinds the people and the automation that read its metrics, traces,
    logs or profiles or wait for its alerts; programs that send to it drop or buffer what they send, and no product
    client's request fails.

    ## Example

    ```yaml
    kind: Deployment
    spec:
      replicas: 1
    ---
    kind: Service          # selects the Deployment's pods
    ```

    ## Fix

    ```yaml
    kind: Deployment
    spec:
      replicas: 3
      template:
        spec:
          topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule,
             labelSelector: {matchLabels: {app: api}}}
    ```
    """
    if autoscalers_unread(ctx.inventory):
        raise Skip(
            f"{ctx.inventory.why_missing('HorizontalPodAutoscaler')}, so how many replicas an autoscaler runs is unknown"
        )
    evidence = serving(ctx.inventory)
    leases = lease_holders(ctx.inventory)
    dns_judged = ctx.left_to("coredns-resilience")
    for workload in ctx.inventory.workloads:
        if not workload.serves_traffic or replicas(workload) != 1:
            continue
        if dns_judged and is_cluster_dns(ctx.inventory, workload):
            continue  # coredns-resilience's: cluster DNS judged as a whole, one cause, one finding
        behind = [
            s
            for s in evidence.services(workload)
            if not (evidence.admission_backend(s) and ctx.left_to("webhook-backend-unavailable"))
        ]
        roles = sorted(
            {role for s in behind for role in evidence.api_roles(s)},
            key=lambda role: (role.startswith(ADMISSION), role),
        )
        if not roles and evidence.registers_webhooks(workload):
            roles = [RUNTIME_WEBHOOKS]
        elected = one_active_by_design(workload, leases)
        if not behind or (elected and not roles):
            continue
        if any(_shares_its_service_with_its_program(ctx, workload, s) for s in behind):
            continue  # one of several controllers running one program behind one Service: not alone there
        ceiling = autoscaled_ceiling(ctx.inventory, workload)
        if ceiling is not None and ceiling > 1:
            continue
        services = sorted({name(s) for s in behind})
        serves = f", which serves the API server ({first_and_more(roles)})" if roles else ""
        console = None if roles else evidence.console(workload)
        alone = None if console else singleton_by_design(ctx.inventory, workload, leases)
        watcher = None if roles or console else observer(workload)
        why = (
            ": leader election decides which replica reconciles, not which serves, and"
            if elected
            else f": it is an operators' console (by its name or image: {console}), so"
            if console
            else f": it is {alone}, so"
            if alone
            else ":"
        )
        converts = _conversion_only(evidence, behind, roles)
        outage = (
            "fails reads and writes of the custom resources it converts"
            if converts
            else "takes the console away from the people who use it until its pod is rescheduled"
            if console
            else "stops its work, and whatever its Service answers, until its pod is rescheduled"
            if alone
            else f"stops the alerts it routes ({watcher}) until its pod is rescheduled"
            if watcher and alert_router(workload)
            else f"stops the monitoring it serves ({watcher}) until its pod is rescheduled"
            if watcher
            else "takes the service down"
        )
        yield ctx.finding(
            workload.obj,
            f"{workload.kind} runs one replica behind Service {', '.join(services)}{serves}{why} losing its node {outage}.",
            Evidence("spec.replicas", 1),
            Evidence("services", services),
            *([Evidence("serves", roles)] if roles else []),
            *(
                [Evidence("spec.strategy.type", "Recreate")]
                if alone and dig(workload.obj, "spec", "strategy", "type") == "Recreate"
                else []
            ),
            remediation=singleton_fix(workload)
            if alone
            else more_replicas_fix(ctx.inventory, workload, elected) + _udp_caveat(evidence, behind),
            severity="low"
            if converts or console or (alone and not roles)
            else "medium"
            if roles == [RUNTIME_WEBHOOKS] or watcher
            else None,
        )
