"""Every real project in ../shared/corpus audits without a crashing check.

Each folder is one public project's manifests or API objects, audited on its own as a user would
audit their repository. Findings are expected (these are real projects); errors are not.
"""

from __future__ import annotations

from kubegap.checks import all_checks
from kubegap.domain.inventory import Inventory
from kubegap.runner import run_checks
from kubegap.sources.manifests import ManifestSource


def test_corpus_projects_audit_without_errors(shared):
    projects = sorted(p for p in (shared / "corpus").iterdir() if p.is_dir())
    assert projects
    checks = all_checks()
    audited = 0
    for project in projects:
        collection = ManifestSource([str(project)]).collect()
        if not collection.resources:
            continue
        audited += len(collection.resources)
        coverage = run_checks(Inventory(collection), checks).coverage
        errors = [(c.check_id, c.reason) for c in coverage if c.status == "error"]
        assert not errors, (project.name, errors)
    assert audited > 1000
