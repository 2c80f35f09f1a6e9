"""What a pod template's containers run: their images, mounts and field paths, and which of them do
work (the pause container only holds its pod open)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import NamedTuple

from kubegap.domain.podtemplates import PodTemplate, Workload
from kubegap.domain.resources import as_dict, as_list, command_words, containers, dig, quantity
from kubegap.domain.tokens import words


def mounted_volumes(template: PodTemplate) -> list[tuple[int, dict]]:
    """``(index, volume)`` for the volumes of a pod template that one of its containers mounts, as the pods get them:
    a volume a StatefulSet's claim template of the same name replaces is not among them."""
    return template.derive("mounted_volumes", _mounted_volumes)


def _mounted_volumes(template: PodTemplate) -> list[tuple[int, dict]]:
    mounted = _volume_names(template, ("volumeMounts",))
    return [
        (index, v)
        for index, v in enumerate(as_list(template.spec.get("volumes")))
        if isinstance(v, dict)
        and isinstance(v.get("name"), str)
        and v["name"] in mounted
        and v["name"] not in template.claim_templates
    ]


def disk_empty_dir(volume: dict) -> bool:
    """Whether the volume is an emptyDir on its node's disk: its medium unset or empty. ``Memory`` (tmpfs) and the
    ``HugePages`` media (``HugePages-1Gi``, a packet processor's buffers) keep it in memory, where it fills no disk
    and holds nothing a node's disk would."""
    return isinstance(volume.get("emptyDir"), dict) and not dig(volume, "emptyDir", "medium")


def used_volumes(template: PodTemplate) -> frozenset[str]:
    """Names of the volumes a container of the pod mounts or attaches as a device: the kubelet sets up those alone,
    so a volume no container uses needs nothing it names."""
    return _volume_names(template, ("volumeMounts", "volumeDevices"))


def _volume_names(template: PodTemplate, fields: tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        used
        for _, container in containers(template.spec)
        for field in fields
        for item in as_list(container.get(field))
        if isinstance(used := dig(item, "name"), str)
    )


def pointed_config_maps(template: PodTemplate) -> list[tuple[str, frozenset[str] | None]]:
    """``(ConfigMap, keys)`` for the ConfigMaps the pods mount as files where a flag or variable of theirs names the
    mount: the configuration files the program is pointed at, not ones merely present in its file system. ``keys`` are
    the keys of the files it is pointed at (``--provider-config=/etc/kruise-game/config.toml`` names ``config.toml``,
    not the ``controller_manager_config.yaml`` beside it; a mount of one key by ``subPath``, or a file ``items`` maps
    to another path, names that key), or None where a word names the directory of every key
    (``FLINK_CONF_DIR=/opt/flink/conf``)."""
    found: dict[str, set[str] | None] = {}
    for _, volume in mounted_volumes(template):
        paths = _pointed_paths(template, volume["name"])
        if not paths:
            continue
        for source in config_map_sources(volume):
            keys = _keys_at(config_map_files(source), paths)
            held = found.get(source["name"], set())
            found[source["name"]] = None if keys is None or held is None else held | keys
    return [(name, None if keys is None else frozenset(keys)) for name, keys in found.items()]


def config_map_sources(volume: dict) -> list[dict]:
    """The ``configMap`` entries a volume mounts, each with a name: its own, or its ``projected`` volume's sources."""
    entries = [dig(volume, "configMap")] + [dig(s, "configMap") for s in as_list(dig(volume, "projected", "sources"))]
    return [e for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)]


def config_map_files(source: dict) -> dict[str, str] | None:
    """A ``configMap`` volume source's keys by the path each is mounted at, where ``items`` chooses them; None where
    every key is mounted as a file of its own name."""
    items = [i for i in as_list(source.get("items")) if isinstance(i, dict)]
    if not items:
        return None
    return {i["path"]: i["key"] for i in items if isinstance(i.get("path"), str) and isinstance(i.get("key"), str)}


def _keys_at(files: dict[str, str] | None, paths: set[str]) -> set[str] | None:
    """The keys mounted at ``paths`` (relative to the volume; ``""`` is all of it) or under them: those ``items``
    put there, or, with every key mounted under its own name, the key each path names (None: every key)."""
    if files is None:
        return None if "" in paths else {path.split("/", 1)[0] for path in paths}
    return {
        key for file, key in files.items() for path in paths if not path or file == path or file.startswith(path + "/")
    }


