"use strict";
/* ReuseLab page script (schema 1). One script for the three page kinds:
 * "trace" (animate and step through one trace), "diff" (two traces side by side,
 * in lockstep) and "lesson" (a lesson run in the browser).
 *
 * Sections:
 *   1. Utilities
 *   2. Data access and keyframes (TraceModel)
 *   3. Drawing the table view (Picture: the phone viewport and the side panels)
 *   4. Step list and filter
 *   5. Timeline
 *   6. Controls, playback, URL hash and keyboard (Navigator)
 *   7. Trace page
 *   8. Diff page
 *   9. Lesson page
 *  10. Help overlay
 *  11. Start-up
 *
 * Rules kept throughout: the page computes no lifecycle state (every state,
 * annotation, mark and group comes from the embedded data); every string from
 * the data reaches the DOM through textContent or a non-event attribute, never
 * as markup; styles are set only through the CSSOM (el.style.setProperty).
 *
 * Step numbering: the page starts BEFORE any step, at the initial state, shown
 * as step "start" (document.body.dataset.step = "-1"); then step 0 shows the
 * state after step 0, and so on. A URL hash "#step=N" opens the page at step N.
 */
(function () {
  var D = document;

  /* ===================================================================== */
  /* 1. Utilities                                                           */
  /* ===================================================================== */

  function el(tag, cls, text) {
    var e = D.createElement(tag);
    if (cls) e.className = cls;
    if (text instanceof Node) e.appendChild(text);
    else if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      parent.appendChild(typeof c === "string" ? D.createTextNode(c) : c);
    }
    return parent;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function arr(v) { return Array.isArray(v) ? v : []; }
  function obj(v) { return v !== null && typeof v === "object" && !Array.isArray(v) ? v : null; }
  function str(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "string") return v;
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    return "";
  }
  function num(v, d) { return typeof v === "number" && isFinite(v) ? v : d; }
  function clamp(v, lo, hi) { return v < lo ? lo : v > hi ? hi : v; }
  function fmtMs(ms) {
    ms = num(ms, 0);
    var r = Math.round(ms * 10) / 10;
    return String(r) + " ms";
  }
  function fmtPt(v) { return String(Math.round(num(v, 0) * 10) / 10) + " pt"; }
  /* A stable hue for a cell id (the golden angle spreads neighbours apart). */
  function hueOf(id) {
    var n = typeof id === "number" ? id : parseInt(str(id), 10);
    if (!isFinite(n)) {
      var s = str(id), h = 0;
      for (var i = 0; i < s.length && i < 64; i++) h = (h * 31 + s.charCodeAt(i)) % 3600;
      n = h;
    }
    return String(Math.round((((n * 137.508) % 360) + 360) % 360));
  }
  function imgHue(n) {
    var v = typeof n === "number" ? n : 0;
    return String(Math.round((((v * 71.3 + 205) % 360) + 360) % 360));
  }
  function button(id, text, title, onClick, cls) {
    var b = el("button", cls || "btn", text);
    b.type = "button";
    if (id) b.id = id;
    if (title) b.title = title;
    if (onClick) b.addEventListener("click", onClick);
    return b;
  }
  function storageGet(key) {
    try { var v = window.localStorage.getItem(key); return v === null ? null : JSON.parse(v); }
    catch (e) { return null; }
  }
  function storageSet(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage off */ }
  }
  function storageRemove(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* storage off */ }
  }
  /* Scroll a child into view inside its own scroll box only (never the page). */
  function scrollWithin(box, child) {
    if (!box || !child || child.offsetParent === null) return;
    var top = child.offsetTop - box.offsetTop, bottom = top + child.offsetHeight;
    if (box.offsetParent !== child.offsetParent) { top = child.offsetTop; bottom = top + child.offsetHeight; }
    var h = box.clientHeight;
    if (top < box.scrollTop + 4) box.scrollTop = Math.max(0, top - h / 3);
    else if (bottom > box.scrollTop + h - 4) box.scrollTop = bottom - (2 * h) / 3;
  }
  function markBadges(marks) {
    var frag = D.createDocumentFragment();
    arr(marks).forEach(function (m) {
      var s = str(m);
      if (!s) return;
      var b = el("span", "mark", s);
      b.setAttribute("data-mark", s);
      frag.appendChild(b);
    });
    return frag;
  }

  /* The page's caveats, said once (data.notes: [["rule, rule", sentence], ...]): a text
   * resting on an undocumented rule ends with the marker " [n]" instead. Notes
   * holds the list; mark(text) shows which note the text on view refers to. */
  var Notes = {
    box: null,
    build: function () {
      var notes = arr(DATA.notes);
      if (!notes.length) return null;
      var box = this.box = el("section", "notes");
      box.id = "notes";
      box.setAttribute("aria-label", "notes");
      notes.forEach(function (n, i) {
        n = arr(n);
        var p = el("p", "note");
        p.setAttribute("data-note", String(i + 1));
        p.title = "inferred rule " + str(n[0]) + " (docs/engine.md)";
        add(p, el("span", "note-mark", "[" + (i + 1) + "]"), " " + str(n[1]));
        box.appendChild(p);
      });
      return box;
    },
    mark: function (text) {
      if (!this.box) return;
      var m = /\[(\d+)\]/.exec(str(text)), at = m ? m[1] : "";
      Array.prototype.forEach.call(this.box.children, function (p) { p.classList.toggle("current", p.getAttribute("data-note") === at); });
    }
  };

  /* ===================================================================== */
  /* 2. Data access and keyframes                                           */
  /* ===================================================================== */

  function normStep(s, i) {
    s = obj(s) || {};
    var m = arr(s.m).map(str), g = arr(s.g).map(str);
    return {
      i: i, t: num(s.t, 0), k: str(s.k) || "?", x: str(s.x), m: m, g: g,
      f: typeof s.f === "number" ? s.f : null,
      c: Array.isArray(s.c) && s.c.length === 4 ? s.c : null, r: arr(s.r),
      stale: m.indexOf("STALE") >= 0 || m.indexOf("LATE") >= 0 || m.indexOf("WRONG ROW") >= 0,
      hitch: m.indexOf("HITCH") >= 0
    };
  }

  /* One trace's steps and states. states[i] is a keyframe (key: 1) or a delta of
   * the top-level members that changed, a list member possibly as its edits
   * ({patch: [[at, remove, item, …], …]}); stateAt(i) rebuilds the state after
   * step i from the nearest keyframe at or before i. The returned object keeps
   * the data's member objects where they did not change, so a drawer can tell an
   * unchanged member by identity. */
  function TraceModel(tv) {
    tv = obj(tv) || {};
    this.tv = tv;
    this.title = str(tv.title);
    this.file = str(tv.file);
    this.profile = str(tv.profile);
    this.strategy = str(tv.strategy);
    var vp = obj(tv.viewport) || {};
    this.vh = clamp(num(vp.height, 736), 100, 5000);
    this.vw = clamp(num(vp.width, 375), 100, 2000);
    /* A collection view's words and shape ("list"); a table's when absent. Each
     * item's left edge comes with it (Row[5], a near item's [4]); all are itemWidth wide. */
    var list = obj(tv.list) || {};
    this.noun = str(list.noun) || "row";
    this.plural = str(list.plural) || "rows";
    this.view = str(list.view) || "table view";
    this.listText = str(list.text);
    this.itemWidth = num(list.itemWidth, null);
    this.rowHint = clamp(num(tv.rowHeightHint, 44), 8, 1000);
    this.showsImages = tv.showsImages !== false;
    this.duration = num(tv.duration, 0);
    this.steps = arr(tv.steps).map(normStep);
    this.n = this.steps.length;
    this.states = arr(tv.states);
    this.initial = obj(tv.initial) || {};
    /* The steps whose screen shows a STALE row wholly (staleViews: [first, last]
     * ranges, worked out in Swift where the rows are placed; a range starts where
     * a STALE cell comes into view): staleOn[i] is its range's number + 1. */
    this.staleOn = new Int32Array(this.n);
    var sv = arr(tv.staleViews);
    for (var r = 0; r < sv.length; r++) {
      var range = arr(sv[r]), a = Math.max(0, Math.floor(num(range[0], 0))), b = Math.min(this.n - 1, Math.floor(num(range[1], -1)));
      for (var j = a; j <= b; j++) this.staleOn[j] = r + 1;
    }
    this.keys = [];
    for (var i = 0; i < this.states.length && i < this.n; i++) {
      var s = obj(this.states[i]);
      if (s && s.key === 1) this.keys.push(i);
    }
    this.ci = -2; this.cs = null;
  }
  TraceModel.prototype.stateAt = function (i) {
    if (i < 0 || this.n === 0) return this.initial;
    if (i >= this.n) i = this.n - 1;
    if (this.ci === i) return this.cs;
    var k = -1, lo = 0, hi = this.keys.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (this.keys[mid] <= i) { k = this.keys[mid]; lo = mid + 1; } else hi = mid - 1;
    }
    var s, from;
    if (this.ci >= 0 && this.ci < i && this.ci >= k) { s = Object.assign({}, this.cs); from = this.ci + 1; }
    else if (k >= 0) { s = Object.assign({}, this.states[k]); from = k + 1; }
    else { s = Object.assign({}, this.initial); from = 0; }
    var own = {};
    for (var j = from; j <= i; j++) {
      var d = obj(this.states[j]);
      if (d) Object.keys(d).forEach(function (name) { s[name] = laid(s[name], d[name], own, name); });
    }
    this.ci = i; this.cs = s;
    return s;
  };
  /* A delta's member laid over the state's: a value replaces it; edits change a
   * copy of the list (copied once a rebuild: own[name]), never the data's own. */
  function laid(was, value, own, name) {
    var edits = value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.patch) ? value.patch : null;
    if (!edits) { own[name] = false; return value; }
    var list = own[name] ? was : arr(was).slice();
    own[name] = true;
    edits.forEach(function (e) {
      e = arr(e);
      var at = clamp(Math.floor(num(e[0], 0)), 0, list.length), remove = Math.max(0, Math.floor(num(e[1], 0)));
      var tail = list.splice(at, list.length - at);
      for (var k = 2; k < e.length; k++) list.push(e[k]);
      for (var t = remove; t < tail.length; t++) list.push(tail[t]);
    });
    return list;
  }
  TraceModel.prototype.step = function (i) { return i >= 0 && i < this.n ? this.steps[i] : null; };
  /* The stale view after step i (0: no STALE row on screen); s stops where one starts. */
  TraceModel.prototype.staleView = function (i) { return i >= 0 && i < this.n ? this.staleOn[i] : 0; };
  TraceModel.prototype.staleStarts = function (i) { var v = this.staleView(i); return v > 0 && v !== this.staleView(i - 1); };
  TraceModel.prototype.kinds = function () {
    var seen = {}, out = [];
    this.steps.forEach(function (s) {
      if (!seen[s.k]) { seen[s.k] = 0; out.push(s.k); }
      seen[s.k]++;
    });
    return out.map(function (k) { return [k, seen[k]]; });
  };

  function startText(m) {
    return "Start: the " + m.view + " before the first step. Press \u2192 or n to step through the trace.";
  }
  var EMPTY_TEXT = "This trace has no events.";

  /* ===================================================================== */
  /* 3. Drawing the table view                                              */
  /* ===================================================================== */

  /* An image view's content: nothing (empty frame), placeholder (grey "…") or
   * the image of row N (a coloured tile with N; "item N" in a collection view). */
  function imgTile(img, noun) {
    var t;
    if (img === null || img === undefined || img === "") {
      t = el("span", "tile empty");
      t.title = "image view holds nothing";
    } else if (img === "p") {
      t = el("span", "tile placeholder", "\u2026");
      t.title = "placeholder image";
    } else {
      t = el("span", "tile image", str(img));
      t.style.setProperty("--ih", imgHue(img));
      t.title = "image " + str(img) + " (" + (noun || "row") + " " + str(img) + "'s own picture, until rows are updated)";
    }
    return t;
  }
  /* What an off-screen cell's image view holds, in words (the data's image: null,
   * "p" or N, from the replay state): a reused cell shows it until something resets it. */
  function holdsText(img) {
    if (img === null || img === undefined || img === "") return "holds nothing";
    return img === "p" ? "holds the placeholder" : "holds image " + str(img);
  }
  function cellChip(id, text, img, showsImages, cls, noun) {
    var c = el("div", "chip" + (cls ? " " + cls : ""));
    c.setAttribute("data-cell", str(id));
    c.style.setProperty("--h", hueOf(id));
    var shows = showsImages && img !== undefined;
    if (shows) c.appendChild(imgTile(img, noun));
    c.appendChild(el("span", "chip-id", "#" + str(id)));
    if (text) c.appendChild(el("span", "chip-text", text));
    if (shows) c.appendChild(el("span", "chip-holds", "\u00b7 " + holdsText(img)));
    return c;
  }
  function makeCell(c, showsImages, noun) {
    c = arr(c);
    var id = c[0], img = c[1], stale = c[2] === 1 || c[2] === true;
    var d = el("div", "cell" + (stale ? " stale" : ""));
    d.setAttribute("data-cell", str(id));
    d.style.setProperty("--h", hueOf(id));
    if (showsImages) d.appendChild(imgTile(img, noun));
    d.appendChild(el("span", "cell-id", "#" + str(id)));
    if (stale) {
      var b = el("span", "stale-badge", "STALE");
      d.title = "cell #" + str(id) + " shows another " + (noun || "row") + "'s image (image " + str(img) + ")";
      d.appendChild(b);
    }
    return d;
  }

  /* Picture: the phone viewport over the list plus the panels beside it.
   * opts: { ids: true to use the page-wide ids (#viewport, #pools, …),
   *         screenHeight: drawn height of the screen in px, compact: one panel column } */
  function Picture(model, opts) {
    this.m = model;
    this.o = opts;
    /* fit the screen height, but a short viewport must not make a very wide phone */
    this.scale = Math.min(opts.screenHeight / model.vh, (opts.maxWidth || 330) / model.vw);
    this.w = Math.round(model.vw * this.scale);
    this.h = Math.round(model.vh * this.scale);
    this.margin = Math.round(clamp(1.2 * model.rowHint * this.scale, 18, 44));
    this.rowMap = new Map();
    this.last = null;
    this.off = null;
    this.lastOff = null;
    this.panels = {};
    this.build();
  }
  Picture.prototype.panel = function (name, title, host) {
    var box = el("section", "panel panel-" + name);
    if (this.o.ids) box.id = name;
    box.setAttribute("data-panel", name);
    var h = el("h3", "panel-title", title);
    var body = el("div", "panel-body");
    add(box, h, body);
    host.appendChild(box);
    this.panels[name] = body;
    return body;
  };
  Picture.prototype.build = function () {
    var root = this.root = el("div", "picture" + (this.o.compact ? " compact" : ""));
    var left = el("div", "panels panels-left");
    var phone = el("div", "phone");
    var right = el("div", "panels panels-right");
    if (this.o.compact) {
      add(root, phone, right);
      left = right;
    } else {
      add(root, left, phone, right);
    }
    this.panel("prepared", "Prepared ahead", left);
    this.panel("kept", "Kept aside", left);
    this.panel("other", "Other off-screen cells", left);
    this.panel("pools", "Reuse pool", right);
    this.panel("prefetch", "Prefetching", right);
    this.panel("requests", "Requests in flight", right);
    this.panel("busy", "Main thread", right);
    this.panel("stats", "Cells and memory", right);

    var clock = this.clock = el("div", "clock");
    var vp = this.vp = el("div", "viewport");
    if (this.o.ids) vp.id = "viewport";
    vp.style.setProperty("width", this.w + "px");
    vp.style.setProperty("height", (this.h + 2 * this.margin) + "px");
    var layer = this.layer = el("div", "rows-layer");
    var shadeTop = el("div", "shade shade-top"), shadeBottom = el("div", "shade shade-bottom");
    shadeTop.style.setProperty("height", this.margin + "px");
    shadeBottom.style.setProperty("height", this.margin + "px");
    var frame = el("div", "screen-frame");
    frame.style.setProperty("top", this.margin + "px");
    frame.style.setProperty("height", this.h + "px");
    this.note = el("div", "viewport-note");
    this.note.style.setProperty("top", (this.margin + this.h / 2 - 12) + "px");
    add(vp, layer, shadeTop, shadeBottom, frame, this.note);
    var legend = el("div", "legend");
    add(legend, el("span", "legend-row", "7"), " " + this.m.noun + "  ");
    var lc = el("span", "legend-cell", "#3");
    lc.style.setProperty("--h", "52");
    add(legend, lc, " cell  ");
    if (this.m.showsImages) {
      var li = el("span", "tile image", "7");
      li.style.setProperty("--ih", imgHue(7));
      add(legend, li, " image of " + this.m.noun + " 7  ", el("span", "tile placeholder", "\u2026"), " placeholder");
    }
    add(phone, clock, vp, legend);
  };

  Picture.prototype.draw = function (i, animate) {
    var st = this.m.stateAt(i) || {};
    var prev = this.last || {};
    var rows = arr(st.rows), near = arr(st.near);
    var off = typeof st.offset === "number" && isFinite(st.offset) ? st.offset : null;
    var drawOff = off;
    if (drawOff === null) {
      /* offset null (no frame yet, or an imported log without offsets): show the
       * first row at the top of the screen so the rows stay in view. */
      var first = rows.length && Array.isArray(rows[0]) ? rows[0] : null;
      drawOff = first ? num(first[2], 0) : (this.lastOff !== null ? this.lastOff : 0);
    }
    this.drawRows(rows, near, drawOff, animate && this.last !== null);
    this.lastOff = drawOff;
    this.note.textContent = rows.length ? "" : (this.m.n === 0 ? "this trace has no events" : "no " + this.m.plural + " on screen");

    var step = this.m.step(i);
    this.clock.textContent = "";
    add(this.clock,
      el("span", "clock-t", "t " + fmtMs(st.t !== undefined ? st.t : (step ? step.t : 0))),
      el("span", "clock-f", step && step.f !== null ? "frame " + step.f : ""),
      el("span", "clock-o", off === null ? "offset \u2014" : "offset " + fmtPt(off)));

    if (st.prepared !== prev.prepared) this.drawOff("prepared", st.prepared, "for ");
    if (st.kept !== prev.kept) this.drawOff("kept", st.kept, "");
    if (st.other !== prev.other) this.drawOther(st.other);
    if (st.pools !== prev.pools) this.drawPools(st.pools);
    if (st.prefetch !== prev.prefetch) {
      var p = this.panels.prefetch;
      clear(p);
      var txt = str(st.prefetch);
      add(p, el("div", txt ? "prefetch-text" : "none", txt || "none"));
    }
    if (st.requests !== prev.requests) this.drawRequests(st.requests);
    this.markLandings(st.requests);
    if (st.busy !== prev.busy) this.drawBusy(st.busy);
    if (st.alive !== prev.alive || st.memory !== prev.memory) this.drawStats(st);
    this.vp.classList.toggle("hitch", !!(step && step.hitch));
    this.last = st;
  };

  Picture.prototype.drawRows = function (rows, near, off, animate) {
    var s = this.scale, top = this.margin, map = this.rowMap, layer = this.layer;
    var prevOff = this.off === null ? off : this.off;
    var hint = this.m.rowHint, showsImages = this.m.showsImages, noun = this.m.noun, iw = this.m.itemWidth;
    this.off = off;
    layer.classList.toggle("animate", !!animate);
    var want = new Map();
    rows.forEach(function (r) { if (Array.isArray(r)) want.set(str(r[0]), { r: r, near: false }); });
    near.forEach(function (r) {
      if (Array.isArray(r) && !want.has(str(r[0]))) want.set(str(r[0]), { r: r, near: true });
    });
    map.forEach(function (rec, key) {
      if (want.has(key) || rec.leaving) return;
      if (!animate) { layer.removeChild(rec.el); map.delete(key); return; }
      rec.leaving = true;
      rec.el.className = "leaving";
      rec.el.style.setProperty("transform", "translateY(" + (top + (rec.y - off) * s).toFixed(1) + "px)");
      rec.timer = setTimeout(function () {
        if (rec.leaving && rec.el.parentNode) rec.el.parentNode.removeChild(rec.el);
        if (map.get(key) === rec && rec.leaving) map.delete(key);
      }, 400);
    });
    var entering = [];
    want.forEach(function (w, key) {
      var r = w.r, y = num(r[2], 0), h = Math.max(1, num(r[3], hint));
      var rec = map.get(key);
      if (rec && rec.leaving) {
        clearTimeout(rec.timer);
        rec.leaving = false;
        if (!rec.el.parentNode) layer.appendChild(rec.el);
      } else if (!rec) {
        var e = el("div");
        e.setAttribute("data-row", key);
        var label = el("span", "row-label");
        var cells = el("div", "cells");
        add(e, label, cells);
        rec = { el: e, label: label, cells: cells, cellsKey: null, labelText: null, h: -1, y: y, across: "" };
        map.set(key, rec);
        layer.appendChild(e);
        if (animate) {
          e.classList.add("no-anim");
          e.style.setProperty("transform", "translateY(" + (top + (y - prevOff) * s).toFixed(1) + "px)");
          entering.push(rec);
        }
      }
      var cellList = w.near ? [] : arr(r[4]);
      /* An item of a grid comes with its left edge (points): placed as given, itemWidth wide. */
      var x = num(w.near ? r[4] : r[5], null), item = x !== null && iw !== null;
      var cls = w.near ? "near" : "row" + (cellList.length > 1 ? " two" : "") + (cellList.length === 0 ? " no-cell" : "");
      if (item) cls += " item";
      if (rec.el.classList.contains("no-anim")) cls += " no-anim";
      rec.el.className = cls;
      var lt = str(r[1]) || str(r[0]);
      if (rec.labelText !== lt) { rec.label.textContent = lt; rec.labelText = lt; rec.el.title = noun + " " + lt; }
      if (rec.h !== h) { rec.el.style.setProperty("height", Math.max(2, h * s - 1).toFixed(1) + "px"); rec.h = h; }
      var across = item ? (x * s).toFixed(1) + "," + Math.max(2, iw * s - 1).toFixed(1) : "";
      if (rec.across !== across) {
        if (item) {
          rec.el.style.setProperty("left", (x * s).toFixed(1) + "px");
          rec.el.style.setProperty("width", Math.max(2, iw * s - 1).toFixed(1) + "px");
        }
        rec.across = across;
      }
      var ck = w.near ? "" : JSON.stringify(cellList);
      if (rec.cellsKey !== ck) {
        clear(rec.cells);
        cellList.forEach(function (c) { rec.cells.appendChild(makeCell(c, showsImages, noun)); });
        rec.cellsKey = ck;
      }
      rec.y = y;
      rec.target = "translateY(" + (top + (y - off) * s).toFixed(1) + "px)";
    });
    if (entering.length) void layer.offsetHeight; /* one reflow: entering rows start at their old place */
    entering.forEach(function (rec) { rec.el.classList.remove("no-anim"); });
    want.forEach(function (w, key) {
      var rec = map.get(key);
      rec.el.style.setProperty("transform", rec.target);
    });
  };

  Picture.prototype.drawOff = function (name, list, prefix) {
    var body = this.panels[name], showsImages = this.m.showsImages, noun = this.m.noun;
    clear(body);
    list = arr(list);
    if (!list.length) { body.appendChild(el("div", "none", "none")); return; }
    var wrap = el("div", "chips");
    list.forEach(function (c) {
      c = arr(c);
      var label = str(c[1]);
      /* labels come as "row 24", "item 24" or "section 1 row 3" (a bare "24" gets the noun) */
      var text = prefix + (/^[0-9]/.test(label) ? noun + " " + label : label);
      wrap.appendChild(cellChip(c[0], text, c.length > 2 ? c[2] : undefined, showsImages, "", noun));
    });
    body.appendChild(wrap);
  };
  Picture.prototype.drawOther = function (groups) {
    var body = this.panels.other;
    clear(body);
    groups = runs(groups);
    if (!groups.length) { body.appendChild(el("div", "none", "none")); return; }
    groups.forEach(function (g) {
      var box = el("div", "other-group");
      box.appendChild(el("div", "other-label", g.name));
      var chips = el("div", "chips");
      g.items.forEach(function (entry) {
        var text = str(entry[1]), m = /^#(\d+)/.exec(text);
        var c = el("div", "chip plain", text);
        if (m) { c.style.setProperty("--h", hueOf(parseInt(m[1], 10))); c.classList.remove("plain"); c.setAttribute("data-cell", m[1]); }
        chips.appendChild(c);
      });
      box.appendChild(chips);
      body.appendChild(box);
    });
  };
  /* A flat list of [name, …] entries as its runs of one name, in order:
   * [{name, items: [entry, …]}, …] (the other cells by group, the pooled cells by pool). */
  function runs(list) {
    var out = [];
    arr(list).forEach(function (entry) {
      entry = arr(entry);
      var name = str(entry[0]), last = out.length ? out[out.length - 1] : null;
      if (!last || last.name !== name) { last = { name: name, items: [] }; out.push(last); }
      last.items.push(entry);
    });
    return out;
  }
  Picture.prototype.drawPools = function (pools) {
    var body = this.panels.pools, showsImages = this.m.showsImages, noun = this.m.noun;
    clear(body);
    pools = runs(pools);
    if (!pools.length) { body.appendChild(el("div", "none", "no pool yet")); return; }
    pools.forEach(function (p) {
      var box = el("div", "pool");
      box.setAttribute("data-identifier", p.name);
      /* [identifier] alone: an empty pool */
      var cells = p.items.filter(function (entry) { return entry.length > 1; });
      add(box, el("div", "pool-name", p.name + " \u00b7 " + cells.length));
      var stack = el("div", "stack");
      if (!cells.length) stack.appendChild(el("div", "none", "empty"));
      cells.forEach(function (entry, n) {
        /* the tile is what the pooled cell's image view still holds */
        var img = entry.length > 2 ? entry[2] : undefined;
        var c = cellChip(entry[1], n === 0 ? "next out" : "", img, showsImages && img !== undefined, n === 0 ? "next" : "", noun);
        stack.appendChild(c);
      });
      box.appendChild(stack);
      body.appendChild(box);
    });
  };
  Picture.prototype.drawRequests = function (reqs) {
    var body = this.panels.requests, noun = this.m.noun;
    clear(body);
    reqs = arr(reqs);
    if (!reqs.length) { body.appendChild(el("div", "none", "none")); return; }
    var ul = el("ul", "requests");
    reqs.forEach(function (r) {
      r = arr(r);
      var li = el("li", "request");
      var status = str(r[1]);
      li.setAttribute("data-status", status);
      add(li, el("span", "req-dot"), el("span", "req-label", str(r[0])), el("span", "req-status", status));
      li.appendChild(landingNote(r[2], noun));
      ul.appendChild(li);
    });
    body.appendChild(ul);
  };
  /* Each cell on screen that a request in flight will write into gets a badge
   * naming the row whose image is coming: red when the cell shows another row
   * by now (the answer will land late, in the wrong row). */
  Picture.prototype.markLandings = function (reqs) {
    var layer = this.layer, noun = this.m.noun;
    Array.prototype.forEach.call(layer.querySelectorAll(".cell .awaits"), function (b) { b.parentNode.removeChild(b); });
    arr(reqs).forEach(function (r) {
      r = arr(r);
      var to = r[2];
      if (!Array.isArray(to)) return;
      var cell = layer.querySelector('.row .cell[data-cell="' + num(to[0], -1) + '"]');
      if (!cell) return;
      var late = to[2] === 1;
      var short = /(\d+)$/.exec(str(r[0]));
      var b = el("span", "awaits" + (late ? " late" : ""), "\u21e0" + (short ? short[1] : ""));
      b.title = str(r[0]) + "'s image will be written into cell #" + str(to[0]) + (late ? ", which shows " + str(to[1]) + " by now" : "");
      cell.appendChild(b);
    });
  };
  /* "→ cell #3 (now row 26)" under a request: where its answer will land. */
  function landingNote(to, noun) {
    if (to === "reload") return el("span", "req-lands", "\u2192 reloads its " + noun);
    if (!Array.isArray(to)) return D.createTextNode("");
    var late = to[2] === 1;
    var text = "\u2192 cell #" + str(to[0]) + (late ? ", which shows " + str(to[1]) + " now" : "");
    return el("span", "req-lands" + (late ? " late" : ""), text);
  }
  Picture.prototype.drawBusy = function (busy) {
    var body = this.panels.busy;
    clear(body);
    var b = obj(busy);
    var box = body.parentNode;
    if (!b) { box.classList.remove("is-busy", "is-long"); body.appendChild(el("div", "none", "idle")); return; }
    var ms = num(b.ms, 0);
    box.classList.add("is-busy");
    box.classList.toggle("is-long", ms > 16.7);
    var bar = el("div", "busy-bar");
    var fill = el("div", "busy-fill");
    fill.style.setProperty("width", clamp(ms / 50 * 100, 2, 100).toFixed(1) + "%");
    var budget = el("div", "busy-budget");
    budget.style.setProperty("left", (16.7 / 50 * 100).toFixed(1) + "%");
    budget.title = "one frame (16.7 ms)";
    add(bar, fill, budget);
    add(body, el("div", "busy-ms", "blocked " + fmtMs(ms)), bar, el("div", "busy-cause", str(b.cause)));
  };
  Picture.prototype.drawStats = function (st) {
    var body = this.panels.stats;
    clear(body);
    var dl = el("dl", "stats");
    add(dl, el("dt", null, "cells alive"), el("dd", "num", str(st.alive) || "0"));
    if (this.m.showsImages || str(st.memory)) add(dl, el("dt", null, "image memory"), el("dd", "num", str(st.memory) || "\u2014"));
    body.appendChild(dl);
  };

  /* CodePane: the app's code the trace carries (tv.code), one file shown at a
   * time, every line numbered. set(step) marks the step's line ("current"), the
   * function it is in ("in-fn", from the data's c = [file, line, first, last])
   * and the lines that explain it ("related", r = [[file, line], ...]), and
   * scrolls the current line into view inside the pane. Clicking a line, or
   * Enter on the line picked with the arrow keys, calls onPick(file, line): the
   * page jumps to the next step that ran it, like a breakpoint. */
  function CodePane(tv, imported, onPick) {
    var code = obj(tv.code);
    this.files = code ? arr(code.files).map(function (f) { f = obj(f) || {}; return { name: str(f.name), lines: arr(f.lines).map(str) }; }) : [];
    this.onPick = onPick;
    this.box = el("section", "code-pane");
    this.box.id = "code";
    this.title = el("h3", "panel-title code-title", "Code");
    this.where = el("span", "code-where");
    add(this.title, this.where);
    this.body = el("div", "code-body");
    /* Lines elsewhere that explain the step (the empty prepareForReuse at a STALE
     * frame), copied here so that they show without scrolling. */
    this.related = el("div", "code-related");
    this.related.hidden = true;
    add(this.box, this.title, this.related, this.body);
    this.lists = [];
    this.shown = -1;
    this.marked = [];
    this.cursor = null;
    if (!this.files.length) {
      /* Said once, here, not on every step; the pane shrinks to that sentence. */
      this.box.classList.add("no-code");
      this.body.appendChild(el("div", "none code-none", imported
        ? "This trace was imported from a device log: a log has no source code, so no line is shown for its steps."
        : "This trace carries no source code (it was written by hand, or recorded before traces carried their code)."));
      return;
    }
    var self = this;
    this.files.forEach(function (f, fi) {
      var ol = el("ol", "code-lines");
      ol.setAttribute("data-file", String(fi));
      ol.tabIndex = 0;
      ol.setAttribute("role", "listbox");
      ol.setAttribute("aria-label", f.name + ": click a line, or pick one with \u2191 \u2193 and press Enter, to go to the next step that ran it");
      f.lines.forEach(function (text, li) {
        var item = el("li", "code-line");
        item.id = "code-" + fi + "-" + (li + 1);
        item.setAttribute("role", "option");
        item.setAttribute("data-line", String(li + 1));
        add(item, el("span", "ln", String(li + 1)), el("span", "src", text || " "));
        ol.appendChild(item);
      });
      ol.addEventListener("click", function (e) {
        var item = e.target && e.target.closest ? e.target.closest(".code-line") : null;
        if (item) { self.moveCursor(fi, item); self.onPick(fi, parseInt(item.getAttribute("data-line"), 10)); }
      });
      ol.addEventListener("keydown", function (e) {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        var lines = ol.children, at = self.cursor && self.cursor.parentNode === ol ? Array.prototype.indexOf.call(lines, self.cursor) : -1;
        if (at < 0) { var cur = ol.querySelector(".current"); at = cur ? Array.prototype.indexOf.call(lines, cur) : 0; }
        var to = null;
        if (e.key === "ArrowDown") to = Math.min(lines.length - 1, at + 1);
        else if (e.key === "ArrowUp") to = Math.max(0, at - 1);
        else if (e.key === "Enter" || e.key === " ") { self.onPick(fi, at + 1); }
        else return;
        if (to !== null) self.moveCursor(fi, lines[to]);
        e.preventDefault();
        e.stopPropagation();
      });
      self.lists.push(ol);
      self.body.appendChild(ol);
    });
    this.show(0);
  }
  CodePane.prototype.show = function (fi) {
    if (fi === this.shown || fi < 0 || fi >= this.lists.length) return;
    this.lists.forEach(function (ol, n) { ol.hidden = n !== fi; });
    this.shown = fi;
    this.title.firstChild.textContent = "Code \u00b7 " + this.files[fi].name;
  };
  CodePane.prototype.moveCursor = function (fi, item) {
    if (this.cursor) this.cursor.classList.remove("cursor");
    this.cursor = item;
    item.classList.add("cursor");
    this.lists[fi].setAttribute("aria-activedescendant", item.id);
    scrollWithin(this.body, item);
  };
  CodePane.prototype.drawRelated = function (places) {
    var box = this.related, self = this;
    clear(box);
    box.hidden = !places.length;
    if (!places.length) return;
    var first = arr(places[0]), fi = num(first[0], 0), f = this.files[fi];
    box.appendChild(el("div", "code-related-title", "and, explaining it" + (f && fi !== this.shown ? " (" + f.name + ")" : "") + ":"));
    var ol = el("ol", "code-lines");
    places.slice(0, 8).forEach(function (r) {
      r = arr(r);
      var file = self.files[num(r[0], 0)], n = num(r[1], 0);
      if (!file || n < 1 || n > file.lines.length) return;
      var item = el("li", "code-line related");
      add(item, el("span", "ln", String(n)), el("span", "src", file.lines[n - 1] || " "));
      item.title = "line " + n + ": click for the next step that ran it";
      item.addEventListener("click", function () { self.onPick(num(r[0], 0), n); });
      ol.appendChild(item);
    });
    box.appendChild(ol);
  };
  CodePane.prototype.set = function (step) {
    if (!this.lists.length) return;
    this.marked.forEach(function (item) { item.classList.remove("current", "in-fn", "related"); });
    this.marked = [];
    var c = step ? arr(step.c) : [], self = this;
    function line(fi, n) { var ol = self.lists[fi]; return ol ? ol.children[n - 1] || null : null; }
    function mark(item, cls) { if (item) { item.classList.add(cls); self.marked.push(item); } }
    if (c.length === 4) {
      var fi = num(c[0], 0);
      this.show(fi);
      for (var n = num(c[2], 0); n <= num(c[3], -1) && n - num(c[2], 0) < 400; n++) mark(line(fi, n), "in-fn");
      arr(step.r).forEach(function (r) { r = arr(r); mark(line(num(r[0], 0), num(r[1], 0)), "related"); });
      this.drawRelated(arr(step.r));
      var current = line(fi, num(c[1], 0));
      mark(current, "current");
      this.where.textContent = current ? " line " + c[1] : "";
      scrollWithin(this.body, current);
    } else {
      this.where.textContent = step ? " \u00b7 UIKit's own step: no line of the app's code" : "";
      this.drawRelated([]);
    }
    this.box.classList.toggle("idle", c.length !== 4);
  };

  /* ===================================================================== */
  /* 4. Step list and filter                                                */
  /* ===================================================================== */

  /* The list holds one <li data-seq> per step, all in the DOM from the start
   * (fixed-height single lines with content-visibility, so the browser lays out
   * only what is on screen). Each item's content is filled in when it first
   * scrolls into view, and the rest in small idle batches after the first paint,
   * so ~1500 steps open at once. Stepping only moves the "current" class and the
   * filter only toggles a "hidden" class. Items are ITEM_H px tall (see the CSS),
   * so the current item's place is known without asking the layout engine. */
  var ITEM_H = 24;
  function StepList(count, renderItem, onPick) {
    var ol = this.ol = el("ol", "steps");
    ol.id = "steps";
    ol.setAttribute("aria-label", "steps");
    this.items = new Array(count);
    this.render = renderItem;
    this.filled = new Uint8Array(count);
    this.shown = null;
    var frag = D.createDocumentFragment();
    for (var i = 0; i < count; i++) {
      var li = D.createElement("li");
      li.setAttribute("data-seq", String(i));
      this.items[i] = li;
      frag.appendChild(li);
    }
    ol.appendChild(frag);
    this.cur = -1;
    var self = this, pending = false;
    ol.addEventListener("scroll", function () {
      self.st = ol.scrollTop;
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; self.fillVisible(); });
    }, { passive: true });
    window.addEventListener("resize", function () { self.viewH = 0; self.fillVisible(); });
    ol.addEventListener("click", function (e) {
      var t = e.target;
      while (t && t !== ol && t.tagName !== "LI") t = t.parentNode;
      if (t && t !== ol) onPick(parseInt(t.getAttribute("data-seq"), 10));
    });
    this.backfillFrom = 0;
    setTimeout(function () { self.backfill(); }, 60);
  }
  StepList.prototype.fill = function (i) {
    if (i < 0 || i >= this.items.length || this.filled[i]) return;
    this.filled[i] = 1;
    this.render(this.items[i], i);
  };
  StepList.prototype.fillVisible = function () {
    var h = this.viewH || this.ol.clientHeight || 600;
    var st = this.st === undefined ? this.ol.scrollTop : this.st;
    var a = Math.max(0, Math.floor(st / ITEM_H) - 10), b = Math.ceil((st + h) / ITEM_H) + 20;
    for (var v = a; v <= b; v++) {
      var i = this.shown ? this.shown[v] : v;
      if (i === undefined || i >= this.items.length) break;
      this.fill(i);
    }
  };
  StepList.prototype.backfill = function () {
    var self = this, n = this.items.length, t0 = Date.now();
    while (this.backfillFrom < n && Date.now() - t0 < 12) {
      var end = Math.min(n, this.backfillFrom + 50);
      for (var i = this.backfillFrom; i < end; i++) this.fill(i);
      this.backfillFrom = end;
    }
    if (this.backfillFrom < n) setTimeout(function () { self.backfill(); }, 16);
  };
  StepList.prototype.setCurrent = function (i) {
    if (this.cur >= 0 && this.items[this.cur]) this.items[this.cur].classList.remove("current");
    this.cur = i;
    var li = this.items[i];
    if (li) { this.fill(i); li.classList.add("current"); }
    this.reveal();
  };
  StepList.prototype.reveal = function () {
    var ol = this.ol, i = this.cur;
    if (i < 0 || !this.items[i]) {
      if (ol.scrollTop) { ol.scrollTop = 0; this.st = 0; }
      this.fillVisible();
      return;
    }
    var v = this.visIndex ? this.visIndex[i] : i;
    if (v < 0) { this.fillVisible(); return; }
    var h = this.viewH || ol.clientHeight || 400;
    this.viewH = h;
    var top = v * ITEM_H, bottom = top + ITEM_H, st = this.st === undefined ? ol.scrollTop : this.st;
    if (top < st + 2 || bottom > st + h - 2) {
      var want = Math.max(0, Math.round(top - h / 3));
      ol.scrollTop = want;
      this.st = want;
    }
    this.fillVisible();
  };
  StepList.prototype.filter = function (pred) {
    var shown = [], vis = new Int32Array(this.items.length);
    for (var i = 0; i < this.items.length; i++) {
      var ok = !pred || pred(i);
      this.items[i].classList.toggle("hidden", !ok);
      vis[i] = ok ? shown.length : -1;
      if (ok) shown.push(i);
    }
    this.visIndex = pred ? vis : null;
    this.shown = pred ? shown : null;
    this.st = undefined;
    this.reveal();
    return shown.length;
  };

  /* The filter: group chips (from data.groups) and kind checkboxes (kinds in the
   * trace). A step matches when its kind is selected or one of its groups is.
   * The kind box below ("k" focuses it) jumps to the next step of a kind or group. */
  function Filter(groups, kinds, onChange, onNextKind) {
    var self = this;
    this.groups = {}; this.kinds = {};
    this.onChange = onChange;
    var box = this.box = el("div", "filter");
    box.id = "filter";
    var gRow = el("div", "filter-groups");
    gRow.appendChild(el("span", "filter-label", "Show"));
    this.checks = [];
    arr(groups).forEach(function (g) {
      g = obj(g) || {};
      var name = str(g.name);
      if (!name) return;
      var lab = el("label", "fchip");
      var cb = el("input");
      cb.type = "checkbox";
      cb.setAttribute("data-group", name);
      cb.addEventListener("change", function () { self.groups[name] = cb.checked; self.changed(); });
      self.checks.push(cb);
      lab.title = arr(g.kinds).map(str).join(", ") || (name === "stale" ? "steps marked STALE, LATE or WRONG ROW" : name);
      add(lab, cb, el("span", null, name));
      gRow.appendChild(lab);
    });
    var det = el("details", "filter-kinds");
    det.appendChild(el("summary", null, "kinds"));
    var kBox = el("div", "kind-list");
    kinds.forEach(function (kc) {
      var k = kc[0];
      var lab = el("label", "kchip");
      var cb = el("input");
      cb.type = "checkbox";
      cb.setAttribute("data-kind", k);
      cb.addEventListener("change", function () { self.kinds[k] = cb.checked; self.changed(); });
      self.checks.push(cb);
      add(lab, cb, el("span", null, k), el("span", "count", String(kc[1])));
      kBox.appendChild(lab);
    });
    det.appendChild(kBox);
    var clearBtn = button("filter-clear", "all", "show every step", function () {
      self.checks.forEach(function (c) { c.checked = false; });
      self.groups = {}; self.kinds = {};
      self.changed();
    }, "btn small");
    this.count = el("span", "filter-count");
    var jump = el("div", "filter-jump");
    var input = this.input = el("input");
    input.id = "kind";
    input.type = "text";
    input.setAttribute("list", "kind-options");
    input.setAttribute("placeholder", "kind or group (k)");
    input.setAttribute("aria-label", "next step of this kind or group");
    input.setAttribute("autocomplete", "off");
    input.setAttribute("spellcheck", "false");
    var dl = el("datalist");
    dl.id = "kind-options";
    kinds.forEach(function (kc) { var o = el("option"); o.value = kc[0]; dl.appendChild(o); });
    arr(groups).forEach(function (g) { var o = el("option"); o.value = str((obj(g) || {}).name); dl.appendChild(o); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); onNextKind(input.value.trim()); }
    });
    var next = button("next-kind", "next \u25b8", "next step of this kind or group (or of the filter)", function () { onNextKind(input.value.trim()); }, "btn small");
    add(jump, input, dl, next);
    add(box, gRow, add(el("div", "filter-row2"), det, clearBtn, this.count), jump);
  }
  Filter.prototype.changed = function () { this.onChange(); };
  Filter.prototype.active = function () {
    var k;
    for (k in this.groups) if (this.groups[k]) return true;
    for (k in this.kinds) if (this.kinds[k]) return true;
    return false;
  };
  Filter.prototype.matches = function (step) {
    if (!step) return false;
    if (this.kinds[step.k]) return true;
    for (var i = 0; i < step.g.length; i++) if (this.groups[step.g[i]]) return true;
    return false;
  };

  /* ===================================================================== */
  /* 5. Timeline                                                            */
  /* ===================================================================== */

  /* The strip across the whole trace. X is BY STEP INDEX (not time): every step
   * gets the same width, so bursts of steps at one instant stay readable and the
   * strip lines up with the scrubber and the step list. Time labels under the
   * strip say when those steps happened. Lanes hold markers ".marker[data-kind]";
   * nearby markers of one kind merge into one (its title says how many). */
  function Timeline(count, lanes, timeAt, onPick) {
    this.count = count;
    var box = this.box = el("div", "timeline");
    box.id = "timeline";
    var lanesBox = el("div", "lanes");
    var gap = Math.max(1, Math.floor(count / 700));
    var pct = function (i) { return count <= 1 ? 0 : (i / (count - 1)) * 100; };
    lanes.forEach(function (lane) {
      var row = el("div", "lane");
      row.setAttribute("data-lane", lane.name);
      var lab = el("div", "lane-label", lane.label);
      var track = el("div", "lane-track");
      var runs = {};
      lane.items.forEach(function (it) {
        var r = runs[it.kind];
        if (r && it.i - r.b <= gap) { r.b = it.i; r.n++; return; }
        if (r) emit(r);
        runs[it.kind] = { kind: it.kind, a: it.i, b: it.i, n: 1, title: it.title };
      });
      Object.keys(runs).forEach(function (k) { emit(runs[k]); });
      function emit(r) {
        var m = el("div", "marker");
        m.setAttribute("data-kind", r.kind);
        m.setAttribute("data-seq", String(r.a));
        m.style.setProperty("left", pct(r.a).toFixed(3) + "%");
        if (r.b > r.a) m.style.setProperty("width", "calc(" + (pct(r.b) - pct(r.a)).toFixed(3) + "% + 3px)");
        m.title = (r.title || r.kind) + (r.n > 1 ? " \u00d7" + r.n + ", steps " + r.a + "\u2013" + r.b : ", step " + r.a);
        track.appendChild(m);
      }
      add(row, lab, track);
      lanesBox.appendChild(row);
    });
    var scrubRow = el("div", "lane scrub-row");
    var scrubLab = el("div", "lane-label", "step");
    var scrubber = this.scrubber = el("input");
    scrubber.type = "range";
    scrubber.id = "scrubber";
    scrubber.min = "-1";
    scrubber.max = String(Math.max(-1, count - 1));
    scrubber.step = "1";
    scrubber.value = "-1";
    scrubber.setAttribute("aria-label", "step");
    scrubber.addEventListener("input", function () { onPick(parseInt(scrubber.value, 10), true); });
    add(scrubRow, scrubLab, scrubber);
    var ticks = el("div", "lane ticks");
    var tickTrack = el("div", "lane-track");
    add(ticks, el("div", "lane-label", "time"), tickTrack);
    if (count > 0) {
      var nT = 6;
      for (var t = 0; t <= nT; t++) {
        var i = Math.round((count - 1) * t / nT);
        var tk = el("span", "tick", fmtMs(timeAt(i)));
        tk.style.setProperty("left", pct(i).toFixed(3) + "%");
        if (t === nT) tk.classList.add("last");
        tickTrack.appendChild(tk);
      }
    }
    this.ticks = Array.prototype.slice.call(tickTrack.children);
    var self = this, fitting = 0;
    window.addEventListener("resize", function () {
      if (fitting) return;
      fitting = requestAnimationFrame(function () { fitting = 0; self.fitTicks(); });
    });
    var cursor = this.cursor = el("div", "cursor");
    lanesBox.appendChild(cursor);
    add(box, lanesBox, scrubRow, ticks);
    this.lanesBox = lanesBox;
    this.pct = pct;
    lanesBox.addEventListener("click", function (e) {
      var track = lanesBox.querySelector(".lane-track");
      if (!track || count === 0) return;
      var r = track.getBoundingClientRect();
      if (e.clientX < r.left - 4) return;
      var f = clamp((e.clientX - r.left) / Math.max(1, r.width), 0, 1);
      onPick(Math.round(f * (count - 1)), false);
    });
  }
  /* Time labels never overlap: once the strip is laid out (and at every resize),
   * the labels that would touch the one before are hidden, the first and the last
   * kept (the last wins over its neighbour). */
  Timeline.prototype.fitTicks = function () {
    var ticks = this.ticks, GAP = 8;
    if (!ticks || !ticks.length) return;
    ticks.forEach(function (t) { t.hidden = false; });
    var boxes = ticks.map(function (t) { return t.getBoundingClientRect(); });
    var kept = [];
    ticks.forEach(function (t, n) {
      var last = n === ticks.length - 1;
      while (kept.length && boxes[n].left < boxes[kept[kept.length - 1]].right + GAP) {
        if (!last || kept.length === 1) break;
        ticks[kept.pop()].hidden = true;
      }
      if (kept.length && boxes[n].left < boxes[kept[kept.length - 1]].right + GAP) { t.hidden = true; return; }
      kept.push(n);
    });
  };
  Timeline.prototype.set = function (i) {
    this.scrubber.value = String(i);
    this.cursor.style.setProperty("--x", (i < 0 ? 0 : this.pct(i) / 100).toFixed(5));
    this.cursor.classList.toggle("at-start", i < 0);
  };

  /* ===================================================================== */
  /* 6. Controls, playback, URL hash and keyboard                           */
  /* ===================================================================== */

  var SPEEDS = [
    ["0.25", "0.25\u00d7"], ["0.5", "0.5\u00d7"], ["1", "1\u00d7"], ["2", "2\u00d7"], ["4", "4\u00d7"], ["10", "10\u00d7"],
    ["s2", "2 steps/s"], ["s5", "5 steps/s"]
  ];
  /* Longest stretch of wall-clock time spent waiting for the next step while
   * playing: a long idle gap in the trace (a wait, the time after a fling) is
   * shortened to this, so playback never seems stuck. */
  var IDLE_CAP_MS = 700;

  /* Navigator: the position (-1 = start .. count-1), the buttons, playback in
   * virtual time and the keyboard. cfg = { count, timeAt(i), isStale(i) (a STALE row comes on screen),
   * isHitch(i), draw(i, animate), label(i), extraKeys(key, shift) }. */
  function Navigator(cfg) {
    var self = this;
    this.cfg = cfg;
    this.count = cfg.count;
    this.cur = -1;
    this.playing = false;
    this.raf = 0;
    var bar = this.bar = el("div", "toolbar");
    bar.setAttribute("role", "toolbar");
    var g1 = el("div", "tgroup");
    this.bFirst = button("first", "|\u25c0", "first (Home)", function () { self.stop(); self.go(-1); });
    this.bPrev = button("prev", "\u25c0 back", "back (\u2190 or b)", function () { self.stop(); self.go(self.cur - 1); });
    this.bPlay = button("play", "\u25b6 play", "play / pause (Shift+P)", function () { self.toggle(); }, "btn primary");
    this.bNext = button("next", "next \u25b6", "next (\u2192, n, Enter, Space)", function () { self.stop(); self.go(self.cur + 1); });
    this.bLast = button("last", "\u25b6|", "last (End)", function () { self.stop(); self.go(self.count - 1); });
    add(g1, this.bFirst, this.bPrev, this.bPlay, this.bNext, this.bLast);
    var sp = this.speed = el("select");
    sp.id = "speed";
    sp.title = "playback speed in the trace's time (+ / -)";
    SPEEDS.forEach(function (s) { var o = el("option", null, s[1]); o.value = s[0]; sp.appendChild(o); });
    sp.value = "1";
    sp.addEventListener("change", function () { self.restartClock(); });
    var g2 = el("div", "tgroup");
    add(g2, el("label", "tlabel", "speed"), sp);
    var g3 = el("div", "tgroup");
    var gi = this.gotoInput = el("input");
    gi.id = "goto";
    gi.type = "text";
    gi.setAttribute("inputmode", "numeric");
    gi.setAttribute("aria-label", "go to step");
    gi.setAttribute("placeholder", "step");
    gi.setAttribute("autocomplete", "off");
    gi.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); self.gotoTyped(); }
    });
    var gb = button("goto-button", "go", "go to step (g)", function () { self.gotoTyped(); }, "btn small");
    add(g3, el("label", "tlabel", cfg.unit || "step"), gi, gb);
    var g4 = el("div", "tgroup");
    this.bPrevStale = button("prev-stale", "\u25c2", "previous STALE row on screen (Shift+S)", function () { self.stop(); self.findMark(-1, "stale"); }, "btn small stale-btn");
    this.bNextStale = button("next-stale", "next STALE", "next STALE row on screen (s)", function () { self.stop(); self.findMark(1, "stale"); }, "btn stale-btn");
    this.bNextHitch = button("next-hitch", "next HITCH", "next HITCH (x)", function () { self.stop(); self.findMark(1, "hitch"); }, "btn hitch-btn");
    add(g4, this.bPrevStale, this.bNextStale, this.bNextHitch);
    if (cfg.extraButtons) cfg.extraButtons.forEach(function (b) { g4.appendChild(b); });
    var g5 = el("div", "tgroup right");
    this.msg = el("span", "nav-msg");
    this.msg.setAttribute("aria-live", "polite");
    this.bHelp = button("help-button", "? keys", "keyboard help (h or ?)", function () { Help.toggle(); }, "btn small");
    add(g5, this.msg, presentButton(), glossaryButton(), this.bHelp);
    add(bar, g1, g2, g3, g4, g5);
    if (this.count === 0) [this.bFirst, this.bPrev, this.bPlay, this.bNext, this.bLast, this.bPrevStale, this.bNextStale, this.bNextHitch, gi, gb].forEach(function (b) { b.disabled = true; });
    this.hashTimer = 0;
    window.addEventListener("hashchange", function () {
      var h = Navigator.hashStep();
      if (h !== null && h !== self.cur) { self.stop(); self.go(h); }
    });
  }
  Navigator.hashStep = function () {
    var m = /(?:^#|&)step=(-?\d+)/.exec(window.location.hash || "");
    return m ? parseInt(m[1], 10) : null;
  };
  Navigator.prototype.say = function (text) {
    var m = this.msg;
    m.textContent = text;
    clearTimeout(this.msgTimer);
    this.msgTimer = setTimeout(function () { m.textContent = ""; }, 3500);
  };
  Navigator.prototype.go = function (i, opts) {
    opts = opts || {};
    if (this.count === 0) i = -1;
    i = clamp(isFinite(i) ? i : -1, -1, this.count - 1);
    var animate = opts.animate !== undefined ? opts.animate : (Math.abs(i - this.cur) === 1 || this.playing);
    this.cur = i;
    this.cfg.draw(i, animate);
    D.body.dataset.step = String(i);
    this.bFirst.disabled = this.bPrev.disabled = this.count === 0 || i <= -1;
    this.bNext.disabled = this.bLast.disabled = i >= this.count - 1;
    this.bPlay.disabled = this.count === 0;
    if (!opts.noHash) this.queueHash();
  };
  Navigator.prototype.queueHash = function () {
    var self = this;
    if (this.hashTimer) return;
    this.hashTimer = setTimeout(function () {
      self.hashTimer = 0;
      var h = Presenter.hash("step=" + self.cur);
      if (window.location.hash === h) return;
      try { window.history.replaceState(null, "", h); } catch (e) { /* file:// may refuse; keep going */ }
    }, this.playing ? 600 : 120);
  };
  Navigator.prototype.gotoTyped = function () {
    var v = this.gotoInput.value.trim().toLowerCase();
    if (v === "") return;
    var n = v === "start" ? -1 : parseInt(v, 10);
    if (!isFinite(n) || isNaN(n)) { this.say("not a step number: " + v); return; }
    if (n > this.count - 1) this.say("the last step is " + (this.count - 1));
    this.stop();
    this.go(n, { animate: false });
    this.gotoInput.blur();
  };
  Navigator.prototype.findMark = function (dir, which) {
    var test = which === "stale" ? this.cfg.isStale : this.cfg.isHitch;
    for (var i = this.cur + dir; i >= 0 && i < this.count; i += dir) {
      if (test(i)) { this.go(i, { animate: false }); return true; }
    }
    this.say(dir > 0 ? (which === "stale" ? "no later STALE row on screen" : "no later HITCH") : "no earlier STALE row on screen");
    return false;
  };
  Navigator.prototype.findNext = function (pred, what) {
    for (var i = this.cur + 1; i < this.count; i++) {
      if (pred(i)) { this.stop(); this.go(i, { animate: false }); return true; }
    }
    this.say("no later step of " + what);
    return false;
  };
  Navigator.prototype.speedValue = function () { return this.speed.value; };
  Navigator.prototype.bumpSpeed = function (d) {
    var idx = -1, v = this.speed.value;
    SPEEDS.forEach(function (s, n) { if (s[0] === v) idx = n; });
    idx = clamp(idx + d, 0, SPEEDS.length - 1);
    this.speed.value = SPEEDS[idx][0];
    this.restartClock();
    this.say("speed " + SPEEDS[idx][1]);
  };
  Navigator.prototype.toggle = function () { if (this.playing) this.stop(); else this.play(); };
  Navigator.prototype.play = function () {
    if (this.count === 0) return;
    if (this.cur >= this.count - 1) this.go(-1, { animate: false });
    this.playing = true;
    this.bPlay.textContent = "\u275a\u275a pause";
    this.bPlay.classList.add("playing");
    this.bPlay.setAttribute("aria-pressed", "true");
    D.body.classList.add("playing");
    this.restartClock();
    var self = this;
    cancelAnimationFrame(this.raf);
    this.raf = requestAnimationFrame(function (t) { self.tick(t); });
  };
  Navigator.prototype.stop = function () {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.raf);
    this.bPlay.textContent = "\u25b6 play";
    this.bPlay.classList.remove("playing");
    this.bPlay.setAttribute("aria-pressed", "false");
    D.body.classList.remove("playing");
    this.queueHash();
  };
  Navigator.prototype.restartClock = function () {
    this.wall = -1;
    var t = this.cur >= 0 ? this.cfg.timeAt(this.cur) : (this.count ? this.cfg.timeAt(0) : 0);
    this.vt = t;
    this.acc = 0;
  };
  /* Playback: virtual time advances at the chosen speed; every animation frame
   * moves to the last step whose time has passed (drawing only that one). With
   * "N steps/s" the steps come at a fixed rate instead. */
  Navigator.prototype.tick = function (now) {
    if (!this.playing) return;
    var self = this;
    if (this.wall < 0) this.wall = now;
    var dt = clamp(now - this.wall, 0, 100);
    this.wall = now;
    var v = this.speed.value, target = this.cur;
    if (v.charAt(0) === "s") {
      var rate = parseFloat(v.slice(1)) || 2;
      this.acc += dt * rate / 1000;
      while (this.acc >= 1 && target < this.count - 1) { target++; this.acc -= 1; }
      if (target === this.cur && this.cur < 0) { target = 0; this.acc = 0; }
    } else {
      var speed = parseFloat(v) || 1;
      this.vt += dt * speed;
      var nextT = target + 1 < this.count ? this.cfg.timeAt(target + 1) : null;
      if (nextT !== null && nextT - this.vt > IDLE_CAP_MS * speed) this.vt = nextT - IDLE_CAP_MS * speed;
      while (target + 1 < this.count && this.cfg.timeAt(target + 1) <= this.vt) target++;
    }
    if (target !== this.cur) this.go(target, { animate: true });
    if (this.cur >= this.count - 1) { this.stop(); return; }
    this.raf = requestAnimationFrame(function (t) { self.tick(t); });
  };
  /* Keys shared by the trace and diff pages (matching `replay --step`). */
  Navigator.prototype.key = function (e) {
    var k = e.key;
    switch (k) {
      case "ArrowRight": case "n": case "Enter": case " ": case "Spacebar":
        this.stop(); this.go(this.cur + 1); return true;
      case "ArrowLeft": case "b":
        this.stop(); this.go(this.cur - 1); return true;
      case "Home": this.stop(); this.go(-1); return true;
      case "End": this.stop(); this.go(this.count - 1); return true;
      case "g": this.gotoInput.focus(); this.gotoInput.select(); return true;
      case "s": this.stop(); this.findMark(1, "stale"); return true;
      case "S": this.stop(); this.findMark(-1, "stale"); return true;
      case "x": this.stop(); this.findMark(1, "hitch"); return true;
      case "P": this.toggle(); return true;
      case "p": Presenter.toggle(); return true;
      case "w": Glossary.open(); return true;
      case "+": case "=": this.bumpSpeed(1); return true;
      case "-": case "_": this.bumpSpeed(-1); return true;
    }
    return this.cfg.extraKeys ? this.cfg.extraKeys(k, e) : false;
  };

  /* The one keydown listener: help keys first, then ignore typing in fields
   * (except Esc, which leaves the field; Enter is handled by the field), then
   * let focused buttons and checkboxes take Enter/Space natively. helpKeys: the
   * keys that open the help (h and ? by default; ? alone on the lesson page,
   * where h is the hint). */
  function installKeys(handler, helpKeys) {
    helpKeys = helpKeys || ["h", "?"];
    D.addEventListener("keydown", function (e) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      var t = e.target || D.body, tag = (t.tagName || "").toUpperCase();
      var type = (t.type || "").toLowerCase();
      var typing = (tag === "INPUT" && !/^(checkbox|radio|range|button|submit)$/.test(type)) ||
        tag === "TEXTAREA" || tag === "SELECT" || t.isContentEditable;
      if (Help.isOpen()) {
        if (e.key === "Escape" || helpKeys.indexOf(e.key) >= 0) { Help.close(); e.preventDefault(); }
        return;
      }
      if (Glossary.isOpen()) {
        if (e.key === "Escape" || e.key === Glossary.key || e.key === "w") { Glossary.close(); e.preventDefault(); }
        return;
      }
      if (typing) {
        if (e.key === "Escape") { t.blur(); e.preventDefault(); }
        return;
      }
      if ((e.key === "Enter" || e.key === " ") && (tag === "BUTTON" || tag === "SUMMARY" || tag === "A" || (tag === "INPUT" && type !== "range"))) return;
      if (tag === "INPUT" && type === "range" && /^(Arrow|Home|End|Page)/.test(e.key)) return;
      if (helpKeys.indexOf(e.key) >= 0) { Help.open(); e.preventDefault(); return; }
      if (e.key === "Escape") return;
      if (handler(e)) e.preventDefault();
    });
  }

  /* ===================================================================== */
  /* 7. Trace page                                                          */
  /* ===================================================================== */

  /* Presenter mode, for a projector: large text (24 px and up), the phone at least
   * half the window's height, one step per slide and nothing else on it. p toggles
   * it; a page opened with "#present" in its URL starts in it (the URL keeps it, so
   * a reload stays in it). The page's change(on) rebuilds its pictures at the size
   * the mode wants; the CSS (body.presenting) does the rest. */
  var Presenter = {
    on: false,
    change: null,
    wanted: function () { return /(?:^#|&)present(?:&|$)/.test(window.location.hash || ""); },
    start: function (change) {
      var self = this, pending = 0;
      this.change = change;
      window.addEventListener("resize", function () {
        if (!self.on || pending) return;
        pending = requestAnimationFrame(function () { pending = 0; if (self.on && self.change) self.change(true); });
      });
      window.addEventListener("hashchange", function () { if (self.wanted() !== self.on) self.set(self.wanted()); });
      if (this.wanted()) this.set(true);
    },
    set: function (on) {
      this.on = !!on;
      D.body.classList.toggle("presenting", this.on);
      var step = /(?:^#|&)(step=-?\d+)/.exec(window.location.hash || "");
      var h = this.hash(step ? step[1] : "");
      if ((window.location.hash || "") !== h) {
        try { window.history.replaceState(null, "", h || window.location.pathname + window.location.search); } catch (e) { /* file:// may refuse */ }
      }
      if (this.change) this.change(this.on);
    },
    toggle: function () { this.set(!this.on); },
    /* The URL hash for `rest` ("step=N" or ""), with "present" while presenting. */
    hash: function (rest) {
      var parts = rest ? [rest] : [];
      if (this.on) parts.push("present");
      return parts.length ? "#" + parts.join("&") : "";
    }
  };
  function presentButton() {
    return button("present-button", "present", "presenter mode: large, one step per slide (p)", function () { Presenter.toggle(); }, "btn small");
  }

  function screenHeightFor(page) {
    var h = window.innerHeight || 900;
    if (Presenter.on) {
      /* what is left of the window for the screen, after the title, the clock, the
       * legend and the faded rows above and below it */
      if (page === "trace") return clamp(h - 230, 300, 2000);
      if (page === "diff") return clamp(h - 340, 300, 2000);
      return clamp(h - 310, 300, 2000);
    }
    if (page === "trace") return clamp(h - 440, 300, 640);
    if (page === "diff") return clamp(h - 560, 300, 460);
    return clamp(h - 400, 320, 480);
  }

  /* On a phone-sized window the drawn phone leaves room for the panels beside it. */
  function phoneWidthFor() {
    if (Presenter.on) return clamp(((window.innerWidth || 1280) - 250) / 2, 130, 900);
    return clamp((window.innerWidth || 1280) - 250, 130, 330);
  }

  function header(title, subtitle) {
    var h = el("header", "top");
    var t = el("div", "titles");
    var h1 = el("h1", "title", title);
    h1.title = title.length > 400 ? title.slice(0, 400) + "\u2026" : title;
    add(t, h1);
    if (subtitle) {
      /* each part in its own span: a bidi control in one part cannot reorder the others */
      var sub = el("div", "subtitle");
      [].concat(subtitle).forEach(function (part, n) {
        if (n) sub.appendChild(D.createTextNode(" \u00b7 "));
        sub.appendChild(el("span", null, part));
      });
      t.appendChild(sub);
    }
    h.appendChild(t);
    return h;
  }
  function footer(extra) {
    var f = el("footer", "foot");
    add(f, el("span", null, str(DATA.generator) || "reuselab"));
    if (extra) add(f, el("span", "sep", " \u00b7 "), el("span", null, extra));
    return f;
  }
  function traceSubtitle(m) {
    var parts = [];
    if (m.file) parts.push(m.file);
    if (m.profile) parts.push(m.profile + " profile");
    if (m.listText) parts.push(m.listText);
    if (m.strategy) parts.push("strategy " + m.strategy);
    parts.push(m.n + (m.n === 1 ? " step" : " steps"));
    if (m.duration) parts.push(fmtMs(m.duration));
    return parts;
  }
  function stepHead(box, m, i, numId) {
    clear(box);
    var s = m.step(i);
    var nEl = el("span", "step-number", i < 0 ? "start" : String(i));
    if (numId) nEl.id = "step-number";
    add(box, el("span", "step-label", "step"), nEl, el("span", "step-of", m.n ? "of " + (m.n - 1) : "(no steps)"));
    if (s) {
      var k = el("span", "kind", s.k);
      k.setAttribute("data-kind", s.k);
      add(box, el("span", "step-time", fmtMs(s.t)), k, markBadges(s.m));
    }
  }
  function kindLanes(m) {
    var lanes = [
      { name: "new", label: "new cell", items: [] },
      { name: "reuse", label: "reuse", items: [] },
      { name: "prefetch", label: "prefetch", items: [] },
      { name: "stale", label: "STALE/LATE", items: [] },
      { name: "hitch", label: "HITCH", items: [] }
    ];
    m.steps.forEach(function (s, i) {
      if (s.k === "init") lanes[0].items.push({ i: i, kind: "init", title: "init (new cell)" });
      else if (s.k === "prepareForReuse") lanes[1].items.push({ i: i, kind: "prepareForReuse", title: "prepareForReuse (reuse)" });
      else if (s.k === "prefetchRowsAt" || s.k === "prefetchItemsAt") lanes[2].items.push({ i: i, kind: "prefetchRowsAt", title: s.k });
      else if (s.k === "cancelPrefetchingForRowsAt" || s.k === "cancelPrefetchingForItemsAt") lanes[2].items.push({ i: i, kind: "cancelPrefetchingForRowsAt", title: s.k });
      if (s.m.indexOf("STALE") >= 0) lanes[3].items.push({ i: i, kind: "STALE", title: "STALE" });
      else if (s.m.indexOf("LATE") >= 0) lanes[3].items.push({ i: i, kind: "LATE", title: "LATE" });
      else if (s.m.indexOf("WRONG ROW") >= 0) lanes[3].items.push({ i: i, kind: "LATE", title: "WRONG ROW" });
      if (s.hitch) lanes[4].items.push({ i: i, kind: "HITCH", title: "HITCH" });
    });
    return lanes;
  }

  function tracePage() {
    var m = new TraceModel(arr(DATA.traces)[0]);
    var title = str(DATA.title) || m.title || "ReuseLab trace";
    var body = D.body;
    body.appendChild(header(title, traceSubtitle(m)));

    var pic = new Picture(m, { ids: true, screenHeight: screenHeightFor("trace"), maxWidth: phoneWidthFor() });
    var list, filter, timeline, nav;
    var headBox = el("div", "step-head");
    var ann = el("div", "annotation");
    ann.id = "annotation";
    ann.setAttribute("aria-live", "polite");

    var codePane = new CodePane(m.tv, m.tv.imported === true, function (fi, line) {
      var from = nav.cur, hit = -1;
      for (var k = 1; k <= m.n; k++) {
        var j = (from + k + m.n) % m.n, c = m.steps[j].c;
        if (c && c[0] === fi && c[1] === line) { hit = j; break; }
      }
      if (hit < 0) { nav.say("no step ran line " + line); return; }
      nav.stop();
      if (hit <= from) nav.say("back to the first step that ran line " + line);
      nav.go(hit, { animate: false });
    });
    function draw(i, animate) {
      pic.draw(i, animate);
      stepHead(headBox, m, i, true);
      var s = m.step(i);
      codePane.set(s);
      ann.textContent = s ? s.x : (m.n === 0 ? EMPTY_TEXT : startText(m));
      ann.classList.toggle("is-stale", !!(s && s.stale));
      ann.classList.toggle("is-hitch", !!(s && s.hitch));
      Notes.mark(s ? s.x : "");
      list.setCurrent(i);
      timeline.set(i);
    }
    list = new StepList(m.n, function (li, i) {
      var s = m.steps[i];
      var k = el("span", "kind", s.k);
      k.setAttribute("data-kind", s.k);
      add(li, el("span", "seq", String(i)), el("span", "time", fmtMs(s.t)), k);
      if (s.m.length) add(li, add(el("span", "marks"), markBadges(s.m)));
      add(li, el("span", "text", s.x));
      if (s.stale) li.classList.add("is-stale");
      if (s.hitch) li.classList.add("is-hitch");
      li.title = s.x.length > 600 ? s.x.slice(0, 600) + "\u2026" : s.x;
    }, function (i) { nav.stop(); nav.go(i, { animate: false }); });
    filter = new Filter(DATA.groups, m.kinds(), function () {
      var on = filter.active();
      var shown = list.filter(on ? function (i) { return filter.matches(m.steps[i]); } : null);
      filter.count.textContent = on ? shown + " of " + m.n + " steps" : m.n + " steps";
    }, function (what) {
      if (!what) {
        if (!filter.active()) { nav.say("type a kind or group, or tick one above"); filter.input.focus(); return; }
        nav.findNext(function (i) { return filter.matches(m.steps[i]); }, "the filter");
        return;
      }
      var isGroup = arr(DATA.groups).some(function (g) { return str((obj(g) || {}).name) === what; });
      var isKind = m.steps.some(function (s) { return s.k === what; });
      if (!isGroup && !isKind) { nav.say("no step of kind or group \u201c" + what + "\u201d"); return; }
      nav.findNext(function (i) { var s = m.steps[i]; return s.k === what || s.g.indexOf(what) >= 0; }, what);
    });
    filter.count.textContent = m.n + " steps";
    timeline = new Timeline(m.n, kindLanes(m), function (i) { return m.steps[i].t; }, function (i) { nav.stop(); nav.go(i, { animate: false }); });
    nav = new Navigator({
      count: m.n,
      timeAt: function (i) { return m.steps[i].t; },
      isStale: function (i) { return m.staleStarts(i); },
      isHitch: function (i) { return m.steps[i].hitch; },
      draw: draw,
      extraKeys: function (k) {
        if (k === "k") { filter.input.focus(); filter.input.select(); return true; }
        if (k === "c") { codePane.box.hidden = !codePane.box.hidden; storageSet("reuselab-code-hidden", codePane.box.hidden ? "1" : ""); return true; }
        return false;
      }
    });

    var controls = el("div", "controls");
    add(controls, nav.bar, timeline.box);
    var stage = el("div", "stage-col");
    var annBox = el("div", "annotation-box");
    add(annBox, headBox, ann);
    add(stage, pic.root, annBox, Notes.build());
    var listCol = el("div", "list-col");
    var listBox = el("div", "list-box");
    if (m.n === 0) { listBox.appendChild(el("div", "none big", EMPTY_TEXT)); list.ol.classList.add("empty"); }
    add(listBox, list.ol);
    codePane.box.hidden = storageGet("reuselab-code-hidden") === "1";
    add(listCol, codePane.box, filter.box, listBox);
    var main = el("main", "trace-main");
    add(main, stage, listCol);
    add(body, controls, main, footer(m.file));
    timeline.fitTicks();
    Help.build("trace", m);
    installKeys(function (e) { return nav.key(e); });
    /* Presenter mode: the picture again, at the size the mode wants (phone and one
     * column of panels); the CSS hides the rest and puts the sentence beside it. */
    Presenter.start(function (on) {
      var fresh = new Picture(m, { ids: true, compact: on, screenHeight: screenHeightFor("trace"), maxWidth: phoneWidthFor() });
      pic.root.parentNode.replaceChild(fresh.root, pic.root);
      pic = fresh;
      pic.draw(nav.cur, false);
      if (!on) timeline.fitTicks();
    });

    var h = Navigator.hashStep();
    nav.go(h !== null ? h : -1, { animate: false, noHash: true });
  }

  /* ===================================================================== */
  /* 8. Diff page                                                           */
  /* ===================================================================== */

  var CHANGE_TEXT = { same: "same", changed: "changed", onlyA: "only in A", onlyB: "only in B" };

  function diffPage() {
    var traces = arr(DATA.traces);
    var A = new TraceModel(traces[0]), B = new TraceModel(traces[1]);
    var dv = obj(DATA.diff) || {};
    var labelA = str(dv.a) || A.strategy || "A", labelB = str(dv.b) || B.strategy || "B";
    var pos = arr(dv.positions).map(function (p) {
      p = arr(p);
      var a = typeof p[0] === "number" ? p[0] : null, b = typeof p[1] === "number" ? p[1] : null;
      var kind = str(p[2]);
      if (!CHANGE_TEXT.hasOwnProperty(kind)) kind = "changed";
      return { a: a, b: b, kind: kind };
    });
    var P = pos.length;
    /* Lockstep: at position p, each side shows the state after the last of its
     * steps seen so far (for a position only in B, A stays where it was). */
    var aAt = new Array(P), bAt = new Array(P), la = -1, lb = -1;
    for (var p = 0; p < P; p++) {
      if (pos[p].a !== null && pos[p].a < A.n) la = pos[p].a;
      if (pos[p].b !== null && pos[p].b < B.n) lb = pos[p].b;
      aAt[p] = la; bAt[p] = lb;
    }
    /* A side's marks at position p: any STALE/LATE or HITCH among its steps since
     * the previous position (frames are often not compared, so a STALE frame sits
     * between two positions). */
    function spanMarks(model, at, p) {
      var from = p > 0 ? at[p - 1] + 1 : 0, to = at[p], r = { stale: null, hitch: false };
      for (var i = Math.max(0, from); i <= to; i++) {
        var st = model.steps[i];
        if (st.stale && !r.stale) r.stale = st.m.indexOf("STALE") >= 0 ? "STALE" : st.m.indexOf("LATE") >= 0 ? "LATE" : "WRONG ROW";
        if (st.hitch) r.hitch = true;
      }
      return r;
    }
    /* A STALE row comes into view on either screen at position p: the step a side
     * shows is in another of its staleViews than at the position before. */
    function staleStarts(p) {
      if (p < 0 || p >= P) return false;
      function side(M, at) { var v = M.staleView(at[p]); return v > 0 && v !== (p > 0 ? M.staleView(at[p - 1]) : 0); }
      return side(A, aAt) || side(B, bAt);
    }
    var marksA = new Array(P), marksB = new Array(P);
    for (var pm = 0; pm < P; pm++) { marksA[pm] = spanMarks(A, aAt, pm); marksB[pm] = spanMarks(B, bAt, pm); }
    function timeAt(p) {
      var q = pos[p], ta = q.a !== null && A.step(q.a) ? A.step(q.a).t : null, tb = q.b !== null && B.step(q.b) ? B.step(q.b).t : null;
      if (ta === null) return tb === null ? 0 : tb;
      if (tb === null) return ta;
      return Math.min(ta, tb);
    }
    function stepsAt(p) {
      var q = pos[p];
      return [q.a !== null ? A.step(q.a) : null, q.b !== null ? B.step(q.b) : null];
    }
    var fd = obj(dv.firstDivergence);
    var fdPos = fd && typeof fd.position === "number" ? clamp(fd.position, 0, Math.max(0, P - 1)) : null;

    var body = D.body;
    body.appendChild(header(str(DATA.title) || "ReuseLab diff", ["A: " + labelA, "B: " + labelB, P + " aligned positions"]));

    var sh = screenHeightFor("diff");
    function side(model, letter, label) {
      var box = el("section", "side");
      box.id = "side-" + letter;
      var hd = el("div", "side-head");
      var badge = el("span", "side-badge", letter.toUpperCase());
      add(hd, badge, el("span", "side-label", label), el("span", "side-file", model.file));
      var pic = new Picture(model, { ids: false, compact: true, screenHeight: sh });
      var headBox = el("div", "step-head");
      var ann = el("div", "annotation");
      ann.id = "annotation-" + letter;
      var annBox = el("div", "annotation-box");
      add(annBox, headBox, ann);
      add(box, hd, annBox, pic.root);
      return { box: box, pic: pic, head: headBox, ann: ann, m: model, letter: letter };
    }
    var SA = side(A, "a", labelA), SB = side(B, "b", labelB);
    function drawSide(S, seqNow, seqHere, animate) {
      S.pic.draw(seqNow, animate);
      stepHead(S.head, S.m, seqNow, false);
      var s = S.m.step(seqNow);
      var waiting = seqHere === null && nav.cur >= 0;
      S.box.classList.toggle("waiting", waiting);
      clear(S.ann);
      if (waiting) S.ann.appendChild(el("div", "wait-note", "No matching step here: " + S.letter.toUpperCase() + " stays at " + (seqNow < 0 ? "the start" : "step " + seqNow) + "."));
      S.ann.appendChild(el("div", "ann-text", s ? s.x : (S.m.n === 0 ? EMPTY_TEXT : startText(S.m))));
      S.ann.classList.toggle("is-stale", !!(s && s.stale && !waiting));
    }

    var posHead = el("div", "pos-head");
    function draw(p, animate) {
      var q = p >= 0 ? pos[p] : null;
      drawSide(SA, p >= 0 ? aAt[p] : -1, q ? q.a : null, animate);
      drawSide(SB, p >= 0 ? bAt[p] : -1, q ? q.b : null, animate);
      clear(posHead);
      var n = el("span", "step-number", p < 0 ? "start" : String(p));
      n.id = "step-number";
      add(posHead, el("span", "step-label", "position"), n, el("span", "step-of", "of " + Math.max(0, P - 1)));
      if (q) {
        var c = el("span", "change", CHANGE_TEXT[q.kind] || q.kind);
        c.setAttribute("data-change", q.kind);
        posHead.appendChild(c);
      }
      if (p === fdPos) posHead.appendChild(el("span", "change first-div", "first divergence"));
      var sa = A.step(p >= 0 ? aAt[p] : -1), sb = B.step(p >= 0 ? bAt[p] : -1);
      Notes.mark((sa ? sa.x : "") + " " + (sb ? sb.x : ""));
      list.setCurrent(p);
      timeline.set(p);
    }
    var list = new StepList(P, function (li, p) {
      var q = pos[p], ss = stepsAt(p);
      li.classList.add("pos", "chg-" + q.kind);
      li.setAttribute("data-change", q.kind);
      var c = el("span", "chg", q.kind === "same" ? "=" : q.kind === "changed" ? "\u2260" : q.kind === "onlyA" ? "A" : "B");
      add(li, el("span", "seq", String(p)), c);
      var t = el("span", "text");
      var sa = ss[0], sb = ss[1];
      if (q.kind === "same" || !sa || !sb) {
        var s = sa || sb;
        if (s) add(t, el("span", "kind", s.k), " " + s.x);
      } else {
        add(t, el("span", "kind", sa.k), " A: " + sa.x + "  |  B: " + sb.x);
      }
      li.appendChild(t);
      if (marksA[p].stale || marksB[p].stale) li.classList.add("is-stale");
      if (marksA[p].hitch || marksB[p].hitch) li.classList.add("is-hitch");
      if (p === fdPos) li.classList.add("first-div");
    }, function (p) { nav.stop(); nav.go(p, { animate: false }); });

    var lanes = [
      { name: "change", label: "changes", items: [] },
      { name: "stale-a", label: "A STALE", items: [] },
      { name: "stale-b", label: "B STALE", items: [] },
      { name: "hitch", label: "HITCH", items: [] }
    ];
    pos.forEach(function (q, p) {
      if (q.kind !== "same") lanes[0].items.push({ i: p, kind: q.kind, title: CHANGE_TEXT[q.kind] || q.kind });
      if (marksA[p].stale) lanes[1].items.push({ i: p, kind: marksA[p].stale, title: "A " + marksA[p].stale });
      if (marksB[p].stale) lanes[2].items.push({ i: p, kind: marksB[p].stale, title: "B " + marksB[p].stale });
      if (marksA[p].hitch || marksB[p].hitch) lanes[3].items.push({ i: p, kind: "HITCH", title: "HITCH" });
    });
    if (fdPos !== null) lanes[0].items.push({ i: fdPos, kind: "divergence", title: "first divergence" });
    lanes[0].items.sort(function (x, y) { return x.i - y.i; });
    var timeline = new Timeline(P, lanes, timeAt, function (p) { nav.stop(); nav.go(p, { animate: false }); });

    function gotoDivergence() {
      if (fdPos === null) { nav.say("the traces never part ways"); return; }
      nav.stop(); nav.go(fdPos, { animate: false });
    }
    function nextChange(dir) {
      for (var p = nav.cur + dir; p >= 0 && p < P; p += dir) {
        if (pos[p].kind !== "same") { nav.stop(); nav.go(p, { animate: false }); return; }
      }
      nav.say(dir > 0 ? "no later change" : "no earlier change");
    }
    var bDiv = button("goto-divergence", "first divergence", "go to the first divergence (d)", gotoDivergence, "btn div-btn");
    var bChange = button("next-change", "next change", "next position that differs (c; Shift+C back)", function () { nextChange(1); }, "btn");
    if (fdPos === null) bDiv.disabled = true;
    var nav = new Navigator({
      count: P, unit: "position",
      timeAt: timeAt,
      isStale: staleStarts,
      isHitch: function (p) { return marksA[p].hitch || marksB[p].hitch; },
      draw: draw,
      extraButtons: [bDiv, bChange],
      extraKeys: function (k) {
        if (k === "d") { gotoDivergence(); return true; }
        if (k === "c") { nextChange(1); return true; }
        if (k === "C") { nextChange(-1); return true; }
        return false;
      }
    });

    var divBox = el("section", "divergence");
    divBox.id = "divergence";
    if (fd && fdPos !== null) {
      var dh = el("div", "div-head");
      add(dh, el("strong", null, "First divergence at position " + fdPos), " ");
      var go = button(null, "go there (d)", "go to the first divergence", gotoDivergence, "btn small");
      dh.appendChild(go);
      divBox.appendChild(dh);
      arr(fd.text).forEach(function (line) { divBox.appendChild(el("div", "div-line", str(line))); });
    } else {
      divBox.appendChild(el("div", "div-head", "The two traces never part ways: every compared step is the same."));
      divBox.classList.add("none-div");
    }

    var controls = el("div", "controls");
    add(controls, nav.bar, timeline.box);
    var sides = el("div", "sides");
    add(sides, SA.box, SB.box);
    var center = el("div", "diff-center");
    add(center, posHead, sides, Notes.build());
    var listCol = el("div", "list-col");
    var listBox = el("div", "list-box");
    if (P === 0) { listBox.appendChild(el("div", "none big", "No compared steps.")); list.ol.classList.add("empty"); }
    add(listBox, list.ol);
    var legend = el("div", "change-legend");
    ["same", "changed", "onlyA", "onlyB"].forEach(function (k) {
      var s = el("span", "chg-key", CHANGE_TEXT[k]);
      s.setAttribute("data-change", k);
      legend.appendChild(s);
    });
    add(listCol, el("h2", "col-title", "Aligned steps"), legend, listBox);
    var main = el("main", "diff-main");
    add(main, center, listCol);

    /* metrics and summary */
    var report = el("section", "report");
    var table = el("table", "metrics");
    table.id = "metrics";
    var thead = el("thead"), trh = el("tr");
    add(trh, el("th", null, "metric"), el("th", "side-col", "A \u00b7 " + labelA), el("th", "side-col", "B \u00b7 " + labelB));
    thead.appendChild(trh);
    var tbody = el("tbody");
    arr(dv.metrics).forEach(function (row) {
      row = arr(row);
      var tr = el("tr");
      var better = str(row[3]);
      tr.setAttribute("data-better", better);
      var ca = el("td", "num", str(row[1])), cb = el("td", "num", str(row[2]));
      if (better === "A") { ca.classList.add("better"); ca.appendChild(el("span", "better-mark", " \u2713 better")); }
      if (better === "B") { cb.classList.add("better"); cb.appendChild(el("span", "better-mark", " \u2713 better")); }
      if (better === "=") { ca.classList.add("equal"); cb.classList.add("equal"); }
      add(tr, el("th", "metric-label", str(row[0])), ca, cb);
      tbody.appendChild(tr);
    });
    add(table, thead, tbody);
    var sum = el("ul", "summary");
    sum.id = "summary";
    arr(dv.summary).forEach(function (line) { sum.appendChild(el("li", null, str(line))); });
    var mt = el("div", "report-col");
    add(mt, el("h2", "col-title", "Metrics"), table);
    var st = el("div", "report-col");
    add(st, el("h2", "col-title", "Summary"), sum);
    add(report, st, mt);

    add(body, controls, divBox, main, report, footer(A.file + "  vs  " + B.file));
    timeline.fitTicks();
    Help.build("diff", A);
    installKeys(function (e) { return nav.key(e); });
    Presenter.start(function (on) {
      [SA, SB].forEach(function (S) {
        var fresh = new Picture(S.m, { ids: false, compact: true, screenHeight: screenHeightFor("diff") });
        S.box.replaceChild(fresh.root, S.pic.root);
        S.pic = fresh;
      });
      nav.go(nav.cur, { animate: false, noHash: true });
      if (!on) timeline.fitTicks();
    });
    var h = Navigator.hashStep();
    nav.go(h !== null ? h : -1, { animate: false, noHash: true });
  }

  /* ===================================================================== */
  /* 9. Lesson page                                                         */
  /* ===================================================================== */

  /* The lesson: the introduction stays on top; below it one stop at a time:
   * narration, the picture at the pause (the state after step pause-1), the
   * stop's questions one by one. A click checks the choice's "right" flag only.
   * Wrong: feedback with its "why", try again (hint button). Right: feedback,
   * then (after the stop's last question) the reveal, whose steps the picture
   * steps through; #continue goes on. At the end: score, takeaway, fix.
   * Progress is kept in localStorage under reuselab.lesson.<id>. */
  function lessonPage() {
    var L = obj(DATA.lesson) || {};
    var m = new TraceModel(arr(DATA.traces)[0]);
    var stops = arr(L.stops).map(function (s) { return obj(s) || {}; });
    var key = "reuselab.lesson." + (str(L.id) || "lesson");
    var total = 0;
    stops.forEach(function (s) { total += arr(s.questions).length; });
    /* Progress kept honest: right[qid] is the FIRST answer to question qid ("stop.q"),
     * true or false, stored the moment it is given. What is read back keeps only
     * the questions this lesson has (an older page of it, or anything else in
     * storage, cannot make "7 of 4"), and only true or false. */
    function qid(s, q) { return s + "." + q; }
    var ids = [];
    stops.forEach(function (s, n) { arr(s.questions).forEach(function (q, k) { ids.push(qid(n, k)); }); });
    var saved = storageGet(key);
    var state = { stop: 0, q: 0, right: {}, done: false };
    if (obj(saved) && typeof saved.stop === "number" && isFinite(saved.stop)) {
      state.stop = clamp(Math.floor(saved.stop), 0, Math.max(0, stops.length - 1));
      state.q = clamp(Math.floor(num(saved.q, 0)), 0, Math.max(0, arr((stops[state.stop] || {}).questions).length - 1));
      var kept = obj(saved.right) || {};
      ids.forEach(function (id) { if (kept[id] === true || kept[id] === false) state.right[id] = kept[id]; });
      state.done = saved.done === true;
    }
    function save() { storageSet(key, state); }
    function rightFirstTime() {
      var n = 0;
      ids.forEach(function (id) { if (state.right[id] === true) n++; });
      return n;
    }

    var body = D.body;
    var lessonTitle = str(DATA.title) || ("Lesson " + str(L.number));
    var hd = header(lessonTitle, traceSubtitle(m));
    var restart = button("start-over", "start over", "forget your answers and start the lesson again", function () {
      storageRemove(key);
      state = { stop: 0, q: 0, right: {}, done: false };
      revealStop();
      showStop();
      window.scrollTo(0, 0);
    }, "btn small");
    var helpBtn = button("help-button", "? keys", "keyboard help (?)", function () { Help.toggle(); }, "btn small");
    Glossary.key = "g";
    var hdr = el("div", "header-actions");
    add(hdr, restart, presentButton(), glossaryButton(), helpBtn);
    hd.appendChild(hdr);
    body.appendChild(hd);

    var progress = el("div", "progress");
    progress.id = "progress";
    var intro = el("section", "intro");
    intro.id = "introduction";
    add(intro, el("h2", null, "Introduction"), el("div", "intro-text", str(L.introduction)));

    var stopBox = el("section", "stop");
    stopBox.id = "stop";
    var stopTitle = el("h2", "stop-title");
    var narration = el("div", "narration");
    narration.id = "narration";
    var pic = new Picture(m, { ids: true, compact: true, screenHeight: screenHeightFor("lesson"), maxWidth: phoneWidthFor() });
    var headBox = el("div", "step-head");
    var ann = el("div", "annotation");
    ann.id = "annotation";
    var annBox = el("div", "annotation-box");
    add(annBox, headBox, ann);
    var picCol = el("div", "lesson-picture");
    add(picCol, pic.root, annBox, Notes.build());

    var qBox = el("div", "question");
    qBox.id = "question";
    var hintBtn = button("hint-button", "hint", "show a hint (h)", function () { hint.hidden = false; hintBtn.disabled = true; });
    var hint = el("div", "hint");
    hint.id = "hint";
    var feedback = el("div", "feedback");
    feedback.id = "feedback";
    feedback.setAttribute("aria-live", "polite");
    var reveal = el("section", "reveal");
    reveal.id = "reveal";
    var cont = button("continue", "continue \u25b8", "continue (Enter)", function () { onContinue(); }, "btn primary");
    var qCol = el("div", "lesson-q");
    add(qCol, narration, qBox, el("div", "hint-row", hintBtn), hint, feedback, reveal, cont);
    var stopGrid = el("div", "stop-grid");
    add(stopGrid, picCol, qCol);
    add(stopBox, stopTitle, stopGrid);

    var end = el("section", "lesson-end");
    end.id = "lesson-end";

    add(body, progress, intro, stopBox, end, footer(m.file));
    Help.build("lesson", m);

    var revealTimer = 0;
    function showPicture(i, animate) {
      pic.draw(i, animate);
      stepHead(headBox, m, i, true);
      var s = m.step(i);
      ann.textContent = s ? s.x : (m.n === 0 ? EMPTY_TEXT : startText(m));
      ann.classList.toggle("is-stale", !!(s && s.stale));
      Notes.mark(s ? s.x : "");
      D.body.dataset.step = String(i);
    }
    function drawProgress() {
      clear(progress);
      var right = rightFirstTime();
      stops.forEach(function (s, n) {
        var dot = el("span", "pdot" + (n < state.stop || state.done ? " done" : n === state.stop ? " now" : ""), String(n + 1));
        dot.title = "stop " + (n + 1);
        progress.appendChild(dot);
      });
      progress.appendChild(el("span", "pscore", right + " of " + total + " right first time"));
    }
    function revealStop() {
      clearInterval(revealTimer);
      revealTimer = 0;
    }
    function showStop() {
      revealStop();
      drawProgress();
      if (!stops.length) {
        stopBox.hidden = true;
        state.done = true;
        showEnd();
        return;
      }
      if (state.done) { stopBox.hidden = true; showEnd(); return; }
      stopBox.hidden = false;
      end.hidden = true;
      clear(end);
      var s = stops[state.stop];
      var qs = arr(s.questions);
      if (state.q >= qs.length) state.q = Math.max(0, qs.length - 1);
      stopTitle.textContent = "Stop " + (state.stop + 1) + " of " + stops.length;
      narration.textContent = str(s.narration);
      var pause = Math.round(num(s.pause, 0));
      showPicture(clamp(pause - 1, -1, m.n - 1), false);
      var pnote = el("div", "pause-note", pause <= m.n - 1 ? "Paused before step " + pause : "Paused at the end of the trace");
      narration.appendChild(pnote);
      /* optional "context": steps leading up to the pause, as the terminal lesson shows them */
      var ctx = arr(s.context).filter(function (x) { return typeof x === "number" && x >= 0 && x < m.n; });
      if (ctx.length) {
        var det = el("details", "context");
        det.appendChild(el("summary", null, "What happened just before (" + ctx.length + " steps)"));
        var ol = el("ol", "context-steps");
        ctx.forEach(function (seq) {
          var st = m.step(seq);
          var li = el("li");
          li.setAttribute("data-seq", String(seq));
          add(li, el("span", "seq", String(seq)), el("span", "kind", st.k), el("span", "text", st.x));
          ol.appendChild(li);
        });
        det.appendChild(ol);
        narration.appendChild(det);
      }
      /* optional "code": functions of the trace's code the lesson shows at this stop */
      arr(s.code).forEach(function (f) {
        f = obj(f) || {};
        var box = el("section", "stop-code");
        box.appendChild(el("h4", "stop-code-title", str(f.file) + " \u00b7 " + str(f.name)));
        var ol = el("ol", "code-lines");
        var first = Math.max(1, Math.round(num(f.first, 1)));
        arr(f.lines).forEach(function (text, n) {
          var item = el("li", "code-line");
          add(item, el("span", "ln", String(first + n)), el("span", "src", str(text) || " "));
          ol.appendChild(item);
        });
        box.appendChild(ol);
        narration.appendChild(box);
      });
      feedback.hidden = true;
      feedback.removeAttribute("data-result");
      clear(feedback);
      reveal.hidden = true;
      clear(reveal);
      cont.hidden = true;
      drawQuestion(s, qs);
    }
    function drawQuestion(s, qs) {
      clear(qBox);
      hint.hidden = true;
      clear(hint);
      var q = obj(qs[state.q]);
      if (!q) {
        qBox.appendChild(el("div", "none", "No question at this stop."));
        hintBtn.hidden = true;
        showReveal(s);
        cont.hidden = false;
        cont.textContent = state.stop + 1 < stops.length ? "next stop \u25b8" : "finish \u25b8";
        return;
      }
      var qn = qs.length > 1 ? "Question " + (state.q + 1) + " of " + qs.length : "Question";
      add(qBox, el("div", "q-number", qn), el("div", "ask", str(q.ask)));
      var choices = el("div", "choices");
      arr(q.choices).forEach(function (c, n) {
        c = obj(c) || {};
        var b = button(null, null, null, null, "choice");
        add(b, el("span", "choice-label", str(c.label)));
        b.setAttribute("data-index", String(n));
        b.addEventListener("click", function () { choose(s, qs, q, c, b); });
        choices.appendChild(b);
      });
      qBox.appendChild(choices);
      var h = str(q.hint);
      hintBtn.hidden = !h;
      hintBtn.disabled = false;
      if (h) hint.appendChild(el("div", null, h));
    }
    /* A pick. The first answer to a question is what counts, stored at once (a wrong
     * one survives a reload and a right one after it). A wrong pick shows why (the
     * choice's "why", the terminal's feedback) and may be tried again; once only one
     * choice is left (at once, with two), the page says the answer instead of
     * leaving it as the only button, and goes on as after a right pick. */
    function choose(s, qs, q, c, b) {
      if (b.disabled) return;
      var id = qid(state.stop, state.q);
      var first = !(id in state.right);
      feedback.hidden = false;
      clear(feedback);
      var buttons = Array.prototype.slice.call(qBox.querySelectorAll(".choice"));
      if (c.right === true) {
        if (first) state.right[id] = true;
        feedback.setAttribute("data-result", "right");
        add(feedback, el("span", "fb-icon", "\u2713"), el("span", "fb-why", str(c.why) || "Right."));
        if (!first) feedback.appendChild(el("div", "fb-again", "(The score counts first answers.)"));
        b.classList.add("is-right");
        settle(s, qs, buttons);
        return;
      }
      if (first) state.right[id] = false;
      save();
      feedback.setAttribute("data-result", "wrong");
      add(feedback, el("span", "fb-icon", "\u2717"), el("span", "fb-why", str(c.why) || "Not quite."));
      b.classList.add("is-wrong");
      b.disabled = true;
      var left = buttons.filter(function (x) { return !x.disabled; });
      if (left.length > 1) {
        feedback.appendChild(el("div", "fb-again", "Try again" + (hintBtn.hidden || hintBtn.disabled ? "." : ", or take the hint (h).")));
        drawProgress();
        return;
      }
      var answer = str(q.answer);
      feedback.appendChild(el("div", "fb-answer", "The answer: " + (answer || (left[0] ? left[0].textContent : ""))));
      left.forEach(function (x) { x.classList.add("is-answer"); });
      settle(s, qs, buttons);
    }
    /* The question is answered (or its answer shown): no more picks; after the
     * stop's last question, the reveal; continue. */
    function settle(s, qs, buttons) {
      buttons.forEach(function (x) { x.disabled = true; });
      hintBtn.disabled = true;
      var last = state.q >= qs.length - 1;
      if (last) showReveal(s);
      cont.hidden = false;
      cont.textContent = !last ? "next question \u25b8" : state.stop + 1 < stops.length ? "next stop \u25b8" : "finish \u25b8";
      save();
      drawProgress();
      cont.focus();
    }
    function showReveal(s) {
      var r = obj(s.reveal) || {};
      clear(reveal);
      reveal.hidden = false;
      add(reveal, el("h3", null, "What happens"), el("div", "reveal-text", str(r.text)));
      var steps = arr(r.steps).filter(function (x) { return typeof x === "number" && x >= 0 && x < m.n; });
      if (!steps.length) return;
      var ol = el("ol", "reveal-steps");
      var items = [];
      steps.forEach(function (seq, n) {
        var st = m.step(seq);
        var li = el("li");
        li.setAttribute("data-seq", String(seq));
        add(li, el("span", "seq", String(seq)), el("span", "kind", st.k), st.m.length ? add(el("span", "marks"), markBadges(st.m)) : null, el("span", "text", st.x));
        li.addEventListener("click", function () { revealStop(); at = n; showAt(false); });
        items.push(li);
        ol.appendChild(li);
      });
      var ctl = el("div", "reveal-ctl");
      var at = 0;
      function showAt(animate) {
        items.forEach(function (li, n) { li.classList.toggle("current", n === at); });
        showPicture(steps[at], animate);
      }
      var replay = button("reveal-replay", "\u21bb replay", "step through the reveal again", function () { start(); }, "btn small");
      var prevB = button("reveal-prev", "\u25c0", "previous reveal step", function () { revealStop(); if (at > 0) { at--; showAt(true); } }, "btn small");
      var nextB = button("reveal-next", "\u25b6", "next reveal step", function () { revealStop(); if (at < steps.length - 1) { at++; showAt(true); } }, "btn small");
      add(ctl, prevB, nextB, replay);
      add(reveal, ctl, ol);
      function start() {
        revealStop();
        at = 0;
        showAt(false);
        revealTimer = setInterval(function () {
          if (at >= steps.length - 1) { revealStop(); return; }
          at++;
          showAt(Math.abs(steps[at] - steps[at - 1]) <= 1);
        }, 1400);
      }
      start();
    }
    function onContinue() {
      var s = stops[state.stop];
      var qs = s ? arr(s.questions) : [];
      if (s && state.q < qs.length - 1) {
        state.q++;
        save();
        showStop();
        return;
      }
      if (state.stop < stops.length - 1) {
        state.stop++;
        state.q = 0;
        save();
        showStop();
        stopBox.scrollIntoView({ block: "start" });
        return;
      }
      state.done = true;
      save();
      showStop();
    }
    function showEnd() {
      revealStop();
      drawProgress();
      clear(end);
      end.hidden = false;
      var right = rightFirstTime();
      var score = el("div", "score");
      score.id = "score";
      add(score, el("span", "score-num", right + " / " + total), el("span", "score-text", " questions right on the first try"));
      var tk = el("div", "takeaway", str(L.takeaway));
      tk.id = "takeaway";
      add(end, el("h2", null, "Done"), score, el("h3", null, "Takeaway"), tk);
      var fx = obj(L.fix);
      if (fx) {
        var fix = el("section", "fix");
        fix.id = "fix";
        add(fix, el("h3", null, "The fix"), el("div", "fix-summary", str(fx.summary)));
        var pre = el("pre", "code");
        var code = el("code", null, arr(fx.code).map(str).join("\n"));
        pre.appendChild(code);
        fix.appendChild(pre);
        end.appendChild(fix);
      }
      var again = button(null, "start over", "start the lesson again", function () { restart.click(); }, "btn");
      end.appendChild(again);
      if (stops.length) showPicture(m.n - 1, false);
    }
    showStop();

    installKeys(function (e) {
      var k = e.key;
      if (/^[1-9]$/.test(k)) {
        var c = qBox.querySelectorAll(".choice")[parseInt(k, 10) - 1];
        if (c && !c.disabled) { c.click(); return true; }
        return false;
      }
      if ((k === "Enter" || k === "ArrowRight" || k === "n") && !cont.hidden && !stopBox.hidden) { cont.click(); return true; }
      if (k === "g" || k === "w") { Glossary.open(); return true; }
      if (k === "p") { Presenter.toggle(); return true; }
      if (k === "h" && !stopBox.hidden) {
        if (!hintBtn.hidden && !hintBtn.disabled) hintBtn.click();
        else if (hintBtn.hidden && qBox.querySelector(".choice")) { clear(hint); hint.appendChild(el("div", "none", "No hint for this question.")); hint.hidden = false; }
        return true;
      }
      return false;
    }, ["?"]);
    Presenter.start(function (on) {
      var fresh = new Picture(m, { ids: true, compact: true, screenHeight: screenHeightFor("lesson"), maxWidth: phoneWidthFor() });
      picCol.replaceChild(fresh.root, pic.root);
      pic = fresh;
      var at = parseInt(D.body.dataset.step, 10);
      pic.draw(isFinite(at) ? at : -1, false);
      if (on) window.scrollTo(0, 0);
    });
  }

  /* ===================================================================== */
  /* 10. Help overlay                                                       */
  /* ===================================================================== */

  var Help = {
    box: null,
    last: null,
    build: function (page, m) {
      var noun = m ? m.noun : "row", plural = m ? m.plural : "rows";
      var box = this.box = el("div", "help-overlay");
      box.id = "help";
      box.hidden = true;
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-modal", "true");
      box.setAttribute("aria-label", "keyboard help");
      var card = el("div", "help-card");
      var close = button("help-close", "\u00d7", "close (Esc)", function () { Help.close(); }, "btn small help-close");
      add(card, close, el("h2", null, "Keys"));
      var rows;
      if (page === "lesson") {
        rows = [["1 \u2026 9", "choose an answer"], ["h", "the hint"], ["Enter, \u2192, n", "continue"], ["g", "the glossary"],
          ["p", "presenter mode: large, one question per slide (or #present in the URL)"], ["?", "this help"], ["Esc", "close it"]];
      } else {
        rows = [
          ["\u2192 n Enter Space", page === "diff" ? "next position" : "next step"],
          ["\u2190 b", "back"],
          ["Home / End", "start / last step"],
          ["g", "go to a step (type it, Enter)"],
          ["s / Shift+S", "next / previous STALE row on screen"],
          ["x", "next HITCH"],
          ["Shift+P", "play / pause"],
          ["p", "presenter mode: large, one step per slide (or #present in the URL)"],
          ["w", "the glossary"],
          ["+ / -", "faster / slower"],
          ["h ?", "this help"],
          ["Esc", "close it, or leave a text box"]
        ];
        if (page === "trace") rows.splice(4, 0, ["k", "next step of a kind or group (type it, Enter)"],
          ["c", "show or hide the code; click a line of it (or \u2191 \u2193 Enter in it) for the next step that ran it"]);
        if (page === "diff") rows.splice(4, 0, ["d", "first divergence"], ["c / Shift+C", "next / previous change"]);
      }
      var tb = el("table", "keys");
      rows.forEach(function (r) {
        var tr = el("tr");
        var th = el("th");
        r[0].split(/ +/).forEach(function (k) {
          if (k === "/" || k === "or") th.appendChild(D.createTextNode(" " + k + " "));
          else th.appendChild(el("kbd", null, k));
        });
        add(tr, th, el("td", null, r[1]));
        tb.appendChild(tr);
      });
      card.appendChild(tb);
      if (page !== "lesson") {
        add(card, el("h3", null, "Reading the picture"),
          el("p", null, "The phone shows the " + plural + " on screen; faded " + plural + " above and below are just off screen. Each cell has its own colour and #number, so you can follow one cell as it leaves at one edge and comes back at the other for another " + noun + ". A tile is what the cell's image view holds: image N (" + noun + " N's own picture, until an update moves " + plural + "), a grey \u2026 placeholder, or nothing. A cell outlined in red shows another " + noun + "'s image (STALE). Beside the phone: cells prepared ahead, kept aside, in the reuse pool (next out on top), and what the network and main thread are doing."),
          el("p", null, "Playback runs in the trace's own time at the chosen speed; long idle gaps are shortened. The timeline's x axis is the step number."));
      }
      box.appendChild(card);
      box.addEventListener("click", function (e) { if (e.target === box) Help.close(); });
      D.body.appendChild(box);
    }
  };

  /* The glossary (data.glossary: [[term, meaning], ...], the list `reuselab lesson
   * --glossary` prints): a panel over the page, built the first time it opens.
   * Key: g on the lesson page, w on the trace and diff pages (g goes to a step). */
  var Glossary = {
    box: null,
    last: null,
    lazy: true,
    key: "w",
    build: function () {
      var box = this.box = el("div", "help-overlay glossary-overlay");
      box.id = "glossary";
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-modal", "true");
      box.setAttribute("aria-label", "glossary");
      var card = el("div", "help-card glossary-card");
      var close = button("glossary-close", "\u00d7", "close (Esc)", function () { Glossary.close(); }, "btn small help-close");
      add(card, close, el("h2", null, "Glossary"));
      var dl = el("dl", "glossary-list");
      arr(DATA.glossary).forEach(function (entry) {
        entry = arr(entry);
        var dt = el("dt", null, str(entry[0]));
        dt.setAttribute("data-term", str(entry[0]));
        add(dl, dt, el("dd", null, str(entry[1])));
      });
      if (!dl.firstChild) card.appendChild(el("div", "none", "This page carries no glossary."));
      card.appendChild(dl);
      box.appendChild(card);
      box.addEventListener("click", function (e) { if (e.target === box) Glossary.close(); });
      D.body.appendChild(box);
    }
  };

  /* What a dialog over the page does (the keys' help, the glossary): it opens
   * with focus on its close button, closes on Esc or a click beside it, and
   * gives focus back to where it was. A dialog with `lazy` set is built on its
   * first opening. */
  var dialog = {
    isOpen: function () { return !!(this.box && !this.box.hidden); },
    open: function () {
      if (!this.box && this.lazy) this.build();
      if (!this.box) return;
      this.last = D.activeElement;
      this.box.hidden = false;
      var c = this.box.querySelector(".help-close");
      if (c) c.focus();
    },
    close: function () {
      if (!this.box) return;
      this.box.hidden = true;
      if (this.last && this.last.focus) { try { this.last.focus(); } catch (e) { /* ignore */ } }
    },
    toggle: function () { if (this.isOpen()) this.close(); else this.open(); }
  };
  ["isOpen", "open", "close", "toggle"].forEach(function (name) { Help[name] = dialog[name]; Glossary[name] = dialog[name]; });
  function glossaryButton() {
    return button("glossary-button", "glossary", "the words these pages use (" + Glossary.key + ")", function () { Glossary.toggle(); }, "btn small");
  }

  /* ===================================================================== */
  /* 11. Start-up                                                           */
  /* ===================================================================== */

  var DATA = null;
  try {
    var node = D.getElementById("reuselab-data");
    DATA = node ? JSON.parse(node.textContent) : null;
  } catch (e) { DATA = null; }
  DATA = obj(DATA);
  var page = DATA ? str(DATA.page) : "";
  if (page !== "trace" && page !== "diff" && page !== "lesson") page = DATA ? "trace" : "error";
  D.body.dataset.page = page;
  try {
    if (!DATA) {
      D.body.appendChild(header("ReuseLab", null));
      D.body.appendChild(el("div", "fatal", "This page's data could not be read."));
    } else {
      if (DATA.title) D.title = str(DATA.title);
      if (DATA.schema !== 1) {
        var warn = el("div", "schema-warning", "This page's data uses schema " + str(DATA.schema) + "; this script knows schema 1, so some parts may not show.");
        D.body.appendChild(warn);
      }
      if (page === "diff") diffPage();
      else if (page === "lesson") lessonPage();
      else tracePage();
    }
  } finally {
    D.body.dataset.ready = "1";
  }
})();