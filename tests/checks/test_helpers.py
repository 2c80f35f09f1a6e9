"""Helpers the checks share: image references and floating tags, what an absent
kind means, which Services carry client traffic, leader election, liveness budgets, kube-proxy's settings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kubegap.checks import get_check
from kubegap.checks.containers._helpers import is_floating, liveness_budget
from kubegap.domain.absence import absent_means_none
from kubegap.domain.collection import Collection
from kubegap.domain.containers import ImageRef, is_docker_hub, parse_image
from kubegap.domain.inventory import Inventory
from kubegap.domain.kube_proxy import kube_proxy_configurations, kube_proxy_flags
from kubegap.domain.podtemplates import as_workload, leader_election
from kubegap.domain.serving import serving
from kubegap.domain.withdrawn_images import withdrawn
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource


@pytest.mark.parametrize(
    "image, expected, hub",
    [
        ("nginx", ImageRef(None, "nginx", None, None), True),
        ("nginx:1.27", ImageRef(None, "nginx", "1.27", None), True),
        ("bitnami/redis:7.2", ImageRef(None, "bitnami/redis", "7.2", None), True),
        ("docker.io/library/postgres:16.1", ImageRef("docker.io", "library/postgres", "16.1", None), True),
        ("localhost:5000/app", ImageRef("localhost:5000", "app", None, None), False),
        (
            "registry.example.com:5000/team/api:latest",
            ImageRef("registry.example.com:5000", "team/api", "latest", None),
            False,
        ),
        ("ghcr.io/org/app@sha256:abc", ImageRef("ghcr.io", "org/app", None, "sha256:abc"), False),
        ("nginx:1.27@sha256:abc", ImageRef(None, "nginx", "1.27", "sha256:abc"), True),
    ],
)
def test_parse_image(image, expected, hub):
    assert parse_image(image) == expected
    assert is_docker_hub(parse_image(image)) is hub


def _inventory(inputs, collected=(), forbidden=None):
    return Inventory(Collection(inputs=inputs, collected=set(collected), forbidden=forbidden or {}))


def test_absent_kind_means_none_only_for_manifests():
    manifests = [{"type": "manifests", "path": "k8s/"}]
    assert absent_means_none(_inventory(manifests), "PodDisruptionBudget")
    assert not absent_means_none(
        _inventory(manifests + [{"type": "snapshot", "path": "s.json"}]), "PodDisruptionBudget"
    )
    assert absent_means_none(
        _inventory([{"type": "snapshot"}], collected=["PodDisruptionBudget"]), "PodDisruptionBudget"
    )
    assert not absent_means_none(
        _inventory(manifests, forbidden={"PodDisruptionBudget": "denied"}), "PodDisruptionBudget"
    )
    assert not absent_means_none(_inventory([]), "PodDisruptionBudget")


def test_kube_proxy_settings_come_from_its_daemonset_flags_and_its_configmaps():
    daemonset = {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"name": "kube-proxy", "namespace": "kube-system"},
        "spec": {
            "template": {
                "spec": {
                    "containers": [
                        {
                            "name": "kube-proxy",
                            "command": ["kube-proxy", "--proxy-mode=iptables", 8],
                            "args": ["--proxy-mode=ipvs", "--conntrack-min"],
                        }
                    ]
                }
            }
        },
    }
    configmaps = [
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": "kube-system"}, "data": data}
        for name, data in [
            (
                "kube-proxy",
                {"config.conf": "kind: KubeProxyConfiguration\nmode: ipvs\n", "kubeconfig.conf": "kind: Config\n"},
            ),
            (
                "kube-proxy-config",
                {"broken": "kind: KubeProxyConfiguration\nmode: [", "list": "- KubeProxyConfiguration"},
            ),
            ("other", {"config.conf": "kind: KubeProxyConfiguration\n"}),
        ]
    ]
    inventory = Inventory(Collection(resources=[daemonset, *configmaps]))
    [(obj, where, flags)] = kube_proxy_flags(inventory)
    assert obj is daemonset and where == "spec.template.spec.containers[0].command"
    assert flags["--proxy-mode"] == "ipvs" and flags["--conntrack-min"] == "" and flags["8"] == ""
    found = [(obj["metadata"]["name"], key, config) for obj, key, config in kube_proxy_configurations(inventory)]
    assert found == [("kube-proxy", "config.conf", {"kind": "KubeProxyConfiguration", "mode": "ipvs"})]


@pytest.mark.parametrize(
    "tag, floating",
    [
        ("latest", True),
        ("alpine", True),
        ("main-latest", True),
        ("latest-alpine", True),
        ("v2-nightly", True),
        ("3", True),
        ("20", True),
        ("20-slim", True),
        ("3.12.4", False),
        ("v5", False),
        ("main-3f2a1b9", False),
        ("1042", False),
        ("dev-20240611", False),
        ("20.11.1-alpine3.19", False),
        ("snapshot-thick", True),
        ("stable-alpine", True),
        ("nightly-20240611", False),
        ("edge-3f2a1b9", False),
        ("stable-1.2", False),
    ],
)
def test_floating_tags(tag, floating):
    defaults = {"latest", "stable", "snapshot", "edge", "nightly", "main", "master", "dev", "alpine", "slim"}
    assert is_floating(tag, defaults) is floating


def _service(spec: dict, **metadata) -> dict:
    return {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {"name": "s", "namespace": "app", **metadata},
        "spec": spec,
    }


def _webhook(service: str) -> dict:
    return {
        "apiVersion": "admissionregistration.k8s.io/v1",
        "kind": "ValidatingWebhookConfiguration",
        "metadata": {"name": "v"},
        "webhooks": [{"name": "v.example.com", "clientConfig": {"service": {"namespace": "app", "name": service}}}],
    }


@pytest.mark.parametrize(
    "service, clients",
    [
        (_service({"ports": [{"name": "http", "port": 80}]}), True),
        (_service({"clusterIP": "None", "ports": [{"name": "http", "port": 80}]}), False),
        (_service({"ports": [{"name": "metrics", "port": 9090}, {"name": "grpc-metrics", "port": 9091}]}), False),
        (_service({"ports": [{"name": "metrics", "port": 9090}, {"name": "webhook", "port": 443}]}), True),
        (
            _service(
                {"ports": [{"port": 9001}]}, annotations={"prometheus.io/scrape": "true", "prometheus.io/port": "9001"}
            ),
            False,
        ),
        (
            _service(
                {"ports": [{"port": 8080}]}, annotations={"prometheus.io/scrape": "true", "prometheus.io/port": "9001"}
            ),
            True,
        ),
        (_service({"ports": [{"name": "http-profiling", "port": 8008}, {"name": "probes", "port": 8080}]}), False),
        (
            _service(
                {
                    "ports": [
                        {"name": "debug", "port": 6060},
                        {"name": "admin", "port": 9901},
                        {"name": "healthz", "port": 8081},
                    ]
                }
            ),
            False,
        ),
        (_service({"ports": [{"name": "https", "port": 8443}]}, name="manager-metrics-service"), False),
        (_service({"ports": [{"name": "adminer", "port": 8080}]}), True),
    ],
)
def test_services_that_carry_client_traffic(service, clients):
    inventory = Inventory(Collection(resources=[service], collected={"Service"}))
    assert serving(inventory).serves_clients(service) is clients


def test_a_service_that_backs_a_webhook_carries_the_api_servers_traffic_whatever_its_name():
    service = _service({"ports": [{"name": "https", "port": 443}]}, name="metrics-server")
    inventory = Inventory(
        Collection(
            resources=[service, _webhook("metrics-server")], collected={"Service", "ValidatingWebhookConfiguration"}
        )
    )
    assert serving(inventory).serves_clients(service)
    assert serving(inventory).api_roles(service) == ["admission webhook v.example.com"]


def _deployment(container: dict) -> dict:
    spec = {"replicas": 1, "template": {"metadata": {"labels": {"app": "a"}}, "spec": {"containers": [container]}}}
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "a"}, "spec": spec}


@pytest.mark.parametrize(
    "container, found",
    [
        ({"name": "m", "args": ["--leader-elect"]}, "--leader-elect"),
        ({"name": "m", "args": ["--leader-elect=true"]}, "--leader-elect=true"),
        ({"name": "m", "args": ["--leader-elect=false"]}, None),
        ({"name": "m", "command": ["/manager", "--enable-leader-election"]}, "--enable-leader-election"),
        ({"name": "m", "env": [{"name": "LEADER_ELECTION", "value": "false"}]}, None),
        ({"name": "m", "env": [{"name": "LEADER_ELECTION_ENABLED", "value": "true"}]}, "LEADER_ELECTION_ENABLED=true"),
        ({"name": "m", "args": ["serve", "leader-elect"]}, None),
    ],
)
def test_leader_election(container, found):
    assert leader_election(as_workload(_deployment(container))) == found


@pytest.mark.parametrize(
    "probe, seconds",
    [
        ({}, 30),
        ({"initialDelaySeconds": 15, "periodSeconds": 5, "failureThreshold": 3}, 30),
        ({"failureThreshold": 0}, 10),
    ],
)
def test_liveness_budget(probe, seconds):
    assert liveness_budget(probe)[0] == seconds


def test_a_service_defined_twice_selects_only_the_workloads_nearest_its_own_copy(tmp_path):
    """Two examples each define Service `search`: the one beside `data` selects only `client` pods, the other
    every `app: search` pod. `data` is served by neither (its own example's copy does not select it), and the
    example whose parent folder holds the Service it uses still has it (nearest copy, not same folder)."""
    from kubegap.checks import get_check
    from kubegap.runner import run_checks
    from kubegap.sources.manifests import ManifestSource

    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)

    service = "apiVersion: v1\nkind: Service\nmetadata: {{name: search}}\nspec:\n  selector: {selector}\n  ports: [{{port: 80}}]\n"
    workload = (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {name}}}\nspec:\n  replicas: 1\n"
        "  selector: {{matchLabels: {labels}}}\n  template:\n    metadata: {{labels: {labels}}}\n"
        "    spec: {{containers: [{{name: c, image: 'example/search:1.0'}}]}}\n"
    )
    write("simple/service.yaml", service.format(selector="{app: search}"))
    write("production/service.yaml", service.format(selector="{app: search, role: client}"))
    write("production/data.yaml", workload.format(name="data", labels="{app: search, role: data}"))
    write("production/client.yaml", workload.format(name="client", labels="{app: search, role: client}"))
    write("simple/legacy/node.yaml", workload.format(name="node", labels="{app: search, role: node}"))
    inventory = Inventory(ManifestSource([str(tmp_path)]).collect())
    reported = {f.object.name for f in run_checks(inventory, [get_check("single-replica")]).findings}
    assert reported == {"client", "node"}


def test_a_label_two_examples_share_does_not_join_them(tmp_path):
    """A collection of examples (one object defined in two folders): Service `nginxsvc` of one example selects
    `app: nginx`, which another example's StatefulSet also carries behind its own headless Service. Each Service
    selects only the workloads nearest its own folder, so the StatefulSet serves no client Service, and
    `nginxsvc` still serves its own example's Deployment."""

    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)

    workload = (
        "apiVersion: apps/v1\nkind: {kind}\nmetadata: {{name: {name}}}\nspec:\n  replicas: 1\n{extra}"
        "  selector: {{matchLabels: {{app: nginx}}}}\n  template:\n    metadata: {{labels: {{app: nginx}}}}\n"
        "    spec: {{containers: [{{name: nginx, image: 'example/web:1.4', ports: [{{containerPort: 80}}]}}]}}\n"
    )
    service = "apiVersion: v1\nkind: Service\nmetadata: {{name: {name}}}\nspec:\n{extra}  selector: {{app: nginx}}\n  ports: [{{port: 80}}]\n"
    write(
        "https-nginx/app.yaml",
        workload.format(kind="Deployment", name="my-nginx", extra="")
        + "---\n"
        + service.format(name="nginxsvc", extra="  type: NodePort\n"),
    )
    write(
        "volumes/web.yaml",
        workload.format(kind="StatefulSet", name="web", extra="  serviceName: nginx\n")
        + "---\n"
        + service.format(name="nginx", extra="  clusterIP: None\n"),
    )
    write("volumes/other/web.yaml", workload.format(kind="StatefulSet", name="web", extra="  serviceName: nginx\n"))
    inventory = Inventory(ManifestSource([str(tmp_path)]).collect())
    from kubegap.runner import run_checks

    reported = {
        (f.check_id, f.object.name)
        for f in run_checks(inventory, [get_check("readiness-probe-missing"), get_check("single-replica")]).findings
    }
    assert reported == {("readiness-probe-missing", "my-nginx"), ("single-replica", "my-nginx")}


