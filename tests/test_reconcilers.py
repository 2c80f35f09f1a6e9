"""Who reconciles, as RBAC and the manifests show it: what counts as an election's rights, where a workload
written without a namespace runs, and what the API server does with a namespace on a cluster-scoped object."""

from __future__ import annotations

import pytest

from kubegap.checks.workloads._helpers import more_replicas_fix
from kubegap.domain.collection import Collection, Origin
from kubegap.domain.datastores import MESSAGE_BROKERS, UNCLUSTERED_BROKERS
from kubegap.domain.inventory import Inventory
from kubegap.domain.reconcilers import account_rights, configured_election, may_reconcile, one_active_by_design
from kubegap.domain.resources import namespace
from kubegap.domain.serving import serving

KINDS = {
    "ClusterRole",
    "ClusterRoleBinding",
    "Role",
    "RoleBinding",
    "ServiceAccount",
    "Deployment",
    "Service",
    "ConfigMap",
}


def _inventory(*objects: dict) -> Inventory:
    collection = Collection(collected=set(KINDS))
    for obj in objects:
        collection.add(obj, Origin("install.yaml", 0))
    return Inventory(collection)


def _meta(name: str, ns: str | None) -> dict:
    return {"name": name, **({"namespace": ns} if ns else {})}


def _cluster_role(rules: list[dict], ns: str | None = None) -> dict:
    return {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRole",
        "metadata": _meta("ctl", ns),
        "rules": rules,
    }


def _binding(account: str = "ctl", account_ns: str = "ops", ns: str | None = None) -> dict:
    return {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRoleBinding",
        "metadata": _meta("ctl", ns),
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "ctl"},
        "subjects": [{"kind": "ServiceAccount", "name": account, "namespace": account_ns}],
    }


def _account(ns: str | None) -> dict:
    return {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": _meta("ctl", ns)}


def _deployment(ns: str | None = "ops", containers: list[dict] | None = None, replicas: int = 1) -> dict:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": _meta("ctl", ns),
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": {"app": "ctl"}},
            "template": {
                "metadata": {"labels": {"app": "ctl"}},
                "spec": {"serviceAccountName": "ctl", "containers": containers or [{"name": "ctl", "image": "ctl:1"}]},
            },
        },
    }


LEASES = {"apiGroups": ["coordination.k8s.io"], "resources": ["leases"], "verbs": ["get", "create", "update"]}


@pytest.mark.parametrize(
    "rules, elects",
    [
        ([LEASES], True),
        ([{**LEASES, "verbs": ["*"]}], True),
        ([{**LEASES, "apiGroups": ["*"]}], True),
        ([{**LEASES, "verbs": ["get", "update"]}, {**LEASES, "verbs": ["create"]}], True),
        ([{**LEASES, "verbs": ["get", "update", "patch"]}], False),  # cannot take a lease that does not exist yet
        ([{"apiGroups": ["*"], "resources": ["*"], "verbs": ["delete", "get", "patch"]}], False),  # Argo CD's server
        ([{"apiGroups": ["*"], "resources": ["*"], "verbs": ["*"]}], False),  # a wildcard names no Lease
    ],
)
def test_only_rules_that_name_leases_and_let_the_holder_create_and_renew_one_are_an_elections_rights(rules, elects):
    inventory = _inventory(_cluster_role(rules), _binding(), _deployment())
    assert (("ops", "ctl") in account_rights(inventory).leases) is elects
    assert (one_active_by_design(inventory.workloads[0], account_rights(inventory).leases) is not None) is elects


@pytest.mark.parametrize(
    "account_ns, binding_ns, matched",
    [
        ("ops", "ops", True),  # the account is declared in one namespace: the workload runs there
        (None, "ops", True),  # declared without one, and every binding names it in ops
        ("elsewhere", "ops", False),  # the account the binding names is another namespace's
    ],
)
def test_a_workload_written_without_a_namespace_holds_the_rights_granted_where_its_account_lives(
    account_ns, binding_ns, matched
):
    inventory = _inventory(
        _cluster_role([LEASES]), _binding(account_ns=binding_ns), _account(account_ns), _deployment(None)
    )
    assert ((None, "ctl") in account_rights(inventory).leases) is matched


