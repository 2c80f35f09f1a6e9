"""API discovery: which kinds a cluster serves, in which group and version, under which name.

Reads the legacy discovery documents (``/api``, ``/api/v1``, ``/apis``, and each group's
preferred version), which every API server serves. A group whose document cannot be read (an
aggregated API that is down answers 503) is remembered, so its kinds are reported as not
collected rather than as absent.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from kubegap.resources import as_dict, as_list
from kubegap.sources.kinds import KNOWN_KINDS


@dataclass(frozen=True, slots=True)
class APIResource:
    group: str
    version: str
    plural: str
    kind: str
    namespaced: bool
    verbs: tuple[str, ...]

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    def path(self, namespace: str | None = None) -> str:
        base = f"/apis/{self.group}/{self.version}" if self.group else f"/api/{self.version}"
        return f"{base}/namespaces/{namespace}/{self.plural}" if namespace else f"{base}/{self.plural}"


@dataclass
class Discovery:
    resources: dict[str, APIResource] = field(default_factory=dict)
    failed_groups: dict[str, str] = field(default_factory=dict)

    def add(self, resource: APIResource) -> None:
        current = self.resources.get(resource.kind)
        preferred_group = KNOWN_KINDS.get(resource.kind, (None,))[0]
        if current is None or (current.group != preferred_group and resource.group == preferred_group):
            self.resources[resource.kind] = resource


def _resources(document: dict, group: str, version: str) -> list[APIResource]:
    found = []
    for entry in as_list(document.get("resources")):
        entry = as_dict(entry)
        name, kind = entry.get("name"), entry.get("kind")
        if not isinstance(name, str) or "/" in name or not isinstance(kind, str):
            continue  # subresources (pods/log, deployments/scale) are never listed
        verbs = tuple(v for v in as_list(entry.get("verbs")) if isinstance(v, str))
        found.append(APIResource(group, version, name, kind, entry.get("namespaced") is True, verbs))
    return found


def discover(get: Callable[[str], dict], workers: int = 8) -> Discovery:
    """``get(path)`` returns a parsed JSON document or raises; the core group must be readable."""
    discovery = Discovery()
    for version in as_list(get("/api").get("versions"))[:1] or ["v1"]:
        for resource in _resources(get(f"/api/{version}"), "", version):
            discovery.add(resource)
    groups = []
    for group in as_list(get("/apis").get("groups")):
        group = as_dict(group)
        preferred = as_dict(group.get("preferredVersion")).get("version")
        if isinstance(group.get("name"), str) and isinstance(preferred, str):
            groups.append((group["name"], preferred))

    def fetch(item: tuple[str, str]):
        name, version = item
        try:
            return item, get(f"/apis/{name}/{version}"), None
        except Exception as exc:  # noqa: BLE001 - one broken aggregated API must not end discovery
            return item, None, exc

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for (name, version), document, error in pool.map(fetch, groups):
            if error is not None:
                discovery.failed_groups[name] = f"discovery of {name}/{version} failed: {error}"
                continue
            for resource in _resources(document, name, version):
                discovery.add(resource)
    return discovery