def test_a_message_broker_is_told_to_cluster_before_it_runs_twice():
    path = Path(__file__).parent / "fixtures" / "single-replica" / "fires" / "message-broker.yaml"
    _, (finding,) = run_check(get_check("single-replica"), Inventory(ManifestSource([str(path)]).collect()))
    assert finding.object.name == "bus"
    assert finding.remediation.startswith("It runs nats, a message broker")
    assert "Turn on its clustering" in finding.remediation and "volume" not in finding.remediation


def test_a_liveness_script_is_counted_not_judged():
    from kubegap.checks.containers.startup_probe_missing import SCRIPTED_LIVENESS

    path = Path(__file__).parent / "fixtures" / "startup-probe-missing" / "passes" / "liveness-script.yaml"
    coverage, findings = run_check(get_check("startup-probe-missing"), Inventory(ManifestSource([str(path)]).collect()))
    assert findings == [] and coverage.unjudged == ((SCRIPTED_LIVENESS, 1),)


def test_log_directories_alone_are_counted_not_judged():
    from kubegap.checks.storage.ephemeral_storage_unbounded import LOGS_UNJUDGED

    path = Path(__file__).parent / "fixtures" / "ephemeral-storage-unbounded" / "passes" / "log-directories.yaml"
    coverage, findings = run_check(
        get_check("ephemeral-storage-unbounded"), Inventory(ManifestSource([str(path)]).collect())
    )
    assert findings == [] and coverage.unjudged == ((LOGS_UNJUDGED, 1),)