def test_bindings_naming_the_account_in_two_namespaces_say_nothing_of_a_namespace_less_workload():
    second = {**_binding(account_ns="dev"), "metadata": {"name": "ctl-dev"}}
    inventory = _inventory(_cluster_role([LEASES]), _binding(), second, _account(None), _deployment(None))
    assert (None, "ctl") not in account_rights(inventory).leases


def test_a_namespace_on_a_cluster_scoped_object_is_dropped_as_the_api_server_drops_it():
    role = _cluster_role([LEASES], ns="ops")
    assert namespace(role) is None
    assert namespace({"apiVersion": "example.com/v1", "kind": "ClusterRole", "metadata": _meta("x", "ops")}) == "ops"
    inventory = _inventory(role, _binding(ns="ops"), _deployment())
    assert inventory.get("ClusterRole", None, "ctl") is role
    assert ("ops", "ctl") in account_rights(inventory).leases


def test_election_rights_without_the_switch_ask_to_turn_the_election_on_first():
    rights_only = _inventory(_cluster_role([LEASES]), _binding(), _deployment())
    workload = rights_only.workloads[0]
    fix = more_replicas_fix(rights_only, workload, one_active_by_design(workload, account_rights(rights_only).leases))
    assert fix.startswith("Make sure its leader election is on")
    flagged = _inventory(_deployment(containers=[{"name": "ctl", "image": "ctl:1", "args": ["--leader-elect"]}]))
    workload = flagged.workloads[0]
    fix = more_replicas_fix(flagged, workload, one_active_by_design(workload, set()))
    assert fix.startswith("Run at least two replicas") and "one replica reconciles while every replica serves" in fix


def test_a_container_that_lists_no_port_is_the_one_serving_a_number_nobody_declares():
    containers = [
        {"name": "operator", "image": "op:1", "ports": [{"name": "health", "containerPort": 8085}]},
        {"name": "webhook", "image": "op:1"},
    ]
    service = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": _meta("hooks", "ops"),
        "spec": {"selector": {"app": "ctl"}, "ports": [{"port": 443, "targetPort": 9443}]},
    }
    inventory = _inventory(_deployment(containers=containers), service)
    evidence = serving(inventory)
    workload = inventory.workloads[0]
    assert [c["name"] for _, _, c in evidence.serving_containers(workload, [service])] == ["webhook"]
    every_silent = _inventory(
        _deployment(containers=[{"name": "a", "image": "a:1"}, {"name": "b", "image": "b:1"}]), service
    )
    workload = every_silent.workloads[0]
    assert [c["name"] for _, _, c in serving(every_silent).serving_containers(workload, [service])] == ["a", "b"]


def _config_map(text: str) -> dict:
    return {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": _meta("ctl-config", "ops"),
        "data": {"config.yaml": text},
    }


def _mounting(args: tuple[str, ...] = ("--config=/etc/ctl/config.yaml",)) -> dict:
    deployment = _deployment()
    deployment["spec"]["template"]["spec"]["volumes"] = [{"name": "config", "configMap": {"name": "ctl-config"}}]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    container["volumeMounts"] = [{"name": "config", "mountPath": "/etc/ctl"}]
    container["args"] = list(args)
    return deployment


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "leaderElection:\n  leaderElect: true\n  resourceName: ctl\n",
            (True, "leaderElect: true in ConfigMap ctl-config"),
        ),
        (
            "kubernetes.operator.leader-election.enabled: false\n",
            (False, "kubernetes.operator.leader-election.enabled: false in ConfigMap ctl-config"),
        ),
        ("# kubernetes.operator.leader-election.enabled: true\n", None),  # commented out: says nothing
        ("leaderElection:\n  leaseDuration: 15s\n", None),  # tunes an election, switches nothing
        ("leader-elector-image: example/elector:1\n", None),
    ],
)
def test_a_configuration_file_the_pods_mount_can_switch_the_election(text, expected):
    inventory = _inventory(_mounting(), _config_map(text))
    assert configured_election(inventory, inventory.workloads[0]) == expected


@pytest.mark.parametrize(
    "args, expected",
    [
        (("--config", "/etc/ctl/config.yaml"), True),
        (("--config-dir=/etc/ctl",), True),
        ((), False),  # mounted, but nothing points the program at it: k8ssandra-operator's /manager
        (("--config=/etc/ctl-other/config.yaml",), False),  # another directory whose name begins the same
    ],
)
def test_only_a_configuration_file_the_program_is_pointed_at_switches_the_election(args, expected):
    inventory = _inventory(_mounting(args), _config_map("leaderElection:\n  leaderElect: true\n"))
    assert (configured_election(inventory, inventory.workloads[0]) is not None) is expected


