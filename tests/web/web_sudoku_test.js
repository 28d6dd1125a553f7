// The web page of examples/web/ in headless Chromium, against the native prune:
//   node web_sudoku_test.js CHROMIUM PAGE.html PRUNE SOURCE_DIR WORK_DIR
// 1. a hard puzzle given in the address (?puzzle=): the page's grid, uniqueness, node
//    and failure counts equal `prune solve sudoku --json`'s; its trace equals
//    `prune solve sudoku --trace`'s line for line (the header's "source" aside); the
//    trace viewer in the page loaded it without a script error and counts its events;
// 2. a puzzle typed cell by cell into the grid, then Solve clicked: the grid holds
//    native prune's solution; then a puzzle pasted into one cell fills the grid, and
//    solved with the trace off, shows no trace;
// 3. that hard puzzle with one wrong digit added: "no solution", as native prune says;
// 4. a puzzle of 3 characters: an error message, no crash.
// Exit 0 when every check holds, 1 otherwise.
"use strict";
const fs = require("fs");
const path = require("path");
const {execFileSync, spawnSync} = require("child_process");
const {openPage} = require(path.join(__dirname, "chromium_page.js"));

const [chromium, page, prune, sourceDir, work] = process.argv.slice(2);
let failures = 0;
function check(ok, what, detail) {
  console.log((ok ? "ok    " : "FAIL  ") + what + (ok || detail === undefined ? "" : "\n      " + detail));
  if (!ok) failures++;
}

// The 81 characters of a sudoku file (comments and line breaks dropped).
const puzzleOf = file => fs.readFileSync(file, "utf8").split("\n").filter(l => !l.startsWith("#")).join("").replace(/\s/g, "");
function nativeSolve(name, puzzle, tracePath) {
  const file = path.join(work, name + ".txt");
  fs.writeFileSync(file, puzzle + "\n");
  const args = ["solve", "sudoku", file, "--json"].concat(tracePath ? ["--trace", tracePath] : []);
  const run = spawnSync(prune, args, {encoding: "utf8"});
  const json = JSON.parse(run.stdout);
  const grid = json.solutions.length ? json.solutions[0].grid.flat().join("") : "";
  return {exit: run.status, json, grid};
}
// The trace's lines with the header's "source" dropped (the page names itself there).
function traceLines(text) {
  const lines = text.split("\n").filter(l => l !== "");
  if (lines.length) { const header = JSON.parse(lines[0]); delete header.source; lines[0] = JSON.stringify(header); }
  return lines;
}
const pageUrl = query => "file://" + path.resolve(page) + query;
const settled = "document.body !== null && ['solved','unsat','limit','error'].includes(document.body.dataset.state) && " +
                "(document.body.dataset.state === 'error' || !document.getElementById('record').checked || document.body.dataset.trace)";
const report = `(() => {
  const frame = document.getElementById('trace'), doc = frame.contentDocument;
  const viewer = frame.contentWindow && frame.contentWindow.pruneTraceViewer;
  return {state: document.body.dataset.state, trace: document.body.dataset.trace || '',
          status: document.getElementById('status').textContent,
          grid: Array.from(document.querySelectorAll('#grid input'), i => i.value || '.').join(''),
          answer: window.pruneWeb.answer, traceText: window.pruneWeb.trace,
          viewerEvents: viewer ? viewer.events : -1, viewerNodes: viewer ? viewer.nodes : -1,
          viewerError: doc && doc.body ? doc.body.getAttribute('data-viewer-error') : null,
          viewerText: doc && doc.body ? doc.body.innerText : '',
          boards: doc ? doc.querySelectorAll('table.board td').length : 0};
})()`;
async function withPage(url, what, body) {
  const profile = fs.mkdtempSync(path.join(work, "profile-"));
  const p = await openPage(chromium, url, profile);
  try { return await body(p); } catch (e) { check(false, what, e.message); return null; } finally { await p.close(); }
}

