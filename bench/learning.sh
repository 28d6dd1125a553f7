#!/usr/bin/env bash
# prune with and without learning (--learn) on the MiniZinc instances of issue 15.
#
# Each instance is compiled once with prune's library (the build tree's prune.msc),
# then fzn-prune runs it four ways: the model's search and free search (-f), each
# without and with --learn, under the same time limit. Prints, per run, the answer
# (SAT, UNSAT, OPT, or - when the limit stopped it), the CPU seconds
# and nodes, and the learned nogoods and fallback explanations of the learning runs.
# The limit is on CPU time (ulimit -t: a run that reaches it is killed and shows -),
# and the seconds shown are the process's user CPU time, so that a loaded machine
# gives the same answers.
# The instances: the 24 of issue 15 and the peers' hard ones (../shared/tools/peers:
# qwh n40 s2, the kakuro instances, golomb m=11).
# With -c, Chuffed in WebAssembly (../shared/tools/peers/install.sh --wasm, or
# CHUFFED_WASM naming such a copy) runs too, with the same search: each instance is
# flattened once with Chuffed's own library, then Chuffed solves that FlatZinc under
# the same CPU limit (plus the WebAssembly start, measured once on a trivial model);
# its column is the answer, the CPU seconds (less that start) and Chuffed's own
# solveTime, which is wall-clock time (on a loaded machine, against Chuffed).
# With -g, Gecode 6.2 native (fzn-gecode, Debian's) runs too, with the same search and
# CPU limit: each instance flattened with ../shared/tools/peers/gecode62.msc (MiniZinc's
# Gecode library, which keeps alldifferent and table global); its column is the
# answer, CPU seconds and nodes.
#
# With -r SEEDS (e.g. -r "0 1 2 3 4"), the --learn column runs once per seed (fzn-prune -r)
# and shows the answer, how many seeds finished, and the median CPU-s (an unfinished run
# counts as unbounded, so the median reads >limit when half or more did not finish):
# one seed's run can be 10-60x another's, and comparisons on one seed mislead.
#
# usage: bench/learning.sh [-b BUILD_DIR] [-t SECONDS] [-w WORK_DIR] [-l] [-A] [-B FZN_PRUNE] [-L FLAGS] [-M FLAGS] [-m PATTERN] [-s model|free] [-c] [-g] [-r SEEDS] [-k SEEDS] [-j SEEDS] [-T SEEDS]
#   -l  only the --learn runs (half the time)
#   -A  also fzn-prune's default, --learn auto (learning after 10,000,000 propagator
#       runs), after the plain run (--learn off) in its column
#   -B  also run this fzn-prune (a baseline build) with --learn, in a last column
#   -L  more flags for the --learn runs (e.g. "--learn-branching variables")
#   -M  more flags for the baseline's --learn runs: with -B naming the same fzn-prune,
#       two settings of one build side by side
#   -m  only the instances whose name matches the grep pattern
#   -s  only the model's search or only free search (-f)
#   -c  also Chuffed WASM (answer, CPU seconds, solveTime), in a last column
#   -g  also Gecode 6.2 native (answer, CPU seconds, nodes), in a last column
#   -r  the --learn runs (and -B's) once per seed of the list (answer, finished/runs, median CPU-s)
#   -k  also Kakuro grids 20x20, p(black) 0.3, of these generator seeds (e.g. "2 3 4"), made
#       by the peers' generator (../shared/tools/peers/gen_data.py, kakuro()) as it makes
#       kakuro_20x20_b30_s1: one instance says little when a search can be 1,000x another's
#   -j  also scheduling drawn from these seeds (e.g. "1 2 3"): resource-constrained
#       projects (bench/models/rcpsp.mzn: four cumulatives, precedences, minimise the
#       makespan) of 60 and 90 tasks, and job shops (bench/models/jobshop.mzn: one
#       disjunctive per machine) of 10 jobs on 5 and on 10 machines, and job shops of 8
#       jobs on 5 machines with each machine's disjunctive as pairwise disjunctions of
#       reified precedences (bench/models/jobshop_reified.mzn)
#   -T  also tours drawn from these seeds (e.g. "1 2 3"): asymmetric travelling
#       salesmen (bench/models/tsp.mzn: one circuit, an element per leg, minimise the
#       cost) of 16 and 18 cities
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
limit=15
work=""
learn_only=0
auto_column=0
baseline=""
pattern=""
searches="model free"
chuffed_column=0
gecode_column=0
seeds=""
kakuro_seeds=""
rcpsp_seeds=""
tour_seeds=""
learn_flags=""
baseline_flags=""
while getopts "b:t:w:lAB:L:M:m:s:cgr:k:j:T:h" opt; do
    case $opt in
        b) build="$OPTARG" ;;
        t) limit="$OPTARG" ;;
        w) work="$OPTARG" ;;
        l) learn_only=1 ;;
        A) auto_column=1 ;;
        B) baseline="$OPTARG" ;;
        m) pattern="$OPTARG" ;;
        s) searches="$OPTARG" ;;
        c) chuffed_column=1 ;;
        g) gecode_column=1 ;;
        r) seeds="$OPTARG" ;;
        k) kakuro_seeds="$OPTARG" ;;
        j) rcpsp_seeds="$OPTARG" ;;
        T) tour_seeds="$OPTARG" ;;
        L) learn_flags="$OPTARG" ;;
        M) baseline_flags="$OPTARG" ;;
        *) sed -n '2,54p' "$0"; exit 2 ;;
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
peers="$shared/tools/peers"
chuffed="${CHUFFED_WASM:-$peers/chuffed-wasm}"
if [ $chuffed_column = 1 ]; then
    command -v node > /dev/null && [ -d "$chuffed/node_modules/minizinc" ] ||
        { echo "no Chuffed WASM in $chuffed (../shared/tools/peers/install.sh --wasm)" >&2; exit 2; }