def test_an_election_the_configuration_switches_on_is_named_in_the_fix():
    inventory = _inventory(
        _mounting(), _config_map("leaderElection:\n  leaderElect: true\n"), _cluster_role([LEASES]), _binding()
    )
    workload = inventory.workloads[0]
    fix = more_replicas_fix(inventory, workload, one_active_by_design(workload, account_rights(inventory).leases))
    assert "leader-elected (leaderElect: true in ConfigMap ctl-config)" in fix and not fix.startswith("Make sure")
    inventory = _inventory(
        _mounting(), _config_map("leaderElection:\n  leaderElect: false\n"), _cluster_role([LEASES]), _binding()
    )
    workload = inventory.workloads[0]
    fix = more_replicas_fix(inventory, workload, one_active_by_design(workload, account_rights(inventory).leases))
    assert fix.startswith(
        "Turn its leader election on (it is switched off: leaderElect: false in ConfigMap ctl-config)"
    )


def test_an_identity_provider_is_told_to_share_its_storage_before_a_second_replica():
    dex = _deployment(containers=[{"name": "dex", "image": "ghcr.io/dexidp/dex:v2.44.0"}])
    inventory = _inventory(dex)
    fix = more_replicas_fix(inventory, inventory.workloads[0], None)
    assert fix.startswith("It runs dex, an identity provider") and "keep one" in fix
    companion = _deployment(containers=[{"name": "proxy", "image": "example/dex-k8s-authenticator:1.4"}])
    inventory = _inventory(companion)
    assert "identity provider" not in more_replicas_fix(inventory, inventory.workloads[0], None)


def test_a_broker_with_no_clustering_is_told_to_stay_one_and_one_that_clusters_to_turn_it_on():
    assert UNCLUSTERED_BROKERS <= set(MESSAGE_BROKERS.entries)  # a broker's clustering is known only for a broker
    mosquitto = _deployment(containers=[{"name": "mq", "image": "eclipse-mosquitto:2.0.20-openssl"}])
    inventory = _inventory(mosquitto)
    fix = more_replicas_fix(inventory, inventory.workloads[0], None)
    assert fix.startswith("It runs mosquitto, a message broker with no clustering") and "Keep one" in fix
    assert "strategy Recreate" in fix and "Turn on its clustering" not in fix
    member = {**mosquitto, "kind": "StatefulSet"}  # a StatefulSet has no Recreate: its update already stops first
    inventory = _inventory(member)
    assert "Recreate" not in more_replicas_fix(inventory, inventory.workloads[0], None)
    nats = _deployment(containers=[{"name": "nats", "image": "nats:2.14.2-alpine"}])
    inventory = _inventory(nats)
    assert "Turn on its clustering" in more_replicas_fix(inventory, inventory.workloads[0], None)


def test_a_configuration_a_projected_volume_mounts_where_the_framework_reads_it_is_read():
    """Polaris's chart projects its ConfigMap's application.properties into /deployments/config (here from a key of
    another name, as ``items`` may map it); the persistence it chooses there is what a second replica would not
    share."""
    config = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": _meta("catalog", "ops"),
        "data": {"catalog.properties": "catalog.persistence.type=in-memory\nquarkus.http.port=8181"},
    }
    server = _deployment(
        containers=[
            {
                "name": "catalog",
                "image": "example/catalog:1.7.0",
                "volumeMounts": [{"name": "config-volume", "mountPath": "/deployments/config"}],
            }
        ]
    )
    server["spec"]["template"]["spec"]["volumes"] = [
        {
            "name": "config-volume",
            "projected": {
                "sources": [
                    {
                        "configMap": {
                            "name": "catalog",
                            "items": [{"key": "catalog.properties", "path": "application.properties"}],
                        }
                    }
                ]
            },
        }
    ]
    inventory = _inventory(config, server)
    fix = more_replicas_fix(inventory, inventory.workloads[0], None)
    assert fix.startswith(
        "It keeps its data in its own memory (catalog.persistence.type: in-memory in ConfigMap catalog)"
    )


