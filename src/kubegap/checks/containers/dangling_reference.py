"""``dangling-reference``: References to missing ConfigMaps, Secrets, ServiceAccounts or PersistentVolumeClaims."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TypeGuard

from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.domain.absence import missing_said
from kubegap.domain.containers import spec_path, used_volumes
from kubegap.domain.helm import rendered_by_chart
from kubegap.domain.podtemplates import PodTemplate, helm_hooks
from kubegap.domain.resources import as_dict, as_list, containers, dig
from kubegap.domain.roles import RBAC_KINDS
from kubegap.domain.status import is_live
from kubegap.domain.workloads import audited_workloads

OPENMETADATA = "openmetadata-2023-helm-upgrade-hooks-secret-not-found"


PRE_HOOKS = frozenset({"pre-install", "pre-upgrade"})
UPGRADE_HOOK = (
    "a pre-upgrade hook that refers to a regular object of its release: only the upgrade that first adds the "
    "object runs the hook before it exists, and one render cannot show which upgrade that is (audit the cluster "
    "while it upgrades, or compare the chart's versions)"
)
HOOK_FIX = (
    "Create what the hook needs as a hook of the same events with a lower helm.sh/hook-weight, so that Helm "
    "makes it before this hook runs, and keep the regular object for the workloads (a hook's objects are not "
    "part of the release), or make the reference optional where the hook can do without it."
)


KINDS = ("ConfigMap", "Secret", "ServiceAccount", "PersistentVolumeClaim")


EVERY_NAMESPACE = {"ConfigMap": frozenset({"kube-root-ca.crt"})}
"""Objects Kubernetes itself publishes in every namespace (the cluster's CA bundle, since 1.20)."""


_DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$")


_TOKEN_SECRET = re.compile(r"^[a-z0-9]([-a-z0-9.]*[a-z0-9])?-token-[a-z0-9]{5}$")
"""The name the token controller gives a ServiceAccount's legacy token Secret: ``<account>-token-<5 chars>``."""


def _required(value: object, optional: object = None) -> TypeGuard[str]:
    """Whether a reference names an object the pod cannot start without."""
    return isinstance(value, str) and bool(value) and optional is not True


def _volume_refs(volumes: list) -> list[tuple[int, str, str, str]]:
    """``(volume index, kind, name, field within the volume)`` of every required reference of a volumes list."""
    found = []
    for index, volume in enumerate(volumes):
        if not isinstance(volume, dict):
            continue
        config_map, secret = as_dict(volume.get("configMap")), as_dict(volume.get("secret"))
        if _required(value := config_map.get("name"), config_map.get("optional")):
            found.append((index, "ConfigMap", value, "configMap.name"))
        if _required(value := secret.get("secretName"), secret.get("optional")):
            found.append((index, "Secret", value, "secret.secretName"))
        if _required(value := as_dict(volume.get("persistentVolumeClaim")).get("claimName")):
            found.append((index, "PersistentVolumeClaim", value, "persistentVolumeClaim.claimName"))
        for position, source in enumerate(as_list(as_dict(volume.get("projected")).get("sources"))):
            for field, kind in (("configMap", "ConfigMap"), ("secret", "Secret")):
                item = as_dict(as_dict(source).get(field))
                if _required(value := item.get("name"), item.get("optional")):
                    found.append((index, kind, value, f"projected.sources[{position}].{field}.name"))
    return found


def _container_refs(template: PodTemplate, found: list[tuple[str, str, str]]) -> None:
    for path, container in containers(template.spec):
        base = spec_path(template, path)
        for index, env in enumerate(as_list(container.get("env"))):
            source = as_dict(env).get("valueFrom")
            if not isinstance(source, dict):
                continue  # a plain value: most variables
            for field, kind in (("configMapKeyRef", "ConfigMap"), ("secretKeyRef", "Secret")):
                item = source.get(field)  # most are fieldRefs: neither field
                if isinstance(item, dict) and _required(value := item.get("name"), item.get("optional")):
                    found.append((kind, value, f"{base}.env[{index}].valueFrom.{field}.name"))
        for index, env_from in enumerate(as_list(container.get("envFrom"))):
            for field, kind in (("configMapRef", "ConfigMap"), ("secretRef", "Secret")):
                item = as_dict(as_dict(env_from).get(field))
                if _required(value := item.get("name"), item.get("optional")):
                    found.append((kind, value, f"{base}.envFrom[{index}].{field}.name"))


def _volume_name(template: PodTemplate, path: str) -> str | None:
    """The name of the volume a ``...volumes[i]...`` reference path points into."""
    match = re.search(r"\.volumes\[(\d+)\]", path)
    volume_name = dig(template.spec, "volumes", int(match.group(1)), "name") if match else None
    return volume_name if isinstance(volume_name, str) else None


def _released(ctx: Context, obj: dict, hook: dict) -> bool:
    """Whether an object is one the hook's Helm release creates: it carries the release's marks (the audit rendered
    its chart, Helm's labels, or the ``# Source:`` comment of ``helm template``), or the hook carries none either,
    so nothing tells them apart. An unmarked object beside a marked hook was made outside the release (DataHub's
    README has users create its database Secrets before ``helm install``)."""
    return _marked(ctx, obj) or not _marked(ctx, hook)


def _marked(ctx: Context, obj: dict) -> bool:
    """Read from a cluster (where Helm's release owns what it made), or rendered by a chart."""
    origin = ctx.inventory.origin(obj)
    return origin is None or rendered_by_chart(obj, origin)


def pre_hooks(obj: dict) -> frozenset[str]:
    """The Helm pre-install/pre-upgrade hooks an object is, from its ``helm.sh/hook`` annotation."""
    return helm_hooks(obj) & PRE_HOOKS


def _made_by_kubernetes(kind: str, ref_name: str) -> bool:
    """Objects Kubernetes itself makes: the CA bundle it publishes in every namespace, and the legacy token
    Secret of a ServiceAccount."""
    return ref_name in EVERY_NAMESPACE.get(kind, ()) or (kind == "Secret" and bool(_TOKEN_SECRET.match(ref_name)))


def references(
    template: PodTemplate, by_volumes: dict[int, list[tuple[int, str, str, str]]] | None = None
) -> list[tuple[str, str, str]]:
    """``(kind, name, path)`` of every required reference a pod template makes.

    ``by_volumes`` keeps the references of each volumes list by ``id`` while the caller holds the
    templates: equal volumes lists are shared (a whole cluster's templates hold a few dozen)."""
    found: list[tuple[str, str, str]] = []
    volumes = as_list(template.spec.get("volumes"))
    refs = by_volumes.get(id(volumes)) if by_volumes is not None and volumes else None
    if refs is None:
        refs = _volume_refs(volumes)
        if by_volumes is not None and volumes:
            by_volumes[id(volumes)] = refs
    used = used_volumes(template) if refs else frozenset()
    for index, kind, referred, field in refs:
        if isinstance(volume_name := dig(volumes, index, "name"), str) and volume_name in used:
            # the kubelet skips a volume no container uses
            found.append((kind, referred, f"{spec_path(template, f'volumes[{index}]')}.{field}"))
    _container_refs(template, found)
    for index, secret in enumerate(as_list(template.spec.get("imagePullSecrets"))):
        if _required(value := as_dict(secret).get("name")):
            found.append(("Secret", value, spec_path(template, f"imagePullSecrets[{index}].name")))
    account = template.spec.get("serviceAccountName")
    if account != "default" and _required(
        account
    ):  # every namespace has a default ServiceAccount, though manifests rarely define it
        found.append(("ServiceAccount", account, spec_path(template, "serviceAccountName")))
    return found


@check(
    id="dangling-reference",
    title="References to missing ConfigMaps, Secrets, ServiceAccounts or PersistentVolumeClaims",
    severity="medium",
    category="containers",
    cases=[OPENMETADATA],
    reads=["workloads", *KINDS, *RBAC_KINDS],
    fix=(
        "Create the missing object in the workload's namespace (or fix the name), deploy it before the workload, "
        "or mark a reference that may legitimately be absent as optional: true."
    ),
)
def dangling_reference(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Pod templates of top-level workloads that need a ConfigMap, Secret, ServiceAccount or
    PersistentVolumeClaim in their namespace that does not exist: volumes (including projected
    sources), `env[].valueFrom`, `envFrom`, `imagePullSecrets`, `serviceAccountName` (other than
    `default`) and claim volumes. References marked `optional: true` are fine, and so are those of a volume no
    container mounts or attaches: the kubelet sets up only the volumes its containers use, so the pod starts. Each kind is only
    judged when it was collected; Secrets are matched by name, never by content. StatefulSet volume
    claim templates create their claims and are not references.

    Objects that other objects create are not missing: the `kube-root-ca.crt` ConfigMap that
    Kubernetes publishes in every namespace, legacy ServiceAccount token Secrets
    (`<account>-token-<suffix>`), the Secrets of cert-manager Certificates (`secretName`),
    ExternalSecrets (`target.name`) and SealedSecrets, and Secrets in a namespace where a Role
    lets a workload's ServiceAccount create Secrets (a workload that generates its own password).
    Names that are not valid object names (`__PVC_NAME__`, `${CLAIM}`) are template placeholders
    and are not judged. In manifests, which keep Secrets out of version control and often leave
    claims and ConfigMaps to other tooling, a kind is only judged where the files of the
    workload's own directory define objects of that kind in its namespace (Secrets: only ones
    read from a cluster, with a `resourceVersion`); other directories are other applications.
    In rendered manifests, a Helm
    `pre-install` hook that refers to an object of the release that is not itself such a hook is
    reported too: Helm runs the hook before it creates that object, on every install. An object that carries
    none of the release's marks (Helm's labels, the `# Source:` comment of `helm template`) beside a hook that
    does was made outside the release, as a README's `kubectl create secret` before `helm install` is, and is
    not reported so. A hook that is
    only `pre-upgrade` meets such an object missing only on the upgrade that first adds it; a release
    installed with the object has it when the hook runs, and one render cannot show which upgrade adds
    what. Such a reference is counted in the check's coverage as not judged. On a cluster, the hook's
    Job and its missing object are seen as they are (a closed world), as in the OpenMetadata case.

    ## Why it matters

    A pod whose ConfigMap, Secret or claim is missing does not start: it fails with
    `CreateContainerConfigError` or waits for the volume. Upgrades of the OpenMetadata Helm chart
    from versions before 0.0.51 failed because the chart's pre-upgrade hook pods referred to the
    Secret `openmetadata-secret`, which the upgrade itself was going to create; Helm runs
    pre-upgrade hooks before the release's regular resources, so the hook pods sat in
    `CreateContainerConfigError` and the upgrade could not proceed.

    ## Severity

    Always **medium**: the pods of one workload cannot start (or start without the setting) until the
    object exists.

    ## Example

    ```yaml
    envFrom:
    - configMapRef: {name: api-settings}     # no ConfigMap api-settings in the namespace
    ```

    ## Fix

    ```yaml
    envFrom:
    - configMapRef: {name: api-settings, optional: true}   # or create api-settings first
    ```
    """
    known = [k for k in KINDS if ctx.inventory.collected(k)]
    if not known:
        raise Skip("none of ConfigMaps, Secrets, ServiceAccounts or PersistentVolumeClaims were collected")
    by_volumes: dict[int, list[tuple[int, str, str, str]]] = {}
    for workload in audited_workloads(ctx.inventory):
        ns = workload.ref.namespace
        hooks = pre_hooks(workload.obj)
        missing, how, later = [], [], []
        for template in workload.templates:
            shadowed = template.claim_templates
            for kind, ref_name, path in references(template, by_volumes):
                if kind not in known or not _DNS_SUBDOMAIN.match(ref_name) or _made_by_kubernetes(kind, ref_name):
                    continue
                if kind == "PersistentVolumeClaim" and _volume_name(template, path) in shadowed:
                    continue
                target = ctx.inventory.get(kind, ns, ref_name)
                if target is None:
                    said = missing_said(ctx, kind, ns, ref_name, workload.obj)
                    if said is None:
                        continue
                    missing.append(Evidence(path, f"{kind} {ref_name}"))
                    how.append(f"{kind} {ref_name}{said}")
                elif (
                    hooks
                    and not is_live(target)
                    and not hooks & pre_hooks(target)
                    and _released(ctx, target, workload.obj)
                ):
                    if "pre-install" in hooks:
                        later.append(Evidence(path, f"{kind} {ref_name}"))
                    else:
                        ctx.not_judged(workload.obj, UPGRADE_HOOK)
        if missing:
            yield ctx.finding(
                workload.obj,
                f"{len(missing)} reference(s) to objects that do not exist in namespace {ns or '(none)'}: "
                + ", ".join(sorted(set(how)))
                + ".",
                *missing,
            )
        if later:
            yield ctx.finding(
                workload.obj,
                f"This Helm {', '.join(sorted(hooks))} hook refers to "
                + ", ".join(sorted({e.value for e in later}))
                + ", which Helm creates only after the hook has run.",
                *later,
                remediation=HOOK_FIX,
            )
