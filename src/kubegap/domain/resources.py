"""Tolerant access to Kubernetes resource dicts.

Resources are plain dicts exactly as the API returns them. Real clusters and real manifests are
messy, so every accessor tolerates missing fields and wrong types and never mutates its input.
"""

import math
import re
from functools import lru_cache
from typing import Any, NamedTuple


def dig(obj: Any, *path: str | int, default: Any = None) -> Any:
    """``obj[path[0]][path[1]]...``, or ``default`` as soon as a step is missing or mistyped."""
    for step in path:
        if isinstance(obj, dict) and isinstance(step, str):
            if step not in obj:
                return default
            obj = obj[step]
        elif isinstance(obj, list) and isinstance(step, int) and -len(obj) <= step < len(obj):
            obj = obj[step]
        else:
            return default
    return default if obj is None else obj


def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def str_map(value: Any) -> dict[str, str]:
    """A labels/annotations map with non-string keys and values dropped."""
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


# The metadata accessors read the field directly (no intermediate dict, no dig): together they
# are called about a million times in an audit of 60,000 pods.


def name(obj: dict) -> str:
    meta = obj.get("metadata")
    value = meta.get("name") if isinstance(meta, dict) else None
    return value if isinstance(value, str) else ""


CLUSTER_SCOPED: dict[str, str] = {
    "Namespace": "",
    "Node": "",
    "PersistentVolume": "",
    "ComponentStatus": "",
    "ClusterRole": "rbac.authorization.k8s.io",
    "ClusterRoleBinding": "rbac.authorization.k8s.io",
    "MutatingWebhookConfiguration": "admissionregistration.k8s.io",
    "ValidatingWebhookConfiguration": "admissionregistration.k8s.io",
    "ValidatingAdmissionPolicy": "admissionregistration.k8s.io",
    "ValidatingAdmissionPolicyBinding": "admissionregistration.k8s.io",
    "MutatingAdmissionPolicy": "admissionregistration.k8s.io",
    "MutatingAdmissionPolicyBinding": "admissionregistration.k8s.io",
    "CustomResourceDefinition": "apiextensions.k8s.io",
    "APIService": "apiregistration.k8s.io",
    "CertificateSigningRequest": "certificates.k8s.io",
    "ClusterTrustBundle": "certificates.k8s.io",
    "FlowSchema": "flowcontrol.apiserver.k8s.io",
    "PriorityLevelConfiguration": "flowcontrol.apiserver.k8s.io",
    "IngressClass": "networking.k8s.io",
    "IPAddress": "networking.k8s.io",
    "ServiceCIDR": "networking.k8s.io",
    "RuntimeClass": "node.k8s.io",
    "PodSecurityPolicy": "policy",
    "PriorityClass": "scheduling.k8s.io",
    "CSIDriver": "storage.k8s.io",
    "CSINode": "storage.k8s.io",
    "StorageClass": "storage.k8s.io",
    "VolumeAttachment": "storage.k8s.io",
    "VolumeAttributesClass": "storage.k8s.io",
    "DeviceClass": "resource.k8s.io",
    "ResourceSlice": "resource.k8s.io",
}
"""The built-in cluster-scoped kinds, with their API group. The API server drops a namespace written on one of
them (charts often write the release namespace on every object), so the accessors do too."""


def namespace(obj: dict) -> str | None:
    meta = obj.get("metadata")
    value = meta.get("namespace") if isinstance(meta, dict) else None
    if not isinstance(value, str) or not value:
        return None
    kind_name = obj.get("kind")
    scoped_group = CLUSTER_SCOPED.get(kind_name) if isinstance(kind_name, str) else None
    return None if scoped_group is not None and group(obj) == scoped_group else value


def labels(obj: dict) -> dict[str, str]:
    meta = obj.get("metadata")
    return str_map(meta.get("labels")) if isinstance(meta, dict) else {}


def annotations(obj: dict) -> dict[str, str]:
    meta = obj.get("metadata")
    return str_map(meta.get("annotations")) if isinstance(meta, dict) else {}


def label(obj: dict, key: str) -> str | None:
    """One label's value when it is a non-empty string, read without copying the labels."""
    return _metadata_value(obj, "labels", key)


def annotation(obj: dict, key: str) -> str | None:
    """One annotation's value when it is a non-empty string, read without copying the annotations."""
    return _metadata_value(obj, "annotations", key)


def _metadata_value(obj: dict, field: str, key: str) -> str | None:
    value = dig(obj, "metadata", field, key)
    return value if isinstance(value, str) and value else None


def kind(obj: dict) -> str:
    value = obj.get("kind")
    return value if isinstance(value, str) else ""


def api_version(obj: dict) -> str:
    value = obj.get("apiVersion")
    return value if isinstance(value, str) else ""


def group(obj: dict) -> str:
    version = api_version(obj)
    return version.split("/", 1)[0] if "/" in version else ""


