"""What a session pays before and while it gets answers, measured on a real session: a test fails when any
of these grows past its budget. Sizes are bytes of compact JSON: the tools/list result as sent, and the
text of a tool answer (what a model reads; the audits' structured content is the same JSON)."""

from __future__ import annotations

import jsonschema
import orjson
from support.mcp_session import answer_bytes, payload, run

from kubegap.checks import all_checks
from kubegap.demo import demo_path
from kubegap.mcp.paging import OBJECTS_PER_PAGE

KB = 1024
TOOLS_LIST_BUDGET = 6 * KB
LIST_CHECKS_BUDGET = 8 * KB
SINGLE_REPLICA = """
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec: {replicas: 1, template: {spec: {containers: [{name: api, image: "api:1.0"}]}}}
"""
FIRST_AUDIT_PAGE_BUDGET = 14 * KB
"""The demo cluster's 19 findings: the first page of an audit of a whole (small) cluster."""


def test_tools_list_fits_its_budget_with_one_output_schema(tmp_path):
    async def body(agent):
        listed = await agent.session.list_tools()
        audits = [
            await agent.call("audit_manifests", {"paths": [str(demo_path())]}),
            await agent.call("audit_manifests", {"yaml": SINGLE_REPLICA, "limit": 1}),
        ]
        return listed, audits

    (listed, audits), _ = run(body, tmp_path, "--root", str(demo_path().parent), "--root", str(tmp_path))
    size = len(orjson.dumps(listed.model_dump(mode="json", by_alias=True, exclude_none=True)))
    assert size <= TOOLS_LIST_BUDGET, f"tools/list is {size} bytes"
    with_schema = [tool for tool in listed.tools if tool.output_schema]
    assert [tool.name for tool in with_schema] == ["audit_manifests"]
    assert not [tool.name for tool in listed.tools if b'"title"' in orjson.dumps(tool.input_schema)]
    for result in audits:
        jsonschema.validate(payload(result), with_schema[0].output_schema)


def test_list_checks_fits_its_budget_and_names_cases_only_on_request(tmp_path):
    async def body(agent):
        first = await agent.call("list_checks", {})
        rest = (
            await agent.call("list_checks", {"cursor": payload(first)["next_cursor"]})
            if "next_cursor" in payload(first)
            else None
        )
        gpu = await agent.call("list_checks", {"category": "gpu", "cases": True})
        return first, rest, gpu

    (first, rest, gpu), _ = run(body, tmp_path)
    assert answer_bytes(first) <= LIST_CHECKS_BUDGET, answer_bytes(first)
    pages = [payload(first)] + ([payload(rest)] if rest else [])
    listed = {
        check_id: entry for page in pages for by_id in page["checks"].values() for check_id, entry in by_id.items()
    }
    assert set(listed) == {c.id for c in all_checks()} and all(
        isinstance(e, str) and ": " in e for e in listed.values()
    )
    gpu_checks = payload(gpu)["checks"]
    assert list(gpu_checks) == ["gpu"] and all(
        entry["cases"] and entry["cases"][0]["title"] for entry in gpu_checks["gpu"].values()
    )


def test_search_answers_facets_only_when_asked(tmp_path):
    async def body(agent):
        return (
            payload(await agent.call("search_cases", {"query": "coredns"})),
            payload(await agent.call("search_cases", {"query": "coredns", "facets": True})),
        )

    (plain, faceted), agent = run(body, tmp_path)
    assert "facets" not in plain and set(faceted["facets"]) == {
        "root_cause",
        "component",
        "symptom",
        "contributing_factor",
    }
    assert agent.calls[0][1] < agent.calls[1][1]


def test_an_audit_answer_groups_by_check_with_the_first_objects_and_a_cursor(tmp_path):
    async def body(agent):
        return payload(await agent.call("audit_manifests", {"paths": [str(demo_path())]}))

    result, agent = run(body, tmp_path, "--root", str(demo_path().parent))
    assert agent.bytes_read <= FIRST_AUDIT_PAGE_BUDGET, agent.bytes_read
    assert [g["check_id"] for g in result["groups"]] == list(dict.fromkeys(g["check_id"] for g in result["groups"]))
    for group in result["groups"]:
        assert len(group["objects"]) == min(group["count"], OBJECTS_PER_PAGE)
        assert ("next_cursor" in group) == (group["count"] > OBJECTS_PER_PAGE)
    assert result["checks_with_findings"] > len(result["groups"]) and "next_cursor" in result
