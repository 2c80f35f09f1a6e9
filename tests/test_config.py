"""The audit config file: checks on/off, severities, settings, exemption rules and their expiry."""

from __future__ import annotations

import datetime as dt
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from conftest import run_cli

from kubegap.checks import get_check
from kubegap.config import Exemption, load_config
from kubegap.domain.inventory import Inventory
from kubegap.errors import UserError
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource

SCHEMA = json.loads((resources.files("kubegap") / "schemas" / "report.schema.json").read_text())

MANIFEST = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: legacy-api, namespace: shop}
spec:
  replicas: 3
  selector: {matchLabels: {app: legacy-api}}
  template:
    metadata: {labels: {app: legacy-api}}
    spec:
      terminationGracePeriodSeconds: 50
      containers: [{name: api, image: 'example/api:1.0', resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 64Mi}}}]
---
apiVersion: v1
kind: Service
metadata: {name: legacy-api, namespace: shop}
spec: {type: LoadBalancer, selector: {app: legacy-api}}
"""


@pytest.fixture
def manifest(tmp_path):
    path = tmp_path / "app.yaml"
    path.write_text(MANIFEST)
    return path


CHECKS = ("spread-missing", "pdb-missing", "graceful-shutdown-missing")


def _audit(manifest, config_text: str | None, tmp_path, checks=CHECKS):
    args = ["audit", str(manifest), "--format", "json", "--fail-on", "none"]
    for check_id in checks:
        args += ["--check", check_id]
    if config_text is not None:
        config = tmp_path / "kubegap.yaml"
        config.write_text(config_text)
        args += ["--config", str(config)]
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    jsonschema.validate(report, SCHEMA)
    return report, result.stderr


def test_without_config_both_checks_fire(manifest, tmp_path):
    report, _ = _audit(manifest, None, tmp_path)
    assert {f["check_id"] for f in report["findings"]} == {"spread-missing", "pdb-missing"}
    assert report["config"] is None and report["expired_exemptions"] == []


def test_disable_override_severity_and_settings(manifest, tmp_path):
    report, _ = _audit(
        manifest,
        """
checks:
  spread-missing: {enabled: false}
  pdb-missing: {severity: low}
  graceful-shutdown-missing: {settings: {min_grace_seconds: 60}}
""",
        tmp_path,
        checks=(),
    )
    by_check = {f["check_id"]: f for f in report["findings"]}
    assert "spread-missing" not in {c["check_id"] for c in report["coverage"]}
    assert {"pdb-missing", "graceful-shutdown-missing"} <= set(by_check)  # 50 s is now below the threshold
    assert by_check["pdb-missing"]["severity"] == "low"


def test_explicit_check_runs_even_when_disabled(manifest, tmp_path):
    report, _ = _audit(manifest, "checks:\n  spread-missing: {enabled: false}\n", tmp_path, checks=("spread-missing",))
    assert [f["check_id"] for f in report["findings"]] == ["spread-missing"]


def test_exemption_suppresses_with_reason(manifest, tmp_path):
    report, _ = _audit(
        manifest,
        """
exemptions:
- {check: all, namespace: "sho*", name: "legacy-*", reason: "being retired in Q1", expires: 2999-01-01}
""",
        tmp_path,
    )
    assert report["findings"] == []
    assert {s["check_id"] for s in report["suppressed"]} == {"spread-missing", "pdb-missing"}
    assert all(s["suppressed_by"] == "config" and s["reason"] == "being retired in Q1" for s in report["suppressed"])


def test_exemption_for_other_names_or_namespaces_does_not_apply(manifest, tmp_path):
    report, _ = _audit(
        manifest,
        """
exemptions:
- {check: pdb-missing, namespace: other, reason: "x"}
- {check: spread-missing, name: "new-*", reason: "y"}
""",
        tmp_path,
    )
    assert len(report["findings"]) == 2 and report["suppressed"] == []


def test_expired_exemption_reports_and_warns(manifest, tmp_path):
    report, stderr = _audit(
        manifest,
        """
