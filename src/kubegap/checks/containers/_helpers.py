"""What several containers checks share."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kubegap.checks.base import Context, Evidence
from kubegap.dockerhub import OFFICIAL_IMAGES
from kubegap.domain.containers import app_containers, container_name, parse_image, spec_path
from kubegap.domain.placeholders import PLACEHOLDER_REASON, only_placeholders, placeholder
from kubegap.domain.podtemplates import RUNTIME_KINDS, PodTemplate, Workload, bounded_one_shot
from kubegap.domain.resources import as_dict, as_list, containers, dig, namespace, native_sidecars
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.workloads import audited_workloads, runs_no_pods
from kubegap.wording import first_and_more


def limit_range_defaults(inventory: Readable, ns: str | None) -> tuple[set[str], set[str]]:
    """Resources a namespace's LimitRanges default: (requests, limits) for containers."""
    requests: set[str] = set()
    limits: set[str] = set()
    for limit_range in inventory.of_kind("LimitRange"):
        if namespace(limit_range) != ns:
            continue
        for item in as_list(dig(limit_range, "spec", "limits")):
            if not isinstance(item, dict) or item.get("type", "Container") != "Container":
                continue
            limits |= set(as_dict(item.get("default")))
            requests |= set(as_dict(item.get("defaultRequest"))) | set(as_dict(item.get("default")))
    return requests, limits


def _unset(container: dict, resources: tuple[str, ...], section: str, defaulted: set[str]) -> list[str]:
    """Which of ``resources`` a container leaves unset in ``section`` and no LimitRange defaults
    (a limit without a request is also the request)."""
    amounts = as_dict(container.get("resources"))
    stated = as_dict(amounts.get(section))
    limits = as_dict(amounts.get("limits")) if section == "requests" else {}
    return [r for r in resources if r not in defaulted and stated.get(r) in (None, "") and limits.get(r) in (None, "")]


def _native_sidecars(workload: Workload) -> Iterator[tuple[PodTemplate, str, dict]]:
    """The workload's native sidecars (``kubegap.domain.resources.native_sidecars``), which need resources like its
    containers."""
    for template in workload.templates:
        for path, container in native_sidecars(template.spec):
            yield template, spec_path(template, path), container


class Missing(NamedTuple):
    """A workload's containers that leave a request or their memory limit unset (``_missing``)."""

    workload: Workload
    gaps: list[tuple[str, str, list[str], list[str]]]
    """``(path, container, requests missing, limits missing)`` of each such container."""
    runs_no_pods: bool
    """The workload runs no pod (``kubegap.domain.workloads.runs_no_pods``): what a check would report of it is
    counted as not judged (``NO_PODS``), never reported."""


def _missing(ctx: Context) -> Iterator[Missing]:
    """Per workload, ``(path, container, requests missing, limits missing)`` of each container that leaves a CPU or
    memory request, or its memory limit, unset (LimitRange defaults count as set). A container is named after
    its replica type when the workload has several (``Worker/pytorch``).

    One resources block is one cause: ``requests-missing`` reports a container that lacks a request together
    with its missing memory limit, and ``memory-limit-missing`` only containers whose requests are set."""
    defaults: dict[str | None, tuple[set[str], set[str]]] = {}
    for workload in audited_workloads(ctx.inventory):
        if workload.kind in RUNTIME_KINDS or bounded_one_shot(workload):
            continue
        ns = workload.ref.namespace
        if ns not in defaults:
            defaults[ns] = limit_range_defaults(ctx.inventory, ns)
        requested, limited = defaults[ns]
        if only_placeholders(workload):
            ctx.not_judged(workload.obj, PLACEHOLDER_REASON)
            continue
        gaps = []
        for template, path, container in (*app_containers(workload), *_native_sidecars(workload)):
            if placeholder(container) is not None:
                continue
            requests = _unset(container, ("cpu", "memory"), "requests", requested)
            limits = _unset(container, ("memory",), "limits", limited)
            if requests or limits:
                named = f"{template.role}/{container_name(container)}" if template.role else container_name(container)
                gaps.append((path, named, requests, limits))
        if gaps:
            yield Missing(workload, gaps, runs_no_pods(ctx.inventory, workload))


HANDLERS = ("httpGet", "tcpSocket", "grpc", "exec")


def handler(probe: dict) -> tuple[str, dict] | None:
    """The probe's action (``httpGet``, ``tcpSocket``, ``grpc`` or ``exec``) and its settings."""
    for field in HANDLERS:
        if isinstance(probe.get(field), dict):
            return field, probe[field]
    return None


def _number(probe: dict, field: str, default: int) -> int:
    value = probe.get(field, default)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def liveness_budget(probe: dict) -> tuple[int, str]:
    """Seconds before the liveness probe first restarts a container that never answers, and how."""
    delay, period = _number(probe, "initialDelaySeconds", 0), _number(probe, "periodSeconds", 10)
    threshold = max(_number(probe, "failureThreshold", 3), 1)
    return (
        delay + threshold * period,
        f"initialDelaySeconds {delay} + failureThreshold {threshold} x periodSeconds {period}",
    )


MOVING_CHANNELS = ("latest", "nightly", "edge", "snapshot", "stable")
"""Channel words that keep a tag moving when joined to another by a dash (``main-latest``, ``v2-nightly``), or
when they lead a tag whose other words carry no number (``snapshot-thick``, ``stable-alpine``: a variant of
the channel, where ``nightly-20240611`` names one build)."""


MAJOR_ONLY = re.compile(r"\d{1,2}(-[a-z][a-z0-9]*)?")
"""A major-only version, alone or with a variant (``3``, ``20-slim``): it moves with every minor release.
A ``v`` prefix (``gb-frontend:v5``) is the usual spelling of one fixed release, so it is not matched."""


