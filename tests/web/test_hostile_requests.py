"""The website against hostile requests, over real HTTP: oversized and malformed query parameters,
unknown ids, traversal attempts on every route that takes a path segment, and script payloads in a
live audit's report. Each gets a 400 or 404 page of bounded size, never a 500 or a file's contents."""

from __future__ import annotations

import http.client
import json
import socket
from urllib.parse import quote, urlsplit

import pytest
from robustness.scenarios import measured
from starlette.testclient import TestClient
from support.apiserver import FakeAPIServer
from support.clusters import training_cluster
from web.conftest import PAYLOAD, ThreadedServer

from kubegap.report.document import Report
from kubegap.web.app import create_app
from kubegap.web.views import ECHOED_CHARS

MAX_ERROR_PAGE = 8_000
"""An error page quotes at most ECHOED_CHARS of the request: no amplification of what was sent."""
SECRETS_ON_DISK = ("[project]", "root:x:0:0", "def create_app", "BEGIN PRIVATE KEY")


@pytest.fixture(scope="module")
def server(library):
    with ThreadedServer(create_app(library)) as running:
        yield running.url


def raw_get(base: str, target: str) -> tuple[int, str]:
    """GET a request target exactly as written (no client-side normalisation of .. or %2e)."""
    location = urlsplit(base)
    connection = http.client.HTTPConnection(location.hostname, location.port, timeout=30)
    try:
        connection.putrequest("GET", target, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


@pytest.mark.attack(
    id="web-page-numbers",
    surface="website",
    attempt="page numbers past 64 bits, 5,000 digits, negative, fractional, hexadecimal, Unicode digits, NUL, empty",
    expect="400 with a short error page (and JSON twin), never a 500",
)
@pytest.mark.parametrize(
    "page",
    [
        "99999999999999999999999999",
        "9" * 5000,
        "-1",
        "-0",
        "0",
        "1.5",
        "1e3",
        "0x10",
        "%201",
        "%C2%B2",
        "%00",
        "",
        "one",
    ],
)
def test_malformed_page_numbers_are_400(server, page):
    status, body = raw_get(server, f"/cases?page={page}")
    assert status == 400, body[:500]
    assert "Bad request" in body and "page number" in body and len(body) < MAX_ERROR_PAGE
    status, body = raw_get(server, f"/cases.json?page={page}")
    assert status == 400 and json.loads(body)["status"] == 400


def _refused(server: str, target: str) -> tuple[int, str]:
    """``raw_get`` of a request the server refuses before reading it whole. When it answers and closes with bytes
    of the request still unread, the kernel resets the connection, and the reset can reach the client before the
    answer is read: the refusal happened, only its answer was lost, so the request is sent again (three tries at most)."""
    for _ in range(2):
        try:
            return raw_get(server, target)
        except ConnectionResetError:
            continue
    return raw_get(server, target)


@pytest.mark.attack(
    id="web-huge-query",
    surface="website",
    attempt="100 KB values for the search and facet parameters; a 1,000-character search",
    expect="400 with a bounded error page, quickly",
)
def test_a_100_kb_query_string_is_refused_quickly(server):
    for name in ("q", "component", "root_cause", "page"):
        status, body = _refused(server, f"/cases?{name}=" + "a" * 100_000)
        assert status == 400, (name, body[:300])
        assert len(body) < MAX_ERROR_PAGE, name
    status, body = raw_get(server, "/cases?q=" + quote("a OR " * 200))
    assert status == 400 and "at most 500" in body


@pytest.mark.attack(
    id="web-unknown-facets",
    surface="website",
    attempt="unknown facet terms: NUL, script payloads, 5,000 characters, dot segments",
    expect="400, the term quoted inertly",
)
@pytest.mark.parametrize(
    "query",
    [
        "component=no%2Fsuch",
        "root_cause=%00",
        "symptom=" + quote(PAYLOAD),
        "contributing_factor=" + "x" * 5000,
        "component=networking%2Fcilium&component=no-such",
        "component=networking%2F..%2F..%2Fetc",
    ],
)
def test_unknown_facet_terms_are_400_and_quoted_inertly(server, query):
    status, body = raw_get(server, f"/cases?{query}")
    assert status == 400 and "There is no" in body and len(body) < MAX_ERROR_PAGE
    assert "<script>alert" not in body and "<img src=x" not in body


def test_search_operators_are_harmless_and_unknown_query_parameters_are_400_quoted_inertly(server):
    for query in ("_format=" + "j" * 1000, "q=%22unbalanced", "q=NEAR(", "q=*", "q=-", "q=%00%00", "q=%ff%fe"):
        status, body = raw_get(server, f"/cases?{query}")
        assert status == 200, (query, body[:300])
    for query in ("nosuchfacet=1", "%3Cscript%3Ealert(1)%3C/script%3E=1", "x" * 5000 + "=1"):
        status, body = raw_get(server, f"/cases?{query}")
        assert status == 400 and "This page has no query parameter" in body and len(body) < MAX_ERROR_PAGE, (
            query,
            body[:300],
        )
        assert "<script>alert" not in body


ROUTES = [
    "/cases/{}",
    "/cases/{}.json",
    "/checks/{}",
    "/checks/{}.json",
    "/{}",
    "/{}.json",
    "/component/{}",
    "/component/{}.json",
    "/root-cause/networking/{}",
    "/static/{}",
]
TRAVERSALS = [
    "..",
    "../..",
    "../../pyproject.toml",
    "..%2f..%2fpyproject.toml",
    "%2e%2e",
    "%2e%2e%2f%2e%2e%2fpyproject.toml",
    "%252e%252e%252fpyproject.toml",
    "..%5c..%5cpyproject.toml",
    "/etc/passwd",
    "%2fetc%2fpasswd",
    "%00",
    "a%00b",
    "pyproject.toml%00.css",
    "....//....//etc/passwd",
    "x" * 10_000,
]


@pytest.mark.attack(
    id="web-path-traversal",
    surface="website",
    attempt="dot segments, encoded and double-encoded slashes, backslashes, absolute paths and NUL in every route with a path segment",
    expect="400 or 404, never a file's contents",
)
@pytest.mark.parametrize("route", ROUTES)
def test_path_segments_never_reach_the_file_system(server, route):
    for attempt in TRAVERSALS:
        status, body = raw_get(server, route.format(attempt))
        assert status in (400, 404), (route, attempt, status, body[:300])
        assert not any(marker in body for marker in SECRETS_ON_DISK), (route, attempt)
        assert len(body) < MAX_ERROR_PAGE + ECHOED_CHARS * 6, (route, attempt)


@pytest.mark.attack(
    id="web-raw-nul", surface="website", attempt="NUL bytes sent raw in the request line", expect="400 or 404"
)
def test_nul_bytes_sent_raw_are_refused(server):
    location = urlsplit(server)
    for target in (b"/cases/a\x00b", b"/cases?q=\x00", b"/static/style.css\x00"):
        with socket.create_connection((location.hostname, location.port), timeout=30) as sock:
            sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            answer = b"".join(iter(lambda: sock.recv(65536), b""))
        assert answer.split(b" ", 2)[1] in (b"400", b"404"), (target, answer[:200])


ONE_SEGMENT = '"><img src=x onerror=alert(1)>'


@pytest.mark.attack(
    id="web-script-in-address",
    surface="website",
    attempt="script payloads in paths and query parameters",
    expect="escaped in HTML, data in JSON",
)
@pytest.mark.parametrize(
    "path",
    ["/cases/{}", "/cases/{}.json", "/checks/{}", "/component/{}", "/cases?q={}&page={}", "/cases?component={}", "/{}"],
)
def test_script_payloads_in_addresses_come_back_escaped(server, path):
    for payload in (PAYLOAD, ONE_SEGMENT):
        _, body = raw_get(server, path.format(quote(payload, safe=""), quote(payload, safe="")))
        if path.endswith(".json"):
            json.loads(body)  # served as application/json with nosniff: data, never markup
        else:
            assert "<script>alert" not in body and "<img src=x" not in body, (path, payload)
    _, body = raw_get(server, path.format(quote(ONE_SEGMENT, safe=""), "1"))
    if path.endswith(".json"):
        assert ONE_SEGMENT in json.loads(body)["error"]  # data in JSON, for a client to escape
    elif "{}" in path.split("?")[0].removeprefix("/{}"):
        assert "&lt;img src=x onerror=alert(1)&gt;" in body, (path, body[-1500:])


@pytest.mark.attack(
    id="web-hostile-report",
    surface="website",
    attempt="a live audit whose context, namespace, object names and API error text carry script payloads, shown by the report viewer and the HTML report",
    expect="rendered as text",
)
def test_a_live_audit_report_with_hostile_names_renders_inert(library, tmp_path):
    """Context, namespace, object names and an API server's error text all carry payloads: the viewer
    and the standalone HTML report show them as text."""
    with FakeAPIServer() as apiserver:
        training_cluster(apiserver)
        apiserver.add(
            {
                "kind": "StatefulSet",
                "metadata": {"name": PAYLOAD, "namespace": PAYLOAD},
                "spec": {
                    "template": {
                        "spec": {
                            "containers": [
                                {
                                    "name": PAYLOAD,
                                    "image": "postgres:16.1",
                                    "volumeMounts": [{"name": "d", "mountPath": "/d"}],
                                }
                            ],
                            "volumes": [{"name": "d", "hostPath": {"path": "/srv"}}],
                        }
                    }
                },
            }
        )
        apiserver.fault("/api/v1/nodes", status=500, message=f"etcd says {PAYLOAD}")
        kubeconfig = apiserver.kubeconfig(tmp_path / "kubeconfig", context=PAYLOAD)
        out, page = tmp_path / "report.json", tmp_path / "report.html"
        audit = measured(
            "audit",
            "--kubeconfig",
            str(kubeconfig),
            "--format",
            f"json={out}",
            "--format",
            f"html={page}",
            "--fail-on",
            "none",
            "--quiet",
            "--request-timeout",
            "2",
            "--deadline",
            "8",
        )
    assert audit.exit_code == 0 and "Traceback" not in audit.stderr, audit.stderr
    report = json.loads(out.read_text())
    assert report["cluster"]["name"] == PAYLOAD and PAYLOAD in report["kinds"]["failed"]["Node"]
    assert any(f["object"]["name"] == PAYLOAD for f in report["findings"])
    html = TestClient(create_app(library, Report.from_json(report))).get("/report").text
    assert "<script>alert" not in html and "<img src=x" not in html
    assert (
        html.count("&lt;script&gt;alert(") >= 2
    )  # the failed kind's reason, the warning (the viewer inserts objects as text)
    assert "<dt>Failed</dt><dd><code>Node</code> (list nodes: 500 InternalError: etcd says &lt;script&gt;" in html
    standalone = page.read_text()
    assert "<script>alert" not in standalone and "<img src=x" not in standalone
    assert "&lt;script&gt;alert(" in standalone  # the report file shows the names, as text
