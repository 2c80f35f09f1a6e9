"""Arguments as agents send them: one term where a list is expected, a term's last part, and mistakes
answered with the valid values or the closest ones, in the tools' own words (never a CLI flag)."""

from __future__ import annotations

import pytest
from mcp.server.mcpserver.exceptions import ToolError
from support.mcp_session import error_text, payload, run

from kubegap.demo import demo_path
from kubegap.mcp import arguments

DATADOG = "datadog-2023-systemd-networkd-cilium-outage"
KUBECONFIG = """apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {}}]
contexts: [{name: prod-eu, context: {cluster: c, user: u}}, {name: staging, context: {cluster: c, user: u}}]
current-context: staging
"""


def test_one_term_where_a_list_is_expected(tmp_path):
    async def body(agent):
        return [
            payload(await agent.call("audit_manifests", {"paths": str(demo_path()), "checks": "pdb-missing"})),
            payload(await agent.call("audit_manifests", {"paths": str(demo_path()), "case": DATADOG})),
            payload(await agent.call("search_cases", {"component": "coredns", "symptom": "dns-resolution-failure"})),
            payload(await agent.call("list_checks", {"category": "dns"})),
        ]

    (checks, case, found, listed), _ = run(body, tmp_path, "--root", str(demo_path().parent))
    assert {g["check_id"] for g in checks["groups"]} == {"pdb-missing"}
    assert checks["summary"]["checks"]["ran"] == 1
    assert case["summary"]["checks"]["ran"] + case["summary"]["checks"]["skipped"] == 3
    assert found["filters"]["component"] == ["dns/coredns"] and found["total"] >= 1
    assert list(listed["checks"]) == ["dns"]


MISTAKES = [
    (
        "audit_manifests",
        {"yaml": "a: 1", "checks": ["pdb-mising"]},
        "checks: no check 'pdb-mising'; did you mean 'pdb-missing'",
    ),
    (
        "audit_manifests",
        {"yaml": "a: 1", "case": "datadog-2023"},
        f"case: no case 'datadog-2023'; did you mean '{DATADOG}'",
    ),
    (
        "explain_check",
        {"check_id": "nccl-timeout-unset"},
        "check_id: no check 'nccl-timeout-unset'; did you mean 'nccl-timeouts-unset'",
    ),
    (
        "get_case",
        {"case_id": "datadog"},
        "case_id: no case 'datadog'; did you mean 'datadog-2019-coredns-rolling-update-ipvs-udp-blackholes-dns' or",
    ),
    ("list_checks", {"category": "network"}, "category: no check category 'network'; valid: admission, "),
    (
        "search_cases",
        {"component": "ciliumm"},
        "component: no component term 'ciliumm'; did you mean 'networking/cilium'",
    ),
    (
        "search_cases",
        {"root_cause": "no-such-thing-at-all"},
        "root_cause: no root cause term 'no-such-thing-at-all'; search_cases with facets lists",
    ),
    ("audit_cluster", {"context": "prod"}, "context: no kubeconfig context 'prod'; valid: prod-eu, staging"),
    ("audit_manifests", {"paths": ["k8s"], "cursor": "abc"}, "cursor: not one this tool gave"),
]


def test_mistakes_name_the_argument_and_what_it_could_have_been(tmp_path):
    kubeconfig = tmp_path / "kubeconfig"
    kubeconfig.write_text(KUBECONFIG)

    async def body(agent):
        return [await agent.call(tool, arguments) for tool, arguments, _ in MISTAKES]

    results, _ = run(body, tmp_path, "--kubeconfig", str(kubeconfig))
    for (tool, _, expected), result in zip(MISTAKES, results):
        message = error_text(result)
        assert expected in message, (tool, message)
        assert " --" not in message, (tool, "an agent's error names tool arguments, not command-line flags", message)


@pytest.mark.parametrize(
    ("value", "known", "expected"),
    [
        ("Cilium", ["networking/cilium", "networking/calico"], ["networking/cilium"]),
        ("pdb-mising", ["pdb-missing", "pdb-overlap"], ["pdb-missing"]),
        ("zzz", ["pdb-missing"], []),
    ],
)
def test_closest_values(value, known, expected):
    assert arguments.closest(value, known) == expected


def test_a_leaf_shared_by_two_terms_is_not_guessed():
    class Vocabulary:
        terms = tuple(type("T", (), {"id": i}) for i in ("dns/timeouts", "networking/timeouts"))

    library = type("L", (), {"vocabularies": {"symptom": Vocabulary}})
    with pytest.raises(
        ToolError, match="symptom: no symptom term 'timeouts'; valid: dns/timeouts, networking/timeouts"
    ):
        arguments.term(library, "symptom", "timeouts")
    assert arguments.term(library, "symptom", "dns/timeouts") == "dns/timeouts"
