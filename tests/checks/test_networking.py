from pathlib import Path

from kubegap.checks import get_check
from kubegap.checks.networking._helpers import duration_seconds
from kubegap.checks.networking.service_target_port_mismatch import UNDECLARED_NUMBER
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource


def test_go_durations_as_kube_proxy_writes_them():
    assert duration_seconds("24h0m0s") == 86400
    assert duration_seconds("1h30m") == 5400
    assert duration_seconds("1.5s") == 1.5
    assert duration_seconds("250ms") == 0.25


def test_anything_else_is_not_a_duration():
    for value in ("", "24", "1d", "24h junk", "h", None, 3600, ["1h"]):
        assert duration_seconds(value) is None, value


PORT_FIXTURES = Path(__file__).parent / "fixtures" / "service-target-port-mismatch"


def _target_port_run(path: Path):
    return run_check(
        get_check("service-target-port-mismatch"), Inventory(ManifestSource([str(PORT_FIXTURES / path)]).collect())
    )


def test_an_undeclared_number_beside_declared_ports_is_counted_not_judged():
    coverage, findings = _target_port_run(Path("passes") / "undeclared-number-beside-declared.yaml")
    assert findings == []
    assert coverage.unjudged == ((UNDECLARED_NUMBER, 1),)


def test_a_name_that_cannot_resolve_is_reported_without_the_unjudged_number_beside_it():
    coverage, (finding,) = _target_port_run(Path("fires") / "unresolvable-name-beside-undeclared-number.yaml")
    assert [e.value for e in finding.evidence if e.path.endswith("targetPort")] == ["grpc"]
    assert "9000" not in finding.message and "grpc" in finding.message
    assert coverage.unjudged == ((UNDECLARED_NUMBER, 1),)


def test_a_service_that_reaches_no_declared_port_names_each_undeclared_number():
    coverage, (finding,) = _target_port_run(Path("fires") / "undeclared-number.yaml")
    assert [e.value for e in finding.evidence if e.path.endswith("targetPort")] == [80, 8443]
    assert coverage.unjudged == ()


def test_undeclared_numbers_of_a_program_with_several_ports_are_counted_not_judged():
    coverage, findings = _target_port_run(Path("passes") / "undeclared-numbers-of-a-program-with-several-ports.yaml")
    assert findings == []
    assert coverage.unjudged == ((UNDECLARED_NUMBER, 1),)
