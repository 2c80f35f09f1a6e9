"""A protocol-faithful Kubernetes API server for tests, started by the tests on 127.0.0.1.

It speaks HTTPS with a CA generated at start-up and bearer-token auth, serves legacy discovery
(/api, /apis, /version, /api/v1, /apis/<group>/<version>), LIST (namespaced, across namespaces,
cluster-scoped) with limit/continue paging and 410 Gone on expired tokens, GET of one object, and
the Table and PartialObjectMetadata(List) forms when the Accept header asks for them (an empty
PartialObjectMetadataList with ``"items": null``, as kube-apiserver sends it). Faults are
injected per path: any Status code (with Retry-After for 429, or other headers), latency, a connection
dropped halfway through the body, a body trickled a byte at a time, or an answer of the test's choosing. Every request is logged (method,
request target as received, path, query, Accept, auth outcome, status, bytes answered), and the most
requests handled at once is kept. A list with ``resourceVersion=0`` is answered whole, ignoring
``limit``, as an API server answers it from its watch cache.

Objects are stored as the API stores them; list items are returned without kind/apiVersion, as
the real API does.
"""

from __future__ import annotations

import base64
import json
import ssl
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Self
from urllib.parse import parse_qs, unquote, urlsplit

import orjson

from support.certs import Authority

LEDGER: list[dict] = []
"""Every request any test server received in this process, for assertions across the test suite."""

EXPIRED_MESSAGE = (
    "The provided continue parameter is too old to display a consistent list result. You can start a new list "
    "without the continue parameter, or use the continue token in this response to retrieve the remainder of the "
    "results. Continuing with the provided token results in an inconsistent list - objects that were created, "
    "modified, or deleted between the time the first chunk was returned and now may show up in the list."
)
REASONS = {
    400: "BadRequest",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    405: "MethodNotAllowed",
    410: "Expired",
    429: "TooManyRequests",
    500: "InternalError",
    503: "ServiceUnavailable",
    504: "Timeout",
}
SUBRESOURCES = {
    "pods": ("log", "exec", "attach", "portforward", "proxy", "status"),
    "nodes": ("proxy", "status"),
    "services": ("proxy", "status"),
}


@dataclass(frozen=True)
class ResourceType:
    group: str
    version: str
    kind: str
    plural: str
    namespaced: bool
    short_names: tuple[str, ...] = ()
    verbs: tuple[str, ...] = ("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch")

    @property
    def group_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def singular(self) -> str:
        return self.kind.lower()


BUILTIN_TYPES = (
    ResourceType("", "v1", "Pod", "pods", True, ("po",)),
    ResourceType("", "v1", "Node", "nodes", False, ("no",)),
    ResourceType("", "v1", "Namespace", "namespaces", False, ("ns",)),
    ResourceType("", "v1", "ConfigMap", "configmaps", True, ("cm",)),
    ResourceType("", "v1", "Secret", "secrets", True),
    ResourceType("", "v1", "Service", "services", True, ("svc",)),
    ResourceType("", "v1", "ServiceAccount", "serviceaccounts", True, ("sa",)),
    ResourceType("", "v1", "PersistentVolume", "persistentvolumes", False, ("pv",)),
    ResourceType("", "v1", "PersistentVolumeClaim", "persistentvolumeclaims", True, ("pvc",)),
    ResourceType("", "v1", "Event", "events", True, ("ev",)),
    ResourceType("", "v1", "Binding", "bindings", True, verbs=("create",)),
    ResourceType("apps", "v1", "Deployment", "deployments", True, ("deploy",)),
    ResourceType("apps", "v1", "StatefulSet", "statefulsets", True, ("sts",)),
    ResourceType("apps", "v1", "DaemonSet", "daemonsets", True, ("ds",)),
    ResourceType("apps", "v1", "ReplicaSet", "replicasets", True, ("rs",)),
    ResourceType("batch", "v1", "Job", "jobs", True),
    ResourceType("batch", "v1", "CronJob", "cronjobs", True, ("cj",)),
    ResourceType("storage.k8s.io", "v1", "StorageClass", "storageclasses", False, ("sc",)),
    ResourceType("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", True, ("pdb",)),
    ResourceType("kubeflow.org", "v1", "PyTorchJob", "pytorchjobs", True),
    ResourceType("kubeflow.org", "v1", "MPIJob", "mpijobs", True),
)


