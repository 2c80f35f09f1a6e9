"""``--format junit``: JUnit XML for CI test-report views (GitLab, Jenkins, GitHub actions).

One test suite per check. A check that ran has one failing test case per object it found a gap
in (message and evidence included) or one passing case when it found none; a skipped check is a
skipped case with the reason, a crashed check an errored case, a suppressed finding a skipped
case with its exemption reason. Input left unread (a skipped document, a test directory, the
directory file limit) is a skipped case of an ``input`` suite, so a CI view never shows a clean
run over a partial view.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import TextIO

from kubegap.report.document import CitedCase, Report, ReportedFinding
from kubegap.report.text import subject_label, value_text, where_label

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _object_key(finding: ReportedFinding) -> tuple:
    obj = finding.object
    return (obj.kind, obj.namespace or "", obj.name)


def _failure_text(findings: list[ReportedFinding], cases: Mapping[str, CitedCase]) -> str:
    lines = []
    for f in findings:
        lines.append(f.message)
        if f.location is not None:
            lines.append(f"  at {where_label(f)}")
        lines += [f"  {e.path}: {value_text(e.value)}" for e in f.evidence]
        lines.append(f"  fix: {f.remediation}")
        for case_id in f.cases:
            case = cases.get(case_id)
            lines.append(f"  seen before: {case.title} {case.url}" if case else f"  seen before: {case_id}")
    return "\n".join(lines)


def _case(suite: ET.Element, check_id: str, name: str) -> ET.Element:
    return ET.SubElement(suite, "testcase", {"classname": f"kubegap.{check_id}", "name": name, "time": "0"})


def _grouped(findings: Iterable[ReportedFinding]) -> dict[tuple, dict[tuple, list[ReportedFinding]]]:
    """Findings by (cluster, check) and then by object; the cluster is None outside a fleet report."""
    by_check: dict[tuple, dict[tuple, list[ReportedFinding]]] = defaultdict(lambda: defaultdict(list))
    for f in findings:
        by_check[(f.cluster, f.check_id)][_object_key(f)].append(f)
    return by_check


def junit_tree(report: Report) -> ET.Element:
    findings = _grouped(report.findings)
    suppressed = _grouped(report.suppressed)
    root = ET.Element("testsuites", {"name": "kubegap", "time": f"{report.summary.elapsed_seconds:.3f}"})
    totals: defaultdict[str, int] = defaultdict(int)
    for coverage in report.coverage:
        check_id = coverage.check_id
        key = (coverage.cluster, check_id)
        summary = report.checks.get(check_id)
        title = summary.title if summary is not None else check_id
        suite_name = f"{key[0]}/{check_id}" if key[0] else check_id
        suite = ET.SubElement(root, "testsuite", {"name": suite_name, "time": "0"})
        ET.SubElement(ET.SubElement(suite, "properties"), "property", {"name": "title", "value": title})
        counts: defaultdict[str, int] = defaultdict(int)
        if coverage.status == "skipped":
            ET.SubElement(_case(suite, check_id, title), "skipped", {"message": coverage.reason or "skipped"})
            counts["skipped"] += 1
        elif coverage.status == "error":
            ET.SubElement(_case(suite, check_id, title), "error", {"message": coverage.reason or "error"})
            counts["errors"] += 1
        else:
            objects = findings.get(key, {})
            for group in objects.values():
                case = _case(suite, check_id, subject_label(group[0]))
                failure = ET.SubElement(case, "failure", {"message": group[0].message, "type": group[0].severity})
                failure.text = _failure_text(group, report.cases)
                counts["failures"] += 1
            for group in suppressed.get(key, {}).values():
                case = _case(suite, check_id, subject_label(group[0]))
                ET.SubElement(case, "skipped", {"message": f"suppressed ({group[0].suppressed_by}): {group[0].reason}"})
                counts["skipped"] += 1
            if not objects and not suppressed.get(key):
                _case(suite, check_id, f"{title}: no findings")
        suite.set("tests", str(len(suite.findall("testcase"))))
        for total in ("failures", "errors", "skipped"):
            suite.set(total, str(counts[total]))
            totals[total] += counts[total]
        totals["tests"] += len(suite.findall("testcase"))
    warnings = report.warnings
    if warnings:
        suite = ET.SubElement(
            root,
            "testsuite",
            {
                "name": "input",
                "time": "0",
                "tests": str(len(warnings)),
                "failures": "0",
                "errors": "0",
                "skipped": str(len(warnings)),
            },
        )
        for number, warning in enumerate(warnings, 1):
            case = ET.SubElement(
                suite, "testcase", {"classname": "kubegap.input", "name": f"input warning {number}", "time": "0"}
            )
            ET.SubElement(case, "skipped", {"message": warning})
        totals["tests"] += len(warnings)
        totals["skipped"] += len(warnings)
    for total in ("tests", "failures", "errors", "skipped"):
        root.set(total, str(totals[total]))
    return root


def _xml_safe(root: ET.Element) -> ET.Element:
    """Replace characters XML 1.0 cannot carry (control characters in object names, lone surrogates)."""
    for element in root.iter():
        if element.text:
            element.text = _NOT_XML.sub("\ufffd", element.text)
        for key, value in element.attrib.items():
            element.set(key, _NOT_XML.sub("\ufffd", value))
    return root


def render(report: Report, out: TextIO) -> None:
    tree = ET.ElementTree(_xml_safe(junit_tree(report)))
    ET.indent(tree)
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    tree.write(out, encoding="unicode")
    out.write("\n")