def _single_replica_fix(name: str) -> str:
    path = Path(__file__).parent / "fixtures" / "single-replica" / "fires" / name
    _, (finding,) = run_check(get_check("single-replica"), Inventory(ManifestSource([str(path)]).collect()))
    return finding.remediation


def _game_manager(edit=None) -> Inventory:
    """The inventory of ``election-switched-off-beside-its-config-file.yaml``, its manager's pod spec edited."""
    path = (
        Path(__file__).parent
        / "fixtures"
        / "single-replica"
        / "fires"
        / "election-switched-off-beside-its-config-file.yaml"
    )
    collection = ManifestSource([str(path)]).collect()
    for obj in collection.resources:
        if obj.get("kind") == "Deployment" and edit is not None:
            edit(obj["spec"]["template"]["spec"])
    return Inventory(collection)


def test_a_flag_that_switches_the_election_off_wins_over_lease_rights_and_files_not_pointed_at():
    _, (finding,) = run_check(get_check("single-replica"), _game_manager())
    assert finding.remediation.startswith("Turn its leader election on (it is switched off: --leader-elect=false)")
    assert "leader election decides" not in finding.message


def test_an_election_switched_off_beside_a_file_that_switches_it_on_is_off_and_says_both():
    def pointed_at_the_file(spec: dict) -> None:
        spec["containers"][0]["args"] = [
            "--leader-elect=false",
            "--config=/etc/game-manager/controller_manager_config.yaml",
        ]

    _, (finding,) = run_check(get_check("single-replica"), _game_manager(pointed_at_the_file))
    assert finding.remediation.startswith(
        "Turn its leader election on (it is switched off: --leader-elect=false, though"
    )
    assert "remove the flag" in finding.remediation


def test_a_sidecars_switch_says_nothing_of_the_programs_beside_it():
    from kubegap.domain.reconcilers import one_active_by_design

    def beside_a_proxy(spec: dict) -> None:
        spec["containers"][0]["args"] = ["--provider-config=/etc/game-manager/config.toml"]
        spec["containers"].insert(0, {"name": "proxy", "image": "example/proxy:1", "args": ["--leader-elect=false"]})

    (workload,) = [w for w in _game_manager(beside_a_proxy).workloads if w.kind == "Deployment"]
    assert one_active_by_design(workload, {("games", "game-manager")})


def test_a_program_pointed_at_a_file_reads_that_file_and_at_a_directory_every_file():
    from kubegap.domain.containers import pointed_config_maps
    from kubegap.domain.podtemplates import PodTemplate

    def template(args: list[str], items: list[dict] | None = None) -> PodTemplate:
        source: dict = {"name": "conf", **({"items": items} if items else {})}
        spec = {
            "containers": [{"name": "app", "args": args, "volumeMounts": [{"name": "c", "mountPath": "/etc/app"}]}],
            "volumes": [{"name": "c", "configMap": source}],
        }
        return PodTemplate("spec.template", {}, spec, 1)

    assert pointed_config_maps(template(["--config=/etc/app/config.toml"])) == [("conf", frozenset({"config.toml"}))]
    assert pointed_config_maps(template(["--config-dir", "/etc/app"])) == [("conf", None)]
    assert pointed_config_maps(template(["--config=/etc/application.yaml"])) == []
    mapped = template(["--config=/etc/app/app.yaml"], items=[{"key": "settings", "path": "app.yaml"}])
    assert pointed_config_maps(mapped) == [("conf", frozenset({"settings"}))]
    only = [{"key": "config.toml", "path": "config.toml"}]
    assert pointed_config_maps(template(["--config-dir=/etc/app"], items=only)) == [
        ("conf", frozenset({"config.toml"}))
    ]
    assert pointed_config_maps(template(["--config=/etc/app/manager.yaml"], items=only)) == [("conf", frozenset())]
    nested = [{"key": "manager.yaml", "path": "manager/config.yaml"}]
    assert pointed_config_maps(template(["--config-dir=/etc/app/manager"], items=nested)) == [
        ("conf", frozenset({"manager.yaml"}))
    ]
    one_key = PodTemplate(
        "spec.template",
        {},
        {
            "containers": [
                {
                    "name": "app",
                    "args": ["--config=/etc/app/config.toml"],
                    "volumeMounts": [
                        {"name": "c", "mountPath": "/etc/app/config.toml", "subPath": "config.toml"},
                        {"name": "c", "mountPath": "/manager.yaml", "subPath": "manager.yaml"},
                    ],
                }
            ],
            "volumes": [{"name": "c", "configMap": {"name": "conf"}}],
        },
        1,
    )
    assert pointed_config_maps(one_key) == [("conf", frozenset({"config.toml"}))]  # a file of one key, by subPath


