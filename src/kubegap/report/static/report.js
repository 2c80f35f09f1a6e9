(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) { return; }
  var rows = [];
  var shown = document.getElementById("shown");
  var none = document.getElementById("no-match");
  var severities = Array.prototype.slice.call(form.querySelectorAll("input[name=severity]"));
  var category = document.getElementById("filter-category");
  var text = document.getElementById("filter-text");

  function state() {
    return {
      severity: severities.filter(function (box) { return box.checked; }).map(function (box) { return box.value; }),
      category: category.value,
      q: text.value.trim().toLowerCase()
    };
  }

  function apply() {
    var s = state();
    var visible = 0;
    rows.forEach(function (row) {
      var match = s.severity.indexOf(row.dataset.severity) !== -1 &&
        (!s.category || row.dataset.category === s.category) &&
        (!s.q || row.dataset.text.indexOf(s.q) !== -1);
      row.hidden = !match;
      if (match) { visible += 1; }
    });
    shown.textContent = "Showing " + visible + " of " + rows.length + " findings";
    none.hidden = visible !== 0 || rows.length === 0;
    var params = new URLSearchParams();
    if (s.severity.length !== severities.length) { params.set("severity", s.severity.join(",")); }
    if (s.category) { params.set("category", s.category); }
    if (s.q) { params.set("q", s.q); }
    var hash = params.toString();
    if (hash !== location.hash.slice(1)) { history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search); }
  }

  function restore() {
    var params = new URLSearchParams(location.hash.slice(1));
    if (params.has("severity")) {
      var wanted = params.get("severity").split(",");
      severities.forEach(function (box) { box.checked = wanted.indexOf(box.value) !== -1; });
    }
    if (params.has("category")) { category.value = params.get("category"); }
    if (params.has("q")) { text.value = params.get("q"); }
  }

  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  document.getElementById("filter-reset").addEventListener("click", function () {
    severities.forEach(function (box) { box.checked = true; });
    category.value = "";
    text.value = "";
    apply();
  });
  // Re-read the findings (and their categories) on the page: a report chosen in the browser replaces them.
  function refresh() {
    rows = Array.prototype.slice.call(document.querySelectorAll("ol.findings > li"));
    var chosen = category.value;
    var names = [];
    rows.forEach(function (row) { if (row.dataset.category && names.indexOf(row.dataset.category) === -1) { names.push(row.dataset.category); } });
    names.sort();
    while (category.options.length > 1) { category.remove(1); }
    names.forEach(function (name) { category.add(new Option(name, name)); });
    category.value = names.indexOf(chosen) !== -1 ? chosen : "";
    severities.forEach(function (box) {
      var n = rows.filter(function (row) { return row.dataset.severity === box.value; }).length;
      box.parentNode.lastChild.textContent = box.value + " (" + n + ")";
    });
    apply();
  }

  window.KubegapFilters = { refresh: refresh };
  form.hidden = false;
  restore();
  refresh();
}());
