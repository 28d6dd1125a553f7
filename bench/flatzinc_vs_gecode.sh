#!/usr/bin/env bash
# prune against Gecode on the same MiniZinc instances.
#
# Each instance is compiled once per solver library (prune's mznlib through the
# build-tree prune.msc, Gecode's through ../shared/tools/peers/gecode62.msc), then
# fzn-prune and fzn-gecode run on their own FlatZinc with the same time limit. For
# each instance the script prints wall time (seconds, parsing included), nodes,
# failures and the answer of each solver, and the time ratio prune/Gecode; at the
# end, the geometric mean of the ratios over the instances both solved with the
# same answer. Optimisation objectives are compared by marking the objective
# variable as an output variable in each FlatZinc file.
#
# usage: bench/flatzinc_vs_gecode.sh [-b BUILD_DIR] [-t SECONDS] [-l LIST] [-w WORK_DIR] [-q] [-P FLAGS]
#   -b  build directory holding prune.msc and flatzinc/fzn-prune (default: build)
#   -t  time limit per solver run, seconds (default 20)
#   -l  instance list, one per line:  name | model.mzn | data.dzn or - | minizinc args | solver flags
#       relative paths are taken from the shared directory (default: the list below)
#   -w  keep the FlatZinc files in WORK_DIR
#   -q  quick: only the instances marked "quick" in the default list
#   -P  more flags for every fzn-prune run (e.g. "--learn": two runs, with and without,
#       each against Gecode in the same run, compare a setting's geometric means)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
limit=20
list=""
work=""
quick=0
prune_flags=""
while getopts "b:t:l:w:qP:h" opt; do
    case $opt in
        b) build="$OPTARG" ;;
        t) limit="$OPTARG" ;;
        l) list="$OPTARG" ;;
        w) work="$OPTARG" ;;
        q) quick=1 ;;
        P) prune_flags="$OPTARG" ;;
        *) sed -n '2,21p' "$0"; exit 2 ;;
    esac
done
shared="${PRUNE_SHARED_DIR:-$root/../shared}"
peers="$shared/tools/peers"
build="$(cd "$build" 2>/dev/null && pwd)" || { echo "no build directory (use -b)" >&2; exit 2; }
prune_msc="$build/prune.msc"
fzn_prune="$build/flatzinc/fzn-prune"
gecode_msc="$peers/gecode62.msc"
for need in minizinc fzn-gecode; do
    command -v "$need" > /dev/null || { echo "$need is not installed (see $peers/README.md)" >&2; exit 2; }
