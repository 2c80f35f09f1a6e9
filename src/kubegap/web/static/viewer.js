// The report viewer: one kubegap JSON report, the server's (its JSON twin, data-report on #findings) or one
// chosen on this computer (read here with FileReader: never uploaded), shown as charts of findings by severity
// and by namespace, filters with counts, and the findings grouped by check, a page at a time, so that a
// report of tens of thousands of findings stays quick. The filters and the page live in the address's
// fragment, so a view can be shared and survives a reload. Text is inserted with textContent only: nothing
// from a report is ever parsed as HTML.
(function () {
  "use strict";
  var section = document.getElementById("findings");
  var input = document.getElementById("report-file");
  if (!section || !input) { return; }
  var status = document.getElementById("report-file-status");
  var casePage = input.getAttribute("data-case-page");
  var checkPage = input.getAttribute("data-check-page");
  var checks = (input.getAttribute("data-checks") || "").split(" ");
  var SEVERITIES = ["critical", "high", "medium", "low", "info"];
  var PAGE = 50;
  var NAMESPACES_CHARTED = 8;
  var report = null;
  var findings = [];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) {
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    });
    return node;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  // An evidence value as a person reads it: "a, b, c" for a list, "key: value; ..." for a mapping.
  function value(v) {
    if (v === null || v === undefined) { return "not set"; }
    if (typeof v === "string") { return v; }
    if (Array.isArray(v)) { return v.map(value).join(", "); }
    if (typeof v === "object") { return Object.keys(v).map(function (k) { return k + ": " + value(v[k]); }).join("; "); }
    return String(v);
  }

  function severityOf(f) { return SEVERITIES.indexOf(f.severity) !== -1 ? f.severity : "info"; }

  function namespaceOf(f) { return (f.object && f.object.namespace) || "(cluster-scoped)"; }

  function subject(f) {
    var o = f.object || {};
    var label = o.kind + " " + (o.namespace ? o.namespace + "/" : "") + o.name;
    return f.cluster ? f.cluster + ": " + label : label;
  }

  function at(l) { return l && l.path ? l.path + (l.line ? ":" + l.line : "") : ""; }

  function where(f) {
    var first = at(f.location);
    return first ? [first].concat((f.also_at || []).map(at)).join(", ") : "";
  }

  function searchable(f) {
    return [f.check_id, f.title || "", subject(f), f.message, where(f)]
      .concat((f.evidence || []).map(function (e) { return e.path + " " + value(e.value); })).join(" ").toLowerCase();
  }

  // -- state: the address's fragment ------------------------------------------------------------------
  function readState() {
    var params = new URLSearchParams(location.hash.slice(1));
    return {
      severity: params.has("severity") ? params.get("severity").split(",").filter(Boolean) : SEVERITIES.slice(),
      namespace: params.get("namespace") || "",
      check: params.get("check") || "",
      q: (params.get("q") || "").toLowerCase(),
      page: Math.max(1, parseInt(params.get("page"), 10) || 1)
    };
  }

  function writeState(s) {
    var params = new URLSearchParams();
    if (s.severity.length !== SEVERITIES.length) { params.set("severity", s.severity.join(",")); }
    ["namespace", "check", "q"].forEach(function (name) { if (s[name]) { params.set(name, s[name]); } });
    if (s.page > 1) { params.set("page", String(s.page)); }
    var hash = params.toString();
    if (hash !== location.hash.slice(1)) { history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search); }
  }

  function matches(f, s, except) {
    return (except === "severity" || s.severity.indexOf(f.severity) !== -1) &&
      (except === "namespace" || !s.namespace || namespaceOf(f) === s.namespace) &&
      (except === "check" || !s.check || f.check_id === s.check) &&
      (!s.q || f.text.indexOf(s.q) !== -1);
  }

  function counted(list, key) {
    var counts = {};
    list.forEach(function (f) { var k = key(f); counts[k] = (counts[k] || 0) + 1; });
    return counts;
  }

  // -- charts -------------------------------------------------------------------------------------------
  function bar(fraction, className) {
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "bar");
    svg.setAttribute("viewBox", "0 0 100 10");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    var rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    rect.setAttribute("width", String(Math.max(1, Math.round(fraction * 100))));
    rect.setAttribute("height", "10");
    rect.setAttribute("class", className);
    svg.appendChild(rect);
    return svg;
  }

  function chart(id, caption, rows, total) {
    var list = el("ul", { "class": "bars" }, rows.map(function (row) {
      return el("li", {}, [row.label, bar(total ? row.n / total : 0, row.className), el("span", { "class": "n" }, [String(row.n)])]);
    }));
    return el("figure", { "class": "chart", id: id }, [el("figcaption", {}, [caption]), list]);
  }

  function charts() {
    var box = document.getElementById("report-charts");
    clear(box);
    var bySeverity = counted(findings, severityOf);
    var severityRows = SEVERITIES.filter(function (s) { return bySeverity[s]; }).map(function (s) {
      return { label: el("span", { "class": "label" }, [el("span", { "class": "sev sev-" + s }, [s])]), n: bySeverity[s], className: "sev-" + s };
    });
    var byNamespace = counted(findings, namespaceOf);
    var names = Object.keys(byNamespace).sort(function (a, b) { return byNamespace[b] - byNamespace[a] || (a < b ? -1 : 1); });
    var namespaceRows = names.slice(0, NAMESPACES_CHARTED).map(function (name) {
      var link = el("a", { href: "#namespace=" + encodeURIComponent(name), "data-namespace": name }, [name]);
      return { label: el("span", { "class": "label" }, [link]), n: byNamespace[name], className: "ns" };
    });
    var rest = names.slice(NAMESPACES_CHARTED).reduce(function (sum, name) { return sum + byNamespace[name]; }, 0);
    if (rest) {
      namespaceRows.push({ label: el("span", { "class": "label" }, [(names.length - NAMESPACES_CHARTED) + " more namespaces"]), n: rest, className: "ns" });
    }
    box.appendChild(chart("chart-severity", "Findings by severity", severityRows, findings.length));
    box.appendChild(chart("chart-namespace", "Findings by namespace", namespaceRows, findings.length));
    box.hidden = findings.length === 0;
  }

  // -- filters --------------------------------------------------------------------------------------------
  var form = document.getElementById("filters");
  var severityBoxes = Array.prototype.slice.call(form.querySelectorAll("input[name=severity]"));
  var namespaceSelect = document.getElementById("filter-namespace");
  var checkSelect = document.getElementById("filter-check");
  var text = document.getElementById("filter-text");

  function formState(page) {
    return {
      severity: severityBoxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; }),
      namespace: namespaceSelect.value, check: checkSelect.value, q: text.value.trim().toLowerCase(), page: page || 1
    };
  }

  function fill(select, counts, chosen, label) {
    clear(select);
    select.appendChild(el("option", { value: "" }, [label]));
    Object.keys(counts).sort().forEach(function (name) {
      var option = el("option", { value: name }, [name + " (" + counts[name] + ")"]);
      select.appendChild(option);
    });
    select.value = counts[chosen] ? chosen : "";
  }

  function showFilters(s) {
    var bySeverity = counted(findings.filter(function (f) { return matches(f, s, "severity"); }), severityOf);
    severityBoxes.forEach(function (box) {
      box.checked = s.severity.indexOf(box.value) !== -1;
      box.parentNode.querySelector(".count").textContent = String(bySeverity[box.value] || 0);
    });
    fill(namespaceSelect, counted(findings.filter(function (f) { return matches(f, s, "namespace"); }), namespaceOf), s.namespace, "All namespaces");
    fill(checkSelect, counted(findings.filter(function (f) { return matches(f, s, "check"); }), function (f) { return f.check_id; }), s.check, "All checks");
    if (document.activeElement !== text) { text.value = s.q; }
  }

  // -- findings, grouped by check --------------------------------------------------------------------------
  function cited(ids) {
    var cases = report.cases || {};
    var nodes = ["Seen before in: "];
    (ids || []).forEach(function (id, i) {
      var known = cases[id];
      if (i) { nodes.push("; "); }
      nodes.push(known ? el("a", { href: casePage.replace("CASE-ID", encodeURIComponent(id)) }, [known.title]) : id);
    });
    return el("p", { "class": "cited" }, nodes);
  }

  function evidence(f) {
    var list = el("dl", { "class": "evidence" }, []);
    (f.evidence || []).forEach(function (e) {
      var v = e.value;
      var shown = v && typeof v === "object" && !Array.isArray(v) && typeof v.container === "string"
        ? "container " + v.container + " · " + value(Object.keys(v).filter(function (k) { return k !== "container"; })
            .reduce(function (o, k) { o[k] = v[k]; return o; }, {}))
        : value(v);
      list.appendChild(el("dt", {}, [e.path]));
      list.appendChild(el("dd", {}, [shown]));
    });
    return list;
  }

  function item(f) {
    var severity = severityOf(f);
    var parts = [el("p", { "class": "object" }, [subject(f)])];
    if (where(f)) { parts.push(el("p", { "class": "where" }, [where(f)])); }
    parts.push(el("p", { "class": "message" }, [f.message]));
    if ((f.evidence || []).length) { parts.push(evidence(f)); }
    if (f.baseline_state === "new") { parts.unshift(el("span", { "class": "badge new" }, ["new"])); }
    return el("li", { "class": "finding sev-" + severity, "data-severity": severity }, parts);
  }

  function groupHeading(f, count, continued) {
    var check = el("code", {}, [f.check_id]);
    var severity = severityOf(f);
    return el("h3", {}, [
      el("span", { "class": "sev sev-" + severity }, [severity]), " ",
      checks.indexOf(f.check_id) !== -1 ? el("a", { href: checkPage.replace("CHECK-ID", encodeURIComponent(f.check_id)) }, [check]) : check,
      " " + (f.title || "") + " ", el("span", { "class": "count" }, [count + (count === 1 ? " object" : " objects") + (continued ? ", continued" : "")])
    ]);
  }

  function groups(s) {
    var shown = findings.filter(function (f) { return matches(f, s); });
    var perCheck = counted(shown, function (f) { return f.check_id; });
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    s.page = Math.min(s.page, pages);
    var box = document.getElementById("report-groups");
    clear(box);
    var list = null, current = null, started = {};
    shown.slice((s.page - 1) * PAGE, s.page * PAGE).forEach(function (f) {
      if (f.check_id !== current) {
        current = f.check_id;
        list = el("ol", { "class": "findings" }, []);
        var group = el("section", { "class": "check-group", "data-severity": severityOf(f) }, [groupHeading(f, perCheck[f.check_id], started[f.check_id])]);
        group.appendChild(el("p", { "class": "fix" }, ["Fix: " + (f.remediation || "")]));
        group.appendChild(cited(f.cases));
        group.appendChild(list);
        box.appendChild(group);
      }
      started[f.check_id] = true;
      list.appendChild(item(f));
    });
    var objects = counted(shown, subject);
    document.getElementById("shown").textContent = "Showing " + shown.length + " of " + findings.length + " findings";
    document.getElementById("shown-detail").textContent = shown.length
      ? Object.keys(perCheck).length + " checks, " + Object.keys(objects).length + " objects" + (pages > 1 ? " · page " + s.page + " of " + pages : "")
      : "";
    document.getElementById("no-match").hidden = shown.length !== 0 || findings.length === 0;
    pager(s, pages);
  }

  function pager(s, pages) {
    var nav = document.getElementById("report-pages");
    clear(nav);
    nav.hidden = pages < 2;
    if (pages < 2) { return; }
    function go(page, label) {
      var button = el("button", { type: "button" }, [label]);
      button.addEventListener("click", function () { update(page); section.scrollIntoView(); });
      return button;
    }
    var list = el("ul", {}, []);
    if (s.page > 1) { list.appendChild(el("li", {}, [go(s.page - 1, "Previous")])); }
    list.appendChild(el("li", {}, [el("span", { "aria-current": "page" }, ["Page " + s.page + " of " + pages])]));
    if (s.page < pages) { list.appendChild(el("li", {}, [go(s.page + 1, "Next")])); }
    nav.appendChild(list);
  }

  function update(page, state) {
    var s = state || formState(page);
    showFilters(s);
    groups(s);
    writeState(s);
  }

  form.addEventListener("change", function () { update(1); });
  text.addEventListener("input", function () { update(1); });
  form.addEventListener("submit", function (event) { event.preventDefault(); update(1); });
  document.getElementById("filter-reset").addEventListener("click", function () {
    update(1, { severity: SEVERITIES.slice(), namespace: "", check: "", q: "", page: 1 });
  });
  document.getElementById("report-charts").addEventListener("click", function (event) {
    var name = event.target.getAttribute && event.target.getAttribute("data-namespace");
    if (name === null || name === undefined) { return; }
    event.preventDefault();
    var s = formState(1);
    s.namespace = name;
    update(1, s);
  });

  // -- loading --------------------------------------------------------------------------------------------
  function problem(data) {
    if (!data || typeof data !== "object" || Array.isArray(data)) { return "it is not a JSON object"; }
    if (!data.tool || data.tool.name !== "kubegap") { return "it is not a kubegap report (no tool.name \"kubegap\")"; }
    if (["1", "2"].indexOf(data.schema_version) === -1) { return "schema_version " + JSON.stringify(data.schema_version) + " is not one this viewer reads (1 or 2)"; }
    if (!Array.isArray(data.findings)) { return "it has no findings list"; }
    return null;
  }

  function show(data, source) {
    report = data;
    findings = data.findings.map(function (f) { return Object.assign({ text: searchable(f) }, f); });
    findings.sort(function (a, b) {
      return SEVERITIES.indexOf(severityOf(a)) - SEVERITIES.indexOf(severityOf(b)) ||
        (a.check_id < b.check_id ? -1 : a.check_id > b.check_id ? 1 : 0) || (subject(a) < subject(b) ? -1 : subject(a) > subject(b) ? 1 : 0);
    });
    if (source) {
      var cluster = data.cluster || {};
      var context = (data.inputs || []).map(function (i) { return i.context; }).filter(Boolean)[0];
      document.getElementById("report-subject").textContent = [cluster.name, context && context !== cluster.name ? "context " + context : "",
        cluster.version ? "Kubernetes " + cluster.version : "", data.tool && data.tool.version ? "kubegap " + data.tool.version : ""]
        .filter(Boolean).join(" · ");
      document.getElementById("report-source").textContent = "Read from " + source + " in this browser; nothing was uploaded.";
    }
    charts();
    form.hidden = findings.length === 0;
    section.hidden = false;
    update(1, readState());
  }

  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      var data;
      try { data = JSON.parse(reader.result); } catch (e) { data = undefined; }
      var why = data === undefined ? "it is not JSON" : problem(data);
      if (why) {
        status.textContent = file.name + " was not opened: " + why + ".";
        return;
      }
      status.textContent = "";
      show(data, file.name);
    };
    reader.onerror = function () { status.textContent = file.name + " could not be read."; };
    reader.readAsText(file);
  });

  var served = section.getAttribute("data-report");
  if (served) {
    fetch(served, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (data) { show(data, null); })
      .catch(function () { status.textContent = "The report could not be loaded from " + served + "."; });
  }
}());