@dataclass
class Fault:
    """What to do to requests for one path: a Status code, latency, or a dropped connection."""

    status: int | None = None
    message: str | None = None
    retry_after: int | None = None
    latency: float = 0.0
    drop: bool = False
    times: int | None = None
    """How many requests get the fault; None: all of them."""
    continued_only: bool = False
    """Only requests carrying a continue token (a list's later pages)."""
    body: object = None
    """An answer of the server's choosing instead of its own (JSON, or bytes as they are), sent with ``status`` or 200."""
    headers: dict | None = None
    """Headers to add to the answer (a redirect's Location, say)."""
    trickle: float = 0.0
    """Seconds between the bytes of the answer, sent one at a time: no read waits long, the answer never ends."""
    endless: bool = False
    """Every page of a list carries its objects and a fresh continue token (and no remainingItemCount): a
    list that never ends."""


def _status(code: int, message: str, reason: str | None = None, details: dict | None = None) -> dict:
    body = {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": reason or REASONS.get(code, ""),
        "code": code,
    }
    if details:
        body["details"] = details
    return body


@dataclass
class Credentials:
    ca_path: Path
    cert_path: Path
    key_path: Path


def make_credentials(directory: Path) -> Credentials:
    """A throwaway CA and a server certificate for 127.0.0.1 and localhost, signed by it."""
    authority = Authority(directory)
    cert_path, key_path = authority.issue("server", "kube-apiserver", server=True)
    return Credentials(authority.cert_path, cert_path, key_path)


@dataclass
class _Page:
    generation: int
    resource_version: int
    offset: int


