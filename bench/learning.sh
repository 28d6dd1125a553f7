#!/usr/bin/env bash
# prune with and without learning (--learn) on the MiniZinc instances of issue 15.
#
# Each instance is compiled once with prune's library (the build tree's prune.msc),
# then fzn-prune runs it four ways: the model's search and free search (-f), each
# without and with --learn, under the same time limit. Prints, per run, the answer
# (SAT, UNSAT, OPT, or - when the limit stopped it), the search's seconds (solveTime)
# and nodes, and the learned nogoods and fallback explanations of the learning runs.
#
# usage: bench/learning.sh [-b BUILD_DIR] [-t SECONDS] [-w WORK_DIR]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
limit=15
work=""
while getopts "b:t:w:h" opt; do
    case $opt in
        b) build="$OPTARG" ;;
        t) limit="$OPTARG" ;;
        w) work="$OPTARG" ;;
        *) sed -n '2,11p' "$0"; exit 2 ;;
    esac
done
shared="${PRUNE_SHARED_DIR:-$root/../shared}"
build="$(cd "$build" 2>/dev/null && pwd)" || { echo "no build directory (use -b)" >&2; exit 2; }
fzn_prune="$build/flatzinc/fzn-prune"
command -v minizinc > /dev/null || { echo "minizinc is not installed" >&2; exit 2; }
[ -x "$fzn_prune" ] && [ -f "$build/prune.msc" ] || { echo "build fzn-prune first: $fzn_prune" >&2; exit 2; }
if [ -z "$work" ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
mz="$shared/data/minizinc"
instances() {
    cat <<EOF2
black-hole-2|$mz/black-hole/black-hole.mzn|$mz/black-hole/2.dzn
black-hole-11|$mz/black-hole/black-hole.mzn|$mz/black-hole/11.dzn
black-hole-15|$mz/black-hole/black-hole.mzn|$mz/black-hole/15.dzn
grid-colouring-7_8|$mz/grid-colouring/GridColoring.mzn|$mz/grid-colouring/7_8.dzn
grid-colouring-10_10|$mz/grid-colouring/GridColoring.mzn|$mz/grid-colouring/10_10.dzn
quasigroup7-10|$mz/quasigroup7/quasigroup7.mzn|$mz/quasigroup7/10.dzn
costas-array-16|$mz/costas-array/CostasArray.mzn|$mz/costas-array/16.dzn
market_split-s4-03|$mz/market_split/market_split.mzn|$mz/market_split/s4-03.dzn
market_split-u4-01|$mz/market_split/market_split.mzn|$mz/market_split/u4-01.dzn
EOF2
}
# run FZN FLAGS...: "answer seconds nodes learned fallback"
run() {
    local fzn=$1
    shift
    local out answer
    out=$(timeout $((limit + 5)) "$fzn_prune" -s -t $((limit * 1000)) "$@" "$fzn" 2>&1)
    answer=-
    grep -q '^==========' <<<"$out" && answer=OPT
    [ "$answer" = - ] && grep -q '^----------' <<<"$out" && answer=SAT
    grep -q '^=====UNSATISFIABLE=====' <<<"$out" && answer=UNSAT
    stat() { grep -o "mzn-stat: $1=[0-9.e+-]*" <<<"$out" | head -1 | cut -d= -f2; }
    echo "$answer $(stat solveTime) $(stat nodes) $(stat learnedNogoods) $(stat fallbackExplanations)"
}
printf '%-22s %-6s %-24s %-40s\n' instance search "plain: answer s nodes" "--learn: answer s nodes learned fallback"
instances | while IFS='|' read -r name model data; do
    [ -f "$model" ] && [ -f "$data" ] || { echo "$name: missing $model or $data (skipped)"; continue; }
    if ! MZN_SOLVER_PATH="$build" minizinc --solver prune -c "$model" "$data" --fzn "$work/$name.fzn" --ozn "$work/$name.ozn" \
        > "$work/$name.compile" 2>&1; then
        echo "$name: compiling failed: $(head -c 300 "$work/$name.compile")"
        continue
    fi
    for search in model free; do
        flags=()
        [ $search = free ] && flags=(-f)
        printf '%-22s %-6s %-24s %-40s\n' "$name" "$search" "$(run "$work/$name.fzn" "${flags[@]}")" \
            "$(run "$work/$name.fzn" "${flags[@]}" --learn)"
    done
done
