"""The live source: collect, read-only, the kinds the checks read from a running cluster.

Discovery says which of those kinds the cluster serves; each is then listed in pages
(``limit``/``continue``) by a bounded pool of workers. A list whose continue token expired
(410 Gone) starts again; 429 waits as long as Retry-After says; 5xx answers and broken connections
are retried with a bounded exponential backoff; every request has a timeout, and the whole
collection a deadline: no request starts, and no wait lasts, past it. A kind the
credentials may not list is recorded as forbidden with the RBAC rule that would allow it, a kind
the cluster does not serve as absent, and a kind that kept failing as failed: the coverage of
the audit says so. An answer that is not a list object, or a list that would not end
(:data:`MAX_LIST_PAGES`, :class:`_Pages`), fails its kind too: a partial view is never taken for an
empty one. Objects are redacted as they arrive (:mod:`kubegap.sources.redact`).

Gentle on the API server:

- At most ``--concurrency`` requests are in flight at once (default 4).
- A 429 answer (a rate limiter, or API Priority and Fairness rejecting the request) pauses every
  worker, not only the one that was told: no request is sent until the Retry-After has passed. A
  wait longer than what is left of the deadline fails that request alone.
- Lists are paged (500 objects a page) and sent without a resourceVersion, so each page is a
  consistent read: API servers with consistent reads from cache (KEP-2340) serve it from their watch
  cache, older ones from etcd, one bounded page at a time. The few cluster-scoped kinds whose size does
  not grow with the workloads (:data:`CACHE_SERVED_KINDS`) are read with ``resourceVersion=0``, which
  every API server with a watch cache serves from it in one answer.
- Kinds the checks only count are listed as metadata (``PartialObjectMetadataList``).
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, ThreadPoolExecutor, as_completed
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol, Self

import orjson

from kubegap.allocation import bulk_allocation
from kubegap.domain.collection import Collection
from kubegap.domain.kinds import KNOWN_KINDS, rule_text
from kubegap.domain.resources import as_dict
from kubegap.errors import UserError
from kubegap.printable import printable
from kubegap.sources.compact import Compactor
from kubegap.sources.discovery import APIResource, Discovery, discover
from kubegap.sources.jsonslices import parse_in_slices
from kubegap.sources.kubeclient import ApiError, Connection, TransportError
from kubegap.sources.pacing import DEADLINE, MAX_WORKERS, WORKERS
from kubegap.sources.readonly import (
    MAX_CONTINUE_CHARS,
    METADATA_ACCEPT,
    METADATA_ONLY_KINDS,
    QUERY_VALUES,
    ReadOnlyViolation,
)
from kubegap.sources.redact import redact

PAGE_SIZE = 500
CACHE_SERVED_KINDS = frozenset(
    {
        "Namespace",
        "StorageClass",
        "CSIDriver",
        "PriorityClass",
        "ValidatingWebhookConfiguration",
        "MutatingWebhookConfiguration",
        "APIService",
        "BGPConfiguration",
        "MachineConfigPool",
        "Plan",
    }
)
"""Cluster-scoped kinds whose size does not grow with the workloads: read whole from the watch cache."""
LONGEST_LISTS = frozenset({"Pod", "Event"})
"""Kinds whose lists are a cluster's longest: started first, as their pages come one after another."""


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    """Tries for 5xx answers and broken connections."""
    backoff: float = 0.25
    max_backoff: float = 4.0
    throttled: int = 10
    """Tries for 429 answers, each after the Retry-After the server asked for."""
    max_retry_after: float = 30.0
    restarts: int = 3
    """Fresh starts of one list after its continue token expired (410)."""


class DeadlineExceeded(TransportError):
    """The collection's deadline passed (or would pass during a wait) before a request could be made."""


class Deadline:
    """The moment a collection must be over by; ``seconds=None``: no limit."""

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.monotonic):
        self.seconds = seconds
        self.clock = clock
        self.end = None if seconds is None else clock() + seconds

    def remaining(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - self.clock())

    def allows(self, wait: float) -> bool:
        remaining = self.remaining()
        return remaining is None or wait < remaining

    def exceeded(self, what: str) -> DeadlineExceeded:
        return DeadlineExceeded(f"the {self.seconds:g} s collection deadline ended before {what}")