def test_a_statefulset_whose_members_share_one_claim_is_built_to_run_one():
    fix = _single_replica_fix("statefulset-sharing-one-claim.yaml")
    assert fix.startswith("It is built to run one member: its members all mount the claim webui")
    assert "volumeClaimTemplates" in fix and "keep one member and shorten its recovery" in fix
    assert "keeps no data of its own" not in fix


def test_a_deployment_on_its_one_claim_keeps_one_where_its_data_cannot_reach_two():
    fix = _single_replica_fix("one-claim-holding-its-data.yaml")
    assert fix.startswith("The pods mount the claim ci-server, which one node at a time can attach")
    assert "a store the program shares between replicas" in fix and "never with an embedded database" in fix
    assert "nothing in the input shows whether it keeps state in its own process (sessions, subscriptions" in fix
    assert fix.endswith(
        "shorten that outage: back up the claim, and use storage that attaches quickly on another node."
    )


def test_state_in_the_programs_own_hidden_directory_moves_to_shared_storage_first():
    fix = _single_replica_fix("state-in-the-programs-own-directory.yaml")
    assert fix.startswith("Its pods keep data in emptyDir volume ollama-data (mounted at /root/.ollama)")
    assert "a store the program shares between replicas" in fix
    assert "only where the program lets several of it open one data directory at once" in fix
    assert "never with an embedded database such as SQLite in it" in fix


def test_replicas_kept_beside_other_pods_are_never_told_to_spread():
    fix = _single_replica_fix("kept-beside-another-workload.yaml")
    assert fix.startswith("Its pods must share a node with pods labelled instance=hostpath.example.com")
    assert "topologySpreadConstraints" not in fix and "leaves it pending" in fix


@pytest.mark.parametrize(
    "image, path, own",
    [
        ("docker:dind-rootless", "/var/lib/docker", True),
        ("ollama/ollama:0.32.4", "/root/.ollama", True),
        ("ollama/ollama:0.32.4", "/root/.ollama/", True),
        ("ghcr.io/spiffe/spire-agent:1.13.3", "/var/lib/spire", True),
        ("ollama/ollama:0.32.4", "/root/.cache", False),
        ("ollama/ollama:0.32.4", "/var/lib/models", False),
        ("example/app:1", "/app/.app-config/x", False),
        ("", "/var/lib/docker", False),
    ],
)
def test_a_programs_own_state_directory(image, path, own):
    from kubegap.domain.containers import own_state_directory

    assert (own_state_directory({"image": image}, path) is not None) is own


def _autoscalers_unread(path: Path, how: str = "failed"):
    """The collection of a fixture file, as a cluster would give it where listing HorizontalPodAutoscalers was
    ``forbidden`` or ``failed``."""
    collection = ManifestSource([str(path)]).collect()
    getattr(collection, how)["HorizontalPodAutoscaler"] = "list horizontalpodautoscalers (autoscaling) cluster-wide"
    return collection


def test_one_pod_at_a_time_is_not_judged_where_the_autoscalers_could_not_be_read():
    """A workload that looks like one replica rolled out one pod at a time may run more under an autoscaler the
    collection could not read: its missing readiness probe is counted as not judged, never passed."""
    path = Path(__file__).parent / "fixtures" / "readiness-probe-missing" / "passes" / "one-pod-at-a-time.yaml"
    check = get_check("readiness-probe-missing")
    coverage, findings = run_check(check, Inventory(ManifestSource([str(path)]).collect()))
    assert findings == [] and coverage.unjudged == ()
    coverage, findings = run_check(check, Inventory(_autoscalers_unread(path, "forbidden")))
    assert findings == [] and [count for _, count in coverage.unjudged] == [3]


@pytest.mark.parametrize("unread", ["forbidden", "failed"])
def test_single_replica_is_skipped_where_the_autoscalers_could_not_be_read(unread):
    """One replica in the manifest may be many under an autoscaler the collection could not read, whether RBAC
    refused it or its listing failed: the check skips, saying which, and reports nothing."""
    path = Path(__file__).parent / "fixtures" / "single-replica" / "fires" / "product-web-ui.yaml"
    coverage, findings = run_check(get_check("single-replica"), Inventory(_autoscalers_unread(path, unread)))
    assert findings == [] and coverage.status == "skipped"
    said = "forbidden by RBAC" if unread == "forbidden" else "could not be collected"
    assert f"HorizontalPodAutoscaler {said}" in coverage.reason


def _probes_identical(name: str):
    path = Path(__file__).parent / "fixtures" / "probes-identical" / "passes" / name
    return run_check(get_check("probes-identical"), Inventory(ManifestSource([str(path)]).collect()))


@pytest.mark.parametrize(
    "name",
    [
        "shared-page-beside-a-database.yaml",
        "shared-grpc-health-beside-a-backing-service.yaml",
        "collector-probed-on-its-own-port.yaml",
        "curl-with-fail.yaml",
    ],
)
def test_a_shared_probe_the_input_cannot_show_asks_its_service_is_counted_not_judged(name):
    from kubegap.checks.containers.probes_identical import PROBE_UNJUDGED

    coverage, findings = _probes_identical(name)
    assert findings == [] and coverage.unjudged == ((PROBE_UNJUDGED, 1),)


@pytest.mark.parametrize(
    "name",
    [
        "backing-service-variable-naming-nothing.yaml",
        "liveness-page-beside-a-backing-service.yaml",
        "collector-health-check-extension.yaml",
        "embedded-database-beside-the-aggregate-page.yaml",
    ],
)
def test_a_shared_probe_with_no_service_to_ask_or_of_a_process_page_leaves_nothing_unjudged(name):
    coverage, findings = _probes_identical(name)
    assert findings == [] and coverage.unjudged == ()


def test_a_container_serving_only_udp_is_not_told_to_take_a_tcp_check():
    path = Path(__file__).parent / "fixtures" / "readiness-probe-missing" / "fires" / "udp-only-container.yaml"
    _, (finding,) = run_check(get_check("readiness-probe-missing"), Inventory(ManifestSource([str(path)]).collect()))
    assert "dhcp-relay serves UDP only (port 67)" in finding.remediation
    assert "a TCP check of one never passes" in finding.remediation and "files serves" not in finding.remediation


