"""Random partial and mistyped Kubernetes objects through every check and every report format.

Objects are built from realistic field names filled with values of random types (missing fields,
nulls, wrong types, huge strings, odd unicode). No check may crash on them: a crash would be
isolated into coverage, but a crash on messy input is still a defect, so the test fails on it.
"""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubegap.checks import all_checks
from kubegap.domain.collection import Collection
from kubegap.domain.inventory import Inventory
from kubegap.library import load_library
from kubegap.report import FORMATS, renderer
from kubegap.report.model import Part, assemble_report
from kubegap.runner import run_checks

KINDS = [
    ("v1", "Pod"),
    ("apps/v1", "Deployment"),
    ("apps/v1", "StatefulSet"),
    ("apps/v1", "DaemonSet"),
    ("apps/v1", "ReplicaSet"),
    ("batch/v1", "Job"),
    ("batch/v1", "CronJob"),
    ("v1", "Service"),
    ("v1", "Node"),
    ("v1", "ConfigMap"),
    ("v1", "ServiceAccount"),
    ("v1", "PersistentVolumeClaim"),
    ("v1", "PersistentVolume"),
    ("storage.k8s.io/v1", "StorageClass"),
    ("policy/v1", "PodDisruptionBudget"),
    ("autoscaling/v2", "HorizontalPodAutoscaler"),
    ("networking.k8s.io/v1", "Ingress"),
    ("networking.k8s.io/v1", "NetworkPolicy"),
    ("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration"),
    ("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration"),
    ("scheduling.k8s.io/v1", "PriorityClass"),
    ("discovery.k8s.io/v1", "EndpointSlice"),
    ("kubeflow.org/v1", "PyTorchJob"),
    ("jobset.x-k8s.io/v1alpha2", "JobSet"),
    ("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"),
    ("rbac.authorization.k8s.io/v1", "ClusterRole"),
]
FIELDS = [
    "spec",
    "template",
    "metadata",
    "labels",
    "annotations",
    "containers",
    "initContainers",
    "image",
    "env",
    "name",
    "value",
    "resources",
    "limits",
    "requests",
    "nvidia.com/gpu",
    "memory",
    "cpu",
    "replicas",
    "selector",
    "matchLabels",
    "matchExpressions",
    "key",
    "operator",
    "values",
    "ports",
    "containerPort",
    "targetPort",
    "port",
    "readinessProbe",
    "livenessProbe",
    "startupProbe",
    "httpGet",
    "status",
    "conditions",
    "type",
    "nodeInfo",
    "osImage",
    "kubeletVersion",
    "taints",
    "tolerations",
    "effect",
    "volumes",
    "volumeMounts",
    "emptyDir",
    "hostPath",
    "persistentVolumeClaim",
    "claimName",
    "configMap",
    "volumeClaimTemplates",
    "storageClassName",
    "provisioner",
    "nodeSelector",
    "affinity",
    "webhooks",
    "failurePolicy",
    "clientConfig",
    "service",
    "namespace",
    "rules",
    "subjects",
    "roleRef",
    "verbs",
    "resources",
    "endpoints",
    "ready",
    "addresses",
    "minAvailable",
    "maxUnavailable",
    "minReplicas",
    "maxReplicas",
    "scaleTargetRef",
    "pytorchReplicaSpecs",
    "Worker",
    "replicatedJobs",
    "ownerReferences",
    "controller",
    "uid",
    "nodeName",
    "podCIDR",
    "allocatable",
    "capacity",
    "strategy",
    "rollingUpdate",
    "data",
    "Corefile",
    "serviceName",
    "clusterIP",
    "dnsConfig",
    "options",
    "priorityClassName",
]
ODD = st.sampled_from(
    [
        "",
        "0",
        "-1",
        "latest",
        "Ubuntu 22.04.3 LTS",
        "v1.29.4",
        "100Mi",
        "∞",
        "\u202e",
        "a" * 5000,
        "Fail",
        "None",
        "=",
        "*",
    ]
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**63), st.floats(allow_nan=True), st.text(max_size=40), ODD
)


def _values(children):
    return st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=10)), children, max_size=6),
    )


VALUES = st.recursive(SCALARS, _values, max_leaves=40)


@st.composite
def k8s_object(draw):
    api_version, kind = draw(st.sampled_from(KINDS))
    metadata = draw(
        st.dictionaries(
            st.sampled_from(["name", "namespace", "labels", "annotations", "uid", "ownerReferences"]),
            VALUES,
            max_size=5,
        )
    )
    if draw(st.booleans()):
        metadata["name"] = draw(st.text(min_size=1, max_size=20))
    obj = {"apiVersion": api_version, "kind": kind, "metadata": metadata}
    for field in draw(
        st.lists(
            st.sampled_from(["spec", "status", "data", "webhooks", "rules", "subjects", "provisioner", "items"]),
            max_size=3,
        )
    ):
        obj[field] = draw(VALUES)
    return obj


CHECKS = all_checks()
LIBRARY = load_library()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(k8s_object(), max_size=12), st.booleans())
def test_no_check_crashes_and_every_format_renders(objects, collected_everything):
    collection = Collection()
    for obj in objects:
        collection.add(obj)
    collection.collected = {k for _, k in KINDS} if collected_everything else {o["kind"] for o in objects}
    inventory = Inventory(collection)
    result = run_checks(inventory, CHECKS)
    errors = [c for c in result.coverage if c.status == "error"]
    assert not errors, errors
    report = assemble_report([Part(result, inventory)], CHECKS, LIBRARY)
    for name in FORMATS:
        renderer(name)(report, io.StringIO())
