from kubegap.checks.networking._helpers import duration_seconds


def test_go_durations_as_kube_proxy_writes_them():
    assert duration_seconds("24h0m0s") == 86400
    assert duration_seconds("1h30m") == 5400
    assert duration_seconds("1.5s") == 1.5
    assert duration_seconds("250ms") == 0.25


def test_anything_else_is_not_a_duration():
    for value in ("", "24", "1d", "24h junk", "h", None, 3600, ["1h"]):
        assert duration_seconds(value) is None, value
