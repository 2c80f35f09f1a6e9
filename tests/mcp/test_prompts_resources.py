"""Prompts a user picks by name, and every case and check as a resource, with their ids completed."""

from __future__ import annotations

from mcp import types
from support.mcp_session import run

from kubegap.checks import all_checks
from kubegap.library import load_library

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"


def test_prompts_carry_what_the_library_knows(tmp_path):
    async def body(agent):
        session = agent.session
        listed = (await session.list_prompts()).prompts
        incident = await session.get_prompt(
            "check_for_incident", {"case_id": DATADOG, "target": "the manifests in k8s/"}
        )
        finding = await session.get_prompt(
            "explain_finding", {"check_id": "networkd-foreign-routes", "object": "DaemonSet kube-system/cilium"}
        )
        try:
            await session.get_prompt("check_for_incident", {"case_id": "datadog-2023"})
            refused = None
        except Exception as exc:  # noqa: BLE001 - the SDK raises its error type for an error answer
            refused = str(exc)
        completed = await session.complete(
            types.PromptReference(name="check_for_incident"), {"name": "case_id", "value": "datadog-2023"}
        )
        return listed, incident, finding, refused, completed

    (listed, incident, finding, refused, completed), _ = run(body, tmp_path)
    case = load_library().case(DATADOG)
    assert {"check_for_incident", "explain_finding", "audit_and_plan"} <= {p.name for p in listed}
    text = incident.messages[0].content.text
    assert f"case={DATADOG!r}" in text and all(check in text for check in case.checks) and case.url in text
    assert "the manifests in k8s/" in text
    text = finding.messages[0].content.text
    assert "DaemonSet kube-system/cilium" in text and case.url in text and "get_case" in text
    assert refused is not None and f"did you mean '{DATADOG}'" in refused
    assert completed.completion.values == [DATADOG]


def test_every_case_and_check_is_a_resource(tmp_path):
    async def body(agent):
        session = agent.session
        listed = (await session.list_resources()).resources
        check = await session.read_resource("kubegap://check/networkd-foreign-routes")
        try:
            await session.read_resource("kubegap://check/no-such-check")
            refused = None
        except Exception as exc:  # noqa: BLE001 - the SDK raises its error type for an error answer
            refused = str(exc)
        templates = (await session.list_resource_templates()).resource_templates
        completed = await session.complete(
            types.ResourceTemplateReference(uri="kubegap://check/{check_id}"), {"name": "check_id", "value": "nccl"}
        )
        return listed, check, refused, templates, completed

    (listed, check, refused, templates, completed), _ = run(body, tmp_path)
    uris = {str(r.uri) for r in listed}
    assert {f"kubegap://case/{c.id}" for c in load_library().cases} | {
        f"kubegap://check/{c.id}" for c in all_checks()
    } == uris
    assert all(r.mime_type == "text/markdown" and r.title for r in listed)
    assert "Why it matters" in check.contents[0].text and DATADOG in check.contents[0].text
    assert refused is not None and "no check 'no-such-check'" in refused
    assert {t.uri_template for t in templates} == {"kubegap://case/{case_id}", "kubegap://check/{check_id}"}
    assert completed.completion.values and all(v.startswith("nccl") for v in completed.completion.values)
