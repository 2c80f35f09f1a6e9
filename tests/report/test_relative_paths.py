"""Reports name files relative to the audited root, never where the auditing machine keeps them."""

from __future__ import annotations

import io

import pytest
from report.samples import hostpath_statefulset

from kubegap.pipeline import audit, audit_options
from kubegap.report import FORMATS, renderer
from kubegap.report.document import Report
from kubegap.sources.manifests import ManifestSource


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_no_format_names_the_machine_path_of_an_audited_folder(tmp_path, name):
    folder = tmp_path / "shop" / "k8s"
    folder.mkdir(parents=True)
    (folder / "db.yaml").write_text(hostpath_statefulset("db", "data"))
    (folder / "broken.yaml").write_text("kind: [\n")
    report = audit([ManifestSource([str(folder)]).collect()], audit_options(["local-storage-stateful"])).to_json()
    assert report["findings"][0]["location"]["path"] == "k8s/db.yaml"
    assert report["inputs"] == [
        {"type": "manifests", "path": "k8s", "unread": {"k8s/broken.yaml": "document 1 could not be parsed"}}
    ]
    assert any(w.startswith("k8s/broken.yaml") for w in report["warnings"])
    out = io.StringIO()
    renderer(name)(Report.from_json(report), out)
    assert str(tmp_path) not in out.getvalue()


def test_files_of_the_same_name_in_two_folders_keep_apart(tmp_path):
    """Named from the nearest folder holding both, so that a finding still says which file it is about."""
    for team in ("shop", "billing"):
        (tmp_path / team).mkdir()
        (tmp_path / team / "db.yaml").write_text(hostpath_statefulset(f"{team}-db", "data"))
    paths = [str(tmp_path / "shop" / "db.yaml"), str(tmp_path / "billing" / "db.yaml")]
    report = audit([ManifestSource(paths).collect()], audit_options(["local-storage-stateful"])).to_json()
    assert sorted(f["location"]["path"] for f in report["findings"]) == ["billing/db.yaml", "shop/db.yaml"]
    assert [i["path"] for i in report["inputs"]] == ["shop/db.yaml", "billing/db.yaml"]
