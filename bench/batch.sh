#!/usr/bin/env bash
# Batch solving throughput: `prune solve sudoku FILE --batch` with -j 1 and -j 2 on
# the sudoku sets of ../shared/data/sudoku, the median of R runs each, every answer
# checked (against *_solutions.txt where it exists, else against the clues and the
# row/column/box rules), and the peak RSS when /usr/bin/time -v is there.
#
#   bench/batch.sh [BUILD_DIR] [R]          (defaults: build, 3)
#   SETS="top1465" JOBS="1 2 4" bench/batch.sh build-release 5
#
# puzzles/s is wall-clock (what -j buys); "cpu/puzzle" is the CPU time of all
# threads per puzzle, the steadier figure on a busy machine.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
repeats=${2:-3}
prune=$build/prune
data=${PRUNE_SHARED_DIR:-$root/../shared}/data/sudoku
sets=${SETS:-"17clue_49158 top1465 forum_hardest_1106"}
jobs_list=${JOBS:-"1 2"}

if [[ ! -x $prune ]]; then
    echo "bench_batch: no prune binary at $prune (build it, or pass the build directory)" >&2
    exit 2
fi
if [[ ! -d $data ]]; then
    echo "bench_batch: $data not found (set PRUNE_SHARED_DIR)" >&2
    exit 2
fi
timer=()
if [[ -x /usr/bin/time ]] && /usr/bin/time -v true > /dev/null 2>&1; then timer=(/usr/bin/time -v); fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints how many answers (file $2) solve their puzzles (file $1): 81 digits, the
# clues kept, every row, column and box holding 1..9.
check_by_rules() {
    awk 'NR == FNR { p[FNR] = $0; next }
         {
             a = $0; q = p[FNR]; ok = length(a) == 81
             for (i = 1; ok && i <= 81; i++) {
                 c = substr(q, i, 1); d = substr(a, i, 1)
                 if (d !~ /[1-9]/ || (c ~ /[1-9]/ && c != d)) ok = 0
             }
             for (g = 0; ok && g < 9; g++) {
                 delete r; delete k; delete b
                 for (j = 0; j < 9; j++) {
                     r[substr(a, g * 9 + j + 1, 1)]
                     k[substr(a, j * 9 + g + 1, 1)]
                     b[substr(a, (int(g / 3) * 3 + int(j / 3)) * 9 + (g % 3) * 3 + j % 3 + 1, 1)]
                 }
                 if (length(r) != 9 || length(k) != 9 || length(b) != 9) ok = 0
             }
             good += ok
         }
         END { print good + 0 }' "$1" "$2"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-22s %3s %8s %12s %12s %12s %12s %10s %s\n' set j puzzles "puzzles/s" "cpu/puzzle" "median" "max" "peak RSS" "answers"
for set in $sets; do
    file=$data/$set.txt
    [[ -f $file ]] || { echo "bench_batch: $file missing, skipped" >&2; continue; }
    count=$(grep -c . "$file")
    for j in $jobs_list; do
        rates=() cpus=() medians=() maxes=() rss=0
        for ((r = 0; r < repeats; r++)); do
            "${timer[@]}" "$prune" solve sudoku "$file" --batch -j "$j" > "$tmp/out" 2> "$tmp/err" || {
                echo "bench_batch: prune failed on $set (exit $?):" >&2
                tail -5 "$tmp/err" >&2
                exit 1
            }
            line=$(grep 'puzzles/s' "$tmp/err" | tail -1)
            # prune: batch: 1.234 s (cpu 1.200 s), 3569 puzzles/s with 1 thread; per puzzle: median 99.0 us, max 12.62 ms (line 7331)
            rates+=("$(sed -E 's/.*, ([0-9.]+) puzzles\/s.*/\1/' <<< "$line")")
            cpu=$(sed -E 's/.*\(cpu ([0-9.]+) s\).*/\1/' <<< "$line")
            cpus+=("$(awk -v c="$cpu" -v n="$count" 'BEGIN { printf "%.1f", c / n * 1e6 }')")
            medians+=("$(sed -E 's/.*median ([0-9.]+ [um]?s).*/\1/' <<< "$line" | tr ' ' '_')")
            maxes+=("$(sed -E 's/.*max ([0-9.]+ [um]?s).*/\1/' <<< "$line" | tr ' ' '_')")
            if [[ ${#timer[@]} -gt 0 ]]; then
                kb=$(awk -F': *' '/Maximum resident set size/ { print $2 }' "$tmp/err")
                ((kb > rss)) && rss=$kb
            fi
        done
        if [[ -f $data/${set}_solutions.txt ]]; then
            matched=$(paste -d' ' "$tmp/out" "$data/${set}_solutions.txt" | awk '$1 == $2 { m++ } END { print m + 0 }')
            answers="$matched/$count match ${set}_solutions.txt"
        else
            answers="$(check_by_rules "$file" "$tmp/out")/$count solve (clues + rules)"
        fi
        rate=$(printf '%s\n' "${rates[@]}" | median)
        cpu=$(printf '%s\n' "${cpus[@]}" | median)
        # The median run's median and max per puzzle (by throughput order).
        pick=$(for i in "${!rates[@]}"; do echo "${rates[$i]} $i"; done | sort -g | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }')
        printf '%-22s %3s %8s %12s %12s %12s %12s %10s %s\n' "$set" "$j" "$count" "$rate" "${cpu} us" "${medians[$pick]//_/ }" "${maxes[$pick]//_/ }" \
            "$([[ ${#timer[@]} -gt 0 ]] && echo "$((rss / 1024)) MB" || echo "-")" "$answers"
    done
done
