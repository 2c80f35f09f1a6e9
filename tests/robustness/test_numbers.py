"""Numbers no Kubernetes object can hold (integers past 64 bits, percentages like ``"1e999%"``) and
scalars YAML reads otherwise than Kubernetes does (a name that is a date): a warning naming the
file, document and field, the rest of the audit unharmed, every report format still written."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pytest

from kubegap.pipeline import audit, configured_options
from kubegap.report import FORMATS, renderer
from kubegap.report.document import Report
from kubegap.sources.manifests import ManifestSource

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: big, namespace: default}}
spec:
  replicas: {n}
  selector: {{matchLabels: {{app: big}}}}
  strategy: {{rollingUpdate: {{maxSurge: {n}, maxUnavailable: {n}}}}}
  template:
    metadata: {{labels: {{app: big}}}}
    spec:
      terminationGracePeriodSeconds: {n}
      containers:
      - name: c
        image: nginx:1.25
        ports: [{{containerPort: {n}, hostPort: {n}}}]
        resources: {{limits: {{memory: {n}, cpu: {n}}}, requests: {{memory: {n}, cpu: {n}}}}}
        readinessProbe: {{httpGet: {{port: {n}}}, periodSeconds: {n}}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {{name: big, namespace: default}}
spec: {{minAvailable: {n}, selector: {{matchLabels: {{app: big}}}}}}
---
apiVersion: v1
kind: Node
metadata: {{name: node-1}}
status: {{allocatable: {{pods: {n}, cpu: {n}, memory: {n}}}, capacity: {{pods: {n}}}}}
"""


def _report(tmp_path, text: str) -> dict:
    path = tmp_path / "manifest.yaml"
    path.write_text(text)
    return audit([ManifestSource([str(path)]).collect()], configured_options()).to_json()


def _rendered(report: dict) -> dict[str, str]:
    """Every format, each checked with a parser of its own kind where there is one."""
    out = {}
    for name in FORMATS:
        buffer = io.StringIO()
        renderer(name)(Report.from_json(report), buffer)
        out[name] = buffer.getvalue()
    for name in ("json", "sarif"):
        json.loads(out[name])
    for line in out["jsonl"].splitlines():
        json.loads(line)
    ET.fromstring(out["junit"])
    return out


@pytest.mark.parametrize(
    "number, read_as",
    [
        pytest.param(
            "99999999999999999999",
            "1e+20",
            id="20-digits",
            marks=pytest.mark.attack(
                id="int-20-digits",
                surface="files",
                attempt="a 20-digit integer in replicas, ports, probes, resources, budgets and node capacity",
                expect="read as the double JSON would give (1e+20) with a warning naming file, document and field; every check runs and every format renders",
            ),
        ),
        pytest.param(
            "-99999999999999999999",
            "-1e+20",
            id="negative-20-digits",
            marks=pytest.mark.attack(
                id="int-negative-20-digits",
                surface="files",
                attempt="a negative 20-digit integer in the same fields",
                expect="read as -1e+20 with a warning naming the field; every check runs and every format renders",
            ),
        ),
        pytest.param(
            "1" + "0" * 400,
            "its digits, as text",
            id="past-a-double",
            marks=pytest.mark.attack(
                id="int-past-a-double",
                surface="files",
                attempt="a 401-digit integer (past any double) in the same fields",
                expect="kept as its digits, as text, with a warning naming the field; every check runs and every format renders",
            ),
        ),
        pytest.param(
            "2147483647",
            None,
            id="int32-max",
            marks=pytest.mark.attack(
                id="replicas-int32-max",
                surface="files",
                attempt="replicas: 2147483647 (valid) on a StatefulSet-like workload and everything else",
                expect="bounded time and memory: no list or loop sized by the replica count",
            ),
        ),
    ],
)
def test_huge_integers_in_any_field(tmp_path, number, read_as):
    text = (
        DEPLOYMENT.format(n=number)
        + "---\n"
        + DEPLOYMENT.format(n=number).replace("kind: Deployment", "kind: StatefulSet", 1)
    )
    report = _report(tmp_path, text)
    assert not [c for c in report["coverage"] if c["status"] == "error"]
    _rendered(report)
    warnings = [w for w in report["warnings"] if "manifest.yaml, document 1: spec.replicas is" in w]
    if read_as is None:
        assert not warnings
    else:
        (warning,) = warnings
        assert read_as in warning and "(line 5)" in warning


