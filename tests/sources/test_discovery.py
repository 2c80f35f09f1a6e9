"""Which API resource a live collection lists for each kind the checks read (``kubegap.sources.discovery``)."""

from __future__ import annotations

from kubegap.sources.discovery import APIResource, Discovery


def test_a_kind_another_api_names_the_same_is_not_listed_for_it():
    """Knative's Route is no OpenShift Route: listing it would read what no check reads, where RBAC grants nothing."""
    found = Discovery()
    found.add(APIResource("serving.knative.dev", "v1", "routes", "Route", True, ("list",)))
    assert "Route" not in found.resources
    found.add(APIResource("route.openshift.io", "v1", "routes", "Route", True, ("list",)))
    assert found.resources["Route"].group == "route.openshift.io"


def test_a_kind_falls_back_to_another_group_where_its_objects_are_the_same():
    """An Ingress is listed from whichever group serves it, its own preferred."""
    found = Discovery()
    found.add(APIResource("extensions", "v1beta1", "ingresses", "Ingress", True, ("list",)))
    assert found.resources["Ingress"].group == "extensions"
    found.add(APIResource("networking.k8s.io", "v1", "ingresses", "Ingress", True, ("list",)))
    assert found.resources["Ingress"].group == "networking.k8s.io"


def test_traefik_routes_are_listed_from_the_older_group_where_only_it_serves_them():
    """Traefik 2.0 to 2.9 serve IngressRoutes only under traefik.containo.us; a later one under traefik.io too."""
    found = Discovery()
    found.add(APIResource("traefik.containo.us", "v1alpha1", "ingressroutes", "IngressRoute", True, ("list",)))
    assert found.resources["IngressRoute"].group == "traefik.containo.us"
    found.add(APIResource("traefik.io", "v1alpha1", "ingressroutes", "IngressRoute", True, ("list",)))
    assert found.resources["IngressRoute"].group == "traefik.io"