class FakeAPIServer:
    """The server: a store of objects, RBAC denials, faults, and the request log."""

    def __init__(
        self,
        types: Iterable[ResourceType] = BUILTIN_TYPES,
        token: str = "test-token",
        user: str = "system:serviceaccount:kubegap:auditor",
    ):
        self.types = list(types)
        self.token = token
        self.user = user
        self.objects: dict[tuple[str, str], list[dict]] = {(t.group, t.plural): [] for t in self.types}
        self.denied: set[tuple[str, str, str | None]] = set()
        self.faults: dict[str, Fault] = {}
        self.latency = 0.0
        self.log: list[dict] = []
        self.in_flight = 0
        self.max_in_flight = 0
        """The most requests the server was handling at once (after authentication, before answering)."""
        self.version = {
            "major": "1",
            "minor": "31",
            "gitVersion": "v1.31.2",
            "gitCommit": "0" * 40,
            "gitTreeState": "clean",
            "buildDate": "2024-10-22T20:28:14Z",
            "goVersion": "go1.22.8",
            "compiler": "gc",
            "platform": "linux/amd64",
        }
        self._generation = 0
        self._resource_version = 1000
        self._lock = threading.Lock()
        self._tmp = tempfile.TemporaryDirectory(prefix="kubegap-apiserver-")
        self.credentials = make_credentials(Path(self._tmp.name))
        self._httpd: ThreadingHTTPServer | None = None

    # -- the store -------------------------------------------------------------------------------
    def type_of(self, kind: str) -> ResourceType:
        return next(t for t in self.types if t.kind == kind)

    def add(self, *objects: dict) -> None:
        """Store objects (they need kind and metadata.name; apiVersion defaults to the kind's)."""
        with self._lock:
            for obj in objects:
                rtype = self.type_of(obj["kind"])
                self._resource_version += 1
                stored = {"apiVersion": rtype.group_version, **obj}
                metadata = {
                    "uid": f"uid-{self._resource_version}",
                    "creationTimestamp": "2024-05-01T10:00:00Z",
                    **obj.get("metadata", {}),
                    "resourceVersion": str(self._resource_version),
                }
                if rtype.namespaced:
                    metadata.setdefault("namespace", "default")
                stored["metadata"] = metadata
                self.objects[(rtype.group, rtype.plural)].append(stored)

    def deny(self, plural: str, group: str = "", namespace: str | None = None) -> None:
        """RBAC: refuse list/get of ``plural`` at the cluster scope (namespace None) or in one namespace.

        As with a RoleBinding, a namespace stays readable when only the cluster scope is refused.
        """
        self.denied.add((group, plural, namespace))

    def expire_continue_tokens(self) -> None:
        """What etcd compaction does: every continue token handed out so far is now too old."""
        with self._lock:
            self._generation += 1

    def fault(self, path: str, **kwargs) -> Fault:
        self.faults[path] = Fault(**kwargs)
        return self.faults[path]

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> FakeAPIServer:
        handler = type("Handler", (_Handler,), {"server_state": self})
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.credentials.cert_path, self.credentials.key_path)
        self._httpd.socket = context.wrap_socket(self._httpd.socket, server_side=True)
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        self._tmp.cleanup()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._httpd is not None, "start() the server first"
        return f"https://127.0.0.1:{self._httpd.server_address[1]}"

    def kubeconfig(
        self, path: Path, *, context: str = "test", token: str | None = None, namespace: str | None = None
    ) -> Path:
        """Write a kubeconfig for this server (the CA by file, the token inline)."""
        ctx = {"cluster": context, "user": context}
        if namespace:
            ctx["namespace"] = namespace
        config = {
            "apiVersion": "v1",
            "kind": "Config",
            "current-context": context,
            "clusters": [
                {
                    "name": context,
                    "cluster": {"server": self.url, "certificate-authority": str(self.credentials.ca_path)},
                }
            ],
            "users": [{"name": context, "user": {"token": token or self.token}}],
            "contexts": [{"name": context, "context": ctx}],
        }
        path.write_bytes(orjson.dumps(config))
        return path

    # -- responses -------------------------------------------------------------------------------
    def next_resource_version(self) -> int:
        return self._resource_version

    def page_token(self, offset: int, resource_version: int) -> str:
        raw = orjson.dumps({"g": self._generation, "rv": resource_version, "o": offset})
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def read_token(self, token: str) -> _Page | None:
        try:
            data = orjson.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
            page = _Page(int(data["g"]), int(data["rv"]), int(data["o"]))
        except (ValueError, KeyError, TypeError):
            return None
        return page

    def token_expired(self, page: _Page) -> bool:
        return page.generation != self._generation

    def forbidden(self, verb: str, rtype: ResourceType, namespace: str | None) -> dict | None:
        if (rtype.group, rtype.plural, namespace) not in self.denied:
            return None
        scope = f'in the namespace "{namespace}"' if namespace else "at the cluster scope"
        message = (
            f'{rtype.plural} is forbidden: User "{self.user}" cannot {verb} resource "{rtype.plural}" '
            f'in API group "{rtype.group}" {scope}'
        )
        return _status(403, message, details={"kind": rtype.plural, **({"group": rtype.group} if rtype.group else {})})

    def discovery(self, path: str) -> dict | None:
        if path == "/version":
            return self.version
        if path == "/api":
            return {
                "kind": "APIVersions",
                "versions": ["v1"],
                "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1:6443"}],
            }
        if path == "/apis":
            groups: dict[str, list[str]] = {}
            for t in self.types:
                if t.group and t.version not in groups.setdefault(t.group, []):
                    groups[t.group].append(t.version)
            return {
                "kind": "APIGroupList",
                "apiVersion": "v1",
                "groups": [
                    {
                        "name": g,
                        "versions": [{"groupVersion": f"{g}/{v}", "version": v} for v in vs],
                        "preferredVersion": {"groupVersion": f"{g}/{vs[0]}", "version": vs[0]},
                    }
                    for g, vs in groups.items()
                ],
            }
        if path.startswith("/apis/") and path.count("/") == 2:
            group = path.split("/")[2]
            versions = [t.version for t in self.types if t.group == group]
            if not versions:
                return None
            return {
                "kind": "APIGroup",
                "apiVersion": "v1",
                "name": group,
                "versions": [{"groupVersion": f"{group}/{v}", "version": v} for v in dict.fromkeys(versions)],
                "preferredVersion": {"groupVersion": f"{group}/{versions[0]}", "version": versions[0]},
            }
        group_version = path.removeprefix("/api/") if path.startswith("/api/") else path.removeprefix("/apis/")
        served = [t for t in self.types if t.group_version == group_version]
        if not served or path.count("/") != (2 if path.startswith("/api/") else 3):
            return None
        resources = []
        for t in served:
            entry = {
                "name": t.plural,
                "singularName": t.singular,
                "namespaced": t.namespaced,
                "kind": t.kind,
                "verbs": list(t.verbs),
            }
            if t.short_names:
                entry["shortNames"] = list(t.short_names)
            resources.append(entry)
            for sub in SUBRESOURCES.get(t.plural, ()) if not t.group else ():
                verbs = (
                    ["get", "patch", "update"] if sub == "status" else (["get"] if sub == "log" else ["create", "get"])
                )
                resources.append(
                    {
                        "name": f"{t.plural}/{sub}",
                        "singularName": "",
                        "namespaced": t.namespaced,
                        "kind": t.kind if sub == "status" else "PodProxyOptions",
                        "verbs": verbs,
                    }
                )
        return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": group_version, "resources": resources}


