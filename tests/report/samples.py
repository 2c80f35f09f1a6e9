"""Reports to render: the demo, and a mixed audit with every situation a format must show.

The mixed audit is the demo snapshot plus a manifest whose object names carry HTML, audited with
three extra checks built here (a medium-severity one that fires on every ConfigMap, one that
crashes, one that needs the forbidden kind), a kind forbidden by RBAC and a finding suppressed by annotation.
"""

from __future__ import annotations

import json
from importlib import resources

from kubegap.checks import all_checks
from kubegap.checks.base import DOC_SECTIONS, Check, Evidence
from kubegap.domain.inventory import Inventory
from kubegap.library import load_library
from kubegap.report.model import Part, assemble_report
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

REPORT_SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())
PAYLOAD = "<script>alert(1)</script>"
NAMESPACE_PAYLOAD = 'x"><img src=x onerror=alert(2)>'
CASE = "datadog-2023-systemd-networkd-cilium-outage"


def hostpath_statefulset(name: str, namespace: str, metadata: str = "") -> str:
    """A StatefulSet keeping its data on a hostPath volume: local-storage-stateful fires on it."""
    return f"""\
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: '{name}'
  namespace: '{namespace}'
{metadata}spec:
  template:
    spec:
      containers: [{{name: db, image: 'postgres:16', volumeMounts: [{{name: data, mountPath: /d}}]}}]
      volumes: [{{name: data, hostPath: {{path: /srv}}}}]
"""


HOSTILE = "---\n".join(
    [
        hostpath_statefulset(PAYLOAD, NAMESPACE_PAYLOAD),
        hostpath_statefulset(
            "cache",
            "web",
            "  annotations: {kubegap.io/ignore: local-storage-stateful, "
            'kubegap.io/ignore-reason: "scratch data, rebuilt on start"}\n',
        ),
    ]
)


def _doc(text: str) -> dict:
    return {name: text for name in DOC_SECTIONS}


def _every_configmap(ctx):
    for cm in ctx.inventory.of_kind("ConfigMap"):
        yield ctx.finding(cm, "ConfigMap seen.", Evidence("data", sorted(cm.get("data") or {})))


def _crash(ctx):
    raise RuntimeError("boom")


EXTRA_CHECKS = [
    Check(
        "configmap-seen",
        "Every ConfigMap (a test check)",
        "medium",
        "testing",
        (CASE,),
        "Nothing to fix.",
        _every_configmap,
        reads=("ConfigMap",),
        requires=("ConfigMap",),
        doc=_doc("A check for report tests."),
    ),
    Check(
        "always-crashes",
        "A check that crashes (a test check)",
        "low",
        "testing",
        (CASE,),
        "Nothing to fix.",
        _crash,
        doc=_doc("A check that raises."),
    ),
    Check(
        "needs-secrets",
        "Needs Secret metadata (a test check)",
        "info",
        "testing",
        (CASE,),
        "Nothing to fix.",
        _crash,
        requires=("Secret",),
        doc=_doc("A check the forbidden kind skips."),
    ),
]


def audit(paths: list[str], extra_checks=(), forbidden: dict | None = None) -> dict:
    collection = ManifestSource(paths).collect()
    collection.forbidden.update(forbidden or {})
    inventory = Inventory(collection)
    checks = all_checks() + list(extra_checks)
    return assemble_report([Part(run_checks(inventory, checks), inventory)], checks, load_library()).to_json()
