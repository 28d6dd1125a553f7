// The few WASI functions the prune module imports (examples/web/), for a browser page
// or Node, without Emscripten or a WASI library: the engine needs a clock and, at
// most, an output for messages. There are no files: opening one fails (ENOENT), and
// every other WASI function answers ENOSYS. Used by sudoku.html and node_sudoku.js.
"use strict";
function pruneWasiImports(wasmModule, getMemory, output) {
  const ERRNO_SUCCESS = 0, ERRNO_BADF = 8, ERRNO_NOENT = 44, ERRNO_NOSYS = 52, ERRNO_SPIPE = 70;
  const view = () => new DataView(getMemory().buffer);
  const bytes = (pointer, length) => new Uint8Array(getMemory().buffer, pointer, length);
  const now = typeof performance === "object" ? () => performance.now() : () => Date.now();
  const pending = {1: "", 2: ""};  // what stdout and stderr wrote since their last newline
  const decoder = new TextDecoder();
  const write = output || ((fd, line) => (fd === 2 ? console.error : console.log)(line));
  const implemented = {
    clock_time_get(clockId, precision, timePointer) {
      // 0: realtime; 1: monotonic; 2, 3: process and thread CPU time (measured as monotonic).
      const nanoseconds = clockId === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(now() * 1e6));
      view().setBigUint64(timePointer, nanoseconds, true);
      return ERRNO_SUCCESS;
    },
    environ_sizes_get(countPointer, sizePointer) {
      view().setUint32(countPointer, 0, true);
      view().setUint32(sizePointer, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get() { return ERRNO_SUCCESS; },
    args_sizes_get(countPointer, sizePointer) { return implemented.environ_sizes_get(countPointer, sizePointer); },
    args_get() { return ERRNO_SUCCESS; },
    fd_write(fd, iovs, iovsLength, writtenPointer) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      let written = 0;
      for (let i = 0; i < iovsLength; i++) {
        const pointer = view().getUint32(iovs + 8 * i, true), length = view().getUint32(iovs + 8 * i + 4, true);
        pending[fd] += decoder.decode(bytes(pointer, length));
        written += length;
      }
      const lines = pending[fd].split("\n");
      pending[fd] = lines.pop();
      for (const line of lines) write(fd, line);
      view().setUint32(writtenPointer, written, true);
      return ERRNO_SUCCESS;
    },
    fd_read(fd, iovs, iovsLength, readPointer) {  // standard input is empty
      view().setUint32(readPointer, 0, true);
      return fd === 0 ? ERRNO_SUCCESS : ERRNO_BADF;
    },
    fd_fdstat_get(fd, statPointer) {
      if (fd > 2) return ERRNO_BADF;
      bytes(statPointer, 24).fill(0);
      view().setUint8(statPointer, 2);  // a character device
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags(fd) { return fd > 2 ? ERRNO_BADF : ERRNO_SUCCESS; },
    fd_seek(fd) { return fd > 2 ? ERRNO_BADF : ERRNO_SPIPE; },
    fd_close(fd) { return fd > 2 ? ERRNO_BADF : ERRNO_SUCCESS; },
    fd_prestat_get() { return ERRNO_BADF; },  // no preopened directory: no file system
    fd_prestat_dir_name() { return ERRNO_BADF; },
    path_open() { return ERRNO_NOENT; },
    proc_exit(code) { throw new Error("the wasm module exited with code " + code); },
  };
  const wasi = {};
  for (const entry of WebAssembly.Module.imports(wasmModule)) {
    if (entry.module !== "wasi_snapshot_preview1" || entry.kind !== "function") continue;
    wasi[entry.name] = implemented[entry.name] || (() => ERRNO_NOSYS);
  }
  return {wasi_snapshot_preview1: wasi};
}
if (typeof module === "object" && module.exports) module.exports = {pruneWasiImports};
