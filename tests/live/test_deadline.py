"""The collection deadline, with a fake clock: no request starts, and no wait lasts, past it."""

from __future__ import annotations

import pytest

from kubegap.sources.kubeclient import ApiError, TransportError
from kubegap.sources.live import Deadline, DeadlineExceeded, Retrying, RetryPolicy


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


class Answers:
    """A connection that gives the answers it was told to, in turn, and records each call's timeout."""

    host = "https://cluster.example"

    def __init__(self, clock: Clock, *answers, takes: float = 0.0):
        self.clock = clock
        self.answers = list(answers)
        self.takes = takes
        self.timeouts: list[float | None] = []

    def get(self, path, query=None, accept="application/json", timeout=None, parse=None):
        self.timeouts.append(timeout)
        self.clock.now += self.takes
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def retrying(connection: Answers, clock: Clock, seconds: float | None) -> Retrying:
    return Retrying(connection, RetryPolicy(), clock.sleep, Deadline(seconds, clock))


def test_each_request_gets_at_most_what_is_left_of_the_deadline():
    clock = Clock()
    connection = Answers(clock, TransportError("reset"), {"ok": True}, takes=2.0)
    assert retrying(connection, clock, 10.0).get("/api/v1/pods") == {"ok": True}
    first, second = connection.timeouts
    assert first == 10.0 and 10.0 - 2.0 - 0.25 <= second <= 10.0 - 2.0 - 0.125  # minus the first try and its backoff


def test_a_retry_after_longer_than_what_is_left_is_not_waited_for():
    clock = Clock()
    connection = Answers(clock, ApiError(429, "TooManyRequests", "slow down", retry_after=30))
    with pytest.raises(
        DeadlineExceeded,
        match=r"the 5 s collection deadline ended before GET /api/v1/nodes could be tried again \(in 30.0 s\)",
    ):
        retrying(connection, clock, 5.0).get("/api/v1/nodes")
    assert clock.now == 100.0  # no time was spent waiting


def test_no_request_starts_once_the_deadline_has_passed():
    clock = Clock()
    connection = Answers(clock)
    client = retrying(connection, clock, 1.0)
    clock.now += 1.0
    with pytest.raises(DeadlineExceeded, match="ended before GET /apis"):
        client.get("/apis")
    assert connection.timeouts == []


def test_without_a_deadline_retry_after_is_waited_for_in_full():
    clock = Clock()
    connection = Answers(clock, ApiError(429, "TooManyRequests", "", retry_after=12), {"ok": True})
    assert retrying(connection, clock, None).get("/api/v1/nodes") == {"ok": True}
    assert clock.now == 112.0 and connection.timeouts == [None, None]
