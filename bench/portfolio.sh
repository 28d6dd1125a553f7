#!/usr/bin/env bash
# fzn-prune --learn on one thread against a portfolio of N (-p N), on FlatZinc files.
#
# With learning, -p N runs a portfolio (fzn-prune --help, docs/scaling.md): thread 1
# searches as asked, thread k > 1 by activity with seed SEED + k - 1, and the first
# to finish answers. A portfolio buys wall time with CPU time, so each run shows both:
# per instance and search, how many seeds finished within the wall-clock limit, the
# median wall seconds and the median CPU seconds (user + system) over the seeds
# (unfinished runs count as unbounded: the median reads >limit when half or more did
# not finish; over an even number of seeds it is the lower of the two middle runs).
# One seed's run can be 10-60x another's: compare medians.
#
# The FlatZinc files are those bench/learning.sh flattens with prune's library into
# its work directory (-w there), NAME.fzn beside NAME.chuffed.fzn and the others.
#
# With -x, a third column: -p N with --share-nogoods 0, the portfolio whose searches
# pass each other no nogoods (what sharing them buys).
#
# usage: bench/portfolio.sh -w WORK_DIR [-b BUILD_DIR] [-t SECONDS] [-p N] [-r SEEDS] [-m PATTERN] [-s model|free] [-x]
#   -w  the directory of NAME.fzn files (bench/learning.sh -w)
#   -t  wall-clock limit per run (default 15)
#   -p  the portfolio's threads (default 2)
#   -r  seeds (default "0 1 2 3 4")
#   -m  only the instances whose name matches the grep pattern
#   -s  only the model's search or only free search (-f) (default both)
#   -x  also -p N --share-nogoods 0
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="$root/build"
work=""
limit=15
threads=2
seeds="0 1 2 3 4"
pattern=""
searches="model free"
unshared=0
while getopts "w:b:t:p:r:m:s:xh" opt; do
    case $opt in
        w) work="$OPTARG" ;;
        b) build="$OPTARG" ;;
        t) limit="$OPTARG" ;;
        p) threads="$OPTARG" ;;
        r) seeds="$OPTARG" ;;
        m) pattern="$OPTARG" ;;
        s) searches="$OPTARG" ;;
        x) unshared=1 ;;
        *) sed -n '2,25p' "$0"; exit 2 ;;
    esac
done
fzn_prune="$build/flatzinc/fzn-prune"
[ -x "$fzn_prune" ] || { echo "build fzn-prune first: $fzn_prune (or use -b)" >&2; exit 2; }
[ -n "$work" ] && [ -d "$work" ] || { echo "no work directory of .fzn files (use -w)" >&2; exit 2; }

# one FZN FLAGS...: "finished wall cpu" of one run under the wall-clock limit.
one() {
    local fzn=$1 out finished=0
    shift
    out=$( { /usr/bin/time -f "time=%e %U %S" "$fzn_prune" -t $((limit * 1000)) "$@" "$fzn" > "$work/portfolio.out"; } 2>&1)
    grep -q '^==========\|^=====UNSATISFIABLE=====' "$work/portfolio.out" && finished=1
    # A satisfaction model's one solution ends the run too.
    [ $finished = 0 ] && ! grep -q '^=====UNKNOWN=====' "$work/portfolio.out" && grep -q '^----------' "$work/portfolio.out" &&
        ! grep -q 'minimize\|maximize' "$fzn" && finished=1
    grep -o 'time=.*' <<<"$out" | tail -1 | awk -v f=$finished '{ sub("time=", ""); printf "%d %s %.2f\n", f, $1, $2 + $3 }'
}
# series FZN FLAGS...: "finished/runs median-wall median-cpu" over the seeds.
series() {
    local fzn=$1 runs=0 done=0 walls=() cpus=() line
    shift
    for seed in $seeds; do
        line=$(one "$fzn" "$@" -r "$seed")
        runs=$((runs + 1))
        if [ "${line%% *}" = 1 ]; then
            done=$((done + 1))
            walls+=("$(cut -d' ' -f2 <<<"$line")")
            cpus+=("$(cut -d' ' -f3 <<<"$line")")
        else
            walls+=(inf)
            cpus+=(inf)
        fi
    done
    median() { printf '%s\n' "$@" | sort -g | awk -v l="$limit" '{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; print (m == "inf" ? ">" l : m) }'; }
    echo "$done/$runs $(median "${walls[@]}") $(median "${cpus[@]}")"
}
header=("-p 1: done wall cpu" "-p $threads: done wall cpu")
[ $unshared = 1 ] && header+=("-p $threads, no sharing")
printf '%-28s %-6s %-26s %-26s %s\n' instance search "${header[@]}"
for fzn in "$work"/*.fzn; do
    name=$(basename "$fzn" .fzn)
    case $name in *.chuffed | *.gecode | trivial) continue ;; esac
    [ -n "$pattern" ] && ! grep -q -- "$pattern" <<<"$name" && continue
    for search in $searches; do
        flags=(--learn)
        [ "$search" = free ] && flags+=(-f)
        columns=("$(series "$fzn" "${flags[@]}")" "$(series "$fzn" "${flags[@]}" -p "$threads")")
        [ $unshared = 1 ] && columns+=("$(series "$fzn" "${flags[@]}" -p "$threads" --share-nogoods 0)")
        printf '%-28s %-6s %-26s %-26s %s\n' "$name" "$search" "${columns[@]}"
    done
done
rm -f "$work/portfolio.out"