class Throttle:
    """The API server's requests to slow down, shared by every worker of one collection.

    A 429 answer comes from a rate limiter or from API Priority and Fairness, which judge the client's
    flow, not one request: so when one worker is told to wait, none sends another before the wait is over.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._until = 0.0
        self._lock = threading.Lock()
        self.times = 0
        self.seconds = 0.0

    def hold(self, seconds: float) -> None:
        with self._lock:
            self.times += 1
            self.seconds += seconds
            self._until = max(self._until, self.clock() + seconds)

    def pending(self) -> float:
        with self._lock:
            return max(0.0, self._until - self.clock())


class Retrying:
    """Calls ``connection.get`` under a retry policy and a deadline; ``sleep`` is injectable for tests."""

    def __init__(
        self,
        connection: Connection,
        policy: RetryPolicy = RetryPolicy(),
        sleep: Callable[[float], None] = time.sleep,
        deadline: Deadline | None = None,
        throttle: Throttle | None = None,
    ):
        self.connection = connection
        self.policy = policy
        self.sleep = sleep
        self.deadline = deadline or Deadline(None)
        self.throttle = throttle or Throttle(self.deadline.clock)

    def _wait(self, seconds: float, path: str) -> None:
        if not self.deadline.allows(seconds):
            raise self.deadline.exceeded(f"GET {path} could be tried again (in {seconds:.1f} s)")
        self.sleep(seconds)

    def get(
        self,
        path: str,
        query: dict | None = None,
        accept: str = "application/json",
        parse: Callable[[bytes], Any] = orjson.loads,
    ) -> Any:
        failures = throttles = 0
        while True:
            paused = self.throttle.pending()
            if paused:
                self._wait(paused, path)
            remaining = self.deadline.remaining()
            if remaining == 0:
                raise self.deadline.exceeded(f"GET {path}")
            try:
                return self.connection.get(path, query, accept, remaining, parse)
            except ApiError as exc:
                if exc.status == 401:
                    raise UserError(
                        f"{self.connection.host}: the credentials were rejected (401 Unauthorized); "
                        "if they were a token, it may have expired: renew it and run again"
                    ) from None
                if exc.status == 429 and throttles + 1 < self.policy.throttled:
                    throttles += 1
                    wait = min(exc.retry_after if exc.retry_after is not None else 1.0, self.policy.max_retry_after)
                    if not self.deadline.allows(wait):  # this request cannot be retried in time: it alone gives up
                        raise self.deadline.exceeded(f"GET {path} could be tried again (in {wait:.1f} s)")
                    self.throttle.hold(wait)
                    continue
                if exc.status < 500 or failures + 1 >= self.policy.attempts:
                    raise
            except TransportError:
                if failures + 1 >= self.policy.attempts:
                    raise
            delay = min(self.policy.backoff * 2**failures, self.policy.max_backoff)
            failures += 1
            self._wait(delay * (0.5 + random.random() / 2), path)


MAX_LIST_PAGES = 1_000
"""Pages of one list read before it is cut off as failed: 500,000 objects of one kind at 500 a page.

