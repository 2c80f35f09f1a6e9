"""``image-tag-mutable``: Images on a floating tag (latest, stable...) or no tag."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.checks.containers._helpers import _fields, _say_filled_in, is_floating, one_cause_per_image
from kubegap.domain.containers import parse_image
from kubegap.domain.placeholders import PLACEHOLDER_REASON, only_placeholders
from kubegap.domain.podtemplates import Workload
from kubegap.domain.withdrawn_images import withdrawn
from kubegap.domain.workloads import AUTOSCALER_KINDS, NO_PODS, audited_workloads, runs_no_pods

MULTUS = "multus-2023-floating-image-tags-break-clusters"


STREAMNATIVE = "streamnative-2022-olm-latest-image-catalog-operator-crashloop"


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
    reads=["workloads", *AUTOSCALER_KINDS],
)
def image_tag_mutable(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers (init containers included) whose image has no digest and no tag, a tag in
    `mutable_tags` (default: `latest`, `stable`, `snapshot`, `edge`, `nightly`, `main`, `master`,
    `dev`, `alpine`, `slim`), a tag that ends with a moving channel (`latest`, `nightly`, `edge`,
    `snapshot`, `stable`) or starts with `latest` joined by a dash (`main-latest`,
    `latest-alpine`), a tag that starts with another moving channel followed only by variant words
    without a number (`snapshot-thick`, `stable-alpine`; `nightly-20240611` names one build), or a major-only version, alone or with a variant (`python:3`,
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
    copies, downloads or runs a program is judged). Nor is a tag its publisher withdrew (`bitnami/postgresql:16`)
    where `image-withdrawn` runs in the same audit and the image is pulled: it moves no more, and that check reports
    the pull that fails (one cause, one finding). Helm test
    hooks and finished Jobs are not reported. One finding per workload, with every such image in
    the evidence; an image that several workloads of one namespace run, written in one file, is one cause, one pin
    (a chart's render, one image value), reported once, on the first that runs it (one the audit does not exempt
    from this check, by its `kubegap.io/ignore` annotation or a configured exemption, before one it does, so one
    workload's exemption never hides another's image, a hook's among them; then a running workload before a hook),
    naming the others (files beside it may be alternatives never applied together, or examples each pinned in its
    own)
    (Drive's backend image on `latest`, set once and read by eight workloads: seven judged repeats).

    ## Why it matters

    With a floating tag, what runs depends on when a node pulled the image, and an upstream
    release reaches the cluster without any change to it. Multus's example DaemonSet manifests
    used the tags `stable` and `snapshot`; when those moved to an incompatible release, clusters
    that had run Multus for months broke overnight, because the old manifest's init container ran
    `cp`, which the new image no longer contained. StreamNative's Helm chart for OLM deployed the
    `latest` images; when upstream changed how the CLI took its arguments, catalog-operator pods
    crash-looped, more than once, until the chart pinned a release.

    ## Severity

    **Medium**: two nodes can run different code under one name, and a rollback may not return to
    the code that ran. **Low** for a Helm or Argo CD hook: it runs once, when an install, upgrade,
    uninstall or sync runs it, so a changed image breaks that step, not the running application.

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
    gone = ctx.left_to("image-withdrawn")  # a withdrawn tag moves no more: image-withdrawn reports its pull
    found: list[tuple[Workload, list[Evidence]]] = []
    for workload in audited_workloads(ctx.inventory):
        if only_placeholders(workload):
            ctx.not_judged(workload.obj, PLACEHOLDER_REASON)
            continue
        evidence = [
            Evidence(path, image)
            for template in workload.templates
            for fields in (_fields(template),)
            for path, image in fields.judged
            if (ref := parse_image(image)).digest is None
            and (ref.tag is None or is_floating(ref.tag, floating))
            and not (gone and path not in fields.never_pulled and withdrawn(ref))
        ]
        if runs_no_pods(ctx.inventory, workload):
            # a floating tag moves nothing that runs; one a controller fills in is not known here either
            if evidence or any(_fields(t).filled for t in workload.templates):
                ctx.not_judged(workload.obj, NO_PODS)
            continue
        _say_filled_in(ctx, workload)
        if evidence:
            found.append((workload, evidence))
    for cause in one_cause_per_image(ctx, found, lesser=lambda workload: workload.is_hook):
        workload, own = cause.workload, cause.own
        shown = ", ".join(sorted({str(e.value) for e in own}))
        hook = workload.is_hook
        yield ctx.finding(
            workload.obj,
            f"{len(own)} image(s) use a floating tag or none ({shown}): what runs depends on when it was pulled"
            + (
                "; it is a hook, so a changed image breaks the install, upgrade, uninstall or sync that runs it."
                if hook
                else "."
            )
            + cause.said(),
            *own,
            *cause.others(),
            severity="low" if hook else None,
        )
