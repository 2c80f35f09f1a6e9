"""Health pages that say only that a program's process is up, whatever it depends on, and one known to say more.

A probe of such a page cannot fail because a database, a broker or an exporter's destination is away, and, for
some, not while the program is still recovering its data either. Three kinds are known:

- a conventional liveness page, by the Kubernetes z-pages convention and its kin: ``/healthz``, ``/livez``,
  ``/ping`` as the last part of the path;
- a data store's own liveness page, by the whole name of its image: CockroachDB answers ``/health`` as soon as its
  HTTP server listens, before the node recovers or joins its cluster (``/health?ready=1`` is the one that waits);
- an exec probe that runs ``curl`` alone without ``--fail`` (``-f``): curl exits 0 on any HTTP reply, an error
  status included, so the probe asks only whether the server answers, not what it answers;
- the OpenTelemetry Collector's ``health_check`` extension, on its default port 13133: it reports whether the
  collector's own pipelines are running, never whether an exporter reaches its destination (a collector image is
  one whose name has ``otel collector``, ``opentelemetry collector`` or ``otelcol`` among its words).

An exec probe whose shell script ends in a fallback that cannot fail (``... || echo 1``, ``|| true``, ``|| exit 0``)
asks nothing at all: it passes whatever the command before it says (``never_fails``).

Spring Boot's ``/actuator/health`` says more: it aggregates every health indicator the application has, its data
sources' included.
"""

from __future__ import annotations

import re

from kubegap.domain.containers import image_name
from kubegap.domain.resources import as_list, command_words, dig
from kubegap.domain.tokens import Words, words

CONVENTIONAL_LIVENESS_PAGES = frozenset({"healthz", "livez", "ping"})
"""Last path segments of the pages that, by convention, say only that the process is alive."""

PROGRAM_LIVENESS_PAGES = {"cockroach": "/health"}
"""Data stores, by the whole name of their image, and the liveness page each answers as soon as its HTTP server
listens, before the node recovers or joins its cluster."""

ACTUATOR_HEALTH = "/actuator/health"
"""Spring Boot Actuator's health endpoint: its answer aggregates every health indicator the application has, a data
source's and a Redis connection's among them, unless a group (``/actuator/health/liveness``) narrows it."""

COLLECTOR_IMAGES = Words(("otel collector", "opentelemetry collector", "otelcol"))
"""Words of an image's name that say it is an OpenTelemetry Collector (``otel/opentelemetry-collector-contrib``,
``signoz/signoz-otel-collector``, ``otelcol-contrib``)."""

HEALTH_CHECK_EXTENSION_PORT = 13133
"""The default port of the Collector's ``health_check`` extension."""


def page(path: object) -> str | None:
    """The page an HTTP probe's path asks, without its query and trailing slash (``/`` for the root), or None when the
    path is not a string."""
    if not isinstance(path, str):
        return None
    return path.partition("?")[0].rstrip("/") or "/"


def conventional_liveness_page(path: object) -> bool:
    """Whether an HTTP path asks a conventional liveness page (``/healthz``, ``/livez``, ``/ping``)."""
    asked = page(path)
    return asked is not None and asked.rsplit("/", 1)[-1].lower() in CONVENTIONAL_LIVENESS_PAGES


def program_liveness_page(container: dict, path: object) -> bool:
    """Whether an HTTP path asks the liveness page of the data store the container's image is named for, without
    the query that makes it wait for readiness."""
    asked = page(path)
    query = path.partition("?")[2] if isinstance(path, str) else ""
    return (
        asked is not None and PROGRAM_LIVENESS_PAGES.get(image_name(container)) == asked and "ready" not in words(query)
    )


