from datetime import UTC, datetime
from pathlib import Path

import yaml

from kubegap.checks import get_check
from kubegap.checks.control_plane._helpers import bundle_expiries
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

FIXTURE = Path(__file__).parent / "fixtures" / "certificate-expiring" / "fires" / "webhook-ca-bundle.yaml"


def _bundle() -> str:
    return yaml.safe_load(FIXTURE.read_text())["webhooks"][0]["clientConfig"]["caBundle"]


def test_reads_utc_and_generalized_times_from_a_pem_bundle():
    assert bundle_expiries(_bundle()) == [
        datetime(2027, 1, 1, 14, 55, 53, tzinfo=UTC),  # UTCTime
        datetime(2081, 9, 4, 14, 55, 57, tzinfo=UTC),  # GeneralizedTime (after 2049)
    ]


def test_unreadable_bundles_give_no_dates():
    truncated = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo="
    for value in (None, 42, "", "not base64 at all", truncated):
        assert bundle_expiries(value) == [], value


def test_a_bundle_rewritten_at_run_time_is_judged_where_the_cluster_shows_it():
    path = FIXTURE.parent.parent / "passes" / "ca-bundle-rewritten-at-run-time.yaml"
    check = get_check("certificate-expiring")
    settings = {"now": "2026-12-25T00:00:00Z"}
    coverage, findings = run_check(check, Inventory(ManifestSource([str(path)]).collect()), settings)
    assert findings == [] and [count for _, count in coverage.unjudged] == [2]
    snapshot = ManifestSource([str(path)]).collect()
    snapshot.inputs[:] = [{"type": "snapshot", "path": str(path), "cluster": "prod"}]
    _, findings = run_check(check, Inventory(snapshot), settings)
    assert sorted(f.object.name for f in findings) == ["datasets-webhook", "image-cache-webhook"]
