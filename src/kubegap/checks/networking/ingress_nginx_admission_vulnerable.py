"""``ingress-nginx-admission-vulnerable``: ingress-nginx controllers vulnerable to IngressNightmare with the admission webhook enabled."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubegap.checks.base import Context, Evidence, Finding, check
from kubegap.domain.containers import app_containers, container_name
from kubegap.domain.podtemplates import BUILTIN_CONTROLLERS
from kubegap.domain.resources import command_words
from kubegap.domain.tokens import Words
from kubegap.domain.workloads import audited_workloads

INGRESSNIGHTMARE = "kubernetes-2025-ingressnightmare-ingress-nginx-admission-rce"


INGRESS_NGINX_IMAGES = Words(("ingress-nginx/controller", "kubernetes-ingress-controller/nginx-ingress-controller"))


_TAG = re.compile(r":v?(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.]+)?(?:@sha256:[0-9a-f]+)?$")


PATCHED = ((1, 11, 5), (1, 12, 1))
"""The first fixed release of each maintained line; every earlier release is affected."""


def ingress_nginx_version(image: str) -> tuple[int, int, int] | None:
    """The controller version in an ingress-nginx image reference, or None when it is not one or has no version tag."""
    if image not in INGRESS_NGINX_IMAGES:
        return None
    match = _TAG.search(image)
    return (int(match.group(1)), int(match.group(2)), int(match.group(3))) if match else None


def _unpatched(version: tuple[int, int, int]) -> bool:
    """Before v1.11.5, or v1.12.0 (its pre-releases parse as 1.12.0 too)."""
    return version < PATCHED[0] or (1, 12, 0) <= version < PATCHED[1]


@check(
    id="ingress-nginx-admission-vulnerable",
    title="ingress-nginx controllers vulnerable to IngressNightmare with the admission webhook enabled",
    severity="critical",
    category="networking",
    cases=[INGRESSNIGHTMARE],
    reads=["workloads", *BUILTIN_CONTROLLERS, "Pod"],
    fix=(
        "Upgrade the ingress-nginx controller to v1.11.5, v1.12.1 or later; until then, disable its validating "
        "admission webhook and make sure only the API server can reach the webhook's port. Plan a migration: the "
        "community ingress-nginx project is retired."
    ),
)
def ingress_nginx_admission_vulnerable(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Containers running the community ingress-nginx controller image
    (`registry.k8s.io/ingress-nginx/controller`, and the older
    `quay.io/kubernetes-ingress-controller/nginx-ingress-controller`) at a version before v1.11.5,
    or v1.12.0, whose arguments enable the validating admission webhook (`--validating-webhook`).
    Images pinned by digest alone carry no version and are not judged.

    ## Why it matters

    On 24 March 2025 a chain of five vulnerabilities in ingress-nginx, IngressNightmare, was
    disclosed. The admission controller builds an NGINX configuration from each Ingress it
    validates and tests it with `nginx -t`; crafted Ingress objects sent to it could inject
    directives and, with the `ssl_engine` directive, load a shared library. The most severe,
    CVE-2025-1974 (CVSS 9.8), lets anything on the pod network take over the cluster without
    credentials. Patches shipped in v1.11.5 and v1.12.1; more than 6,500 clusters exposed the
    webhook to the internet.

    ## Severity

    Always **critical**: a known vulnerability that gives code execution in the controller, and with it
    the Secrets the controller can read.

    ## Example

    ```yaml
    containers:
    - name: controller
      image: registry.k8s.io/ingress-nginx/controller:v1.12.0
      args: [/nginx-ingress-controller, --validating-webhook=:8443]
    ```

    ## Fix

    ```yaml
    containers:
    - name: controller
      image: registry.k8s.io/ingress-nginx/controller:v1.12.1
    ```
    """
    for workload in audited_workloads(ctx.inventory):
        evidence = []
        for _, path, container in app_containers(workload):
            image = container.get("image")
            version = ingress_nginx_version(image) if isinstance(image, str) else None
            if not version or not _unpatched(version):
                continue  # the flags are read only for an affected controller
            words = command_words(container)
            webhook = next(
                (w for w in words if w.startswith("--validating-webhook") and w != "--validating-webhook="), None
            )
            if webhook:
                evidence.append(
                    Evidence(
                        f"{path}.image", {"container": container_name(container), "image": image, "webhook": webhook}
                    )
                )
        if evidence:
            yield ctx.finding(
                workload.obj,
                f"ingress-nginx {', '.join(e.value['image'].rsplit(':', 1)[-1] for e in evidence)} runs its admission "
                "webhook unpatched for IngressNightmare (CVE-2025-1974): anything on the pod network can inject NGINX "
                "configuration and execute code in the controller, which can read the cluster's Secrets.",
                *evidence,
            )
