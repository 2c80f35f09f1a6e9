// Client-side search for the static site: reads ?q= from the address, matches every word and
// "quoted phrase" against the prebuilt index, and lists the matching cases. Text is inserted with
// textContent only, so nothing from the index is ever parsed as HTML.
(function () {
  "use strict";
  var script = document.getElementById("search-script");
  var root = script.getAttribute("data-root");
  var query = new URLSearchParams(window.location.search).get("q");
  if (!query || !query.trim()) { return; }

  function terms(text) {
    var found = [], re = /"([^"]+)"|(\S+)/g, m;
    while ((m = re.exec(text)) !== null) { found.push((m[1] || m[2]).toLowerCase()); }
    return found;
  }

  function show(cases) {
    var list = document.getElementById("case-list");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    cases.forEach(function (c) {
      var item = document.createElement("li");
      item.className = "case-item";
      var link = document.createElement("a");
      link.className = "case-title";
      link.href = root + c.href;
      link.textContent = c.title;
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = c.organization + " · " + c.date;
      item.appendChild(link);
      item.appendChild(meta);
      list.appendChild(item);
    });
    var n = cases.length;
    document.getElementById("case-count").textContent = n + (n === 1 ? " case" : " cases");
    document.getElementById("case-range").textContent = n ? "1 to " + n + " of " + n + " for " + query : "No cases match. Nothing found for " + query + ".";
    var pagination = document.getElementById("pagination");
    if (pagination) { pagination.hidden = true; }
  }

  document.getElementById("q").value = query;
  fetch(root + "search-index.json")
    .then(function (response) { return response.json(); })
    .then(function (index) {
      var wanted = terms(query);
      show(index.filter(function (c) {
        return wanted.every(function (t) { return c.text.indexOf(t) !== -1; });
      }));
    });
})();