fi
if [ $gecode_column = 1 ]; then
    command -v fzn-gecode > /dev/null && [ -f "$peers/gecode62.msc" ] ||
        { echo "no fzn-gecode or no $peers/gecode62.msc (../shared/tools/peers/install.sh)" >&2; exit 2; }
fi
# Writes the Kakuro grids of -k into the work directory: the generator's kakuro()
# as ../shared/tools/peers/gen_data.py defines it, seeded as it seeds its own.
generate_kakuro() {
    [ -n "$kakuro_seeds" ] || return 0
    # shellcheck disable=SC2086  # one argument per seed
    python3 - "$peers/gen_data.py" "$work" $kakuro_seeds <<'PY' || { echo "could not generate the Kakuro grids" >&2; exit 2; }
import random, sys
source = open(sys.argv[1]).read()
start = source.index("def kakuro(")
scope = {"random": random}
exec(source[start:source.index("\nfor (w, h, pb, seed)", start)], scope)
for seed in map(int, sys.argv[3:]):
    ncells, runs, sums = scope["kakuro"](20, 20, 0.3, random.Random(77 * 20 + seed))
    rstart, rcell = [], []
    for cells in runs:
        rstart.append(len(rcell) + 1)
        rcell.extend(c + 1 for c in cells)
    rstart.append(len(rcell) + 1)
    with open(f"{sys.argv[2]}/kakuro_20x20_b30_s{seed}.dzn", "w") as out:
        out.write(f"ncells = {ncells};\nnruns = {len(runs)};\nrsum = {sums};\nrstart = {rstart};\nrcell = {rcell};\n")
PY
}
generate_kakuro
instances() {
    cat <<EOF2
black-hole-2|$mz/black-hole/black-hole.mzn|$mz/black-hole/2.dzn|
black-hole-11|$mz/black-hole/black-hole.mzn|$mz/black-hole/11.dzn|
black-hole-15|$mz/black-hole/black-hole.mzn|$mz/black-hole/15.dzn|
grid-colouring-7_8|$mz/grid-colouring/GridColoring.mzn|$mz/grid-colouring/7_8.dzn|
grid-colouring-10_10|$mz/grid-colouring/GridColoring.mzn|$mz/grid-colouring/10_10.dzn|
quasigroup7-10|$mz/quasigroup7/quasigroup7.mzn|$mz/quasigroup7/10.dzn|
quasigroup7-12|$mz/quasigroup7/quasigroup7.mzn|$mz/quasigroup7/12.dzn|
costas-array-16|$mz/costas-array/CostasArray.mzn|$mz/costas-array/16.dzn|
costas-array-18|$mz/costas-array/CostasArray.mzn|$mz/costas-array/18.dzn|
costas-array-20|$mz/costas-array/CostasArray.mzn|$mz/costas-array/20.dzn|
qcp-25-264-1|$mz/QCP/qcp-25-264-1_ext.mzn||
market_split-s4-03|$mz/market_split/market_split.mzn|$mz/market_split/s4-03.dzn|
market_split-u4-01|$mz/market_split/market_split.mzn|$mz/market_split/u4-01.dzn|
golomb-11|$mz/golomb/golomb.mzn|$mz/golomb/11.dzn|
golomb-12|$mz/golomb/golomb.mzn|$mz/golomb/12.dzn|
langford-l_2_13|$mz/langford/langford.mzn|$mz/langford/l_2_13.dzn|
langford-l_2_17|$mz/langford/langford.mzn|$mz/langford/l_2_17.dzn|
langford-l_4_24|$mz/langford/langford.mzn|$mz/langford/l_4_24.dzn|
magicseq-500|$mz/magicseq/magicseq.mzn|$mz/magicseq/500.dzn|
peers-qwh_n40_h42_s2|$peers/models/qcp.mzn|$peers/data/qwh_n40_h42_s2.dzn|-D domprop=true
peers-golomb-11|$peers/models/golomb.mzn||-D m=11 -D domprop=false
EOF2
    for k in "$peers"/data/kakuro_*.dzn; do
        [ -f "$k" ] && echo "peers-$(basename "$k" .dzn)|$peers/models/kakuro.mzn|$k|-D domprop=true"
    done
    for seed in $kakuro_seeds; do
        echo "gen-kakuro_20x20_b30_s$seed|$peers/models/kakuro.mzn|$work/kakuro_20x20_b30_s$seed.dzn|-D domprop=true"
    done
    for seed in $rcpsp_seeds; do
        for n in 60 90; do echo "rcpsp-n${n}-s$seed|$here/models/rcpsp.mzn||-D n=$n -D seed=$seed"; done
        for m in 5 10; do echo "jobshop-10x${m}-s$seed|$here/models/jobshop.mzn||-D jobs=10 -D machines=$m -D seed=$seed"; done
        echo "jobshop-reified-8x5-s$seed|$here/models/jobshop_reified.mzn||-D jobs=8 -D machines=5 -D seed=$seed"
    done
    for seed in $tour_seeds; do
        for n in 16 18; do echo "tsp-n${n}-s$seed|$here/models/tsp.mzn||-D n=$n -D seed=$seed"; done
    done
}
# run FZN_PRUNE FZN FLAGS...: "answer seconds nodes learned fallback"
run() {
    local solver=$1 fzn=$2
    shift 2
    local out answer
    out=$( (ulimit -t "$limit"
            timeout $((limit * 30)) /usr/bin/time -f "cpu=%U" "$solver" -s "$@" "$fzn") 2>&1)
    answer=-
    grep -q '^==========' <<<"$out" && answer=OPT
    [ "$answer" = - ] && grep -q '^----------' <<<"$out" && answer=SAT
    grep -q '^=====UNSATISFIABLE=====' <<<"$out" && answer=UNSAT
    stat() { grep -o "mzn-stat: $1=[0-9.e+-]*" <<<"$out" | head -1 | cut -d= -f2; }
    local cpu
    cpu=$(grep -o 'cpu=[0-9.]*' <<<"$out" | tail -1 | cut -d= -f2)
    [ "$answer" = - ] && cpu=">$limit"
    echo "$answer ${cpu:-?} $(stat nodes) $(stat learnedNogoods) $(stat fallbackExplanations)"
}
# run_seeds FZN FLAGS...: fzn-prune once per seed (-r): "answer finished/runs median"
run_seeds() {
    local binary=$1 fzn=$2
    shift 2
    local answer=- finished=0 runs=0 cpus=() seed line median
    for seed in $seeds; do
        line=$(run "$binary" "$fzn" "$@" -r "$seed")
        runs=$((runs + 1))
        if [ "${line%% *}" != - ]; then
            answer=${line%% *}
            finished=$((finished + 1))
            cpus+=("$(cut -d' ' -f2 <<<"$line")")
        else
            cpus+=(inf)
        fi
    done
    median=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    [ "$median" = inf ] && median=">$limit"
    echo "$answer $finished/$runs median $median"
}
# answer ANSWER_TEXT: OPT, UNSAT, SAT or -
answer_of() {
    local answer=-
    grep -q '^==========' <<<"$1" && answer=OPT
    [ "$answer" = - ] && grep -q '^----------' <<<"$1" && answer=SAT
    grep -q '^=====UNSATISFIABLE=====' <<<"$1" && answer=UNSAT
    echo $answer
}
# Chuffed's CPU time: the node process's user CPU less that of a trivial model (the
# WebAssembly start, measured once), under prune's CPU limit plus that start.
chuffed_start=0
if [ $chuffed_column = 1 ]; then
    printf 'var 1..2: x;\nsolve satisfy;\n' > "$work/trivial.fzn"
    chuffed_start=$( (cd "$work" && /usr/bin/time -f "cpu=%U" node "$chuffed/mzn-wasm.cjs" --solver chuffed trivial.fzn \
        -- "$work/trivial.fzn" > /dev/null) 2>&1 | grep -o 'cpu=[0-9.]*' | cut -d= -f2)