def _pointed_paths(template: PodTemplate, volume_name: str) -> set[str]:
    """The paths inside the volume that a word of a container's command, arguments or environment values names through
    one of its mounts (``--config=/controller_manager_config.yaml``), relative to the volume: a mount of one key by
    ``subPath`` is that key, and ``""`` stands for the whole volume (``FLINK_CONF_DIR=/opt/flink/conf``)."""
    mounts = {
        path.rstrip("/"): sub.strip("/") if isinstance(sub := dig(mount, "subPath"), str) else ""
        for _, container in containers(template.spec)
        for mount in as_list(container.get("volumeMounts"))
        if dig(mount, "name") == volume_name and isinstance(path := dig(mount, "mountPath"), str) and path.strip("/")
    }
    words = [
        word
        for _, container in containers(template.spec)
        for word in [
            *command_words(container),
            *(dig(variable, "value") for variable in as_list(container.get("env"))),
        ]
        if isinstance(word, str)
    ]
    found = set()
    for path, sub in mounts.items():
        for word in words:
            for match in re.finditer(rf"(?:^|[=\s\"':,]){re.escape(path)}(?:$|[\s\"',;]|/([^\s\"',;]*))", word):
                tail = (match.group(1) or "").strip("/")
                found.add("/".join(part for part in (sub, tail) if part))
    return found


SCRIPT_ENDINGS = (".sh", ".bash", ".py", ".js", ".lua", ".rb", ".pl")
"""Endings of a file that is a script, a program of its own: what it does shows in no manifest, and its
assignments may sit in branches never taken."""


def is_script(word: str) -> bool:
    """Whether a word names a script file (``/health/ping_liveness_local.sh``, ``/app/migrate-then-serve.sh``)."""
    return word.lower().endswith(SCRIPT_ENDINGS)


BASIC_RESOURCES = ("cpu", "memory", "ephemeral-storage")
"""Resources every node has; anything else a container asks for (``nvidia.com/gpu``) is hardware some nodes have."""


def pod_requests(template: PodTemplate) -> dict[str, float]:
    """What one pod of the template asks the scheduler for, per resource, as the scheduler adds it up: the regular
    containers' (and sidecars') requests summed, or each init container's if larger; a request left unset takes the
    container's limit."""
    return _per_pod(
        template,
        lambda c: {**as_dict(dig(c, "resources", "limits")), **as_dict(dig(c, "resources", "requests"))},
    )


def pod_limits(template: PodTemplate) -> dict[str, float] | None:
    """The most one pod of the template can use, per resource, added up as ``pod_requests`` adds requests; None
    when some container sets no CPU or no memory limit (the pod can then take what its node has)."""
    if any(
        not (quantity(dig(c, "resources", "limits", "cpu")) or 0) > 0
        or not (quantity(dig(c, "resources", "limits", "memory")) or 0) > 0
        for _, c in containers(template.spec)
    ):
        return None
    return _per_pod(template, lambda c: as_dict(dig(c, "resources", "limits")))


def pinned_cores(template: PodTemplate) -> str | None:
    """The container of the template that can hold CPUs of its own under the kubelet's static CPU manager policy, or
    None: in a pod of the Guaranteed QoS class (every container, init containers included, limits its CPU and memory
    and requests no other amount), one whose CPU request is a whole number of cores. Taking any container's CPU limit
    away makes the pod Burstable, and those cores shared again (a packet processor's polling loop on them stalls)."""
    whole = None
    for _, container in containers(template.spec):
        limits, requests = (
            as_dict(dig(container, "resources", "limits")),
            as_dict(dig(container, "resources", "requests")),
        )
        cpu = quantity(limits.get("cpu"))
        for resource, limit in (("cpu", cpu), ("memory", quantity(limits.get("memory")))):
            if limit is None or limit <= 0 or (resource in requests and quantity(requests[resource]) != limit):
                return None
        if whole is None and cpu is not None and cpu >= 1 and cpu.is_integer():
            whole = container_name(container)
    return whole


def _per_pod(template: PodTemplate, amounts_of: Callable[[dict], dict]) -> dict[str, float]:
    """Per resource, the regular containers' (and sidecars') amounts summed, or each init container's if larger:
    init containers run one at a time, before the others."""
    regular: dict[str, float] = {}
    largest_init: dict[str, float] = {}
    for path, container in containers(template.spec):
        amounts = {str(k): q for k, v in amounts_of(container).items() if (q := quantity(v)) is not None}
        if path.startswith("initContainers") and container.get("restartPolicy") != "Always":
            for resource, amount in amounts.items():
                largest_init[resource] = max(largest_init.get(resource, 0.0), amount)
        else:
            for resource, amount in amounts.items():
                regular[resource] = regular.get(resource, 0.0) + amount
    return {r: max(regular.get(r, 0.0), largest_init.get(r, 0.0)) for r in {*regular, *largest_init}}