def test_a_monitoring_server_is_told_to_give_each_replica_its_own_storage():
    prometheus = _deployment(
        containers=[
            {
                "name": "prometheus",
                "image": "prom/prometheus:v3.5.0",
                "volumeMounts": [{"name": "data", "mountPath": "/prometheus/data"}],
            }
        ]
    )
    prometheus["spec"]["template"]["spec"]["volumes"] = [{"name": "data", "emptyDir": {}}]
    inventory = _inventory(prometheus)
    fix = more_replicas_fix(inventory, inventory.workloads[0], None)
    assert fix.startswith("It runs prometheus, a monitoring server") and "never share one data directory" in fix


def test_an_unelected_controller_is_not_told_to_surge():
    from pathlib import Path

    from kubegap.checks import get_check
    from kubegap.runner import run_check
    from kubegap.sources.manifests import ManifestSource

    fixture = (
        Path(__file__).parent / "checks/fixtures/rollout-strategy-unsafe/fires/unelected-controller-one-replica.yaml"
    )
    _, findings = run_check(
        get_check("rollout-strategy-unsafe"), Inventory(ManifestSource([str(fixture)]).collect()), {}
    )
    assert [f.remediation.startswith("Its account may write the cluster's objects") for f in findings] == [True]


def test_a_recreate_rollout_no_claim_or_port_explains_keeps_one_where_two_must_not_run():
    from kubegap.domain.reconcilers import recreated_by_choice

    proxy = _deployment(containers=[{"name": "chp", "image": "example/configurable-http-proxy:4.6.3"}])
    proxy["spec"]["strategy"] = {"type": "Recreate"}
    inventory = _inventory(proxy)
    workload = inventory.workloads[0]
    assert recreated_by_choice(inventory, workload)
    fix = more_replicas_fix(inventory, workload, None)
    assert "once the program can run as two: nothing in the input shows whether it keeps state" in fix
    assert "as it must where two of the program must never run at once" in fix and fix.endswith("there keep one.")
    on_host = _deployment(containers=[{"name": "a", "image": "a:1", "ports": [{"containerPort": 9443}]}])
    on_host["spec"]["strategy"] = {"type": "Recreate"}
    on_host["spec"]["template"]["spec"]["hostNetwork"] = True
    inventory = _inventory(on_host)
    assert not recreated_by_choice(inventory, inventory.workloads[0])


def test_an_account_declared_with_and_without_a_namespace_says_nothing_of_where_a_workload_runs():
    inventory = _inventory(_cluster_role([LEASES]), _binding(), _account(None), _account("ops"), _deployment(None))
    assert (None, "ctl") not in account_rights(inventory).leases


def test_a_switch_that_disables_the_election_is_not_read_as_one_that_turns_it_on():
    inventory = _inventory(_mounting(), _config_map("disable-leader-election: true\n"))
    assert configured_election(inventory, inventory.workloads[0]) is None


