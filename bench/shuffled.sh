#!/usr/bin/env bash
# fzn-prune --learn against Chuffed native over shuffles of the constraints' order.
#
# Chuffed is deterministic: one run per instance is one sample, and the order in which
# MiniZinc happens to write the constraints decides which. Shuffling the constraint
# items of the FlatZinc file changes the propagation order, hence the explanations,
# the nogoods and the whole search, without changing the problem: a run over many
# shuffles shows the distribution one run was drawn from (on costas-array-16 and
# market_split-s4-03, the order MiniZinc writes was among Chuffed's fastest; see
# docs/architecture.md, "One run of Chuffed is one sample"). Both solvers get the same kind of perturbation: shuffle k
# (k = 1..N; 0 is the file as written) of each one's own FlatZinc, with fzn-prune's
# seed fixed at 0.
#
# Per instance and solver: how many of the N+1 runs finished within the limit, the
# median CPU seconds (unfinished runs count as unbounded: >limit when half or more
# did not finish; over an even number of runs, the lower middle one), the median
# failures of the finished runs, and in brackets the CPU seconds of the run on the
# file as written (-: it did not finish; E: the solver refused the file with an error,
# counted apart from the unfinished runs). The limit is on
# CPU time (ulimit -t) and the seconds are user CPU time, so a loaded machine gives
# the same answers.
#
# The FlatZinc files: NAME.fzn (prune's library) and NAME.chuffed.fzn (Chuffed's)
# side by side in WORK, as bench/learning.sh -w WORK -c writes them; only the names
# with both files run. Chuffed native is built from its sources outside this project
# (github.com/chuffed/chuffed: cmake, then make fzn-chuffed); it is about twice as
# fast as the WebAssembly copy of ../shared/tools/peers. With -W, that copy runs too,
# on the same shuffles, in a last column; its seconds are Chuffed's own solveTime
# (wall clock, without the WebAssembly start and the reading of the file, which the
# issue's comparisons leave out too), and a run counts as finished only within the
# limit.
#
# usage: bench/shuffled.sh -w WORK -C FZN_CHUFFED [-W] [-b BUILD_DIR] [-t SECONDS] [-n SHUFFLES] [-m PATTERN] [-s model|free] [-L FLAGS]
#   -C  Chuffed's fzn-chuffed (native)
#   -W  also Chuffed WASM (../shared/tools/peers/install.sh --wasm; another copy: CHUFFED_WASM=DIR)
#   -t  CPU-second limit per run (default 20)
#   -n  shuffles per instance besides the file as written (default 9)
#   -m  only the names matching the grep pattern
#   -s  the model's search (no -f) or free search (-f, the default)
#   -L  the flags of fzn-prune's runs (default: --learn)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
work=""
chuffed=""
limit=20
shuffles=9
pattern=""
search=free
prune_flags="--learn"
wasm=0
while getopts "w:C:Wb:t:n:m:s:L:h" opt; do
    case $opt in
        w) work="$OPTARG" ;;
        C) chuffed="$OPTARG" ;;
        b) build="$OPTARG" ;;
        t) limit="$OPTARG" ;;
        n) shuffles="$OPTARG" ;;
        m) pattern="$OPTARG" ;;
        s) search="$OPTARG" ;;
        L) prune_flags="$OPTARG" ;;
        W) wasm=1 ;;
        *) sed -n '2,40p' "$0"; exit 2 ;;
    esac
done
{ [ -n "$work" ] && [ -d "$work" ]; } || { echo "no work directory of FlatZinc files (-w; bench/learning.sh -w WORK -c)" >&2; exit 2; }
{ [ -n "$chuffed" ] && [ -x "$chuffed" ]; } || { echo "no fzn-chuffed (-C)" >&2; exit 2; }
fzn_prune="$build/flatzinc/fzn-prune"
wasm_dir="${CHUFFED_WASM:-$root/../shared/tools/peers/chuffed-wasm}"
if [ $wasm = 1 ]; then
    { [ -f "$wasm_dir/node_modules/minizinc/dist/minizinc-worker.js" ] && command -v node > /dev/null; } ||
        { echo "no Chuffed WASM in $wasm_dir (../shared/tools/peers/install.sh --wasm), or no node" >&2; exit 2; }
fi
[ -x "$fzn_prune" ] || { echo "build fzn-prune first: $fzn_prune (or -b)" >&2; exit 2; }
case $search in
    free) search_flags=(-f) ;;
    model) search_flags=() ;;
    *) echo "-s takes model or free" >&2; exit 2 ;;
