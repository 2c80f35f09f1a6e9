"""The typed report writes back exactly the JSON it was read or built from: fields, key order, fields it
does not know and fields a report leaves out."""

from __future__ import annotations

import json

import orjson
import pytest

from kubegap.report.document import Report, ReportedFinding


def _json(report) -> dict:
    return report if isinstance(report, dict) else report.to_json()


def _round_trip(data: dict) -> None:
    assert orjson.dumps(Report.from_json(data).to_json(), default=str) == orjson.dumps(data, default=str)


@pytest.mark.parametrize("name", ["demo_report", "mixed_report"])
def test_a_built_report_is_written_back_as_it_was_built(name, request):
    _round_trip(_json(request.getfixturevalue(name)))


def test_a_report_read_from_json_is_written_back_key_for_key(demo_report):
    data = json.loads(json.dumps(_json(demo_report)))
    data = {"zzz": {"kept": True}, **{k: v for k, v in reversed(list(data.items()))}}
    first = data["findings"][0]
    data["findings"][0] = {"note": "unknown", **dict(reversed(list(first.items())))}
    data["findings"][0]["object"]["uid"] = "1234"
    data["coverage"][0] = {**data["coverage"][0], "cluster": None}
    data["cluster"] = {"name": None, "members": "not a list", "region": "eu"}
    data["schema_version"] = "1"
    for key in ("generated_at", "summary", "kinds", "fleet_facts", "suppressed"):
        data.pop(key, None)
    _round_trip(data)


def test_a_finding_says_which_fields_it_holds(demo_report):
    finding = ReportedFinding.from_json(_json(demo_report)["findings"][0])
    assert not finding.has("cluster")
    tagged = finding.in_cluster("eu")
    assert tagged.has("cluster") and tagged.cluster == "eu"
    assert list(tagged.to_json())[-1] == "cluster"
    assert tagged.fingerprint != finding.fingerprint
    assert tagged.untagged().to_json() == {**finding.to_json(), "fingerprint": tagged.fingerprint}
