"""Pod templates that refer to ConfigMaps, Secrets, ServiceAccounts or claims that do not exist."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks._common import audited_workloads, is_live, spec_path
from kubegap.checks.base import Context, Evidence, Finding, Skip, check
from kubegap.resources import annotations, as_dict, as_list, containers
from kubegap.workloads import PodTemplate

OPENMETADATA = "openmetadata-2023-helm-upgrade-hooks-secret-not-found"
PRE_HOOKS = frozenset({"pre-install", "pre-upgrade"})

KINDS = ("ConfigMap", "Secret", "ServiceAccount", "PersistentVolumeClaim")


def _ref(kind: str, value, path: str, optional=None) -> Iterator[tuple[str, str, str]]:
    if isinstance(value, str) and value and optional is not True:
        yield kind, value, path


def _volume_refs(template: PodTemplate) -> Iterator[tuple[str, str, str]]:
    for index, volume in enumerate(as_list(template.spec.get("volumes"))):
        if not isinstance(volume, dict):
            continue
        base = spec_path(template, f"volumes[{index}]")
        config_map, secret = as_dict(volume.get("configMap")), as_dict(volume.get("secret"))
        yield from _ref("ConfigMap", config_map.get("name"), f"{base}.configMap.name", config_map.get("optional"))
        yield from _ref("Secret", secret.get("secretName"), f"{base}.secret.secretName", secret.get("optional"))
        claim = as_dict(volume.get("persistentVolumeClaim"))
        yield from _ref("PersistentVolumeClaim", claim.get("claimName"), f"{base}.persistentVolumeClaim.claimName")
        for position, source in enumerate(as_list(as_dict(volume.get("projected")).get("sources"))):
            for field, kind in (("configMap", "ConfigMap"), ("secret", "Secret")):
                item = as_dict(as_dict(source).get(field))
                yield from _ref(kind, item.get("name"), f"{base}.projected.sources[{position}].{field}.name", item.get("optional"))


def _container_refs(template: PodTemplate) -> Iterator[tuple[str, str, str]]:
    for path, container in containers(template.spec):
        base = spec_path(template, path)
        for index, env in enumerate(as_list(container.get("env"))):
            source = as_dict(as_dict(env).get("valueFrom"))
            for field, kind in (("configMapKeyRef", "ConfigMap"), ("secretKeyRef", "Secret")):
                item = as_dict(source.get(field))
                yield from _ref(kind, item.get("name"), f"{base}.env[{index}].valueFrom.{field}.name", item.get("optional"))
        for index, env_from in enumerate(as_list(container.get("envFrom"))):
            for field, kind in (("configMapRef", "ConfigMap"), ("secretRef", "Secret")):
                item = as_dict(as_dict(env_from).get(field))
                yield from _ref(kind, item.get("name"), f"{base}.envFrom[{index}].{field}.name", item.get("optional"))


def pre_hooks(obj: dict) -> frozenset[str]:
    """The Helm pre-install/pre-upgrade hooks an object is, from its ``helm.sh/hook`` annotation."""
    return frozenset(p.strip() for p in annotations(obj).get("helm.sh/hook", "").split(",")) & PRE_HOOKS


def references(template: PodTemplate) -> Iterator[tuple[str, str, str]]:
    """``(kind, name, path)`` of every required reference a pod template makes."""
    yield from _volume_refs(template)
    yield from _container_refs(template)
    for index, secret in enumerate(as_list(template.spec.get("imagePullSecrets"))):
        yield from _ref("Secret", as_dict(secret).get("name"), spec_path(template, f"imagePullSecrets[{index}].name"))
    account = template.spec.get("serviceAccountName")
    if account != "default":  # every namespace has a default ServiceAccount, though manifests rarely define it
        yield from _ref("ServiceAccount", account, spec_path(template, "serviceAccountName"))


@check(
    id="dangling-reference",
    title="References to missing ConfigMaps, Secrets, ServiceAccounts or PersistentVolumeClaims",
    severity="high",
    category="containers",
    cases=[OPENMETADATA],
    reads=["workloads", *KINDS],
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
    `default`) and claim volumes. References marked `optional: true` are fine. Each kind is only
    judged when it was collected; Secrets are matched by name, never by content. StatefulSet volume
    claim templates create their claims and are not references. In rendered manifests, a Helm
    `pre-install` or `pre-upgrade` hook that refers to an object of the release that is not
    itself such a hook is reported too: Helm runs the hook before it creates that object.

    ## Why it matters

    A pod whose ConfigMap, Secret or claim is missing does not start: it fails with
    `CreateContainerConfigError` or waits for the volume. Upgrades of the OpenMetadata Helm chart
    from versions before 0.0.51 failed because the chart's pre-upgrade hook pods referred to the
    Secret `openmetadata-secret`, which the upgrade itself was going to create; Helm runs
    pre-upgrade hooks before the release's regular resources, so the hook pods sat in
    `CreateContainerConfigError` and the upgrade could not proceed.

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
    for workload in audited_workloads(ctx.inventory):
        ns = workload.ref.namespace
        hooks = pre_hooks(workload.obj)
        missing, later = [], []
        for template in workload.templates:
            for kind, ref_name, path in references(template):
                if kind not in known:
                    continue
                target = ctx.inventory.get(kind, ns, ref_name)
                if target is None:
                    missing.append(Evidence(path, f"{kind} {ref_name}"))
                elif hooks and not is_live(target) and not hooks & pre_hooks(target):
                    later.append(Evidence(path, f"{kind} {ref_name}"))
        if missing:
            yield ctx.finding(
                workload.obj,
                f"{len(missing)} reference(s) to objects that do not exist in namespace {ns or '(none)'}: "
                + ", ".join(sorted({e.value for e in missing})) + ".",
                *missing,
            )
        if later:
            yield ctx.finding(
                workload.obj,
                f"This Helm {', '.join(sorted(hooks))} hook refers to "
                + ", ".join(sorted({e.value for e in later}))
                + ", which Helm creates only after the hook has run.",
                *later,
            )
