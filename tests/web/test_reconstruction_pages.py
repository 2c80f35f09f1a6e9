"""Every case that names checks shows, on its page and on the command line, the reconstruction that proves them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import yaml
from conftest import run_cli
from starlette.testclient import TestClient

from kubegap.checks import get_check
from kubegap.web.app import create_app

CASE = "datadog-2023-systemd-networkd-cilium-outage"


@pytest.fixture(scope="module")
def client(library):
    return TestClient(create_app(library, None))


def test_case_page_says_the_gap_is_found_in_a_reconstruction_and_links_both_files(client, library):
    page = client.get(f"/cases/{CASE}").text
    assert "kubegap finds this gap in a reconstruction of the incident" in page
    for which in ("incident", "fixed"):
        assert f'href="/cases/{CASE}/{which}.yaml"' in page
        response = client.get(f"/cases/{CASE}/{which}.yaml")
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
        assert response.text == getattr(library.reconstruction(CASE), which).read_text()
        assert list(yaml.safe_load_all(response.text))
    data = client.get(f"/cases/{CASE}.json").json()["reconstruction"]
    assert data == {
        "incident": f"{CASE}/incident.yaml",
        "fixed": f"{CASE}/fixed.yaml",
        "proves": list(library.case(CASE).checks),
    }


def test_a_case_without_checks_has_no_reconstruction(client, library):
    case = next(c for c in library.cases if not c.checks)
    assert "reconstruction of the incident" not in client.get(f"/cases/{case.id}").text
    assert client.get(f"/cases/{case.id}.json").json()["reconstruction"] is None
    assert client.get(f"/cases/{case.id}/incident.yaml").status_code == 404
    assert client.get(f"/cases/{CASE}/other.yaml").status_code == 404


def test_every_linked_case_has_one(library):
    assert all(library.reconstruction(c.id) is not None for c in library.cases if c.checks)


def test_static_site_writes_the_files_the_case_page_links(tmp_path, library):
    build = subprocess.run(
        [sys.executable, "-m", "kubegap", "site", "build", str(tmp_path)], capture_output=True, text=True, timeout=300
    )
    assert build.returncode == 0, build.stderr
    page = (tmp_path / "cases" / f"{CASE}.html").read_text()
    assert f'href="{CASE}/incident.yaml"' in page
    assert (tmp_path / "cases" / CASE / "fixed.yaml").read_text() == library.reconstruction(CASE).fixed.read_text()


def test_cli_prints_the_reconstruction_and_the_audit_finds_the_gap_in_it(library):
    case = library.case(CASE)
    shown = run_cli("cases", "show", CASE).stdout
    assert "reconstruction of the incident" in " ".join(shown.split())
    incident = run_cli("cases", "reconstruction", CASE)
    assert incident.returncode == 0 and incident.stdout == library.reconstruction(CASE).incident.read_text()
    audited = run_cli("audit", "-", "--format", "json", "--fail-on", "none", "--case", CASE, stdin=incident.stdout)
    report = json.loads(audited.stdout)
    assert {c["check_id"] for c in report["coverage"]} == set(case.checks)  # --case runs exactly the case's checks
    cluster_checks = {c for c in case.checks if get_check(c).scope == "cluster"}
    assert {f["check_id"] for f in report["findings"]} == cluster_checks  # a fleet check needs a fleet
    fixed = run_cli("cases", "reconstruction", CASE, "--fixed")
    assert fixed.stdout == library.reconstruction(CASE).fixed.read_text()
    assert run_cli("cases", "reconstruction", "no-such-case").returncode == 2


def test_the_reconstruction_page_shows_both_files_side_by_side_with_what_kubegap_reports(client, library):
    case = library.case(CASE)
    page = client.get(f"/cases/{CASE}/reconstruction").text
    assert f'href="/cases/{CASE}/reconstruction"' in client.get(f"/cases/{CASE}").text  # linked from the case
    found = library.reconstruction(CASE)
    for which in ("incident", "fixed"):
        first_line = getattr(found, which).read_text().splitlines()[0]
        assert first_line.replace("'", "&#39;").replace('"', "&#34;") in page
    data = client.get(f"/cases/{CASE}/reconstruction.json").json()
    fired = {f["check_id"] for f in data["incident"]["findings"]}
    not_run = {c["check_id"] for c in data["incident"]["not_run"]}
    assert fired and fired | not_run == set(case.checks)  # every check the case names fires, or says why it did not run
    assert data["fixed"]["findings"] == [] and "the gap is closed" in page
    for check in fired:
        assert page.count(f'href="/checks/{check}"') >= 2  # in the introduction and beside its finding
    assert client.get("/cases/no-such-case/reconstruction").status_code == 404


def test_every_case_with_checks_has_a_reconstruction_page(client, library):
    for case in [c for c in library.cases if c.checks][:10]:
        assert client.get(f"/cases/{case.id}/reconstruction").status_code == 200, case.id
