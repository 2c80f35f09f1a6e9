"""Connecting to a cluster with the official Kubernetes client's configuration loading.

Kubeconfig files (contexts, exec plugins, client certificates, tokens, CA bundles, proxies) and
in-cluster service-account configuration are loaded by the ``kubernetes`` package itself, imported
here lazily. Requests go through the client's urllib3 pool manager, behind the read-only guard;
their bodies are parsed with orjson rather than the client's model classes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import orjson

from kubegap.errors import UserError
from kubegap.printable import printable, quoted
from kubegap.sources.names import CONTEXT

if TYPE_CHECKING:
    from urllib3 import BaseHTTPResponse

    from kubegap.sources.readonly import ReadPolicy

CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 60.0
MAX_ANSWER_BYTES = 1024**3
"""Largest answer read: 1 GiB. A page holds 500 objects, and etcd stores none over 1.5 MiB, so the
largest page a real cluster can send is about 750 MiB, of ConfigMaps filled to the limit."""
MAX_SERVER_TEXT_CHARS = 500
"""Longest text from an API server (a Status message, an HTTP reason, a transport error) kept in an
error, on stderr or in a report; control characters in it are escaped. The longest message
kube-apiserver writes for a read, the 410 answer to an expired continue token, is 480 characters."""


class ApiError(Exception):
    """A non-2xx answer: the HTTP status, the Status object's reason and message (escaped and bounded), Retry-After."""

    def __init__(self, status: int, reason: str, message: str, retry_after: float | None = None):
        reason, message = printable(reason, 100), printable(message, MAX_SERVER_TEXT_CHARS)
        super().__init__(f"{status} {reason}: {message}" if message else f"{status} {reason}")
        self.status = status
        self.reason = reason
        self.message = message
        self.retry_after = retry_after


class TransportError(Exception):
    """The connection failed, timed out or was cut off mid-response (what was said escaped and bounded)."""

    def __init__(self, message: str):
        super().__init__(printable(message, MAX_SERVER_TEXT_CHARS))