PERCENT_FIELDS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: web, namespace: default}}
spec:
  replicas: 3
  selector: {{matchLabels: {{app: web}}}}
  strategy: {{type: RollingUpdate, rollingUpdate: {{maxSurge: "{p}", maxUnavailable: "{p}"}}}}
  template:
    metadata: {{labels: {{app: web}}}}
    spec:
      containers: [{{name: c, image: "nginx:1.25", ports: [{{containerPort: 80, hostPort: 8080}}]}}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {{name: db, namespace: default}}
spec:
  replicas: 3
  selector: {{matchLabels: {{app: db}}}}
  updateStrategy: {{rollingUpdate: {{maxUnavailable: "{p}"}}}}
  template:
    metadata: {{labels: {{app: db}}}}
    spec: {{containers: [{{name: c, image: "postgres:16.1"}}]}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {{name: web, namespace: default}}
spec: {{maxUnavailable: "{p}", selector: {{matchLabels: {{app: web}}}}}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {{name: db, namespace: default}}
spec: {{minAvailable: "{p}", selector: {{matchLabels: {{app: db}}}}}}
---
apiVersion: v1
kind: Service
metadata: {{name: web, namespace: default}}
spec: {{selector: {{app: web}}, ports: [{{port: 80}}]}}
"""


@pytest.mark.parametrize(
    "percent",
    [
        pytest.param(
            p,
            id=p or "empty",
            marks=pytest.mark.attack(
                id=f"percent-{name}",
                surface="files",
                attempt=f'maxUnavailable, maxSurge and minAvailable of "{p}" on Deployments, StatefulSets and PodDisruptionBudgets',
                expect="not a percentage, as Kubernetes reads it: no check crashes, none judges by it",
            ),
        )
        for p, name in [
            ("1e999%", "overflow"),
            ("nan%", "nan"),
            ("-5%", "negative"),
            ("%", "bare"),
            ("inf%", "inf"),
            ("١٢%", "unicode-digits"),
            ("5.5%", "fraction"),
        ]
    ],
)
def test_percentages_kubernetes_would_refuse(tmp_path, percent):
    report = _report(tmp_path, PERCENT_FIELDS.format(p=percent))
    assert not [c for c in report["coverage"] if c["status"] == "error"]
    _rendered(report)
    judged = [
        f
        for f in report["findings"]
        if any(percent in json.dumps(e.get("value"), ensure_ascii=False) for e in f["evidence"])
    ]
    assert not judged, [f["message"] for f in judged]


def test_a_real_percentage_is_still_read(tmp_path):
    report = _report(tmp_path, PERCENT_FIELDS.format(p="100%"))
    assert {"pdb-blocks-eviction", "rollout-strategy-unsafe"} <= {f["check_id"] for f in report["findings"]}


NAMES = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: 2024-01-01, namespace: 12345, labels: {version: 1.10, on: yes}}
spec:
  replicas: 2
  selector: {matchLabels: {app: 1.10}}
  template:
    metadata: {labels: {app: 1.10}}
    spec:
      containers: [{name: 0x1F, image: "nginx:1.25"}]
"""


@pytest.mark.attack(
    id="yaml-name-date",
    surface="files",
    attempt="a name that YAML reads as a date, a namespace as a number, label keys and values as numbers and booleans",
    expect="each kept as the text written (not an empty or changed name), with a warning naming file, document and field",
)
def test_identifying_fields_keep_their_text(tmp_path):
    path = tmp_path / "names.yaml"
    path.write_text(NAMES)
    collection = ManifestSource([str(path)]).collect()
    (obj,) = collection.resources
    assert obj["metadata"] == {"name": "2024-01-01", "namespace": "12345", "labels": {"version": "1.10", "on": "yes"}}
    assert obj["spec"]["selector"]["matchLabels"] == {"app": "1.10"} == obj["spec"]["template"]["metadata"]["labels"]
    assert obj["spec"]["template"]["spec"]["containers"][0]["name"] == "0x1F"
    assert obj["spec"]["replicas"] == 2
    first = f"{path.name}, document 1: metadata.name is 2024-01-01 (line 3), which YAML reads as a date: kept as the text '2024-01-01'"
    assert collection.warnings[0].startswith(first)
    fields = [w.split(": ", 2)[1].split(" is ")[0] for w in collection.warnings]
    assert fields == [
        "metadata.name",
        "metadata.namespace",
        "metadata.labels.version",
        "metadata.labels.on",
        "metadata.labels.on",
        "spec.selector.matchLabels.app",
        "spec.template.metadata.labels.app",
        "spec.template.spec.containers[0].name",
    ]
    report = audit([collection], configured_options()).to_json()
    assert "selector-mismatch" not in {f["check_id"] for f in report["findings"]}, "1.10 and 1.10 are the same label"
    assert {f["object"]["name"] for f in report["findings"]} == {"2024-01-01"}


def test_text_is_not_forced_inside_a_schema(tmp_path):
    """A CRD's schema names properties ``name`` or ``labels``; their schema keywords keep their types."""
    schema = (
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x.example.com}\n"
        "spec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        properties:\n"
        "          labels: {maxProperties: 64}\n          name: {maxLength: 63}\n"
    )
    path = tmp_path / "crd.yaml"
    path.write_text(schema)
    collection = ManifestSource([str(path)]).collect()
    props = collection.resources[0]["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]
    assert props == {"labels": {"maxProperties": 64}, "name": {"maxLength": 63}} and not collection.warnings