def test_a_config_map_the_pods_do_not_mount_switches_nothing():
    deployment = _mounting()
    deployment["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = []
    inventory = _inventory(deployment, _config_map("leaderElection:\n  leaderElect: true\n"))
    assert configured_election(inventory, inventory.workloads[0]) is None


def _app_config(data: dict[str, str], ns: str = "ops") -> dict:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": _meta("app-config", ns), "data": data}


def _with_config(variable: str | None, key: str = "application.yml") -> dict:
    """A server whose ConfigMap is mounted at /app/conf, the program pointed at it by ``variable`` if given."""
    server = _deployment(
        containers=[
            {
                "name": "server",
                "image": "example/workflows:1.3",
                "env": [{"name": "CONFIG_FILES", "value": f"/app/conf/{key}"}] if variable else [],
                "volumeMounts": [{"name": "conf", "mountPath": "/app/conf"}],
            }
        ]
    )
    server["spec"]["template"]["spec"]["volumes"] = [{"name": "conf", "configMap": {"name": "app-config"}}]
    return server


H2_CONFIG = "datasources:\n  h2:\n    url: jdbc:h2:mem:public;DB_CLOSE_DELAY=-1\n# url: jdbc:sqlite:/x.db\n"


@pytest.mark.parametrize(
    "objects, expected",
    [
        # a JDBC URL in the configuration file the program is pointed at
        (
            (_with_config("CONFIG_FILES"), _app_config({"application.yml": H2_CONFIG})),
            "datasources.h2.url: jdbc:h2:mem:public;",
        ),
        # the same file mounted, but no flag or variable names it: what the program reads is not shown
        ((_with_config(None), _app_config({"application.yml": H2_CONFIG})), None),
        # a script's assignments may sit in a branch never taken
        (
            (
                _with_config("CONFIG_FILES", key="hub_config.py"),
                _app_config({"hub_config.py": 'if kind == "memory":\n    db_url = "sqlite://"\n'}),
            ),
            None,
        ),
        # a setting named for the store that names an embedded engine, and a SQLite URL in a variable
        (
            (
                _deployment(
                    containers=[
                        {
                            "name": "ui",
                            "image": "example/ui:2",
                            "env": [{"name": "DATABASE_DRIVER", "value": "sqlite3"}],
                        }
                    ]
                ),
            ),
            "DATABASE_DRIVER=sqlite3",
        ),
        (
            (
                _deployment(
                    containers=[{"name": "ui", "image": "example/ui:2", "args": ["--db-url=sqlite:///var/ui.db"]}]
                ),
            ),
            "--db-url=sqlite:///var/ui.db",
        ),
        # a flag and its value given as two words, in a shell script
        (
            (
                _deployment(
                    containers=[
                        {
                            "name": "tracking",
                            "image": "example/tracking:2",
                            "command": [
                                "sh",
                                "-c",
                                "tracking server --backend-store-uri sqlite:///data/t.db --port 5000",
                            ],
                        }
                    ]
                ),
            ),
            "--backend-store-uri=sqlite:///data/t.db",
        ),
        # a shared database, and an engine's name in a setting that does not choose the store
        (
            (
                _deployment(
                    containers=[
                        {
                            "name": "ui",
                            "image": "example/ui:2",
                            "env": [
                                {"name": "DATABASE_URL", "value": "postgres://ui@db:5432/ui"},
                                {"name": "EXPORT_FORMAT", "value": "sqlite"},
                            ],
                        }
                    ]
                ),
            ),
            None,
        ),
    ],
)
def test_a_database_embedded_in_the_program_is_told_apart_from_a_shared_one(objects, expected):
    from kubegap.domain.datastores import embedded_database

    inventory = _inventory(*objects)
    found = embedded_database(inventory, inventory.workloads[0])
    assert (found is None) if expected is None else (found is not None and found.startswith(expected))
    fix = more_replicas_fix(inventory, inventory.workloads[0], None)
    assert fix.startswith("It keeps its data in a database embedded in its own process") == (expected is not None)


def test_a_second_replica_is_asked_for_only_once_the_program_can_run_as_two():
    """Nothing in a manifest shows the state a program keeps in its own process, so the fix that asks for a
    second replica names that condition instead of assuming it; a controller's adds its leader election."""
    plain = _inventory(_deployment(containers=[{"name": "web", "image": "example/web:1"}]))
    fix = more_replicas_fix(plain, plain.workloads[0], None)
    assert "once the program can run as two" in fix and "keep one: its restart is then its outage" in fix
    assert "elects a leader" not in fix
    writer = _inventory(
        _deployment(containers=[{"name": "web", "image": "example/web:1"}]),
        _cluster_role([{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create", "update"]}]),
        _binding(),
    )
    fix = more_replicas_fix(writer, writer.workloads[0], None)
    assert "once the program can run as two" in fix and "only once the program elects a leader" in fix


@pytest.mark.parametrize("how", ["forbidden", "failed"])
def test_whether_a_workload_may_reconcile_is_unknown_where_rbac_could_not_be_read(how):
    """A cluster that refused, or failed, to list the RBAC kinds shows no right of any account: that is no evidence
    that a workload writes nothing, so whether it reconciles is unknown (None), never no."""
    deployment = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": _meta("manager", "ops"),
        "spec": {
            "selector": {"matchLabels": {"app": "manager"}},
            "template": {"metadata": {"labels": {"app": "manager"}}, "spec": {"containers": [{"name": "manager"}]}},
        },
    }
    inventory = _inventory(deployment)
    assert may_reconcile(inventory, inventory.workloads[0]) is False
    inventory = _inventory(deployment)
    getattr(inventory.collection, how)["ClusterRoleBinding"] = "list clusterrolebindings: refused"
    assert may_reconcile(inventory, inventory.workloads[0]) is None
