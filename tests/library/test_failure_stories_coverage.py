"""Every story of the public Kubernetes Failure Stories list (k8s.af) is told by a case, or the reason it is not is on record.

A story is told when a case cites the story's own address, or, for the few listed in TOLD_ELSEWHERE,
another copy of the same account (the slides of a talk, the GitHub copy of a blog post, or a report
that summarises a post no copy of which could be read). NOT_TOLD lists the stories for which no
readable account of symptoms and cause was found; a story leaves it when a case comes to tell it.
"""

from __future__ import annotations

import json
import re

import pytest

from kubegap.library import load_library

LIBRARY = load_library()

TOLD_ELSEWHERE = {
    "https://engineering.prezi.com/https-engineering-prezi-com-a-kubernetes-crime-story-2e8d75a77630": "prezi-2019-eks-snat-port-race-outgoing-connection-delays",
    "https://www.youtube.com/watch?v=MoIdU0J0f0E": "xing-2018-snat-race-connection-timeouts",
    "https://www.youtube.com/watch?v=LpFApeaGv7A": "zalando-2019-skipper-ingress-oomkilled-slow-backend-alb-502",
    "https://www.youtube.com/watch?v=QKI-JRs2RIE": "datadog-2019-coredns-rolling-update-ipvs-udp-blackholes-dns",
    "https://www.youtube.com/watch?v=6sDTB4eV4F8": "zalando-2019-skipper-ingress-oomkilled-slow-backend-alb-502",
    "https://www.slideshare.net/try_except_/lets-talk-about-failures-with-kubernetes-hamburg-meetup": "zalando-2017-kubelet-stuck-connections-elb-most-nodes-notready",
    "https://sethmccombs.github.io/work/2018/12/03/Outages.html": "veracode-2018-kubespray-rerun-default-vars-qa-cluster-outage",
    "https://keepingitclassless.net/2018/12/december-4-nre-labs-outage-post-mortem/": "nrelabs-2018-etcd-liveness-probe-restart-loop",
    "https://itnext.io/kubernetes-and-the-menace-elb-the-tale-of-an-outage-c00bef678fc0": "turnitin-2018-api-elb-ip-change-kubelets-notready",
    "https://www.youtube.com/watch?v=OUYTNywPk-s": "monzo-2017-linkerd-null-endpoints-payments-outage",
    "https://engineering.saltside.se/our-first-kubernetes-outage-c6b9249cfd3a": "saltside-2017-ci-helm-installs-take-down-nonproduction-cluster",
}

NOT_TOLD = {
    "https://www.youtube.com/watch?v=8P7-C44Gjj8": "Pusher's talk: no transcript, slides or write-up of the incident found",
    "https://www.youtube.com/watch?v=Fjyg7cxRZQs&list=PLuHdbqhRgWHJg9eOFCl5dgLvVjd_DFz8O&index=3&t=0s": "Algolia's talk: no transcript, slides or write-up found",
    "https://www.youtube.com/watch?v=V0DVkrHf08k": "Google meetup talk: no transcript, slides or write-up found",
    "https://www.youtube.com/watch?v=tA8Sr3Nsx1I": "ThredUP's talk: only its case-study pages, which tell no incident",
    "https://youtu.be/N2JUGnwinbQ": "Google's KubeCon talk: no transcript, slides or write-up found",
    "https://www.youtube.com/watch?v=likHm-KHGWQ": "Oath's talk: a conference recap names it but breaks off before its stories",
    "https://gravitational.com/blog/running-postgresql-on-kubernetes/": "Gravitational's post: no stored copy found",
    "https://www.youtube.com/watch?v=xZO9nx6GBu0": "Nordstrom's talk: only its abstract, which names no incident",
    "https://engineering.saltside.se/our-failure-migrating-to-kubernetes-25c28e6dd604": "Saltside's migration post: the part read has symptoms but no cause, and the authors had not found one",
    "https://status.salemove.com/incidents/xf6cr710yrzn": "SaleMove's status page: no stored copy found",
}


def _address(url: str) -> str:
    return re.sub(r"^https?://(www\.)?", "", url.strip()).rstrip("/").lower()


CITED = {_address(str(source.url)) for case in LIBRARY.cases for source in case.sources}


@pytest.fixture
def stories(shared) -> list[dict]:
    return json.loads((shared / "research" / "k8saf-stories.json").read_text())


def test_every_story_is_told_or_its_absence_explained(stories):
    untold = [
        s["url"]
        for s in stories
        if _address(s["url"]) not in CITED and s["url"] not in TOLD_ELSEWHERE and s["url"] not in NOT_TOLD
    ]
    assert untold == []


def test_a_story_told_elsewhere_names_a_case_that_exists(stories):
    listed = {s["url"] for s in stories}
    for url, case_id in TOLD_ELSEWHERE.items():
        assert url in listed, f"{url} is not on the list"
        assert LIBRARY.case(case_id) is not None, f"{url}: no case {case_id}"


def test_a_story_leaves_the_untold_list_when_a_case_tells_it(stories):
    listed = {s["url"] for s in stories}
    for url in NOT_TOLD:
        assert url in listed, f"{url} is not on the list"
        assert _address(url) not in CITED and url not in TOLD_ELSEWHERE, f"{url} is told now: take it off NOT_TOLD"
