"""What an input can prove about absence: closed and open worlds, near misses, self-contained units."""

from __future__ import annotations

import pytest

from kubegap.domain.absence import OPEN_WORLD, creators, empty_selection, missing_object, near_miss
from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory
from kubegap.domain.selectors import Selector


def _inventory(*objects: dict, listed=(), cluster=None, folder="app") -> Inventory:
    collection = Collection(
        listed=set(listed), collected={o["kind"] for o in objects} | set(listed), cluster=cluster or {}
    )
    for obj in objects:
        collection.add(obj, Origin(f"{folder}/objects.yaml", 0))
    return Inventory(collection)


def _obj(kind: str, name: str, ns: str | None = "shop", api: str = "v1", **fields) -> dict:
    meta = {"name": name, **({"namespace": ns} if ns else {})}
    return {"apiVersion": api, "kind": kind, "metadata": meta, **fields}


DEPLOYMENT = _obj(
    "Deployment",
    "api",
    api="apps/v1",
    spec={
        "template": {
            "metadata": {"labels": {"app": "api", "tier": "web"}},
            "spec": {"serviceAccountName": "api", "containers": [{"name": "a"}]},
        }
    },
)


@pytest.mark.parametrize(
    "wanted, candidates, expected",
    [
        ("api-setings", ["api-settings"], "api-settings"),
        ("billing-credentails", ["billing-credentials"], "billing-credentials"),
        ("redis-1", ["redis-0"], None),
        ("api-v2", ["api-v1"], None),
        ("zone-b", ["zone-a"], None),
        ("web", ["wbe"], None),
        ("config", ["config"], None),
        ("pvcsc-vsan", ["pvcsc001"], None),
        ("cache", ["caches", "cachet"], None),  # two candidates: no single near miss
        ("my-release-redis", ["my-release-redash"], None),  # another word: a subchart's data store by the app
        ("biling-credentails", ["billing-credentials"], "billing-credentials"),  # one slip in each of two words
    ],
)
def test_near_miss(wanted, candidates, expected):
    assert near_miss(wanted, candidates) == expected


def test_a_listing_is_a_closed_world_only_for_the_kinds_and_namespaces_it_read():
    inventory = _inventory(DEPLOYMENT, listed=["ConfigMap"], cluster={"name": "c", "namespaces": ["shop"]})
    assert inventory.closed("ConfigMap", "shop")
    assert not inventory.closed("ConfigMap", "other")
    assert not inventory.closed("Secret", "shop")
    assert missing_object(inventory, "ConfigMap", "shop", "anything", DEPLOYMENT).proven
    assert not _inventory(DEPLOYMENT, _obj("ConfigMap", "x")).closed("ConfigMap", "shop")  # manifests list nothing


def test_manifests_prove_a_missing_object_only_on_positive_evidence():
    config = _obj("ConfigMap", "api-settings")
    inventory = _inventory(DEPLOYMENT, config)
    assert missing_object(inventory, "ConfigMap", "shop", "api-setings", DEPLOYMENT).why.startswith("a near miss")
    assert missing_object(
        inventory, "ConfigMap", "shop", "feature-flags", DEPLOYMENT
    ).proven  # the files define ConfigMaps here
    assert (
        missing_object(inventory, "Secret", "shop", "db-password", DEPLOYMENT).why == OPEN_WORLD
    )  # Secrets live outside files
    elsewhere = _inventory(DEPLOYMENT, _obj("Service", "balance", ns="balances"))
    assert "namespace balances" in missing_object(elsewhere, "Service", "shop", "balance", DEPLOYMENT).why
    unplaced = _inventory(DEPLOYMENT, _obj("Service", "balance", ns=None))  # a chart rendered without namespaces
    assert missing_object(unplaced, "Service", "shop", "balance", DEPLOYMENT).why == OPEN_WORLD
    other_folder = Inventory(Collection(collected={"Deployment", "ConfigMap"}))
    other_folder.collection.add(DEPLOYMENT, Origin("app/deploy.yaml", 0))
    other_folder.collection.add(config, Origin("base/config.yaml", 0))
    assert not missing_object(
        Inventory(other_folder.collection), "ConfigMap", "shop", "feature-flags", DEPLOYMENT
    ).proven


def test_a_namespace_the_clusters_installer_fills_is_never_self_contained():
    agent = {**DEPLOYMENT, "metadata": {"name": "router", "namespace": "kube-system"}}
    inventory = _inventory(agent, _obj("ConfigMap", "router-settings", ns="kube-system"))
    absent = missing_object(inventory, "ConfigMap", "kube-system", "kube-proxy", agent)
    assert not absent.proven and "installer" in absent.why  # kubeadm writes kube-system/kube-proxy
    assert missing_object(inventory, "ConfigMap", "kube-system", "router-setings", agent).proven  # a typo still is
    templates = [("Deployment kube-system/router", {"app": "api", "tier": "web"})]
    assert not empty_selection(
        inventory, "kube-system", Selector.from_map({"k8s-app": "kube-dns"}), templates, agent
    ).proven


def test_a_workload_allowed_to_create_the_kind_makes_absence_unknown():
    role = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "Role",
        "metadata": {"name": "writer", "namespace": "shop"},
        "rules": [{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create"]}],
    }
    binding = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "RoleBinding",
        "metadata": {"name": "writer", "namespace": "shop"},
        "roleRef": {"kind": "Role", "name": "writer"},
        "subjects": [{"kind": "ServiceAccount", "name": "api"}],
    }
    inventory = _inventory(DEPLOYMENT, _obj("ConfigMap", "defaults"), role, binding)
    assert "may create configmaps" in creators(inventory).may_create(["ConfigMap"], "shop")
    assert creators(inventory).may_create(["ConfigMap"], "elsewhere") is None  # a RoleBinding holds in its namespace
    assert not missing_object(inventory, "ConfigMap", "shop", "generated", DEPLOYMENT).proven


