#!/usr/bin/env bash
# Compares the batch throughput of two prune builds on the sudoku sets, runs
# interleaved (A, B, A, B, ...) so that a busy or throttled machine slows both alike;
# prints the median puzzles/s of each and the ratio B / A. Answers are not checked
# here (bench/batch.sh does that).
#
#   bench/batch_compare.sh BUILD_A BUILD_B [R]      (R runs each, default 7)
#   SETS="top1465" JOBS=2 bench/batch_compare.sh ../build-old ../build 9
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
if [[ $# -lt 2 ]]; then
    echo "usage: bench_batch_compare.sh BUILD_A BUILD_B [RUNS]" >&2
    exit 2
fi
a=$1/prune
b=$2/prune
runs=${3:-7}
jobs=${JOBS:-1}
data=${PRUNE_SHARED_DIR:-$root/../shared}/data/sudoku
sets=${SETS:-"17clue_49158 top1465 forum_hardest_1106"}
for binary in "$a" "$b"; do
    if [[ ! -x $binary ]]; then
        echo "bench_batch_compare: no prune binary at $binary" >&2
        exit 2
    fi
done
if [[ ! -d $data ]]; then
    echo "bench_batch_compare: $data not found (set PRUNE_SHARED_DIR)" >&2
    exit 2
fi

rate() {  # rate BINARY FILE: puzzles per second from the batch summary
    "$1" solve sudoku "$2" --batch -j "$jobs" 2>&1 >/dev/null | sed -n 's/.* \([0-9][0-9]*\) puzzles\/s.*/\1/p'
}
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

printf '%-22s %3s %10s %10s %7s   %s\n' set j "A p/s" "B p/s" "B/A" "runs (A | B)"
for set in $sets; do
    file=$data/$set.txt
    [[ -f $file ]] || { echo "bench_batch_compare: $file not found" >&2; exit 2; }
    ra=()
    rb=()
    for _ in $(seq "$runs"); do
        ra+=("$(rate "$a" "$file")")
        rb+=("$(rate "$b" "$file")")
    done
    ma=$(median "${ra[@]}")
    mb=$(median "${rb[@]}")
    printf '%-22s %3s %10s %10s %7s   %s | %s\n' "$set" "$jobs" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.2f", b / a}')" "${ra[*]}" "${rb[*]}"
done