esac
command -v python3 > /dev/null || { echo "python3 is needed to shuffle the files" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# shuffle SOURCE K TARGET: the constraint items of SOURCE in the order of shuffle K
# (K = 0: as written); every other line stays where it is.
shuffle() {
    python3 - "$1" "$2" "$3" <<'PY'
import random, sys
source, k, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(source).read().split("\n")
at = [i for i, line in enumerate(lines) if line.startswith("constraint ")]
items = [lines[i] for i in at]
if k > 0:
    random.Random(k).shuffle(items)
for i, line in zip(at, items):
    lines[i] = line
open(target, "w").write("\n".join(lines))
PY
}

# run FLATZINC COMMAND...: "cpu failures" of a finished run, "- -" of an unfinished one.
# Finished: a solution of a satisfaction problem, the optimum proved (==========), or
# UNSAT, by a run that exited 0.
run() {
    local fzn=$1 out status
    shift
    out=$( (ulimit -t "$limit"; timeout $((limit * 3)) /usr/bin/time -f "cpu=%U" "$@" "$fzn") 2>&1)
    status=$?
    local cpu failures
    cpu=$(grep -o "cpu=[0-9.]*" <<<"$out" | tail -1 | cut -d= -f2)
    failures=$(grep -o "mzn-stat: failures=[0-9]*" <<<"$out" | head -1 | cut -d= -f2)
    if [ $status = 0 ] && finished "$fzn" "$out"; then
        echo "$cpu ${failures:-?}"
    elif refused "$out"; then
        echo "E E"
    else
        echo "- -"
    fi
}

# finished FLATZINC OUTPUT: whether the output ends the problem: a solution of a
# satisfaction problem, the optimum proved (==========), or UNSAT.
finished() {
    local mark="^----------"
    grep -q "^solve.*\(minimize\|maximize\)" "$1" && mark="^=========="
    grep -q "$mark\|^=====UNSATISFIABLE=====" <<<"$2"
}

# refused OUTPUT: whether the solver stopped on an error of its own (an error exit,
# an abort: Chuffed aborts on a bad file), neither killed by the limit (SIGXCPU, or
# SIGKILL or timeout's SIGTERM) nor finished. The message goes to stderr: an error is
# no time, and counting it as an unfinished run would hide it. /usr/bin/time reports
# the exit; the WebAssembly MiniZinc, which it does not run, prints "Error: ".
refused() {
    grep -q "^Command terminated by signal \(24\|9\|15\)$" <<<"$1" && return 1
    grep -q "^Command exited with non-zero status\|^Command terminated by signal\|^Error: " <<<"$1" || return 1
    echo "error: $(grep -v "^Command \|^cpu=" <<<"$1" | grep -m1 -i "error" | cut -c1-200)" >&2
}

# run_wasm FLATZINC FLAGS...: the same for Chuffed WASM, its solveTime as the seconds.
# The CPU limit leaves room for the WebAssembly start, the reading of the file and
# node's own threads; a run past the limit in solveTime is unfinished.
run_wasm() {
    local fzn=$1 out status
    shift
    out=$(cd "$(dirname "$fzn")" && (ulimit -t $((limit * 3 / 2 + 10)); timeout $((limit * 3 + 60)) \
          node "$wasm_dir/mzn-wasm.cjs" --solver chuffed -s "$@" "$(basename "$fzn")" -- "$fzn") 2>&1)
    status=$?
    local seconds failures
    seconds=$(grep -o "mzn-stat: solveTime=[0-9.]*" <<<"$out" | tail -1 | cut -d= -f2)
    failures=$(grep -o "mzn-stat: failures=[0-9]*" <<<"$out" | head -1 | cut -d= -f2)
    if [ $status = 0 ] && [ -n "$seconds" ] && finished "$fzn" "$out" &&
        awk -v s="$seconds" -v l="$limit" 'BEGIN { exit !(s <= l) }'; then
        echo "$seconds ${failures:-?}"
    elif refused "$out"; then
        # (The WebAssembly MiniZinc flattens the file again before Chuffed 0.14 reads
        # it, and a file from another flattening may hold calls that its library
        # rewrites into ones Chuffed lacks, such as mzn_deprecate.)
        echo "E E"
    else
        echo "- -"
    fi
}

# summary RUNS_FILE: "finished/runs median-CPU median-failures"
summary() {
    python3 - "$1" "$limit" <<'PY'
import sys
runs = [line.split() for line in open(sys.argv[1]) if line.strip()]
errors = sum(r[0] == "E" for r in runs)
if errors:  # an error is no time: say so rather than count it as unfinished
    print(f"{errors}/{len(runs)} errors", end="")
    sys.exit()
done = [r for r in runs if r[0] != "-"]
cpu = sorted(float(r[0]) if r[0] != "-" else float("inf") for r in runs)
middle = cpu[(len(cpu) - 1) // 2]
failures = sorted(int(r[1]) for r in done if r[1].isdigit())
print(f"{len(done)}/{len(runs)}", ">" + sys.argv[2] if middle == float("inf") else f"{middle:.2f}",
      failures[(len(failures) - 1) // 2] if failures else "-", end="")
PY
}

header=$(printf '%-26s %-6s | %-34s | %s' instance search "prune: finished median-CPU-s median-failures (as written)" \
    "Chuffed native: the same")
[ $wasm = 1 ] && header="$header | Chuffed WASM: the same, solveTime"
echo "$header"
for fzn in "$work"/*.chuffed.fzn; do
    name=$(basename "$fzn" .chuffed.fzn)
    [ -f "$work/$name.fzn" ] || continue
    [ -n "$pattern" ] && ! grep -q -- "$pattern" <<<"$name" && continue
    : > "$scratch/prune"
    : > "$scratch/chuffed"
    : > "$scratch/wasm"
    for k in $(seq 0 "$shuffles"); do
        shuffle "$work/$name.fzn" "$k" "$scratch/p.fzn"
        shuffle "$fzn" "$k" "$scratch/c.fzn"
        # shellcheck disable=SC2086  # the flags are words
        run "$scratch/p.fzn" "$fzn_prune" -s -r 0 "${search_flags[@]}" $prune_flags >> "$scratch/prune"
        run "$scratch/c.fzn" "$chuffed" -s "${search_flags[@]}" >> "$scratch/chuffed"
        [ $wasm = 1 ] && run_wasm "$scratch/c.fzn" "${search_flags[@]}" >> "$scratch/wasm"
    done
    line=$(printf '%-26s %-6s | %-34s | %s' "$name" "$search" \
        "$(summary "$scratch/prune") ($(head -1 "$scratch/prune" | cut -d' ' -f1))" \
        "$(summary "$scratch/chuffed") ($(head -1 "$scratch/chuffed" | cut -d' ' -f1))")
    [ $wasm = 1 ] && line="$line | $(summary "$scratch/wasm") ($(head -1 "$scratch/wasm" | cut -d' ' -f1))"
    echo "$line"
done