def test_a_right_granted_through_an_aggregated_cluster_role_counts():
    aggregated = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRole",
        "metadata": {"name": "writer"},
        "aggregationRule": {"clusterRoleSelectors": [{"matchLabels": {"to": "writer"}}]},
        "rules": [],
    }
    selected = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "ClusterRole",
        "metadata": {"name": "writer-configmaps", "labels": {"to": "writer"}},
        "rules": [{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create"]}],
    }
    binding = {
        "apiVersion": "rbac.authorization.k8s.io/v1",
        "kind": "RoleBinding",
        "metadata": {"name": "writer", "namespace": "shop"},
        "roleRef": {"kind": "ClusterRole", "name": "writer"},
        "subjects": [{"kind": "ServiceAccount", "name": "api"}],
    }
    inventory = _inventory(DEPLOYMENT, aggregated, selected, binding)
    assert "may create configmaps" in creators(inventory).may_create(["ConfigMap"], "shop")


def test_a_custom_resource_whose_controller_is_absent_may_make_anything():
    bundle = _obj("Bundle", "ca", api="trust.example.io/v1")
    inventory = _inventory(DEPLOYMENT, _obj("ConfigMap", "defaults"), bundle)
    assert "Bundle ca" in creators(inventory).may_create(["ConfigMap"], "shop")
    gateway = _obj("HTTPRoute", "web", api="gateway.networking.k8s.io/v1")  # a custom resource despite its k8s.io group
    assert creators(_inventory(DEPLOYMENT, gateway)).may_create(["Pod"], "shop")
    policy = _obj("NetworkPolicy", "deny", api="networking.k8s.io/v1")  # Kubernetes' own group
    assert creators(_inventory(DEPLOYMENT, policy)).may_create(["Pod"], "shop") is None


def test_a_selector_that_matches_no_template():
    inventory = _inventory(DEPLOYMENT)
    templates = [("Deployment shop/api", {"app": "payments", "tier": "web"})]
    typo = empty_selection(
        inventory, "shop", Selector.from_map({"app": "paymnets", "tier": "web"}), templates, DEPLOYMENT
    )
    assert typo.proven and "app=payments" in typo.why
    key_typo = empty_selection(
        inventory, "shop", Selector.from_map({"ap": "payments", "tier": "web"}), templates, DEPLOYMENT
    )
    assert "near miss" not in key_typo.why  # keys under four characters are never near misses
    assert empty_selection(
        inventory, "shop", Selector.from_map({"app": "queue"}), templates, DEPLOYMENT
    ).proven  # only its workloads make pods
    assert not empty_selection(
        inventory, "shop", Selector.from_map({"app": "queue"}), [], DEPLOYMENT
    ).proven  # no workload there
    crd = _inventory(DEPLOYMENT, _obj("RabbitmqCluster", "mq", api="rabbitmq.com/v1beta1"))
    assert not empty_selection(crd, "shop", Selector.from_map({"app": "queue"}), templates, DEPLOYMENT).proven
    assert empty_selection(
        crd, "shop", Selector.from_map({"app": "payment", "tier": "web"}), templates, DEPLOYMENT
    ).proven  # a typo still is
    assert not empty_selection(
        crd, "shop", Selector.from_map({"app": "payments", "tier": "db"}), templates, DEPLOYMENT
    ).proven


def test_a_directory_with_an_unreadable_document_is_not_self_contained():
    inventory = _inventory(DEPLOYMENT, _obj("ConfigMap", "defaults"))
    assert missing_object(inventory, "ConfigMap", "shop", "feature-flags", DEPLOYMENT).proven
    inventory.collection.unread["app/templates.yaml"] = (
        "document 1 could not be parsed"  # an unrendered template beside it may define it
    )
    assert not missing_object(inventory, "ConfigMap", "shop", "feature-flags", DEPLOYMENT).proven
    templates = [("Deployment shop/api", {"app": "payments"})]
    assert not empty_selection(inventory, "shop", Selector.from_map({"app": "queue"}), templates, DEPLOYMENT).proven


@pytest.mark.parametrize(
    "cluster, judged",
    [
        ({"name": "c"}, True),  # every pod of the cluster listed: its users are all there are
        ({"name": "c", "namespaces": ["storage"]}, False),  # pods in other namespaces may use the class
        (None, False),  # manifests: pods outside them may use it
    ],
)
def test_a_preempting_class_of_small_pods_is_judged_only_where_every_pod_is_listed(cluster, judged):
    """A class whose every user in the input is small is passed over in silence only where the input lists every
    pod of the cluster; anywhere else coverage says it was not judged, rather than report clean on a partial view."""
    from kubegap.checks import get_check
    from kubegap.runner import run_check

    priority_class = {
        "apiVersion": "scheduling.k8s.io/v1",
        "kind": "PriorityClass",
        "metadata": {"name": "csi-node"},
        "value": 900001000,
    }
    pod = _obj(
        "Pod",
        "csi-node-x",
        ns="storage",
        spec={
            "priorityClassName": "csi-node",
            "containers": [{"name": "driver", "image": "example/csi:1", "resources": {"requests": {"cpu": "10m"}}}],
        },
    )
    listed = ["Pod", "PriorityClass"] if cluster else []
    inventory = _inventory(priority_class, pod, listed=listed, cluster=cluster)
    coverage, findings = run_check(get_check("priority-class-risk"), inventory, {})
    assert not findings
    assert (not coverage.unjudged) == judged
