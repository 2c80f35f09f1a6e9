// The library's search engine in the browser: a port of kubegap/library/textsearch.py (tokenizer,
// stemmer, query language, BM25F ranking and snippets), reading its weights and constants from the
// index the site ships (search-index.js, loaded with a <script> tag so it works from file:// too).
// A browser test runs both implementations over the relevance set and compares their results.
// Text is inserted with textContent only: nothing from the index is ever parsed as HTML.
(function () {
  "use strict";

  var WORD = /[\p{L}\p{N}]+(?:[._\-\/][\p{L}\p{N}]+)*/gu;
  var SEPARATOR = /[._\-\/]/;
  var CAMEL = /(?<=[a-z])(?=[A-Z])|(?<=[0-9A-Z])(?=[A-Z][a-z])/g;
  var QUERY = /(-?)"([^"]*)"|(\S+)/g;
  var ALPHA = /^\p{L}+$/u;

  function stem(token) {
    if (token.length <= 3 || !ALPHA.test(token)) { return token; }
    if (token.length > 4 && token.endsWith("ies")) { return token.slice(0, -3) + "y"; }
    if (token.endsWith("sses")) { token = token.slice(0, -2); }
    else if (token.endsWith("s") && !token.endsWith("ss") && !token.endsWith("us") && !token.endsWith("is")) { token = token.slice(0, -1); }
    var suffixes = ["ing", "ed"];
    for (var i = 0; i < suffixes.length; i++) {
      var suffix = suffixes[i];
      if (token.endsWith(suffix) && token.length - suffix.length >= 3) {
        token = token.slice(0, -suffix.length);
        var last = token[token.length - 1];
        if (last === token[token.length - 2] && "lsz".indexOf(last) === -1) { token = token.slice(0, -1); }
        break;
      }
    }
    if (token.length > 4 && token.endsWith("e")) { token = token.slice(0, -1); }
    return token;
  }

  function parts(word) {
    var found = [], offset = 0, pieces = word.split(SEPARATOR);
    pieces.forEach(function (piece) {
      var cuts = [], m;
      CAMEL.lastIndex = 0;
      while ((m = CAMEL.exec(piece)) !== null) { cuts.push(m.index); CAMEL.lastIndex = m.index + 1; }
      cuts.push(piece.length);
      var start = 0;
      cuts.forEach(function (cut) {
        if (cut > start) { found.push([piece.slice(start, cut), offset + start, offset + cut]); }
        start = cut;
      });
      offset += piece.length + 1;
    });
    return found;
  }

  // [token, position, start, end] for each token, in the order textsearch.tokenize gives them.
  function tokenize(text) {
    var tokens = [], position = 0, m;
    WORD.lastIndex = 0;
    while ((m = WORD.exec(text)) !== null) {
      var word = m[0], offset = m.index, ps = parts(word);
      ps.forEach(function (p) {
        tokens.push([stem(p[0].toLowerCase()), position, offset + p[1], offset + p[2]]);
        position += 1;
      });
      if (ps.length > 1) {
        tokens.push([stem(ps.map(function (p) { return p[0]; }).join("").toLowerCase()), position - ps.length, offset, offset + word.length]);
      }
    }
    return tokens;
  }

  function Engine(index) {
    var params = index.parameters;
    this.params = params;
    this.documents = index.documents;
    this.stopwords = new Set(params.stopwords);
    var stop = this.stopwords, nFields = params.fields.length;
    this.fields = this.documents.map(function (doc) {
      return doc.texts.map(function (text) {
        var positions = new Map(), length = 0;
        tokenize(text || "").forEach(function (t) {
          if (stop.has(t[0])) { return; }
          if (!positions.has(t[0])) { positions.set(t[0], []); }
          positions.get(t[0]).push(t[1]);
          length += 1;
        });
        return { positions: positions, length: length };
      });
    });
    var frequency = new Map();
    this.fields.forEach(function (fields) {
      var seen = new Set();
      fields.forEach(function (f) { f.positions.forEach(function (_, token) { seen.add(token); }); });
      seen.forEach(function (token) { frequency.set(token, (frequency.get(token) || 0) + 1); });
    });
    this.frequency = frequency;
    var total = Math.max(1, this.fields.length), average = [];
    for (var i = 0; i < nFields; i++) {
      var sum = 0;
      this.fields.forEach(function (fields) { sum += fields[i].length; });
      average.push(Math.max(1.0, sum / total));
    }
    this.average = average;
  }

  Engine.prototype.idf = function (token) {
    var count = this.frequency.get(token) || 0, n = this.fields.length;
    return Math.log(1 + (n - count + 0.5) / (count + 0.5));
  };

  Engine.prototype.tokenScore = function (fields, token) {
    var weighted = 0.0, p = this.params;
    for (var i = 0; i < p.fields.length; i++) {
      var found = fields[i].positions.get(token);
      if (found) {
        weighted += p.weights[i] * found.length / (1 - p.b + p.b * fields[i].length / this.average[i]);
      }
    }
    return weighted ? this.idf(token) * weighted / (p.k1 + weighted) : 0.0;
  };

  function matches(fields, member) {
    if (!member.phrase) {
      return member.tokens.some(function (t) { return fields.some(function (f) { return f.positions.has(t[0]); }); });
    }
    var first = member.tokens[0], rest = member.tokens.slice(1);
    return fields.some(function (f) {
      return (f.positions.get(first[0]) || []).some(function (start) {
        var base = start - first[1];
        return rest.every(function (t) { return (f.positions.get(t[0]) || []).indexOf(base + t[1]) !== -1; });
      });
    });
  }

  Engine.prototype.member = function (text, phrase) {
    var tokens = tokenize(text), stop = this.stopwords;
    if (!tokens.length) { return null; }
    var kept = [];
    if (!phrase) {
      var seen = new Set();
      tokens.forEach(function (t) { if (!stop.has(t[0]) && !seen.has(t[0])) { seen.add(t[0]); kept.push([t[0], 0]); } });
      return kept.length ? { tokens: kept, phrase: false } : null;
    }
    var first = tokens[0][1], used = new Set();
    tokens.forEach(function (t) {
      if (used.has(t[1])) { return; }
      used.add(t[1]);
      if (!stop.has(t[0])) { kept.push([t[0], t[1] - first]); }
    });
    return kept.length ? { tokens: kept, phrase: true } : null;
  };

  Engine.prototype.parse = function (text) {
    var clauses = [], join = false, m;
    text = text.slice(0, this.params.max_query_chars);
    QUERY.lastIndex = 0;
    while ((m = QUERY.exec(text)) !== null) {
      var minus = m[1], quoted = m[2], word = m[3];
      if (word === "OR") { join = clauses.length > 0 && !clauses[clauses.length - 1].negated; continue; }
      var negated = Boolean(minus) || (word !== undefined && word.startsWith("-") && word.length > 1);
      var body = quoted !== undefined ? quoted : (negated ? word.slice(1) : word);
      var member = this.member(body, quoted !== undefined || negated);
      if (member === null) { join = false; continue; }
      if (join && !negated) { clauses[clauses.length - 1].members.push(member); }
      else { clauses.push({ members: [member], negated: negated }); }
      join = false;
    }
    return clauses;
  };

  function quantized(score) { return Math.floor(score * 1e9 + 0.5); }

  // Matching documents, best first: [{index, score, matched: Set}].
  Engine.prototype.search = function (query) {
    var clauses = this.parse(query), self = this;
    var positive = clauses.filter(function (c) { return !c.negated; });
    if (!clauses.length) { return []; }
    var hits = [];
    this.fields.forEach(function (fields, index) {
      var excluded = clauses.some(function (c) { return c.negated && c.members.some(function (m) { return matches(fields, m); }); });
      if (excluded) { return; }
      var score = 0.0, satisfied = 0, matched = new Set(), missingRequired = false;
      positive.forEach(function (clause) {
        var members = clause.members.filter(function (m) { return matches(fields, m); });
        if (!members.length) {
          missingRequired = missingRequired || (clause.members.length === 1 && clause.members[0].phrase);
          return;
        }
        satisfied += 1;
        members.forEach(function (member) {
          member.tokens.forEach(function (t) {
            var part = self.tokenScore(fields, t[0]);
            if (part) { score += part; matched.add(t[0]); }
          });
        });
      });
      if (missingRequired || (positive.length && !satisfied)) { return; }
      hits.push({ index: index, score: positive.length ? score * satisfied / positive.length : 0.0, matched: matched });
    });
    hits.sort(function (a, b) { return quantized(b.score) - quantized(a.score); });
    return hits;
  };

  // The best-matching passage as [text, marked] segments, as textsearch.Engine.snippet cuts it.
  Engine.prototype.snippet = function (hit) {
    var p = this.params, words = p.snippet_words, texts = this.documents[hit.index].texts, best = null;
    p.snippet_fields.forEach(function (name) {
      var text = texts[p.fields.indexOf(name)] || "", tokens = tokenize(text);
      var positions = Array.from(new Set(tokens.filter(function (t) { return hit.matched.has(t[0]); }).map(function (t) { return t[1]; }))).sort(function (a, b) { return a - b; });
      if (!positions.length) { return; }
      var window = Math.max.apply(null, positions.map(function (start) {
        return positions.filter(function (q) { return start <= q && q < start + words; }).length;
      }));
      if (best === null || window > best.window) { best = { window: window, text: text, tokens: tokens }; }
    });
    if (best === null) { return []; }
    var text = best.text, tokens = best.tokens;
    var marked = Array.from(new Set(tokens.filter(function (t) { return hit.matched.has(t[0]); }).map(function (t) { return t[1]; }))).sort(function (a, b) { return a - b; });
    var startPosition = marked[0], bestCount = -1;
    marked.forEach(function (s) {
      var count = marked.filter(function (q) { return s <= q && q < s + words; }).length;
      if (count > bestCount || (count === bestCount && s < startPosition)) { bestCount = count; startPosition = s; }
    });
    var first = Math.max(0, startPosition - 4);
    var shown = tokens.filter(function (t) { return first <= t[1] && t[1] < first + words; });
    var start = Math.min.apply(null, shown.map(function (t) { return t[2]; }));
    var end = Math.max.apply(null, shown.map(function (t) { return t[3]; }));
    if (first === 0) { start = 0; }
    var spans = new Map();
    shown.forEach(function (t) { if (hit.matched.has(t[0])) { spans.set(t[2] + ":" + t[3], [t[2], t[3]]); } });
    var marks = Array.from(spans.values()).sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var segments = [], cursor = start;
    if (start > 0) { segments.push(["… ", false]); }
    marks.forEach(function (mark) {
      if (mark[0] < cursor) { return; }
      if (mark[0] > cursor) { segments.push([text.slice(cursor, mark[0]), false]); }
      segments.push([text.slice(mark[0], mark[1]), true]);
      cursor = mark[1];
    });
    if (end > cursor) { segments.push([text.slice(cursor, end), false]); }
    if (end < text.trimEnd().length) { segments.push([" …", false]); }
    return segments;
  };

  window.KubegapSearch = { Engine: Engine, tokenize: tokenize, stem: stem };

  // The static site's search page: ?q= in the address, results listed with their snippets.
  var script = document.getElementById("search-script");
  if (!script || !window.KUBEGAP_SEARCH_INDEX) { return; }
  var root = script.getAttribute("data-root");
  var query = new URLSearchParams(window.location.search).get("q");
  if (!query || !query.trim()) { return; }
  var engine = new Engine(window.KUBEGAP_SEARCH_INDEX);
  var hits = engine.search(query);

  // As kubegap.library.model.incidents_and_studies: "97 incidents and 8 studies".
  function incidentsAndStudies(incidents, studies) {
    var parts = [];
    if (incidents) { parts.push(incidents + (incidents === 1 ? " incident" : " incidents")); }
    if (studies) { parts.push(studies + (studies === 1 ? " study" : " studies")); }
    return parts.join(" and ") || "0 cases";
  }

  function show() {
    var list = document.getElementById("case-list");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    list.className = "cases";
    list.setAttribute("start", "1");
    hits.forEach(function (hit) {
      var c = engine.documents[hit.index];
      var item = document.createElement("li");
      item.className = "case-item";
      var link = document.createElement("a");
      link.className = "case-title";
      link.href = root + c.href;
      link.textContent = c.title;
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = c.organization + " · " + c.when;
      item.appendChild(link);
      item.appendChild(meta);
      var segments = engine.snippet(hit);
      if (segments.length) {
        var snippet = document.createElement("p");
        snippet.className = "snippet";
        segments.forEach(function (s) {
          var node = s[1] ? document.createElement("mark") : document.createTextNode(s[0]);
          if (s[1]) { node.textContent = s[0]; }
          snippet.appendChild(node);
        });
        item.appendChild(snippet);
      }
      list.appendChild(item);
    });
    var n = hits.length;
    var studies = hits.filter(function (hit) { return engine.documents[hit.index].kind === "study"; }).length;
    document.getElementById("case-count").textContent = incidentsAndStudies(n - studies, studies);
    document.getElementById("case-range").textContent = n ? "1 to " + n + " of " + n + " for " + query : "No cases match " + query + ".";
    var pagination = document.getElementById("pagination");
    if (pagination) { pagination.hidden = true; }
    showPanel();
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  // " and involve NCCL, GPU and 4 other components": the components the found cases involve most, as views.py names them.
  function involving(index, n) {
    var counts = {};
    hits.forEach(function (hit) {
      engine.documents[hit.index].components.forEach(function (id) { counts[id] = (counts[id] || 0) + 1; });
    });
    var ranked = Object.keys(counts).sort(function (a, b) { return counts[b] - counts[a] || (a < b ? -1 : a > b ? 1 : 0); });
    if (!ranked.length) { return ""; }
    var names = ranked.slice(0, index.panel.components_named).map(function (id) { return index.component_names[id] || id; });
    var rest = ranked.length - names.length;
    if (rest) { names.push(rest + (rest === 1 ? " other component" : " other components")); }
    var listed = names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
    return (n === 1 ? " and involves " : " and involve ") + listed;
  }

  // "Check your cluster for this" for the cases found, worded as the server words it (templates/_macros.html).
  function showPanel() {
    var panel = document.getElementById("check-your-cluster");
    if (!panel) { return; }
    var n = hits.length;
    panel.hidden = n === 0;
    if (!n) { return; }
    var index = window.KUBEGAP_SEARCH_INDEX, known = {}, every = index.checks.length;
    index.checks.forEach(function (c) { known[c.id] = c; });
    var named = [], seen = {}, planned = [], without = 0;
    hits.forEach(function (hit) {
      var ids = engine.documents[hit.index].checks;
      if (!ids.length) { without += 1; }
      ids.forEach(function (id) {
        if (seen[id]) { return; }
        seen[id] = true;
        (known[id] ? named : planned).push(id);
      });
    });
    var intro = panel.querySelector("p:not(.involve)");
    while (intro.nextSibling) { panel.removeChild(intro.nextSibling); }
    panel.querySelector(".involve").textContent = (n === 1 ? "This case matches" : "These " + n + " cases match") +
      " the search \u201c" + query.trim() + "\u201d" + involving(index, n) + ".";
    if (named.length) {
      var all = named.length === every;
      var sentence = all ? (n === 1 ? "The case names" : "Together the cases name") + " every check, " + every + ", so a plain audit runs exactly them"
        : (n === 1 ? "It names " : "They name ") + named.length + (named.length === 1 ? " check" : " checks");
      var list = element("ul", "check-ids");
      named.forEach(function (id) {
        var item = element("li"), link = element("a"), code = element("code", "", id);
        link.href = root + known[id].href;
        link.title = known[id].title;
        link.appendChild(code);
        item.appendChild(link);
        list.appendChild(item);
      });
      if (named.length > index.panel.folded_above) {
        var fold = element("details", "check-list");
        fold.appendChild(element("summary", "", sentence));
        fold.appendChild(list);
        panel.appendChild(fold);
      } else {
        panel.appendChild(element("p", "", sentence + ":"));
        panel.appendChild(list);
      }
      var flags = all ? [] : named.map(function (id) { return "--check " + id; });
      var naming = hits.map(function (hit) { return engine.documents[hit.index]; }).filter(function (d) { return d.checks.length; })
        .map(function (d) { return "--case " + d.id; });
      if (flags.length && naming.length && naming.join(" ").length < flags.join(" ").length) { flags = naming; }
      var commands = element("dl", "commands");
      [["Manifests or a snapshot", " PATH"], ["A live cluster", ""]].forEach(function (target) {
        var command = ["kubegap audit"].concat(flags);
        var text = flags.length > index.panel.flags_on_one_line ? command.join(" \\\n  ") : command.join(" ");
        commands.appendChild(element("dt", "", target[0]));
        var dd = element("dd");
        var code = element("code", "command", text + target[1]);
        code.tabIndex = 0;  // a command that scrolls takes keyboard focus
        dd.appendChild(code);
        commands.appendChild(dd);
        if (window.KubegapSite) { window.KubegapSite.addCopyButton(code); }
      });
      panel.appendChild(commands);
      if (without) {
        panel.appendChild(element("p", "meta", without + (without === 1 ? " case" : " cases") + " of these name" + (without === 1 ? "s" : "") +
          " no check: no check can reveal " + (without === 1 ? "its" : "their") + " gap from the Kubernetes API."));
      }
    } else {
      var none = (n === 1 ? "This case names" : "These cases name") + " no check in this version of kubegap" +
        (planned.length ? "; planned: " + planned.join(", ") : "") + ".";
      if (without === n) { none += " No check can reveal " + (n === 1 ? "its" : "their") + " gap from the Kubernetes API."; }
      panel.appendChild(element("p", "no-checks", none));
    }
  }

  document.getElementById("q").value = query;
  show();
})();