exemptions:
- {check: pdb-missing, name: legacy-api, reason: "until the PDB ships", expires: 2020-01-31}
""",
        tmp_path,
    )
    assert "pdb-missing" in {f["check_id"] for f in report["findings"]}
    assert report["expired_exemptions"] == [
        {
            "check": "pdb-missing",
            "namespace": None,
            "name": "legacy-api",
            "reason": "until the PDB ships",
            "expires": "2020-01-31",
            "matched": 1,
        }
    ]
    assert any("expired on 2020-01-31" in w for w in report["warnings"])
    assert "expired on 2020-01-31" in stderr


def test_default_file_in_working_directory(manifest, tmp_path, monkeypatch):
    (tmp_path / ".kubegap.yaml").write_text("checks:\n  pdb-missing: {enabled: false}\n")
    result = run_cli("audit", str(manifest), "--format", "json", "--fail-on", "none", cwd=tmp_path)
    report = json.loads(result.stdout)
    assert report["config"] == str(tmp_path / ".kubegap.yaml")
    assert "pdb-missing" not in {c["check_id"] for c in report["coverage"]}


def test_exemption_expiry_is_inclusive():
    rule = Exemption(check="all", reason="r", expires=dt.date(2026, 3, 1))
    assert not rule.expired(dt.date(2026, 3, 1)) and rule.expired(dt.date(2026, 3, 2))


def test_run_audit_counts_what_an_expired_rule_would_hide(manifest):
    inventory = Inventory(ManifestSource([str(manifest)]).collect())
    rules = [Exemption(check="spread-missing", reason="r", expires=dt.date(2026, 1, 1))]
    result = run_checks(inventory, [get_check("spread-missing")], exemptions=rules, today=dt.date(2026, 6, 1))
    assert len(result.findings) == 1 and result.expired_exemptions == [(rules[0], 1)]
    result = run_checks(inventory, [get_check("spread-missing")], exemptions=rules, today=dt.date(2025, 6, 1))
    assert result.findings == [] and result.suppressed[0].by == "config"


def _sharing(first: str, second: str, image: str, annotations: str = "{}") -> str:
    """Two Deployments of namespace shop running one image, the first (one replica) with ``annotations``, the
    second three replicas."""
    return "\n---\n".join(
        f"""
apiVersion: apps/v1
kind: Deployment
metadata: {{name: {name}, namespace: shop, annotations: {notes}}}
spec:
  replicas: {replicas}
  selector: {{matchLabels: {{app: {name}}}}}
  template:
    metadata: {{labels: {{app: {name}}}}}
    spec:
      containers: [{{name: {name}, image: '{image}'}}]
