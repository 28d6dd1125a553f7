#!/usr/bin/env bash
# Quarto draw-board counts and timings, one core.
#
#   scripts/quarto_count.sh [PRUNE]             existence and counts on the small line sets,
#                                               and a 60 s rate sample of the game's count
#   scripts/quarto_count.sh [PRUNE] --full      also the full count for rows, columns and
#                                               diagonals (hours), compared with MathPages
#
# PRUNE defaults to build/prune. Each line: what ran, the figures, the wall time.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
prune=${1:-$here/build/prune}
full=${2:-}
examples=$here/puzzles/quarto/examples

run() {  # label, then the prune arguments
    local label=$1
    shift
    local start end
    start=$(date +%s.%N)
    local out
    out=$("$prune" "$@" --json 2>/dev/null || true)
    end=$(date +%s.%N)
    printf '%-58s %s  (%.1f s)\n' "$label" "$(echo "$out" | grep -o '"\(count\|count_up_to_symmetry\|group_order\|status\|limit_reached\)":[^,]*' | tr '\n' ' ')" \
        "$(echo "$end - $start" | bc)"
}

for model in permutation attributes; do
    echo "== model $model"
    for lines in rows,columns,diagonals,blocks rows,columns,diagonals rows,columns,diagonals,blocks,torus-blocks,broken-diagonals; do
        run "exists $lines" solve quarto --lines "$lines" --model "$model" --first
    done
    run "count given_pieces.txt (plain)" solve quarto "$examples/given_pieces.txt" --model "$model" --count --plain-count
    run "count given_pieces.txt (reduction 3)" solve quarto "$examples/given_pieces.txt" --model "$model" --count
done

# The game's lines: 60 s of the reduced count, as a rate (boards accounted for per second).
echo "== rows,columns,diagonals: 60 s sample of the reduced count"
for model in permutation attributes; do
    "$prune" solve quarto "$examples/quarto_game.txt" --model "$model" --count --time-limit 60 --json 2>/dev/null |
        grep -o '"count":[0-9]*' | sed "s/\"count\":/$model: boards accounted for in 60 s: /" || true
done

if [[ "$full" == "--full" ]]; then
    echo "== rows,columns,diagonals: the full count (MathPages: 414298141056)"
    start=$(date +%s)
    count=$("$prune" solve quarto "$examples/quarto_game.txt" --model attributes --count --json | grep -o '"count":[0-9]*' | cut -d: -f2)
    echo "count $count in $(( $(date +%s) - start )) s"
    if [[ "$count" == 414298141056 ]]; then echo "agrees with MathPages"; else echo "DIFFERS from MathPages"; exit 1; fi
fi
