"""Workloads: anything that carries pod templates, built-in controllers and custom resources alike.

Spec checks look at top-level controllers (a Deployment, a PyTorchJob), never at every pod they
own; placement checks look at pods. This module knows where each kind keeps its templates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from kubegap.domain.resources import ObjectRef, as_dict, as_list, command_words, containers, dig, kind, str_map
from kubegap.domain.resources import annotations as metadata_annotations
from kubegap.domain.tokens import Words, words

WORKLOAD_KINDS: tuple[str, ...] = (
    "Pod",
    "Deployment",
    "StatefulSet",
    "DaemonSet",
    "ReplicaSet",
    "ReplicationController",
    "Job",
    "CronJob",
    "Rollout",
    "PyTorchJob",
    "MPIJob",
    "TFJob",
    "XGBoostJob",
    "PaddleJob",
    "JAXJob",
    "JobSet",
    "TrainingRuntime",
    "ClusterTrainingRuntime",
    "LeaderWorkerSet",
    "RayCluster",
    "RayJob",
)
"""Every kind that carries pod templates: what ``Inventory.workloads`` is made of."""
_WORKLOAD_KIND_SET = frozenset(WORKLOAD_KINDS)

T = TypeVar("T")

BUILTIN_CONTROLLERS = (
    "Deployment",
    "StatefulSet",
    "DaemonSet",
    "ReplicaSet",
    "ReplicationController",
    "Job",
    "CronJob",
)

TRAINING_KINDS = frozenset(
    {
        "PyTorchJob",
        "MPIJob",
        "TFJob",
        "XGBoostJob",
        "PaddleJob",
        "JAXJob",
        "TrainJob",
        "JobSet",
        "LeaderWorkerSet",
        "RayJob",
        "RayCluster",
        "TrainingRuntime",
        "ClusterTrainingRuntime",
    }
)
"""Kinds whose pods run (distributed) training or batch compute rather than serving traffic."""

BATCH_KINDS = frozenset({"Job", "CronJob"}) | TRAINING_KINDS

RUNTIME_KINDS = frozenset({"TrainingRuntime", "ClusterTrainingRuntime"})
"""Blueprints of training jobs: each TrainJob that uses one sets its own resources (``resourcesPerNode``)."""

LEADER_ELECTION_FLAGS = ("leader-elect", "leader-election", "enable-leader-election")
"""Command-line flags (without dashes) of controllers that elect one active replica through a Lease."""
LEADER_ELECTION_FLAG_WORDS = Words(LEADER_ELECTION_FLAGS)
"""Flags of the election, as words: the switches and the flags that tune an election (``--leader-elect-lease-duration``,
``--leader-election-namespace``), not ``--leader-elector-image``."""
LEADER_ELECTION_VARIABLES = ("LEADER_ELECT", "LEADER_ELECTION", "LEADER_ELECTION_ENABLED", "ENABLE_LEADER_ELECTION")
FORCED_LEADER_FLAGS = ("force master", "force leader")
"""Flags that make a program lead without an election (Trillian's log signer ``--force_master=true``): its
election is switched off, and a second replica would lead too."""
FORCED_LEADER_WORDS = frozenset(words(flag) for flag in FORCED_LEADER_FLAGS)

REPLICA_SPEC_KINDS = {
    "PyTorchJob": "pytorchReplicaSpecs",
    "MPIJob": "mpiReplicaSpecs",
    "TFJob": "tfReplicaSpecs",
    "XGBoostJob": "xgbReplicaSpecs",
    "PaddleJob": "paddleReplicaSpecs",
    "JAXJob": "jaxReplicaSpecs",
}
"""Kubeflow training kinds and the spec field holding their replica types."""


@dataclass(frozen=True, slots=True)
class PodTemplate:
    """One pod template inside a workload, with the field path it lives at."""

    path: str
    metadata: dict
    spec: dict
    replicas: int | None
    role: str | None = None
    claim_templates: frozenset[str] = frozenset()
    """Names of a StatefulSet's claim templates: the controller gives each member a claim of its own in place of a
    pod volume of the same name (ClickHouse's chart writes both), so that volume is never mounted as written."""
    derived: dict = field(default_factory=dict, compare=False, repr=False)
    """What helpers work out from the template, under each helper's name (see ``derive``)."""

    def derive(self, key: str, compute: Callable[[PodTemplate], T]) -> T:
        """``compute(self)``, worked out once per template for every caller with the same ``key``:
        several checks ask for the same facts of every template."""
        if key not in self.derived:
            self.derived[key] = compute(self)
        return self.derived[key]

    @property
    def labels(self) -> dict[str, str]:
        return self.derive("labels", _template_labels)

    @property
    def annotations(self) -> dict[str, str]:
        return str_map(self.metadata.get("annotations"))


def _template_labels(template: PodTemplate) -> dict[str, str]:
    return str_map(template.metadata.get("labels"))


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _template(
    path: str, value: object, replicas: int | None, role: str | None = None, claims: frozenset[str] = frozenset()
) -> PodTemplate | None:
    if not isinstance(value, dict):
        return None
    return PodTemplate(path, as_dict(value.get("metadata")), as_dict(value.get("spec")), replicas, role, claims)


def _jobset_templates(replicated_jobs: object, base: str) -> Iterator[PodTemplate | None]:
    for index, job in enumerate(as_list(replicated_jobs)):
        count = _int(dig(job, "replicas")) or 1
        parallelism = _int(dig(job, "template", "spec", "parallelism")) or 1
        yield _template(
            f"{base}[{index}].template.spec.template",
            dig(job, "template", "spec", "template"),
            count * parallelism,
            dig(job, "name") if isinstance(dig(job, "name"), str) else None,
        )


def _templates(obj: dict) -> Iterator[PodTemplate | None]:
    k = kind(obj)
    spec = as_dict(obj.get("spec"))
    if k == "Pod":
        yield PodTemplate("", as_dict(obj.get("metadata")), spec, 1)
    elif k in ("Deployment", "StatefulSet", "ReplicaSet", "ReplicationController", "Rollout"):
        # a null count is an unset one (Helm renders an empty value as null): the API server defaults it to 1
        claims = frozenset(
            found
            for claim in as_list(spec.get("volumeClaimTemplates"))
            if k == "StatefulSet" and isinstance(found := dig(claim, "metadata", "name"), str)
        )
        yield _template(
            "spec.template",
            spec.get("template"),
            _int(spec.get("replicas")) if spec.get("replicas") is not None else 1,
            claims=claims,
        )
    elif k == "DaemonSet":
        yield _template("spec.template", spec.get("template"), None)
    elif k == "Job":
        yield _template("spec.template", spec.get("template"), _int(spec.get("parallelism")) or 1)
    elif k == "CronJob":
        job = as_dict(spec.get("jobTemplate"))
        yield _template(
            "spec.jobTemplate.spec.template", dig(job, "spec", "template"), _int(dig(job, "spec", "parallelism")) or 1
        )
    elif k in REPLICA_SPEC_KINDS:
        spec_field = REPLICA_SPEC_KINDS[k]
        for role, replica_spec in as_dict(spec.get(spec_field)).items():
            yield _template(
                f"spec.{spec_field}.{role}.template",
                dig(replica_spec, "template"),
                _int(dig(replica_spec, "replicas")) or 1,
                role,
            )
    elif k == "JobSet":
        yield from _jobset_templates(spec.get("replicatedJobs"), "spec.replicatedJobs")
    elif k in ("TrainingRuntime", "ClusterTrainingRuntime"):
        yield from _jobset_templates(
            dig(spec, "template", "spec", "replicatedJobs"), "spec.template.spec.replicatedJobs"
        )
    elif k == "LeaderWorkerSet":
        lws = as_dict(spec.get("leaderWorkerTemplate"))
        groups = _int(spec.get("replicas")) or 1
        size = _int(lws.get("size")) or 1
        yield _template("spec.leaderWorkerTemplate.leaderTemplate", lws.get("leaderTemplate"), groups, "leader")
        yield _template(
            "spec.leaderWorkerTemplate.workerTemplate", lws.get("workerTemplate"), groups * max(size - 1, 1), "worker"
        )
    elif k == "RayCluster":
        yield from _ray_templates(spec, "spec")
    elif k == "RayJob":
        yield from _ray_templates(as_dict(spec.get("rayClusterSpec")), "spec.rayClusterSpec")


def _ray_templates(spec: dict, base: str) -> Iterator[PodTemplate | None]:
    yield _template(f"{base}.headGroupSpec.template", dig(spec, "headGroupSpec", "template"), 1, "head")
    for index, group in enumerate(as_list(spec.get("workerGroupSpecs"))):
        yield _template(
            f"{base}.workerGroupSpecs[{index}].template",
            dig(group, "template"),
            _int(dig(group, "replicas")) or 1,
            dig(group, "groupName") or "worker",
        )


def pod_templates(obj: dict) -> tuple[PodTemplate, ...]:
    return tuple(t for t in _templates(obj) if t is not None)


def _controller_owner(obj: dict) -> dict | None:
    for ref in as_list(dig(obj, "metadata", "ownerReferences")):
        if isinstance(ref, dict) and ref.get("controller") is True:
            return ref
    return None


@dataclass(frozen=True, slots=True)
class Workload:
    """A pod-template carrier. What kind of work it does is worked out once, when it is made: every
    check that walks the workloads asks."""

    obj: dict
    ref: ObjectRef
    templates: tuple[PodTemplate, ...]
    kind: str = field(init=False, repr=False, compare=False)
    is_batch: bool = field(init=False, repr=False, compare=False)
    is_helm_test: bool = field(init=False, repr=False, compare=False)
    is_hook: bool = field(init=False, repr=False, compare=False)
    is_finished: bool = field(init=False, repr=False, compare=False)
    is_done_or_test: bool = field(init=False, repr=False, compare=False)
    """A Helm test hook, or a finished Job or pod: nothing of it runs as the application, so its spec is not
    audited (``audited_workloads``) and no Service or budget selects it (``services.workloads_selected_by``)."""
    serves_traffic: bool = field(init=False, repr=False, compare=False)
    """Held to service standards (replicas, probes, PDBs, spread, graceful shutdown): long-running work.
    One-shot work is judged as batch (does it finish, is it bounded): Jobs, CronJobs and run-to-completion
    pods, training jobs, Helm and Argo CD hooks (install, upgrade, sync and test steps, whatever their
    kind), and finished Jobs and pods."""

    def __post_init__(self) -> None:
        batch, helm_test, finished = (
            _is_batch(self.obj, self.ref.kind),
            _is_helm_test(self.obj),
            _is_finished(self.obj, self.ref.kind),
        )
        hook = is_hook(self.obj)
        for field_name, value in (
            ("kind", self.ref.kind),
            ("is_batch", batch),
            ("is_helm_test", helm_test),
            ("is_hook", hook),
            ("is_finished", finished),
            ("is_done_or_test", helm_test or finished),
            ("serves_traffic", not (batch or hook or finished)),
        ):
            object.__setattr__(self, field_name, value)


def keeps_claims(workload: Workload) -> bool:
    """Whether the workload's pods keep data on persistent volume claims: a StatefulSet's claim templates, or a
    claim among its pods' volumes."""
    return any(template.claim_templates for template in workload.templates) or any(
        isinstance(dig(volume, "persistentVolumeClaim"), dict)
        for template in workload.templates
        for volume in as_list(template.spec.get("volumes"))
    )


def _is_batch(obj: dict, kind_name: str) -> bool:
    return kind_name in BATCH_KINDS or (
        kind_name == "Pod" and dig(obj, "spec", "restartPolicy") in ("Never", "OnFailure")
    )


HOOK_ANNOTATIONS = ("helm.sh/hook", "argocd.argoproj.io/hook")
"""Annotations that make an object a step of an install, upgrade or sync rather than part of the running
application: the tool runs it at that moment and waits for it to finish."""


def is_hook(obj: dict) -> bool:
    """A Helm or Argo CD hook: one-shot work run at install, upgrade, sync or test time."""
    found = metadata_annotations(obj)
    return any(found.get(key, "").strip() for key in HOOK_ANNOTATIONS)


def bounded_one_shot(workload: Workload) -> bool:
    """Work that runs once to completion and is bounded: a hook (the install tool waits for it, with a
    timeout), a run-to-completion Pod, or a Job that bounds its retries or its run (``backoffLimit``,
    ``activeDeadlineSeconds``, or every command under ``timeout``: ``bounded_by_commands``) or is deleted when
    it finishes (``ttlSecondsAfterFinished``: its author disposed of a one-shot run, whose retries the default
    six bound; whether it can hang is ``job-unbounded``'s question). Not a CronJob (it recurs) nor a training
    job (its size is the point)."""
    if workload.is_hook:
        return True
    if workload.kind == "Pod":
        return workload.is_batch
    spec = as_dict(workload.obj.get("spec"))
    return workload.kind == "Job" and (
        any(field in spec for field in ("backoffLimit", "activeDeadlineSeconds", "ttlSecondsAfterFinished"))
        or bounded_by_commands(workload) is not None
    )


DURATION = re.compile(r"\d+(?:\.\d+)?[smhd]?")
"""A duration as coreutils ``timeout`` takes it (``600``, ``10m``, ``1.5h``)."""

TIMEOUT_OPTIONS_WITH_VALUES = ("-s", "--signal", "-k", "--kill-after")


def timed_out(container: dict) -> str | None:
    """The ``timeout <duration>`` that the container's whole command runs under, or None: its first word is
    ``timeout`` and its first word that is not an option a duration above zero (``timeout 0`` never stops)."""
    words = command_words(container)
    if not words or words[0].rsplit("/", 1)[-1] != "timeout":
        return None
    index = 1
    while index < len(words) and words[index].startswith("-"):
        index += 2 if words[index] in TIMEOUT_OPTIONS_WITH_VALUES else 1
    if index < len(words) and DURATION.fullmatch(words[index]) and float(words[index].rstrip("smhd")) > 0:
        return f"timeout {words[index]}"
    return None


def bounded_by_commands(workload: Workload) -> list[str] | None:
    """Each container's ``timeout``, init containers included, when every container's whole command runs under one:
    each run then ends by itself, and the default six retries end the Job. None otherwise."""
    found = []
    for template in workload.templates:
        for _, container in containers(template.spec):
            bound = timed_out(container)
            if bound is None:
                return None
            found.append(f"{container.get('name')}: {bound}")
    return found or None


def helm_hooks(obj: dict) -> frozenset[str]:
    """The Helm hooks an object is (``pre-install``, ``pre-upgrade``, ``test`` ...), from its ``helm.sh/hook``
    annotation, a comma-separated list."""
    hook = metadata_annotations(obj).get("helm.sh/hook", "")
    return frozenset(part.strip() for part in hook.split(",") if part.strip())


def _is_helm_test(obj: dict) -> bool:
    return any(hook.startswith("test") for hook in helm_hooks(obj))


def _is_finished(obj: dict, kind_name: str) -> bool:
    status = as_dict(obj.get("status"))
    if kind_name == "Job":
        return any(
            isinstance(c, dict) and c.get("type") in ("Complete", "Failed") and c.get("status") == "True"
            for c in as_list(status.get("conditions"))
        )
    return kind_name == "Pod" and status.get("phase") in ("Succeeded", "Failed")


def _flag(token: str) -> tuple[str, str | None]:
    """A command-line flag's name without its dashes and its value (None where none is joined by ``=``)."""
    name, equals, value = token.lstrip("-").partition("=")
    return name, value if equals else None


def _set_off(token: str, names: tuple[str, ...]) -> bool:
    """Whether a command-line token sets one of the flags ``names`` to off (``--leader-elect=false``)."""
    name, value = _flag(token)
    return name in names and value is not None and _switched_off(value)


def _forces_leadership(token: str) -> bool:
    """Whether a command-line token is a flag that makes the program lead without an election, set on: its words are
    those of ``FORCED_LEADER_FLAGS`` and no more (``--force-leader-election`` tunes an election)."""
    name, value = _flag(token)
    return (
        token.startswith("-")
        and words(name) in FORCED_LEADER_WORDS
        and not (value is not None and _switched_off(value))
    )


def _switched_off(value: str) -> bool:
    return value.strip().strip('"').lower() in ("false", "0", "")


def leader_election(workload: Workload) -> str | None:
    """The flag or variable by which a container turns on leader election (one active replica by design)."""
    found = _election(workload)
    return found[1] if found is not None and found[0] else None


def leader_election_off(workload: Workload) -> str | None:
    """The flag or variable by which a container turns its leader election off (``--leader-elect=false``): a
    program that can elect, told not to."""
    found = _election(workload)
    return found[1] if found is not None and not found[0] else None


def _election(workload: Workload) -> tuple[bool, str] | None:
    """``(on, setting)`` for the first pod template that says anything about leader election."""
    for template in workload.templates:
        found = template.derive("leader_election", _template_election)
        if found is not None:
            return found
    return None


def _template_election(template: PodTemplate) -> tuple[bool, str] | None:
    for _, container in containers(template.spec, init=False):
        tokens = command_words(container)
        flags = [token for token in tokens if token.startswith("-") and LEADER_ELECTION_FLAG_WORDS.starts(token)]
        # an election is off only when its switch says so: a flag that tunes it (--leader-elect-lease-duration,
        # --leader-election-namespace) shows one where the program elects by default, but not past --leader-elect=false
        switch = next((flag for flag in flags if _set_off(flag, LEADER_ELECTION_FLAGS)), None)
        if switch is not None:
            return False, switch
        forced = next((token for token in tokens if _forces_leadership(token)), None)
        if forced is not None:
            return False, forced
        if flags:
            return True, flags[0]
        for variable in as_list(container.get("env")):
            if not isinstance(variable, dict):
                continue
            variable_name, value = variable.get("name"), variable.get("value")
            if variable_name in LEADER_ELECTION_VARIABLES and isinstance(value, str):
                return not _switched_off(value), f"{variable_name}={value}"
    return None


def is_top_level(obj: dict) -> bool:
    """A pod-template carrier that nothing else controls (a Deployment, not its ReplicaSets)."""
    return _controller_owner(obj) is None


def as_workload(obj: dict) -> Workload | None:
    if kind(obj) not in _WORKLOAD_KIND_SET:
        return None  # no pod template to look for (most objects: Services, claims, volumes)
    templates = pod_templates(obj)
    if not templates:
        return None
    return Workload(obj, ObjectRef.of(obj), templates)