def test_one_pod_at_a_time_behind_a_load_balancer_is_not_judged_where_the_autoscalers_could_not_be_read():
    from kubegap.checks.containers.graceful_shutdown_missing import AUTOSCALERS_UNREAD

    path = Path(__file__).parent / "fixtures" / "graceful-shutdown-missing" / "passes" / "one-pod-at-a-time.yaml"
    check = get_check("graceful-shutdown-missing")
    coverage, findings = run_check(check, Inventory(ManifestSource([str(path)]).collect()))
    assert findings == [] and coverage.unjudged == ()
    coverage, findings = run_check(check, Inventory(_autoscalers_unread(path)))
    assert findings == [] and coverage.unjudged == ((AUTOSCALERS_UNREAD, 2),)
    waits = _autoscalers_unread(path)  # the same pods with a preStop wait pass either way: not counted
    for obj in waits.resources:
        for container in obj.get("spec", {}).get("template", {}).get("spec", {}).get("containers", []):
            container["lifecycle"] = {"preStop": {"sleep": {"seconds": 20}}}
    coverage, findings = run_check(check, Inventory(waits))
    assert findings == [] and coverage.unjudged == ()


def test_members_started_in_order_are_not_told_to_take_a_probe_that_waits_for_them():
    """Members created one by one, each once the one before is ready, are told a probe must pass on a member alone
    (starting them together only where the program lets members join together: Cassandra's do not); wherever their
    governing Service publishes ready pods alone, whatever the order, that a member finds no peer, nor itself, by
    name before it is ready: a headless one is to publish them first, and one with a cluster IP is to give way to a
    headless one, the members' names changing with it (Vearch's masters, judged wrong twice)."""
    path = Path(__file__).parent / "fixtures" / "readiness-probe-missing" / "fires" / "members-found-when-ready.yaml"
    check = get_check("readiness-probe-missing")

    def remediation(edit) -> str:
        collection = ManifestSource([str(path)]).collect()
        for obj in collection.resources:
            edit(obj)
        _, (finding,) = run_check(check, Inventory(collection))
        return finding.remediation

    def governed_by(cluster_ip: str, publish: bool = False):
        def edit(obj: dict) -> None:
            if obj.get("kind") == "Service" and obj["metadata"]["name"] == "etcd":
                obj["spec"]["clusterIP"] = cluster_ip
                obj["spec"]["publishNotReadyAddresses"] = publish

        return edit

    headless = remediation(governed_by("None"))
    assert "keeps the first from ever being ready and the next from ever being created" in headless
    assert "only where the program lets members join together, start them together" in headless
    assert "headless Service etcd, which publishes ready pods alone" in headless
    assert "set publishNotReadyAddresses: true on it before adding the probe" in headless
    clustered = remediation(governed_by("10.0.0.9"))  # Vearch's masters: a governing Service with a cluster IP
    assert "keeps the first from ever being ready" in clustered
    assert "govern the members by a headless Service with publishNotReadyAddresses: true" in clustered
    assert "leaving etcd to its clients" in clustered
    assert "update every peer address they are configured with" in clustered
    published = remediation(governed_by("None", publish=True))
    assert "keeps the first from ever being ready" in published and "publishNotReadyAddresses" not in published

    def parallel(publish: bool):
        def edit(obj: dict) -> None:
            governed_by("None", publish=publish)(obj)
            if obj.get("kind") == "StatefulSet":
                obj["spec"]["podManagementPolicy"] = "Parallel"

        return edit

    together = remediation(parallel(publish=False))  # started together, still looking one another up by name
    assert "one at a time" not in together and "set publishNotReadyAddresses: true on it" in together
    assert "one at a time" not in remediation(parallel(True)) and "publishNotReady" not in remediation(parallel(True))


def test_a_configuration_its_framework_reads_by_convention_shows_a_store_in_memory():
    fix = _single_replica_fix("catalogue-in-memory-by-its-frameworks-convention.yaml")
    assert fix.startswith(
        "It keeps its data in its own memory (catalog.version.store.type: IN_MEMORY in ConfigMap catalog)"
    )


def test_a_nested_database_setting_of_a_yaml_configuration_shows_an_embedded_database():
    fix = _single_replica_fix("server-with-an-embedded-key-value-database.yaml")
    assert fix.startswith("It keeps its data in a database embedded in its own process (database.type: local in")


def test_a_cache_in_memory_is_not_where_a_program_keeps_its_data():
    fix = _single_replica_fix("registry-caching-in-memory.yaml")
    assert fix.startswith("Its pods keep data in emptyDir volume data (mounted at /var/lib/registry/)")
    assert "own memory" not in fix


def test_an_api_named_for_the_store_it_manages_is_not_that_store():
    fix = _single_replica_fix("api-built-on-a-data-store.yaml")
    assert "a data store" not in fix and fix.startswith("Run at least two replicas")
    assert "once the program can run as two" in fix


def test_an_autoscaler_whose_workload_its_install_leaves_out_is_counted_not_judged():
    from kubegap.checks.autoscaling.hpa_min_replicas_low import TARGET_MISSING

    path = Path(__file__).parent / "fixtures" / "hpa-min-replicas-low" / "passes" / "target-left-out-by-its-chart.yaml"
    coverage, findings = run_check(get_check("hpa-min-replicas-low"), Inventory(ManifestSource([str(path)]).collect()))
    assert findings == [] and coverage.unjudged == ((TARGET_MISSING, 1),)


def test_a_server_behind_a_udp_port_is_told_what_a_second_replica_there_needs():
    fix = _single_replica_fix("media-server-behind-a-udp-port.yaml")
    assert fix.endswith(
        "Behind its UDP port (bridge:10000) each new flow goes to any replica: run two there only where every exchange "
        "stands alone (a DNS query) or the replicas share their sessions; a media server expects the packets of the "
        "sessions it set up, so each replica needs a port and address of its own (a Service each), and where the "
        "program allows neither, keep one."
    )


def test_a_claim_template_takes_the_place_of_a_pod_volume_of_its_name():
    fix = _single_replica_fix("claim-template-in-place-of-a-pod-volume.yaml")
    assert fix.startswith("Add members only if the application replicates across them") and "one member" not in fix


def test_data_on_its_nodes_disk_moves_to_a_shared_store_before_a_second_replica():
    fix = _single_replica_fix("data-on-its-nodes-disk.yaml")
    assert fix.startswith(
        "Its pods keep data on their node's disk (hostPath /var/pachyderm/pachd, mounted at /pach): a second replica "
        "on another node starts without it"
    )


