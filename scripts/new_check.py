"""Start a new check: its module, its fixtures and the sections of its documentation, ready to fill in.

    python scripts/new_check.py CHECK_ID --category CATEGORY --title TITLE --case CASE_ID [--severity S] [--reads KIND]...

Writes ``src/kubegap/checks/<category>/<check_id>.py`` (the ``@check`` registration and a docstring
with the five sections every check documents), ``tests/checks/fixtures/<check-id>/fires/`` and
``passes/`` with one fixture each, and prints what is left to do (CONTRIBUTING.md, "Adding a check").
Until the check is written, the suite fails on it: its run raises, its fixtures find nothing.
Nothing that exists is overwritten.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ROOT / "src" / "kubegap" / "checks"
FIXTURES = ROOT / "tests" / "checks" / "fixtures"
CASES = ROOT / "src" / "kubegap" / "library" / "data" / "cases"
CHECK_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")
SEVERITIES = ("critical", "high", "medium", "low", "info")

MODULE = '''"""``{id}``: {title}."""

from __future__ import annotations

from collections.abc import Iterator

from kubegap.checks.base import Context, Finding, check


@check(
    id="{id}",
    title="{title}",
    severity="{severity}",
    category="{category}",
    cases=["{case}"],
    fix="What to change, in one or two sentences, so that the gap is closed without breaking the workload.",
    reads={reads},
)
def {function}(ctx: Context) -> Iterator[Finding]:
    """
    ## What it checks

    Which objects, which fields, and what the check leaves out (and why).

    ## Why it matters

    What happened in the incident this check cites, in the case's own facts.

    ## Severity

    What the blast radius is, and what raises or lowers it.

    ## Example

    ```yaml
    kind: Deployment
    ```

    ## Fix

    ```yaml
    kind: Deployment
    ```
    """
    raise NotImplementedError("{id}: write the check")
'''

FIRES = """# expect: 1
# The smallest input that has the gap, and a line saying which field shows it.
"""

PASSES = """# The same input with the gap closed: the check runs and finds nothing.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("check_id", help="lower-case words joined by hyphens: pdb-missing")
    parser.add_argument("--category", required=True, help="an existing category (a package under checks/) or a new one")
    parser.add_argument("--title", required=True, help="what the check finds, as a plural noun phrase")
    parser.add_argument("--case", required=True, help="the library case whose gap the check reveals")
    parser.add_argument("--severity", default="medium", choices=SEVERITIES)
    parser.add_argument(
        "--reads", action="append", default=[], help="a kind the check reads (repeat); default: workloads"
    )
    args = parser.parse_args(argv)

    if not CHECK_ID.match(args.check_id):
        parser.error(f"{args.check_id!r} is not a check id: lower-case words joined by hyphens")
    if not (CASES / f"{args.case}.yaml").is_file():
        parser.error(f"no case {args.case!r} in src/kubegap/library/data/cases: write the case first (CONTRIBUTING.md)")
    package = args.category.replace("-", "_")
    module = CHECKS / package / f"{args.check_id.replace('-', '_')}.py"
    fixtures = FIXTURES / args.check_id
    for path in (module, fixtures):
        if path.exists():
            parser.error(f"{path.relative_to(ROOT)} exists")

    if not (CHECKS / package).is_dir():
        (CHECKS / package).mkdir()
        (CHECKS / package / "__init__.py").write_text(f'"""The {args.category} checks: one module per check."""\n')
    module.write_text(
        MODULE.format(
            id=args.check_id,
            title=args.title,
            severity=args.severity,
            category=args.category,
            case=args.case,
            reads=repr(args.reads or ["workloads"]).replace("'", '"'),
            function=args.check_id.replace("-", "_"),
        )
    )
    (fixtures / "fires").mkdir(parents=True)
    (fixtures / "passes").mkdir()
    (fixtures / "fires" / "the-gap.yaml").write_text(FIRES)
    (fixtures / "passes" / "the-gap-closed.yaml").write_text(PASSES)
    print(
        f"wrote {module.relative_to(ROOT)} and {fixtures.relative_to(ROOT)}/{{fires,passes}}.\n"
        "Left to do (CONTRIBUTING.md, 'Adding a check'):\n"
        "  1. write the check and its documentation; fixtures that fire and fixtures that pass\n"
        f"  2. add {args.check_id} to the checks: of {args.case}, and its reconstruction under "
        f"library/data/reconstructions/{args.case}/ must make it fire (and not on fixed.yaml)\n"
        "  3. KUBEGAP_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/checks/test_diagnostic_snapshots.py, "
        "and review the snapshot\n"
        "  4. make docs; make lint; make test"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