def _wants(accept: str) -> str:
    """'table', 'metadata' or 'json': the first form in the Accept header this server can give."""
    for media in accept.split(","):
        parts = [p.strip() for p in media.split(";")]
        params = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
        if parts[0] not in ("application/json", "*/*"):
            continue
        if params.get("as") == "Table" and params.get("g") == "meta.k8s.io":
            return "table"
        if (
            params.get("as") in ("PartialObjectMetadataList", "PartialObjectMetadata")
            and params.get("g") == "meta.k8s.io"
        ):
            return "metadata"
        if "as" not in params:
            return "json"
    return "json"


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """Clients that give up (timeouts, dropped connections) are part of the tests, not errors."""


class _Handler(BaseHTTPRequestHandler):
    server_state: FakeAPIServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args) -> None:
        return

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def do_PUT(self) -> None:
        self._handle()

    def do_PATCH(self) -> None:
        self._handle()

    def do_DELETE(self) -> None:
        self._handle()

    def _handle(self) -> None:
        state = self.server_state
        split = urlsplit(self.path)
        path = split.path.rstrip("/") or "/"
        query = {k: v[-1] for k, v in parse_qs(split.query).items()}
        scheme, _, credential = self.headers.get("Authorization", "").strip().partition(" ")
        entry = {
            "method": self.command,
            "target": self.path,
            "path": path,
            "query": query,
            "accept": self.headers.get("Accept", ""),
            "authorized": scheme.lower() == "bearer" and credential.strip() == state.token,
            "user_agent": self.headers.get("User-Agent", ""),
            "time": time.time(),
        }
        with state._lock:
            state.log.append(entry)
            LEDGER.append(entry)
            state.in_flight += 1
            state.max_in_flight = max(state.max_in_flight, state.in_flight)
        self._entry = entry
        try:
            self._answer(state, path, query, entry)
        finally:
            with state._lock:
                state.in_flight -= 1

    def _answer(self, state, path: str, query: dict, entry: dict) -> None:
        if self.headers.get("Content-Length"):
            self.rfile.read(int(self.headers["Content-Length"]))
        fault = state.faults.get(path)
        if fault is not None and fault.continued_only and "continue" not in query:
            fault = None
        if fault is not None and fault.times is not None:
            with state._lock:
                if fault.times <= 0:
                    fault = None
                else:
                    fault.times -= 1
        delay = state.latency + (fault.latency if fault else 0.0)
        if delay:
            time.sleep(delay)
        if not entry["authorized"]:
            return self._send(401, _status(401, "Unauthorized"))
        if fault is not None and fault.body is not None:
            return self._send(fault.status or 200, fault.body, fault.headers)
        if fault is not None and fault.status:
            headers = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
            headers.update(fault.headers or {})
            details = {"retryAfterSeconds": fault.retry_after} if fault.retry_after is not None else None
            message = fault.message or {
                410: EXPIRED_MESSAGE,
                429: "Too many requests, please try again later.",
                500: "Internal error occurred: injected",
            }.get(fault.status, "injected fault")
            return self._send(fault.status, _status(fault.status, message, details=details), headers)
        if self.command != "GET":
            return self._send(405, _status(405, "the server does not allow this method on the requested resource"))
        body = state.discovery(path)
        if body is None:
            body = self._resource(path, query, _wants(entry["accept"]), endless=bool(fault and fault.endless))
            if isinstance(body, tuple):
                return self._send(*body)
        if body is None:
            return self._send(404, b"404 page not found\n", content_type="text/plain; charset=utf-8")
        self._send(200, body, drop=bool(fault and fault.drop), trickle=fault.trickle if fault else 0.0)

    def _locate(self, path: str) -> tuple[ResourceType, str | None, str | None, str | None] | None:
        """``(type, namespace, name, subresource)`` for a resource path, or None."""
        parts = path.strip("/").split("/")
        if parts[0] == "api" and len(parts) >= 3:
            group, version, rest = "", parts[1], parts[2:]
        elif parts[0] == "apis" and len(parts) >= 4:
            group, version, rest = parts[1], parts[2], parts[3:]
        else:
            return None
        namespace = None
        if len(rest) >= 3 and rest[0] == "namespaces":
            namespace, rest = rest[1], rest[2:]
        for t in self.server_state.types:
            if t.group == group and t.version == version and t.plural == rest[0]:
                if namespace and not t.namespaced:
                    return None
                return t, namespace, rest[1] if len(rest) > 1 else None, rest[2] if len(rest) > 2 else None
        return None

    def _resource(self, path: str, query: dict, form: str, endless: bool = False):
        state = self.server_state
        located = self._locate(path)
        if located is None:
            return None
        rtype, namespace, obj_name, sub = located
        if sub is not None:
            return 404, _status(404, "the server could not find the requested resource")
        denied = state.forbidden("get" if obj_name else "list", rtype, namespace)
        if denied:
            return 403, denied
        with state._lock:
            items = [
                o
                for o in state.objects[(rtype.group, rtype.plural)]
                if namespace is None or o["metadata"].get("namespace") == namespace
            ]
            resource_version = state.next_resource_version()
        if obj_name is not None:
            found = next((o for o in items if o["metadata"]["name"] == obj_name), None)
            if found is None:
                return 404, _status(
                    404, f'{rtype.plural} "{obj_name}" not found', details={"name": obj_name, "kind": rtype.plural}
                )
            return _metadata_only(found) if form == "metadata" else found
        offset = 0
        if query.get("continue"):
            page = state.read_token(query["continue"])
            if page is None:
                return 400, _status(400, "continue key is not valid: illegal base64 data", reason="BadRequest")
            if state.token_expired(page):
                return 410, _status(410, EXPIRED_MESSAGE, reason="Expired")
            offset, resource_version = page.offset, page.resource_version
            items = [
                o for o in items if int(o["metadata"]["resourceVersion"]) <= resource_version
            ]  # the list's snapshot
        limit = int(query["limit"]) if query.get("limit", "").isdigit() and int(query["limit"]) > 0 else None
        if query.get("resourceVersion") == "0" and not query.get("continue"):
            limit = None  # served from the watch cache: any recent state, the whole list in one answer
        chunk = items[offset : offset + limit] if limit else items[offset:]
        metadata = {"resourceVersion": str(resource_version)}
        if limit and offset + limit < len(items):
            metadata["continue"] = state.page_token(offset + limit, resource_version)
            metadata["remainingItemCount"] = len(items) - offset - limit
        if endless:  # a fresh token on every page, and no remainingItemCount to hold it to
            chunk, metadata["continue"] = items[:limit], state.page_token(offset + 1, resource_version)
            metadata.pop("remainingItemCount", None)
        if form == "table":
            return _table(chunk, metadata)
        if form == "metadata":
            # kube-apiserver builds this list by appending to a nil slice: an empty one is "items": null
            return {
                "kind": "PartialObjectMetadataList",
                "apiVersion": "meta.k8s.io/v1",
                "metadata": metadata,
                "items": [_metadata_only(o) for o in chunk] or None,
            }
        bare = [{k: v for k, v in o.items() if k not in ("kind", "apiVersion")} for o in chunk]
        return {"kind": f"{rtype.kind}List", "apiVersion": rtype.group_version, "metadata": metadata, "items": bare}

    def _send(
        self,
        code: int,
        body,
        headers: dict | None = None,
        *,
        content_type: str = "application/json",
        drop: bool = False,
        trickle: float = 0.0,
    ) -> None:
        raw = body if isinstance(body, bytes) else orjson.dumps(body)
        self._entry["status"], self._entry["bytes"] = code, len(raw)
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(raw)))
        self.send_header("Audit-Id", f"audit-{time.monotonic_ns()}")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if drop:
            self.wfile.write(raw[: len(raw) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.close()
            return
        if trickle:
            for byte in raw:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(trickle)
            return
        self.wfile.write(raw)


def _metadata_only(obj: dict) -> dict:
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": obj["metadata"]}


def _table(items: list[dict], metadata: dict) -> dict:
    return {
        "kind": "Table",
        "apiVersion": "meta.k8s.io/v1",
        "metadata": metadata,
        "columnDefinitions": [
            {
                "name": "Name",
                "type": "string",
                "format": "name",
                "description": "Name must be unique within a namespace.",
                "priority": 0,
            },
            {
                "name": "Created At",
                "type": "date",
                "format": "",
                "description": "CreationTimestamp of the object.",
                "priority": 0,
            },
        ],
        "rows": [
            {"cells": [o["metadata"]["name"], o["metadata"].get("creationTimestamp")], "object": _metadata_only(o)}
            for o in items
        ],
    }


STREAMS_AND_PROXIES = frozenset({"exec", "attach", "portforward", "proxy", "log"})


def received_path(target: str) -> list[str]:
    """The path segments a Kubernetes API server acts on for a request target as received: percent-decoded
    (repeatedly, so double encoding counts too), backslashes taken as slashes, dot segments resolved."""
    path = target.split("?", 1)[0].split("#", 1)[0]
    while (decoded := unquote(path)) != path:
        path = decoded
    parts: list[str] = []
    for part in path.replace("\\", "/").split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part not in ("", "."):
            parts.append(part)
    return parts


def _resource_segments(parts: list[str]) -> list[str]:
    """``[plural, name, subresource...]`` of an API path's segments (namespace removed); [] for other paths."""
    rest = parts[2:] if parts[:1] == ["api"] else parts[3:] if parts[:1] == ["apis"] else []
    return rest[2:] if rest[:1] == ["namespaces"] and len(rest) >= 3 else rest


def unsafe_requests(log: list[dict]) -> list[str]:
    """What in a request log was not a plain read: another method, a stream or proxy subresource (or the
    legacy /api/v1/proxy paths), a Secret read with its data, however the path was spelt."""
    unsafe = []
    for entry in log:
        target = entry.get("target", entry["path"])
        rest = _resource_segments(received_path(target))
        streams = rest[:1] == ["proxy"] or bool(STREAMS_AND_PROXIES.intersection(rest[2:3]))
        metadata = all("as=PartialObjectMetadata" in media for media in entry["accept"].split(","))
        if entry["method"] != "GET" or streams or (rest[:1] == ["secrets"] and not metadata):
            unsafe.append(f"{entry['method']} {target} (Accept: {entry['accept']})")
    return unsafe


def raw_get(server, path: str, *, token: str | None = "default", accept: str = "application/json"):
    """(status, headers, parsed body) for one GET with the standard library, verifying the CA."""
    context = ssl.create_default_context(cafile=str(server.credentials.ca_path))
    headers = {"Accept": accept}
    if token:
        headers["Authorization"] = f"Bearer {server.token if token == 'default' else token}"
    request = urllib.request.Request(server.url + path, headers=headers)
    try:
        with urllib.request.urlopen(request, context=context, timeout=10) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as exc:
        body = exc.read()
        return exc.code, dict(exc.headers), json.loads(body) if body.startswith(b"{") else body.decode()