def test_members_sharing_one_claim_several_nodes_mount_keep_one_unless_the_program_shares_it():
    fix = _single_replica_fix("statefulset-sharing-one-claim-several-nodes-mount.yaml")
    assert fix.startswith(
        "It is built to run one member: its members all mount the claim sqldata (a pod volume, not a claim template), "
        "which several nodes can mount, so a second member would open the same data files as the first."
    )
    assert "keep one member" in fix and "move to storage several nodes can mount" not in fix


def test_a_monitoring_server_on_a_host_path_is_not_told_to_share_its_data():
    fix = _single_replica_fix("monitoring-server-on-a-host-path.yaml")
    assert "node's disk" not in fix and "a store the program shares" not in fix
    assert fix.startswith("Run at least two replicas")


def test_leadership_forced_without_an_election_is_an_election_switched_off():
    fix = _single_replica_fix("leadership-forced-without-election.yaml")
    assert "--force_master=true" in fix and fix.index("Turn its leader election on") < fix.index("run at least two")
    from kubegap.domain.podtemplates import _forces_leadership

    assert _forces_leadership("--force-leader") and not _forces_leadership("--force_master=false")
    assert not _forces_leadership("force_master=true") and not _forces_leadership("--force-update")
    assert not _forces_leadership("--force-leader-election=true") and not _forces_leadership("--force-master-failover")


def test_a_telemetry_dashboard_on_a_host_path_moves_what_its_readers_saved_to_a_shared_store():
    fix = _single_replica_fix("telemetry-dashboard-on-a-host-path.yaml")
    assert fix.startswith(
        "Its pods keep data on their node's disk (hostPath /srv/grafana, mounted at /var/lib/grafana): a second "
        "replica on another node starts without it"
    )


def test_a_console_built_on_a_store_is_no_store():
    from kubegap.domain.datastores import container_data_store

    assert container_data_store({"image": "quay.io/minio/minio:RELEASE.2025-04-22"}) == "minio"
    assert container_data_store({"image": "docker.io/bitnami/minio-object-browser:2.0.1"}) is None
    fix = _single_replica_fix("console-built-on-a-data-store.yaml")
    assert "replicates" not in fix and fix.startswith("Run at least two replicas")


def test_a_program_pointed_at_its_store_elsewhere_is_no_store():
    from kubegap.domain.datastores import container_data_store

    built_for = "supertokens/supertokens-postgresql:11"
    assert container_data_store({"image": built_for}) == "postgresql"
    elsewhere = {"name": "POSTGRESQL_CONNECTION_URI", "value": "postgresql://u:p@app-postgresql:5432/auth"}
    assert container_data_store({"image": built_for, "env": [elsewhere]}) is None
    here = {"name": "DATABASE_URL", "value": "postgres://u:p@localhost:5432/app"}
    assert container_data_store({"image": "postgres:16", "env": [here]}) == "postgres"
    shared = {"name": "DATABASE_URL", "value": "postgresql://u:p@db.shop.svc:5432/app"}
    assert container_data_store({"image": "postgres:16", "env": [shared]}) == "postgres"
    assert container_data_store({"image": "bitnami/postgresql:16", "env": [shared]}) == "postgresql"
    mysql_shared = {"name": "DATABASE_URL", "value": "mysql://shop:pw@db:3306/shop"}
    assert container_data_store({"image": "mysql/mysql-server:8.0.32", "env": [mysql_shared]}) == "mysql"
    mongo_shared = {"name": "MONGO_URL", "value": "mongodb://db:27017/app"}
    assert container_data_store({"image": "percona/percona-server-mongodb:7.0", "env": [mongo_shared]}) == "mongodb"
    other_kind = {"name": "CACHE_URL", "value": "redis://cache:6379"}
    assert container_data_store({"image": "postgres:16", "env": [other_kind]}) == "postgres"
    fix = _single_replica_fix("program-built-for-a-data-store.yaml")
    assert "a data store" not in fix and fix.startswith("Run at least two replicas")


def test_a_store_is_known_by_the_data_directory_it_writes():
    from kubegap.domain.datastores import container_data_store

    def writing(path: str, **mount: object) -> dict:
        return {
            "image": "example/jobs-message-broker:0.9.3",
            "volumeMounts": [{"name": "d", "mountPath": path, **mount}],
        }

    assert container_data_store(writing("/var/lib/rabbitmq/mnesia")) == "rabbitmq"
    assert container_data_store(writing("/var/lib/mysql")) == "mysql"
    assert container_data_store(writing("/var/lib/mysql", readOnly=True)) is None  # a reader, not the store
    assert container_data_store(writing("/var/lib/redis-data")) is None  # a directory of its own, not the store's
    assert container_data_store(writing("/data/mysql")) is None and container_data_store(writing("/var/lib")) is None
    fix = _single_replica_fix("store-known-by-its-data-directory.yaml")
    assert "a second server, and its data is on its node's disk (hostPath /var/jobs" in fix
    assert "claim of its own (volumeClaimTemplates)" in fix and "shared between replicas" not in fix


def test_only_addresses_a_template_fixes_keep_its_replicas_apart():
    from kubegap.domain.podtemplates import PodTemplate
    from kubegap.domain.scheduling import fixed_addresses

    def template(annotations: dict) -> PodTemplate:
        return PodTemplate("spec.template", {"annotations": annotations}, {}, 1)

    multus = "k8s.v1.cni.cncf.io/networks"
    assert fixed_addresses(template({multus: '[{"name": "core-net", "ips": ["192.168.250.3/24"]}]'})) == (
        f"{multus}: 192.168.250.3/24"
    )
    assert fixed_addresses(template({multus: "core-net, access-net"})) is None  # names, no addresses
    assert fixed_addresses(template({multus: '[{"name": "core-net"}]'})) is None
    assert fixed_addresses(template({"cni.projectcalico.org/ipAddrs": '["10.0.0.7"]'}))
    assert fixed_addresses(template({multus: "[" * 100_000 + "]" * 100_000})) is None  # too deep to read: no crash
    fix = _single_replica_fix("pods-on-fixed-addresses.yaml")
    assert fix.startswith("Its pods take fixed network addresses") and "Run at least two" not in fix


