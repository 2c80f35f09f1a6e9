"""``default-storageclass-multiple``: More than one default StorageClass."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.resources import name

SECOND_DEFAULT = "kubernetes-user-2020-second-default-storageclass-rejects-pvcs"


DEFAULT_CLASS_ANNOTATIONS = (
    "storageclass.kubernetes.io/is-default-class",
    "storageclass.beta.kubernetes.io/is-default-class",
)


@check(
    id="default-storageclass-multiple",
    title="More than one default StorageClass",
    severity="medium",
    category="storage",
    cases=[SECOND_DEFAULT],
    requires=["StorageClass"],
    fix=(
        'Keep exactly one StorageClass annotated storageclass.kubernetes.io/is-default-class: "true"; '
        "when changing the default, remove the annotation from the old class in the same change."
    ),
)
def default_storageclass_multiple(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    StorageClasses annotated `storageclass.kubernetes.io/is-default-class: "true"` (or the old
    beta annotation): more than one is reported once, naming them all.

    ## Why it matters

    A user on AWS added a gp2-encrypted StorageClass marked as default while the existing gp2 class
    kept its default annotation. With two defaults, every PersistentVolumeClaim without an explicit
    class was rejected with "2 default StorageClasses were found". Kubernetes later changed this so
    that the newest default is chosen instead of an error; claims that omit storageClassName still
    depend entirely on which class that is.

    ## Severity

    Always **medium**: claims that name no class get an arbitrary one of the defaults.

    ## Example

    ```yaml
    kind: StorageClass
    metadata: {name: gp2, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
    ---
    kind: StorageClass
    metadata: {name: gp2-encrypted, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
    ```

    ## Fix

    ```sh
    kubectl annotate storageclass gp2 storageclass.kubernetes.io/is-default-class=false --overwrite
    ```
    """
    defaults = [
        sc
        for sc in ctx.inventory.of_kind("StorageClass")
        if any(metadata_annotations(sc).get(key) == "true" for key in DEFAULT_CLASS_ANNOTATIONS)
    ]
    if len(defaults) > 1:
        yield ctx.finding(
            ctx.cluster,
            f"{len(defaults)} StorageClasses are marked default: claims without a class get the newest one, "
            "and older clusters reject them.",
            Evidence("StorageClass metadata.annotations[is-default-class]", sorted(name(sc) for sc in defaults)),
        )
