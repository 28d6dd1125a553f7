#!/usr/bin/env bash
# Installs what the tests need (when missing), builds and runs every test:
#   1. a fresh build as a new user runs it (Catch2 hidden): the README's first command;
#   2. Release build, whole suite (ctest), then the skipped tests and why;
#   3. cmake --install, then find_package(prune) from a consumer project, and a C
#      program built with gcc and pkg-config against the installed prune.h;
#   4. the engine built with -fno-exceptions -fno-rtti, and an example linked to it;
#      the engine, CLI and fzn-prune built with -DPRUNE_LEARNING=OFF;
#   5. an AddressSanitizer + UndefinedBehaviorSanitizer build, whole suite;
#   6. a ThreadSanitizer build, the parallel search tests ("[parallel]", in a binary
#      of their own).
# A test whose prerequisite (z3, minizinc, fzn-gecode, chromium, the wasm toolchain,
# ../shared) is missing is skipped, never passed: the run lists "N skipped: ..." and,
# when CI=true, fails.
# Usage: scripts/test.sh [--no-sanitize]        (run from anywhere; needs root or sudo for apt-get)
# PRUNE_TEST_HIDE=minizinc,chromium makes the tests treat those programs as missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
# ccache (installed below when missing) lets each build reuse the objects an earlier
# build of this run compiled with the same flags (the fresh build and the Release
# build share the whole CLI), and a later run reuse this one's; paths are taken
# relative to the source tree, so another clone hits the same cache.
export CCACHE_BASEDIR="$root"
launcher=()

have_browser() { command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; }
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v ccache >/dev/null || need+=(ccache)
command -v g++ >/dev/null || need+=(g++)
[ -e /usr/include/catch2/catch.hpp ] || [ -e /usr/include/catch2/catch_test_macros.hpp ] \
  || [ -e /usr/local/include/catch2/catch_test_macros.hpp ] || need+=(catch2)
command -v z3 >/dev/null || need+=(z3)              # the SMT-LIB round trips
command -v minizinc >/dev/null || need+=(minizinc)  # the MiniZinc tests
command -v fzn-gecode >/dev/null || need+=(flatzinc)  # Gecode, for the differential test
command -v gcc >/dev/null || need+=(gcc)            # the C API from C
command -v arm-none-eabi-g++ >/dev/null || need+=(gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib)
command -v qemu-system-arm >/dev/null || need+=(qemu-system-arm)  # the Cortex-M4 image
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v mpirun >/dev/null || need+=(openmpi-bin)  # prune-mpi and its test
command -v mpicxx >/dev/null || need+=(libopenmpi-dev)       # MPI headers and wrappers: CMake builds prune-mpi
have_browser || need+=(chromium)                    # the trace viewer and web page tests (headless)
# The engine as WebAssembly in a web page (examples/web/): clang and lld for wasm32,
# wasi-libc, the wasm32 C++ library and compiler builtins; Node drives Chromium in the test.
command -v node >/dev/null || need+=(nodejs)
command -v clang++ >/dev/null || command -v clang++-14 >/dev/null || need+=(clang)
command -v wasm-ld >/dev/null || need+=(lld)
[ -e /usr/lib/wasm32-wasi/libc.a ] || need+=(wasi-libc)
[ -e /usr/lib/wasm32-wasi/libc++.a ] || need+=(libc++-14-dev-wasm32)
[ -e /usr/lib/wasm32-wasi/libc++abi.a ] || need+=(libc++abi-14-dev-wasm32)
compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a" >/dev/null || need+=(libclang-rt-14-dev-wasm32)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "== installing: ${need[*]}"
  $sudo apt-get update -qq || true
  # One at a time: a package this system does not have (chromium on some
  # architectures) leaves its tests skipped, and says so below, instead of stopping here.
  for package in "${need[@]}"; do
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$package" >/dev/null \
      || echo "== could not install $package: the tests that need it will be skipped"
  done
fi

command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# How long each stage took, printed as it ends: where the run's time goes.
stage_started=0
stage_done() { echo "== ($1 took $((SECONDS - stage_started)) s, $SECONDS s so far)"; stage_started=$SECONDS; }
stage_done "installing"

