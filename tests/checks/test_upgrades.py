from pathlib import Path

from kubegap.checks import get_check
from kubegap.checks.upgrades.api_version_removed import CHART_FALLBACK
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

REMOVED_FIXTURES = Path(__file__).parent / "fixtures" / "api-version-removed"


def test_a_removed_version_a_chart_rendered_elsewhere_is_counted_not_judged():
    """Three objects with Helm's labels (helm.sh/chart, managed-by, Helm 2's heritage) at versions a chart writes
    only when helm template does not know the cluster's API versions: none is reported, each is counted."""
    path = REMOVED_FIXTURES / "passes" / "helm-chart-fallback-rendered-elsewhere.yaml"
    coverage, findings = run_check(
        get_check("api-version-removed"),
        Inventory(ManifestSource([str(path)]).collect()),
        {"today": "2026-12-02"},
    )
    assert findings == []
    assert coverage.unjudged == ((CHART_FALLBACK, 3),)


def test_the_same_versions_without_helm_labels_are_reported(tmp_path):
    """Without Helm's labels nothing says a chart chose the version: each object is reported."""
    source = (REMOVED_FIXTURES / "passes" / "helm-chart-fallback-rendered-elsewhere.yaml").read_text()
    unlabelled = tmp_path / "unlabelled.yaml"
    unlabelled.write_text(source.replace("labels:", "annotations:"))
    coverage, findings = run_check(
        get_check("api-version-removed"),
        Inventory(ManifestSource([str(unlabelled)]).collect()),
        {"today": "2026-12-02"},
    )
    assert len(findings) == 3
    assert coverage.unjudged == ()


def test_a_removed_version_helm_template_names_the_template_of_is_counted_not_judged(tmp_path):
    """Objects without Helm's labels, each after the ``# Source:`` comment helm template writes: a chart chose their
    versions, so none is reported and each is counted; the same documents without the comment are reported."""
    path = REMOVED_FIXTURES / "passes" / "chart-template-named-before-each-document.yaml"
    coverage, findings = run_check(
        get_check("api-version-removed"), Inventory(ManifestSource([str(path)]).collect()), {"today": "2026-12-02"}
    )
    assert findings == [] and coverage.unjudged == ((CHART_FALLBACK, 2),)
    plain = tmp_path / "plain.yaml"
    plain.write_text(path.read_text().replace("# Source:", "# From:"))
    coverage, findings = run_check(
        get_check("api-version-removed"), Inventory(ManifestSource([str(plain)]).collect()), {"today": "2026-12-02"}
    )
    assert len(findings) == 2 and coverage.unjudged == ()
