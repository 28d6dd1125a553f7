#!/usr/bin/env bash
# Times the prune command on the seed puzzles and on a file of 9x9 sudokus (one per
# line, default ../shared/data/sudoku/top95.txt), and z3 on the same puzzles'
# SMT-LIB, process start included in both.
#
#   bench/cli_vs_z3.sh BUILD_DIR [SUDOKU_FILE]
#
# Uses hyperfine for the seed puzzles when it is installed; the sudoku file is timed
# puzzle by puzzle with bash's clock (one run each: every puzzle is a separate sample).
set -euo pipefail
build=${1:?usage: bench/cli_vs_z3.sh BUILD_DIR [SUDOKU_FILE]}
here=$(cd "$(dirname "$0")/.." && pwd)
sudokus=${2:-$here/../shared/data/sudoku/top95.txt}
prune=$build/prune
examples=$here/puzzles

echo "== seed puzzles: prune solve (default mode: first solution + uniqueness look)"
seeds=("seki $examples/seki/examples/seki_4x4.txt"
       "kurosu $examples/kurosu/examples/kurosu6_dm_2018-06-01.txt"
       "numberworkout $examples/numberworkout/examples/nw_003.txt"
       "sudoku $examples/sudoku/examples/top95_01.txt"
       "sudoku $examples/sudoku/examples/top95_25_hard.txt"
       "sudoku $examples/sudoku/examples/sudoku_16x16.txt"
       "sudoku $examples/sudoku/examples/sudoku_25x25.txt")
if command -v hyperfine > /dev/null; then
    for seed in "${seeds[@]}"; do
        hyperfine -N --warmup 20 --runs 200 --style basic "$prune solve $seed" 2>/dev/null | grep -E "Time|Range" | sed "s|^|$(basename ${seed##* }): |"
    done
else
    for seed in "${seeds[@]}"; do
        start=$EPOCHREALTIME
        for _ in $(seq 100); do $prune solve $seed > /dev/null; done
        echo "$(basename ${seed##* }): mean $(echo "($EPOCHREALTIME - $start) * 10" | bc -l | cut -c1-6) ms over 100 runs"
    done
fi

have_z3=0
command -v z3 > /dev/null && have_z3=1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo
echo "== $(basename "$sudokus"): one process per puzzle"
printf "%4s %10s %10s %10s %8s %10s\n" "#" "first ms" "unique ms" "search ms" "nodes" "z3 ms"
n=0; total_first=0; total_unique=0; total_search=0; total_z3=0; max_first=0; max_z3=0
while IFS= read -r puzzle; do
    [ -z "$puzzle" ] && continue
    n=$((n + 1))
    t0=$EPOCHREALTIME
    echo "$puzzle" | $prune solve sudoku - --first > /dev/null
    t1=$EPOCHREALTIME
    json=$(echo "$puzzle" | $prune solve sudoku - --json)
    t2=$EPOCHREALTIME
    first=$(echo "($t1 - $t0) * 1000" | bc -l)
    unique=$(echo "($t2 - $t1) * 1000" | bc -l)
    search=$(echo "$json" | sed 's/.*"seconds":\([^,}]*\).*/\1/' | awk '{printf "%.4f", $1 * 1000}')
    nodes=$(echo "$json" | sed 's/.*"nodes":\([0-9]*\).*/\1/')
    z3ms=-
    if [ $have_z3 = 1 ]; then
        echo "$puzzle" | $prune smtlib sudoku - > "$scratch/p.smt2"
        t3=$EPOCHREALTIME
        z3 "$scratch/p.smt2" > /dev/null
        t4=$EPOCHREALTIME
        z3ms=$(echo "($t4 - $t3) * 1000" | bc -l)
        total_z3=$(echo "$total_z3 + $z3ms" | bc -l)
        max_z3=$(echo "if ($z3ms > $max_z3) $z3ms else $max_z3" | bc -l)
    fi
    total_first=$(echo "$total_first + $first" | bc -l)
    total_unique=$(echo "$total_unique + $unique" | bc -l)
    total_search=$(echo "$total_search + $search" | bc -l)
    max_first=$(echo "if ($first > $max_first) $first else $max_first" | bc -l)
    printf "%4d %10.2f %10.2f %10.3f %8s %10s\n" $n $first $unique $search $nodes $( [ "$z3ms" = - ] && echo - || printf "%.1f" $z3ms)
done < "$sudokus"
echo
printf "prune --first:   total %8.1f ms, mean %6.2f ms, max %6.2f ms per puzzle\n" $total_first $(echo "$total_first / $n" | bc -l) $max_first
printf "prune (unique):  total %8.1f ms, mean %6.2f ms per puzzle\n" $total_unique $(echo "$total_unique / $n" | bc -l)
printf "search only:     total %8.3f ms, mean %6.4f ms per puzzle (first + uniqueness, in-process)\n" $total_search $(echo "$total_search / $n" | bc -l)
if [ $have_z3 = 1 ]; then
    printf "z3:              total %8.1f ms, mean %6.2f ms, max %6.1f ms per puzzle\n" $total_z3 $(echo "$total_z3 / $n" | bc -l) $max_z3
    printf "ratio z3 / prune --first: %.1f\n" $(echo "$total_z3 / $total_first" | bc -l)
fi
