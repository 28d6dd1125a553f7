#!/usr/bin/env bash
# The sudoku web page (examples/web/) in headless Chromium:
#   web_sudoku_test.sh SOURCE_DIR WORK_DIR PRUNE
# builds the engine for wasm32-wasi and the self-contained page, then runs
# web_sudoku_test.js (a puzzle in the address and one typed into the grid, each solved
# as native prune solves it, the trace viewer showing the same trace as prune solve
# --trace; a puzzle with no solution; a bad puzzle). Prints the module's size. Exit 77
# (a counted skip) when the wasm toolchain, Node or Chromium is missing (or hidden by
# PRUNE_TEST_HIDE=chromium,...); scripts/test.sh installs them.
set -euo pipefail
source_dir=$1
work=$2
prune=$3
hidden() { [[ ",${PRUNE_TEST_HIDE:-}," == *",$1,"* ]]; }
have() { ! hidden "$1" && command -v "$1" >/dev/null; }
missing=()
chromium=""
for name in chromium chromium-browser google-chrome; do
  if [ -z "$chromium" ] && have "$name"; then chromium=$(command -v "$name"); fi
done
[ -n "$chromium" ] || missing+=(chromium)
have node || missing+=(nodejs)
{ have clang++-14 || have clang++; } || missing+=(clang)
have wasm-ld || missing+=(lld)
# wasi-libc, the wasm32 libc++ and libc++abi, compiler-rt's wasm32 builtins
for file in /usr/lib/wasm32-wasi/libc.a /usr/lib/wasm32-wasi/libc++.a /usr/lib/wasm32-wasi/libc++abi.a; do
  [ -e "$file" ] || missing+=("$file")
done
compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a" >/dev/null || missing+=(libclang_rt.builtins-wasm32.a)
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIPPED: web_sudoku_chromium needs ${missing[*]} (apt-get install chromium nodejs clang lld wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32)"
  exit 77
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$source_dir/examples/web" -B "$work/wasm" --toolchain "$source_dir/examples/web/toolchain-wasm32-wasi.cmake" \
      -DPRUNE_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$work/wasm" -j2 >/dev/null
wasm="$work/wasm/prune_web.wasm"
echo "prune_web.wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped; sudoku.html: $(stat -c %s "$work/wasm/sudoku.html") bytes"
rm -rf "$work/run"
node "$source_dir/tests/web/web_sudoku_test.js" "$chromium" "$work/wasm/sudoku.html" "$prune" "$source_dir" "$work/run"
