#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each in turn.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]     SECONDS per target, default 600
#
# Environment: PRUNE_FUZZ_BUILD (build directory, default <project>/build-fuzz),
# CXX (default clang++), PRUNE_FUZZ_JOBS (build jobs, default 2), PRUNE_FUZZ_NO_BUILD
# (set: run the targets already built),
# PRUNE_SOLVING_FUZZ_ITERATIONS (when set, also runs the solving fuzzer of the normal
# suite for that many models, from PRUNE_FUZZ_TESTS, default <project>/build/tests/prune_tests),
# PRUNE_LEARNING_FUZZ_ITERATIONS (likewise the learning test of random models, whose
# every explanation and nogood is checked by brute force).
#
# Seeds: the puzzle examples, tests/flatzinc/cases, tests/fuzz/seeds/<target>/ and the
# regression corpus tests/fuzz/regressions/<target>/. The working corpus grows in
# BUILD/corpus/<target>/; crashes, leaks, timeouts and out-of-memory inputs land in
# BUILD/artifacts/<target>/. Copy each into tests/fuzz/regressions/<target>/ once
# fixed: the normal suite replays them ([fuzz-regression]).
# One target runs at a time (-rss_limit_mb=2048, -timeout=10 per input), in fork mode
# so that a crash is recorded and the run goes on.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-600}
shift || true
build=${PRUNE_FUZZ_BUILD:-$root/build-fuzz}
cxx=${CXX:-clang++}
jobs=${PRUNE_FUZZ_JOBS:-2}

if [ -z "${PRUNE_FUZZ_NO_BUILD:-}" ]; then
    echo "== configure and build the fuzz targets in $build"
    cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g" \
          -DPRUNE_FUZZ=ON -DPRUNE_BUILD_TESTS=OFF -DPRUNE_BUILD_BENCH=OFF >/dev/null || exit 2
    cmake --build "$build" -j"$jobs" --target fuzz_all || exit 2
fi

if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < "$build/fuzz_targets.txt"; fi

seed() {  # seed TARGET: fills $build/seeds/TARGET
    local t=$1 dir=$build/seeds/$1
    rm -rf "$dir"; mkdir -p "$dir"
    case $t in
        flatzinc) cp "$root"/tests/flatzinc/cases/*.fzn "$dir"/ 2>/dev/null ;;
        xcsp3) cp "$root"/tests/inputs/xcsp3/*.xml "$dir"/ 2>/dev/null ;;
        solution|trace) ;;
        *) cp "$root"/puzzles/"$t"/examples/* "$dir"/ 2>/dev/null ;;
    esac
    cp "$root"/tests/fuzz/seeds/"$t"/* "$dir"/ 2>/dev/null
    cp "$root"/tests/fuzz/regressions/"$t"/* "$dir"/ 2>/dev/null
    # Dictionaries or not, the corpus directory must hold something.
    [ -n "$(ls -A "$dir")" ] || printf 'x' > "$dir/empty"
}

summary=()
status=0
for t in "${targets[@]}"; do
    exe=$build/fuzz/fuzz_$t
    [ -x "$exe" ] || { echo "no target $t"; status=1; continue; }
    seed "$t"
    corpus=$build/corpus/$t
    artifacts=$build/artifacts/$t
    mkdir -p "$corpus" "$artifacts"
    log=$build/logs/$t.log
    mkdir -p "$(dirname "$log")"
    echo "== fuzz_$t for ${seconds}s (log $log)"
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$exe" "$corpus" "$build/seeds/$t" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -max_len=16384 -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
        -artifact_prefix="$artifacts/" >"$log" 2>&1
    rc=$?
    # Fork mode (a crash does not end the run) reports "#EXECUTIONS: cov: ..." lines.
    execs=$(grep -o '^#[0-9]*: cov' "$log" | tail -1 | tr -dc '0-9')
    found=$(ls "$artifacts" 2>/dev/null | wc -l)
    line=$(printf '%-14s %4ss  %10s executions  exit %d  %d artifact(s)' "$t" "$seconds" "${execs:-?}" "$rc" "$found")
    summary+=("$line")
    echo "$line"
    [ "$found" -eq 0 ] || { ls "$artifacts" | sed "s|^|    $artifacts/|"; status=1; }
    [ "$rc" -eq 0 ] || status=1
done

if [ -n "${PRUNE_SOLVING_FUZZ_ITERATIONS:-}" ]; then
    tests=${PRUNE_FUZZ_TESTS:-$root/build/tests/prune_tests}
    echo "== solving fuzzer: $PRUNE_SOLVING_FUZZ_ITERATIONS models ($tests)"
    (cd "$root" && PRUNE_SOLVING_FUZZ_ITERATIONS=$PRUNE_SOLVING_FUZZ_ITERATIONS "$tests" "[solving-fuzz]") || status=1
fi
if [ -n "${PRUNE_LEARNING_FUZZ_ITERATIONS:-}" ]; then
    tests=${PRUNE_FUZZ_TESTS:-$root/build/tests/prune_tests}
    echo "== learning fuzzer: $PRUNE_LEARNING_FUZZ_ITERATIONS models ($tests)"
    (cd "$root" && PRUNE_LEARNING_FUZZ_ITERATIONS=$PRUNE_LEARNING_FUZZ_ITERATIONS "$tests" "learning: random models*") || status=1
fi

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
