"""kube-proxy's settings, from its kube-system DaemonSet's flags and its KubeProxyConfiguration."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap import yamlload
from kubegap.domain.podtemplates import pod_templates
from kubegap.domain.resources import as_dict, command_words, containers
from kubegap.domain.scoped_inventory import Readable

KUBE_PROXY_CONFIGMAPS = ("kube-proxy", "kube-proxy-config")
"""The kube-system ConfigMaps that hold kube-proxy's KubeProxyConfiguration."""


def kube_proxy_containers(inventory: Readable) -> Iterator[tuple[dict, str, dict]]:
    """``(DaemonSet, field path, container)`` for each container of the kube-system/kube-proxy DaemonSet."""
    daemonset = inventory.get("DaemonSet", "kube-system", "kube-proxy")
    if daemonset is None:
        return
    for template in pod_templates(daemonset):
        for path, container in containers(template.spec, init=False):
            yield daemonset, f"{template.path}.spec.{path}", container


def kube_proxy_flags(inventory: Readable) -> Iterator[tuple[dict, str, dict[str, str]]]:
    """``(DaemonSet, field path of the command, {flag: value})`` for each kube-proxy container: the
    ``--flag=value`` words of its command and args (a repeated flag keeps its last value)."""
    for daemonset, path, container in kube_proxy_containers(inventory):
        flags = {}
        for word in command_words(container):
            flag, _, value = word.partition("=")
            flags[flag] = value
        yield daemonset, f"{path}.command", flags


def kube_proxy_configurations(inventory: Readable) -> Iterator[tuple[dict, str, dict]]:
    """``(ConfigMap, data key, configuration)`` for each KubeProxyConfiguration in the kube-proxy ConfigMaps;
    a value that is not YAML is passed over."""
    for configmap_name in KUBE_PROXY_CONFIGMAPS:
        configmap = inventory.get("ConfigMap", "kube-system", configmap_name)
        if configmap is None:
            continue
        for key, text in as_dict(configmap.get("data")).items():
            if not isinstance(text, str) or "KubeProxyConfiguration" not in text:
                continue
            try:
                config = yamlload.load(text)
            except yamlload.YAMLError:
                continue
            if isinstance(config, dict):
                yield configmap, key, config