def test_a_member_keeps_no_data_only_where_its_role_says_so():
    from kubegap.domain.datastores import keeps_no_data

    def node(image: str, *env: tuple[str, str]) -> dict:
        return {"image": image, "env": [{"name": k, "value": v} for k, v in env]}

    elastic = "docker.elastic.co/elasticsearch/elasticsearch:8.15.0"
    assert keeps_no_data(node(elastic, ("node.roles", "[]")))
    assert keeps_no_data(node(elastic, ("node.roles", "ml, transform")))
    assert not keeps_no_data(node(elastic, ("node.roles", "master")))  # keeps the cluster's state
    assert not keeps_no_data(node(elastic, ("node.roles", "data_hot,ingest")))
    assert not keeps_no_data(node(elastic, ("node.roles", "")))  # an empty value may leave every role
    assert not keeps_no_data(node("bitnami/mongodb:8.0", ("MONGODB_REPLICA_SET_MODE", "secondary")))
    assert not keeps_no_data(node("example/app:1.0", ("MONGODB_REPLICA_SET_MODE", "arbiter")))  # no store


def test_a_setting_chooses_a_store_only_where_it_names_no_cache_and_database_local_only_for_a_database():
    from kubegap.domain.datastores import _embedded, store_setting

    assert store_setting("nessie.version.store.type") == "store"
    assert store_setting("CACHE_STORE_TYPE") is None and store_setting("storage.cache.blobdescriptor") is None
    assert _embedded("database.type", "local") and not _embedded("DATABASE_STORAGE_TYPE", "local")
    assert not _embedded("blockstore.type", "local")
    assert _embedded("db.url", "file:/var/opt/flipt/flipt.db") and _embedded("SQLITE_DATABASE_URL", "file:data.db")
    assert not _embedded("CONFIG_URL", "file:/etc/app/config.yml")
    assert not _embedded("DB_CONFIG_URL", "file:/etc/app/db.json") and not _embedded("DB_PASSWORD", "file:/run/s/db")


def test_a_database_in_a_file_mounted_alone_is_named_in_the_fix():
    fix = _single_replica_fix("embedded-database-in-a-file-mounted-alone.yaml")
    assert "(db.url: file:/var/opt/flags/flags.db in ConfigMap flags)" in fix
    assert fix.index("Point it at a shared database first") < fix.index("run two or more replicas")


def test_a_config_directory_is_read_for_its_application_files_and_a_mounted_file_for_its_key_alone():
    from kubegap.domain.datastores import config_file_settings
    from kubegap.domain.podtemplates import pod_templates

    config = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "conf", "namespace": "lake"},
        "data": {"application.properties": "catalog.store.type=IN_MEMORY\n", "notes.properties": "db.type=h2\n"},
    }

    def deployment(mount: dict) -> dict:
        return {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": {"name": "catalog", "namespace": "lake"},
            "spec": {
                "template": {
                    "spec": {
                        "containers": [{"name": "c", "image": "example/catalog:1", "volumeMounts": [mount]}],
                        "volumes": [{"name": "conf", "configMap": {"name": "conf"}}],
                    }
                }
            },
        }

    for mount in (
        {"name": "conf", "mountPath": "/deployments/config"},
        {
            "name": "conf",
            "mountPath": "/deployments/config/application.properties",
            "subPath": "application.properties",
        },
    ):
        workload = deployment(mount)
        inventory = Inventory(Collection(resources=[config, workload], collected={"ConfigMap", "Deployment"}))
        (template,) = pod_templates(workload)
        assert list(config_file_settings(inventory, "lake", template)) == [("conf", "catalog.store.type", "IN_MEMORY")]


def test_a_server_behind_tcp_ports_alone_gets_no_word_on_udp():
    for name in ("data-on-its-nodes-disk.yaml", "product-admin-console.yaml"):
        assert "UDP" not in _single_replica_fix(name)


def _write_all(root: Path, files: dict[str, str]) -> Inventory:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return Inventory(ManifestSource([str(root)]).collect())


def _one_replica_deployment(name: str, labels: str, image: str, extra: str = "") -> str:
    return (
        f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {name}}}\nspec:\n  replicas: 1\n"
        f"  selector: {{matchLabels: {labels}}}\n  template:\n    metadata: {{labels: {labels}}}\n"
        f"    spec:\n      containers: [{{name: c, image: '{image}', ports: [{{containerPort: 80}}]{extra}}}]\n"
    )


def test_a_duplicate_elsewhere_does_not_split_a_service_from_the_workloads_it_alone_selects(tmp_path):
    """One object defined twice (a runner in two tool folders) makes the input several installs; Service web still
    selects its canary, which no nearer Service selects, so the stable and canary members share it."""
    service = (
        "apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  selector: {app: web}\n  ports: [{port: 80}]\n"
    )
    inventory = _write_all(
        tmp_path,
        {
            "apps/web/svc.yaml": service,
            "apps/web/deploy.yaml": _one_replica_deployment("web-stable", "{app: web}", "example/web:1.2"),
            "apps/web-canary/deploy.yaml": _one_replica_deployment("web-canary", "{app: web}", "example/web:1.2"),
            "tools/a/runner.yaml": _one_replica_deployment("runner", "{app: runner}", "example/runner:1"),
            "tools/b/runner.yaml": _one_replica_deployment("runner", "{app: runner}", "example/runner:1"),
        },
    )
    from kubegap.runner import run_checks

    assert [f.object.name for f in run_checks(inventory, [get_check("single-replica")]).findings] == []


def test_the_nodes_own_files_are_no_data_and_coredns_is_known_by_the_words_of_its_image(tmp_path):
    from kubegap.domain.cluster_dns import answers_endpoint_names
    from kubegap.domain.host_paths import node_files

    assert node_files({"path": "/usr/share/zoneinfo"}) and node_files({"path": "/var/lib/docker"})
    assert node_files({"path": "/etc/localtime", "type": "File"}) and not node_files({"path": "/var/pachyderm"})
    dns = _one_replica_deployment("coredns", "{k8s-app: kube-dns}", "rancher/mirrored-coredns-coredns:1.11.3")
    inventory = _write_all(
        tmp_path, {"dns.yaml": dns.replace("{name: coredns}", "{name: coredns, namespace: kube-system}")}
    )
    assert answers_endpoint_names(inventory) is True


def test_a_storage_drivers_socket_directory_is_no_state_its_members_keep():
    from kubegap.checks.workloads._helpers import pod_local_state
    from kubegap.domain.podtemplates import as_workload

    path = Path(__file__).parent / "fixtures" / "single-replica" / "passes" / "csi-controller-behind-a-dummy-port.yaml"
    inventory = Inventory(ManifestSource([str(path)]).collect())
    (statefulset,) = inventory.of_kind("StatefulSet")
    assert pod_local_state(as_workload(statefulset)) is None


