#!/usr/bin/env bash
# The engine compiled to WebAssembly (examples/web/) against the same code built
# natively: the 95 sudokus of top95 solved by web_sudoku_native and, under Node, by the
# web page's wasm module through the page's own WASI shim (examples/web/node_sudoku.js).
# CPU seconds of the solving loop, median of R processes, every answer checked (the
# two builds agree, and match top95_solutions.txt when it is there); the module's size,
# raw and gzipped.
#
#   bench/wasm_vs_native.sh [WORK_DIR] [R] [PASSES]     (defaults: build/web-bench, 3, 5)
#   SUDOKU_FILE=puzzles.txt bench/wasm_vs_native.sh     (another set, one puzzle a line)
#
# Each process solves the set PASSES times. "first pass" is a fresh process: native
# code is compiled ahead of time, while V8 by default starts the module on baseline
# code (Liftoff) and optimises it in the background, as a browser does; the "eager"
# row makes V8 optimise the whole module before the first call (--no-liftoff
# --no-wasm-lazy-compilation), its compile time shown apart. "last pass" is the steady
# state. Needs the wasm toolchain of examples/web/ and node.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$root/build/web-bench}
repeats=${2:-3}
passes=${3:-5}
data=${PRUNE_SHARED_DIR:-$root/../shared}/data/sudoku
puzzles=${SUDOKU_FILE:-$data/top95.txt}
solutions=${puzzles%.txt}_solutions.txt
if [[ ! -f $puzzles ]]; then
    echo "wasm_vs_native: $puzzles not found (set PRUNE_SHARED_DIR or SUDOKU_FILE); using the two top95 puzzles of puzzles/sudoku/examples" >&2
    puzzles=$work/top95_examples.txt
    mkdir -p "$work"
    for f in "$root"/puzzles/sudoku/examples/top95_*.txt; do grep -v '^#' "$f" | tr -d ' \n'; echo; done > "$puzzles"
    solutions=""
fi
[[ -f ${solutions:-/nonexistent} ]] || solutions=""
command -v node >/dev/null || { echo "wasm_vs_native: node is needed" >&2; exit 2; }

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root/examples/web" -B "$work/wasm" --toolchain "$root/examples/web/toolchain-wasm32-wasi.cmake" "${launcher[@]}" >/dev/null
cmake --build "$work/wasm" -j2 --target prune_web >/dev/null
cmake -S "$root/examples/web" -B "$work/native" "${launcher[@]}" >/dev/null
cmake --build "$work/native" -j2 >/dev/null
wasm=$work/wasm/prune_web.wasm
native=$work/native/web_sudoku_native
runner=$root/examples/web/node_sudoku.js

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# run NAME COMMAND...: one process; keeps its first and last pass and its compile time.
run() {
    local name=$1
    shift
    "$@" > "$work/$name.out" 2> "$work/$name.err"
    if [[ -n $solutions ]] && ! diff -q "$work/$name.out" "$solutions" >/dev/null; then
        echo "wasm_vs_native: $name: wrong answers (see $work/$name.out)" >&2; exit 1
    fi
    awk '$1 == "pass_cpu_seconds" && $2 == 1 { print $3 }' "$work/$name.err" >> "$work/$name.first"
    awk '$1 == "pass_cpu_seconds" { last = $3 } END { print last }' "$work/$name.err" >> "$work/$name.last"
    awk '$1 == "compile_cpu_seconds" { print $2 }' "$work/$name.err" >> "$work/$name.compile"
}
for name in native wasm eager; do : > "$work/$name.first"; : > "$work/$name.last"; : > "$work/$name.compile"; done
# Interleaved, so that a busy machine weighs on the three alike.
for ((i = 1; i <= repeats; i++)); do
    run native "$native" "$puzzles" "$passes"
    run wasm node "$runner" "$wasm" "$puzzles" "$passes"
    run eager node --no-liftoff --no-wasm-lazy-compilation "$runner" "$wasm" "$puzzles" "$passes"
done
diff -q "$work/native.out" "$work/wasm.out" >/dev/null || { echo "wasm_vs_native: the wasm and native answers differ" >&2; exit 1; }

count=$(grep -c . "$puzzles")
native_first=$(median < "$work/native.first")
native_last=$(median < "$work/native.last")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo "$count puzzles of $(basename "$puzzles"), answers ${solutions:+checked against $(basename "$solutions") and }equal in both builds"
echo "module: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped (gzip -9)"
echo "CPU seconds of the solving loop, median of $repeats processes ($(node --version), $(g++ --version | head -1); load average $(cut -d' ' -f1 /proc/loadavg)):"
printf '  %-44s %10s %8s %10s %8s\n' "" "first pass" "" "pass $passes" ""
printf '  %-44s %10.4f %8s %10.4f %8s\n' "native (g++, -O3)" "$native_first" "" "$native_last" ""
wasm_first=$(median < "$work/wasm.first")
wasm_last=$(median < "$work/wasm.last")
printf '  %-44s %10.4f %8s %10.4f %8s\n' "wasm under Node, V8's default tiering" "$wasm_first" "$(ratio "$wasm_first" "$native_first")" \
       "$wasm_last" "$(ratio "$wasm_last" "$native_last")"
eager_first=$(median < "$work/eager.first")
eager_last=$(median < "$work/eager.last")
printf '  %-44s %10.4f %8s %10.4f %8s\n' "wasm under Node, optimised before the run" "$eager_first" "$(ratio "$eager_first" "$native_first")" \
       "$eager_last" "$(ratio "$eager_last" "$native_last")"
echo "  (the eager compile of the module itself: $(median < "$work/eager.compile") s CPU; by default: $(median < "$work/wasm.compile") s)"
