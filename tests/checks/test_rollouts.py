"""What rollout and StatefulSet checks tell the user: the facts they know, and advice that fits the case."""

from __future__ import annotations

from pathlib import Path

from kubegap.checks import get_check
from kubegap.checks.workloads.rollout_strategy_unsafe import ELECTED_RECREATE
from kubegap.domain.inventory import Inventory
from kubegap.library import load_library
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "fixtures"


def _findings(check_id: str, path: Path):
    coverage, findings = run_check(get_check(check_id), Inventory(ManifestSource([str(path)]).collect()), None)
    assert coverage.status == "ran", coverage
    return findings


def test_a_missed_deadline_is_reported_as_what_it_is_not_as_a_stopped_rollout():
    omi = load_library().reconstruction("omi-2026-progress-deadline-blocks-prod-backend-deploys")
    [finding] = _findings("rollout-stuck", omi.incident)
    assert "600 s progress deadline (the default)" in finding.message
    assert "9 of 24 replicas on the new template" in finding.message
    assert "keeps rolling" in finding.message
    assert "stopped" not in finding.message


def test_a_deadline_set_in_the_spec_is_quoted_as_set():
    [finding] = _findings("rollout-stuck", FIXTURES / "rollout-stuck" / "fires" / "progress-deadline-exceeded.yaml")
    assert "its 120 s progress deadline," in finding.message
    assert {e.path: e.value for e in finding.evidence}["spec.progressDeadlineSeconds"] == 120


def test_the_fix_tells_a_slow_rollout_from_a_failing_one():
    [finding] = _findings("rollout-stuck", FIXTURES / "rollout-stuck" / "fires" / "progress-deadline-exceeded.yaml")
    fix = finding.remediation
    slow, failing = fix.index("raise progressDeadlineSeconds"), fix.index("kubectl rollout undo")
    assert fix.index("slow rollout from a failing one") < slow < failing
    assert fix.index("never become ready") < failing


def test_an_orphaned_replicaset_is_to_be_deleted_not_given_a_new_selector():
    [finding] = _findings("selector-mismatch", FIXTURES / "selector-mismatch" / "fires" / "orphaned-replicaset.yaml")
    assert "kubectl delete replicaset" in finding.remediation
    assert "nothing still needs its pods" in finding.remediation
    assert "selector" not in finding.remediation


def test_a_mismatched_selector_keeps_the_selector_advice():
    [finding] = _findings("selector-mismatch", FIXTURES / "selector-mismatch" / "fires" / "labels-differ.yaml")
    assert "spec.selector" in finding.remediation


def test_a_leader_elected_recreate_is_counted_not_judged():
    path = FIXTURES / "rollout-strategy-unsafe" / "passes" / "leader-elected-recreate.yaml"
    coverage, findings = run_check(
        get_check("rollout-strategy-unsafe"), Inventory(ManifestSource([str(path)]).collect())
    )
    assert findings == []
    assert coverage.unjudged == ((ELECTED_RECREATE, 1),)


def test_several_replicas_recreated_by_choice_ask_whether_two_versions_may_serve_side_by_side():
    path = FIXTURES / "rollout-strategy-unsafe" / "fires" / "several-replicas-recreated-before-a-migration.yaml"
    _, (finding,) = run_check(get_check("rollout-strategy-unsafe"), Inventory(ManifestSource([str(path)]).collect()))
    assert finding.remediation.startswith(
        "Its project chose Recreate (no ReadWriteOnce claim or node port needs it), and a rolling update runs old and "
        "new versions side by side for a while: first find out whether they may (its install runs the pre-upgrade hook "
        "docs-db-migrate before the new pods start)."
    )


def test_a_data_store_run_as_a_deployment_is_told_to_become_a_statefulset():
    path = FIXTURES / "rollout-strategy-unsafe" / "fires" / "data-store-as-a-deployment.yaml"
    _, (finding,) = run_check(get_check("rollout-strategy-unsafe"), Inventory(ManifestSource([str(path)]).collect()))
    assert finding.remediation.startswith("It runs etcd, a data store, as a Deployment of several replicas")
    assert "RollingUpdate" not in finding.remediation


def test_a_primary_service_selected_by_a_run_time_role_is_counted_not_judged():
    path = FIXTURES / "statefulset-headless-service-missing" / "passes" / "primary-service-selected-by-role.yaml"
    coverage, findings = run_check(
        get_check("statefulset-headless-service-missing"), Inventory(ManifestSource([str(path)]).collect())
    )
    assert findings == []
    [(reason, count)] = coverage.unjudged
    assert count == 1 and "(role=master)" in reason and "app=pg" not in reason


def test_a_role_is_read_only_from_labels_the_template_lacks_and_no_controller_adds():
    from kubegap.checks.workloads.statefulset_headless_service_missing import _role_labels

    [workload] = Inventory(
        ManifestSource(
            [
                str(
                    FIXTURES
                    / "statefulset-headless-service-missing"
                    / "passes"
                    / "primary-service-selected-by-role.yaml"
                )
            ]
        ).collect()
    ).workloads

    def service(selector: dict) -> dict:
        return {"kind": "Service", "spec": {"selector": selector}}

    assert _role_labels(service({"app": "pg", "role": "master"}), workload) == ("role=master", "app=pg")
    assert _role_labels(service({"app": "pgg", "role": "master"}), workload) is None  # a typo picks no role
    assert _role_labels(service({"application": "pg"}), workload) is None  # nor does a key the template lacks alone
    assert _role_labels(service({"app": "pg", "statefulset.kubernetes.io/pod-name": "pg-0"}), workload) is None
    assert _role_labels(service({"app": "pg"}), workload) is None


def test_a_primary_service_whose_pod_names_are_used_keeps_its_address_for_its_clients():
    path = FIXTURES / "statefulset-headless-service-missing" / "fires" / "primary-service-by-role-pod-names-used.yaml"
    [finding] = _findings("statefulset-headless-service-missing", path)
    fix = finding.remediation
    assert "first give them a Service of their own" in fix
    assert "the selector the pods' template carries (app=redis, without role=master)" in fix