echo "== a fresh build as the README's first command, with Catch2 hidden (only cmake and g++)"
fresh="$root/build-fresh"
rm -rf "$fresh"
# (-DPRUNE_WERROR=ON as below, so that ccache shares the objects with the Release build)
cmake -S "$root" -B "$fresh" -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=TRUE -DPRUNE_WERROR=ON "${launcher[@]}" \
  | tee "$fresh.configure.log" | grep "Catch2" || { echo "no Catch2 status message"; exit 1; }
cmake --build "$fresh" -j"$jobs" --target prune >/dev/null
[ ! -e "$fresh/tests/prune_tests" ] || { echo "the tests were built without Catch2"; exit 1; }
(cd "$root" && "$fresh/prune" solve kurosu puzzles/kurosu/examples/kurosu6_dm_2018-06-01.txt >/dev/null)
rm -rf "$fresh" "$fresh.configure.log"
stage_done "the fresh build"

echo "== Release build and tests"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DPRUNE_WERROR=ON -DPRUNE_SHARED=ON "${launcher[@]}" >/dev/null
cmake --build "$root/build" -j"$jobs"
ctest_log="$root/build/ctest-output.txt"
(cd "$root/build" && ctest -j"$jobs" --output-on-failure --timeout 300) | tee "$ctest_log"
summary=$(grep -E '^[0-9]+% tests passed' "$ctest_log" | tail -1)

# The skipped tests: ctest's list, and the reasons the tests printed (PRUNE_SKIP).
skipped=$(grep -cE '^[[:space:]]*[0-9]+ - .* \(Skipped\)$' "$ctest_log" || true)
if [ "$skipped" -gt 0 ]; then
  echo "== $skipped skipped:"
  grep -h '^SKIPPED: ' "$root/build/Testing/Temporary/LastTest.log" | sort -u | sed 's/^SKIPPED: /  /'
else
  echo "== 0 skipped"
fi

stage_done "the Release build and tests"

echo "== install, then find_package(prune) from a consumer project"
rm -rf "$root/build/package-prefix" "$root/build/package-consumer"
cmake --install "$root/build" --prefix "$root/build/package-prefix" >/dev/null
cmake -S "$root/tests/package" -B "$root/build/package-consumer" -DCMAKE_PREFIX_PATH="$root/build/package-prefix" >/dev/null
cmake --build "$root/build/package-consumer" -j"$jobs" >/dev/null
"$root/build/package-consumer/consumer"
# The C API as a C programmer uses it: gcc (not g++), the installed prune.h, pkg-config;
# once against the static library, once against libprune.so.
command -v gcc >/dev/null && command -v pkg-config >/dev/null || { echo "gcc and pkg-config are needed"; exit 1; }
export PKG_CONFIG_PATH="$root/build/package-prefix/lib/pkgconfig"
gcc -std=c99 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags prune) "$root/tests/capi/sudoku.c" \
    -o "$root/build/package-consumer/c_sudoku_static" "$(pkg-config --variable=libdir prune)/libprune.a" -lstdc++ -lm
gcc -std=c99 -Wall -Wextra -pedantic -Werror $(pkg-config --cflags prune) "$root/tests/capi/sudoku.c" \
    -o "$root/build/package-consumer/c_sudoku_shared" $(pkg-config --libs prune)
