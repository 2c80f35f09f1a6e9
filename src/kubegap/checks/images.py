"""Image checks: tags that move under you, and anonymous pulls from Docker Hub."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from kubegap.checks._common import ImageRef, audited_workloads, parse_image, service_account, spec_path
from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.dockerhub import OFFICIAL_IMAGES
from kubegap.placeholders import PLACEHOLDER_REASON, only_placeholders
from kubegap.podtemplates import PodTemplate, Workload, bounded_one_shot
from kubegap.resources import as_list, containers
from kubegap.wording import first_and_more

MULTUS = "multus-2023-floating-image-tags-break-clusters"
STREAMNATIVE = "streamnative-2022-olm-latest-image-catalog-operator-crashloop"
DOCKER_HUB = "docker-2020-hub-anonymous-pull-rate-limits"

DOCKER_HUB_HOSTS = ("docker.io", "index.docker.io", "registry-1.docker.io")
MOVING_CHANNELS = ("latest", "nightly", "edge", "snapshot", "stable")
"""Channel words that keep a tag moving when joined to another by a dash (``main-latest``, ``v2-nightly``)."""
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


@check(
    id="image-tag-mutable",
    title="Images on a floating tag (latest, stable...) or no tag",
    severity="medium",
    category="containers",
    cases=[MULTUS, STREAMNATIVE],
    defaults={
        "mutable_tags": ["latest", "stable", "snapshot", "edge", "nightly", "main", "master", "dev", "alpine", "slim"]
    },
    fix=(
        "Deploy an immutable reference: a version tag your registry does not let anyone overwrite, or better "
        "an image digest (image: repo@sha256:...), so every node runs the same bits and a rollback returns to "
        "known ones."
    ),
    reads=["workloads"],
)
def image_tag_mutable(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers (init containers included) whose image has no digest and no tag, a tag in
    `mutable_tags` (default: `latest`, `stable`, `snapshot`, `edge`, `nightly`, `main`, `master`,
    `dev`, `alpine`, `slim`), a tag that ends with a moving channel (`latest`, `nightly`, `edge`,
    `snapshot`, `stable`) or starts with `latest` joined by a dash (`main-latest`,
    `latest-alpine`), or a major-only version, alone or with a variant (`python:3`,
    `node:20`, `node:20-slim`; a `v` prefix, as in `v5`, usually names one release and is not
    judged). Images referenced by digest are fine whatever their tag. Image fields a tool fills
    in are not judged, each counted in coverage: template syntax (`${IMAGE}`,
    `{{ .Values.image }}`), build references (`ko://` import paths, replaced by an image pinned by
    digest), names no registry accepts (`PLACEHOLDER_IMAGE`), and one-word names outside Docker
    Hub's official images (`image: cartservice`: `docker.io/library/` holds only official images,
    so such a name is an artifact skaffold or Tilt replaces with the image it built). Nor is
    placeholder work judged: a
    workload whose every container is a stock shell (`busybox`, `bash`, `alpine`) whose whole
    command only sleeps, prints or exits stands in for a workload in demos and smoke tests (one that
    copies, downloads or runs a program is judged). Helm test
    hooks and finished Jobs are not reported. One finding per workload, with every such image in
    the evidence.

    ## Why it matters

    With a floating tag, what runs depends on when a node pulled the image, and an upstream
    release reaches the cluster without any change to it. Multus's example DaemonSet manifests
    used the tags `stable` and `snapshot`; when those moved to an incompatible release, clusters
    that had run Multus for months broke overnight, because the old manifest's init container ran
    `cp`, which the new image no longer contained. StreamNative's Helm chart for OLM deployed the
    `latest` images; when upstream changed how the CLI took its arguments, catalog-operator pods
    crash-looped, more than once, until the chart pinned a release.

    ## Severity

    Always **medium**: two nodes can run different code under one name, and a rollback may not return to
    the code that ran.

    ## Example

    ```yaml
    image: ghcr.io/k8snetworkplumbingwg/multus-cni:stable
    ```

    ## Fix

    ```yaml
    image: ghcr.io/k8snetworkplumbingwg/multus-cni:v4.0.2@sha256:<digest>
    ```
    """
    floating = {t.lower() for t in ctx.setting("mutable_tags") if isinstance(t, str)}
    for workload in audited_workloads(ctx.inventory):
        if only_placeholders(workload):
            ctx.not_judged(workload.obj, PLACEHOLDER_REASON)
            continue
        _say_filled_in(ctx, workload)
        evidence = [
            Evidence(path, image)
            for template in workload.templates
            for path, image in _fields(template).judged
            if (ref := parse_image(image)).digest is None and (ref.tag is None or is_floating(ref.tag, floating))
        ]
        if evidence:
            shown = ", ".join(sorted({e.value for e in evidence}))
            yield ctx.finding(
                workload.obj,
                f"{len(evidence)} image(s) use a floating tag or none ({shown}): what runs depends on when it was pulled.",
                *evidence,
            )