def small_pod(amounts: dict[str, float], cpu: float, memory: float) -> bool:
    """Whether the amounts of one pod, or of pods that run together (``pod_requests`` or ``pod_limits``, summed), come
    to less than ``cpu`` cores and ``memory`` bytes, with no hardware some nodes lack (GPUs): a small share of any
    node that runs workloads."""
    return (
        amounts.get("cpu", 0.0) < cpu
        and amounts.get("memory", 0.0) < memory
        and all(resource in BASIC_RESOURCES or resource.startswith("hugepages-") for resource in amounts)
    )


def images(template: PodTemplate) -> list[str]:
    return template.derive("images", _images)


def _images(template: PodTemplate) -> list[str]:
    return [c["image"] for _, c in containers(template.spec) if isinstance(c.get("image"), str)]


def spec_path(template: PodTemplate, field: str) -> str:
    """The path of a pod-spec field inside the workload: ``spec.template.spec.<field>``."""
    return f"{template.path}.spec.{field}" if template.path else f"spec.{field}"


class ImageRef(NamedTuple):
    registry: str | None
    repository: str
    tag: str | None
    digest: str | None


DOCKER_HUB_HOSTS = ("docker.io", "index.docker.io", "registry-1.docker.io")


def is_docker_hub(ref: ImageRef) -> bool:
    """Whether the reference names Docker Hub: no registry host, or one of Docker Hub's."""
    return ref.registry is None or ref.registry in DOCKER_HUB_HOSTS


def hub_reference(ref: ImageRef) -> str:
    """A Docker Hub image as the registry names it, however it is written: ``busybox:latest`` and
    ``docker.io/library/busybox:latest`` are one image, and so are ``busybox`` and ``busybox:latest``."""
    repository = ref.repository if "/" in ref.repository else f"library/{ref.repository}"
    tag = ref.tag if ref.tag is not None or ref.digest is not None else "latest"
    return repository + (f":{tag}" if tag else "") + (f"@{ref.digest}" if ref.digest else "")


@lru_cache(maxsize=4096)
def parse_image(image: str) -> ImageRef:
    """Split ``[registry/]repository[:tag][@digest]``; the registry is None when the reference names none."""
    rest, _, digest = image.partition("@")
    first, slash, remainder = rest.partition("/")
    registry = None
    if slash and ("." in first or ":" in first or first == "localhost"):
        registry, rest = first, remainder
    repository, colon, tag = rest.rpartition(":") if ":" in rest.rsplit("/", 1)[-1] else (rest, "", "")
    return ImageRef(registry, repository, tag if colon else None, digest or None)


def image_name(container: dict) -> str:
    """The last part of the container's image repository (``bitnami/redis:7`` is ``redis``), or ``""``."""
    image = container.get("image")
    return parse_image(image.strip()).repository.rsplit("/", 1)[-1] if isinstance(image, str) else ""


REVERSE_PROXIES = frozenset(
    ("nginx", "nginx-unprivileged", "openresty", "caddy", "haproxy", "envoy", "traefik", "oauth2-proxy")
)
"""Images (the last part of the repository, exactly) of reverse proxies: programs that answer as soon as they start
and pass requests to a backend, with nothing of their own to load first; an image named further runs more."""

FILE_CONFIGURED_SERVERS = frozenset(("nginx", "nginx-unprivileged", "openresty", "caddy", "haproxy", "httpd"))
"""Images (the last part of the repository, exactly) of web servers and proxies that read their whole
configuration from files at start and listen at once; an image named further runs more (``nginx-php-fpm`` clones
and installs an application first)."""


def started_by_image(container: dict, images: frozenset[str]) -> str | None:
    """The program of ``images`` (``REVERSE_PROXIES``, ``FILE_CONFIGURED_SERVERS``) the container runs by its image's
    own start, or None: another image, or one told to run a command of its own first (``command`` or ``args``: a
    site to download, a configuration to render)."""
    image = image_name(container)
    if image not in images or container.get("command") or container.get("args"):
        return None
    return image


def state_directory_of(path: str) -> str | None:
    """The program a path is the state directory of by the Linux convention, ``/var/lib/<program>`` (or a directory
    inside it), or None."""
    parts = [part for part in path.split("/") if part]
    return parts[2] if len(parts) > 2 and parts[:2] == ["var", "lib"] else None


