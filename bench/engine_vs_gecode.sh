#!/usr/bin/env bash
# prune against Gecode (fzn-gecode 6.2 through MiniZinc 2.6), the same problems in one run.
#   bench/engine_vs_gecode.sh [BUILD_DIR]         (default: build)
# Needs ../shared/tools/peers (it installs minizinc, fzn-gecode and z3 when missing).
# Times are CPU seconds (prune_bench's std::clock; Gecode's user time), so a loaded
# machine distorts the ratio less; each is the median of 3 runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
peers="$root/../shared/tools/peers"
[ -d "$peers" ] || { echo "bench_gecode: $peers not found" >&2; exit 2; }
command -v fzn-gecode >/dev/null && command -v minizinc >/dev/null || bash "$peers/install.sh" >/dev/null
msc="$peers/gecode62.msc"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
gecode_cpu() {  # FZN -> median user seconds of fzn-gecode, and its node count
  local fzn=$1; shift
  for r in 1 2 3; do /usr/bin/time -f "%U" -o "$work/t" fzn-gecode -mode stat "$@" "$fzn" > "$work/g.out" 2>/dev/null; cat "$work/t"; done | median
}
gecode_nodes() { grep -o 'nodes=[0-9]*' "$work/g.out" | head -1 | cut -d= -f2; }

printf "%-40s %12s %12s %12s %12s %8s\n" problem "prune nodes" "prune cpu s" "gecode nodes" "gecode cpu s" ratio
row() { awk -v p="$1" -v pn="$2" -v pt="$3" -v gn="$4" -v gt="$5" 'BEGIN { printf "%-40s %12s %12.4f %12s %12.4f %8.2f\n", p, pn, pt, gn, gt, (pt > 0 ? gt / pt : 0) }'; }

# n-queens, all solutions, value (bounds for Gecode's default) alldifferent on q, q+i, q-i.
for n in 10 11 12; do
  minizinc --solver "$msc" -c "$peers/models/queens.mzn" -D "n=$n" -D domprop=false --fzn "$work/q.fzn" --ozn "$work/q.ozn" >/dev/null
  gt=$(gecode_cpu "$work/q.fzn" -a); gn=$(gecode_nodes)
  line=$("$build/prune_bench" --repeat 3 queens "$n" | tail -1)
  row "queens $n all" "$(echo "$line" | awk '{print $(NF-4)}')" "$(echo "$line" | awk '{print $(NF-1)}')" "$gn" "$gt"
done

# Hard sudokus, domain alldifferent (Régin) on both sides, first solution.
for dzn in "$peers"/data/sudoku_*.dzn; do
  name=$(basename "$dzn" .dzn)
  grep -o '[0-9.]\{81\}' "$dzn" | head -1 > "$work/s.txt"
  minizinc --solver "$msc" -c "$peers/models/sudoku.mzn" "$dzn" -D domprop=true --fzn "$work/s.fzn" --ozn "$work/s.ozn" >/dev/null
  gt=$(gecode_cpu "$work/s.fzn"); gn=$(gecode_nodes)
  line=$("$build/prune_bench" --repeat 3 sudoku "$work/s.txt" | sed -n 2p)
  row "$name" "$(echo "$line" | awk '{print $(NF-4)}')" "$(echo "$line" | awk '{print $(NF-1)}')" "$gn" "$gt"
done

# Random table CSPs (Compact-Table on both sides), first solution or unsat.
for dzn in "$peers"/data/table_n20_d10_c40_t100_r1.dzn "$peers"/data/table_n20_d10_c40_t300_r1.dzn "$peers"/data/table_n30_d10_c60_t300_r1.dzn; do
  name=$(basename "$dzn" .dzn)
  minizinc --solver "$msc" -c "$peers/models/table_csp.mzn" "$dzn" --fzn "$work/t.fzn" --ozn "$work/t.ozn" >/dev/null
  gt=$(gecode_cpu "$work/t.fzn"); gn=$(gecode_nodes)
  line=$("$build/prune_bench" --repeat 3 table "$dzn" | tail -1)
  row "$name" "$(echo "$line" | awk '{print $(NF-4)}')" "$(echo "$line" | awk '{print $(NF-1)}')" "$gn" "$gt"
done
echo "ratio = Gecode CPU / prune CPU (above 1: prune is faster)"