PLACEHOLDER = re.compile(r"\$|\{\{|<[A-Za-z_-]+>|^\s*[A-Za-z][A-Za-z0-9+.-]*://")
"""Template syntax (``${IMAGE}``, ``{{ .Values.image }}``, ``<image>``) and build-tool references (``ko://`` import
paths, which ``ko resolve`` replaces with a pushed image by digest) that a tool replaces before deploying."""


REPOSITORY = re.compile(r"[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*")
"""The repository part of an image reference as registries accept it: lower-case path components."""


FILLED_IN = "an image field a tool fills in before deploying (template syntax, a build reference or an artifact name)"


class ImageFields(NamedTuple):
    """What a pod template's image fields say, worked out once per template (two checks ask)."""

    judged: list[tuple[str, str]]
    """``(field path, image)`` of every container whose image a registry could serve as written."""
    filled: bool
    """Whether a container's image field is one a tool fills in: template syntax, a build-tool reference
    (``ko://``), a name no registry accepts (``PLACEHOLDER_IMAGE``), or a one-word name outside Docker Hub's
    official images, which is a build tool's artifact name (``image: adservice`` under skaffold). What runs
    is unknown, so the image checks do not judge it and say so."""
    never_pulled: frozenset[str]
    """Field paths of judged images whose container has ``imagePullPolicy: Never``: preloaded on the node,
    asked of no registry."""


def _fields(template: PodTemplate) -> ImageFields:
    return template.derive("image_fields", _image_fields)


def _image_fields(template: PodTemplate) -> ImageFields:
    judged, filled, never = [], False, set()
    for path, container in containers(template.spec):
        image = container.get("image")
        if not isinstance(image, str) or not image.strip():
            continue
        if _filled_in(image.strip()):
            filled = True
            continue
        field = f"{spec_path(template, path)}.image"
        judged.append((field, image.strip()))
        if container.get("imagePullPolicy") == "Never":
            never.add(field)
    return ImageFields(judged, filled, frozenset(never))


def _filled_in(image: str) -> bool:
    if PLACEHOLDER.search(image):
        return True
    ref = parse_image(image)
    if REPOSITORY.fullmatch(ref.repository) is None:
        return True
    return ref.registry is None and "/" not in ref.repository and ref.repository not in OFFICIAL_IMAGES


def _say_filled_in(ctx: Context, workload: Workload) -> None:
    if any(_fields(template).filled for template in workload.templates):
        ctx.not_judged(workload.obj, FILLED_IN)


def is_floating(tag: str, floating: set[str]) -> bool:
    """Whether a tag is meant to move: a floating word, a moving channel joined by a dash (last, or first before
    variant words that carry no number), or a major-only version."""
    lowered = tag.lower()
    head, _, tail = lowered.partition("-")
    return (
        lowered in floating
        or (
            bool(tail)
            and (
                head == "latest"
                or lowered.rsplit("-", 1)[-1] in MOVING_CHANNELS
                or (head in MOVING_CHANNELS and not any(character.isdigit() for character in tail))
            )
        )
        or MAJOR_ONLY.fullmatch(lowered) is not None
    )


class ImageCause(NamedTuple):
    """The images a workload reports for a shared cause (``one_cause_per_image``): its own evidence, and the other
    workloads that run the same images (``str`` of their refs), named in its finding."""

    workload: Workload
    own: list[Evidence]
    also: list[str]

    def said(self) -> str:
        """The sentence a finding ends with that names the others, or nothing when none shares the image."""
        runs = "runs" if len(self.also) == 1 else "run"
        return f" {first_and_more(self.also)} {runs} the same image too: one cause, one fix." if self.also else ""

    def others(self) -> list[Evidence]:
        """The evidence that names the others, or none."""
        return [Evidence("also run by", self.also)] if self.also else []


def one_cause_per_image(
    ctx: Context, found: list[tuple[Workload, list[Evidence]]], lesser: Callable[[Workload], bool]
) -> Iterator[ImageCause]:
    """One image (an evidence's value) in one namespace of one file is one cause: one pin or one registry fixes every
    workload that runs it there (a chart's render, one image value), while files beside it may be alternatives never
    applied together (Argo CD's install and core-install), or examples each pinned in its own. Each cause is
    reported once, by the first workload that runs it: one the audit does not exempt (by annotation or
    configuration) before one it does, so one workload's exemption never hides another's image, hooks among them;
    then one whose finding the check gives its full severity before one it gives less (``lesser``: a hook, a
    one-shot Job), so the cause is reported at the most it can cost, whatever the file's order."""
    found = sorted(found, key=lambda item: (ctx.exempts(item[0].obj), lesser(item[0])))

    places = {}  # per workload, its namespace (the install's for one written without) and its file
    for workload, _ in found:
        origin = ctx.inventory.origin(workload.obj)
        places[id(workload)] = (ctx.inventory.home(workload.ref.namespace), origin.path if origin else None)

    def cause(workload: Workload, image: object) -> tuple[str | None, str | None, str]:
        return (*places[id(workload)], str(image))

    runners: dict[tuple[str | None, str | None, str], list[Workload]] = {}  # per cause, in order; the first owns it
    for workload, evidence in found:
        for e in evidence:
            runners.setdefault(cause(workload, e.value), []).append(workload)
    for workload, evidence in found:
        own = [e for e in evidence if runners[cause(workload, e.value)][0] is workload]
        if own:
            also = list(
                dict.fromkeys(
                    str(other.ref)
                    for e in own
                    for other in runners[cause(workload, e.value)]
                    if other.ref != workload.ref
                )
            )
            yield ImageCause(workload, own, also)
