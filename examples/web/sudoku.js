// The sudoku page's script (examples/web/sudoku.html): the 9x9 grid, the engine (the
// wasm module in <script id="prune-wasm">, base64) and the trace, shown by the viewer
// of `prune trace view` (trace/viewer/: its page, style and script, unchanged) in an
// iframe. State for tests and scripts: <body data-state="loading|ready|solved|unsat|
// limit|error" data-trace="shown|error">; window.pruneWeb holds the last answer.
"use strict";
(function () {
const traceLimit = 200000;  // events: the budget of `prune trace view` (trace/trace_view.hpp)
// Top95 #25 (puzzles/sudoku/examples/top95_25_hard.txt): one that needs a search tree.
const examplePuzzle = "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46";
const $ = id => document.getElementById(id);
const fromBase64 = id => Uint8Array.from(atob($(id).textContent.trim()), c => c.charCodeAt(0));
const textOf = id => new TextDecoder().decode(fromBase64(id));
const escapeHtml = s => s.replace(/[&<>"']/g, c => "&#" + c.charCodeAt(0) + ";");
const web = window.pruneWeb = {answer: null, trace: "", milliseconds: 0};

// ---- the grid: 81 inputs; a clue is bold, a value the engine found is blue ----
const cells = [];
function buildGrid() {
  for (let r = 0; r < 9; r++) {
    const tr = document.createElement("tr");
    for (let c = 0; c < 9; c++) {
      const td = document.createElement("td");
      if (c === 2 || c === 5) td.className = "box-right";
      if (r === 2 || r === 5) td.classList.add("box-bottom");
      const input = document.createElement("input");
      input.setAttribute("inputmode", "numeric");
      input.setAttribute("aria-label", "r" + (r + 1) + "c" + (c + 1));
      input.dataset.cell = 9 * r + c;
      input.addEventListener("input", () => edited(input));
      input.addEventListener("keydown", ev => move(ev, 9 * r + c));
      input.addEventListener("paste", pasted);
      td.appendChild(input);
      tr.appendChild(td);
      cells.push(input);
    }
    $("grid").appendChild(tr);
  }
}
function setCell(input, ch, kind) {
  input.value = /^[1-9]$/.test(ch) ? ch : "";
  input.className = input.value === "" ? "" : kind;
}
function edited(input) {
  const digits = input.value.replace(/[^1-9]/g, "");
  setCell(input, digits.slice(-1), "clue");
  for (const other of cells) if (other.className === "found") setCell(other, "", "");  // an edit voids the solution
  setStatus("", "");
}
function move(ev, at) {
  const step = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9}[ev.key];
  if (step !== undefined && at + step >= 0 && at + step < 81) { cells[at + step].focus(); ev.preventDefault(); }
  else if (ev.key === "Enter") solveGrid();
}
function pasted(ev) {
  const text = ev.clipboardData.getData("text").replace(/[\s|+-]/g, "");
  if (text.length < 81) return;  // a digit or two: the input event takes them
  ev.preventDefault();
  fill(text);
}
function fill(text) { cells.forEach((input, i) => setCell(input, text[i] || "", "clue")); setStatus("", ""); }
function gridPuzzle() { return cells.map(input => input.className === "clue" ? input.value : ".").join(""); }

function setStatus(text, kind) {
  $("status").textContent = text;
  $("status").className = kind;
}

// ---- the engine ----
let api = null;
async function loadEngine() {
  const wasmModule = await WebAssembly.compile(fromBase64("prune-wasm"));
  let instance = null;
  instance = await WebAssembly.instantiate(wasmModule, pruneWasiImports(wasmModule, () => instance.exports.memory));
  api = instance.exports;
  api._initialize();
}
function cString(pointer) {
  const memory = new Uint8Array(api.memory.buffer);
  let end = pointer;
  while (memory[end] !== 0) end++;
  return new TextDecoder().decode(memory.subarray(pointer, end));
}
// Solves `puzzle` (81 characters, as the engine reads it: web_sudoku.hpp) and shows
// the answer and, when asked, the trace.
function solve(puzzle) {
  const bytes = new TextEncoder().encode(puzzle).subarray(0, api.prune_web_puzzle_capacity());
  const buffer = new Uint8Array(api.memory.buffer, api.prune_web_puzzle(), bytes.length + 1);
  buffer.set(bytes);
  buffer[bytes.length] = 0;
  const record = $("record").checked;
  const start = performance.now();
  const answer = JSON.parse(cString(api.prune_web_solve(record ? traceLimit : -1)));
  web.milliseconds = performance.now() - start;
  web.answer = answer;
  web.trace = record ? cString(api.prune_web_trace()) : "";
  showAnswer(answer, puzzle);
  if (record && answer.status !== "error") showTrace(web.trace);
  else hideTrace();  // not the last puzzle's trace under this one's answer
  document.body.dataset.state = answer.status;
}
function solveGrid() { if (api) solve(gridPuzzle()); }
function showAnswer(answer, puzzle) {
  const figures = answer.nodes + " nodes, " + answer.failures + " failures, " + answer.propagations +
                  " propagations, " + web.milliseconds.toFixed(1) + " ms";
  if (answer.status === "solved") {
    cells.forEach((input, i) => setCell(input, answer.grid[i], /^[1-9]$/.test(puzzle[i]) ? "clue" : "found"));
    setStatus((answer.unique ? "Solved: the solution is unique" : "Solved: a solution (there are others)") + " (" + figures + ").", "solved");
  } else if (answer.status === "unsat") {
    setStatus("No solution (" + figures + ").", "unsat");
  } else if (answer.status === "limit") {
    setStatus("Stopped at a limit (" + figures + ").", "error");
  } else {
    setStatus("Not a sudoku: " + answer.error + ".", "error");
  }
}

// ---- the trace, in the viewer of `prune trace view` ----
// Its page template with the markers filled in one pass, as trace_page() does
// (trace/trace_view.cpp): the trace lines as a JSON array, '<' written \u003c.
function viewerPage(title, note, data) {
  const fills = {TITLE: escapeHtml(title), NOTE: note, DATA: data, STYLE: textOf("viewer-style"), SCRIPT: textOf("viewer-script")};
  return textOf("viewer-page").replace(/@(TITLE|NOTE|DATA|STYLE|SCRIPT)@/g, (marker, name) => fills[name]);
}
function hideTrace() {
  $("trace").onload = null;  // emptying the frame loads about:blank: not a trace
  $("trace").style.display = "none";
  $("trace").removeAttribute("srcdoc");
  $("tracenote").style.display = "";
  delete document.body.dataset.trace;
}
function showTrace(text) {
  const lines = text.split("\n").filter(line => line.trim() !== "");
  const data = "[" + lines.join(",\n").replace(/</g, "\\u003c") + "]";
  const cut = lines.some(line => line.startsWith("{\"e\":\"truncated\""));
  const note = cut ? "<div class=\"note\">The trace shows the first " + traceLimit + " events of the search.</div>" : "";
  const frame = $("trace");
  delete document.body.dataset.trace;
  frame.onload = () => {
    const viewer = frame.contentDocument && frame.contentDocument.body;
    document.body.dataset.trace = viewer && viewer.getAttribute("data-viewer") === "ok" ? "shown" : "error";
  };
  frame.style.display = "block";
  $("tracenote").style.display = "none";
  frame.srcdoc = viewerPage("sudoku (web page)", note, data);
}

// ---- start: ?puzzle=... (or #puzzle=...) is solved as soon as the engine is loaded ----
buildGrid();
$("solve").onclick = solveGrid;
$("clear").onclick = () => { fill(""); cells[0].focus(); };
$("example").onclick = () => fill(examplePuzzle);
const given = new URLSearchParams(location.search).get("puzzle") || new URLSearchParams(location.hash.slice(1)).get("puzzle");
loadEngine().then(() => {
  $("solve").disabled = false;
  document.body.dataset.state = "ready";
  setStatus("", "");
  if (given !== null) {
    const puzzle = given.replace(/\s/g, "");
    fill(puzzle);
    solve(puzzle);  // as given: the engine reports a puzzle that is not 81 cells
  }
}, error => {
  document.body.dataset.state = "error";
  setStatus("The engine could not be loaded: " + error, "error");
});
})();