def _retry_after(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return None


@dataclass
class Connection:
    """One cluster: where it is, what the context is called, and a guarded pool manager."""

    api_client: Any
    """The official client's ``ApiClient`` (the kubernetes package is untyped, and imported only to connect)."""
    host: str
    """The server's URL, without any user or password the kubeconfig wrote into it."""
    context: str | None
    policy: ReadPolicy
    """What the read-only guard lets through to this server."""
    request_timeout: float = READ_TIMEOUT
    """Seconds to wait for an answer (kubectl's --request-timeout)."""

    def get(
        self,
        path: str,
        query: dict | None = None,
        accept: str = "application/json",
        timeout: float | None = None,
        parse: Callable[[bytes], Any] = orjson.loads,
    ) -> Any:
        """GET ``path`` and return its JSON body as ``parse`` reads it from the bytes; raise ApiError or TransportError.

        ``timeout`` shortens the request timeout (to what is left of a deadline), never lengthens it.
        """
        import urllib3

        url = self.host.rstrip("/") + path + (f"?{urlencode(query)}" if query else "")
        headers = {"Accept": accept, "User-Agent": "kubegap"}
        configuration = self.api_client.configuration
        wait = self.request_timeout if timeout is None else max(0.001, min(timeout, self.request_timeout))
        for auth in configuration.auth_settings().values():  # runs the client's token refresh hooks
            if auth.get("in") == "header" and auth.get("value"):
                headers[auth["key"]] = auth["value"]
        try:
            response = self.api_client.rest_client.pool_manager.request(
                "GET",
                url,
                headers=headers,
                retries=False,
                preload_content=False,
                timeout=urllib3.Timeout(connect=min(CONNECT_TIMEOUT, wait), read=wait),
            )
            try:
                data = _body(response, path, time.monotonic() + wait)
            except BaseException:
                response.close()  # bytes left unread: the connection is not used again
                raise
            finally:
                response.release_conn()
        except urllib3.exceptions.SSLError as exc:
            raise UserError(f"{self.host}: TLS failed: {printable(str(exc), MAX_SERVER_TEXT_CHARS)}") from None
        except urllib3.exceptions.HTTPError as exc:
            raise TransportError(f"{type(exc).__name__}: {exc}") from None
        if not 200 <= response.status < 300:
            raise _api_error(response, data)
        try:
            return parse(data)
        except orjson.JSONDecodeError:
            raise TransportError(f"GET {path}: the answer is not JSON") from None

    def close(self) -> None:
        self.api_client.rest_client.pool_manager.clear()


def _body(response: BaseHTTPResponse, path: str, until: float) -> bytes:
    """The answer's bytes, as they arrive (at most a megabyte a read): at most :data:`MAX_ANSWER_BYTES`
    (decompressed), and by ``until`` (the read timeout bounds each wait for bytes; a server that trickles
    them is bounded here)."""
    chunks, size = [], 0
    while chunk := response.read1(1024**2):
        size += len(chunk)
        if size > MAX_ANSWER_BYTES:
            raise TransportError(f"GET {path}: the answer is over the {MAX_ANSWER_BYTES:,}-byte limit")
        if time.monotonic() > until:
            raise TransportError(f"GET {path}: the answer was still arriving when the request timed out")
        chunks.append(chunk)
    return b"".join(chunks)


def _api_error(response: BaseHTTPResponse, data: bytes) -> ApiError:
    reason, message = response.reason or "", ""
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError:
        body = None
    if isinstance(body, dict) and body.get("kind") == "Status":
        reason = str(body.get("reason") or reason)
        message = str(body.get("message") or "")
    return ApiError(response.status, reason, message, _retry_after(response.headers.get("Retry-After")))


def in_cluster() -> bool:
    return (
        bool(os.environ.get("KUBERNETES_SERVICE_HOST"))
        and Path("/var/run/secrets/kubernetes.io/serviceaccount/token").exists()
    )


def connect(
    kubeconfig: str | None = None,
    context: str | None = None,
    *,
    use_in_cluster: bool = False,
    workers: int = 4,
    request_timeout: float | None = None,
) -> Connection:
    """A guarded connection for a kubeconfig context (the current one by default) or in-cluster."""
    from kubernetes import client, config

    from kubegap.sources.kubeconfig import check_files, default_path, described, loading
    from kubegap.sources.readonly import ReadOnlyViolation, guard

    configuration = client.Configuration()
    name = context
    if use_in_cluster:
        with loading("the in-cluster service account"):
            config.load_incluster_config(client_configuration=configuration)
        name = name or "in-cluster"
    else:
        path = default_path(kubeconfig)
        if os.pathsep not in path and not Path(path).expanduser().exists():
            if kubeconfig is None and context is None and in_cluster():
                return connect(use_in_cluster=True, workers=workers, request_timeout=request_timeout)
            raise UserError(f"no kubeconfig at {path}: give --kubeconfig, PATHS to audit files, or --demo")
        check_files(path)
        with loading(described(path)):
            if name is None:
                _, current = config.list_kube_config_contexts(path)
                name = current.get("name") if isinstance(current, dict) else None
            config.load_kube_config(
                config_file=path, context=context, client_configuration=configuration, persist_config=False
            )
        if name is not None:
            CONTEXT.require(name, "the kubeconfig's current context")
    configuration.host = without_credentials(configuration.host)
    configuration.connection_pool_maxsize = max(workers, 4)
    configuration.retries = False
    api_client = client.ApiClient(configuration)
    try:
        policy = guard(api_client)
    except ReadOnlyViolation as exc:
        raise UserError(f"cannot use cluster {quoted(str(name or 'configuration'))}: {exc}") from None
    return Connection(
        api_client, configuration.host, name, policy, READ_TIMEOUT if request_timeout is None else request_timeout
    )


def without_credentials(server: str) -> str:
    """``server`` without the ``user:password@`` a kubeconfig may write into it: the official Python client
    never sends them, and kubegap never prints them."""
    scheme, separator, rest = server.partition("://")
    authority, slash, tail = rest.partition("/")
    return scheme + separator + authority.rpartition("@")[2] + slash + tail
