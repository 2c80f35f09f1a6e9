"""API faults: what a live audit does when the API server resets, expires, throttles, fails or stalls.

Shared by ``test_api_faults.py`` (which asserts each outcome) and ``scripts/robustness_report.py``
(which measures each and writes the API-fault table of ``docs/ROBUSTNESS.md``). Every scenario
runs ``kubegap audit --fail-on-partial`` in a fresh process against the test API server holding
the small GPU training cluster of the live tests, with one fault injected.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from robustness.scenarios import Outcome, measured
from support.apiserver import EXPIRED_MESSAGE, FakeAPIServer, make_credentials
from support.clusters import training_cluster

REQUEST_TIMEOUT = 1.0
DEADLINE = 5.0
PAGES_OF_PODS = 1_100
"""Enough pods for three pages of 500, so a list can break after its first page."""


@dataclass(frozen=True)
class FaultScenario:
    name: str
    description: str
    arrange: Callable[[FakeAPIServer, Path], list[str]]
    """Injects the fault; returns the connection arguments (``--kubeconfig FILE`` and the like)."""
    exit_code: int
    kinds: dict[str, str] = field(default_factory=dict)
    """Kinds and their state in the report (collected, failed, absent, forbidden); no report when empty."""
    says: str = ""
    """A phrase the failed kind's reason (or, without a report, the error) must contain."""
    deadline: float = DEADLINE
    request_timeout: float = REQUEST_TIMEOUT
    requests: Callable[[list[dict]], bool] | None = None
    """What the server's request log must show (retries, restarts, waits), beyond reads only."""


@dataclass(frozen=True)
class FaultOutcome:
    process: Outcome
    report: dict | None
    log: list[dict]

    def state(self, kind: str) -> str:
        kinds = self.report["kinds"]
        for state in ("forbidden", "failed", "absent", "collected"):
            if kind in kinds[state]:
                return state
        return "missing"

    @property
    def seconds_after_first_request(self) -> float:
        """From the first request the server saw to the end of the process: collection, checks, report."""
        return self.process.ended - min(entry["time"] for entry in self.log) if self.log else 0.0


def _kubeconfig(server: FakeAPIServer, folder: Path, **kwargs) -> list[str]:
    return ["--kubeconfig", str(server.kubeconfig(folder / "kubeconfig", **kwargs))]


def _many_pods(server: FakeAPIServer) -> None:
    server.add(
        *(
            {
                "kind": "Pod",
                "metadata": {"name": f"batch-{i}", "namespace": "batch"},
                "spec": {"containers": [{"name": "c", "image": "busybox:1.36"}]},
            }
            for i in range(PAGES_OF_PODS)
        )
    )


def _fault(path: str, *, many_pods: bool = False, **fault) -> Callable[[FakeAPIServer, Path], list[str]]:
    def arrange(server: FakeAPIServer, folder: Path) -> list[str]:
        if many_pods:
            _many_pods(server)
        server.fault(path, **fault)
        return _kubeconfig(server, folder)

    return arrange


def _none(server: FakeAPIServer, folder: Path) -> list[str]:
    return _kubeconfig(server, folder)


def _slow_everything(server: FakeAPIServer, folder: Path) -> list[str]:
    server.latency = 3 * REQUEST_TIMEOUT
    return _kubeconfig(server, folder)


def _wrong_ca(server: FakeAPIServer, folder: Path) -> list[str]:
    other = folder / "other-ca"
    other.mkdir()
    path = server.kubeconfig(folder / "kubeconfig")
    config = orjson.loads(path.read_bytes())
    config["clusters"][0]["cluster"]["certificate-authority"] = str(make_credentials(other).ca_path)
    path.write_bytes(orjson.dumps(config))
    return ["--kubeconfig", str(path)]


def _expired_token(server: FakeAPIServer, folder: Path) -> list[str]:
    return _kubeconfig(server, folder, token="token-that-expired-yesterday")


def _requests_to(log: list[dict], path: str) -> list[dict]:
    return [entry for entry in log if entry["path"] == path]


def _first_pages(log: list[dict], path: str) -> int:
    return sum(1 for entry in _requests_to(log, path) if "continue" not in entry["query"])


def _gaps(log: list[dict], path: str) -> list[float]:
    times = [entry["time"] for entry in _requests_to(log, path)]
    return [later - earlier for earlier, later in itertools.pairwise(times)]


PODS, NODES = "/api/v1/pods", "/api/v1/nodes"
RETRY_AFTER = 1

