from pathlib import Path

from kubegap.checks import get_check
from kubegap.checks.containers.dangling_reference import UPGRADE_HOOK
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource

FIXTURES = Path(__file__).parent / "fixtures" / "dangling-reference"


def _run(path: Path):
    return run_check(get_check("dangling-reference"), Inventory(ManifestSource([str(path)]).collect()))


def test_a_pre_upgrade_hook_before_a_regular_object_of_its_release_is_counted_not_judged():
    coverage, findings = _run(FIXTURES / "passes" / "helm-pre-upgrade-hook-before-its-secret.yaml")
    assert findings == []
    assert coverage.unjudged == ((UPGRADE_HOOK, 1),)


def test_a_pre_install_hook_before_a_regular_object_of_its_release_is_reported():
    coverage, (finding,) = _run(FIXTURES / "fires" / "helm-hook-before-its-secret.yaml")
    assert "pre-install, pre-upgrade hook" in finding.message
    assert coverage.unjudged == ()
