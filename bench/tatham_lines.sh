#!/usr/bin/env bash
# Tatham's Unruly and Pattern puzzles through whole `prune` processes: sets made by
# Debian's sgt-puzzles generators (seeded, so the same sets every run), one process
# per puzzle in the default mode (first solution, then the uniqueness look), and per
# set: how many solved uniquely with the checker's OK, the median and maximum search
# nodes (the JSON stats, uniqueness look included), how many needed no search node,
# the median and maximum search time and whole-process wall time in ms, and the
# per-puzzle median and maximum of the whole set in one --batch --unique process.
#
#   bench/tatham_lines.sh [BUILD_DIR] [N]        (defaults: build, 20 puzzles a set)
#   SETS="unruly:14x14dn pattern:30x30" bench/tatham_lines.sh build-release 50
#   WEAK=1 ...    also runs the unruly sets with kurosu --weak-lines (the older
#                 model: a sum and windows of three per line), under a node limit
#
# A set is KIND:PARAMS with the generator's parameters: unruly WxH[u]d{e,n}, pattern
# WxH. Needs /usr/games/sgt-unruly and sgt-pattern (apt-get install sgt-puzzles).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
count=${2:-20}
prune=$build/prune
sets=${SETS:-"unruly:8x8de unruly:8x8dn unruly:10x10de unruly:10x10dn unruly:14x14de unruly:14x14dn unruly:20x20de unruly:20x20dn unruly:16x10dn unruly:10x10udn pattern:10x10 pattern:15x15 pattern:20x20 pattern:25x25 pattern:30x30 pattern:40x40"}
weak_node_limit=${WEAK_NODE_LIMIT:-2000000}

if [[ ! -x $prune ]]; then
    echo "tatham_lines: no prune binary at $prune (build it, or pass the build directory)" >&2
    exit 2
fi
for game in unruly pattern; do
    if [[ ! -x /usr/games/sgt-$game ]]; then
        echo "tatham_lines: /usr/games/sgt-$game not found (apt-get install sgt-puzzles)" >&2
        exit 2
    fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Milliseconds since the epoch, with a fraction.
now_ms() { date +%s.%N | awk '{ printf "%.3f", $1 * 1000 }'; }

# Runs one set: $1 game, $2 generator parameters, $3 prune kind, $4.. kind options.
# Prints one table row.
run_set() {
    local game=$1 params=$2 kind=$3
    shift 3
    local ids=$tmp/$game-$params.txt
    [[ -s $ids ]] || /usr/games/sgt-$game --generate "$count" "$params#prune$count" 2> /dev/null > "$ids"
    local rows=$tmp/rows.txt
    : > "$rows"
    while read -r id; do
        local start end json plain
        start=$(now_ms)
        json=$("$prune" solve "$kind" "$id" --json "$@" 2> /dev/null || true)
        end=$(now_ms)
        plain=$("$prune" solve "$kind" "$id" "$@" 2> /dev/null || true)
        local ok=0
        if grep -q '"status": *"sat"' <<< "$json" && grep -q '"unique": *true' <<< "$json" &&
           grep -q '^Puzzle OK: solution successful.$' <<< "$plain" && grep -q '^The solution is unique.$' <<< "$plain"; then ok=1; fi
        local nodes seconds
        nodes=$(sed -n 's/.*"nodes": *\([0-9]*\).*/\1/p' <<< "$json")
        seconds=$(sed -n 's/.*"seconds": *\([0-9.e+-]*\).*/\1/p' <<< "$json")
        echo "$ok ${nodes:-0} ${seconds:-0} $start $end" >> "$rows"
    done < "$ids"
    local label="$game $params"
    [[ $# -gt 0 ]] && label="$label $*"
    # The same set in one process (--batch --unique): its per-puzzle median and max,
    # free of process start-up and much less exposed to a busy machine.
    local batch
    batch=$("$prune" solve "$kind" "$ids" --batch --unique "$@" 2>&1 > /dev/null | sed -n 's/.*per puzzle: median \(.*\), max \([^ ]* [^ ]*\).*/\1 \/ \2/p')
    awk -v label="$label" -v batch="${batch:-?}" '
        function median(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        { n++; ok += $1; nodes[n] = $2; zero += ($2 == 0); search[n] = $3 * 1000; wall[n] = $5 - $4
          if ($2 > maxn) maxn = $2; if ($3 * 1000 > maxs) maxs = $3 * 1000; if ($5 - $4 > maxw) maxw = $5 - $4 }
        END { printf "| %s | %d | %d | %g | %d | %d | %.3f | %.3f | %.1f | %.1f | %s |\n", label, n, ok, median(nodes, n), maxn, zero,
                     median(search, n), maxs, median(wall, n), maxw, batch }' "$rows"
}

echo "prune: $prune ($("$prune" --version 2> /dev/null | head -1)); $count puzzles a set; $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo ?) (process and search times grow with it)"
echo
echo "| set | puzzles | unique+OK | median nodes | max nodes | 0 nodes | median search ms | max search ms | median process ms | max process ms | --batch per puzzle, median / max |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for set in $sets; do
    game=${set%%:*}
    params=${set#*:}
    case $game in
        unruly)
            run_set unruly "$params" kurosu
            if [[ -n ${WEAK:-} ]]; then run_set unruly "$params" kurosu --weak-lines --node-limit "$weak_node_limit"; fi
            ;;
        pattern) run_set pattern "$params" pattern ;;
        *) echo "tatham_lines: unknown game '$game' in SETS" >&2; exit 2 ;;
    esac
done