async function main() {
  fs.mkdirSync(work, {recursive: true});
  // 1. The hard puzzle in the address.
  const hard = puzzleOf(path.join(sourceDir, "puzzles/sudoku/examples/top95_25_hard.txt"));
  const nativeTrace = path.join(work, "native.jsonl");
  const native = nativeSolve("hard", hard, nativeTrace);
  check(native.exit === 0 && native.grid.length === 81, "native prune solves the hard puzzle");
  const r = await withPage(pageUrl("?puzzle=" + hard), "the hard puzzle", async p => { await p.waitFor(settled, 120); return p.evaluate(report); });
  if (r) {
    check(r.state === "solved", "page: solved", JSON.stringify({state: r.state, status: r.status}));
    check(r.grid === native.grid, "page: the grid is native prune's solution", r.grid + " != " + native.grid);
    check(r.answer.unique === native.json.unique && /unique/.test(r.status), "page: unique, as native prune says", r.status);
    check(r.answer.nodes === native.json.stats.nodes && r.answer.failures === native.json.stats.failures && native.json.stats.nodes > 0,
          "page: the same search (" + native.json.stats.nodes + " nodes, " + native.json.stats.failures + " failures)",
          JSON.stringify(r.answer) + " vs " + JSON.stringify(native.json.stats));
    const mine = traceLines(r.traceText), theirs = traceLines(fs.readFileSync(nativeTrace, "utf8"));
    const differs = mine.findIndex((line, i) => line !== theirs[i]);
    check(mine.length === theirs.length && differs < 0, "page: the trace is prune solve --trace's (" + theirs.length + " lines)",
          "lines " + mine.length + " vs " + theirs.length + (differs >= 0 ? "; first difference at line " + (differs + 1) + ":\n      " + mine[differs] + "\n      " + theirs[differs] : ""));
    check(r.trace === "shown" && r.viewerError === null, "viewer: loaded without a script error", r.trace + " " + r.viewerError);
    check(r.viewerEvents === theirs.length - 1 && r.viewerNodes === theirs.filter(l => l.startsWith("{\"e\":\"node\"")).length && r.viewerNodes > 1,
          "viewer: rendered all " + (theirs.length - 1) + " events and the search tree's nodes", r.viewerEvents + " events, " + r.viewerNodes + " nodes");
    check(/Decisions on the path/.test(r.viewerText) && /Propagation at this node/.test(r.viewerText) && r.boards === 81,
          "viewer: shows the root node's propagation and the 9x9 board", r.viewerText.slice(0, 300));
  }

  // 2. Typed into the grid, then Solve.
  const typed = puzzleOf(path.join(sourceDir, "puzzles/sudoku/examples/top95_01.txt"));
  const nativeTyped = nativeSolve("typed", typed, null);
  const t = await withPage(pageUrl(""), "typing a puzzle", async p => {
    await p.waitFor("document.body !== null && document.body.dataset.state === 'ready'", 120);
    for (let i = 0; i < 81; i++) {
      if (!/[1-9]/.test(typed[i])) continue;
      await p.evaluate("document.querySelectorAll('#grid input')[" + i + "].focus()");
      await p.insertText(typed[i]);
    }
    const before = await p.evaluate("Array.from(document.querySelectorAll('#grid input'), i => i.value || '.').join('')");
    await p.evaluate("document.getElementById('solve').click()");
    await p.waitFor(settled, 120);
    const solved = await p.evaluate(report);
    // Then 81 characters pasted into one cell replace the whole grid.
    const pastedGrid = await p.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData("text/plain", ${JSON.stringify(hard.replace(/(.{9})/g, "$1\n"))});
      document.querySelectorAll('#grid input')[40].dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
      return Array.from(document.querySelectorAll('#grid input'), i => i.value || '.').join('');
    })()`);
    // Solved again without the trace: the last puzzle's trace is not left on show.
    await p.evaluate("document.getElementById('record').checked = false; document.getElementById('solve').click()");
    await p.waitFor(settled, 120);
    const untraced = await p.evaluate("({grid: Array.from(document.querySelectorAll('#grid input'), i => i.value || '.').join(''), " +
                                      "frame: getComputedStyle(document.getElementById('trace')).display, trace: document.body.dataset.trace || ''})");
    return Object.assign(solved, {before, pastedGrid, untraced});
  });
  if (t) {
    check(t.before === typed.replace(/0/g, "."), "typed: the grid holds the typed clues", t.before);
    check(t.state === "solved" && t.grid === nativeTyped.grid, "typed: Solve fills in native prune's solution", t.grid + " != " + nativeTyped.grid);
    check(t.trace === "shown" && t.viewerEvents > 0, "typed: the viewer shows the trace", t.trace + " " + t.viewerEvents);
    check(t.pastedGrid === hard, "pasted: 81 characters (in rows) pasted into a cell fill the grid", t.pastedGrid);
    check(t.untraced.grid === native.grid && t.untraced.frame === "none" && t.untraced.trace === "",
          "untraced: solved again with the trace off, no stale trace shown", JSON.stringify(t.untraced));
  }

  // 3. One wrong digit: a blank cell given a value other than its solution's, that no
  // clue of its row, column or box excludes (the puzzle is unique, so none is left).
  let wrong = null;
  for (let i = 0; i < 81 && wrong === null; i++) {
    if (/[1-9]/.test(hard[i])) continue;
    const r0 = Math.floor(i / 9), c0 = i % 9;
    const seen = new Set();
    for (let j = 0; j < 81; j++) {
      const r1 = Math.floor(j / 9), c1 = j % 9;
      if (r1 === r0 || c1 === c0 || (Math.floor(r1 / 3) === Math.floor(r0 / 3) && Math.floor(c1 / 3) === Math.floor(c0 / 3))) seen.add(hard[j]);
    }
    for (let d = 1; d <= 9 && wrong === null; d++) {
      if (String(d) !== native.grid[i] && !seen.has(String(d))) wrong = hard.slice(0, i) + d + hard.slice(i + 1);
    }
  }
  const nativeWrong = nativeSolve("wrong", wrong, null);
  check(nativeWrong.exit === 1, "native prune finds no solution with the wrong digit");
  const u = await withPage(pageUrl("?puzzle=" + wrong), "no solution", async p => { await p.waitFor(settled, 120); return p.evaluate(report); });
  if (u) {
    check(u.state === "unsat" && /No solution/.test(u.status), "page: no solution", u.state + ": " + u.status);
    check(u.grid === wrong, "page: the grid keeps the clues only", u.grid);
    check(u.trace === "shown" && u.viewerError === null, "viewer: shows the failed search", u.trace);
  }

  // 4. Not a sudoku.
  const e = await withPage(pageUrl("?puzzle=123"), "a bad puzzle", async p => { await p.waitFor(settled, 120); return p.evaluate(report); });
  if (e) check(e.state === "error" && /81 cells/.test(e.status), "page: a 3-character puzzle is an error", e.state + ": " + e.status);

  console.log(failures === 0 ? "web_sudoku: all checks passed" : "web_sudoku: " + failures + " check(s) failed");
  return failures === 0 ? 0 : 1;
}
main().then(code => { process.exitCode = code; }, error => { console.log("FAIL  " + error.stack); process.exitCode = 1; });
