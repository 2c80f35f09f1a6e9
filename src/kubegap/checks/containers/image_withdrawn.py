"""``image-withdrawn``: Images their publisher has withdrawn from the registry."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _fields, _say_filled_in, one_cause_per_image
from kubegap.domain.containers import parse_image
from kubegap.domain.podtemplates import Workload, bounded_one_shot
from kubegap.domain.withdrawn_images import withdrawn
from kubegap.domain.workloads import audited_workloads
from kubegap.wording import some_and_more

BITNAMI = "bitnami-2025-versioned-images-withdrawn-from-docker-hub"
KUBEBUILDER = "kubebuilder-2026-gcr-images-removed-kube-rbac-proxy"


@check(
    id="image-withdrawn",
    title="Images their publisher has withdrawn from the registry",
    severity="high",
    category="containers",
    cases=[BITNAMI, KUBEBUILDER],
    reads=["workloads"],
    precision="high",
    fix=(
        "Copy the image into a registry you control and point the workload at the copy (the publisher's legacy "
        "repository holds many withdrawn tags, with no updates and not every tag), then move to an image someone "
        "maintains: the project's own, a newer chart's default, or the publisher's supported catalog."
    ),
)
def image_withdrawn(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers, init containers included, whose image is one its publisher has withdrawn from the registry it
    names: a versioned tag of an image under `docker.io/bitnami` (written `bitnami/<name>:<tag>`,
    `docker.io/bitnami/...` or through another Docker Hub host), whose versioned tags Bitnami moved to
    `docker.io/bitnamilegacy` from 28 August 2025 (`kubegap.domain.withdrawn_images`), but Sealed Secrets and
    minideb, which Bitnami said would stay. `latest` and untagged references are not judged (Bitnami kept `latest`
    for some images and not for others), nor is a digest without a tag (a tag with a digest is still the withdrawn
    tag), nor other registries and namespaces (`bitnamilegacy`, `quay.io/bitnami`). And every reference, whatever
    its tag or digest, to an image under `gcr.io/kubebuilder`: the `kube-rbac-proxy` sidecar that Kubebuilder's
    scaffold put in operators' pods, whose every tag failed to pull from March 2026 once Google's Container Registry
    was shut down, while `registry.k8s.io/kubebuilder` and `quay.io/brancz` serve it (the finding's fix says so).
    A registry mirror or pull-through
    cache configured in the container runtime, which may still hold the tag, is not visible through the API; if you
    have one, disable this check in the config file. A container with
    `imagePullPolicy: Never` runs an image preloaded on its node and asks no registry; image fields a tool fills in
    are counted in coverage as not judged, as for the other image checks. One finding per workload names every
    withdrawn image it pulls; an image that several workloads of one namespace run, written in one file, is one
    cause, one fix, and is reported once, naming the others, as `image-tag-mutable` does: on a workload no
    exemption covers, and a running one before a one-shot Job, so at the most the image can cost
    (Nebuly's GPU partitioner, GPU agent and MIG agent, whose chart sets one proxy image: judged repeats of the
    first). `image-registry-unauthenticated` leaves these images to this check: what stops their
    pods is a tag that is gone, not a rate limit.

    ## Why it matters

    Bitnami announced in July 2025 that its public catalog on Docker Hub would keep only a few hardened images,
    on `latest`, and that every existing image, versioned tags included, would move to a legacy repository with no
    further updates. Charts and manifests pinned to `docker.io/bitnami/<image>:<version>` kept deploying, and
    then failed to pull: a cluster whose kubelet backed off pulling `docker.io/bitnami/influxdb:2.0.6`, a
    production fluent-bit stuck in image pull back-off, versioned PostgreSQL tags not found while `latest` still
    pulled. Pods already running keep their cached image; the next one placed on another node does not start.

    Kubebuilder warned that the images it hosted under `gcr.io/kubebuilder` would be unavailable with Google's
    Container Registry; operators scaffolded before it dropped the `kube-rbac-proxy` sidecar still named
    `gcr.io/kubebuilder/kube-rbac-proxy` in their manifests, charts and bundles. In March 2026 its pulls began to
    fail as "manifest unknown", and installs of the AWX operator, the Samba operator, Kubero and others left their
    controller-manager pods in image pull back-off: one container of the pod could not be pulled, so the operator
    whose own image still pulled never ran.

    ## Severity

    **high**: no new pod of the workload becomes ready on a node that has not cached the image (the container
    that names it never starts, though others of the pod may), so a rollout, a reschedule after a node's loss or
    drain, and a scale-up all stop at the pull. **medium** for bounded one-shot
    work (an install hook, a Job with a retry or time bound, a run-to-completion pod): its next run, or the install
    or upgrade that waits for it, fails at the pull.

    ## Example

    ```yaml
    containers:
    - {name: postgresql, image: docker.io/bitnami/postgresql:16.2.0-debian-12-r6}
    ```

    ## Fix

    ```yaml
    containers:
    - {name: postgresql, image: registry.example.com/mirror/postgresql:16.2.0-debian-12-r6}  # a copy you control
    ```
    """
    found: list[tuple[Workload, list[Evidence]]] = []
    for workload in audited_workloads(ctx.inventory):
        _say_filled_in(ctx, workload)
        evidence = [
            Evidence(path, image)
            for template in workload.templates
            for fields in (_fields(template),)
            for path, image in fields.judged
            if path not in fields.never_pulled and withdrawn(parse_image(image)) is not None
        ]
        if evidence:
            found.append((workload, evidence))
    for cause in one_cause_per_image(ctx, found, lesser=bounded_one_shot):
        workload, own = cause.workload, cause.own
        images = list(dict.fromkeys(str(e.value) for e in own))
        withdrawals = list(dict.fromkeys(w for image in images if (w := withdrawn(parse_image(image))) is not None))
        once = bounded_one_shot(workload)
        it = "it" if len(images) == 1 else "them"
        yield ctx.finding(
            workload.obj,
            f"{len(images)} image(s) withdrawn by their publisher from the registry they name: "
            f"{some_and_more(images)} ({'; '.join(w.said for w in withdrawals)}): "
            + (
                "its next run, or the install or upgrade waiting for it, fails at the pull."
                if once
                else f"a pod placed on a node that has not cached {it} cannot pull {it}, so its container never starts "
                "and no new pod becomes ready."
            )
            + cause.said(),
            *own,
            *cause.others(),
            severity="medium" if once else None,
            remediation=" ".join(dict.fromkeys(w.fix or ctx.check.fix for w in withdrawals)),
        )
