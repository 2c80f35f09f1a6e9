"""Containers that only stand in for a workload: a shell that sleeps, prints or exits.

Feature demos and smoke tests run a stock shell image (``busybox``, ``bash``, ``alpine``) that sleeps
for a while, prints a line or exits with a chosen code. What such a container pulls or requests says
nothing about a real workload, so checks about a workload's content (its image, its resources) pass
it over and say why, instead of reporting a demo's ``busybox`` as a drifting image.

A container is a placeholder only when its whole command can be read and every command it runs is
one of a few that do no work (``sleep``, ``echo``, ``exit``, ``ping``...). A container that runs its
image's own entrypoint, or any other program, is never one.
"""

from __future__ import annotations

import re
import shlex

from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import as_list, containers

STOCK_SHELL_IMAGES = frozenset(("busybox", "bash", "alpine", "ubuntu", "debian"))
"""Images whose default command is a shell, so ``args`` alone say what the container runs."""
SHELLS = frozenset(("sh", "bash", "ash", "dash", "zsh"))
IDLE_COMMANDS = frozenset(
    (
        "sleep",
        "echo",
        "printf",
        "exit",
        "true",
        "false",
        "seq",
        "ping",
        "date",
        "hostname",
        "env",
        "test",
        "[",
        "[[",
        ":",
        "set",
        "export",
        "wait",
        "trap",
    )
)
"""Commands that do no work a real workload would: they wait, print, test or end the process."""
KEYWORDS = frozenset(("if", "then", "else", "elif", "fi", "while", "until", "do", "done", "!", "{", "}", "(", ")"))
_SEGMENTS = re.compile(r"[;\n|&`]|\$\(|\)")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
PLACEHOLDER_REASON = (
    "a placeholder container (a stock shell that only sleeps, prints or exits) says nothing about "
    "a real workload's image or resources"
)


def placeholder(container: dict) -> str | None:
    """What the container runs, shortened, when it is a placeholder; None when it may do real work."""
    command = [part for part in as_list(container.get("command")) if isinstance(part, str)]
    args = [part for part in as_list(container.get("args")) if isinstance(part, str)]
    if len(command) != len(as_list(container.get("command"))) or len(args) != len(as_list(container.get("args"))):
        return None
    if not command:
        image = container.get("image")
        if not args or not isinstance(image, str) or _repository(image) not in STOCK_SHELL_IMAGES:
            return None
    argv = command + args
    if not argv:
        return None
    shown = " ".join(" ".join(part.split()) for part in argv)
    program = argv[0].rsplit("/", 1)[-1]
    if program in SHELLS:
        script = _script(argv[1:])
        return shown[:80] if script is not None and _idle_script(script) else None
    return shown[:80] if program in IDLE_COMMANDS else None


def only_placeholders(workload: Workload) -> bool:
    """Whether every container of every pod template of the workload is a placeholder."""
    found = [container for template in workload.templates for _, container in containers(template.spec)]
    return bool(found) and all(placeholder(container) is not None for container in found)


def _repository(image: str) -> str:
    """The last part of an image's repository (``docker.io/library/busybox:1.36`` is ``busybox``)."""
    name = image.strip().split("@", 1)[0].rsplit("/", 1)[-1]
    return name.split(":", 1)[0].lower()


def _script(arguments: list[str]) -> str | None:
    """The script a shell is given with ``-c`` (``-xc``, ``-ec`` ...), or None when it runs anything else."""
    for index, argument in enumerate(arguments):
        if argument.startswith("-") and not argument.startswith("--"):
            if "c" in argument[1:]:
                return arguments[index + 1] if index + 1 < len(arguments) else None
            continue
        return None
    return None


def _idle_script(script: str) -> bool:
    """Whether every command of a shell script is an idle one (loops, tests and assignments allowed)."""
    for segment in _SEGMENTS.split(script):
        try:
            words = shlex.split(segment, comments=True)
        except ValueError:
            return False  # quoting this reading cannot follow: judge it as real work
        while words and words[0] in KEYWORDS:
            words = words[1:]
        while words and _ASSIGNMENT.match(words[0]):
            words = words[1:]
        if not words or words[0] in ("for", "in", "case", "esac") or words[0].startswith(("((", "[[", "$((")):
            continue
        if words[0] not in IDLE_COMMANDS:
            return False
    return True
