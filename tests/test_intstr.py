"""IntOrString arithmetic, each field rounded as its Kubernetes controller rounds it."""

from __future__ import annotations

import pytest

from kubegap.domain.intstr import int_or_percent, pdb_disruptions_allowed, rolling_update


@pytest.mark.parametrize(
    "value, total, up, expected",
    [
        (0, 3, True, 0),
        ("0%", 3, True, 0),
        ("10%", 3, True, 1),
        ("10%", 3, False, 0),
        ("100%", 4, False, 4),
        ("x%", 3, True, None),
        ("3", 3, True, None),
        (True, 3, True, None),
        (2, 3, False, 2),
        ("12.5%", 8, True, None),
    ],  # the API accepts only integer percentages
)
def test_int_or_percent(value, total, up, expected):
    assert int_or_percent(value, total, round_up=up) == expected


@pytest.mark.parametrize("pods", [1, 2, 3, 4])
def test_min_available_80_percent_allows_no_eviction_below_five_pods(pods):
    assert pdb_disruptions_allowed({"minAvailable": "80%"}, pods) == 0


def test_min_available_percentages_round_up():
    assert pdb_disruptions_allowed({"minAvailable": "80%"}, 5) == 1
    assert pdb_disruptions_allowed({"minAvailable": "50%"}, 1) == 0  # ceil(0.5) = 1 of 1
    assert pdb_disruptions_allowed({"minAvailable": "50%"}, 3) == 1  # ceil(1.5) = 2 of 3
    assert pdb_disruptions_allowed({"minAvailable": 2}, 2) == 0


def test_max_unavailable_percentages_round_up_so_any_share_allows_one():
    assert pdb_disruptions_allowed({"maxUnavailable": "10%"}, 1) == 1
    assert pdb_disruptions_allowed({"maxUnavailable": "0%"}, 5) == 0
    assert pdb_disruptions_allowed({"maxUnavailable": 3}, 2) == 2
    assert pdb_disruptions_allowed({}, 3) is None


def test_deployment_surge_rounds_up_unavailable_down_and_never_both_zero():
    assert rolling_update("Deployment", {}, 3) == (1, 0)  # 25% of 3: ceil 1, floor 0
    assert rolling_update("Deployment", {"maxSurge": "0%", "maxUnavailable": "10%"}, 3) == (0, 1)
    assert rolling_update("Deployment", {"maxUnavailable": "50%"}, 4) == (1, 2)


def test_daemonset_and_statefulset_round_up():
    assert rolling_update("DaemonSet", {"maxUnavailable": "10%"}, 3) == (0, 1)
    assert rolling_update("DaemonSet", {}, 30) == (0, 1)
    assert rolling_update("StatefulSet", {"maxUnavailable": "10%"}, 3) == (0, 1)
    assert rolling_update("StatefulSet", {"maxUnavailable": "0%"}, 3) == (0, 1)  # at least one
