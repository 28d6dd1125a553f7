// The trace viewer of `prune trace view` (trace/trace_view.cpp), run in the page it
// writes: the trace is the JSON array in <script id="trace-data">. Built into prune as
// a string (cmake/embed_text.cmake), so the page needs no file and no network.
"use strict";
window.addEventListener("error", ev => document.body.setAttribute("data-viewer-error", String(ev.message)));
(function(){
const data = JSON.parse(document.getElementById("trace-data").textContent);
const header = data[0];
const vars = header.variables || [];
const props = header.propagators || [];
const nodes = new Map();
let root = null, current = null, endEvent = null, truncated = false, learned = 0;
for (let i = 1; i < data.length; i++) {
  const e = data[i];
  switch (e.e) {
    case "node": {
      const n = {id: e.id, parent: null, depth: e.depth, children: [], ev: [], dec: null, status: "open", folded: false, x: 0, y: 0, count: 1};
      if (e.id !== 0 && nodes.has(e.parent)) { n.parent = nodes.get(e.parent); n.parent.children.push(n); }
      if (root === null || e.id === 0) { if (root === null) root = n; }
      if (!nodes.has(e.id)) nodes.set(e.id, n);
      current = nodes.get(e.id);
      break;
    }
    case "decision": if (current) current.dec = e; break;
    case "prop": case "change": if (current) current.ev.push(e); break;
    case "fail": if (current) { current.ev.push(e); current.status = "fail"; } break;
    case "solution": if (current) { current.ev.push(e); current.status = "sol"; } break;
    case "learn": learned++; if (current) { current.ev.push(e); current.learned = (current.learned || 0) + 1; } break;
    case "end": endEvent = e; break;
    case "truncated": truncated = true; break;
    default: break;
  }
}
const vname = i => (vars[i] && vars[i].name) || ("x" + i);
const pname = i => (props[i] && props[i].name) || ("propagator#" + i);
const text = (tag, cls, s) => { const el = document.createElement(tag); if (cls) el.className = cls; el.textContent = s; return el; };

let summary = (header.source || "") + "  " + nodes.size + " nodes";
if (endEvent) summary += ", " + endEvent.failures + " failures, " + endEvent.solutions + " solutions, " + endEvent.propagations + " propagations";
if (learned) summary += ", " + learned + " nogoods learned";
if (truncated) summary += "  (trace truncated by --trace-limit)";
document.getElementById("summary").textContent = summary;

// ---- layout: leaves left to right in depth-first order, parents centred ----
let solutionsBelow = new Map();
function layout() {
  if (!root) return;
  let next = 0;
  const stack = [[root, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const n = top[0];
    if (n.folded || n.children.length === 0) {
      n.x = next++; n.y = n.depth; stack.pop(); continue;
    }
    if (top[1] < n.children.length) { stack.push([n.children[top[1]++], 0]); continue; }
    n.x = (n.children[0].x + n.children[n.children.length - 1].x) / 2; n.y = n.depth;
    stack.pop();
  }
}
function subtreeSize(n) {
  let c = 0; const st = [n];
  while (st.length) { const m = st.pop(); c++; for (const k of m.children) st.push(k); }
  return c;
}

// ---- drawing ----
const canvas = document.getElementById("tree");
const ctx = canvas.getContext("2d");
let scale = 20, ox = 20, oy = 40, selected = null;
const DX = 1, DY = 2.2;
function resize() {
  const r = canvas.parentElement.getBoundingClientRect();
  canvas.width = Math.max(100, r.width) * devicePixelRatio; canvas.height = Math.max(100, r.height) * devicePixelRatio;
  canvas.style.width = r.width + "px"; canvas.style.height = r.height + "px";
  draw();
}
function sx(n) { return ox + n.x * DX * scale; }
function sy(n) { return oy + n.y * DY * scale; }
function visible(fn) {
  if (!root) return;
  const st = [root];
  while (st.length) { const n = st.pop(); fn(n); if (!n.folded) for (let i = n.children.length - 1; i >= 0; i--) st.push(n.children[i]); }
}
function color(n) { return n.status === "sol" ? "#08752a" : n.status === "fail" ? "#b00020" : n.children.length ? "#3869b0" : "#999"; }
function draw() {
  ctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
  const w = canvas.width / devicePixelRatio, h = canvas.height / devicePixelRatio;
  ctx.clearRect(0, 0, w, h);
  if (!root) { ctx.fillText("The trace has no search node.", 20, 60); return; }
  ctx.strokeStyle = "#bbb"; ctx.lineWidth = 1; ctx.beginPath();
  visible(n => { if (n.parent && !n.parent.folded) { ctx.moveTo(sx(n.parent), sy(n.parent)); ctx.lineTo(sx(n), sy(n)); } });
  ctx.stroke();
  const r = Math.max(1.5, Math.min(6, scale * 0.3));
  visible(n => {
    const x = sx(n), y = sy(n);
    if (x < -10 || x > w + 10 || y < -10 || y > h + 10) return;
    ctx.fillStyle = color(n);
    if (n.folded) {
      ctx.beginPath(); ctx.moveTo(x, y - r); ctx.lineTo(x - 2 * r, y + 2 * r); ctx.lineTo(x + 2 * r, y + 2 * r); ctx.closePath(); ctx.fill();
      ctx.fillStyle = "#333"; ctx.font = "10px system-ui,sans-serif"; ctx.fillText(String(n.count), x + 2 * r + 2, y + 2 * r);
    } else { ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill(); }
    if (n === selected) { ctx.strokeStyle = "#000"; ctx.lineWidth = 2; ctx.beginPath(); ctx.arc(x, y, r + 3, 0, 2 * Math.PI); ctx.stroke(); ctx.lineWidth = 1; }
  });
}
function fit() {
  if (!root) return;
  let maxX = 0, maxY = 0;
  visible(n => { maxX = Math.max(maxX, n.x); maxY = Math.max(maxY, n.y); });
  const w = canvas.width / devicePixelRatio, h = canvas.height / devicePixelRatio;
  scale = Math.max(0.01, Math.min(40, (w - 40) / ((maxX + 1) * DX), (h - 80) / ((maxY + 1) * DY)));
  ox = 20; oy = 50; draw();
}
function nodeAt(px, py) {
  let best = null, bd = 144;
  visible(n => { const dx = sx(n) - px, dy = sy(n) - py, d = dx * dx + dy * dy; if (d < bd) { bd = d; best = n; } });
  return best;
}
let drag = null, moved = false;
canvas.addEventListener("mousedown", ev => { drag = [ev.clientX, ev.clientY, ox, oy]; moved = false; });
window.addEventListener("mousemove", ev => {
  if (!drag) return;
  const dx = ev.clientX - drag[0], dy = ev.clientY - drag[1];
  if (Math.abs(dx) + Math.abs(dy) > 3) moved = true;
  ox = drag[2] + dx; oy = drag[3] + dy; draw();
});
window.addEventListener("mouseup", ev => {
  if (drag && !moved) {
    const r = canvas.getBoundingClientRect();
    const n = nodeAt(ev.clientX - r.left, ev.clientY - r.top);
    if (n) select(n);
  }
  drag = null;
});
canvas.addEventListener("dblclick", ev => {
  const r = canvas.getBoundingClientRect();
  const n = nodeAt(ev.clientX - r.left, ev.clientY - r.top);
  if (n) { select(n); toggleFold(n); }
});
canvas.addEventListener("wheel", ev => {
  ev.preventDefault();
  const r = canvas.getBoundingClientRect(), mx = ev.clientX - r.left, my = ev.clientY - r.top;
  const f = ev.deltaY < 0 ? 1.2 : 1 / 1.2;
  ox = mx - (mx - ox) * f; oy = my - (my - oy) * f; scale *= f; draw();
}, {passive: false});
function toggleFold(n) {
  if (!n.children.length) return;
  n.folded = !n.folded;
  if (n.folded) n.count = subtreeSize(n);
  layout(); draw();
}
document.getElementById("fit").onclick = fit;
document.getElementById("fold").onclick = () => { if (selected) toggleFold(selected); };
document.getElementById("unfold").onclick = () => { for (const n of nodes.values()) n.folded = false; layout(); draw(); };
document.getElementById("parentbtn").onclick = () => { if (selected && selected.parent) select(selected.parent); };
document.getElementById("firstsol").onclick = () => {
  for (const n of nodes.values()) if (n.status === "sol") {
    for (let a = n.parent; a; a = a.parent) a.folded = false;
    layout(); select(n); return;
  }
};

// ---- domains at a node: the initial domains, then every change on the path ----
const BIG = 64;
function initialDomains() {
  return vars.map(v => {
    if (v.values) return v.values.length <= BIG ? v.values.slice() : {min: v.min, max: v.max};
    if (v.max - v.min + 1 <= BIG) { const a = []; for (let k = v.min; k <= v.max; k++) a.push(k); return a; }
    return {min: v.min, max: v.max};
  });
}
function applyChange(doms, c) {
  const d = doms[c["var"]];
  if (d === undefined) return;
  if (Array.isArray(d)) {
    if (c.removed) { const gone = new Set(c.removed); doms[c["var"]] = d.filter(v => !gone.has(v)); }
    else doms[c["var"]] = d.filter(v => v >= c.min && v <= c.max);
  } else if (c.removed) {
    const a = d.min, b = d.max; let lo = a, hi = b; const gone = new Set(c.removed);
    while (gone.has(lo) && lo <= hi) lo++; while (gone.has(hi) && hi >= lo) hi--;
    doms[c["var"]] = {min: lo, max: hi};
  } else doms[c["var"]] = {min: c.min, max: c.max};
}
function applyNode(doms, n, changed) {
  if (n.dec) {
    const d = n.dec, x = doms[d["var"]];
    // The decision's effect comes as a "change" event; nothing to do here.
    void x; void d;
  }
  for (const e of n.ev) {
    if (e.e === "change") { applyChange(doms, e); if (changed) changed.add(e["var"]); }
    else if (e.e === "prop") for (const c of e.changes) { applyChange(doms, c); if (changed) changed.add(c["var"]); }
  }
}
function domText(d) {
  if (Array.isArray(d)) return d.length === 0 ? "{}" : d.length === 1 ? String(d[0]) : "{" + d.join(",") + "}";
  return d.min === d.max ? String(d.min) : d.min + ".." + d.max;
}
function factText(f) { return vname(f["var"]) + " " + f.op + " " + f.value; }
function learnText(e) {
  return "LEARNED not(" + e.nogood.map(factText).join(" \u2227 ") + ")  LBD " + e.lbd + ", conflict at level " + e.level + ", back to level " + e.jump;
}
function changeText(c) { return vname(c["var"]) + " " + (c.removed ? "-{" + c.removed.join(",") + "}" : "[" + c.min + ".." + c.max + "]"); }

// ---- the side panel ----
function select(n) {
  selected = n; draw();
  const info = document.getElementById("info");
  info.className = ""; info.textContent = "";
  const path = []; for (let a = n; a; a = a.parent) path.push(a); path.reverse();
  const st = n.status === "sol" ? "solution" : n.status === "fail" ? "failure" : n.children.length ? (n.children.length + " children") : "open (not explored further in this trace)";
  info.appendChild(text("h2", "", "Node " + n.id + " (depth " + n.depth + "): " + st));
  if (n.folded) info.appendChild(text("div", "muted", "folded: " + n.count + " nodes in this subtree"));
  info.appendChild(text("h2", "", "Decisions on the path"));
  const decs = path.filter(a => a.dec).map(a => vname(a.dec["var"]) + " " + a.dec.op + " " + a.dec.value);
  info.appendChild(text("div", "dec", decs.length ? decs.join("  \u2192  ") : "(the root: no decision)"));
  const doms = initialDomains();
  for (let k = 0; k + 1 < path.length; k++) applyNode(doms, path[k], null);
  const before = doms.map(d => Array.isArray(d) ? d.slice() : Object.assign({}, d));
  const changed = new Set();
  applyNode(doms, n, changed);
  if (header.grid) info.appendChild(board(doms, changed));
  info.appendChild(text("h2", "", "Propagation at this node"));
  const steps = document.createElement("div"); steps.className = "steps";
  if (n.dec) steps.appendChild(text("div", "", "decision " + vname(n.dec["var"]) + " " + n.dec.op + " " + n.dec.value));
  let quiet = 0, shown = 0;
  for (const e of n.ev) {
    if (shown > 3000) { steps.appendChild(text("div", "muted", "... more steps not shown")); break; }
    if (e.e === "prop") {
      if (e.changes.length === 0 && e.status !== "failed") { quiet++; continue; }
      steps.appendChild(text("div", e.status === "failed" ? "fail" : "", pname(e.p) + (e.status === "failed" ? " failed" : "") + (e.changes.length ? ": " + e.changes.map(changeText).join("  ") : "") + (e.status === "entailed" ? "  (entailed)" : "")));
      shown++;
    } else if (e.e === "change") { steps.appendChild(text("div", "", "  by the decision: " + changeText(e))); shown++; }
    else if (e.e === "fail") { steps.appendChild(text("div", "fail", "FAIL " + (e.p !== undefined ? pname(e.p) : "the decision"))); shown++; }
    else if (e.e === "solution") { steps.appendChild(text("div", "sol", "SOLUTION")); shown++; }
    else if (e.e === "learn") { steps.appendChild(text("div", "learn", learnText(e))); shown++; }
  }
  if (quiet) steps.appendChild(text("div", "muted", quiet + " propagator run(s) without a change"));
  info.appendChild(steps);
  if (!header.grid) {
    info.appendChild(text("h2", "", "Domains changed at this node"));
    const list = document.createElement("div"); list.className = "steps";
    for (const v of changed) list.appendChild(text("div", "", vname(v) + ": " + domText(before[v]) + " \u2192 " + domText(doms[v])));
    info.appendChild(list);
  }
}
function board(doms, changed) {
  const g = header.grid;
  const wrap = document.createElement("div");
  wrap.appendChild(text("h2", "", "Board at this node (candidates left; yellow: changed here)"));
  const at = new Map();
  for (const c of g.cells) at.set(c[1] + "," + c[2], c[0]);
  const t = document.createElement("table"); t.className = "board";
  for (let r = 1; r <= g.rows; r++) {
    const tr = document.createElement("tr");
    for (let c = 1; c <= g.columns; c++) {
      const td = document.createElement("td");
      const v = at.get(r + "," + c);
      if (v !== undefined) {
        const d = doms[v];
        const size = Array.isArray(d) ? d.length : d.max - d.min + 1;
        if (size === 1) { td.className = "fixed"; td.textContent = domText(d); }
        else if (size <= 0) { td.className = "empty"; td.textContent = "{}"; }
        else td.textContent = Array.isArray(d) ? d.join(" ") : d.min + ".." + d.max;
        if (changed.has(v)) td.className += " changed";
        td.title = vname(v) + " = " + domText(d);
      }
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  wrap.appendChild(t);
  return wrap;
}

window.addEventListener("resize", resize);
layout();
resize();
fit();
// "#learned" in the address: select the first node where a nogood was learned.
let start = root;
if (location.hash === "#learned") for (const n of nodes.values()) if (n.learned) { start = n; break; }
if (start) select(start);
window.pruneTraceViewer = {nodes: nodes.size, events: data.length - 1, learned: learned};
document.body.setAttribute("data-viewer-learned", String(learned));
document.body.setAttribute("data-viewer", "ok");
})();