fi
# chuffed NAME FLAGS...: "answer CPU solveTime" of Chuffed WASM on NAME's Chuffed
# FlatZinc ("answer >limit" when it did not finish within the CPU limit).
chuffed() {
    local name=$1
    shift
    [ -s "$work/$name.chuffed.fzn" ] || { echo "(flattening failed)"; return; }
    local out answer seconds cpu
    out=$(cd "$work" && (ulimit -t "$(awk -v l="$limit" -v s="${chuffed_start:-0}" 'BEGIN { print int(l + s + 1) }')"
          timeout $((limit * 30 + 120)) /usr/bin/time -f "cpu=%U" node "$chuffed/mzn-wasm.cjs" --solver chuffed -s "$@" \
          "$name.chuffed.fzn" -- "$work/$name.chuffed.fzn") 2>&1)
    answer=$(answer_of "$out")
    seconds=$(grep -o 'mzn-stat: solveTime=[0-9.]*' <<<"$out" | tail -1 | cut -d= -f2)
    cpu=$(grep -o 'cpu=[0-9.]*' <<<"$out" | tail -1 | cut -d= -f2)
    # Refused, not slow: an error is no time, so say so rather than print a timeout
    # (Chuffed 0.14 aborts on indomain_random, for one; and the WebAssembly MiniZinc
    # flattens the file again, which a file from another flattening may not survive).
    if grep -q '^Error: ' <<<"$out"; then
        echo "error: $(grep -m1 '^Error: ' <<<"$out" | cut -c8- | head -c 60)"
        return
    fi
    # Killed by the limit (an optimisation may have printed solutions, without proof).
    if [ "$answer" = - ] || [ -z "$cpu" ] || grep -q '^Command terminated by signal' <<<"$out"; then
        echo "$answer >$limit"
        return
    fi
    cpu=$(awk -v c="$cpu" -v s="${chuffed_start:-0}" 'BEGIN { printf "%.2f", c - s }')
    awk -v c="$cpu" -v l="$limit" 'BEGIN { exit !(c > l) }' && cpu=">$limit"
    echo "$answer $cpu ${seconds:-?}"
}
header="--learn: answer s nodes learned fallback"
[ -n "$seeds" ] && header="--learn, seeds $seeds: answer finished/runs median CPU-s"
[ -n "$baseline" ] && header="$header | baseline --learn"
[ $chuffed_column = 1 ] && header="$header | Chuffed WASM: answer CPU-s solveTime"
[ $gecode_column = 1 ] && header="$header | Gecode: answer CPU-s nodes"
printf '%-26s %-6s %-24s %s\n' instance search "plain: answer s nodes" "$header"
instances | while IFS='|' read -r name model data defines; do
    [ -n "$pattern" ] && ! grep -q -- "$pattern" <<<"$name" && continue
    [ -f "$model" ] && { [ -z "$data" ] || [ -f "$data" ]; } || { echo "$name: missing $model or $data (skipped)"; continue; }
    # shellcheck disable=SC2086 # the defines are words
    if ! MZN_SOLVER_PATH="$build" minizinc --solver prune -c "$model" ${data:+"$data"} $defines --fzn "$work/$name.fzn" \
        --ozn "$work/$name.ozn" > "$work/$name.compile" 2>&1; then
        echo "$name: compiling failed: $(head -c 300 "$work/$name.compile")"
        continue
    fi
    if [ $chuffed_column = 1 ]; then
        # Flattened with Chuffed's library, in the WASM's in-memory file system (files by
        # their base names).
        files=("$model")
        [ -n "$data" ] && files+=("$data")
        # shellcheck disable=SC2086
        (cd "$work" && timeout 600 node "$chuffed/mzn-wasm.cjs" --solver chuffed -c --output-fzn-to-stdout \
            "$(basename "$model")" ${data:+"$(basename "$data")"} $defines -- "${files[@]}" \
            > "$work/$name.chuffed.fzn" 2> "$work/$name.chuffed.compile") || rm -f "$work/$name.chuffed.fzn"
    fi
    if [ $gecode_column = 1 ]; then
        # shellcheck disable=SC2086
        minizinc --solver "$peers/gecode62.msc" -c "$model" ${data:+"$data"} $defines --fzn "$work/$name.gecode.fzn" \
            --ozn "$work/$name.gecode.ozn" > "$work/$name.gecode.compile" 2>&1 || rm -f "$work/$name.gecode.fzn"
    fi
    for search in $searches; do
        flags=()
        [ $search = free ] && flags=(-f)
        plain="(not run)"
        [ $learn_only = 0 ] && plain="$(run "$fzn_prune" "$work/$name.fzn" "${flags[@]}" --learn off)"
        [ $auto_column = 1 ] && plain="$plain | auto: $(run "$fzn_prune" "$work/$name.fzn" "${flags[@]}" --learn auto)"
        if [ -n "$seeds" ]; then
            learned="$(run_seeds "$fzn_prune" "$work/$name.fzn" "${flags[@]}" --learn $learn_flags)"
            [ -n "$baseline" ] && learned="$learned | $(run_seeds "$baseline" "$work/$name.fzn" "${flags[@]}" --learn $baseline_flags)"
        else
            learned="$(run "$fzn_prune" "$work/$name.fzn" "${flags[@]}" --learn $learn_flags)"
            [ -n "$baseline" ] && learned="$learned | $(run "$baseline" "$work/$name.fzn" "${flags[@]}" --learn $baseline_flags)"
        fi
        [ $chuffed_column = 1 ] && learned="$learned | $(chuffed "$name" "${flags[@]}")"
        if [ $gecode_column = 1 ]; then
            if [ -s "$work/$name.gecode.fzn" ]; then
                learned="$learned | $(run fzn-gecode "$work/$name.gecode.fzn" "${flags[@]}" | cut -d' ' -f1-3)"
            else
                learned="$learned | (flattening failed)"
            fi
        fi
        printf '%-26s %-6s %-24s %s\n' "$name" "$search" "$plain" "$learned"
    done
done
