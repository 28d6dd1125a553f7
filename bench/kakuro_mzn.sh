#!/usr/bin/env bash
# ../shared/tools/peers/models/kakuro.mzn (alldifferent + sum per run) on every
# kakuro_*.dzn of ../shared/tools/peers/data, in one run: prune before and after the
# FlatZinc builder posts distinct_sum for each all_different + int_lin_eq pair, Gecode
# 6.2 (native, through gecode62.msc, domain alldifferent) and Chuffed 0.14 (WebAssembly).
# Each cell: the solver's own solveTime (s), its nodes, and for the native solvers the
# wall clock of the FlatZinc run (s); a run cut by the limit shows ">T". prune runs
# twice: with the model's search annotation (first_fail, indomain_min) and with -f
# (free search: dom/wdeg, restarts).
#
#   bench/kakuro_mzn.sh [BUILD_DIR] [BEFORE_PRUNE] [LIMIT_S]
#
# BEFORE_PRUNE: a `prune` binary without the recognition (e.g. one built from main);
# both prune runs read the same FlatZinc, compiled once with BUILD_DIR/prune.msc.
# Chuffed runs when CHUFFED_WASM names a copy of peers/chuffed-wasm with its npm
# package installed (peers/install.sh --wasm), else it is reported as skipped.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
before=${2:-}
limit=${3:-20}
peers=${PRUNE_SHARED_DIR:-$root/../shared}/tools/peers
model=$peers/models/kakuro.mzn
chuffed=${CHUFFED_WASM:-$peers/chuffed-wasm}
for need in minizinc fzn-gecode; do
    command -v "$need" > /dev/null || { echo "kakuro_mzn: $need is not installed (see $peers/README.md)" >&2; exit 2; }
done
[[ -f $model ]] || { echo "kakuro_mzn: $model not found (set PRUNE_SHARED_DIR to the shared directory)" >&2; exit 2; }
[[ -x $build/prune && -f $build/prune.msc ]] || { echo "kakuro_mzn: build prune first ($build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

stat() { sed -n "s/^%%%mzn-stat: $1=//p" "$2" | tail -1; }
# Runs a FlatZinc solver: prints "solveTime nodes wall" or ">limit - wall".
run_fzn() {
    local out=$work/out.txt start end
    start=$(date +%s%N)
    timeout $((limit + 5)) "$@" > "$out" 2>&1 || true
    end=$(date +%s%N)
    local wall; wall=$(awk -v n=$(( (end - start) / 1000000 )) 'BEGIN { printf "%.2f", n / 1000 }')
    if grep -q "^----------" "$out"; then
        echo "$(stat solveTime "$out") $(stat nodes "$out") $wall"
    else
        echo ">$limit - $wall"
    fi
}

printf "%-22s | %-20s | %-20s | %-20s | %-20s | %-20s | %-16s\n" instance "prune before" "prune after" "before -f" "after -f" "gecode" "chuffed"
for data in "$peers"/data/kakuro_*.dzn; do
    name=$(basename "$data" .dzn)
    minizinc --solver "$build/prune.msc" -c "$model" "$data" -D domprop=true --fzn "$work/p.fzn" --ozn "$work/p.ozn" > /dev/null
    minizinc --solver "$peers/gecode62.msc" -c "$model" "$data" -D domprop=true --fzn "$work/g.fzn" --ozn "$work/g.ozn" > /dev/null
    ms=$((limit * 1000))
    if [[ -n $before ]]; then
        b=$(run_fzn "$before" fzn "$work/p.fzn" -s -t $ms)
        bf=$(run_fzn "$before" fzn "$work/p.fzn" -f -s -t $ms)
    else
        b="(no binary)"
        bf=$b
    fi
    a=$(run_fzn "$build/prune" fzn "$work/p.fzn" -s -t $ms)
    af=$(run_fzn "$build/prune" fzn "$work/p.fzn" -f -s -t $ms)
    g=$(run_fzn fzn-gecode -s -time $ms "$work/g.fzn")
    if [[ -d $chuffed/node_modules/minizinc ]]; then
        out=$work/c.txt
        (cd "$work" && timeout $((limit + 30)) node "$chuffed/mzn-wasm.cjs" --solver chuffed -s --time-limit $ms kakuro.mzn "$name.dzn" -D domprop=true \
            -- "$model" "$data" > "$out" 2>&1 || true)
        if grep -q "^----------" "$out"; then c="$(stat solveTime "$out") $(stat nodes "$out")"; else c=">$limit"; fi
    else
        c="skipped (no wasm)"
    fi
    printf "%-22s | %-20s | %-20s | %-20s | %-20s | %-20s | %-16s\n" "$name" "$b" "$a" "$bf" "$af" "$g" "$c"
done