done
[ -x "$fzn_prune" ] && [ -f "$prune_msc" ] || { echo "build fzn-prune first: $fzn_prune" >&2; exit 2; }
[ -f "$gecode_msc" ] || { echo "missing $gecode_msc" >&2; exit 2; }
if [ -z "$work" ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

default_list() {
    cat <<'EOF'
# name                  | model                                        | data                                      | minizinc args       | flags | quick
queens-12-all           | tools/peers/models/queens.mzn                | -                                         | -D n=12 -D domprop=true | -a | quick
sudoku-escargot         | tools/peers/models/sudoku.mzn                | tools/peers/data/sudoku_escargot.dzn      | -D domprop=true     |       | quick
sudoku-easter-monster   | tools/peers/models/sudoku.mzn                | tools/peers/data/sudoku_easter_monster.dzn| -D domprop=true     |       |
sudoku-inkala2012       | tools/peers/models/sudoku.mzn                | tools/peers/data/sudoku_inkala2012.dzn    | -D domprop=true     |       |
qwh-n35-s1              | tools/peers/models/qcp.mzn                   | tools/peers/data/qwh_n35_h42_s1.dzn       | -D domprop=true     |       | quick
qwh-n40-s1              | tools/peers/models/qcp.mzn                   | tools/peers/data/qwh_n40_h42_s1.dzn       | -D domprop=true     |       |
golomb-10               | tools/peers/models/golomb.mzn                | -                                         | -D m=10 -D domprop=false |  | quick
kakuro-20x20-b35        | tools/peers/models/kakuro.mzn                | tools/peers/data/kakuro_20x20_b35_s1.dzn  | -D domprop=true     |       |
magic-series-40-all     | tools/peers/models/magic_series.mzn          | -                                         | -D n=40             | -a    |
magic-square-4-all      | tools/peers/models/magic_square.mzn          | -                                         | -D n=4 -D domprop=true | -a |
table-n30-r1            | tools/peers/models/table_csp.mzn             | tools/peers/data/table_n30_d10_c60_t300_r1.dzn |                |       | quick
langford-3-17           | data/minizinc/langford/langford.mzn          | data/minizinc/langford/l_3_17.dzn         |                     |       |
costas-14               | data/minizinc/costas-array/CostasArray.mzn   | data/minizinc/costas-array/14.dzn         |                     |       | quick
black-hole-12           | data/minizinc/black-hole/black-hole.mzn      | data/minizinc/black-hole/12.dzn           |                     |       |
quasigroup7-08          | data/minizinc/quasigroup7/quasigroup7.mzn    | data/minizinc/quasigroup7/08.dzn          |                     |       |
magicseq-100            | data/minizinc/magicseq/magicseq.mzn          | data/minizinc/magicseq/100.dzn            |                     |       |
market-split-s4-01      | data/minizinc/market_split/market_split.mzn  | data/minizinc/market_split/s4-01.dzn      |                     |       |
nonogram-dom-06         | data/minizinc/nonogram/non.mzn               | data/minizinc/nonogram/dom_06.dzn         |                     |       |
knights-08-14           | data/minizinc/knights/knights.mzn            | data/minizinc/knights/08_14.dzn           |                     |       |
schur-10-3              | data/minizinc/schur_numbers/schur.mzn        | data/minizinc/schur_numbers/10-3.dzn      |                     |       |
grid-colouring-5-6      | data/minizinc/grid-colouring/GridColoring.mzn| data/minizinc/grid-colouring/5_6.dzn      |                     |       |
golomb-09               | data/minizinc/golomb/golomb.mzn              | data/minizinc/golomb/09.dzn               |                     |       | quick
latin-squares-fd2-25    | data/minizinc/latin-squares/latin-squares-fd2.mzn | data/minizinc/latin-squares/25.dzn   |                     |       |
EOF
}

# Marks the objective of FlatZinc file $1 as an output variable; prints its name.
expose_objective() {
    local name
    name="$(sed -n 's/^solve .*\(minimize\|maximize\) \([A-Za-z_][A-Za-z0-9_]*\) *;.*$/\2/p' "$1")"
    [ -z "$name" ] && return 0
    if ! grep -q "^var [^:]*: $name .*output_var" "$1"; then
        sed -i "s/^\(var [^:]*: $name\)\([ ;:]\)/\1 :: output_var\2/" "$1"
    fi
    echo "$name"
}

# Reads solver output $1 (objective name $2): prints "answer nodes failures".
summarise() {
    local out="$1" objective="$2" answer nodes failures
    nodes="$(grep -m1 -o 'nodes=[0-9]*' "$out" | cut -d= -f2)"
    failures="$(grep -m1 -o 'failures=[0-9]*' "$out" | cut -d= -f2)"
    if grep -q '^=====UNSATISFIABLE=====' "$out"; then
        answer=UNSAT
    elif grep -q '^----------' "$out"; then
        if [ -n "$objective" ]; then
            local v
            v="$(grep "^$objective = " "$out" | tail -1 | sed 's/.* = \(.*\);/\1/')"
            if grep -q '^==========' "$out"; then answer="OPT=$v"; else answer="BEST=$v"; fi
        elif grep -q '^==========' "$out"; then
            answer="ALL=$(grep -c '^----------' "$out")"
        else
            answer=SAT
        fi
    else
        answer=UNKNOWN
    fi
    echo "$answer ${nodes:--} ${failures:--}"
}

now() { date +%s.%N; }

printf '%-22s | %9s %10s %9s %-10s | %9s %10s %9s %-10s | %7s\n' instance "prune s" nodes fails answer "gecode s" nodes fails answer ratio
printf -- '-%.0s' $(seq 1 124); echo
ratios="$work/ratios"
: > "$ratios"
solved_both=0
mismatches=0
while IFS='|' read -r name model data args flags tag; do
    name="$(echo "$name" | xargs)"
    [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
    tag="$(echo "${tag:-}" | xargs)"
    [ "$quick" = 1 ] && [ "$tag" != quick ] && continue
    model="$(echo "$model" | xargs)"; data="$(echo "$data" | xargs)"; args="$(echo "$args" | xargs)"; flags="$(echo "${flags:-}" | xargs)"
    [ "${model:0:1}" = / ] || model="$shared/$model"
    files=("$model")
    if [ "$data" != "-" ] && [ -n "$data" ]; then
        [ "${data:0:1}" = / ] || data="$shared/$data"
        files+=("$data")
    fi
    ok=1
    for solver in prune gecode; do
        msc="$prune_msc"; [ $solver = gecode ] && msc="$gecode_msc"
        # shellcheck disable=SC2086
        if ! minizinc --solver "$msc" -c "${files[@]}" $args --fzn "$work/$name.$solver.fzn" --ozn "$work/$name.$solver.ozn" \
            > "$work/$name.$solver.compile" 2>&1; then
            echo "$name: compiling for $solver failed: $(head -c 300 "$work/$name.$solver.compile")"
            ok=0
        fi
    done
    [ $ok = 1 ] || continue
    obj_p="$(expose_objective "$work/$name.prune.fzn")"
    obj_g="$(expose_objective "$work/$name.gecode.fzn")"
    ms=$((limit * 1000))
    t0=$(now)
    # shellcheck disable=SC2086
    timeout $((limit + 10)) "$fzn_prune" -s -t "$ms" $flags $prune_flags "$work/$name.prune.fzn" > "$work/$name.prune.out" 2> "$work/$name.prune.err"
    t1=$(now)
    # shellcheck disable=SC2086
    timeout $((limit + 10)) fzn-gecode -s -time "$ms" $flags "$work/$name.gecode.fzn" > "$work/$name.gecode.out" 2> "$work/$name.gecode.err"
    t2=$(now)
    tp=$(echo "$t1 - $t0" | bc -l)
    tg=$(echo "$t2 - $t1" | bc -l)
    read -r ap np fp <<< "$(summarise "$work/$name.prune.out" "$obj_p")"
    read -r ag ng fg <<< "$(summarise "$work/$name.gecode.out" "$obj_g")"
    ratio="-"
    complete() { [ "$1" = UNSAT ] || [ "${1%%=*}" = OPT ] || [ "${1%%=*}" = ALL ] || [ "$1" = SAT ]; }
    if complete "$ap" && complete "$ag"; then
        if [ "$ap" = "$ag" ] || { [ "$ap" = SAT ] && [ "$ag" = SAT ]; }; then
            ratio=$(echo "$tp / $tg" | bc -l)
            echo "$ratio" >> "$ratios"
            solved_both=$((solved_both + 1))
            ratio=$(printf '%.2f' "$ratio")
        else
            ratio=MISMATCH
            mismatches=$((mismatches + 1))
        fi
    fi
    printf '%-22s | %9.3f %10s %9s %-10s | %9.3f %10s %9s %-10s | %7s\n' "$name" "$tp" "$np" "$fp" "$ap" "$tg" "$ng" "$fg" "$ag" "$ratio"
done < <(if [ -n "$list" ]; then cat "$list"; else default_list; fi)
printf -- '-%.0s' $(seq 1 124); echo
if [ -s "$ratios" ]; then
    gm=$(awk '{ s += log($1); n++ } END { printf "%.3f", exp(s / n) }' "$ratios")
    echo "geometric mean of prune/Gecode time over $solved_both instances solved by both: $gm (below 1: prune faster)"
fi
[ "$mismatches" = 0 ] || { echo "$mismatches instance(s) with different answers"; exit 1; }
