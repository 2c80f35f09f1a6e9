"""Which API resource a live collection lists for each kind the checks read (``kubegap.sources.discovery``)."""

from __future__ import annotations

import pytest

from kubegap.sources.discovery import APIResource, Discovery

CASES = [
    # (kind, plural, groups served in the order discovery finds them, the group listed after each, and why)
    pytest.param(
        "Route",
        "routes",
        [("serving.knative.dev", None), ("route.openshift.io", "route.openshift.io")],
        id="another API's kind of the same name is never listed for it (Knative's Route is no OpenShift Route)",
    ),
    pytest.param(
        "Ingress",
        "ingresses",
        [("extensions", "extensions"), ("networking.k8s.io", "networking.k8s.io")],
        id="a kind falls back to another group serving the same objects, its own preferred",
    ),
    pytest.param(
        "IngressRoute",
        "ingressroutes",
        [("traefik.containo.us", "traefik.containo.us"), ("traefik.io", "traefik.io")],
        id="Traefik's routes are listed from the older group where only it serves them (Traefik 2.0 to 2.9)",
    ),
]


@pytest.mark.parametrize(("kind", "plural", "served"), CASES)
def test_the_group_a_kind_is_listed_from(kind, plural, served):
    found = Discovery()
    for group, listed in served:
        found.add(APIResource(group, "v1", plural, kind, True, ("list",)))
        assert (found.resources[kind].group if kind in found.resources else None) == listed
