"""How an audit ends, for every surface (pipeline.audit_collections and Outcome): nothing read is an error that
names the inputs, never an empty clean report; a namespace that holds nothing is said; the exit code is read
from the outcome alone."""

from __future__ import annotations

import pytest

from kubegap.domain.collection import Collection
from kubegap.pipeline import NothingToAudit, Outcome, audit_collections, audit_options
from kubegap.sources.inline import INLINE, InlineSource

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers: [{name: api, image: 'example/api:1.4.2'}]
---
apiVersion: v1
kind: Namespace
metadata: {name: shop}
"""


def test_inline_manifests_are_read_as_a_file_is():
    collection = InlineSource(DEPLOYMENT).collect()
    assert [r["kind"] for r in collection.resources] == ["Deployment", "Namespace"]
    assert collection.inputs == [{"type": "manifests", "path": INLINE}]
    assert collection.origins  # findings on inline objects carry a location


def test_nothing_read_is_an_error_naming_the_inputs_with_what_reading_said():
    empty = InlineSource("replicaCount: 3\n").collect()
    with pytest.raises(NothingToAudit) as raised:
        audit_collections([empty], audit_options(), [INLINE])
    assert str(raised.value) == f"no Kubernetes objects found in {INLINE}"
    assert raised.value.warnings and "no apiVersion or kind" in raised.value.warnings[0]


def test_inputs_all_left_unread_say_why_each_was():
    collection = Collection()
    collection.inputs.append({"type": "manifests", "path": "big.yaml", "unread": {"big.yaml": "over the limit"}})
    with pytest.raises(NothingToAudit, match=r"^big\.yaml: over the limit: not read$"):
        audit_collections([collection], audit_options(), ["big.yaml"])


def test_a_namespace_that_holds_nothing_is_said_in_the_warnings():
    outcome = audit_collections([InlineSource(DEPLOYMENT).collect()], audit_options(), [INLINE], ["shop", "ghost"])
    assert outcome.report.warnings[0] == "namespace 'ghost' does not exist in this cluster"
    assert not any("'shop'" in warning for warning in outcome.report.warnings)


def test_the_exit_code_is_read_from_the_outcome():
    outcome = audit_collections([InlineSource(DEPLOYMENT).collect()], audit_options(), [INLINE])
    assert outcome.failing == audit_options().failing(outcome.report)
    assert not outcome.partial
    assert Outcome({}, [{"severity": "high"}], True).exit_code(fail_on_partial=True) == 1
    assert Outcome({}, [], True).exit_code(fail_on_partial=True) == 3
    assert Outcome({}, [], True).exit_code() == 0
    assert Outcome({}, [], False).exit_code(fail_on_partial=True) == 0


def test_a_cluster_where_rbac_forbade_everything_says_so():
    collection = Collection()
    collection.inputs.append({"type": "cluster", "context": "prod"})
    collection.forbidden.update({f"Kind{i}": f"list kind{i}s cluster-wide" for i in range(7)})
    with pytest.raises(NothingToAudit, match=r"^no Kubernetes objects found in cluster prod$") as raised:
        audit_collections([collection], audit_options())
    assert raised.value.warnings == [
        (
            "7 kind(s) forbidden by RBAC: Kind0 (list kind0s cluster-wide), Kind1 (list kind1s cluster-wide), "
            "Kind2 (list kind2s cluster-wide), Kind3 (list kind3s cluster-wide), Kind4 (list kind4s cluster-wide) "
            "and 2 more"
        )
    ]
