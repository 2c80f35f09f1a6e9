"""Redaction keeps names and the values checks compare, and nothing else; inputs are not changed."""

from __future__ import annotations

import copy

from kubegap.sources.redact import REDACTED, redact


def test_env_values_are_kept_only_for_the_settings_checks_compare():
    pod = {"kind": "Pod", "metadata": {"name": "p", "managedFields": [{}], "annotations": {
        "kubectl.kubernetes.io/last-applied-configuration": "{...}", "team": "ml"}},
        "spec": {"initContainers": [{"name": "i", "env": [{"name": "TOKEN", "value": "t"}]}],
                 "containers": [{"name": "c", "env": [
                     {"name": "NCCL_IB_TIMEOUT", "value": "22"}, {"name": "FI_PROVIDER", "value": "efa"},
                     {"name": "TORCH_NCCL_ASYNC_ERROR_HANDLING", "value": "1"}, {"name": "PASSWORD", "value": "p"},
                     {"name": "FROM_SECRET", "valueFrom": {"secretKeyRef": {"name": "s", "key": "k"}}}, "junk"]}]}}
    before = copy.deepcopy(pod)
    out = redact(pod)
    assert pod == before
    assert out["metadata"] == {"name": "p", "annotations": {"team": "ml"}}
    assert out["spec"]["initContainers"][0]["env"] == [{"name": "TOKEN", "value": REDACTED}]
    assert [e.get("value") if isinstance(e, dict) else e for e in out["spec"]["containers"][0]["env"]] == \
           ["22", "efa", "1", REDACTED, None, "junk"]
    assert out["spec"]["containers"][0]["env"][4]["valueFrom"] == {"secretKeyRef": {"name": "s", "key": "k"}}


def test_configmap_data_keeps_keys_and_setting_names():
    cm = {"kind": "ConfigMap", "metadata": {"name": "c"},
          "data": {"10-networkd.conf": "[Network]\nManageForeignRoutingPolicyRules=no\nToken=abc\n",
                   "config.conf": "mode: iptables\nclusterCIDR: 10.244.0.0/16\n", "blob": "free text", "n": 3},
          "binaryData": {"cert": "AAAA"}}
    out = redact(cm)
    assert out["data"] == {"10-networkd.conf": "ManageForeignRoutingPolicyRules=no\nToken=<redacted>",
                           "config.conf": "mode: <redacted>\nclusterCIDR: 10.244.0.0/16", "blob": REDACTED, "n": REDACTED}
    assert out["binaryData"] == {"cert": REDACTED}


def test_messy_objects_do_not_break_redaction():
    assert redact({"kind": "ConfigMap", "metadata": "x", "data": ["a"]}) == {"kind": "ConfigMap", "metadata": "x", "data": ["a"]}
    assert redact({"kind": "Pod", "spec": {"containers": [{"env": "oops"}]}})["spec"]["containers"][0]["env"] == "oops"


def test_env_lists_are_found_at_any_depth_and_parts_without_one_are_not_copied():
    job = {"kind": "TrainJob", "metadata": {"name": "j", "annotations": {"note": 'a "env": [{"value": "x"}] in a string'}},
           "spec": {"replicatedJobs": [{"template": {"spec": {"env": [{"name": "KEY", "value": "secret"}]}}}],
                    "volumes": [{"name": "data", "emptyDir": {}}], "note": '{"env": "not a key"}'},
           "status": {"conditions": [{"type": "Ready"}]}}
    before = copy.deepcopy(job)
    out = redact(job)
    assert job == before
    assert out["spec"]["replicatedJobs"][0]["template"]["spec"]["env"] == [{"name": "KEY", "value": REDACTED}]
    assert out["spec"]["note"] == '{"env": "not a key"}' and out["metadata"]["annotations"] == job["metadata"]["annotations"]
    assert out["spec"]["volumes"] is job["spec"]["volumes"] and out["status"] is job["status"]
