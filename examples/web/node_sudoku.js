// The wasm module of the web page under Node (20+), with the page's own WASI shim:
//   node node_sudoku.js prune_web.wasm FILE
// solves each line of FILE (81 characters; blank lines and # comments skipped) and
// prints one line per puzzle, the 81 digits or the status, like web_sudoku_native
// (native_sudoku.cpp), whose speed bench/wasm_vs_native.sh compares with it. The
// process CPU time of the solving loop goes to standard error as "cpu_seconds S".
"use strict";
const fs = require("fs");
const path = require("path");
const {pruneWasiImports} = require(path.join(__dirname, "wasi_shim.js"));

function main() {
  if (process.argv.length !== 4) {
    process.stderr.write("usage: node node_sudoku.js MODULE.wasm FILE\n");
    return 2;
  }
  const wasmModule = new WebAssembly.Module(fs.readFileSync(process.argv[2]));
  let instance = null;
  instance = new WebAssembly.Instance(wasmModule, pruneWasiImports(wasmModule, () => instance.exports.memory));
  const api = instance.exports;
  api._initialize();
  const puzzles = fs.readFileSync(process.argv[3], "utf8").split("\n").map(l => l.replace(/\r$/, "")).filter(l => l && l[0] !== "#");
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  const cString = pointer => {
    const memory = new Uint8Array(api.memory.buffer);
    let end = pointer;
    while (memory[end] !== 0) end++;
    return decoder.decode(memory.subarray(pointer, end));
  };
  const lines = [];
  const start = process.cpuUsage();
  for (const puzzle of puzzles) {
    const encoded = encoder.encode(puzzle).subarray(0, api.prune_web_puzzle_capacity());
    const buffer = new Uint8Array(api.memory.buffer, api.prune_web_puzzle(), encoded.length + 1);
    buffer.set(encoded);
    buffer[encoded.length] = 0;
    const answer = JSON.parse(cString(api.prune_web_solve(-1)));
    lines.push(answer.grid || answer.status);
  }
  const used = process.cpuUsage(start);
  process.stdout.write(lines.map(l => l + "\n").join(""));
  process.stderr.write("cpu_seconds " + (used.user + used.system) / 1e6 + "\n");
  return 0;
}
process.exitCode = main();