# (Not `tee /dev/stderr`: when stderr is a file, reopening it truncates the caller's log.)
for program in c_sudoku_static c_sudoku_shared; do
  answer=$(LD_LIBRARY_PATH="$root/build/package-prefix/lib" "$root/build/package-consumer/$program" \
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1" | head -2)
  echo "$program: $answer" | tr '\n' ' '; echo
  diff <(echo "$answer") <(printf '%s\n' 174385962293467158586192734451923876928674315367851249719548623635219487842736591 unique)
done
unset PKG_CONFIG_PATH
(cd / && "$root/build/package-prefix/bin/prune" solve seki "$root/build/package-prefix/share/prune/examples/seki/seki_4x4.txt" >/dev/null)

echo "== engine without exceptions and RTTI"
cmake -S "$root" -B "$root/build-noexcept" -DCMAKE_BUILD_TYPE=Release -DPRUNE_NO_EXCEPTIONS=ON \
      -DPRUNE_BUILD_TESTS=OFF -DPRUNE_BUILD_BENCH=OFF -DPRUNE_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$root/build-noexcept" -j"$jobs" --target queens
"$root/build-noexcept/queens" 8

# -DPRUNE_LEARNING=OFF compiles engine/learning/ out (the smallest engine): the CLI
# and fzn-prune still solve, and refuse --learn with the reason (exit code 2).
echo "== engine, CLI and fzn-prune without learning"
cmake -S "$root" -B "$root/build-nolearn" -DCMAKE_BUILD_TYPE=Release -DPRUNE_LEARNING=OFF \
      -DPRUNE_BUILD_TESTS=OFF -DPRUNE_BUILD_BENCH=OFF -DPRUNE_WERROR=ON "${launcher[@]}" >/dev/null
cmake --build "$root/build-nolearn" -j"$jobs" --target prune fzn-prune
"$root/build-nolearn/prune" solve kurosu "$root/puzzles/kurosu/examples/kurosu6_dm_2018-06-01.txt" | tail -1
refused() {  # command...: exits 2 and says that learning is compiled out
  local code=0 err
  err=$("$@" 2>&1 >/dev/null) || code=$?
  [ "$code" -eq 2 ] && grep -q "learning is compiled out" <<<"$err" \
    || { echo "expected exit 2 and 'learning is compiled out' from: $* (exit $code: $err)"; exit 1; }
}
refused "$root/build-nolearn/prune" solve kurosu "$root/puzzles/kurosu/examples/kurosu6_dm_2018-06-01.txt" --learn on
printf 'var 1..3: x :: output_var;\nconstraint int_ne(x, 1);\nsolve satisfy;\n' >"$root/build-nolearn/one.fzn"
[ "$("$root/build-nolearn/flatzinc/fzn-prune" "$root/build-nolearn/one.fzn" | head -1)" = "x = 2;" ] || { echo "fzn-prune without learning: not x = 2"; exit 1; }
refused "$root/build-nolearn/flatzinc/fzn-prune" --learn on "$root/build-nolearn/one.fzn"
stage_done "install, consumer, C API, no-exceptions and no-learning"

if [ "${1:-}" != "--no-sanitize" ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  cmake -S "$root" -B "$root/build-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNE_SANITIZE=ON \
        -DPRUNE_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
  cmake --build "$root/build-sanitize" -j"$jobs"
  (cd "$root/build-sanitize" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest -j"$jobs" --output-on-failure --timeout 600)
  stage_done "the sanitizer build and tests"
fi

if [ "${1:-}" != "--no-sanitize" ]; then
  # The parallel search's threads (parallel/): its tests, tagged [parallel], under
  # ThreadSanitizer; any data race reported fails the run (halt_on_error).
  echo "== ThreadSanitizer build, the parallel search tests"
  cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNE_STATIC_RUNTIME=OFF \
        -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
        -DPRUNE_BUILD_BENCH=OFF -DPRUNE_SPEC_GATE=OFF "${launcher[@]}" >/dev/null
  # (prune_parallel_tests: the [parallel] cases of prune_tests in a binary of their
  # own, so that this stage does not compile every other test file once more)
  cmake --build "$root/build-tsan" -j"$jobs" --target prune_parallel_tests prune
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$root/build-tsan/tests/prune_parallel_tests" "[parallel]"
  stage_done "the ThreadSanitizer build and tests"
fi

# The last line, pass or fail: ctest's own summary of the Release suite, unchanged.
if [ "$skipped" -gt 0 ] && [ "${CI:-}" = "true" ]; then
  echo "== FAILED under CI=true: $skipped tests skipped (see the list above); install what they need"
  echo "$summary"
  exit 1
fi
echo "== all tests passed, $skipped skipped"
echo "$summary"
