"""``image-registry-unauthenticated``: Images pulled anonymously from Docker Hub."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _fields, _say_filled_in
from kubegap.domain.containers import hub_reference, is_docker_hub, parse_image, spec_path
from kubegap.domain.podtemplates import Workload, bounded_one_shot
from kubegap.domain.reconcilers import service_account
from kubegap.domain.resources import as_list, containers
from kubegap.domain.withdrawn_images import withdrawn
from kubegap.domain.workloads import audited_workloads
from kubegap.wording import first_and_more

DOCKER_HUB = "docker-2020-hub-anonymous-pull-rate-limits"


def _pull_secrets(spec: dict) -> list[str]:
    return [
        s["name"]
        for s in as_list(spec.get("imagePullSecrets"))
        if isinstance(s, dict) and isinstance(s.get("name"), str)
    ]


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
    gone = ctx.left_to("image-withdrawn")  # a withdrawn tag stops its pods whatever the rate limit: one cause
    for workload in audited_workloads(ctx.inventory):
        _say_filled_in(ctx, workload)
        evidence: list[Evidence] = []
        images: set[str] = set()
        accounts: set[str] = set()
        absent: set[str] = set()
        for template in workload.templates:
            fields = _fields(template)
            hub = [
                (path, image)
                for path, image in fields.judged
                if is_docker_hub(parse_image(image))
                and path not in fields.never_pulled
                and not (gone and withdrawn(parse_image(image)))
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


def _one(image: str) -> str:
    """The image a reference names, however it is written: one image is one cause."""
    return hub_reference(parse_image(image))


def _cause(ctx: Context, puller: _Puller, image: str) -> tuple[str | None, str]:
    """One image in one namespace: one mirror or pull secret fixes every pull of it."""
    return ctx.inventory.home(puller.workload.ref.namespace), _one(image)


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
    ServiceAccount. One image is one cause in its namespace, however its reference is written (one mirror or pull
    secret fixes every pull of it; an object written without a namespace is in the install's): the workload that
    pulls it most often (a DaemonSet, `imagePullPolicy: Always`; one-shot work last, then input order) reports it, naming the namespace's other workloads that
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
    Jobs are not reported, nor are images their publisher has withdrawn from Docker Hub (versioned
    `docker.io/bitnami` tags), which `image-withdrawn` reports: no pull of them succeeds, rate-limited or not.

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
    rank: dict[tuple[str | None, str], tuple[bool, bool, bool]] = {}  # who pulls that image most often, first
    for puller in pullers:
        for image in puller.images:
            cause = _cause(ctx, puller, image)
            # one the audit does not exempt first, so one workload's exemption never hides another's pulls
            order = (
                ctx.exempts(puller.workload.obj),
                puller.once or _pulls_often(puller.workload, {image}) is None,
                puller.once,
            )
            if cause not in rank or order < rank[cause]:
                owner[cause], rank[cause] = puller, order
    others: dict[int, dict[str, None]] = {}  # per owner, the other workloads pulling its images, in order
    for puller in pullers:
        for image in sorted(puller.images):
            first = owner[_cause(ctx, puller, image)]
            if first.workload.ref != puller.workload.ref:  # an object defined twice (alternative files) is one workload
                others.setdefault(id(first), {})[str(puller.workload.ref)] = None
    for puller in pullers:
        owned: dict[str, str] = {}  # the images it reports, each named once, as its first spelling
        for image in sorted(puller.images):
            if owner[_cause(ctx, puller, image)] is puller:
                owned.setdefault(_one(image), image)
        own = sorted(owned.values())
        if not own:
            continue
        also = list(others.get(id(puller), {}))
        often = None if puller.once else _pulls_often(puller.workload, set(own))  # its own images' pulls alone
        after = (
            f", and {often}."
            if often
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
            *(e for e in puller.evidence if e.value is None or _one(str(e.value)) in owned),
            *([Evidence("also pulled by", also)] if also else []),
            severity="medium" if often else "low",
        )
