"""What an agent in Claude Code or Codex asks kubegap, scripted as the calls it would make: each answer is
reachable in at most three tool calls and twenty kilobytes read, in a session started as the one-line
installs start it (no --root: the server reads the repository the agent works in)."""

from __future__ import annotations

import shutil

import pytest
from conftest import run_cli
from support.mcp_session import error_text, payload, run

from kubegap.library import load_library

MAX_CALLS = 3
MAX_BYTES = 20 * 1024
DATADOG = "datadog-2023-systemd-networkd-cilium-outage"


def within_budget(agent) -> None:
    assert len(agent.calls) <= MAX_CALLS, agent.calls
    assert agent.bytes_read <= MAX_BYTES, agent.calls


@pytest.fixture
def repository(tmp_path):
    """A user's repository holding the Datadog outage's configuration, rebuilt from its sources, under k8s/."""
    reconstruction = load_library().reconstruction(DATADOG)
    (tmp_path / "k8s").mkdir()
    shutil.copy(reconstruction.incident, tmp_path / "k8s" / "cluster.yaml")
    return tmp_path


def test_find_the_cases_about_a_component(tmp_path):
    """'Which public incidents involved Cilium?': one call, the leaf of the term is enough."""

    async def task(agent):
        return payload(await agent.call("search_cases", {"component": "cilium"}))

    found, agent = run(task, tmp_path)
    within_budget(agent)
    library = load_library()
    expected = {c.id for c in library.filter(component=["networking/cilium"])}
    assert found["filters"] == {"component": ["networking/cilium"]} and found["total"] == len(expected)
    assert {c["id"] for c in found["cases"]} <= expected and DATADOG in {c["id"] for c in found["cases"]}
    assert "facets" not in found


def test_audit_a_manifest_set_for_one_incident(repository):
    """'Could the Datadog 2023 outage happen to us?': one call with the case, paths relative to the repository."""

    async def task(agent):
        return payload(await agent.call("audit_manifests", {"paths": "k8s", "case": DATADOG}))

    result, agent = run(task, repository)
    within_budget(agent)
    case = load_library().case(DATADOG)
    assert {g["check_id"] for g in result["groups"]} <= set(case.checks)
    exposure = next(g for g in result["groups"] if g["check_id"] == "networkd-foreign-routes")
    assert (
        exposure["objects"][0]["object"] == "DaemonSet kube-system/cilium"
        and "ManageForeignRoutingPolicyRules" in exposure["fix"]
    )
    assert exposure["cases"][0]["url"] == case.url
    assert exposure["objects"][0]["location"].startswith("k8s/cluster.yaml:"), "where to fix it, from the repository"


def test_explain_a_finding(repository):
    """'Why does kubegap flag our Cilium DaemonSet?': the audit, then the incident it cites."""

    async def task(agent):
        audited = payload(await agent.call("audit_manifests", {"paths": ["k8s"], "min_severity": "high"}))
        group = next(g for g in audited["groups"] if g["check_id"] == "networkd-foreign-routes")
        return group, payload(await agent.call("get_case", {"case_id": group["cases"][0]["id"]}))

    (group, case), agent = run(task, repository)
    within_budget(agent)
    assert case["id"] == DATADOG and case["remediation"] and case["sources"][0]["url"].startswith("https://")
    assert group["fix"] and group["objects"]


def test_compare_two_reports(repository):
    """'What did our fix change?': the reports of before and after, compared in one call."""
    fixed = load_library().reconstruction(DATADOG).fixed
    for name, source in (("before.json", repository / "k8s"), ("after.json", fixed)):
        done = run_cli("audit", str(source), "--format", "json", "-o", str(repository / name), "--fail-on", "none")
        assert done.returncode == 0, done.stderr

    async def task(agent):
        return payload(await agent.call("diff_reports", {"old": "before.json", "new": "after.json"}))

    diff, agent = run(task, repository)
    within_budget(agent)
    assert "networkd-foreign-routes" in {g["check_id"] for g in diff["fixed"]}
    assert diff["summary"]["fixed"] == sum(g["count"] for g in diff["fixed"]) and diff["summary"]["new"] == sum(
        g["count"] for g in diff["new"]
    )


def test_a_repository_the_server_was_not_started_in_stays_out_of_reach(repository, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")

    async def task(agent):
        return await agent.call("audit_manifests", {"paths": [str(repository / "k8s")]})

    result, _ = run(task, elsewhere)
    assert "outside the folders this server may read" in error_text(result)
