"""API discovery: which kinds a cluster serves, in which group and version, under which name.

Reads the legacy discovery documents (``/api``, ``/api/v1``, ``/apis``, and each group's
preferred version), which every API server serves. A group whose document cannot be read (an
aggregated API that is down answers 503), or is not a discovery document (a resource, group or
version that breaks Kubernetes' naming rules among them), is remembered, so its kinds are reported
as not collected rather than as absent.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from kubegap.domain.kinds import GROUP_BOUND_KINDS, KNOWN_KINDS, groups_of
from kubegap.domain.resources import as_dict, as_list
from kubegap.printable import quoted
from kubegap.sources.names import API_GROUP, API_VERSION, RESOURCE


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


class MalformedDiscovery(Exception):
    """A discovery answer that is not what an API server serves: the kinds it would have named are unknown."""


@dataclass
class Discovery:
    resources: dict[str, APIResource] = field(default_factory=dict)
    failed_groups: dict[str, str] = field(default_factory=dict)
    """Groups ("" for the core group) whose document could not be read or used, and why."""
    groups_failed: str | None = None
    """Why the list of groups (``/apis``) could not be used: then every group but the core one is unknown."""

    def add(self, resource: APIResource) -> None:
        current = self.resources.get(resource.kind)
        preferred_group = KNOWN_KINDS.get(resource.kind, (None,))[0]
        if resource.kind in GROUP_BOUND_KINDS and resource.group not in groups_of(resource.kind):
            return  # another API's kind of the same name (Knative's Route): not what the checks read
        if current is None or (current.group != preferred_group and resource.group == preferred_group):
            self.resources[resource.kind] = resource

    def failure(self, group: str) -> str | None:
        """Why the kinds of ``group`` are unknown (its discovery failed), or None."""
        return self.failed_groups.get(group) or (self.groups_failed if group else None)


def _resources(document: object, group: str, version: str) -> list[APIResource]:
    """The resources an APIResourceList names; MalformedDiscovery when it is not one, or names a resource
    no API server could serve (a name that would not be a path segment)."""
    entries = document.get("resources") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise MalformedDiscovery("the answer is not an APIResourceList")
    found = []
    for entry in entries:
        name, kind = (entry.get("name"), entry.get("kind")) if isinstance(entry, dict) else (None, None)
        if not isinstance(name, str) or not isinstance(kind, str):
            raise MalformedDiscovery("a resource without a name or kind")
        if problem := RESOURCE.problem(name.partition("/")[0]):
            raise MalformedDiscovery(f"the resource {quoted(name)}: {problem}")
        if "/" in name:
            continue  # subresources (pods/log, deployments/scale) are never listed
        verbs = tuple(v for v in as_list(entry.get("verbs")) if isinstance(v, str))
        found.append(APIResource(group, version, name, kind, entry.get("namespaced") is True, verbs))
    return found


def _core_version(document: object) -> str:
    versions = document.get("versions") if isinstance(document, dict) else None
    if not isinstance(versions, list) or not versions or API_VERSION.problem(versions[0]):
        raise MalformedDiscovery("the answer is not an APIVersions list")
    return versions[0]


def _groups(document: object) -> list[tuple[str, str]]:
    """``(group, preferred version)`` of every group an APIGroupList names; MalformedDiscovery when it is not one."""
    groups = document.get("groups") if isinstance(document, dict) else None
    if not isinstance(groups, list):
        raise MalformedDiscovery("the answer is not an APIGroupList")
    found = []
    for group in groups:
        name = as_dict(group).get("name")
        version = as_dict(as_dict(group).get("preferredVersion")).get("version")
        if problem := API_GROUP.problem(name) or API_VERSION.problem(version):
            raise MalformedDiscovery(f"a group named {quoted(str(name))} at version {quoted(str(version))}: {problem}")
        found.append((str(name), str(version)))  # both checked: strings
    return found


def discover(get: Callable[[str], dict], workers: int = 8) -> Discovery:
    """``get(path)`` returns a parsed JSON document or raises; ``/api``, its version and ``/apis`` must be readable.

    A document that is read but is not what an API server serves fails the kinds it would have named
    (all the groups' for ``/apis``), as a document that cannot be read does: they are not taken to be absent.
    """
    discovery = Discovery()
    try:
        version = _core_version(get("/api"))
        core = get(f"/api/{version}")
        for resource in _resources(core, "", version):
            discovery.add(resource)
    except MalformedDiscovery as exc:
        discovery.failed_groups[""] = f"discovery of the core API group failed: {exc}"
    try:
        groups = _groups(get("/apis"))
    except MalformedDiscovery as exc:
        discovery.groups_failed, groups = f"discovery of the API groups (/apis) failed: {exc}", []

    def fetch(item: tuple[str, str]) -> tuple[tuple[str, str], list[APIResource], Exception | None]:
        name, version = item
        try:
            return item, _resources(get(f"/apis/{name}/{version}"), name, version), None
        except Exception as exc:  # noqa: BLE001 - one broken aggregated API must not end discovery
            return item, [], exc

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for (name, version), resources, error in pool.map(fetch, groups):
            if error is not None:
                discovery.failed_groups[name] = f"discovery of {name}/{version} failed: {error}"
            for resource in resources:
                discovery.add(resource)
    return discovery
