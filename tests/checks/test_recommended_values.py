"""Every value kubegap recommends lies in the range its tool documents.

A user copies what a check's fix, example or documentation shows and what a reconstruction's
``fixed.yaml`` sets, so each such value is read here and held against the range or set of values the
tool's own documentation gives, named beside each rule in ``DOCUMENTED``: one table for the whole
project. The values are read from the checks' fix text and documentation (their YAML and INI
blocks and ``KEY=value`` words), from every reconstruction's ``fixed.yaml`` and ``fixed-fleet.yaml``
(ConfigMap data included), and from the cases' own words, where a lesson may spell out a setting.
A value in none of the documented places is not judged here; a recommendation whose range is not
documented is not made.
"""

from __future__ import annotations

import configparser
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from kubegap.checks import all_checks
from kubegap.library import load_library

NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
POD_API = "https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/"
PROBES = "https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#configure-probes"
JOB_API = "https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/"
WEBHOOK_API = (
    "https://kubernetes.io/docs/reference/kubernetes-api/extend-resources/validating-webhook-configuration-v1/"
)
HPA_API = "https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/horizontal-pod-autoscaler-v2/"
PDB_API = "https://kubernetes.io/docs/reference/kubernetes-api/policy-resources/pod-disruption-budget-v1/"
PRIORITY = "https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#priorityclass"
CRONJOB = "https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/"
KUBELET_CONFIG = "https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/"
KUBE_PROXY = "https://kubernetes.io/docs/reference/command-line-tools-reference/kube-proxy/"
RESOLV_CONF = "https://man7.org/linux/man-pages/man5/resolv.conf.5.html"
NETWORKD_CONF = "https://www.freedesktop.org/software/systemd/man/latest/networkd.conf.html"

AT_LEAST_0 = range(2**31)
AT_LEAST_1 = range(1, 2**31)


@dataclass(frozen=True)
class Documented:
    """Where a value sits and what its documentation allows.

    ``where`` is the end of the value's path in a YAML document, ``[]`` standing for a list item. With
    ``name`` the value is the ``value`` of the list item called so (``env`` entries, resolver options);
    with ``keys`` the rule holds the keys of the mapping at ``where``; with ``kind`` only documents of
    that kind are read. ``allowed`` is a range of integers or a set of strings."""

    where: tuple[str, ...]
    allowed: range | frozenset[str]
    doc: str
    name: str | None = None
    keys: bool = False
    kind: str | None = None

    def admits(self, value) -> bool:
        if isinstance(self.allowed, range):
            try:
                return int(str(value)) in self.allowed
            except ValueError:
                return False
        return str(value) in self.allowed


ENV = ("env", "[]")

