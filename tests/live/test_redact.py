"""Redaction keeps names and the values checks compare, and nothing else, in the object it is given."""

from __future__ import annotations

import copy

import orjson

from kubegap.sources.redact import REDACTED, redact


def test_env_values_are_kept_only_for_the_settings_checks_compare():
    pod = {
        "kind": "Pod",
        "metadata": {
            "name": "p",
            "managedFields": [{}],
            "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{...}", "team": "ml"},
        },
        "spec": {
            "initContainers": [{"name": "i", "env": [{"name": "TOKEN", "value": "t"}]}],
            "containers": [
                {
                    "name": "c",
                    "env": [
                        {"name": "NCCL_IB_TIMEOUT", "value": "22"},
                        {"name": "FI_PROVIDER", "value": "efa"},
                        {"name": "TORCH_NCCL_ASYNC_ERROR_HANDLING", "value": "1"},
                        {"name": "PASSWORD", "value": "p"},
                        {"name": "FROM_SECRET", "valueFrom": {"secretKeyRef": {"name": "s", "key": "k"}}},
                        "junk",
                    ],
                }
            ],
        },
    }
    out = redact(pod)
    assert out is pod
    assert out["metadata"] == {"name": "p", "annotations": {"team": "ml"}}
    assert out["spec"]["initContainers"][0]["env"] == [{"name": "TOKEN", "value": REDACTED}]
    assert [e.get("value") if isinstance(e, dict) else e for e in out["spec"]["containers"][0]["env"]] == [
        "22",
        "efa",
        "1",
        REDACTED,
        None,
        "junk",
    ]
    assert out["spec"]["containers"][0]["env"][4]["valueFrom"] == {"secretKeyRef": {"name": "s", "key": "k"}}


def test_configmap_data_keeps_keys_and_setting_names():
    cm = {
        "kind": "ConfigMap",
        "metadata": {"name": "c"},
        "data": {
            "10-networkd.conf": "[Network]\nManageForeignRoutingPolicyRules=no\nToken=abc\n",
            "config.conf": "mode: iptables\nclusterCIDR: 10.244.0.0/16\n",
            "blob": "free text",
            "n": 3,
        },
        "binaryData": {"cert": "AAAA"},
    }
    out = redact(cm)
    assert out["data"] == {
        "10-networkd.conf": "ManageForeignRoutingPolicyRules=no\nToken=<redacted>",
        "config.conf": "mode: <redacted>\nclusterCIDR: 10.244.0.0/16",
        "blob": REDACTED,
        "n": REDACTED,
    }
    assert out["binaryData"] == {"cert": REDACTED}


def test_messy_objects_do_not_break_redaction():
    assert redact({"kind": "ConfigMap", "metadata": "x", "data": ["a"]}) == {
        "kind": "ConfigMap",
        "metadata": "x",
        "data": ["a"],
    }
    assert redact({"kind": "Pod", "spec": {"containers": [{"env": "oops"}]}})["spec"]["containers"][0]["env"] == "oops"


def test_env_lists_are_found_at_any_depth_and_nothing_else_changes():
    job = {
        "kind": "TrainJob",
        "metadata": {"name": "j", "annotations": {"note": 'a "env": [{"value": "x"}] in a string'}},
        "spec": {
            "replicatedJobs": [{"template": {"spec": {"env": [{"name": "KEY", "value": "secret"}]}}}],
            "volumes": [{"name": "data", "emptyDir": {}}],
            "note": '{"env": "not a key"}',
        },
        "status": {"conditions": [{"type": "Ready"}]},
    }
    before = copy.deepcopy(job)
    out = redact(job)
    assert out["spec"]["replicatedJobs"][0]["template"]["spec"]["env"] == [{"name": "KEY", "value": REDACTED}]
    assert (
        out["spec"]["note"] == '{"env": "not a key"}'
        and out["metadata"]["annotations"] == before["metadata"]["annotations"]
    )
    assert out["spec"]["volumes"] == before["spec"]["volumes"] and out["status"] == before["status"]


def _every_env_redacted(value):
    """The plain walk redaction must agree with: every part visited, every env list's values redacted."""
    if isinstance(value, dict):
        return {
            k: [
                {**e, "value": REDACTED}
                if isinstance(e, dict) and "value" in e and not e.get("name", "").startswith("NCCL_")
                else e
                for e in v
            ]
            if k == "env" and isinstance(v, list)
            else _every_env_redacted(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_every_env_redacted(v) for v in value]
    return value


def test_env_lists_after_the_first_are_found_wherever_they_stand():
    container = {
        "name": "c",
        "env": [{"name": "A", "value": "one"}],
        "image": "i",
        "nested": {"env": [{"name": "B", "value": "two"}]},
    }
    job = {
        "kind": "Job",
        "metadata": {"name": "j"},
        "spec": {
            "containers": [
                container,
                {"name": "d", "ports": [{"containerPort": 80}]},
                {"name": "e", "env": [{"name": "C", "value": "three"}]},
            ],
            "volumes": [{"name": "v"}],
            "weird": {
                'x"env': [{"value": "a key that only looks like env"}],
                "deep": [[{"env": [{"name": "NCCL_X", "value": "kept"}]}]],
            },
            "initContainers": [{"env": [{"name": "D", "value": "four"}, {"name": "E", "value": "five"}]}],
            "env": [{"name": "F", "value": "six"}],
        },
    }
    expected = _every_env_redacted(job["spec"])
    out = redact(job)
    assert out["spec"] == expected
    assert not any(
        f'"{secret}"'.encode() in orjson.dumps(out) for secret in ("one", "two", "three", "four", "five", "six")
    )
    assert out["spec"]["weird"]["deep"][0][0]["env"] == [{"name": "NCCL_X", "value": "kept"}]
