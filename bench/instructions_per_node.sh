#!/usr/bin/env bash
# Instructions per search node (callgrind), for changes too small for a stopwatch:
#   bench/instructions_per_node.sh [BUILD_DIR] [BUILD_DIR_2]
# Runs a fixed set of workloads under `valgrind --tool=callgrind` and prints, for each,
# the instructions executed (Ir, whole process), the nodes and Ir/node. With two build
# directories it runs both and prints the ratio (second / first) per workload.
# Instruction counts are repeatable whatever the machine's load. Workloads:
#   queens 9 (all solutions), 20 top95 sudokus with each alldifferent strength, an
#   unsatisfiable random table CSP, and through fzn-prune Golomb 9 and a 20x20 kakuro
#   (these two need minizinc to compile the peers' models; skipped without it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared="$root/../shared"
builds=("${1:-$root/build}")
[ $# -ge 2 ] && builds+=("$2")
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
[ -d "$shared/data/sudoku" ] || { echo "needs $shared (sudoku sets, peers' models)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -20 "$shared/data/sudoku/top95.txt" > "$work/top20.txt"
peers="$shared/tools/peers"
have_fzn=false
if command -v minizinc >/dev/null; then
  export MZN_SOLVER_PATH="${builds[0]}"
  printf 'm = 9;\ndomprop = false;\n' > "$work/golomb9.dzn"
  printf 'domprop = false;\n' > "$work/nodomprop.dzn"
  minizinc -c --solver prune "$peers/models/golomb.mzn" "$work/golomb9.dzn" --fzn "$work/golomb9.fzn" >/dev/null &&
  minizinc -c --solver prune "$peers/models/kakuro.mzn" "$peers/data/kakuro_20x20_b35_s1.dzn" "$work/nodomprop.dzn" \
           --fzn "$work/kakuro20.fzn" >/dev/null && have_fzn=true
fi

# measure NAME COMMAND...: prints "Ir nodes"; prune_bench prints a table, fzn-prune -s mzn-stat lines.
measure() {
  local out ir nodes
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$work/err")
  ir=$(grep -o 'Collected : [0-9]*' "$work/err" | grep -o '[0-9]*$')
  if grep -q 'mzn-stat: nodes=' <<<"$out"; then
    nodes=$(grep -o 'nodes=[0-9]*' <<<"$out" | head -1 | cut -d= -f2)
  else
    nodes=$(awk 'NR > 1 { s += $(NF - 4) } END { print s }' <<<"$out")
  fi
  echo "$ir $nodes"
}

workloads() {  # BUILD -> lines "name|command..."
  local b=$1
  echo "queens9|$b/prune_bench --repeat 1 queens 9"
  for a in value bounds domain; do echo "sudoku20_$a|$b/prune_bench --repeat 1 sudoku $work/top20.txt --alldiff $a"; done
  echo "table_t300_r1|$b/prune_bench --repeat 1 table $peers/data/table_n20_d10_c40_t300_r1.dzn"
  if $have_fzn; then
    echo "golomb9_fzn|$b/flatzinc/fzn-prune -s $work/golomb9.fzn"
    echo "kakuro20_fzn|$b/flatzinc/fzn-prune -s $work/kakuro20.fzn"
  fi
}

printf '%-16s' workload
for b in "${builds[@]}"; do printf ' %14s %9s %10s' "Ir" nodes "Ir/node"; done
[ ${#builds[@]} -eq 2 ] && printf ' %8s' ratio
echo
mapfile -t first < <(workloads "${builds[0]}")
for i in "${!first[@]}"; do
  name=${first[$i]%%|*}
  printf '%-16s' "$name"
  per_node=()
  for b in "${builds[@]}"; do
    line=$(workloads "$b" | sed -n "$((i + 1))p")
    read -r ir nodes < <(measure ${line#*|})
    pn=$(awk -v i="$ir" -v n="$nodes" 'BEGIN { printf "%.1f", (n > 0 ? i / n : 0) }')
    per_node+=("$pn")
    printf ' %14s %9s %10s' "$ir" "$nodes" "$pn"
  done
  [ ${#builds[@]} -eq 2 ] && awk -v a="${per_node[0]}" -v b="${per_node[1]}" 'BEGIN { printf " %8.4f", b / a }'
  echo
done