DOCUMENTED: dict[str, Documented] = {
    # "Values can be 0-31. Note: Setting a value of 0 or >= 32 will result in an infinite timeout value."
    # A recommendation never asks for no timeout at all, so 0 is left out.
    "NCCL_IB_TIMEOUT": Documented(ENV, range(1, 32), f"{NCCL_ENV}#nccl-ib-timeout", name="NCCL_IB_TIMEOUT"),
    # "The default value is 7. Valid values are 0-7."
    "NCCL_IB_RETRY_CNT": Documented(ENV, range(8), f"{NCCL_ENV}#nccl-ib-retry-cnt", name="NCCL_IB_RETRY_CNT"),
    # "The timeout value must be between 1 and 30 seconds. Default to 10 seconds."
    "webhook timeoutSeconds": Documented(("webhooks", "[]", "timeoutSeconds"), range(1, 31), WEBHOOK_API),
    # "allowed values are Ignore or Fail. Defaults to Fail."
    "webhook failurePolicy": Documented(
        ("webhooks", "[]", "failurePolicy"), frozenset({"Ignore", "Fail"}), WEBHOOK_API
    ),
    # Probe: "Minimum value is 1" (periodSeconds, timeoutSeconds, failureThreshold, successThreshold, which
    # "Must be 1 for liveness and startup"); initialDelaySeconds "Minimum value is 0".
    **{
        f"{probe} {field}": Documented((probe, field), AT_LEAST_1, PROBES)
        for probe in ("livenessProbe", "readinessProbe", "startupProbe")
        for field in ("periodSeconds", "timeoutSeconds", "failureThreshold")
    },
    **{
        f"{probe} initialDelaySeconds": Documented((probe, "initialDelaySeconds"), AT_LEAST_0, PROBES)
        for probe in ("livenessProbe", "readinessProbe", "startupProbe")
    },
    "readinessProbe successThreshold": Documented(("readinessProbe", "successThreshold"), AT_LEAST_1, PROBES),
    "livenessProbe successThreshold": Documented(("livenessProbe", "successThreshold"), range(1, 2), PROBES),
    "startupProbe successThreshold": Documented(("startupProbe", "successThreshold"), range(1, 2), PROBES),
    # maxSkew: "It's a required field. Default value is 1 and 0 is not allowed."
    "maxSkew": Documented(("topologySpreadConstraints", "[]", "maxSkew"), AT_LEAST_1, f"{POD_API}#scheduling"),
    "whenUnsatisfiable": Documented(
        ("topologySpreadConstraints", "[]", "whenUnsatisfiable"),
        frozenset({"DoNotSchedule", "ScheduleAnyway"}),
        f"{POD_API}#scheduling",
    ),
    # resolv.conf(5), ndots: "The value for this option is silently capped to 15."
    "ndots": Documented(("dnsConfig", "options", "[]"), range(16), RESOLV_CONF, name="ndots"),
    # Job: activeDeadlineSeconds "value must be positive integer"; backoffLimit "Specifies the number of
    # retries"; ttlSecondsAfterFinished "If this field is set to zero, the Job becomes eligible to be deleted
    # immediately". Kubeflow's runPolicy documents activeDeadlineSeconds in the same words.
    "activeDeadlineSeconds": Documented(("activeDeadlineSeconds",), AT_LEAST_1, f"{JOB_API}#lifecycle"),
    "backoffLimit": Documented(("backoffLimit",), AT_LEAST_0, f"{JOB_API}#lifecycle"),
    "ttlSecondsAfterFinished": Documented(("ttlSecondsAfterFinished",), AT_LEAST_0, f"{JOB_API}#lifecycle"),
    # CronJob: concurrencyPolicy 'Valid values are: - "Allow" (default) ... - "Forbid" ... - "Replace"';
    # startingDeadlineSeconds is a number of seconds, at least 0.
    "concurrencyPolicy": Documented(
        ("concurrencyPolicy",), frozenset({"Allow", "Forbid", "Replace"}), f"{CRONJOB}#concurrency-policy"
    ),
    "startingDeadlineSeconds": Documented(("startingDeadlineSeconds",), AT_LEAST_0, f"{CRONJOB}#starting-deadline"),
    # minReplicas "defaults to 1 pod" and may be 0 only behind the alpha HPAScaleToZero gate.
    "minReplicas": Documented(
        ("spec", "minReplicas"), AT_LEAST_1, f"{HPA_API}#HorizontalPodAutoscalerSpec", kind="HorizontalPodAutoscaler"
    ),
    # "Valid policies are IfHealthyBudget and AlwaysAllow."
    "unhealthyPodEvictionPolicy": Documented(
        ("unhealthyPodEvictionPolicy",),
        frozenset({"IfHealthyBudget", "AlwaysAllow"}),
        f"{PDB_API}#PodDisruptionBudgetSpec",
    ),
    # "PriorityClass objects can have any 32-bit integer value smaller than or equal to 1 billion."
    "PriorityClass value": Documented(("value",), range(-(2**31), 10**9 + 1), PRIORITY, kind="PriorityClass"),
    "preemptionPolicy": Documented(("preemptionPolicy",), frozenset({"PreemptLowerPriority", "Never"}), PRIORITY),
    # --conntrack-max-per-core int32 "(0 to leave the limit as-is and ignore conntrack-min)", --conntrack-min int32.
    "conntrack maxPerCore": Documented(("conntrack", "maxPerCore"), range(2**31), KUBE_PROXY),
    "conntrack min": Documented(("conntrack", "min"), range(2**31), KUBE_PROXY),
    # kubeReserved and systemReserved take cpu, memory, ephemeral-storage and pid; evictionHard takes the
    # eviction signals ("memory.available", "nodefs.available", "nodefs.inodesFree", "imagefs.available" ...).
    **{
        f"{field} resources": Documented(
            (field,), frozenset({"cpu", "memory", "ephemeral-storage", "pid"}), KUBELET_CONFIG, keys=True
        )
        for field in ("kubeReserved", "systemReserved")
    },
    "evictionHard signals": Documented(
        ("evictionHard",),
        frozenset(
            {
                "memory.available",
                "nodefs.available",
                "nodefs.inodesFree",
                "imagefs.available",
                "imagefs.inodesFree",
                "pid.available",
            }
        ),
        KUBELET_CONFIG,
        keys=True,
    ),
}