def own_state_directory(container: dict, path: str) -> str | None:
    """What makes the mount path the own state directory of the program the container's image is named for, or
    None: ``/var/lib/<program>`` (``/var/lib/docker`` of ``docker:dind``) or a hidden directory named for it
    (``/root/.ollama`` of ``ollama/ollama``)."""
    program = words(image_name(container))[:1]
    parts = [part for part in path.rstrip("/").split("/") if part]
    if not program or not parts:
        return None
    if (kept := state_directory_of(path)) is not None and words(kept)[:1] == program:
        return f"/var/lib/{kept} is {program[0]}'s own state directory"
    if parts[-1].startswith(".") and words(parts[-1])[:1] == program:
        return f"{path.rstrip('/')} is {program[0]}'s own hidden state directory"
    return None


def holds_the_pod_open(container: dict) -> bool:
    """A container running the pause image as built (no command or args of its own): it only keeps the
    pod alive (installer DaemonSets do their work in init containers), so it needs no resources or probes."""
    if not isinstance(container.get("image"), str) or container.get("command") or container.get("args"):
        return False
    return image_name(container) == "pause"


def app_containers(workload: Workload) -> Iterator[tuple[PodTemplate, str, dict]]:
    """``(template, path, container)`` for every regular container of every pod template that does work
    (the pause container, which only holds its pod open, is left out)."""
    for template in workload.templates:
        for path, container in template.derive("app_containers", _working_containers):
            yield template, path, container


def _working_containers(template: PodTemplate) -> list[tuple[str, dict]]:
    return [
        (spec_path(template, path), container)
        for path, container in containers(template.spec, init=False)
        if not holds_the_pod_open(container)
    ]


def container_name(container: dict) -> str:
    value = container.get("name")
    return value if isinstance(value, str) else "(unnamed)"


def settings(container: dict) -> list[tuple[str, str]]:
    """``(name, value)`` for each variable a container sets and each flag of its command line, given as
    ``--flag=value`` or as ``--flag value`` (MLflow's ``--backend-store-uri sqlite:///mlflow.db``)."""
    found = [
        (name, value)
        for variable in as_list(container.get("env"))
        if isinstance(name := dig(variable, "name"), str) and isinstance(value := dig(variable, "value"), str)
    ]
    tokens = " ".join(command_words(container)).split()
    for index, token in enumerate(tokens):
        if token.startswith("-") and "=" in token:
            flag, _, value = token.partition("=")
            found.append((flag, value))
        elif index and tokens[index - 1].startswith("-") and "=" not in tokens[index - 1]:
            found.append((tokens[index - 1], token.strip("'\"")))
    return found


REFERENCE = re.compile(r"\$(\$|\(([A-Za-z_][A-Za-z0-9_.-]*)\))")
"""A ``$(NAME)`` reference in a variable's value, or the ``$$`` that escapes one."""

SERVICE_LINK = re.compile(r"_(SERVICE_HOST|SERVICE_PORT(_[A-Z0-9_]+)?|PORT(_[0-9]+_(TCP|UDP|SCTP)(_[A-Z]+)?)?)$")
"""Names of the variables Kubernetes sets in each pod for the Services of its namespace (``REDIS_SERVICE_HOST``,
``REDIS_PORT``): a reference to one may be expanded from a Service the input does not show."""


def variable_value(container: dict, variable: dict) -> str | None:
    """A variable's value as the program receives it, or None where it comes from a ConfigMap, Secret or field.
    Kubernetes expands ``$(NAME)`` from the variables defined before it in the container's ``env`` and leaves a
    reference it cannot resolve as written, so that reference names nothing and is left out here (Nextcloud's
    chart writes ``REDIS_URL=redis://:$(REDIS_HOST_PASSWORD)@$(REDIS_HOST):$(REDIS_HOST_PORT)`` with Redis off,
    where none of the three is defined). A reference the input cannot settle stays as written: to a variable
    read from elsewhere, to the variables the container takes in bulk (``envFrom``), or to a Service link."""
    known: dict[str, str | None] = {}
    bulk = bool(as_list(container.get("envFrom")))
    for candidate in as_list(container.get("env")):
        name, value = dig(candidate, "name"), dig(candidate, "value")
        if not isinstance(name, str):
            continue
        resolved = _expanded(value, known, bulk) if isinstance(value, str) else None
        if candidate is variable:
            return resolved
        known[name] = resolved
    return None


def _expanded(value: str, known: dict[str, str | None], bulk: bool) -> str:
    def expand(match: re.Match[str]) -> str:
        name = match.group(2)
        if name is None:
            return "$"
        if name in known:
            earlier = known[name]
            return earlier if earlier is not None else match.group(0)
        return match.group(0) if bulk or SERVICE_LINK.search(name) else ""

    return REFERENCE.sub(expand, value)
