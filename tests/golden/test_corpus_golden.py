"""Every finding on the shared corpus is reviewed, and docs/PRECISION.md says what the review found.

``tests/golden/corpus/<check-id>.tsv`` lists each finding a check reports on the public projects of
``../shared/corpus`` with a verdict (``gap`` or ``noise``) and a reason. A finding no file lists, or a
listed finding that no longer appears, fails here: a change to what fires is reviewed, row by row.
"""

from __future__ import annotations

import importlib.util
from collections import Counter

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("corpus_findings", ROOT / "scripts" / "corpus_findings.py")
corpus_findings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus_findings)


def test_every_corpus_finding_is_reviewed_and_every_reviewed_finding_still_fires(shared):
    found = corpus_findings.found_by_check(shared / "corpus")
    in_sight = {project.name for project in corpus_findings.projects(shared / "corpus")}
    golden = {
        check_id: [row for row in rows if row[0][0] in in_sight]
        for check_id, rows in corpus_findings.reviewed().items()
    }
    problems = []
    for check_id in sorted(set(found) | set(golden)):
        listed = Counter(key for key, _, _ in golden.get(check_id, []))
        fired = found.get(check_id, Counter())
        for key, count in (fired - listed).items():
            problems.append(
                f"{check_id}: unreviewed finding on {key} (x{count}): add a row to tests/golden/corpus/{check_id}.tsv"
            )
        for key, count in (listed - fired).items():
            problems.append(f"{check_id}: reviewed finding on {key} (x{count}) no longer fires: remove its row")
    assert not problems, "\n".join(problems[:60]) + (
        f"\n... and {len(problems) - 60} more" if len(problems) > 60 else ""
    )


def test_golden_files_name_checks_that_exist():
    from kubegap.checks import all_checks

    known = {check.id for check in all_checks()}
    assert not set(corpus_findings.reviewed()) - known


def test_precision_doc_is_up_to_date():
    expected = corpus_findings.precision_markdown(corpus_findings.reviewed())
    assert corpus_findings.PRECISION_DOC.read_text(encoding="utf-8") == expected, (
        "docs/PRECISION.md is stale: run 'python scripts/corpus_findings.py --precision'"
    )


def test_the_set_aside_projects_are_the_ones_drawn_before_tuning():
    """The hold-out was drawn once, with its seed written down; changing either would let tuning see it."""
    assert corpus_findings.HOLDOUT_SEED == 20261204
    assert corpus_findings.HOLDOUT == (
        "Mellanox-network-operator",
        "NVIDIA-k8s-device-plugin",
        "envoyproxy-gateway",
        "flannel-io-flannel",
        "kubernetes-kube-state-metrics",
        "kubernetes-sigs-lws",
    )
    assert set(corpus_findings.HOLDOUT) <= set(corpus_findings.NEW_PROJECTS)


def test_each_fresh_draw_is_the_sample_its_recorded_pool_and_seed_give():
    """A draw takes five at random from what its pool has left, with its seed: the pools were written down before
    drawing, so each round's projects (less any that could not be rendered) must be that sample."""
    import random

    by_seed = {round_.seed: round_ for round_ in corpus_findings.FRESH_ROUNDS}
    for pool in (
        corpus_findings.FRESH7_POOL,
        corpus_findings.FRESH11_POOL,
        corpus_findings.FRESH15_POOL,
        corpus_findings.FRESH19_POOL,
        corpus_findings.FRESH23_POOL,
        corpus_findings.FRESH27_POOL,
        corpus_findings.FRESH31_POOL,
        corpus_findings.FRESH35_POOL,
        corpus_findings.FRESH39_POOL,
        corpus_findings.FRESH43_POOL,
        corpus_findings.FRESH47_POOL,
        corpus_findings.FRESH51_POOL,
        corpus_findings.FRESH55_POOL,
        corpus_findings.FRESH59_POOL,
        corpus_findings.FRESH63_POOL,
        corpus_findings.FRESH67_POOL,
        corpus_findings.FRESH71_POOL,
        corpus_findings.FRESH75_POOL,
        corpus_findings.FRESH79_POOL,
        corpus_findings.FRESH83_POOL,
        corpus_findings.FRESH87_POOL,
        corpus_findings.FRESH91_POOL,
        corpus_findings.FRESH95_POOL,
        corpus_findings.FRESH99_POOL,
        corpus_findings.FRESH101_POOL,
        corpus_findings.FRESH105_POOL,
        corpus_findings.FRESH109_POOL,
        corpus_findings.FRESH113_POOL,
        corpus_findings.FRESH117_POOL,
        corpus_findings.FRESH121_POOL,
        corpus_findings.FRESH125_POOL,
        corpus_findings.FRESH129_POOL,
        corpus_findings.FRESH131_POOL,
        corpus_findings.FRESH133_POOL,
        corpus_findings.FRESH135_POOL,
        corpus_findings.FRESH137_POOL,
        corpus_findings.FRESH139_POOL,
        corpus_findings.FRESH140_POOL,
        corpus_findings.FRESH141_POOL,
        corpus_findings.FRESH142_POOL,
        corpus_findings.FRESH143_POOL,
        corpus_findings.FRESH144_POOL,
        corpus_findings.FRESH145_POOL,
        corpus_findings.FRESH146_POOL,
        corpus_findings.FRESH147_POOL,
        corpus_findings.FRESH148_POOL,
        corpus_findings.FRESH149_POOL,
        corpus_findings.FRESH150_POOL,
        corpus_findings.FRESH151_POOL,
        corpus_findings.FRESH152_POOL,
        corpus_findings.FRESH153_POOL,
        corpus_findings.FRESH154_POOL,
        corpus_findings.FRESH155_POOL,
        corpus_findings.FRESH156_POOL,
        corpus_findings.FRESH157_POOL,
        corpus_findings.FRESH158_POOL,
        corpus_findings.FRESH159_POOL,
        corpus_findings.FRESH160_POOL,
        corpus_findings.FRESH161_POOL,
        corpus_findings.FRESH162_POOL,
        corpus_findings.FRESH163_POOL,
        corpus_findings.FRESH164_POOL,
        corpus_findings.FRESH165_POOL,
        corpus_findings.FRESH166_POOL,
        corpus_findings.FRESH167_POOL,
        corpus_findings.FRESH168_POOL,
        corpus_findings.FRESH169_POOL,
        corpus_findings.FRESH170_POOL,
        corpus_findings.FRESH171_POOL,
        corpus_findings.FRESH172_POOL,
        corpus_findings.FRESH173_POOL,
        corpus_findings.FRESH174_POOL,
        corpus_findings.FRESH175_POOL,
        corpus_findings.FRESH176_POOL,
        corpus_findings.FRESH177_POOL,
        corpus_findings.FRESH178_POOL,
        corpus_findings.FRESH179_POOL,
        corpus_findings.FRESH180_POOL,
        corpus_findings.FRESH181_POOL,
        corpus_findings.FRESH182_POOL,
        corpus_findings.FRESH183_POOL,
        corpus_findings.FRESH184_POOL,
    ):
        left = list(pool)
        seeds = sorted(seed for seed, round_ in by_seed.items() if set(round_.projects) <= set(pool))
        assert seeds, pool
        for seed in seeds:
            drawn = random.Random(seed).sample(left, 5)
            assert set(by_seed[seed].projects) <= set(drawn), (seed, drawn)
            left = [project for project in left if project not in drawn]
