// The wasm module of the web page under Node (20+), with the page's own WASI shim:
//   node node_sudoku.js prune_web.wasm FILE [PASSES]
// solves each line of FILE (81 characters; blank lines and # comments skipped) and
// prints one line per puzzle, the 81 digits or the status, like web_sudoku_native
// (native_sudoku.cpp), whose speed bench/wasm_vs_native.sh compares with it. It solves
// the whole file PASSES times (default 1) and writes to standard error the process
// CPU time of each pass ("pass_cpu_seconds 1 S") and of compiling the module
// ("compile_cpu_seconds S": how much V8 compiles before the first call depends on its
// flags, which bench/wasm_vs_native.sh varies).
"use strict";
const fs = require("fs");
const path = require("path");
const {pruneWasiImports} = require(path.join(__dirname, "wasi_shim.js"));

function main() {
  const passes = process.argv.length === 5 ? Number(process.argv[4]) : 1;
  if (process.argv.length < 4 || process.argv.length > 5 || !(passes >= 1)) {
    process.stderr.write("usage: node node_sudoku.js MODULE.wasm FILE [PASSES]\n");
    return 2;
  }
  const bytes = fs.readFileSync(process.argv[2]);
  const compileStart = process.cpuUsage();
  const wasmModule = new WebAssembly.Module(bytes);
  const compiled = process.cpuUsage(compileStart);
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
  const solveAll = () => puzzles.map(puzzle => {
    const encoded = encoder.encode(puzzle).subarray(0, api.prune_web_puzzle_capacity());
    const buffer = new Uint8Array(api.memory.buffer, api.prune_web_puzzle(), encoded.length + 1);
    buffer.set(encoded);
    buffer[encoded.length] = 0;
    const answer = JSON.parse(cString(api.prune_web_solve(-1)));
    return answer.grid || answer.status;
  });
  let lines = null;
  const times = [];
  for (let pass = 1; pass <= passes; pass++) {
    const start = process.cpuUsage();
    const answers = solveAll();
    const used = process.cpuUsage(start);
    times.push("pass_cpu_seconds " + pass + " " + (used.user + used.system) / 1e6 + "\n");
    if (lines === null) lines = answers;
  }
  process.stdout.write(lines.map(l => l + "\n").join(""));
  process.stderr.write(times.join("") + "compile_cpu_seconds " + (compiled.user + compiled.system) / 1e6 + "\n");
  return 0;
}
process.exitCode = main();
