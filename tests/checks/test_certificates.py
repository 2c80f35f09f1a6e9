from datetime import UTC, datetime
from pathlib import Path

import yaml

from kubegap.checks.control_plane._helpers import bundle_expiries

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
