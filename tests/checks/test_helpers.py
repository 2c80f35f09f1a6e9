"""Helpers the checks share: image references, IntOrString percentages, what an absent kind means."""

from __future__ import annotations

import pytest

from kubegap.checks._common import absent_means_none, int_or_percent
from kubegap.checks.images import ImageRef, is_docker_hub, parse_image
from kubegap.inventory import Inventory
from kubegap.sources.base import Collection


@pytest.mark.parametrize(
    "image, expected, hub",
    [
        ("nginx", ImageRef(None, "nginx", None, None), True),
        ("nginx:1.27", ImageRef(None, "nginx", "1.27", None), True),
        ("bitnami/redis:7.2", ImageRef(None, "bitnami/redis", "7.2", None), True),
        ("docker.io/library/postgres:16.1", ImageRef("docker.io", "library/postgres", "16.1", None), True),
        ("localhost:5000/app", ImageRef("localhost:5000", "app", None, None), False),
        ("registry.example.com:5000/team/api:latest", ImageRef("registry.example.com:5000", "team/api", "latest", None), False),
        ("ghcr.io/org/app@sha256:abc", ImageRef("ghcr.io", "org/app", None, "sha256:abc"), False),
        ("nginx:1.27@sha256:abc", ImageRef(None, "nginx", "1.27", "sha256:abc"), True),
    ],
)
def test_parse_image(image, expected, hub):
    assert parse_image(image) == expected
    assert is_docker_hub(parse_image(image)) is hub


@pytest.mark.parametrize(
    "value, total, up, expected",
    [(0, 3, True, 0), ("0%", 3, True, 0), ("10%", 3, True, 1), ("10%", 3, False, 0), ("100%", 4, False, 4),
     ("x%", 3, True, None), ("3", 3, True, None), (True, 3, True, None), (2, 3, False, 2)],
)
def test_int_or_percent(value, total, up, expected):
    assert int_or_percent(value, total, round_up=up) == expected


def _inventory(inputs, collected=(), forbidden=None):
    return Inventory(Collection(inputs=inputs, collected=set(collected), forbidden=forbidden or {}))


def test_absent_kind_means_none_only_for_manifests():
    manifests = [{"type": "manifests", "path": "k8s/"}]
    assert absent_means_none(_inventory(manifests), "PodDisruptionBudget")
    assert not absent_means_none(_inventory(manifests + [{"type": "snapshot", "path": "s.json"}]), "PodDisruptionBudget")
    assert absent_means_none(_inventory([{"type": "snapshot"}], collected=["PodDisruptionBudget"]), "PodDisruptionBudget")
    assert not absent_means_none(_inventory(manifests, forbidden={"PodDisruptionBudget": "denied"}), "PodDisruptionBudget")
    assert not absent_means_none(_inventory([]), "PodDisruptionBudget")
