"""Audit every project of the shared corpus and print or check its reviewed findings.

The reviewed findings live in ``tests/golden/corpus/<check-id>.tsv``, one row per finding:
``project  kind  namespace  name  verdict  reason``, where ``verdict`` is ``gap`` (a reliability gap a
senior SRE would sign) or ``noise`` (true to the YAML but not worth acting on), and ``reason`` says why
in one line. ``namespace`` is ``-`` for cluster-scoped objects and manifests without one.

    python scripts/corpus_findings.py                # rows for every finding, verdicts from the files
    python scripts/corpus_findings.py --check ID     # only that check's rows
    python scripts/corpus_findings.py --unreviewed   # only rows the files do not list yet
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from kubegap.audit import run_audit
from kubegap.checks import all_checks
from kubegap.inventory import Inventory
from kubegap.sources.manifests import ManifestSource

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "corpus"
COLUMNS = ("project", "kind", "namespace", "name", "verdict", "reason")
VERDICTS = ("gap", "noise")


def shared_dir() -> Path:
    return Path(os.environ.get("KUBEGAP_SHARED") or ROOT.parent / "shared")


def corpus_findings(corpus: Path) -> Iterator[tuple[str, str, str, str, str]]:
    """``(check, project, kind, namespace, name)`` for every finding on every corpus project."""
    checks = all_checks()
    for project in sorted(p for p in corpus.iterdir() if p.is_dir()):
        collection = ManifestSource([str(project)]).collect()
        if not collection.resources:
            continue
        for finding in run_audit(Inventory(collection), checks, annotation_exemptions=False).findings:
            ref = finding.object
            yield finding.check_id, project.name, ref.kind, ref.namespace or "-", ref.name


def reviewed(golden: Path = GOLDEN) -> dict[str, dict[tuple[str, str, str, str], tuple[str, str]]]:
    """Per check, each reviewed finding's key and its ``(verdict, reason)``."""
    found: dict[str, dict] = {}
    for path in sorted(golden.glob("*.tsv")):
        rows = {}
        for number, line in enumerate(path.read_text().splitlines()[1:], start=2):
            if not line.strip():
                continue
            cells = line.split("\t")
            if len(cells) != len(COLUMNS) or cells[4] not in VERDICTS or not cells[5].strip():
                raise ValueError(f"{path}:{number}: expected {len(COLUMNS)} tab-separated cells {COLUMNS}, verdict in {VERDICTS}")
            rows[tuple(cells[:4])] = (cells[4], cells[5])
        found[path.stem] = rows
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="append", help="only this check (repeatable)")
    parser.add_argument("--unreviewed", action="store_true", help="only findings no golden file lists")
    args = parser.parse_args()
    corpus = shared_dir() / "corpus"
    if not corpus.is_dir():
        print(f"no corpus at {corpus} (set KUBEGAP_SHARED)", file=sys.stderr)
        return 2
    known = reviewed()
    print("check\t" + "\t".join(COLUMNS))
    for check_id, *key in corpus_findings(corpus):
        if args.check and check_id not in args.check:
            continue
        verdict = known.get(check_id, {}).get(tuple(key))
        if args.unreviewed and verdict:
            continue
        print("\t".join([check_id, *key, *(verdict or ("", ""))]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
