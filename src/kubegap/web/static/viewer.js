// The report viewer's "Open a report": a kubegap JSON report chosen on this computer is read here, in the
// browser (FileReader: it is never uploaded), and shown with the layout report/html.py's finding_item
// gives findings, so the filters (report.js) and their URL state apply to it too. Text is inserted with
// textContent only: nothing from the file is ever parsed as HTML.
(function () {
  "use strict";
  var input = document.getElementById("report-file");
  if (!input) { return; }
  var status = document.getElementById("report-file-status");
  var casePage = input.getAttribute("data-case-page");
  var checkPage = input.getAttribute("data-check-page");
  var checks = (input.getAttribute("data-checks") || "").split(" ");
  var SEVERITIES = ["critical", "high", "medium", "low", "info"];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function text(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function subject(f) {
    var o = f.object || {};
    var label = o.kind + " " + (o.namespace ? o.namespace + "/" : "") + o.name;
    return f.cluster ? f.cluster + ": " + label : label;
  }

  function at(l) {
    return l && l.path ? l.path + (l.line ? ":" + l.line : "") : "";
  }

  function where(f) {
    var first = at(f.location);
    return first ? [first].concat((f.also_at || []).map(at)).join(", ") : "";
  }

  function cited(f, cases) {
    var nodes = [];
    (f.cases || []).forEach(function (id, i) {
      var known = cases[id];
      var label = known ? known.title : id;
      if (i) { nodes.push("; "); }
      nodes.push(known ? el("a", { href: casePage.replace("CASE-ID", id) }, [label]) : label);
    });
    return nodes;
  }

  function item(f, index, cases) {
    var severity = SEVERITIES.indexOf(f.severity) !== -1 ? f.severity : "info";
    var check = el("code", {}, [f.check_id]);
    var heading = el("h4", { id: "finding-file-" + index }, [
      el("span", { "class": "badge " + severity + " sev sev-" + severity }, [severity]),
      checks.indexOf(f.check_id) !== -1 ? el("a", { href: checkPage.replace("CHECK-ID", f.check_id) }, [check]) : check,
      " " + (f.title || "")
    ]);
    var evidence = el("dl", {}, []);
    (f.evidence || []).forEach(function (e) {
      evidence.appendChild(el("dt", {}, [e.path]));
      evidence.appendChild(el("dd", {}, [text(e.value)]));
    });
    var parts = [heading, el("p", { "class": "object" }, [subject(f)])];
    if (where(f)) { parts.push(el("p", { "class": "where" }, [where(f)])); }
    parts.push(el("p", { "class": "message" }, [f.message]));
    parts.push(el("p", { "class": "cited" }, ["Seen before in: "].concat(cited(f, cases))));
    parts.push(el("details", {}, [el("summary", {}, ["Evidence and fix"]), el("h5", {}, ["Evidence"]), evidence,
                                   el("h5", {}, ["Fix"]), el("p", { "class": "fix" }, [f.remediation])]));
    var searchable = [f.check_id, f.title || "", subject(f), f.message, where(f)]
      .concat((f.evidence || []).map(function (e) { return e.path; })).join(" ").toLowerCase();
    return el("li", { "class": "finding sev-" + severity, "data-severity": severity, "data-category": f.category || "",
                      "data-text": searchable }, [el("article", { "aria-labelledby": "finding-file-" + index }, parts)]);
  }

  function problem(report) {
    if (!report || typeof report !== "object" || Array.isArray(report)) { return "it is not a JSON object"; }
    if (!report.tool || report.tool.name !== "kubegap") { return "it is not a kubegap report (no tool.name \"kubegap\")"; }
    if (["1", "2"].indexOf(report.schema_version) === -1) { return "schema_version " + JSON.stringify(report.schema_version) + " is not one this viewer reads (1 or 2)"; }
    if (!Array.isArray(report.findings)) { return "it has no findings list"; }
    return null;
  }

  function show(report, name) {
    var list = document.querySelector("ol.findings");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var cases = report.cases || {};
    report.findings.forEach(function (f, i) { list.appendChild(item(f, i, cases)); });
    var cluster = report.cluster || {};
    var context = (report.inputs || []).map(function (i) { return i.context; }).filter(Boolean)[0];
    document.getElementById("report-subject").textContent = [cluster.name, context && context !== cluster.name ? "context " + context : "",
      cluster.version ? "Kubernetes " + cluster.version : "", report.tool && report.tool.version ? "kubegap " + report.tool.version : ""]
      .filter(Boolean).join(" · ");
    document.getElementById("report-source").textContent = "Read from " + name + " in this browser; nothing was uploaded.";
    document.getElementById("findings").hidden = false;
    if (window.KubegapFilters) { window.KubegapFilters.refresh(); }
  }

  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      var report;
      try { report = JSON.parse(reader.result); } catch (e) { report = undefined; }
      var why = report === undefined ? "it is not JSON" : problem(report);
      if (why) {
        status.textContent = file.name + " was not opened: " + why + ".";
        return;
      }
      status.textContent = "";
      show(report, file.name);
    };
    reader.onerror = function () { status.textContent = file.name + " could not be read."; };
    reader.readAsText(file);
  });
})();
