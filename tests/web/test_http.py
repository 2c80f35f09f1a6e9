"""The website over plain HTTP: JSON twins, 404s, security headers, static files, escaping, reports."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from starlette.testclient import TestClient
from web.conftest import PAYLOAD

from kubegap.checks import all_checks
from kubegap.library.model import VOCABULARIES
from kubegap.report.baseline import load_report
from kubegap.report.document import Report
from kubegap.web.app import create_app
from kubegap.web.links import VOCABULARY_SLUGS
from kubegap.web.security import HEADERS


@pytest.fixture(scope="module")
def client(library, demo_report):
    return TestClient(create_app(library, load_report(demo_report)))


def test_case_list_json_twin_pages_and_facets(client, library):
    data = client.get("/cases.json").json()
    assert data["total"] == len(library.cases) and len(data["cases"]) == min(20, len(library.cases))
    assert data == client.get("/cases?_format=json").json()
    cilium = next(n for t, n in library.index.search().facets["component"] if t == "networking/cilium")
    narrowed = client.get("/cases.json", params={"component": "networking/cilium"}).json()
    assert narrowed["total"] == cilium == len(library.filter(component=["networking/cilium"]))
    assert {f["term"]: f["count"] for f in narrowed["facets"]["component"]}["networking/cilium"] == cilium
    last = client.get("/cases.json", params={"page": data["pages"]}).json()
    assert [c["id"] for c in last["cases"]] == [c.id for c in library.cases[(data["pages"] - 1) * 20 :]]


def test_case_term_vocabulary_and_check_twins(client, library):
    case = library.cases[0]
    assert client.get(f"/cases/{case.id}.json").json()["id"] == case.id
    for vocabulary, slug in VOCABULARY_SLUGS.items():
        terms = client.get(f"/{slug}.json").json()["terms"]
        assert [t["id"] for t in terms] == [t.id for t in library.vocabularies[vocabulary].terms]
        term = case.tags.of(vocabulary)[0]
        twin = client.get(f"/{slug}/{term}.json").json()
        assert case.id in [c["id"] for c in twin["cases"]]
        assert twin["cases"] == client.get(f"/{slug}/{term}", params={"_format": "json"}).json()["cases"]
    assert [c["id"] for c in client.get("/checks.json").json()] == [c.id for c in all_checks()]
    check = all_checks()[0]
    assert client.get(f"/checks/{check.id}.json").json()["documentation"] == check.doc
    assert client.get("/report.json").json()["schema_version"] == "2"


def test_combined_components_say_what_the_cases_involve(client, library):
    both = library.filter(component=["networking/cilium", "node/systemd-networkd"])
    page = client.get(
        "/cases", params=[("component", "networking/cilium"), ("component", "node/systemd-networkd")]
    ).text
    names = f"{library.term('component', 'networking/cilium').name} and {library.term('component', 'node/systemd-networkd').name}"
    expected = f"These {len(both)} cases involve {names}." if len(both) > 1 else f"This case involves {names}."
    assert expected in page


@pytest.mark.parametrize(
    "path",
    [
        "/cases/no-such-case",
        "/cases/no-such-case.json",
        "/checks/no-such-check",
        "/root-cause/no-such-term",
        "/component/networking/no-such-term.json",
        "/no-such-vocabulary",
        "/static/no-such-file.css",
    ],
)
def test_unknown_ids_are_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    if path.endswith(".json"):
        assert response.json()["status"] == 404
    else:
        assert "Not found" in response.text and "<nav" in response.text


@pytest.mark.parametrize("query", [{"component": "no/such"}, {"page": "0"}, {"page": "x"}, {"page": "999"}])
def test_bad_case_list_state_is_400(client, query):
    response = client.get("/cases", params=query)
    assert response.status_code == 400 and "Bad request" in response.text


@pytest.mark.parametrize(
    "path", ["/", "/cases", "/cases.json", "/static/style.css", "/nope", "/cases?page=x", "/report"]
)
def test_security_headers_on_every_response(client, path):
    headers = client.get(path).headers
    for name, value in HEADERS.items():
        assert headers[name] == value
    csp = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp and "script-src 'self'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2f%2e%2e%2fcli/web.py",
        "/static//etc/passwd",
        "/static/..%5capp.py",
    ],
)
def test_no_directory_traversal(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "create_app" not in response.text and "root:" not in response.text


def test_pages_have_no_inline_script_or_style(client, library):
    for path in ("/", "/cases", f"/cases/{library.cases[0].id}", "/component", "/checks", "/report"):
        html = client.get(path).text
        assert "<style" not in html and " style=" not in html and "<script>" not in html and "onclick" not in html


def test_script_payloads_in_case_text_render_inert(hostile_library):
    client = TestClient(create_app(hostile_library))
    pages = [
        client.get(p).text for p in ("/cases", "/cases/hostile-2024-script-payloads", "/component/networking/cilium")
    ]
    pages.append(client.get("/cases", params={"q": PAYLOAD}).text)
    for html in pages:
        assert "<script>alert" not in html and "<img src=x" not in html
    case = pages[1]
    for field in (
        "Title",
        "Org",
        "Summary",
        "Symptoms",
        "Trigger",
        "Root cause",
        "Factor",
        "Source",
        "Publisher",
        "Reason",
    ):
        assert f"{field} &lt;script&gt;alert(" in case
    assert "Not stated in the sources." in case


def test_markdown_is_rendered_without_raw_html_or_script_links():
    from kubegap.web.render import markdown

    html = str(markdown("Use `kubectl`.\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))"))
    assert "<code>kubectl</code>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html and 'href="javascript' not in html


def test_report_viewer_escapes_audited_object_names(library, tmp_path):
    manifest = tmp_path / "sts.yaml"
    manifest.write_text(
        "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: '"
        + PAYLOAD.replace("'", "''")
        + "'\n  namespace: d\n"
        "spec:\n  template:\n    spec:\n      containers: [{name: db, image: 'postgres:16', volumeMounts: [{name: data, mountPath: /d}]}]\n"
        "      volumes: [{name: data, hostPath: {path: /srv}}]\n"
    )
    out = tmp_path / "report.json"
    run_cli("audit", str(manifest), "--format", "json", "-o", str(out))
    report = load_report(out)
    assert report.findings, "the hostPath StatefulSet should produce a finding"
    app = TestClient(create_app(library, report))
    html = app.get("/report").text
    assert "<script>alert" not in html and "<img src=x" not in html
    assert app.get("/report.json").json()["findings"][0]["object"]["name"] == PAYLOAD  # the viewer inserts it as text


def test_report_viewer_shows_coverage_and_points_the_viewer_at_the_reports_json(client, demo_report):
    report = json.loads(demo_report.read_text())
    html = client.get("/report").text
    assert 'data-report="/report.json"' in html and client.get("/report.json").json() == report
    assert "Coverage" in html and "Forbidden" in html and "Absent" in html
    for entry in report["coverage"]:
        if entry["status"] == "skipped":
            assert entry["check_id"] in html


def test_report_viewer_shows_skipped_checks_and_forbidden_kinds(library, tmp_path):
    manifest = tmp_path / "cm.yaml"
    manifest.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: default}\n")
    out = tmp_path / "report.json"
    run_cli("audit", str(manifest), "--format", "json", "-o", str(out))
    report = load_report(out).to_json()
    report["kinds"]["forbidden"] = {"Node": "forbidden by RBAC (list nodes)"}
    skipped = [c for c in report["coverage"] if c["status"] == "skipped"]
    assert skipped, "a ConfigMap alone leaves the node and workload checks without their kinds"
    html = TestClient(create_app(library, Report.from_json(report))).get("/report").text
    assert "No findings." in html and "Skipped checks" in html
    for entry in skipped:
        assert f'href="/checks/{entry["check_id"]}"' in html and str(entry["reason"]).split()[0] in html
    assert "forbidden by RBAC (list nodes)" in html


def test_without_a_loaded_report_the_viewer_offers_to_open_one(library):
    response = TestClient(create_app(library)).get("/report")
    assert response.status_code == 200 and 'id="report-file"' in response.text and "never uploaded" in response.text
    assert TestClient(create_app(library)).get("/report.json").json() == {"report": None}


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "not JSON"),
        ('{"schema_version": "1"}', "not a kubegap JSON report"),
        (
            (
                '{"schema_version": "1", "tool": {"name": "kubegap", "version": "x"}, "inputs": [], "findings": '
                '[{"check_id": "x", "severity": "urgent"}], "coverage": [], "cases": {}}'
            ),
            "findings/0",
        ),
    ],
)
def test_serve_refuses_a_bad_report_with_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run_cli("serve", "--report", str(path), "--port", "0")
    assert result.returncode == 2, result.stderr
    assert str(path) in result.stderr and message in result.stderr and "Traceback" not in result.stderr


def test_serve_refuses_a_missing_report(tmp_path):
    result = run_cli("serve", "--report", str(tmp_path / "missing.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_every_vocabulary_page_lists_every_term_with_count(client, library):
    for vocabulary in VOCABULARIES:
        html = client.get("/" + VOCABULARY_SLUGS[vocabulary]).text
        for term in library.vocabularies[vocabulary].terms:
            assert f'href="/{VOCABULARY_SLUGS[vocabulary]}/{term.id}"' in html
