"""What kubegap keeps of what a cluster returns: only what the checks need, values redacted.

Applied to every object a live collection ingests, so the audit, its report and any snapshot
see the same redacted objects:

- ``metadata.managedFields`` is dropped, and so is every annotation that holds a copy of a whole
  object (env values, ConfigMap data and even Secret data included): a JSON or YAML mapping with an
  ``apiVersion`` and a ``kind``, or such a mapping gzip-compressed and base64-encoded. kubectl's
  ``kubectl.kubernetes.io/last-applied-configuration`` is one, kapp's ``kapp.k14s.io/original`` and
  Rancher's ``objectset.rio.cattle.io/applied`` are others: the rule is the shape, not the names.
- Every ``env`` entry anywhere in the object (containers, init and ephemeral containers, pod
  templates of any controller or custom resource) keeps its name and ``valueFrom`` reference; its
  ``value`` is kept only for names the checks compare (:data:`KEPT_PREFIXES`,
  :data:`KEPT_SETTINGS`) and replaced by ``"<redacted>"`` otherwise.
- Every ``httpHeaders`` entry anywhere (probes, lifecycle hooks) keeps its name; its ``value``
  (an ``Authorization`` token, a cookie, an API key) is replaced by ``"<redacted>"``: no check reads one.
- ConfigMap ``data`` keeps its keys; each value is reduced to its ``NAME=value`` and
  ``NAME: value`` setting lines, the value kept only for the same names and redacted otherwise;
  other lines are dropped. ``binaryData`` keeps its keys, values redacted.
- Secrets are only ever listed as metadata (see :mod:`kubegap.sources.readonly`).

Commands, args, labels and other annotations are kept as they are.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

import orjson

from kubegap import yamlload

REDACTED = "<redacted>"
KEPT_PREFIXES = ("NCCL_", "TORCH_NCCL_", "FI_")
"""Env and setting names whose values checks read: NCCL and libfabric transport settings."""
KEPT_SETTINGS = frozenset({"ManageForeignRoutingPolicyRules", "ManageForeignRoutes", "clusterCIDR"})
"""Setting names whose values checks read: systemd-networkd routing policy, kube-proxy's pod range."""
LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration"
_LIST_KEYS = (b'"env":', b'"httpHeaders":')
MAX_COPY_BYTES = 1024 * 1024
"""Largest decompressed annotation looked into (Kubernetes bounds all of an object's annotations at 256 KiB)."""
_SETTING = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*([=:])\s*(.*?)\s*$")


def kept(name: str) -> bool:
    return name in KEPT_SETTINGS or name.startswith(KEPT_PREFIXES)


def _env(entries: list) -> None:
    for entry in entries:
        if (
            isinstance(entry, dict)
            and "value" in entry
            and not (isinstance(entry.get("name"), str) and kept(entry["name"]))
        ):
            entry["value"] = REDACTED


def _headers(entries: object) -> None:
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and "value" in entry:
            entry["value"] = REDACTED


def _list_keys(value: object) -> int | None:
    """How often ``"env":`` or ``"httpHeaders":`` stands in ``value``'s JSON (None: not writable as JSON). In
    JSON a key is the only place where it can stand unescaped, so 0 means no such list anywhere in
    ``value``; and the JSON of a part is a piece of its parent's, so the parts' counts add up to no more
    than the parent's. Serializing is done in C, and spares walking what holds none."""
    try:
        text = orjson.dumps(value)
    except TypeError:
        return None
    return sum(text.count(key) for key in _LIST_KEYS)


def _env_value(value: object) -> None:
    """Redact what an ``env`` key holds."""
    if isinstance(value, list):
        _env(value)
    elif isinstance(value, dict):
        _clean(value)


_REDACTORS = {"env": _env_value, "httpHeaders": _headers}


def _walk(value: dict | list, left: int | None) -> None:
    """Redact every env and httpHeaders list in ``value``. ``left`` counts those keys of ``value``'s JSON
    not yet found (None: unknown): once it is 0, the parts after are not looked at."""
    for key, part in value.items() if isinstance(value, dict) else enumerate(value):
        if left == 0:
            return
        if key in _REDACTORS:
            _REDACTORS[key](part)
            left = None if left is None else left - 1  # the key itself; what the list holds is not subtracted
        elif isinstance(part, dict | list):
            left = _clean(part, left)


def _clean(part: dict | list, left: int | None = None) -> int | None:
    """Redact every env and httpHeaders list in ``part``; ``left`` less the keys it held."""
    if part.__class__ is list and len(part) == 1 and isinstance(part[0], dict | list):
        return _clean(part[0], left)  # the JSON of [x] holds what x's does (a pod's only container)
    if left == 1 and part.__class__ is dict and "env" in part and "httpHeaders" not in part:
        _env_value(part["env"])  # the one key left is this one: nothing else here or after holds any
        return 0
    count = _list_keys(part)
    if count != 0:
        _walk(part, count)
    return None if left is None or count is None else left - count


def _setting_lines(text: str) -> str:
    lines = []
    for line in text.splitlines():
        match = _SETTING.match(line)
        if match:
            name, sep, value = match.groups()
            lines.append(
                f"{name}{sep}{value if kept(name) else REDACTED}"
                if sep == "="
                else f"{name}: {value if kept(name) else REDACTED}"
            )
    return "\n".join(lines) if lines else REDACTED


def _metadata(metadata: object) -> None:
    if isinstance(metadata, dict):
        metadata.pop("managedFields", None)
        notes = metadata.get("annotations")
        if isinstance(notes, dict):
            for key in [key for key, value in notes.items() if key == LAST_APPLIED or copies_an_object(value)]:
                del notes[key]


def copies_an_object(value: object) -> bool:
    """Whether an annotation's value is a copy of a whole object: a JSON or YAML mapping with a string
    ``apiVersion`` and ``kind`` (or a list of them), as written, or gzip-compressed and base64-encoded."""
    if not isinstance(value, str):
        return False
    if value.startswith("H4sI"):  # base64 of gzip's magic bytes
        try:
            inflater = zlib.decompressobj(wbits=31)
            value = inflater.decompress(base64.b64decode(value, validate=True), MAX_COPY_BYTES).decode()
        except (binascii.Error, zlib.error, UnicodeDecodeError):
            return False
    if "apiVersion" not in value or "kind" not in value:
        return False
    try:
        data = (
            orjson.loads(value)
            if value.lstrip()[:1] in ("{", "[")
            else None
            if yamlload.too_deep(value)
            else yamlload.load(value)
        )
    except (orjson.JSONDecodeError, yamlload.YAMLError, RecursionError):
        return False
    return any(
        isinstance(item, dict) and isinstance(item.get("apiVersion"), str) and isinstance(item.get("kind"), str)
        for item in (data if isinstance(data, list) else [data])
    )


def redact(obj: dict) -> dict:
    """One resource its caller owns (as parsed from an answer), redacted in place and returned."""
    for key, value in obj.items():
        if key == "metadata":
            _metadata(value)
        elif isinstance(value, dict | list):
            _clean(value)
    if obj.get("kind") == "ConfigMap":
        data, binary = obj.get("data"), obj.get("binaryData")
        if isinstance(data, dict):
            for key, value in data.items():
                data[key] = _setting_lines(value) if isinstance(value, str) else REDACTED
        if isinstance(binary, dict):
            for key in binary:
                binary[key] = REDACTED
    return obj
