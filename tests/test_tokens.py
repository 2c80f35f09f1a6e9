"""Names and paths match as words: a vocabulary entry matches whole words in order, never part of one."""

from __future__ import annotations

import pytest

from kubegap.domain.tokens import Words, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("klog-socks", ("klog", "socks")),
        ("/var/run/workload-spiffe-uds", ("var", "run", "workload", "spiffe", "uds")),
        ("dataDir", ("data", "dir")),
        ("HTTPServer", ("http", "server")),
        ("METADATA_DIR", ("metadata", "dir")),
        ("oauth2-proxy", ("oauth", "2", "proxy")),
        (
            "registry.k8s.io/ingress-nginx/controller:v1.9.4",
            ("registry", "k", "8", "s", "io", "ingress", "nginx", "controller", "v", "1", "9", "4"),
        ),
        ("--leader-elect=true", ("leader", "elect", "true")),
        ("", ()),
    ],
)
def test_words_split_at_separators_case_and_digits(text, expected):
    assert words(text) == expected


@pytest.mark.parametrize(
    ("entries", "text", "found"),
    [
        (["log"], "/var/log/app", "log"),
        (["work"], "/work", "work"),
        (["data dir"], "DATA_DIR", "data dir"),
        (["data dir"], "--storage.dataDir", "data dir"),
        (["ingress-nginx/controller"], "registry.k8s.io/ingress-nginx/controller:v1.12.0", "ingress-nginx/controller"),
        (["auth-url"], "nginx.ingress.kubernetes.io/auth-url", "auth-url"),
        (["oauth"], "oauth2-proxy", "oauth"),
    ],
)
def test_an_entry_matches_its_words_in_order(entries, text, found):
    assert Words(entries).find(text) == found


@pytest.mark.parametrize(
    ("entries", "text"),
    [
        (["log"], "/var/run/klog-socks"),
        (["work"], "/run/workload-spiffe-uds"),
        (["data dir"], "METADATA_DIR"),
        (["data"], "/vt/vtdataroot"),
        (["auth-url"], "example.com/url-auth"),
        (["ib"], "example.com/ibm-gpu"),
        (["postgres"], "postgresql"),
    ],
)
def test_an_entry_never_matches_part_of_a_word_or_words_out_of_order(entries, text):
    assert Words(entries).find(text) is None


def test_starts_and_ends_anchor_the_words():
    components = Words(["kube-proxy", "kube-controller-manager"])
    assert components.starts("kube-proxy-x7k2p") == "kube-proxy"
    assert components.starts("my-kube-proxy") is None
    data_dirs = Words(["base dir", "data dir"])
    assert data_dirs.ends("RESTATE_BASE_DIR") == "base dir"
    assert data_dirs.ends("DATA_DIR_MODE") is None
