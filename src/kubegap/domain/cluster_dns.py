"""Which workloads are the cluster's DNS: what ``coredns-resilience`` judges as a whole, and what other checks leave
to it (one cause, one finding)."""

from __future__ import annotations

from kubegap.domain.containers import image_name
from kubegap.domain.podtemplates import Workload
from kubegap.domain.resources import containers
from kubegap.domain.scoped_inventory import Readable
from kubegap.domain.selectors import Selector
from kubegap.domain.tokens import Words

DNS_NAMES = ("coredns", "kube-dns")


COREDNS = Words(("coredns",))
KUBE_DNS = Words(("kube dns",))
"""Words of the images of the two cluster DNS servers (``k8s-dns-kube-dns`` holds the words ``kube dns``)."""
DNS_LABEL = Selector((("k8s-app", "kube-dns"),), ())


DNS_AUTOSCALERS = Words(("dns-autoscaler", "coredns-autoscaler", "cluster-proportional-autoscaler"))
"""Names and images of what scales cluster DNS with the cluster (``kube-dns-autoscaler`` holds the words
``dns autoscaler``)."""


def cluster_dns(inventory: Readable) -> list[Workload]:
    """The cluster DNS Deployments: kube-system/coredns or kube-dns, or labelled k8s-app=kube-dns; worked out once
    per audit."""
    return inventory.derive("cluster_dns", _cluster_dns)


def _cluster_dns(inventory: Readable) -> list[Workload]:
    return [
        w
        for w in inventory.workload_templates.in_namespace("kube-system")
        if w.kind == "Deployment"
        and DNS_AUTOSCALERS.find(w.ref.name) is None
        and (w.ref.name in DNS_NAMES or any(DNS_LABEL.matches(t.labels) for t in w.templates))
    ]


def is_cluster_dns(inventory: Readable, workload: Workload) -> bool:
    """Whether the workload is one of the cluster DNS Deployments (``cluster_dns``)."""
    return any(found.obj is workload.obj for found in cluster_dns(inventory))


def answers_endpoint_names(inventory: Readable) -> bool | None:
    """Whether the cluster's DNS answers ``<pod>.<service>`` for a Service that has a cluster IP, where the input
    shows which DNS it runs: CoreDNS answers a name query for any Service's endpoint, whose hostname the endpoint
    controllers set for a pod whose subdomain is the Service (plugin/kubernetes ``findServices``: "endpoint query or
    headless service"); kube-dns answers pod names only for a headless Service, as the DNS specification requires.
    None where the input holds no cluster DNS, or one of neither image."""
    images = [image_name(c) for w in cluster_dns(inventory) for t in w.templates for _, c in containers(t.spec)]
    if any(COREDNS.find(image) for image in images):  # coredns/coredns, rancher/mirrored-coredns-coredns
        return True
    if any(KUBE_DNS.find(image) for image in images):  # k8s-dns-kube-dns
        return False
    return None
