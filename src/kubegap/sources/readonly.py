"""The read-only guard: the one gate every request to a cluster passes, judged as it will be sent.

kubegap talks to clusters only through the urllib3 pool manager of the official Kubernetes client,
and :func:`guard` replaces that pool manager with :class:`ReadOnlyPoolManager`, through whose
``urlopen`` every way of sending a request passes (``request``, ``request_encode_url``,
``request_encode_body``, the client's own API classes). Redirects are never followed and raw
connection pools are never handed out, so nothing reaches the server that :class:`ReadPolicy` did
not judge. It judges the request target exactly as urllib3 will send it, not as it was written:

1. The URL is canonical: printable ASCII; a path of non-empty segments of letters, digits and
   ``-._~:``; no dot segments, ``//``, percent-encoding, backslash, fragment or credentials; a
   query of ``key=value`` pairs of letters, digits and ``-._~``; and urllib3's own parsing
   (``parse_url``, what ``PoolManager.urlopen`` does before sending) leaves it unchanged. The
   scheme, host and port are the configured server's, and the path starts with its path.
2. The method is GET, with no body.
3. The path, below the server's, is discovery (``/version``, ``/api``, ``/apis``, ``/api/V``,
   ``/apis/G/V``) with no query, or a collection or one object of it (``[/namespaces/NS]/PLURAL[/NAME]``
   under ``/api/V`` or ``/apis/G/V``), never a subresource (``exec``, ``attach``, ``portforward``,
   ``proxy``, ``log``, ``status``: none is ever requested). Group, version, namespace, resource
   and object name follow Kubernetes' naming rules (:mod:`kubegap.sources.names`), and the
   ``(group, resource)`` is one kubegap reads: the kind table (:data:`~kubegap.domain.kinds.KNOWN_KINDS`, with the older groups of `ALSO_SERVED_BY`)
   and what discovery said serves those kinds (:meth:`ReadPolicy.allow`).
4. Secrets are read only as metadata (``PartialObjectMetadata``), never with their data.
5. The query holds only the parameters of :data:`QUERY_VALUES`, each at most once, with values of
   their form.

Anything else raises :class:`ReadOnlyViolation` before a byte leaves the machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from urllib3._request_methods import RequestMethods
from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

from kubegap.domain.kinds import collections
from kubegap.printable import printable
from kubegap.sources.names import API_GROUP, API_VERSION, NAMESPACE, OBJECT_NAME, RESOURCE, NameRule

if TYPE_CHECKING:
    from kubernetes.client import ApiClient
    from urllib3 import BaseHTTPResponse, PoolManager
    from urllib3.util import Url

FORBIDDEN_SUBRESOURCES = frozenset({"exec", "attach", "portforward", "proxy", "log"})
NEVER_COLLECTIONS = FORBIDDEN_SUBRESOURCES | {"watch"}
"""Names that are never a collection kubegap reads: the legacy ``/api/v1/proxy`` and ``/api/v1/watch`` paths among them."""
METADATA_ONLY_KINDS = {"Secret": ("", "secrets")}
"""Kinds listed only as metadata (group, plural): their contents are never fetched."""
METADATA_ACCEPT = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"
MAX_CONTINUE_CHARS = 4096
"""A kube-apiserver continue token is the unpadded base64url of a small JSON object (the API version,
a resourceVersion and the etcd key of the last object: a group, resource, namespace and name, at most
about 650 bytes), so about 900 characters at most; four times that leaves room for other servers."""
QUERY_VALUES = {
    "limit": r"[0-9]{1,9}",
    "continue": rf"[A-Za-z0-9_-]{{1,{MAX_CONTINUE_CHARS}}}",
    "resourceVersion": r"[0-9]{1,20}",
    "resourceVersionMatch": r"NotOlderThan|Exact",
    "watch": r"true|false|1|0",
    "allowWatchBookmarks": r"true|false",
    "timeoutSeconds": r"[0-9]{1,9}",
}
"""The query parameters a read may carry, and the form of each value: paging, a resourceVersion, a watch."""
KNOWN_COLLECTIONS = collections()
_TARGET = re.compile(r"(?:/[A-Za-z0-9._~:-]+)+(?:\?[A-Za-z0-9._~=&-]+)?")
_DEFAULT_PORTS = {"http": 80, "https": 443}


class ReadOnlyViolation(Exception):
    """A request that would change a cluster or read what kubegap must not read; never sent."""


def _metadata_only(headers: Mapping[str, str] | None) -> bool:
    accept = (headers or {}).get("Accept", "") or ""
    forms = [m.replace(" ", "") for m in accept.split(",") if m.strip()]
    return bool(forms) and all("as=PartialObjectMetadata" in f and "g=meta.k8s.io" in f for f in forms)


def _parsed(url: str) -> Url | None:
    """The URL as urllib3 parses (and normalises) it before sending; None when it cannot."""
    try:
        return parse_url(url)
    except LocationParseError:
        return None


def _written_target(url: str) -> str:
    """The path and query as written in ``url`` (everything from the first '/' after ``scheme://``), before any normalisation."""
    _scheme, separator, rest = url.partition("://")
    return "/" + rest.partition("/")[2] if separator and "/" in rest else ""


def _origin(url: Url) -> tuple[str | None, str | None, int | None]:
    return url.scheme, url.host, url.port or _DEFAULT_PORTS.get(url.scheme or "")


class ReadPolicy:
    """What may be sent to one API server, ``server`` being its URL as configured (credentials removed)."""

    def __init__(self, server: str, collections: Iterable[tuple[str, str]] = KNOWN_COLLECTIONS):
        configured = _parsed(server)
        prefix = _written_target(server).rstrip("/")
        if (
            configured is None
            or configured.scheme not in _DEFAULT_PORTS
            or not configured.host
            or configured.auth
            or configured.query is not None
            or configured.fragment is not None
            or not _TARGET.fullmatch(prefix + "/api")
            or (configured.path or "").rstrip("/") != prefix
        ):
            raise ReadOnlyViolation(
                f"the server URL {printable(server, 200)!r} is not a plain http(s) URL of a host and a canonical path"
            )
        self.server = server.rstrip("/")
        self._origin = _origin(configured)
        self._prefix = prefix
        self._collections = set(collections)

    def allow(self, group: str, plural: str) -> None:
        """Let collections of ``(group, plural)`` be read: what discovery says serves a kind kubegap reads."""
        if (group and API_GROUP.problem(group)) or RESOURCE.problem(plural) or plural in NEVER_COLLECTIONS:
            raise ReadOnlyViolation(
                f"refused to read {printable(plural, 100)!r} in group {printable(group, 100)!r}: not a resource name"
            )
        self._collections.add((group, plural))

    def check(self, method: str, url: str, headers: Mapping[str, str] | None = None, body: object = None) -> None:
        """Raise :class:`ReadOnlyViolation` unless ``method url`` is a permitted read, as urllib3 will send it."""
        refusal = self._refusal(str(method), str(url), headers, body)
        if refusal:
            raise ReadOnlyViolation(f"refused {printable(str(method), 20)} {printable(str(url), 300)}: {refusal}")

    def _refusal(self, method: str, url: str, headers: Mapping[str, str] | None, body: object) -> str | None:
        if method.upper() != "GET":
            return "kubegap only ever sends GET"
        if body is not None:
            return "a read carries no body"
        target, sent = _written_target(url), _parsed(url)
        if not _TARGET.fullmatch(target) or sent is None or sent.request_uri != target:
            return (
                "not a canonical URL (no dot segments, '//', percent-encoding, backslashes, fragments, spaces, "
                "control or non-ASCII characters)"
            )
        if (
            _origin(sent) != self._origin
            or sent.auth is not None
            or not (sent.path or "").startswith(self._prefix + "/")
        ):
            return f"not the configured server {printable(self.server, 200)}"
        return self._path_refusal((sent.path or "")[len(self._prefix) :], sent.query or "", headers)

    def _path_refusal(self, path: str, query: str, headers: Mapping[str, str] | None) -> str | None:
        parts = path[1:].split("/")
        if any(part in (".", "..") for part in parts):
            return "dot segments are never sent"
        if (
            parts in (["version"], ["api"], ["apis"])
            or (parts[0] == "api" and len(parts) == 2)
            or (parts[0] == "apis" and len(parts) == 3)
        ):
            problem = _first_problem(
                (API_VERSION, parts[-1] if len(parts) > 1 else None), (API_GROUP, parts[1] if len(parts) == 3 else None)
            )
            return problem or ("discovery takes no query" if query else None)
        if parts[0] == "api" and len(parts) >= 3:
            group, version, rest = "", parts[1], parts[2:]
        elif parts[0] == "apis" and len(parts) >= 4:
            group, version, rest = parts[1], parts[2], parts[3:]
        else:
            return "not a path kubegap reads (discovery or a resource collection)"
        namespace = None
        if rest[0] == "namespaces" and len(rest) >= 3:
            namespace, rest = rest[1], rest[2:]
        plural, name = rest[0], rest[1] if len(rest) > 1 else None
        if plural in NEVER_COLLECTIONS:
            return f"{plural} is never requested"
        if len(rest) > 2:
            return f"subresources ({rest[2]}) are never requested"
        problem = _first_problem(
            (API_VERSION, version),
            (API_GROUP, group or None),
            (NAMESPACE, namespace),
            (RESOURCE, plural),
            (OBJECT_NAME, name),
        )
        if problem:
            return problem
        if (group, plural) not in self._collections:
            return f"{plural} ({group or 'core'}) is not a resource kubegap reads"
        if (group, plural) in METADATA_ONLY_KINDS.values() and not _metadata_only(headers):
            return f"{plural} are read as metadata only, never with their data"
        return _query_problem(query)


def _first_problem(*named: tuple[NameRule, str | None]) -> str | None:
    """The first of the ``(rule, name)`` pairs whose name breaks its rule, in words; None names are not checked."""
    for rule, value in named:
        if value is not None and (problem := rule.problem(value)):
            return problem
    return None


def _query_problem(query: str) -> str | None:
    seen = set()
    for pair in query.split("&") if query else ():
        key, separator, value = pair.partition("=")
        pattern = QUERY_VALUES.get(key)
        if pattern is None:
            return f"the query parameter {printable(key, 40)!r} is never sent"
        if not separator or key in seen or not re.fullmatch(pattern, value):
            return f"the query parameter {key} must appear once, as {key}={pattern}"
        seen.add(key)
    return None


class ReadOnlyPoolManager(RequestMethods):
    """Wraps a urllib3 pool manager: every request is judged by ``policy`` and sent without following redirects."""

    def __init__(self, inner: PoolManager, policy: ReadPolicy) -> None:
        super().__init__(headers=inner.headers)
        self._inner = inner
        self.policy = policy

    # The signature of the pool manager it stands in for (urllib3's PoolManager.urlopen, which narrows its base's
    # the same way): the official client passes everything else by keyword.
    def urlopen(  # type: ignore[override]
        self, method: str, url: str, redirect: bool = True, **kwargs: Any
    ) -> BaseHTTPResponse:
        self.policy.check(method, url, kwargs.get("headers"), kwargs.get("body"))
        return self._inner.urlopen(method, url, redirect=False, **kwargs)

    def clear(self) -> None:
        self._inner.clear()

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("connection_from"):
            raise ReadOnlyViolation(f"refused {name}: raw connection pools would bypass the read-only guard")
        raise AttributeError(name)


def guard(api_client: ApiClient) -> ReadPolicy:
    """Put the guard in front of an official-client ApiClient's pool manager (idempotent); its policy."""
    rest: Any = api_client.rest_client  # its pool manager is replaced by the guard, which is no PoolManager
    if not isinstance(rest.pool_manager, ReadOnlyPoolManager):
        rest.pool_manager = ReadOnlyPoolManager(rest.pool_manager, ReadPolicy(api_client.configuration.host))
    return rest.pool_manager.policy
