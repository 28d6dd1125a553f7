#!/usr/bin/env bash
# The Quarto full-torus count (puzzles/quarto/examples/torus.txt, 2,245,746,048
# boards) by prune (--model masks, one thread) against its peer, the plain C
# enumerator bench/quarto_enumerate.c with the same symmetry reduction, in one run:
# alternating runs, CPU seconds (user + system) by /usr/bin/time, medians of R runs,
# both counts checked against the known one.
#
#   bench/quarto_torus.sh PRUNE [R]          R defaults to 3
#
# CPU time is the figure to trust on a shared machine; the ratio is the one to quote.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
prune=${1:?usage: bench/quarto_torus.sh PRUNE [R]}
runs=${2:-3}
known=2245746048
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${CC:-cc}" -O2 -std=c99 -Wall -Wextra -o "$work/enumerate" "$here/bench/quarto_enumerate.c"

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# label, then the command; the count is the first number the command prints
cpu_of() {
  local label=$1
  shift
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" > "$work/out"
  local count
  count=$(grep -o '[0-9]\+' "$work/out" | head -1)
  if [[ "$count" != "$known" ]]; then echo "$label counted $count, not $known" >&2; exit 1; fi
  awk '{ print $1 + $2 }' "$work/time"
}

prune_cpu=()
enum_cpu=()
for i in $(seq "$runs"); do
  prune_cpu+=("$(cpu_of prune "$prune" solve quarto "$here/puzzles/quarto/examples/torus.txt" --model masks --count --quiet)")
  enum_cpu+=("$(cpu_of enumerator "$work/enumerate" torus)")
  echo "run $i: prune ${prune_cpu[-1]} CPU-s, enumerator ${enum_cpu[-1]} CPU-s"
done
p=$(printf '%s\n' "${prune_cpu[@]}" | median)
e=$(printf '%s\n' "${enum_cpu[@]}" | median)
echo "median of $runs: prune $p CPU-s, plain enumerator $e CPU-s, ratio $(echo "scale=2; $p / $e" | bc) (load $(cut -d' ' -f1-3 /proc/loadavg))"
