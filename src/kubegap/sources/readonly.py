"""The read-only guard: the one gate every request to a cluster passes, refusing before sending.

kubegap talks to clusters only through the urllib3 pool manager of the official Kubernetes
client, and :func:`guard` replaces that pool manager with :class:`ReadOnlyPoolManager`. It lets
through only ``GET`` requests, never to the ``exec``, ``attach``, ``portforward``, ``proxy`` or
``log`` subresources (nor the legacy ``/api/v1/proxy`` paths), and never a read of Secrets
except as metadata only (``PartialObjectMetadata``). Anything else raises
:class:`ReadOnlyViolation` before a byte leaves the machine.
"""

from __future__ import annotations

from urllib.parse import urlsplit

FORBIDDEN_SUBRESOURCES = frozenset({"exec", "attach", "portforward", "proxy", "log"})
METADATA_ONLY_KINDS = {"Secret": ("", "secrets")}
"""Kinds listed only as metadata (group, plural): their contents are never fetched."""
METADATA_ACCEPT = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"


class ReadOnlyViolation(Exception):
    """A request that would change a cluster or read what kubegap must not read; never sent."""


def _resource_parts(path: str) -> tuple[str, str, list[str]] | None:
    """``(group, plural, rest)`` for an API resource path; None for discovery and other paths."""
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 3 and parts[0] == "api":
        group, rest = "", parts[2:]
    elif len(parts) >= 4 and parts[0] == "apis":
        group, rest = parts[1], parts[3:]
    else:
        return None
    if len(rest) >= 3 and rest[0] == "namespaces":
        rest = rest[2:]
    return group, rest[0], rest[1:]


def _metadata_only(headers) -> bool:
    accept = (headers or {}).get("Accept", "") or ""
    forms = [m.replace(" ", "") for m in accept.split(",") if m.strip()]
    return bool(forms) and all("as=PartialObjectMetadata" in f and "g=meta.k8s.io" in f for f in forms)


def check_request(method: str, url: str, headers=None) -> None:
    """Raise :class:`ReadOnlyViolation` unless the request is a permitted read."""
    if method.upper() != "GET":
        raise ReadOnlyViolation(f"refused {method} {url}: kubegap only ever sends GET")
    path = urlsplit(url).path
    located = _resource_parts(path)
    if located is None:
        return
    group, plural, rest = located
    if plural == "proxy" or (len(rest) >= 2 and rest[1] in FORBIDDEN_SUBRESOURCES):
        raise ReadOnlyViolation(f"refused GET {path}: exec, attach, port-forward, proxy and log are never used")
    if (group, plural) in METADATA_ONLY_KINDS.values() and not _metadata_only(headers):
        raise ReadOnlyViolation(f"refused GET {path}: {plural} are read as metadata only, never with their data")


class ReadOnlyPoolManager:
    """Wraps a urllib3 pool manager; every way of sending a request goes through :func:`check_request`."""

    def __init__(self, inner):
        self._inner = inner

    def request(self, method, url, fields=None, headers=None, **kwargs):
        check_request(method, url, headers)
        return self._inner.request(method, url, fields=fields, headers=headers, **kwargs)

    def urlopen(self, method, url, redirect=True, **kwargs):
        check_request(method, url, kwargs.get("headers"))
        return self._inner.urlopen(method, url, redirect=redirect, **kwargs)

    def request_encode_url(self, method, url, fields=None, headers=None, **kwargs):
        check_request(method, url, headers)
        return self._inner.request_encode_url(method, url, fields=fields, headers=headers, **kwargs)

    def request_encode_body(self, method, url, fields=None, headers=None, **kwargs):
        check_request(method, url, headers)
        return self._inner.request_encode_body(method, url, fields=fields, headers=headers, **kwargs)

    def __getattr__(self, name: str):
        if name.startswith("connection_from"):
            raise ReadOnlyViolation(f"refused {name}: raw connection pools would bypass the read-only guard")
        return getattr(self._inner, name)


def guard(api_client) -> None:
    """Put the guard in front of an official-client ApiClient's pool manager (idempotent)."""
    rest = api_client.rest_client
    if not isinstance(rest.pool_manager, ReadOnlyPoolManager):
        rest.pool_manager = ReadOnlyPoolManager(rest.pool_manager)