def test_state_on_an_emptydir_beside_write_rights_asks_for_both_conditions():
    fix = _single_replica_fix("state-on-an-emptydir-beside-write-rights.yaml")
    assert fix.startswith("Its pods keep data in emptyDir volume db (mounted at /data)")
    assert "nothing in the input shows whether it keeps state in its own process" in fix
    assert "run a second controller only once the program elects a leader" in fix


def test_a_lone_web_server_is_judged_where_the_bindings_could_not_be_read():
    """A static nginx alone in its pod answers at once only in a workload that reads nothing from the Kubernetes
    API; where the cluster refused the bindings, the input cannot show that, so the server is judged."""
    from kubegap.runner import run_checks

    fixture = (
        Path(__file__).parent
        / "fixtures"
        / "readiness-probe-missing"
        / "passes"
        / "static-server-alone-in-its-pod.yaml"
    )
    documents = list(yaml.safe_load_all(fixture.read_text()))

    def found(forbidden: dict[str, str]) -> int:
        collection = Collection(
            documents, collected={"Deployment", "Service"}, forbidden=forbidden, inputs=[{"type": "snapshot"}]
        )
        return len(run_checks(Inventory(collection), [get_check("readiness-probe-missing")]).findings)

    assert found({}) == 0
    assert found({"RoleBinding": "forbidden", "ClusterRoleBinding": "forbidden"}) == 1


AT_ZERO = """
apiVersion: apps/v1
kind: Deployment
metadata: {name: %(name)s, namespace: shop}
spec:
  replicas: 0
  selector: {matchLabels: {app: %(name)s}}
  template:
    metadata: {labels: {app: %(name)s}}
    spec:
      volumes: [{name: data, persistentVolumeClaim: {claimName: %(claim)s}}]
      containers:
      - name: api
        image: %(image)s
        ports: [{name: http, containerPort: 8080}]
        volumeMounts: [{name: data, mountPath: /data}]
        resources: %(resources)s
---
apiVersion: v1
kind: Service
metadata: {name: %(name)s, namespace: shop}
spec:
  selector: {app: %(name)s}
  ports: [{name: http, port: 80, targetPort: http}]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: %(claim)s, namespace: shop}
spec: {accessModes: [%(access)s], resources: {requests: {storage: 1Gi}}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: %(name)s, namespace: shop}
spec:
  %(budget)s
  selector: {matchLabels: {app: %(name)s}}
"""


UNGAPPED = {
    "name": "api",
    "claim": "shared",
    "image": "example/api:1.4.2",
    "resources": "{requests: {cpu: 250m, memory: 256Mi}, limits: {memory: 256Mi}}",
    "budget": "unhealthyPodEvictionPolicy: AlwaysAllow",
    "access": "ReadWriteMany",
}
GAPPED = {
    "name": "worker",
    "claim": "data",
    "image": "example/api:latest",
    "resources": "{limits: {cpu: 100m}}",
    "budget": "minAvailable: 1",
    "access": "ReadWriteOnce",
}
REQUESTS_SET = "{requests: {cpu: 100m, memory: 128Mi}, limits: {cpu: 100m}}"
"""Requests set, no memory limit: memory-limit-missing's alone."""


@pytest.mark.parametrize(
    "check_id, values, unjudged",
    [
        ("requests-missing", GAPPED, (1,)),
        ("requests-missing", {**GAPPED, "resources": REQUESTS_SET}, ()),  # memory-limit-missing's, not this one's
        ("memory-limit-missing", {**GAPPED, "resources": REQUESTS_SET}, (1,)),
        ("memory-limit-missing", GAPPED, ()),  # no request: requests-missing's, limit included
        ("cpu-limit-throttling", GAPPED, (1,)),
        ("image-tag-mutable", GAPPED, (1,)),
        ("rwo-claim-shared-rollout", GAPPED, (1,)),
        ("pdb-unhealthy-eviction-policy", GAPPED, (1,)),
        *(
            (check_id, UNGAPPED, ())
            for check_id in (
                "requests-missing",
                "memory-limit-missing",
                "cpu-limit-throttling",
                "image-tag-mutable",
                "rwo-claim-shared-rollout",
                "pdb-unhealthy-eviction-policy",
            )
        ),
    ],
)
def test_a_workload_at_zero_is_not_judged_only_where_it_would_be_reported(tmp_path, check_id, values, unjudged):
    """A Deployment scaled to zero, with nothing to scale it, runs no pod: what this check would report on its pods
    is counted as not judged; where it sets everything the check asks, or what it leaves unset is another check's
    (one cause, one finding), nothing is left unjudged, since nothing would have been reported on a running one
    either."""
    (tmp_path / "app.yaml").write_text(AT_ZERO % values)
    coverage, findings = run_check(get_check(check_id), Inventory(ManifestSource([str(tmp_path)]).collect()))
    assert findings == [] and tuple(count for _, count in coverage.unjudged) == unjudged
    (tmp_path / "app.yaml").write_text((AT_ZERO % values).replace("replicas: 0", "replicas: 1"))
    _, running = run_check(get_check(check_id), Inventory(ManifestSource([str(tmp_path)]).collect()))
    assert len(running) == len(unjudged)  # judged where it runs: reported exactly where it was left unjudged


@pytest.mark.parametrize(
    "image, gone",
    [
        ("gcr.io/kubebuilder/kube-rbac-proxy:v0.5.0", True),
        ("gcr.io/kubebuilder/kube-rbac-proxy:latest", True),  # every tag went, not only versioned ones
        ("gcr.io/kubebuilder/kube-rbac-proxy", True),
        ("gcr.io/kubebuilder/kube-rbac-proxy@sha256:" + "0" * 64, True),
        ("registry.k8s.io/kubebuilder/kube-rbac-proxy:v0.5.0", False),
        ("quay.io/brancz/kube-rbac-proxy:v0.21.2", False),
        ("bitnami/postgresql:16.2.0-debian-12-r6", True),
        ("bitnami/postgresql:latest", False),  # Bitnami kept latest for some images
        ("bitnami/postgresql@sha256:" + "0" * 64, False),
    ],
)
def test_a_withdrawal_covers_what_its_publisher_withdrew(image, gone):
    assert (withdrawn(parse_image(image)) is not None) == gone
