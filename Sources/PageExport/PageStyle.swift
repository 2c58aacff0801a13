/// The page's CSS for `reuselab html`, inline in the page (the
/// Content-Security-Policy allows it by hash). Light theme by default, dark
/// via `prefers-color-scheme`; hand-written, no fonts or images.
enum PageStyle {
    static let source = #"""
/* ReuseLab page style. Sections: theme, header & controls, timeline, page
   layout, the phone viewport and cells, side panels, annotation & step list,
   diff page, lesson page, help overlay, responsive, long strings and bidi. */

/* ---------- theme ---------- */
:root {
  --bg: #f6f6f3; --fg: #1b1d21; --muted: #656b75; --faint: #9aa0a8;
  --panel: #ffffff; --panel2: #f0f1f3; --border: #d8dbe0; --border2: #c3c7ce;
  --accent: #1f5fd6; --accent-bg: #e6eefc;
  --stale: #d1242f; --stale-bg: #fde8ea; --late: #a3125e;
  --hitch: #e8590c; --hitch-bg: #fff0e5;
  --ok: #1a7f37; --ok-bg: #e3f5e8;
  --phone: #11151b; --screen: #ffffff; --shade: rgba(246, 246, 243, 0.55);
  --cell-s: 72%; --cell-l: 86%; --cell-bs: 55%; --cell-bl: 42%;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171b; --fg: #e7e9ec; --muted: #a0a6b0; --faint: #6d737c;
    --panel: #1e2126; --panel2: #262a30; --border: #343942; --border2: #4a505a;
    --accent: #6ea2ff; --accent-bg: #1d2c48;
    --stale: #ff5c66; --stale-bg: #3d1a1e; --late: #f06bb0;
    --hitch: #ff8a3d; --hitch-bg: #3a2413;
    --ok: #4cc36b; --ok-bg: #173222;
    --phone: #9aa3b0; --screen: #0d0f12; --shade: rgba(21, 23, 27, 0.55);
    --cell-s: 38%; --cell-l: 30%; --cell-bs: 55%; --cell-bl: 62%;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body {
  background: var(--bg); color: var(--fg);
  font: 15px/1.45 var(--sans);
  overflow-wrap: anywhere;
  -webkit-text-size-adjust: 100%;
}
[hidden] { display: none !important; }
h1, h2, h3 { margin: 0; line-height: 1.25; }
h2.col-title { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 6px; }
.num, .seq, .time, .step-number, .step-time, .clock, code, pre, kbd, .tile, .cell-id, .chip-id, .row-label { font-family: var(--mono); font-variant-numeric: tabular-nums; }
.none { color: var(--faint); font-size: 13px; font-style: italic; }
.none.big { font-size: 17px; padding: 24px 12px; text-align: center; }
.fatal { margin: 40px; font-size: 18px; color: var(--stale); }
.schema-warning { margin: 8px 20px 0; padding: 6px 10px; border-radius: 6px; background: var(--hitch-bg); color: var(--hitch); font-size: 13px; }

/* ---------- header & controls ---------- */
header.top {
  display: flex; align-items: flex-start; justify-content: space-between; gap: 16px;
  padding: 12px 20px 8px;
}
header.top .titles { min-width: 0; }
.title { font-size: 21px; font-weight: 650; }
.subtitle { color: var(--muted); font-size: 13px; font-family: var(--mono); margin-top: 2px; }
.header-actions { display: flex; gap: 6px; flex: none; }
.controls {
  position: sticky; top: 0; z-index: 20;
  background: var(--bg); padding: 6px 20px 8px;
  border-bottom: 1px solid var(--border);
}
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; }
.tgroup { display: flex; align-items: center; gap: 4px; }
.tgroup.right { margin-left: auto; }
.tlabel { font-size: 12px; color: var(--muted); margin-right: 2px; }
.btn, .choice, select, input[type=text] {
  font: inherit; font-size: 14px; color: var(--fg);
  background: var(--panel); border: 1px solid var(--border2); border-radius: 6px;
  padding: 4px 10px; min-height: 30px;
}
.btn { cursor: pointer; white-space: nowrap; }
.btn:hover:not(:disabled) { border-color: var(--accent); }
.btn:disabled { opacity: .45; cursor: default; }
.btn:focus-visible, .choice:focus-visible, select:focus-visible, input:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.btn.primary { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; min-width: 84px; }
.btn.primary.playing { background: var(--fg); border-color: var(--fg); color: var(--bg); }
@media (prefers-color-scheme: dark) { .btn.primary { color: #0b1220; } }
.btn.small { font-size: 13px; padding: 2px 8px; min-height: 26px; }
.btn.stale-btn { color: var(--stale); }
.btn.hitch-btn { color: var(--hitch); }
.btn.div-btn { color: var(--accent); font-weight: 600; }
#goto { width: 70px; font-family: var(--mono); }
.nav-msg { font-size: 13px; color: var(--hitch); min-height: 1em; }

/* ---------- timeline ---------- */
.timeline { --lab: 86px; margin-top: 6px; user-select: none; }
.lanes { position: relative; cursor: pointer; }
.lane { display: flex; align-items: center; height: 9px; }
.lane + .lane { margin-top: 2px; }
.lane-label { flex: 0 0 var(--lab); font-size: 9px; line-height: 9px; color: var(--muted); text-align: right; padding-right: 8px; white-space: nowrap; overflow: hidden; }
.lane-track { position: relative; flex: 1 1 auto; height: 100%; background: var(--panel2); border-radius: 2px; }
.marker { position: absolute; top: 0; bottom: 0; width: 3px; margin-left: -1px; border-radius: 1px; background: var(--muted); }
.marker[data-kind="init"] { background: #2f9e44; }
.marker[data-kind="prepareForReuse"] { background: var(--accent); }
.marker[data-kind="prefetchRowsAt"] { background: #7048e8; }
.marker[data-kind="cancelPrefetchingForRowsAt"] { background: #c2255c; top: 50%; }
.marker[data-kind="STALE"] { background: var(--stale); }
.marker[data-kind="LATE"] { background: var(--late); }
.marker[data-kind="HITCH"] { background: var(--hitch); }
.marker[data-kind="changed"] { background: #e0a100; }
.marker[data-kind="onlyA"] { background: #1971c2; }
.marker[data-kind="onlyB"] { background: #9c36b5; }
.marker[data-kind="divergence"] { background: var(--fg); width: 3px; top: -3px; bottom: -3px; z-index: 2; }
.cursor { --x: 0; position: absolute; top: -2px; bottom: -2px; left: calc(var(--lab) + (100% - var(--lab)) * var(--x)); width: 2px; margin-left: -1px; background: var(--fg); pointer-events: none; z-index: 3; }
.cursor.at-start { opacity: .3; }
.scrub-row { height: 22px; margin-top: 2px; }
#scrubber { flex: 1 1 auto; margin: 0; min-width: 0; accent-color: var(--accent); }
.ticks { height: 14px; }
.ticks .lane-track { background: none; }
.tick { position: absolute; top: 0; font-size: 10px; color: var(--faint); transform: translateX(-50%); white-space: nowrap; }
.tick:first-child { transform: none; }
.tick.last { transform: translateX(-100%); }

/* ---------- page layout ---------- */
.trace-main {
  display: grid; grid-template-columns: minmax(0, auto) minmax(300px, 1fr);
  gap: 16px; padding: 12px 20px 8px; align-items: start;
}
.stage-col { min-width: 0; }
.list-col { min-width: 0; display: flex; flex-direction: column; }
.foot { padding: 14px 20px 20px; color: var(--faint); font-size: 12px; font-family: var(--mono); }

/* ---------- the picture: phone viewport and cells ---------- */
.picture { display: grid; grid-template-columns: 170px auto 180px; gap: 12px; align-items: start; }
.picture.compact { grid-template-columns: auto minmax(150px, 170px); }
.phone { display: flex; flex-direction: column; align-items: center; }
.clock { display: flex; gap: 10px; font-size: 12px; color: var(--muted); margin-bottom: 4px; white-space: nowrap; }
.clock span:empty { display: none; }
.viewport {
  position: relative; overflow: hidden; background: var(--bg);
  border-radius: 10px;
  contain: strict;
}
.rows-layer { position: absolute; inset: 0; }
.screen-frame {
  position: absolute; left: 0; right: 0; pointer-events: none;
  border: 3px solid var(--phone); border-radius: 8px;
  box-shadow: 0 0 0 1px var(--border2);
}
.viewport.hitch .screen-frame { border-color: var(--hitch); box-shadow: 0 0 0 3px var(--hitch-bg); }
.shade { position: absolute; left: 0; right: 0; background: var(--shade); pointer-events: none; z-index: 1; }
.shade-top { top: 0; border-bottom: 1px dashed var(--border2); }
.shade-bottom { bottom: 0; border-top: 1px dashed var(--border2); }
.viewport-note { position: absolute; left: 0; right: 0; text-align: center; color: var(--faint); font-size: 13px; font-style: italic; pointer-events: none; }
.rows-layer > div {
  position: absolute; left: 3px; right: 3px; top: 0;
  display: flex; align-items: stretch; gap: 3px;
  will-change: transform;
}
/* an item of a grid: left edge and width come with the data (set through the CSSOM) */
.rows-layer > div.item { right: auto; }
.rows-layer > div.item .cell { flex-wrap: wrap; align-content: center; row-gap: 3px; }
.rows-layer > div.item .stale-badge { margin-left: 0; }
.rows-layer > div.item .row-label {
  position: absolute; left: 3px; top: 2px; z-index: 1; padding: 0; text-align: left;
  font-size: 10px; line-height: 1; max-width: calc(100% - 6px);
}
.rows-layer.animate > div { transition: transform 200ms ease-out, opacity 250ms ease-out; }
.rows-layer.animate > div.no-anim { transition: none; }
.row-label {
  flex: 0 0 30px; align-self: center; text-align: right; font-size: 11px; font-weight: 600;
  color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; padding-right: 2px;
}
.cells { flex: 1 1 auto; display: flex; gap: 2px; min-width: 0; }
.row.no-cell .cells { border: 1px dashed var(--border2); border-radius: 4px; }
.near { opacity: .55; }
.near .cells { border: 1px dashed var(--border2); border-radius: 4px; background: transparent; }
.leaving { opacity: 0; }
.cell {
  --h: 200;
  flex: 1 1 0; min-width: 0; display: flex; align-items: center; gap: 5px;
  padding: 0 5px; border-radius: 4px; overflow: hidden;
  background: hsl(var(--h), var(--cell-s), var(--cell-l));
  border: 1px solid hsl(var(--h), var(--cell-bs), var(--cell-bl));
}
.cell-id { font-size: 11px; font-weight: 700; color: hsl(var(--h), 60%, 25%); white-space: nowrap; flex: none; }
@media (prefers-color-scheme: dark) { .cell-id { color: hsl(var(--h), 70%, 82%); } }
.cell.stale { border: 2px solid var(--stale); box-shadow: inset 0 0 0 1px var(--stale); }
.stale-badge {
  margin-left: auto; font-size: 10px; font-weight: 800; letter-spacing: .04em;
  color: #fff; background: var(--stale); border-radius: 3px; padding: 0 4px; line-height: 15px;
  white-space: nowrap;
}
.tile {
  --ih: 200;
  flex: none; display: inline-flex; align-items: center; justify-content: center;
  height: 20px; min-width: 22px; padding: 0 2px; border-radius: 3px;
  font-size: 11px; font-weight: 700; line-height: 1; overflow: hidden; max-width: 60px;
}
.row .tile, .cell .tile { height: calc(100% - 6px); max-height: 34px; min-height: 12px; aspect-ratio: 1 / 1; }
.tile.image { color: #fff; background: linear-gradient(135deg, hsl(var(--ih), 58%, 46%), hsl(var(--ih), 62%, 32%)); text-shadow: 0 1px 1px rgba(0,0,0,.35); }
.tile.placeholder { color: var(--muted); background: repeating-linear-gradient(45deg, var(--panel2), var(--panel2) 3px, var(--border) 3px, var(--border) 5px); }
.tile.empty { border: 1px dashed hsl(var(--h, 0), 20%, 55%); background: transparent; }
.cell.stale .tile.image { outline: 2px solid var(--stale); outline-offset: -1px; }
.legend { margin-top: 6px; font-size: 11px; color: var(--muted); display: flex; align-items: center; flex-wrap: wrap; gap: 2px 0; justify-content: center; max-width: 100%; }
.legend .tile { height: 16px; min-width: 16px; font-size: 10px; margin: 0 3px; }
.legend-row { font-family: var(--mono); font-weight: 700; margin-right: 3px; }
.legend-cell { font-family: var(--mono); font-weight: 700; padding: 0 4px; border-radius: 3px; margin: 0 3px; background: hsl(var(--h), var(--cell-s), var(--cell-l)); border: 1px solid hsl(var(--h), var(--cell-bs), var(--cell-bl)); }

/* ---------- side panels ---------- */
.panels { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.panel { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 6px 8px 8px; min-width: 0; }
.panel-title { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin-bottom: 4px; }
.chips { display: flex; flex-wrap: wrap; gap: 4px; }
.chip {
  --h: 200;
  display: inline-flex; align-items: center; gap: 4px; max-width: 100%;
  padding: 1px 6px 1px 2px; border-radius: 4px; font-size: 12px; min-height: 22px;
  background: hsl(var(--h), var(--cell-s), var(--cell-l));
  border: 1px solid hsl(var(--h), var(--cell-bs), var(--cell-bl));
}
.chip.plain { background: var(--panel2); border-color: var(--border); padding-left: 6px; }
.chip .tile { height: 18px; min-width: 18px; font-size: 10px; }
.chip-id { font-weight: 700; font-size: 12px; white-space: nowrap; flex: none; }
.chip-text { color: var(--fg); opacity: .8; font-size: 12px; overflow: hidden; text-overflow: ellipsis; }
.other-group + .other-group { margin-top: 6px; }
.other-label { font-size: 12px; color: var(--muted); margin-bottom: 2px; }
.pool + .pool { margin-top: 6px; }
.pool-name { font-family: var(--mono); font-size: 12px; font-weight: 600; margin-bottom: 3px; }
.stack { display: flex; flex-direction: column; gap: 2px; max-height: 240px; overflow: auto; }
.stack .chip { width: 100%; padding-left: 6px; }
.stack .chip.next { box-shadow: 0 0 0 2px var(--accent); margin: 2px 2px 3px; width: calc(100% - 4px); }
.stack .chip.next .chip-text { margin-left: auto; font-size: 10px; text-transform: uppercase; letter-spacing: .04em; color: var(--accent); opacity: 1; font-weight: 700; }
.prefetch-text { font-family: var(--mono); font-size: 12px; color: #7048e8; }
@media (prefers-color-scheme: dark) { .prefetch-text { color: #b197fc; } }
ul.requests { list-style: none; margin: 0; padding: 0; max-height: 150px; overflow: auto; }
.request { display: flex; align-items: center; gap: 6px; font-size: 12px; line-height: 18px; }
.req-dot { width: 8px; height: 8px; border-radius: 50%; background: var(--faint); flex: none; }
.request[data-status="running"] .req-dot { background: var(--ok); }
.req-label { font-family: var(--mono); flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.req-status { color: var(--muted); font-size: 11px; flex: none; max-width: 45%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.panel-busy.is-busy { border-color: var(--hitch); }
.panel-busy.is-long { background: var(--hitch-bg); }
.busy-ms { font-family: var(--mono); font-size: 13px; font-weight: 700; color: var(--hitch); }
.busy-bar { position: relative; height: 8px; margin: 3px 0; background: var(--panel2); border-radius: 4px; overflow: hidden; }
.busy-fill { height: 100%; background: var(--hitch); }
.busy-budget { position: absolute; top: 0; bottom: 0; width: 1px; background: var(--fg); opacity: .6; }
.busy-cause { font-size: 12px; color: var(--muted); }
dl.stats { display: grid; grid-template-columns: auto auto; gap: 2px 8px; margin: 0; font-size: 13px; }
dl.stats dt { color: var(--muted); }
dl.stats dd { margin: 0; text-align: right; font-weight: 600; }

/* ---------- annotation & step list ---------- */
.annotation-box { contain: inline-size; margin-top: 10px; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 8px 12px 10px; }
.step-head { display: flex; align-items: baseline; flex-wrap: wrap; gap: 4px 8px; font-size: 13px; color: var(--muted); }
.step-head .step-number { font-size: 18px; font-weight: 700; color: var(--fg); }
.step-head .step-label { text-transform: uppercase; font-size: 11px; letter-spacing: .05em; }
.annotation { font-size: 18px; line-height: 1.45; margin-top: 4px; white-space: pre-line; max-height: 12em; overflow: auto; }
.annotation.is-stale { color: var(--stale); }
.annotation.is-hitch { border-left: 4px solid var(--hitch); padding-left: 8px; }
.kind { font-family: var(--mono); font-size: 12px; padding: 0 5px; border-radius: 3px; background: var(--panel2); color: var(--fg); white-space: nowrap; }
.kind[data-kind="init"] { background: #d3f9d8; color: #1b5e20; }
.kind[data-kind="prepareForReuse"] { background: var(--accent-bg); color: var(--accent); }
.kind[data-kind="prefetchRowsAt"], .kind[data-kind="cancelPrefetchingForRowsAt"] { background: #ece5ff; color: #5f3dc4; }
@media (prefers-color-scheme: dark) {
  .kind[data-kind="init"] { background: #1d3b24; color: #8ce99a; }
  .kind[data-kind="prefetchRowsAt"], .kind[data-kind="cancelPrefetchingForRowsAt"] { background: #2b2350; color: #b197fc; }
}
.marks { flex: none; display: inline-flex; gap: 2px; }
.mark { white-space: nowrap; font-family: var(--mono); font-size: 10px; font-weight: 800; padding: 0 4px; border-radius: 3px; background: var(--panel2); color: var(--muted); letter-spacing: .03em; }
.mark[data-mark="STALE"] { background: var(--stale); color: #fff; }
.mark[data-mark="LATE"] { background: var(--late); color: #fff; }
.mark[data-mark="HITCH"] { background: var(--hitch); color: #fff; }
.mark[data-mark="NEW"] { background: #d3f9d8; color: #1b5e20; }
.mark[data-mark="REUSE"] { background: var(--accent-bg); color: var(--accent); }
.filter { background: var(--panel); border: 1px solid var(--border); border-radius: 8px 8px 0 0; padding: 6px 8px; font-size: 13px; }
.filter-groups { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.filter-label { color: var(--muted); font-size: 12px; margin-right: 2px; }
.fchip, .kchip { display: inline-flex; align-items: center; gap: 3px; padding: 1px 6px 1px 3px; border: 1px solid var(--border); border-radius: 12px; cursor: pointer; font-size: 12px; user-select: none; }
.fchip:has(input:checked), .kchip:has(input:checked) { background: var(--accent-bg); border-color: var(--accent); }
.fchip input, .kchip input { margin: 0; }
.filter-row2 { display: flex; align-items: center; gap: 8px; margin-top: 4px; }
.filter-kinds summary { cursor: pointer; color: var(--muted); font-size: 12px; }
.kind-list { display: flex; flex-wrap: wrap; gap: 3px; padding: 4px 0; }
.kchip { font-family: var(--mono); font-size: 11px; }
.kchip .count { color: var(--faint); }
.filter-count { margin-left: auto; color: var(--muted); font-size: 12px; }
.filter-jump { display: flex; gap: 4px; margin-top: 5px; }
#kind { flex: 1 1 auto; min-width: 0; font-family: var(--mono); font-size: 13px; }
.list-box { border: 1px solid var(--border); border-top: 0; border-radius: 0 0 8px 8px; background: var(--panel); }
ol.steps {
  list-style: none; margin: 0; padding: 0;
  height: calc(100vh - 330px); min-height: 300px; max-height: 720px;
  overflow-y: auto; position: relative; overscroll-behavior: contain;
  contain: strict;
}
ol.steps > li {
  display: flex; align-items: center; gap: 6px; height: 24px; padding: 0 8px; overflow: hidden;
  content-visibility: auto; contain-intrinsic-size: auto 24px;
  font-size: 13px; white-space: nowrap; cursor: pointer; border-bottom: 1px solid var(--panel2);
}
ol.steps > li:hover { background: var(--panel2); }
ol.steps > li.hidden { display: none; }
ol.steps.empty { display: none; }
ol.steps > li.current { background: var(--accent-bg); box-shadow: inset 3px 0 0 var(--accent); }
ol.steps > li.is-stale .seq { color: var(--stale); font-weight: 700; }
ol.steps > li.is-hitch .seq { color: var(--hitch); font-weight: 700; }
ol.steps .seq { flex: 0 0 40px; text-align: right; color: var(--muted); font-size: 12px; }
ol.steps .time { flex: 0 0 70px; text-align: right; color: var(--faint); font-size: 11px; }
ol.steps .kind { flex: none; font-size: 11px; }
ol.steps .marks { display: inline-flex; gap: 2px; flex: none; }
ol.steps .text { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; color: var(--fg); }

/* ---------- diff page ---------- */
.divergence { max-height: 8.5em; overflow: auto; margin: 10px 20px 0; padding: 8px 12px; border: 1px solid var(--border); border-left: 4px solid var(--fg); background: var(--panel); border-radius: 6px; font-size: 14px; }
.divergence.none-div { border-left-color: var(--ok); }
.div-head { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.div-line { font-size: 13px; margin-top: 3px; }
.diff-main { display: grid; grid-template-columns: minmax(0, auto) minmax(280px, 1fr); gap: 16px; padding: 10px 20px 8px; align-items: start; }
.diff-center { min-width: 0; }
.pos-head { display: flex; align-items: baseline; gap: 8px; margin-bottom: 6px; font-size: 13px; color: var(--muted); }
.pos-head .step-number { font-size: 18px; font-weight: 700; color: var(--fg); }
.pos-head .step-label { text-transform: uppercase; font-size: 11px; letter-spacing: .05em; }
.change { font-size: 12px; font-weight: 700; padding: 1px 6px; border-radius: 3px; background: var(--panel2); color: var(--fg); }
.change[data-change="changed"] { background: #e0a100; color: #000; }
.change[data-change="onlyA"] { background: #1971c2; color: #fff; }
.change[data-change="onlyB"] { background: #9c36b5; color: #fff; }
.change.first-div { background: var(--fg); color: var(--bg); }
.sides { display: grid; grid-template-columns: repeat(2, minmax(0, auto)); gap: 16px; }
.side { min-width: 0; background: var(--panel2); border-radius: 10px; padding: 8px; border: 1px solid var(--border); }
.side.waiting .viewport { opacity: .6; }
.side-head { display: flex; align-items: center; gap: 8px; margin-bottom: 6px; min-width: 0; }
.side-badge { font-weight: 800; font-size: 13px; width: 22px; height: 22px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; color: #fff; flex: none; }
#side-a .side-badge { background: #1971c2; }
#side-b .side-badge { background: #9c36b5; }
.side-label { font-weight: 700; font-size: 15px; }
.side-file { font-family: var(--mono); font-size: 11px; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
.side .annotation-box { margin: 0 0 8px; }
.side .annotation { font-size: 15px; height: 4.6em; min-height: 0; overflow: auto; }
.picture.compact .panel { padding: 4px 7px 6px; }
.picture.compact .panels { gap: 6px; }
.wait-note { font-size: 12px; color: var(--muted); font-style: italic; }
.side.waiting .ann-text { color: var(--muted); }
.change-legend { display: flex; gap: 6px; margin-bottom: 6px; flex-wrap: wrap; }
.chg-key { font-size: 11px; padding: 0 6px; border-radius: 3px; border-left: 4px solid var(--border2); background: var(--panel); }
.chg-key[data-change="changed"], ol.steps > li.chg-changed { border-left-color: #e0a100; }
.chg-key[data-change="onlyA"], ol.steps > li.chg-onlyA { border-left-color: #1971c2; }
.chg-key[data-change="onlyB"], ol.steps > li.chg-onlyB { border-left-color: #9c36b5; }
ol.steps > li.pos { border-left: 4px solid transparent; }
ol.steps > li.first-div { outline: 2px solid var(--fg); outline-offset: -2px; }
.chg { flex: 0 0 14px; text-align: center; font-weight: 700; font-family: var(--mono); color: var(--muted); }
.report { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 20px; padding: 12px 20px; }
ul.summary { margin: 0; padding-left: 18px; font-size: 15px; }
ul.summary li + li { margin-top: 4px; }
table.metrics { border-collapse: collapse; width: 100%; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; font-size: 14px; }
table.metrics th, table.metrics td { padding: 5px 10px; border-bottom: 1px solid var(--panel2); text-align: left; }
table.metrics thead th { font-size: 12px; color: var(--muted); font-weight: 600; }
table.metrics td.num { text-align: right; }
table.metrics td.better { background: var(--ok-bg); color: var(--ok); font-weight: 700; }
.better-mark { font-family: var(--sans); font-size: 11px; font-weight: 600; }
table.metrics td.equal { color: var(--muted); }
.metric-label { font-weight: 500; }

/* ---------- lesson page ---------- */
.progress { display: flex; align-items: center; gap: 6px; padding: 0 20px 8px; }
.pdot { width: 26px; height: 26px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 12px; font-weight: 700; border: 2px solid var(--border2); color: var(--muted); background: var(--panel); }
.pdot.done { background: var(--ok); border-color: var(--ok); color: #fff; }
.pdot.now { border-color: var(--accent); color: var(--accent); }
.pscore { margin-left: 10px; font-size: 13px; color: var(--muted); }
.intro, .stop, .lesson-end { margin: 0 20px 14px; background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 12px 16px; }
.intro h2, .stop-title, .lesson-end h2 { font-size: 15px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin-bottom: 6px; }
.intro-text { font-size: 17px; white-space: pre-line; max-width: 70em; }
.stop-grid { display: grid; grid-template-columns: minmax(0, auto) minmax(320px, 1fr); gap: 20px; align-items: start; }
.narration { font-size: 17px; white-space: pre-line; margin-bottom: 10px; }
.pause-note { font-size: 13px; color: var(--muted); margin-top: 4px; font-family: var(--mono); white-space: normal; }
.question { background: var(--panel2); border-radius: 8px; padding: 10px 12px; }
.q-number { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.ask { font-size: 19px; font-weight: 650; margin: 2px 0 10px; }
.choices { display: flex; flex-direction: column; gap: 6px; }
.choice { display: flex; align-items: center; gap: 10px; text-align: left; cursor: pointer; font-size: 16px; padding: 8px 12px; }
.choice:hover:not(:disabled) { border-color: var(--accent); background: var(--accent-bg); }
.choice:disabled { cursor: default; }
.choices { counter-reset: choice; }
.choice::before { counter-increment: choice; content: counter(choice); font-family: var(--mono); font-size: 12px; color: var(--muted); border: 1px solid var(--border2); border-radius: 4px; padding: 0 5px; flex: none; }
.choice-label { min-width: 0; }
.choice.is-wrong { border-color: var(--stale); background: var(--stale-bg); opacity: .8; text-decoration: line-through; text-decoration-color: var(--stale); }
.choice.is-right { border-color: var(--ok); background: var(--ok-bg); color: var(--ok); font-weight: 700; opacity: 1; }
.hint-row { margin-top: 8px; }
.hint { margin-top: 6px; padding: 6px 10px; border-left: 3px solid var(--accent); background: var(--accent-bg); font-size: 15px; }
.feedback { margin-top: 10px; padding: 8px 12px; border-radius: 6px; font-size: 16px; }
.feedback[data-result="right"] { background: var(--ok-bg); border: 1px solid var(--ok); }
.feedback[data-result="wrong"] { background: var(--stale-bg); border: 1px solid var(--stale); }
.feedback[data-result="right"] .fb-head { color: var(--ok); }
.feedback[data-result="wrong"] .fb-head { color: var(--stale); }
.fb-answer { margin-top: 4px; font-weight: 600; }
.fb-again { margin-top: 4px; font-size: 14px; color: var(--muted); }
.fb-icon { font-weight: 800; margin-right: 6px; }
.feedback[data-result="right"] .fb-icon { color: var(--ok); }
.feedback[data-result="wrong"] .fb-icon { color: var(--stale); }
details.context { margin-top: 6px; font-size: 14px; white-space: normal; }
details.context summary { cursor: pointer; color: var(--muted); font-size: 13px; }
ol.context-steps { list-style: none; margin: 4px 0 0; padding: 0; max-height: 200px; overflow: auto; border-left: 3px solid var(--border); }
ol.context-steps li { display: flex; gap: 6px; align-items: baseline; padding: 2px 8px; font-size: 13px; }
ol.context-steps .seq { color: var(--muted); flex: 0 0 36px; text-align: right; }
.reveal { margin-top: 12px; border-top: 1px solid var(--border); padding-top: 10px; }
.reveal h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.reveal-text { font-size: 16px; margin: 4px 0 8px; white-space: pre-line; }
.reveal-ctl { display: flex; gap: 4px; margin-bottom: 4px; }
ol.reveal-steps { list-style: none; margin: 0; padding: 0; border: 1px solid var(--border); border-radius: 6px; max-height: 260px; overflow: auto; }
ol.reveal-steps li { display: flex; gap: 6px; align-items: baseline; padding: 4px 8px; font-size: 13px; cursor: pointer; border-bottom: 1px solid var(--panel2); }
ol.reveal-steps li.current { background: var(--accent-bg); box-shadow: inset 3px 0 0 var(--accent); }
ol.reveal-steps .seq { color: var(--muted); flex: 0 0 36px; text-align: right; }
ol.reveal-steps .text { min-width: 0; }
#continue { margin-top: 12px; font-size: 16px; padding: 6px 16px; }
.score { font-size: 18px; margin-bottom: 10px; }
.score-num { font-family: var(--mono); font-size: 28px; font-weight: 800; color: var(--accent); }
.takeaway { font-size: 18px; font-weight: 600; margin: 4px 0 12px; white-space: pre-line; }
.fix h3, .lesson-end h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin-top: 8px; }
.fix-summary { margin: 4px 0 6px; }
pre.code { background: #11151b; color: #e7e9ec; padding: 10px 14px; border-radius: 8px; font-size: 14px; line-height: 1.5; overflow: auto; white-space: pre; overflow-wrap: normal; margin: 0 0 12px; }

/* ---------- help overlay ---------- */
.help-overlay { position: fixed; inset: 0; z-index: 100; background: rgba(0, 0, 0, .45); display: flex; align-items: center; justify-content: center; padding: 20px; }
.help-card { position: relative; background: var(--panel); color: var(--fg); border-radius: 12px; padding: 18px 22px; max-width: 620px; width: 100%; max-height: calc(100vh - 40px); overflow: auto; box-shadow: 0 20px 60px rgba(0,0,0,.35); }
.help-card h2 { font-size: 18px; margin-bottom: 8px; }
.help-card h3 { font-size: 14px; margin: 14px 0 4px; }
.help-card p { font-size: 14px; margin: 4px 0; color: var(--fg); }
.help-close { position: absolute; top: 10px; right: 10px; font-size: 18px; line-height: 1; }
table.keys { border-collapse: collapse; font-size: 14px; }
table.keys th { text-align: left; padding: 3px 14px 3px 0; white-space: nowrap; font-weight: 400; }
table.keys kbd + kbd { margin-left: 4px; }
table.keys td { padding: 3px 0; }
kbd { font-size: 12px; background: var(--panel2); border: 1px solid var(--border2); border-bottom-width: 2px; border-radius: 4px; padding: 0 5px; }

/* ---------- responsive ---------- */
@media (max-width: 1180px) {
  .trace-main, .diff-main { grid-template-columns: minmax(0, 1fr); }
  ol.steps { height: 340px; min-height: 0; }
}
@media (max-width: 1000px) {
  .picture { grid-template-columns: 150px auto 160px; gap: 8px; }
  .picture.compact { grid-template-columns: auto minmax(130px, 150px); }
  .report { grid-template-columns: minmax(0, 1fr); }
  .timeline { --lab: 70px; }
}
@media (max-width: 860px) {
  .stop-grid { grid-template-columns: minmax(0, 1fr); }
  .sides { grid-template-columns: minmax(0, 1fr); }
  .picture { grid-template-columns: auto minmax(140px, 1fr); }
  .picture:not(.compact) .panels-left { grid-column: 2; grid-row: 1; }
  .picture:not(.compact) .phone { grid-column: 1; grid-row: 1 / span 2; }
  .picture:not(.compact) .panels-right { grid-column: 2; }
}
@media (prefers-reduced-motion: reduce) {
  .rows-layer.animate > div { transition: none; }
}

/* ---------- long strings and bidi: nothing from the data may blow the layout up or reorder text ---------- */
.title { max-height: 3.9em; overflow: hidden; }
.subtitle { max-height: 2.9em; overflow: hidden; }
.panel-body { max-height: 280px; overflow: auto; }
.pool-name, .other-label, .busy-cause, .prefetch-text, .div-line, .side-label, .fix-summary { max-height: 6em; overflow: auto; }
.narration, .intro-text, .reveal-text, .takeaway, .ask, .hint, .feedback { max-height: 24em; overflow: auto; }
.choice-label { max-height: 6em; overflow: auto; }
ul.summary li, table.metrics th, table.metrics td { max-width: 40em; }
ul.summary li { max-height: 8em; overflow: auto; }
table.metrics td > *, table.metrics th { overflow-wrap: anywhere; }
.foot { max-height: 4em; overflow: hidden; }

/* each string from the data is its own bidi isolate, so a stray override cannot reorder its neighbours */
.subtitle > span, .chip-text, .row-label, .req-label, .req-status, .cell-id, .kind, .text, .pool-name, .other-label { unicode-bidi: isolate; }

/* short screens (projectors): the controls scroll away */
@media (max-height: 760px) {
  .controls { position: static; }
  header.top { padding-top: 8px; padding-bottom: 4px; }
  .title { font-size: 18px; }
}
"""#
}