FAULT_SCENARIOS = [
    FaultScenario(
        "no-fault",
        "the same cluster with nothing wrong (the baseline)",
        _none,
        0,
        {"Pod": "collected", "Node": "collected", "PyTorchJob": "collected"},
    ),
    FaultScenario(
        "reset-mid-list",
        "the connection is cut halfway through the second page of pods, once",
        _fault(PODS, many_pods=True, drop=True, continued_only=True, times=1),
        0,
        {"Pod": "collected"},
        requests=lambda log: len(_requests_to(log, PODS)) == 4,
    ),
    FaultScenario(
        "reset-mid-list-always",
        "every later page of pods is cut off halfway",
        _fault(PODS, many_pods=True, drop=True, continued_only=True),
        3,
        {"Pod": "failed", "Node": "collected"},
        "IncompleteRead",
        deadline=8.0,
        requests=lambda log: len(_requests_to(log, PODS)) == 6,
    ),
    FaultScenario(
        "410-on-continue",
        "the continue token has expired (410 Gone) once, mid-list",
        _fault(PODS, many_pods=True, status=410, message=EXPIRED_MESSAGE, continued_only=True, times=1),
        0,
        {"Pod": "collected"},
        requests=lambda log: _first_pages(log, PODS) == 2,
    ),
    FaultScenario(
        "410-on-every-continue",
        "every continue token has expired (410 Gone)",
        _fault(PODS, many_pods=True, status=410, message=EXPIRED_MESSAGE, continued_only=True),
        3,
        {"Pod": "failed", "Node": "collected"},
        "410 Expired",
        requests=lambda log: _first_pages(log, PODS) == 4,
    ),
    FaultScenario(
        "429-storm-passes",
        f"three 429s with Retry-After: {RETRY_AFTER}, then answers",
        _fault(NODES, status=429, retry_after=RETRY_AFTER, times=3),
        0,
        {"Node": "collected"},
        requests=lambda log: len(_gaps(log, NODES)) == 3 and min(_gaps(log, NODES)) >= RETRY_AFTER - 0.05,
    ),
    FaultScenario(
        "429-storm-endless",
        "429 with Retry-After: 0 on every request, forever",
        _fault(NODES, status=429, retry_after=0),
        3,
        {"Node": "failed", "Pod": "collected"},
        "429",
        requests=lambda log: len(_requests_to(log, NODES)) == 10,
    ),
    FaultScenario(
        "429-past-deadline",
        "429 asking to wait 120 s, longer than the collection may take",
        _fault(NODES, status=429, retry_after=120),
        3,
        {"Node": "failed", "Pod": "collected"},
        "deadline ended",
        requests=lambda log: len(_requests_to(log, NODES)) == 1,
    ),
    FaultScenario(
        "500-then-ok",
        "two 500 Internal Server Errors, then answers",
        _fault(NODES, status=500, times=2),
        0,
        {"Node": "collected"},
        requests=lambda log: len(_requests_to(log, NODES)) == 3,
    ),
    FaultScenario(
        "500-always",
        "500 Internal Server Error on every request",
        _fault(NODES, status=500),
        3,
        {"Node": "failed", "Pod": "collected"},
        "500 InternalError",
        deadline=8.0,
        requests=lambda log: len(_requests_to(log, NODES)) == 5,
    ),
    FaultScenario(
        "slower-than-timeout",
        "nodes answer after 10 s; the request timeout is 2 s, the deadline 4 s",
        _fault(NODES, latency=10.0),
        3,
        {"Node": "failed", "Pod": "collected"},
        "deadline ended",
        deadline=4.0,
        request_timeout=2.0,
    ),
    FaultScenario(
        "everything-slow",
        "every answer takes 3 s, three times the request timeout",
        _slow_everything,
        2,
        says="cannot read the API server's discovery",
        deadline=3.0,
    ),
    FaultScenario(
        "tls-wrong-ca",
        "the kubeconfig trusts a different CA than the one that signed the server",
        _wrong_ca,
        2,
        says="certificate verify failed",
    ),
    FaultScenario(
        "401-expired-token",
        "the token in the kubeconfig has expired (401 on every request)",
        _expired_token,
        2,
        says="credentials were rejected",
    ),
    FaultScenario(
        "401-mid-audit",
        "the token expires during the audit (401 on listing pods)",
        _fault(PODS, status=401),
        2,
        says="credentials were rejected",
    ),
    FaultScenario(
        "group-discovery-404",
        "/apis lists kubeflow.org, but its discovery document is 404",
        _fault("/apis/kubeflow.org/v1", status=404),
        3,
        {"PyTorchJob": "failed", "MPIJob": "failed", "Pod": "collected"},
        "discovery of kubeflow.org/v1 failed",
    ),
]


def run_fault(scenario: FaultScenario, folder: Path, *, fail_on_partial: bool = True) -> FaultOutcome:
    """Start the test API server, inject the fault, and audit it in a fresh process."""
    with FakeAPIServer() as server:
        training_cluster(server)
        connection = scenario.arrange(server, folder)
        partial = ["--fail-on-partial"] if fail_on_partial else []
        process = measured(
            "audit",
            *connection,
            "--format",
            "json",
            "--fail-on",
            "none",
            *partial,
            "--quiet",
            "--request-timeout",
            str(scenario.request_timeout),
            "--deadline",
            str(scenario.deadline),
        )
        log = list(server.log)
    report = orjson.loads(process.stdout) if process.stdout.strip() else None
    return FaultOutcome(process, report, log)


def coverage_words(outcome: FaultOutcome) -> str:
    """The outcome in a few words: which kinds were not collected and why, or the error."""
    if outcome.report is None:
        errors = [
            line.removeprefix("kubegap: error: ")
            for line in outcome.process.stderr.splitlines()
            if line.startswith("kubegap: error:")
        ]
        return (errors[0] if errors else "(no report)").split("https://127.0.0.1:")[-1].split(": ", 1)[-1]
    kinds = outcome.report["kinds"]
    by_reason: dict[str, list[str]] = {}
    for kind, why in kinds["failed"].items():
        by_reason.setdefault(why, []).append(kind)
    parts = [f"{', '.join(names)} failed: {_shortened(why)}" for why, names in by_reason.items()]
    parts += [f"{kind} forbidden" for kind in kinds["forbidden"]]
    return "; ".join(parts) if parts else f"all {len(kinds['collected'])} served kinds collected"


def _shortened(text: str, limit: int = 110) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
