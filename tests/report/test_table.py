"""The terminal table shows a few objects per check and says how many more there are."""

import io

from kubegap.pipeline import audit, audit_options
from kubegap.report.table import ROWS_PER_CHECK, render
from kubegap.sources.manifests import Reader

STATEFULSET = (
    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db-{i}, namespace: t}}\nspec:\n  template:\n    spec:\n"
    "      containers: [{{name: db, image: 'postgres:16.1', volumeMounts: [{{name: d, mountPath: /d}}]}}]\n"
    "      volumes: [{{name: d, hostPath: {{path: /srv}}}}]\n"
)


def test_many_findings_of_one_check_are_summarised(monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    reader = Reader()
    reader.read_text("---\n".join(STATEFULSET.format(i=i) for i in range(40)), "many.yaml")
    report = audit([reader.collection], audit_options(["local-storage-stateful"]))
    assert report["summary"]["findings"] == 40
    out = io.StringIO()
    render(report, out)
    text = out.getvalue()
    assert f"{40 - ROWS_PER_CHECK} more" in text
    assert text.count("StatefulSet t/db-") == ROWS_PER_CHECK
    assert "40 high" in text
