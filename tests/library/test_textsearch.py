"""The search engine: tokens, the query language, ranking on the relevance set, snippets."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kubegap.library import load_library
from kubegap.library.textsearch import FIELDS, Engine, parse_query, stem, tokenize

LIBRARY = load_library()
RELEVANCE = yaml.safe_load((Path(__file__).parent / "relevance.yaml").read_text())


def texts(value: str) -> list[str]:
    return [t.text for t in tokenize(value)]


@pytest.mark.parametrize(
    ("word", "tokens"),
    [
        ("failurePolicy", ["failur", "policy", "failurepolicy"]),
        ("NCCL_IB_TIMEOUT", ["nccl", "ib", "timeout", "ncclibtimeout"]),
        ("kube-proxy", ["kube", "proxy", "kubeproxy"]),
        ("/dev/shm", ["dev", "shm", "devshm"]),
        ("HTTPServer", ["http", "server", "httpserver"]),
        ("v1beta1", ["v1beta1"]),
        ("k8s", ["k8s"]),
        ("K8S", ["k8s"]),
        ("OOMKilled", ["oom", "kill", "oomkill"]),
        ("EC2Instance", ["ec2", "instanc", "ec2instance"]),
    ],
)
def test_identifiers_split_at_separators_and_camel_case_and_keep_their_joined_form(word, tokens):
    assert texts(word) == tokens


def test_joined_form_stands_at_its_first_part_so_phrases_span_identifiers():
    tokens = tokenize("set failurePolicy now")
    assert [(t.text, t.position) for t in tokens] == [
        ("set", 0),
        ("failur", 1),
        ("policy", 2),
        ("failurepolicy", 1),
        ("now", 3),
    ]
    assert "set failurePolicy now"[tokens[3].start : tokens[3].end] == "failurePolicy"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("policies", "policy"),
        ("throttling", "throttled"),
        ("probes", "probe"),
        ("restarted", "restarts"),
        ("running", "run"),
        ("nodes", "node"),
        ("timeouts", "timeout"),
        ("scheduled", "schedule"),
    ],
)
def test_stemming_joins_word_forms(a, b):
    assert stem(a) == stem(b)


@pytest.mark.parametrize("word", ["status", "ingress", "analysis", "dns", "oom", "etcd", "k8s", "gpus2"])
def test_stemming_leaves_short_words_and_other_endings_alone(word):
    assert stem(word) in (word, word.rstrip("s"))
    assert stem("status") == "status" and stem("ingress") == "ingress" and stem("dns") == "dns"


def test_query_language_words_phrases_or_and_negation():
    words, phrase, group, negated = parse_query('webhook "node drain" dns OR etcd -kube-proxy')
    assert not words.required and words.members[0].tokens == (("webhook", 0),)
    assert phrase.required and phrase.members[0].tokens == (("node", 0), ("drain", 1))
    assert [m.tokens for m in group.members] == [(("dns", 0),), (("etcd", 0),)] and not group.required
    assert negated.negated and negated.members[0].phrase and negated.members[0].tokens == (("kube", 0), ("proxy", 1))
    assert parse_query("the of a") == [] and parse_query("") == []


def test_a_phrase_keeps_the_gaps_its_stopwords_leave():
    (clause,) = parse_query('"out of memory"')
    assert clause.members[0].tokens == (("out", 0), ("memory", 2))


def document(name: str, title: str, summary: str) -> tuple[str, list[str]]:
    """A document with a title and a summary, every other field empty."""
    return name, [title, "", summary] + [""] * (len(FIELDS) - 3)


ENGINE = Engine(
    [
        document("a", "webhook failurePolicy Fail", "the node drain blocked"),
        document("b", "drain the node", "dns outage"),
        document("c", "etcd compaction", "kube-proxy conntrack"),
        document("d", "nothing relevant", "something else"),
    ]
)


def ids(query: str) -> list[str]:
    return [ENGINE.documents[h.index][0] for h in ENGINE.search(query)]


def test_ranked_matching_not_all_words_required():
    assert ids("webhook conntrack") == ["a", "c"] or ids("webhook conntrack") == ["c", "a"]
    assert (
        set(ids("failurePolicy drain")) == {"a", "b"} and ids("failurePolicy drain")[0] == "a"
    )  # matches both clauses


def test_phrases_are_required_and_in_order():
    assert ids('"node drain"') == ["a"]
    assert ids('"drain the node"') == ["b"]  # a stopword keeps its place in a phrase
    assert ids('"drain node"') == []


def test_or_and_negation():
    assert set(ids("dns OR etcd")) == {"b", "c"}
    assert ids("-dns") == ["a", "c", "d"]
    assert ids("drain -webhook") == ["b"]
    assert ids("-kube-proxy conntrack") == []


def test_snippet_marks_the_matched_words():
    (hit,) = [h for h in ENGINE.search("conntrack") if ENGINE.documents[h.index][0] == "c"]
    segments = ENGINE.snippet(hit)
    assert [s.text for s in segments if s.mark] == ["conntrack"]
    assert "".join(s.text for s in segments) == "kube-proxy conntrack"


@pytest.mark.parametrize("item", RELEVANCE, ids=lambda i: i["query"])
def test_relevance_set(item):
    top = LIBRARY.index.ranked_ids(item["query"])[:3]
    assert all(case in top for case in item["top3"]), top


def test_relevance_set_is_large_and_names_real_cases():
    assert len(RELEVANCE) >= 30
    known = {c.id for c in LIBRARY.cases}
    assert all(set(item["top3"]) <= known and item["top3"] for item in RELEVANCE)


def test_every_case_is_its_own_best_match_for_its_title():
    for case in LIBRARY.cases:
        assert LIBRARY.index.ranked_ids(f'"{case.title}"')[0] == case.id
