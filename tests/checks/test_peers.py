"""Interoperability: other auditors' fixtures run through the kubegap checks that overlap them.

The fixtures and expected results of kube-linter, Checkov and Popeye are read in place from
``../shared/peers`` (see its SOURCES.md); nothing of theirs is copied here. Each pair names a peer
test, our check and whether the two mean the same thing. Where the intent matches, our verdicts
must equal theirs. Where it differs, our verdicts must equal the ones docs/INTEROP.md explains,
so that the explanation stays true. The tests skip when ../shared is absent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from kubegap.checks import get_check
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_check
from kubegap.sources.manifests import ManifestSource


@dataclass(frozen=True)
class Pair:
    peer: str  # kube-linter | popeye | checkov
    test: str  # kube-linter test name, Popeye Go test name, Checkov check id
    check: str
    same_intent: bool
    documented: frozenset[str] | int | None = None
    """Our verdicts where intent differs, as docs/INTEROP.md states them."""
    codes: frozenset[str] = frozenset()
    """Popeye issue codes that correspond to our check."""

    @property
    def id(self) -> str:
        return f"{self.peer}:{self.test}->{self.check}"


PAIRS = (
    Pair("kube-linter", "dangling-service", "service-endpoints-thin", False, documented=0),
    Pair("popeye", "TestSVCLint2", "service-endpoints-thin", True, codes=frozenset({"POP-1109"})),
    Pair("kube-linter", "dangling-ingress", "ingress-backend-missing", True),
    Pair(
        "popeye",
        "TestIngLint",
        "ingress-backend-missing",
        False,
        frozenset({"default/ing4", "default/ing6"}),
        codes=frozenset({"POP-1401", "POP-1402"}),
    ),
    Pair("popeye", "TestNPLint", "networkpolicy-dangling", True, codes=frozenset({"POP-1200"})),
    Pair("kube-linter", "dangling-networkpolicy", "networkpolicy-dangling", False, documented=0),
    Pair(
        "popeye",
        "TestNodeSanitizer",
        "node-unhealthy",
        True,
        codes=frozenset({"POP-702", "POP-704", "POP-705", "POP-706", "POP-707"}),
    ),
    Pair("popeye", "TestPVCLint", "pvc-unbound", True, codes=frozenset({"POP-1003", "POP-1004"})),
    Pair("kube-linter", "invalid-target-ports", "service-target-port-mismatch", False, documented=0),
    Pair("kube-linter", "no-extensions-v1beta", "api-version-removed", True),
    Pair("kube-linter", "dnsconfig-options", "dns-ndots-default", False, documented=0),
    Pair("kube-linter", "exposed-services", "admin-ui-exposed", False, documented=0),
    Pair("checkov", "CKV_K8S_33", "admin-ui-exposed", False, documented=frozenset()),
)


def _findings(check_id: str, paths: list[Path]):
    check = get_check(check_id)
    if check is None:
        pytest.skip(f"{check_id} is not in this build's catalog")
    missing = [p for p in paths if not p.is_file()]
    if missing:
        pytest.skip(f"peer fixture absent from the shared corpus: {missing[0]}")
    return run_check(check, Inventory(ManifestSource([str(p) for p in paths]).collect()))[1]


def _entry(entries: list[dict], key: str, value: str) -> dict:
    found = [e for e in entries if e.get(key) == value]
    if not found:
        pytest.skip(f"no peer test {value} in the expectations")
    return found[0]


def _kube_linter(peers: Path, pair: Pair) -> tuple[int, int]:
    """(their report count, our finding count) on one kube-linter test file; dont-fire objects must stay quiet."""
    root = peers / "stackrox-kube-linter"
    entry = _entry(json.loads((peers / "kube-linter-expectations.json").read_text()), "test", pair.test)
    findings = _findings(pair.check, [root / entry["file"]])
    assert not [f for f in findings if f.object.name.startswith("dont-fire")], "a dont-fire object was reported"
    return entry["count"], len(findings)


def _popeye(peers: Path, pair: Pair) -> tuple[frozenset[str], frozenset[str]]:
    """(objects Popeye flags with the matching codes, objects we flag) for one Popeye Go test."""
    root = peers / "derailed-popeye"
    entry = _entry(json.loads((peers / "popeye-expectations.json").read_text()), "test", pair.test)
    findings = _findings(pair.check, [root / f["path"] for f in entry["fixtures"]])
    theirs = frozenset(o["object"] for o in entry["objects"] if any(i["code"] in pair.codes for i in o["issues"]))
    ours = frozenset(f"{f.object.namespace}/{f.object.name}" if f.object.namespace else f.object.name for f in findings)
    return theirs, ours


def _checkov(peers: Path, pair: Pair) -> tuple[frozenset[str], frozenset[str]]:
    """(example files Checkov fails, example files on which our check fires) for one Checkov check."""
    tests = json.loads((peers / "checkov-k8s-expectations.json").read_text())["tests"]
    entry = next((t for t in tests if pair.test in t["check_ids"]), None)
    if entry is None:
        pytest.skip(f"no Checkov test for {pair.test}")
    folder = peers / "bridgecrewio-checkov" / "tests" / "kubernetes" / "checks" / entry["example_dirs"][0]
    labelled = [(name, verdict) for name, verdict in entry["files"] if verdict in ("PASSED", "FAILED")]
    theirs = frozenset(name for name, verdict in labelled if verdict == "FAILED")
    ours = frozenset(name for name, _ in labelled if _findings(pair.check, [folder / name]))
    return theirs, ours


RUNNERS = {"kube-linter": _kube_linter, "popeye": _popeye, "checkov": _checkov}


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.id)
def test_peer_agreement(pair: Pair, shared: Path, record_property) -> None:
    theirs, ours = RUNNERS[pair.peer](shared / "peers", pair)
    agree = theirs == ours
    record_property(
        "agreement",
        f"{pair.id}: {'agree' if agree else 'differ'} (theirs {sorted_view(theirs)}, ours {sorted_view(ours)})",
    )
    if pair.same_intent:
        assert agree, f"{pair.id}: same intent but theirs {sorted_view(theirs)} != ours {sorted_view(ours)}"
    else:
        assert ours == pair.documented, (
            f"{pair.id}: docs/INTEROP.md says ours is {pair.documented}, got {sorted_view(ours)}"
        )


def sorted_view(value) -> object:
    return sorted(value) if isinstance(value, frozenset) else value


def test_every_pair_is_explained_in_interop_doc() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "INTEROP.md").read_text()
    for pair in PAIRS:
        assert f"`{pair.test}`" in doc and f"`{pair.check}`" in doc, f"docs/INTEROP.md does not discuss {pair.id}"
