"""Where the inventory reads the namespace an install written without namespaces is applied to."""

from __future__ import annotations

from kubegap.domain.collection import Collection, Origin
from kubegap.domain.inventory import Inventory


def _inventory(*objects: dict) -> Inventory:
    collection = Collection(collected={o["kind"] for o in objects})
    for obj in objects:
        collection.add(obj, Origin("chart/install.yaml", 0))
    return Inventory(collection)


def _obj(kind: str, name: str, ns: str | None = None, **fields) -> dict:
    return {"kind": kind, "metadata": {"name": name, **({"namespace": ns} if ns else {})}, **fields}


def _binding(*subjects: tuple[str, str]) -> dict:
    return _obj(
        "ClusterRoleBinding",
        "apm",
        subjects=[{"kind": "ServiceAccount", "name": n, "namespace": ns} for n, ns in subjects],
    )


DEPLOYMENT = _obj("Deployment", "apm-ui", spec={"template": {"spec": {"containers": [{"name": "ui"}]}}})


def test_bindings_give_the_install_namespace_when_no_object_names_one():
    inventory = _inventory(DEPLOYMENT, _obj("ServiceAccount", "apm"), _binding(("apm", "observability")))
    assert inventory.install_namespace == "observability"


def test_a_namespace_an_object_names_outweighs_the_bindings():
    inventory = _inventory(DEPLOYMENT, _obj("ServiceAccount", "apm", "apm-system"), _binding(("apm", "observability")))
    assert inventory.install_namespace == "apm-system"


def test_bindings_choose_among_the_namespaces_objects_name():
    """The Velero UI's chart writes Roles into Velero's namespace and its own, and the namespace only where the API
    requires one: its bindings put its own accounts in its own."""
    roles = (_obj("Role", "vui-admin", "vui"), _obj("Role", "velero-admin", "velero"))
    inventory = _inventory(DEPLOYMENT, *roles, _obj("ServiceAccount", "apm"), _binding(("apm", "vui")))
    assert inventory.install_namespace == "vui"
    beyond = _inventory(DEPLOYMENT, *roles, _obj("ServiceAccount", "apm"), _binding(("apm", "observability")))
    assert beyond.install_namespace is None


def test_a_binding_written_into_a_namespace_may_grant_another_install_s_account():
    """Velero's own ``velero`` account, granted in Velero's namespace, is not the chart's account of that name."""
    roles = (_obj("Role", "ui-reader", "velero"), _obj("ConfigMap", "dashboards", "monitoring"))
    other = _obj(
        "RoleBinding",
        "server-reads",
        "velero",
        subjects=[{"kind": "ServiceAccount", "name": "velero", "namespace": "velero"}],
    )
    inventory = _inventory(DEPLOYMENT, *roles, _obj("ServiceAccount", "velero"), other)
    assert inventory.install_namespace is None


def test_bindings_show_nothing_for_accounts_the_input_does_not_write_or_in_two_namespaces():
    elsewhere = _inventory(DEPLOYMENT, _obj("ServiceAccount", "apm"), _binding(("default", "kube-system")))
    assert elsewhere.install_namespace is None
    two = _inventory(
        DEPLOYMENT, _obj("ServiceAccount", "apm"), _obj("ServiceAccount", "ui"), _binding(("apm", "a"), ("ui", "b"))
    )
    assert two.install_namespace is None


def test_subjects_of_the_wrong_shape_show_no_namespace():
    odd = _obj(
        "ClusterRoleBinding",
        "apm",
        subjects=[
            {"kind": "ServiceAccount", "name": ["apm"], "namespace": "observability"},
            {"kind": "ServiceAccount", "name": "apm", "namespace": ""},
            "apm",
        ],
    )
    assert _inventory(DEPLOYMENT, _obj("ServiceAccount", "apm"), odd).install_namespace is None
