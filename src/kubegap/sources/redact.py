"""What kubegap keeps of what a cluster returns: only what the checks need, values redacted.

Applied to every object a live collection ingests, so the audit, its report and any snapshot
see the same redacted objects:

- ``metadata.managedFields`` is dropped, and so is the
  ``kubectl.kubernetes.io/last-applied-configuration`` annotation (a full copy of the object,
  env values, ConfigMap data and even Secret data included).
- Every ``env`` entry anywhere in the object (containers, init and ephemeral containers, pod
  templates of any controller or custom resource) keeps its name and ``valueFrom`` reference; its
  ``value`` is kept only for names the checks compare (:data:`KEPT_PREFIXES`,
  :data:`KEPT_SETTINGS`) and replaced by ``"<redacted>"`` otherwise.
- ConfigMap ``data`` keeps its keys; each value is reduced to its ``NAME=value`` and
  ``NAME: value`` setting lines, the value kept only for the same names and redacted otherwise;
  other lines are dropped. ``binaryData`` keeps its keys, values redacted.
- Secrets are only ever listed as metadata (see :mod:`kubegap.sources.readonly`).

Commands, args, labels and annotations other than the one above are kept as they are.
"""

from __future__ import annotations

import re

import orjson

REDACTED = "<redacted>"
KEPT_PREFIXES = ("NCCL_", "TORCH_NCCL_", "FI_")
"""Env and setting names whose values checks read: NCCL and libfabric transport settings."""
KEPT_SETTINGS = frozenset({"ManageForeignRoutingPolicyRules", "ManageForeignRoutes", "clusterCIDR"})
"""Setting names whose values checks read: systemd-networkd routing policy, kube-proxy's pod range."""
LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration"
_ENV_KEY = b'"env":'
_SETTING = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*([=:])\s*(.*?)\s*$")


def kept(name: str) -> bool:
    return name in KEPT_SETTINGS or name.startswith(KEPT_PREFIXES)


def _env(entries: list) -> list:
    out = []
    for entry in entries:
        if isinstance(entry, dict) and "value" in entry and not (isinstance(entry.get("name"), str) and kept(entry["name"])):
            entry = {**entry, "value": REDACTED}
        out.append(entry)
    return out


def _env_keys(value) -> int | None:
    """How often ``"env":`` stands in ``value``'s JSON (None: not writable as JSON). In JSON a key is the
    only place where it can stand unescaped, so 0 means no env list anywhere in ``value``; and the
    JSON of a part is a piece of its parent's, so the parts' counts add up to no more than the parent's.
    Serializing is done in C, and spares walking what holds none."""
    try:
        return orjson.dumps(value).count(_ENV_KEY)
    except TypeError:
        return None


def _walk(value, left: int | None):
    """``value`` with every env list's values redacted: the parts that hold one are copied, the rest are
    ``value``'s own. ``left`` counts the ``"env":`` keys of ``value``'s JSON not yet found (None: unknown):
    once it is 0, the parts after are kept as they are without being serialized."""
    if isinstance(value, dict):
        out = {}
        for key, part in value.items():
            if left == 0:
                out[key] = part
            elif key == "env":
                out[key] = _env(part) if isinstance(part, list) else _redacted(part)
                left = None if left is None else left - 1  # the key itself; what the list holds is not subtracted
            elif isinstance(part, dict | list):
                out[key], left = _found(part, left)
            else:
                out[key] = part
        return out
    if isinstance(value, list):
        out = []
        for part in value:
            if left != 0 and isinstance(part, dict | list):
                part, left = _found(part, left)
            out.append(part)
        return out
    return value


def _found(part, left: int | None) -> tuple:
    """``part`` redacted, and ``left`` less the ``"env":`` keys it held."""
    count = _env_keys(part)
    if count == 0:
        return part, left
    return _walk(part, count), (None if left is None or count is None else left - count)


def _redacted(value):
    return _found(value, None)[0] if isinstance(value, dict | list) else value


def _setting_lines(text: str) -> str:
    lines = []
    for line in text.splitlines():
        match = _SETTING.match(line)
        if match:
            name, sep, value = match.groups()
            lines.append(f"{name}{sep}{value if kept(name) else REDACTED}" if sep == "=" else f"{name}: {value if kept(name) else REDACTED}")
    return "\n".join(lines) if lines else REDACTED


def _metadata(metadata) -> dict | object:
    if not isinstance(metadata, dict):
        return metadata
    out = {k: v for k, v in metadata.items() if k != "managedFields"}
    notes = out.get("annotations")
    if isinstance(notes, dict) and LAST_APPLIED in notes:
        out["annotations"] = {k: v for k, v in notes.items() if k != LAST_APPLIED}
    return out


def redact(obj: dict) -> dict:
    """One resource, redacted; parts with nothing to redact are the input's own (the input is not changed)."""
    out = {k: (_metadata(v) if k == "metadata" else _redacted(v)) for k, v in obj.items()}
    if obj.get("kind") == "ConfigMap":
        if isinstance(obj.get("data"), dict):
            out["data"] = {k: _setting_lines(v) if isinstance(v, str) else REDACTED for k, v in obj["data"].items()}
        if isinstance(obj.get("binaryData"), dict):
            out["binaryData"] = {k: REDACTED for k in obj["binaryData"]}
    return out