"""
        for name, notes, replicas in ((first, annotations, 1), (second, "{}", 3))
    )


SHARED_IMAGE = _sharing("debug-console", "api", "example/shop-api:latest")


def test_a_configured_exemption_of_one_workload_hides_no_others_shared_image(tmp_path):
    """The console, first in the file, is exempted in the configuration: the API it shares its image with carries
    the finding, naming the console, and nothing is suppressed (the console's image is reported on the API)."""
    (tmp_path / "shop.yaml").write_text(SHARED_IMAGE)
    inventory = Inventory(ManifestSource([str(tmp_path)]).collect())
    rules = [Exemption(check="image-tag-mutable", namespace="shop", name="debug-*", reason="rebuilt daily")]
    result = run_checks(inventory, [get_check("image-tag-mutable")], exemptions=rules)
    assert [f.object.name for f in result.findings] == ["api"]
    assert "debug-console" in result.findings[0].message
    assert result.suppressed == []
    unexempted = run_checks(inventory, [get_check("image-tag-mutable")])
    assert [f.object.name for f in unexempted.findings] == ["debug-console"]


def test_an_exempted_workload_hides_no_hooks_shared_image():
    """The API is exempted by annotation; its migration hook, which runs the same floating image, is not: the hook
    carries the one finding, so the API's exemption hides nothing of the hook's."""
    path = Path(__file__).parent / "checks" / "fixtures" / "image-tag-mutable" / "fires"
    inventory = Inventory(
        ManifestSource([str(path / "shared-image-beside-an-exempted-workload-and-a-hook.yaml")]).collect()
    )
    result = run_checks(inventory, [get_check("image-tag-mutable")])
    assert [(f.object.kind, f.object.name, f.severity) for f in result.findings] == [("Job", "migrate", "low")]
    assert "Deployment shop/api" in result.findings[0].message and result.suppressed == []


SHARED_PULL = _sharing(
    "cache-debug",
    "cache",
    "redis:7.2.4",
    '{kubegap.io/ignore: image-registry-unauthenticated, kubegap.io/ignore-reason: "a debug copy"}',
)


def test_an_exempted_workload_hides_no_others_anonymous_pull(tmp_path):
    """A debug copy, exempted by annotation and first in the file, pulls the cache's image: the cache carries the one
    finding for the image they share."""
    (tmp_path / "shop.yaml").write_text(SHARED_PULL)
    inventory = Inventory(ManifestSource([str(tmp_path)]).collect())
    result = run_checks(inventory, [get_check("image-registry-unauthenticated")])
    assert [f.object.name for f in result.findings] == ["cache"] and result.suppressed == []


def test_an_exempted_configuration_hides_no_others_webhooks_on_a_shared_backend():
    """Two configurations share one fail-closed backend; the first by kind and name is exempted by annotation: the
    other carries the one finding for the backend."""
    path = Path(__file__).parent / "checks" / "fixtures" / "webhook-backend-unavailable" / "fires"
    collection = ManifestSource([str(path / "configurations-share-one-backend.yaml")]).collect()
    exempted = min(
        (obj for obj in collection.resources if obj["kind"].endswith("WebhookConfiguration")),
        key=lambda obj: (obj["kind"], obj["metadata"]["name"]),
    )
    exempted["metadata"]["annotations"] = {"kubegap.io/ignore": "webhook-backend-unavailable"}
    result = run_checks(Inventory(collection), [get_check("webhook-backend-unavailable")])
    assert [f.object.kind for f in result.findings] == ["ValidatingWebhookConfiguration"]
    assert result.suppressed == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("checks:\n  nope: {enabled: false}\n", "checks.nope: no such check"),
        ("checks:\n  pdb-missing: {severity: urgent}\n", "checks.pdb-missing.severity"),
        (
            "checks:\n  pdb-missing: {enabeld: false}\n",
            "checks.pdb-missing.enabeld: unknown key; did you mean 'enabled'? (known: enabled, severity, settings)",
        ),
        (
            "checks:\n  graceful-shutdown-missing: {settings: {min_grace: 5}}\n",
            "settings.min_grace: unknown setting; did you mean 'min_grace_seconds'? (known: min_grace_seconds)",
        ),
        ("checks:\n  pdb-mising: {enabled: false}\n", "checks.pdb-mising: no such check; did you mean 'pdb-missing'?"),
        ("exemptions:\n- {chek: pdb-missing, reason: x}\n", "exemptions.0.chek: unknown key; did you mean 'check'?"),
        ("chekcs: {}\n", "chekcs: unknown key; did you mean 'checks'?"),
        (
            "checks:\n  graceful-shutdown-missing: {settings: {min_grace_seconds: soon}}\n",
            "settings.min_grace_seconds: expected a number",
        ),
        (
            "checks:\n  pod-ip-capacity: {settings: {cluster_pod_cidr: 42}}\n",
            "settings.cluster_pod_cidr: expected a string, got 42",
        ),
        (
            "checks:\n  kubernetes-version-unsupported: {settings: {today: 2026-01-01}}\n",
            "settings.today: expected a string",
        ),
        (
            "checks:\n  graceful-shutdown-missing: {settings: {min_grace_seconds: null}}\n",
            "settings.min_grace_seconds: expected a number",
        ),
        ("exemptions:\n- {check: pdb-missing}\n", "exemptions.0.reason: Field required"),
        ("exemptions:\n- {check: pdb-missing, reason: '  '}\n", "exemptions.0.reason: a reason is required"),
        ("exemptions:\n- {check: bogus, reason: x}\n", "exemptions.0.check: no such check 'bogus'"),
        ("exemptions:\n- {check: all, reason: x, expires: next week}\n", "exemptions.0.expires"),
        ("- just a list\n", "expected a mapping"),
        ("checks: [\n", "invalid YAML"),
    ],
)
def test_invalid_config_names_file_and_field(tmp_path, text, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(UserError) as caught:
        load_config(path)
    assert str(path) in str(caught.value) and expected in str(caught.value)


def test_every_mistake_in_a_config_file_is_reported_at_once(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "checks:\n  pdb-mising: {enabled: false}\n  image-tag-mutable: {severty: low}\n"
        "  graceful-shutdown-missing: {settings: {min_grace_seconds: soon}}\nexemptions:\n- check: spread-missing\nfoo: 1\n"
    )
    with pytest.raises(UserError) as caught:
        load_config(path)
    lines = str(caught.value).splitlines()
    assert all(line.startswith(f"{path}: ") for line in lines)
    assert [line.split(": ")[1] for line in lines] == [
        "checks.image-tag-mutable.severty",
        "exemptions.0.reason",
        "foo",
        "checks.pdb-mising",
        "checks.graceful-shutdown-missing.settings.min_grace_seconds",
    ]


def test_a_setting_unset_by_default_must_declare_its_type():
    from kubegap.checks.base import check

    def run(ctx):
        yield from ()

    run.__doc__ = (
        "\n## What it checks\n\nx\n\n## Why it matters\n\nx\n\n## Severity\n\nx\n\n## Example\n\nx\n\n## Fix\n\nx\n"
    )
    with pytest.raises(ValueError, match=r"settings \['window'\] default to None and need a type"):
        check(
            id="untyped-setting",
            title="t",
            severity="low",
            category="c",
            cases=["x"],
            fix="f",
            defaults={"window": None},
        )(run)
    assert get_check("untyped-setting") is None


def test_invalid_config_exits_2_without_traceback(manifest, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("checks:\n  nope: {}\n")
    result = run_cli("audit", str(manifest), "--config", str(path))
    assert result.returncode == 2 and f"{path}: checks.nope: no such check" in result.stderr
    assert "Traceback" not in result.stderr
    missing = run_cli("audit", str(manifest), "--config", str(tmp_path / "absent.yaml"))
    assert missing.returncode == 2 and "cannot read the config file" in missing.stderr


def test_settings_reach_the_check(tmp_path):
    nodes = tmp_path / "nodes.yaml"
    nodes.write_text(
        "".join(
            f"---\napiVersion: v1\nkind: Node\nmetadata: {{name: n{i}}}\nspec: {{podCIDR: 10.8.{i}.0/24}}\n"
            for i in range(4)
        )
    )

    def run(setting):
        config = tmp_path / "c.yaml"
        config.write_text(f"checks:\n  pod-ip-capacity: {{settings: {{cluster_pod_cidr: {setting}}}}}\n")
        result = run_cli(
            "audit",
            str(nodes),
            "--config",
            str(config),
            "--check",
            "pod-ip-capacity",
            "--format",
            "json",
            "--fail-on",
            "none",
        )
        return json.loads(result.stdout)

    assert [f["check_id"] for f in run("10.8.0.0/22")["findings"]] == ["pod-ip-capacity"]  # 4 of 4 blocks used
    assert run("10.8.0.0/16")["findings"] == []
    coverage = run("'not a cidr'")["coverage"][0]
    assert coverage["status"] == "skipped" and "not an IPv4 CIDR" in coverage["reason"]