class ObjectRef(NamedTuple):
    """What a finding is about. ``namespace`` is None for cluster-scoped objects."""

    api_version: str
    kind: str
    namespace: str | None
    name: str

    @classmethod
    def of(cls, obj: dict) -> "ObjectRef":
        return cls(api_version(obj), kind(obj), namespace(obj), name(obj))

    def to_json(self) -> dict:
        return {"apiVersion": self.api_version, "kind": self.kind, "namespace": self.namespace, "name": self.name}

    def __str__(self) -> str:
        where = f"{self.namespace}/" if self.namespace else ""
        return f"{self.kind} {where}{self.name}"


def quantity(value: Any) -> float | None:
    """A Kubernetes resource quantity as a finite number (``"500m"`` -> 0.5, ``"2Gi"`` -> 2147483648); None
    when it is not one (``"nan"``, ``"1e999"``, an integer past what a double holds)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            number = float(value)
        except OverflowError:
            return None
        return number if math.isfinite(number) else None
    if not isinstance(value, str):
        return None
    return _parsed_quantity(value)


_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""A quantity's number as Kubernetes writes it (no ``nan``, ``inf``, ``1_000`` or non-ASCII digits, which Python's
float() would take)."""


@lru_cache(maxsize=4096)
def _parsed_quantity(value: str) -> float | None:
    """Parsed once per distinct string: a cluster repeats a few quantities across thousands of containers."""
    text = value.strip()
    if not text:
        return None
    for suffix, factor in _SUFFIXES:
        if text.endswith(suffix):
            number = text[: -len(suffix)]
            break
    else:
        number, factor = text, 1.0
    if not _NUMBER.fullmatch(number):
        return None
    parsed = float(number) * factor
    return parsed if math.isfinite(parsed) else None


_PERCENT = re.compile(r"([0-9]{1,18})%")


def percent(value: Any) -> int | None:
    """The percentage of an IntOrString such as ``maxUnavailable: "25%"``, as Kubernetes reads it: digits and
    a ``%`` only (``"1e999%"``, ``"nan%"``, ``"-5%"``, ``"5.5%"`` and ``"%"`` are not percentages)."""
    match = _PERCENT.fullmatch(value) if isinstance(value, str) else None
    return int(match.group(1)) if match else None


_SUFFIXES = (
    ("Ki", 2.0**10),
    ("Mi", 2.0**20),
    ("Gi", 2.0**30),
    ("Ti", 2.0**40),
    ("Pi", 2.0**50),
    ("Ei", 2.0**60),
    ("n", 1e-9),
    ("u", 1e-6),
    ("m", 1e-3),
    ("k", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("T", 1e12),
    ("P", 1e15),
    ("E", 1e18),
)


_CONTAINER_FIELDS = {True: ("containers", "initContainers"), False: ("containers",)}
_PATHS_MADE_AHEAD = 32
_CONTAINER_PATHS = {
    field: tuple(f"{field}[{index}]" for index in range(_PATHS_MADE_AHEAD)) for field in _CONTAINER_FIELDS[True]
}
"""The field paths of the first containers, made once: every check walks every pod spec's containers."""


def containers(pod_spec: dict, *, init: bool = True) -> list[tuple[str, dict]]:
    """``(field path, container)`` for every container of a pod spec, init containers included."""
    found = []
    for field in _CONTAINER_FIELDS[init]:
        items = pod_spec.get(field)
        if not isinstance(items, list):
            continue
        paths = _CONTAINER_PATHS[field]
        for index, container in enumerate(items):
            if isinstance(container, dict):
                found.append((paths[index] if index < _PATHS_MADE_AHEAD else f"{field}[{index}]", container))
    return found


def native_sidecars(pod_spec: dict) -> list[tuple[str, dict]]:
    """``(field path, container)`` for every init container with ``restartPolicy: Always``: a sidecar that runs
    beside the pod's containers for its whole life, not once before them."""
    return [
        (path, container)
        for path, container in containers(pod_spec)
        if path.startswith("initContainers") and container.get("restartPolicy") == "Always"
    ]


def command_words(container: dict) -> list[str]:
    """A container's command then its args, each word as a string."""
    return [str(word) for word in as_list(container.get("command")) + as_list(container.get("args"))]


def env_names(container: dict) -> set[str]:
    return {e["name"] for e in as_list(container.get("env")) if isinstance(e, dict) and isinstance(e.get("name"), str)}


def bound_accounts(binding: dict) -> list[tuple[str | None, str]]:
    """The ServiceAccounts ``(namespace, name)`` a binding names; one named without a namespace is in the
    binding's."""
    found = []
    for subject in as_list(binding.get("subjects")):
        if dig(subject, "kind") == "ServiceAccount" and isinstance(subject_name := dig(subject, "name"), str):
            subject_ns = dig(subject, "namespace")
            found.append(
                (subject_ns if isinstance(subject_ns, str) and subject_ns else namespace(binding), subject_name)
            )
    return found