NETWORKD_BOOLEANS: dict[str, str] = {
    # networkd.conf(5), [Network]: "A boolean. When true, systemd-networkd will remove rules [routes] that are
    # not configured in .network files ... Defaults to yes."
    "ManageForeignRoutingPolicyRules": NETWORKD_CONF,
    "ManageForeignRoutes": NETWORKD_CONF,
}
YES_NO = frozenset({"yes", "no"})

HERE = Path(__file__).parent
RECONSTRUCTIONS = HERE.parents[1] / "src" / "kubegap" / "library" / "data" / "reconstructions"
FENCE = re.compile(r"```(yaml|ini)\n(.*?)```", re.DOTALL)
SETTING = re.compile(r"\b(NCCL_[A-Z_]+|Manage[A-Za-z]+)=([A-Za-z0-9_.-]+)")


def _walk(node, path=()):
    """``(path, value)`` for every mapping value and list item below ``node``."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, (*path, str(key)))
    elif isinstance(node, list):
        yield path, node
        for item in node:
            yield from _walk(item, (*path, "[]"))
    else:
        yield path, node


def _violations_in_document(document) -> list[str]:
    problems = []
    kind = document.get("kind") if isinstance(document, dict) else None
    for path, value in _walk(document):
        for label, rule in DOCUMENTED.items():
            if path[-len(rule.where) :] != rule.where or (rule.kind and rule.kind != kind):
                continue
            if rule.name is not None:
                if (
                    isinstance(value, dict)
                    and value.get("name") == rule.name
                    and "value" in value
                    and not rule.admits(value["value"])
                ):
                    problems.append(f"{label} = {value['value']!r} (documented: {_shown(rule)}, {rule.doc})")
            elif rule.keys:
                for key in value if isinstance(value, dict) else ():
                    if not rule.admits(key):
                        problems.append(f"{label}: {key!r} (documented: {_shown(rule)}, {rule.doc})")
            elif not isinstance(value, (dict, list)) and not rule.admits(value):
                problems.append(f"{label} = {value!r} (documented: {_shown(rule)}, {rule.doc})")
        if isinstance(value, str) and "[Network]" in value:
            problems += _violations_in_ini(value)
    if kind == "HorizontalPodAutoscaler":
        spec = document.get("spec") or {}
        if (
            isinstance(spec.get("minReplicas"), int)
            and isinstance(spec.get("maxReplicas"), int)
            and spec["maxReplicas"] < spec["minReplicas"]  # "cannot be smaller than MinReplicas"
        ):
            problems.append(f"maxReplicas {spec['maxReplicas']} below minReplicas ({HPA_API})")
    return problems


def _violations_in_ini(text: str) -> list[str]:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # networkd's option names are case-sensitive
    parser.read_string(text)
    problems = []
    for option, doc in NETWORKD_BOOLEANS.items():
        for section in parser.sections():
            if option in parser[section]:
                if section != "Network":
                    problems.append(f"{option} belongs to networkd.conf's [Network] section, not [{section}] ({doc})")
                elif parser[section][option] not in YES_NO:
                    problems.append(f"{option}={parser[section][option]} is not a boolean ({doc})")
    return problems


def _violations_in_words(text: str) -> list[str]:
    problems = []
    for key, value in SETTING.findall(text):
        value = value.rstrip(".")
        if key in DOCUMENTED and not DOCUMENTED[key].admits(value):
            problems.append(f"{key}={value} (documented: {_shown(DOCUMENTED[key])}, {DOCUMENTED[key].doc})")
        if key in NETWORKD_BOOLEANS and value not in YES_NO:
            problems.append(f"{key}={value} is not a boolean ({NETWORKD_BOOLEANS[key]})")
    return problems


def _shown(rule: Documented) -> str:
    if isinstance(rule.allowed, range):
        top = "" if rule.allowed.stop >= 2**31 else str(rule.allowed.stop - 1)
        return f"{rule.allowed.start}-{top}" if top else f"at least {rule.allowed.start}"
    return " or ".join(sorted(rule.allowed))


def _check_texts(check) -> list[tuple[str, str]]:
    """``(where, text)`` of everything a check tells a user to do."""
    return [(f"{check.id} fix", check.fix)] + [(f"{check.id} '{name}'", text) for name, text in check.doc.items()]


def _violations_in_text(text: str) -> list[str]:
    problems = _violations_in_words(text)
    for language, block in FENCE.findall(text):
        block = textwrap.dedent(block)
        if language == "ini":
            problems += _violations_in_ini(block)
            continue
        for document in yaml.safe_load_all(block):
            problems += _violations_in_document(document)
    return problems


@pytest.mark.parametrize("check", all_checks(), ids=lambda c: c.id)
def test_a_check_recommends_only_documented_values(check):
    problems = [f"{where}: {p}" for where, text in _check_texts(check) for p in _violations_in_text(text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "path", sorted(RECONSTRUCTIONS.glob("*/fixed*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_a_reconstructions_fix_sets_only_documented_values(path):
    problems = [p for document in yaml.safe_load_all(path.read_text()) for p in _violations_in_document(document)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", load_library().cases, ids=lambda c: c.id)
def test_a_case_spells_out_only_documented_values(case):
    text = " ".join(str(v) for v in case.model_dump(exclude={"sources", "tags"}).values())
    assert not _violations_in_words(text)


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (
            {"spec": {"template": {"spec": {"containers": [{"env": [{"name": "NCCL_IB_RETRY_CNT", "value": "13"}]}]}}}},
            "NCCL_IB_RETRY_CNT = '13'",
        ),
        ({"webhooks": [{"name": "w", "timeoutSeconds": 45}]}, "webhook timeoutSeconds = 45"),
        ({"spec": {"containers": [{"livenessProbe": {"successThreshold": 3}}]}}, "livenessProbe successThreshold = 3"),
        ({"spec": {"dnsConfig": {"options": [{"name": "ndots", "value": "20"}]}}}, "ndots = '20'"),
        ({"kind": "PriorityClass", "value": 2000000000}, "PriorityClass value = 2000000000"),
        ({"evictionHard": {"memory.avail": "100Mi"}}, "evictionHard signals: 'memory.avail'"),
        ({"kind": "CronJob", "spec": {"concurrencyPolicy": "Skip"}}, "concurrencyPolicy = 'Skip'"),
        (
            {"data": {"cni.conf": "[Network]\nManageForeignRoutes=off-please\n"}},
            "ManageForeignRoutes=off-please is not a boolean",
        ),
    ],
)
def test_an_undocumented_value_is_caught(document, expected):
    """The rules bite: each of these recommendations would be reported."""
    problems = _violations_in_document(document)
    assert any(p.startswith(expected) for p in problems), problems


def test_a_setting_spelled_in_words_is_caught():
    assert _violations_in_words("set NCCL_IB_RETRY_CNT=13 and NCCL_IB_TIMEOUT=0.")
    assert not _violations_in_words("set NCCL_IB_RETRY_CNT=7 and NCCL_IB_TIMEOUT=22.")
