// The static site's checks catalog: ?category=, ?severity= and ?q= as the server reads them. The
// search ranks with the library's engine (search.js) over checks-index.js; rows stay in the page and
// are only shown, hidden and reordered. Without JavaScript the page lists every check.
(function () {
  "use strict";

  var index = window.KUBEGAP_CHECKS_INDEX, table = document.querySelector("table.checks");
  if (!index || !window.KubegapSearch || !table) { return; }
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim(), categories = params.getAll("category"), severities = params.getAll("severity");
  var form = document.getElementById("check-search");
  var categoryOk = function (row) { return !categories.length || categories.indexOf(row.dataset.category) !== -1; };
  var severityOk = function (row) { return !severities.length || severities.indexOf(row.dataset.severity) !== -1; };

  function href(chosenCategories, chosenSeverities) {
    var next = new URLSearchParams();
    if (query) { next.append("q", query); }
    chosenCategories.forEach(function (c) { next.append("category", c); });
    chosenSeverities.forEach(function (s) { next.append("severity", s); });
    var text = next.toString();
    return window.location.pathname.split("/").pop() + (text ? "?" + text : "");
  }

  function toggle(chosen, value) {
    return chosen.indexOf(value) !== -1 ? chosen.filter(function (v) { return v !== value; }) : chosen.concat([value]);
  }

  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var found = rows;
  if (query) {
    var byId = {};
    rows.forEach(function (row) { byId[row.dataset.id] = row; });
    var engine = new window.KubegapSearch.Engine(index);
    found = engine.search(query).map(function (hit) { return byId[engine.documents[hit.index].id]; });
  }
  var shown = found.filter(function (row) { return categoryOk(row) && severityOk(row); });
  rows.forEach(function (row) { row.hidden = true; });
  shown.forEach(function (row) { row.hidden = false; body.appendChild(row); });

  // Each count is what choosing that value would show, given the search and the other filter.
  Array.prototype.forEach.call(document.querySelectorAll("ul.counts a[data-value]"), function (link) {
    var filter = link.parentNode.parentNode.dataset.filter, value = link.dataset.value;
    var count = found.filter(function (row) {
      return filter === "category" ? row.dataset.category === value && severityOk(row) : row.dataset.severity === value && categoryOk(row);
    }).length;
    var active = (filter === "category" ? categories : severities).indexOf(value) !== -1;
    link.parentNode.querySelector(".count").textContent = count;
    link.href = filter === "category" ? href(toggle(categories, value), severities) : href(categories, toggle(severities, value));
    link.classList.toggle("active", active);
    if (active) { link.setAttribute("aria-current", "true"); }
    link.parentNode.hidden = filter === "severity" && !count && !active;
  });

  if (!query && !categories.length && !severities.length) { return; }
  document.getElementById("check-q").value = query;
  categories.map(function (c) { return ["category", c]; }).concat(severities.map(function (s) { return ["severity", s]; }))
    .forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
  var range = document.getElementById("check-range");
  range.firstChild.textContent = shown.length + (shown.length === 1 ? " check" : " checks") + " of " + rows.length +
    (query ? " for \u201c" + query + "\u201d" : "") + " \u00b7 ";
  range.hidden = false;
  table.caption.textContent = "The checks chosen";
  table.parentNode.hidden = !shown.length;
  document.getElementById("no-check").hidden = shown.length > 0;
})();