def collector_health_check(container: dict, port: object) -> bool:
    """Whether a probe port is the ``health_check`` extension's of an OpenTelemetry Collector container: 13133, by
    number or by the name of a container port that is 13133."""
    if COLLECTOR_IMAGES.find(image_name(container)) is None:
        return False
    if isinstance(port, str) and not port.isdigit():
        port = next(
            (dig(p, "containerPort") for p in as_list(container.get("ports")) if dig(p, "name") == port),
            None,
        )
    return str(port) == str(HEALTH_CHECK_EXTENSION_PORT)


CURL_FAIL_FLAGS = frozenset({"--fail", "--fail-with-body"})
SHELLS = frozenset({"sh", "bash", "ash", "dash"})
PROCESS_CHECKS = frozenset({"pgrep", "pidof"})
"""Commands that ask only whether a process exists: a liveness probe of one passes from the moment the process
starts, however long it takes to answer (Waldur's API asks ``pgrep gunicorn`` while its readiness waits 50 s)."""


def simple_command(command: list[str]) -> list[str] | None:
    """The words of an exec probe's one command, out of a ``sh -c`` wrapper, and its program's name first, or None
    where it runs none or chains several (a pipe, ``&&``, ``||``, ``;``)."""
    words = [w for part in command for w in part.split()]
    if len(words) > 2 and words[0].rsplit("/", 1)[-1] in SHELLS and words[1] == "-c":
        words = words[2:]
    if not words or any(w in ("|", "||", "&&", ";") or w.endswith(";") or "|" in w for w in words):
        return None
    return [words[0].rsplit("/", 1)[-1], *words[1:]]


def asks_a_process(action: dict) -> bool:
    """Whether an ``exec`` probe action is one process check (``pgrep gunicorn``, alone or under ``sh -c``)."""
    words = simple_command(command_words(action))
    return words is not None and words[0] in PROCESS_CHECKS


def curl_without_fail(command: list[str]) -> bool:
    """Whether an exec probe's command runs curl alone (no pipe, no second command) and without ``--fail``: its exit
    status then says only that the server answered."""
    words = simple_command(command)
    if words is None or words[0] != "curl":
        return False
    short = [w for w in words if w.startswith("-") and not w.startswith("--")]
    return not any(w in CURL_FAIL_FLAGS for w in words) and not any("f" in w[1:] for w in short)


ALWAYS_PASSES = re.compile(r"\|\|\s*(?:echo\b[^;&|\n]*|true|:|exit\s+0)\s*$")
"""The end of a shell command whose last step, run when all before it fails, cannot fail: ``... || echo 1``,
``|| true``, ``|| exit 0``."""

EXITS_FAILED = re.compile(r"\bexit\s+[1-9]|\bset\s+-\w*e")
"""What makes a shell script end failed before its last fallback runs."""


def never_fails(action: dict) -> bool:
    """Whether an ``exec`` probe action passes whatever happens: its shell script ends in ``|| echo``, ``|| true`` or
    ``|| exit 0`` (FIWARE's MongoDB: ``mongo --eval ... && echo 0 || echo 1``), so it restarts nothing."""
    command = command_words(action)
    script = command[-1].strip() if command else ""
    # one chain of && and ||, with nothing before it that can end the script failed
    return (
        ALWAYS_PASSES.search(script) is not None
        and not any(mark in script for mark in (";", "\n"))
        and EXITS_FAILED.search(script) is None
    )


def process_status_only(container: dict, action: tuple[str, dict]) -> str | None:
    """What makes a probe action ask a page that reports only the process's own status, or None."""
    if action[0] == "exec":
        command = command_words(action[1])
        return "curl without --fail exits 0 on any HTTP reply" if curl_without_fail(command) else None
    if action[0] != "httpGet":
        return None
    path, port = action[1].get("path"), action[1].get("port")
    if conventional_liveness_page(path):
        return f"{path} is a conventional liveness page"
    if program_liveness_page(container, path):
        return f"{path} is {image_name(container)}'s liveness page"
    if collector_health_check(container, port):
        return f"port {port} is the OpenTelemetry Collector's health_check extension, which reports its own pipelines"
    return None