A real API server pages through a fixed snapshot, so a list ends. Kubernetes supports 150,000 pods in
one cluster, and the highest count a check compares against is 100,000 Events (``etcd-object-pressure``):
a cluster with three times those pods, or five times those Events, is still read whole. A server that
hands out continue tokens forever is cut off here, not at the deadline; one that says how many objects
remain (``remainingItemCount``, which kube-apiserver sends) is held to it, with room for an estimate
twice too low."""


class UnusableList(Exception):
    """An answer to a list that cannot be taken for what the kind holds: not a list object, items that are
    not objects, or continue tokens that would never end. The kind failed; it is not retried."""


@dataclass
class _Pages:
    """One attempt at one list: pages asked for, continue tokens seen, and whether it was given up."""

    count: int = 0
    allowed: int = field(default_factory=lambda: MAX_LIST_PAGES)
    tokens: set = field(default_factory=set)
    stopped: bool = False

    def follows(self, metadata: dict) -> str | None:
        """Why the continue token of a page's ``metadata`` must not be followed, or None (then it is remembered)."""
        token, remaining = metadata.get("continue"), metadata.get("remainingItemCount")
        if not isinstance(token, str) or not re.fullmatch(QUERY_VALUES["continue"], token):
            return f"the continue token is not a base64url token of at most {MAX_CONTINUE_CHARS:,} characters"
        if token in self.tokens:
            return "the server handed out the same continue token twice: the list would never end"
        if isinstance(remaining, int) and not isinstance(remaining, bool) and remaining >= 0:
            self.allowed = min(self.allowed, self.count + 2 * -(-remaining // PAGE_SIZE) + 1)
        if self.count >= self.allowed:
            return f"cut off after {self.count:,} pages of {PAGE_SIZE} objects: " + (
                f"no kind in a real cluster holds {MAX_LIST_PAGES * PAGE_SIZE:,} objects"
                if self.allowed == MAX_LIST_PAGES
                else "the list went on past the objects the server said remained"
            )
        self.tokens.add(token)
        return None


def list_pages(
    client: Retrying,
    path: str,
    accept: str,
    convert: Callable[[list], None],
    policy: RetryPolicy,
    ahead: Executor,
    from_cache: bool = False,
) -> list:
    """Every item of one list, page by page, restarting the list from nothing when its continue token
    expired. Each page's items are ``convert``-ed (in place) as they are parsed (:func:`read_page`), so
    what is held is the kept form of the pages read so far plus the answers being read, never the
    whole list as the server sent it.

    ``from_cache`` asks for ``resourceVersion=0``: any state the watch cache holds, in one answer.
    """
    restarts = 0
    while True:
        items: list = []
        pages = _Pages()
        try:
            query = {"limit": PAGE_SIZE, **({"resourceVersion": "0"} if from_cache else {})}
            page = read_page(client, path, query, accept, convert, ahead, pages)
            while True:
                kept, following = page
                items.extend(kept)
                if following is None:
                    return items
                page = following.result()
        except ApiError as exc:
            pages.stopped = True
            if exc.status != 410 or restarts >= policy.restarts:
                raise
            restarts += 1
        except BaseException:
            pages.stopped = True  # a page asked for ahead sends nothing more
            raise


def read_page(
    client: Retrying,
    path: str,
    query: dict,
    accept: str,
    convert: Callable[[list], None],
    ahead: Executor,
    pages: _Pages,
) -> tuple[list, Future | None]:
    """One page of a list: its objects, and the next page on its way (None after the last).

    The next page is asked for in ``ahead`` as soon as this answer's continue token is read, before
    its items are: the server serves it while this one is parsed and converted, and a list still has
    one request in flight at a time. The items are parsed a slice of a few kilobytes at a time
    (:func:`~kubegap.sources.jsonslices.parse_in_slices`) and converted as each slice is parsed,
    while they are still in the processor's cache; their ``managedFields``, which are dropped, are
    cut from the bytes first (:mod:`~kubegap.sources.managedfields`).

    A continue token is followed only if it can be (:meth:`_Pages.follows`), and a page that brings a
    token but no objects ends the list as failed: a real API server fills every page but the last.
    """
    if pages.stopped:
        raise UnusableList("the list was given up")
    pages.count += 1
    following: Future | None = None
    refused: str | None = None

    def asked_for(head: dict) -> None:
        nonlocal following, refused
        metadata = as_dict(head.get("metadata"))
        if metadata.get("continue") and following is None and refused is None and not pages.stopped:
            refused = pages.follows(metadata)
            if refused is None:
                query = {"limit": PAGE_SIZE, "continue": metadata["continue"]}
                following = ahead.submit(read_page, client, path, query, accept, convert, ahead, pages)

    def parse(raw: bytes) -> dict:
        page = parse_in_slices(raw, convert, asked_for, unparsed_managed_fields=True)
        if page is None:  # not a list that can be cut: parsed whole (or rejected as not JSON)
            page = list_object(orjson.loads(raw))
            convert(page["items"])
        asked_for(page)  # a token written after the items is read here
        return page

    page = client.get(path, query, accept, parse)
    items = page["items"]
    if refused is None and following is not None and not items:
        refused = "a page with no objects and a continue token: the server is not paging through a list"
    if refused is None and not all(isinstance(item, dict) for item in items):
        refused = "an item of the answer is not an object"
    if refused is not None:
        pages.stopped = True
        raise UnusableList(refused)
    return items, following


def list_object(document: object) -> dict:
    """``document`` if it is a list object whose ``items`` is an array, else :class:`UnusableList`.

    kube-apiserver answers an empty ``PartialObjectMetadataList`` with ``"items": null`` (it builds the
    list by appending to a nil slice), so there, and only there, null is an empty list; anywhere else it
    is an answer that says nothing about what the kind holds, as are a string, a number or a bare array.
    """
    if not isinstance(document, dict) or "items" not in document:
        what = "an object without items" if isinstance(document, dict) else _json_type(document)
        raise UnusableList(f"the answer is {what}, not a list object")
    items = document["items"]
    if items is None and document.get("kind") == "PartialObjectMetadataList":
        document["items"] = items = []
    if not isinstance(items, list):
        raise UnusableList(f"the answer's items is {_json_type(items)}, not an array")
    return document


def _json_type(value: object) -> str:
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }
    return names.get(type(value), "null")


class CollectionProgress(Protocol):
    """What a live collection reports as it goes: how many kinds it will list, and each kind listed with its objects."""

    def total(self, kinds: int) -> None: ...

    def done(self, objects: int) -> None: ...


ProgressFactory = Callable[[str], AbstractContextManager[CollectionProgress]]
"""Given what is being collected (``collecting from prod``), a context that shows the progress: the surface's own
(the command line's bar on a terminal); the source knows nothing of how it is shown."""


class _Silent:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def total(self, kinds: int) -> None:
        pass

    def done(self, objects: int) -> None:
        pass


class LiveSource:
    """``kubegap audit`` with no PATHS: the kinds the checks read, from one cluster."""

    def __init__(
        self,
        connection: Connection,
        kinds: Iterable[str],
        *,
        namespaces: Iterable[str] = (),
        workers: int = WORKERS,
        policy: RetryPolicy = RetryPolicy(),
        progress: ProgressFactory | None = None,
        sleep: Callable[[float], None] = time.sleep,
        deadline: float | None = DEADLINE,
        metadata_only: Iterable[str] = (),
    ):
        self.connection = connection
        self.kinds = sorted(set(kinds))
        self.namespaces = sorted(set(namespaces))
        self.workers = min(max(1, workers), MAX_WORKERS)
        self.policy = policy
        self.progress = progress
        self.deadline_seconds = deadline
        self.metadata_only = frozenset(metadata_only)
        self.client = Retrying(connection, policy, sleep)

    def collect(self) -> Collection:
        """Everything the kinds hold; the deadline starts now."""
        with bulk_allocation():  # hundreds of thousands of parsed objects, none in a reference cycle
            return self._collect()

    def _collect(self) -> Collection:
        self.client.deadline = Deadline(self.deadline_seconds)
        self.client.throttle = throttle = Throttle()
        compact = Compactor()  # shares equal parts across every kind's objects while they are read
        collection = Collection()
        try:
            version = as_dict(self.client.get("/version")).get("gitVersion")
            found = discover(self.client.get, self.workers)
        except (ApiError, TransportError, ReadOnlyViolation) as exc:
            raise UserError(f"{self.connection.host}: cannot read the API server's discovery: {exc}") from None
        collection.cluster = {
            "name": self.connection.context or "cluster",
            "version": printable(version, 100) if isinstance(version, str) else None,
        }
        if self.namespaces:  # namespaced kinds are listed only there: elsewhere absence proves nothing
            collection.cluster["namespaces"] = list(self.namespaces)
        collection.inputs.append({"type": "cluster", "context": self.connection.context})
        shown = self.progress(f"collecting from {collection.cluster['name']}") if self.progress else _Silent()
        with shown as progress:
            wanted = []
            for kind in self.kinds:
                resource = found.resources.get(kind)
                if resource is not None and "list" in resource.verbs:
                    self.connection.policy.allow(resource.group, resource.plural)
                    wanted.append(resource)
                else:
                    self._unserved(collection, found, kind)
            progress.total(len(wanted))
            results = {}
            first = sorted(wanted, key=lambda resource: resource.kind not in LONGEST_LISTS)
            with (
                ThreadPoolExecutor(max_workers=self.workers) as pool,
                ThreadPoolExecutor(max_workers=self.workers) as ahead,
            ):
                for future in as_completed(
                    [pool.submit(self._collect_kind, resource, compact, ahead) for resource in first]
                ):
                    resource, items, problem = future.result()
                    results[resource.kind] = (resource, items, problem)
                    progress.done(len(items))
        for resource in wanted:  # recorded in a fixed order, whatever order the lists finished in
            self._record(collection, *results[resource.kind])
        if throttle.times:
            collection.warnings.append(
                f"the API server asked kubegap to slow down {throttle.times} time(s) (HTTP 429: rate limiting or priority "
                f"and fairness); every request waited, {throttle.seconds:.1f} s in all"
            )
        return collection

    def _unserved(self, collection: Collection, found: Discovery, kind: str) -> None:
        failure = found.failure(KNOWN_KINDS.get(kind, ("",))[0])
        if failure:
            collection.failed[kind] = failure
            collection.warnings.append(f"{kind} could not be collected: {failure}")
        else:
            collection.absent.add(kind)

    def _collect_kind(
        self, resource: APIResource, compact: Compactor, ahead: Executor
    ) -> tuple[APIResource, list[dict], tuple[str, str] | None]:
        """``(resource, items, problem)``; problem is ``("forbidden" | "absent" | "failed", why)``."""
        items: list[dict] = []
        metadata_only = resource.kind in METADATA_ONLY_KINDS or resource.kind in self.metadata_only
        accept = METADATA_ACCEPT if metadata_only else "application/json"

        def convert(batch: list) -> None:
            for item in batch:  # the answer's own objects, parsed for this alone: completed and redacted in place
                if isinstance(item, dict):
                    item["apiVersion"], item["kind"] = resource.api_version, resource.kind
                    compact(redact(item))

        scopes = self.namespaces if (resource.namespaced and self.namespaces) else [None]
        for namespace in scopes:
            try:
                items += list_pages(
                    self.client,
                    resource.path(namespace),
                    accept,
                    convert,
                    self.policy,
                    ahead,
                    from_cache=resource.kind in CACHE_SERVED_KINDS,
                )
            except ApiError as exc:
                if exc.status == 403:
                    return resource, [], ("forbidden", rule_text("list", resource.group, resource.plural, namespace))
                if exc.status == 404:
                    return resource, [], ("absent", exc.message)
                return resource, [], ("failed", f"list {resource.plural}: {exc}")
            except (TransportError, ReadOnlyViolation, UnusableList) as exc:
                return resource, [], ("failed", f"list {resource.plural}: {exc}")
        return resource, items, None

    @staticmethod
    def _record(
        collection: Collection, resource: APIResource, items: list[dict], problem: tuple[str, str] | None
    ) -> None:
        if problem is None:
            for item in items:
                collection.add(item)
            collection.collected.add(resource.kind)
            collection.listed.add(resource.kind)
            return
        status, why = problem
        if status == "forbidden":
            collection.forbidden[resource.kind] = why
        elif status == "absent":
            collection.absent.add(resource.kind)
        else:
            collection.failed[resource.kind] = why
            collection.warnings.append(f"{resource.kind} could not be collected: {why}")
