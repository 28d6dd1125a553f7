#!/usr/bin/env bash
# Parallel search (docs/scaling.md): -p 2 against -p 1, and -p 1 against the
# sequential search of another build (the baseline: a build of main), on
#   queens 13 (FlatZinc, all 73,712 solutions), golomb 10 (FlatZinc, optimum 55),
#   qwh n35 s1 (FlatZinc, quasigroup with holes, first solution), the Quarto
#   full-torus count (torus.txt, --model masks), and ostomachion (a small count).
# Each run: wall seconds and CPU seconds (user + system) by /usr/bin/time, median of
# R runs; the answers are checked equal. CPU time is the figure to trust on a
# shared machine; the wall-time speed-up needs two idle cores.
#
#   bench/parallel.sh BUILD_DIR [BASELINE_PRUNE] [R] [--no-torus]
#
# needs minizinc (to compile the two FlatZinc models) and ../shared.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: bench/parallel.sh BUILD_DIR [BASELINE_PRUNE] [R] [--no-torus]}
prune=$build/prune
baseline=${2:-}
runs=${3:-3}
torus=${4:-}
shared=${PRUNE_SHARED_DIR:-$here/../shared}  # ../shared next to the source tree, or set PRUNE_SHARED_DIR
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

minizinc --solver "$build/prune.msc" -c "$shared/tools/peers/models/queens.mzn" -D "n=13;domprop=false" --fzn "$work/queens13.fzn"
minizinc --solver "$build/prune.msc" -c "$shared/data/minizinc/golomb/golomb.mzn" "$shared/data/minizinc/golomb/10.dzn" --fzn "$work/golomb10.fzn"
minizinc --solver "$build/prune.msc" -c "$shared/tools/peers/models/qcp.mzn" "$shared/tools/peers/data/qwh_n35_h42_s1.dzn" -D "domprop=false" \
  --fzn "$work/qwh35.fzn"

# median of the numbers on stdin
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# label, answer filter, then the command: prints "label  wall  cpu  answer"
measure() {
  local label=$1 filter=$2
  shift 2
  local walls=() cpus=() answer=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
    read -r wall user sys < "$work/time"
    walls+=("$wall")
    cpus+=("$(echo "$user + $sys" | bc)")
    answer=$(eval "$filter" < "$work/out")
  done
  printf '%-34s wall %8.2f s  cpu %8.2f s  %s\n' "$label" "$(printf '%s\n' "${walls[@]}" | median)" \
    "$(printf '%s\n' "${cpus[@]}" | median)" "$answer"
}

solutions='grep -c -- "^----------"'
optimum='awk "/^[a-z]/ { last = \$0 } /^==========/ { proved = \" (proved optimal)\" } END { print last proved }"'
count='grep -o "\"count\":[0-9]*"'

for p in 1 2; do measure "queens 13 -a, -p $p" "$solutions" "$prune" fzn "$work/queens13.fzn" -a -p "$p"; done
[ -n "$baseline" ] && measure "queens 13 -a, baseline" "$solutions" "$baseline" fzn "$work/queens13.fzn" -a
for p in 1 2; do measure "golomb 10, -p $p" "$optimum" "$prune" fzn "$work/golomb10.fzn" -p "$p"; done
[ -n "$baseline" ] && measure "golomb 10, baseline" "$optimum" "$baseline" fzn "$work/golomb10.fzn"
first='grep -c -- "^----------"'
for p in 1 2; do measure "qwh n35 s1, -p $p" "$first" "$prune" fzn "$work/qwh35.fzn" -p "$p"; done
[ -n "$baseline" ] && measure "qwh n35 s1, baseline" "$first" "$baseline" fzn "$work/qwh35.fzn"
for p in 1 2; do measure "ostomachion --count, -p $p" "$count" "$prune" solve ostomachion --count --json -p "$p"; done
if [ "$torus" != "--no-torus" ]; then
  for p in 1 2; do
    measure "quarto torus --count, -p $p" "$count" "$prune" solve quarto "$here/puzzles/quarto/examples/torus.txt" --count --json -p "$p"
    measure "quarto torus masks --count, -p $p" "$count" "$prune" solve quarto "$here/puzzles/quarto/examples/torus.txt" --model masks \
      --count --json -p "$p"
  done
  [ -n "$baseline" ] && measure "quarto torus --count, baseline" "$count" "$baseline" solve quarto "$here/puzzles/quarto/examples/torus.txt" --count --json
fi
