"""One object defined in several manifest documents with the same gap is one finding, naming every definition."""

from __future__ import annotations

import json

import jsonschema
from conftest import run_cli
from report.samples import REPORT_SCHEMA

from kubegap.checks import get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  annotations: {ANNOTATIONS}
spec:
  replicas: 2
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers:
        - name: api
          image: registry.example/api:1.0
          resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: MEMORY}}
"""


def definition(memory: str = "", annotations: str = "{}") -> str:
    text = DEPLOYMENT.replace("{ANNOTATIONS}", annotations).replace("MEMORY", memory or "null")
    return text if memory else text.replace(", limits: {memory: null}", "")


def audit(tmp_path, *texts: str):
    for index, text in enumerate(texts):
        (tmp_path / f"install-{index}.yaml").write_text(text)
    return run_checks(Inventory(ManifestSource([str(tmp_path)]).collect()), [get_check("memory-limit-missing")])


def test_the_same_gap_in_every_definition_is_one_finding(tmp_path):
    result = audit(tmp_path, definition(), definition(), definition())
    (finding,) = result.findings
    assert len(finding.also) == 2
    assert result.coverage[0].findings == 1


def test_definitions_that_differ_keep_their_own_findings(tmp_path):
    two_containers = definition().replace(
        "        - name: api\n",
        "        - name: sidecar\n          image: registry.example/proxy:1.0\n"
        "          resources: {requests: {cpu: 10m, memory: 16Mi}}\n        - name: api\n",
    )
    result = audit(tmp_path, definition(), definition(memory="128Mi"), two_containers)
    assert sorted(f.message for f in result.findings) == [
        "1 container(s) have no memory limit: api.",
        "2 container(s) have no memory limit: sidecar, api.",
    ]
    assert all(not f.also for f in result.findings)


def test_an_exempted_definition_stays_suppressed_and_the_others_are_reported(tmp_path):
    exempt = definition(annotations="{kubegap.io/ignore: memory-limit-missing, kubegap.io/ignore-reason: batch copy}")
    result = audit(tmp_path, definition(), exempt, definition())
    (finding,) = result.findings
    assert len(finding.also) == 1
    (suppressed,) = result.suppressed
    assert suppressed.reason == "batch copy"


def test_reports_name_every_definition(tmp_path):
    for index in range(3):
        (tmp_path / f"install-{index}.yaml").write_text(definition())
    args = ("audit", str(tmp_path), "--check", "memory-limit-missing", "--fail-on", "none")
    report = json.loads(run_cli(*args, "--format", "json").stdout)
    jsonschema.validate(report, REPORT_SCHEMA)
    (finding,) = report["findings"]
    assert finding["location"]["path"].endswith("install-0.yaml")
    assert [where["path"][-14:] for where in finding["also_at"]] == ["install-1.yaml", "install-2.yaml"]
    sarif = json.loads(run_cli(*args, "--format", "sarif").stdout)
    (result,) = sarif["runs"][0]["results"]
    assert [loc["physicalLocation"]["artifactLocation"]["uri"][-14:] for loc in result["locations"]] == [
        "install-0.yaml",
        "install-1.yaml",
        "install-2.yaml",
    ]
    table = run_cli(*args, "--format", "table").stdout
    assert "install-0.yaml:1 (and 2 more)" in table


def test_baselines_count_definitions_not_findings(tmp_path):
    """A report that listed each definition apart compares with one that names them together, both ways,
    and a definition fixed in one file shows as fixed."""
    for index in range(3):
        (tmp_path / f"install-{index}.yaml").write_text(definition())
    args = ("--check", "memory-limit-missing", "--format", "json", "--fail-on", "none")
    merged = json.loads(run_cli("audit", str(tmp_path), *args).stdout)
    apart = json.loads(json.dumps(merged))
    (finding,) = apart["findings"]
    del finding["also_at"]
    apart["findings"] = [dict(finding) for _ in range(3)]
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(apart))
    new.write_text(json.dumps(merged))
    for first, second in ((old, new), (new, old)):
        result = json.loads(run_cli("diff", str(first), str(second), "--format", "json").stdout)
        assert (result["summary"]["new"], result["summary"]["fixed"]) == (0, 0)
    (tmp_path / "install-2.yaml").write_text(definition(memory="128Mi"))
    fixed_one = json.loads(run_cli("audit", str(tmp_path), *args, "--baseline", str(new)).stdout)
    assert fixed_one["baseline"]["new"] == 0 and len(fixed_one["baseline"]["fixed"]) == 1