def _say_filled_in(ctx: Context, workload: Workload) -> None:
    if any(_fields(template).filled for template in workload.templates):
        ctx.not_judged(workload.obj, FILLED_IN)


def is_floating(tag: str, floating: set[str]) -> bool:
    """Whether a tag is meant to move: a floating word, a moving channel joined by a dash, or a major-only version."""
    lowered = tag.lower()
    head, _, tail = lowered.partition("-")
    return (
        lowered in floating
        or (bool(tail) and (head == "latest" or lowered.rsplit("-", 1)[-1] in MOVING_CHANNELS))
        or MAJOR_ONLY.fullmatch(lowered) is not None
    )


def is_docker_hub(ref: ImageRef) -> bool:
    return ref.registry is None or ref.registry in DOCKER_HUB_HOSTS


def _pull_secrets(spec: dict) -> list[str]:
    return [
        s["name"]
        for s in as_list(spec.get("imagePullSecrets"))
        if isinstance(s, dict) and isinstance(s.get("name"), str)
    ]


@check(
    id="image-registry-unauthenticated",
    title="Images pulled anonymously from Docker Hub",
    severity="medium",
    category="containers",
    cases=[DOCKER_HUB],
    reads=["workloads", "ServiceAccount"],
    precision="medium",
    fix=(
        "Pull through a registry you control (a pull-through cache or mirror in your cloud, or a copy of the "
        "images in your own registry), or at least authenticate pulls with an imagePullSecret on the pod or its "
        "ServiceAccount, so Docker Hub's anonymous rate limits cannot stop pods from starting."
    ),
)
def image_registry_unauthenticated(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Workloads whose pod templates pull images from Docker Hub (no registry host, or `docker.io`)
    with no `imagePullSecrets`, neither on the pod nor, when ServiceAccounts were collected, on its
    ServiceAccount. One image is one cause in its namespace (one mirror or pull secret fixes every
    pull of it): the workload that pulls it most often (a DaemonSet, `imagePullPolicy: Always`;
    one-shot work last, then input order) reports it, naming the namespace's other workloads that
    pull it, which get no finding of their own for it; a workload's finding names every image it
    reports in the evidence. Image fields
    a tool fills in (template syntax, `ko://` references, names no registry accepts, one-word names
    outside Docker Hub's official images, which are build artifacts) are not judged, and coverage
    counts them, and so is a container with `imagePullPolicy: Never`, which runs an image preloaded
    on the node and asks no registry. A container that
    only sleeps is judged like any other: its pulls count against the limit all the same (the e2e
    pods of the case below did nothing else). A registry mirror configured in the container runtime
    is not visible through
    the API; if you have one, disable this check in the config file. Helm test hooks and finished
    Jobs are not reported.

    ## Why it matters

    From 2 November 2020 Docker phased in pull rate limits on Docker Hub, reaching 100 pulls per
    six hours for anonymous users and 200 for free authenticated users by 18-20 November.
    Kubernetes clusters and CI pipelines that pulled from docker.io without credentials started
    failing with `toomanyrequests`, `ErrImagePull` and `ImagePullBackOff`, the Kubernetes
    project's own end-to-end tests among them; they were changed to stop depending on Docker Hub.
    Nothing had changed on the clusters themselves.

    ## Severity

    **low** by default: a rate-limited pull delays the pods that need the image on a new node.
    **medium** for a DaemonSet, which pulls on every node that joins (a node without its agent may not
    be usable at all), and for a container with `imagePullPolicy: Always`, which asks the registry on
    every start, except in bounded one-shot work (an install hook, a Job with a retry or time bound, a
    run-to-completion Pod), which pulls for one run: low whatever its pull policy (a refused pull holds
    up that run, or, for a hook, the install, upgrade, uninstall or sync that waits for it).

    ## Example

    ```yaml
    containers:
    - {name: cache, image: redis:7.2.4}       # docker.io/library/redis, anonymous
    ```

    ## Fix

    ```yaml
    containers:
    - {name: cache, image: registry.example.com/mirror/redis:7.2.4}
    ```
    """
    pullers = sorted(_anonymous_pullers(ctx), key=lambda p: (p.often is None, p.once))  # who pulls most, first
    owner: dict[tuple[str | None, str], _Puller] = {}  # an image is one cause in its namespace, one team's to fix
    for puller in pullers:
        for image in puller.images:
            owner.setdefault((puller.workload.ref.namespace, image), puller)
    others: dict[int, dict[str, None]] = {}  # per owner, the other workloads pulling its images, in order
    for puller in pullers:
        for image in sorted(puller.images):
            first = owner[(puller.workload.ref.namespace, image)]
            if first.workload.ref != puller.workload.ref:  # an object defined twice (alternative files) is one workload
                others.setdefault(id(first), {})[str(puller.workload.ref)] = None
    for puller in pullers:
        own = sorted(image for image in puller.images if owner[(puller.workload.ref.namespace, image)] is puller)
        if not own:
            continue
        also = list(others.get(id(puller), {}))
        after = (
            f", and {puller.often}."
            if puller.often
            else "; it is a hook, so a refused pull holds up the install, upgrade, uninstall or sync that waits for it."
            if puller.workload.is_hook
            else "; this runs once, so a refused pull delays that run alone."
            if puller.once
            else "."
        )
        shared = (
            f" {first_and_more(also)} {'pulls' if len(also) == 1 else 'pull'} the same image too: one cause, one fix."
            if also
            else ""
        )
        yield ctx.finding(
            puller.workload.obj,
            f"{len(own)} image(s) come from Docker Hub with no pull secret on the pod ({puller.where}): "
            f"{', '.join(own)}. Anonymous pulls are rate-limited{after}{shared}",
            *(e for e in puller.evidence if e.value is None or e.value in own),
            *([Evidence("also pulled by", also)] if also else []),
            severity="medium" if puller.often else "low",
        )


class _Puller(NamedTuple):
    """A workload that pulls Docker Hub images anonymously, and how often."""

    workload: Workload
    images: set[str]
    evidence: list[Evidence]
    where: str
    once: bool
    often: str | None


def _anonymous_pullers(ctx: Context) -> Iterator[_Puller]:
    """The workloads whose templates pull Docker Hub images with no pull secret on the pod or its ServiceAccount."""
    accounts_known = ctx.inventory.collected("ServiceAccount")
    for workload in audited_workloads(ctx.inventory):
        _say_filled_in(ctx, workload)
        evidence, images, accounts, absent = [], set(), set(), set()
        for template in workload.templates:
            fields = _fields(template)
            hub = [
                (path, image)
                for path, image in fields.judged
                if is_docker_hub(parse_image(image)) and path not in fields.never_pulled
            ]
            if not hub or _pull_secrets(template.spec):
                continue
            account_name = service_account(template)
            account = (
                ctx.inventory.get("ServiceAccount", workload.ref.namespace, account_name) if accounts_known else None
            )
            if account is not None and _pull_secrets(account):
                continue
            (accounts if account is not None else absent).add(account_name)
            images |= {image for _, image in hub}
            evidence += [Evidence(path, image) for path, image in hub] + [
                Evidence(spec_path(template, "imagePullSecrets"), None)
            ]
        if evidence:
            where = "; ".join(
                ([f"none on ServiceAccount {', '.join(sorted(accounts))}"] if accounts else [])
                + (
                    [f"ServiceAccount {', '.join(sorted(absent))} is not in the input, so its pull secrets are unknown"]
                    if absent and accounts_known
                    else []
                )
                + (["ServiceAccounts were not collected"] if not accounts_known else [])
            )
            once = bounded_one_shot(workload)
            yield _Puller(workload, images, evidence, where, once, None if once else _pulls_often(workload, images))


def _pulls_often(workload: Workload, images: set[str]) -> str | None:
    """Why the workload pulls its Docker Hub images more than once per new pod placement, if it does: a
    DaemonSet pulls on every node that joins, and ``imagePullPolicy: Always`` (the default for ``:latest``
    and untagged images) on every container start."""
    if workload.kind == "DaemonSet":
        return "a DaemonSet pulls them on every node that joins"
    for template in workload.templates:
        for _, container in containers(template.spec):
            image = container.get("image")
            if (
                isinstance(image, str)
                and image.strip() in images
                and _pull_policy(container, image.strip()) == "Always"
            ):
                return f"imagePullPolicy Always pulls {image.strip()} on every container start"
    return None


def _pull_policy(container: dict, image: str) -> str:
    """The container's image pull policy, with the API's default: Always for ``:latest`` or no tag (and no digest)."""
    policy = container.get("imagePullPolicy")
    if isinstance(policy, str) and policy:
        return policy
    ref = parse_image(image)
    return "Always" if ref.digest is None and ref.tag in (None, "latest") else "IfNotPresent"
