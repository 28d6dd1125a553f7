#!/usr/bin/env bash
# Quarto draw-board counts and timings.
#
#   scripts/quarto_count.sh [PRUNE] [-p N]          existence and counts on the small line
#                                                   sets, and a 60 s rate sample of the
#                                                   game's count
#   scripts/quarto_count.sh [PRUNE] --torus [-p N] [--model M]
#                                                   only the full-torus count (all six
#                                                   families, 2,245,746,048 boards), its
#                                                   CPU seconds and boards per CPU second
#   scripts/quarto_count.sh [PRUNE] --full [-p N]   also the torus count and the full count
#                                                   for rows, columns and diagonals (hours),
#                                                   compared with MathPages
#
# PRUNE defaults to build/prune; -p N searches each count on N threads; --model
# defaults to masks for --torus. Each line: what ran, the figures, the wall time.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
prune=$here/build/prune
full=
torus=
threads=()
torus_model=masks
while [[ $# -gt 0 ]]; do
    case $1 in
        --full) full=--full ;;
        --torus) torus=1 ;;
        -p) threads=(-p "$2"); shift ;;
        --model) torus_model=$2; shift ;;
        *) prune=$1 ;;
    esac
    shift
done
examples=$here/puzzles/quarto/examples

# The full-torus count: CPU seconds (user + system, /usr/bin/time) and boards per CPU-s.
torus_count() {
    local out count cpu
    out=$( { /usr/bin/time -f 'cpu %U %S' "$prune" solve quarto "$examples/torus.txt" --model "$torus_model" --count \
            "${threads[@]}" --json; } 2>&1 )
    count=$(echo "$out" | grep -o '"count":[0-9]*' | cut -d: -f2)
    cpu=$(echo "$out" | awk '/^cpu / { print $2 + $3 }')
    echo "torus count ($torus_model ${threads[*]}): $count in $cpu CPU-s, $(echo "scale=2; $count / $cpu / 1000000" | bc) M boards per CPU-s"
    if [[ "$count" == 2245746048 ]]; then echo "agrees with the known count"; else echo "DIFFERS from 2245746048"; exit 1; fi
}
if [[ -n "$torus" ]]; then
    torus_count
    exit 0
fi

run() {  # label, then the prune arguments
    local label=$1
    shift
    local start end
    start=$(date +%s.%N)
    local out
    out=$("$prune" "$@" "${threads[@]}" --json 2>/dev/null || true)
    end=$(date +%s.%N)
    printf '%-58s %s  (%.1f s)\n' "$label" "$(echo "$out" | grep -o '"\(count\|count_up_to_symmetry\|group_order\|status\|limit_reached\)":[^,]*' | tr '\n' ' ')" \
        "$(echo "$end - $start" | bc)"
}

for model in permutation masks attributes; do
    echo "== model $model"
    for lines in rows,columns,diagonals,blocks rows,columns,diagonals rows,columns,diagonals,blocks,torus-blocks,broken-diagonals; do
        run "exists $lines" solve quarto --lines "$lines" --model "$model" --first
    done
    run "count given_pieces.txt (plain)" solve quarto "$examples/given_pieces.txt" --model "$model" --count --plain-count
    run "count given_pieces.txt (reduction 3)" solve quarto "$examples/given_pieces.txt" --model "$model" --count
done

# The game's lines: 60 s of the reduced count, as a rate (boards accounted for per second).
echo "== rows,columns,diagonals: 60 s sample of the reduced count"
for model in permutation masks attributes; do
    "$prune" solve quarto "$examples/quarto_game.txt" --model "$model" --count --time-limit 60 "${threads[@]}" --json 2>/dev/null |
        grep -o '"count":[0-9]*' | sed "s/\"count\":/$model: boards accounted for in 60 s: /" || true
done

if [[ "$full" == "--full" ]]; then
    echo "== all six families: the full-torus count"
    torus_count
    echo "== rows,columns,diagonals: the full count (MathPages: 414298141056)"
    start=$(date +%s)
    count=$("$prune" solve quarto "$examples/quarto_game.txt" --model masks --count "${threads[@]}" --json | grep -o '"count":[0-9]*' | cut -d: -f2)
    echo "count $count in $(( $(date +%s) - start )) s"
    if [[ "$count" == 414298141056 ]]; then echo "agrees with MathPages"; else echo "DIFFERS from MathPages"; exit 1; fi
fi
