#!/usr/bin/env bash
# Compares two versions of prune's MiniZinc solver library on the FlatZinc benchmark
# list of bench/flatzinc_vs_gecode.sh: each instance is compiled with both libraries; where the
# FlatZinc differs, fzn-prune runs on both (same binary, same time limit) and the
# script prints nodes, failures and CPU seconds of each.
#
# usage: bench/mznlib_compare.sh OLD_MZNLIB_DIR [BUILD_DIR] [SECONDS]
# Needs minizinc and /usr/bin/time (Debian: minizinc, time).
#   e.g. git archive HEAD~1 flatzinc/mznlib | tar -x -C /tmp/old &&
#        bench/mznlib_compare.sh /tmp/old/flatzinc/mznlib build 20
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
old_lib="$(cd "${1:?usage: $0 OLD_MZNLIB_DIR [BUILD_DIR] [SECONDS]}" && pwd)"
build="$(cd "${2:-$root/build}" && pwd)"
limit="${3:-20}"
shared="${PRUNE_SHARED_DIR:-$root/../shared}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old"
sed "s#\"mznlib\": *\"[^\"]*\"#\"mznlib\": \"$old_lib\"#" "$build/prune.msc" > "$work/old/prune.msc"
fzn="$build/flatzinc/fzn-prune"

stat_of() { grep -m1 -o "$2=[0-9.]*" "$1" | cut -d= -f2; }
cpu_run() {  # fzn file, flags, output file: prints CPU seconds
    /usr/bin/time -f "%U %S" -o "$3.time" timeout $((limit + 5)) "$fzn" -s -t $((limit * 1000)) $2 "$1" > "$3" 2>/dev/null
    tail -1 "$3.time" | awk '{printf "%.2f", $1 + $2}'
}

printf '%-24s %10s %10s %8s   %10s %10s %8s  %s\n' instance old-nodes old-fails old-cpu new-nodes new-fails new-cpu "FlatZinc constraints that differ"
sed -n '/^default_list()/,/^EOF/p' "$root/bench/flatzinc_vs_gecode.sh" | grep '|' | grep -v '^#' | while IFS='|' read -r name model data args flags _; do
    name="$(echo $name)"; model="$(echo $model)"; data="$(echo $data)"; flags="$(echo $flags)"
    [ "$data" = "-" ] && data="" || data="$shared/$data"
    for lib in old new; do
        msc="$build/prune.msc"; [ "$lib" = old ] && msc="$work/old/prune.msc"
        minizinc --solver "$msc" -c "$shared/$model" $data $args --fzn "$work/$lib.fzn" --ozn "$work/$lib.ozn" 2>/dev/null || { echo "$name: $lib compile failed"; continue 2; }
    done
    if cmp -s "$work/old.fzn" "$work/new.fzn"; then
        printf '%-24s (same FlatZinc)\n' "$name"; continue
    fi
    diff_names="$(diff <(grep -o '^constraint [a-z_0-9]*' "$work/old.fzn" | sort | uniq -c) <(grep -o '^constraint [a-z_0-9]*' "$work/new.fzn" | sort | uniq -c) | grep '^[<>]' | tr -s ' ' | sed 's/constraint //' | paste -sd' ')"
    oc=$(cpu_run "$work/old.fzn" "$flags" "$work/old.out"); nc=$(cpu_run "$work/new.fzn" "$flags" "$work/new.out")
    printf '%-24s %10s %10s %8s   %10s %10s %8s  %s\n' "$name" "$(stat_of "$work/old.out" nodes)" "$(stat_of "$work/old.out" failures)" "$oc" \
        "$(stat_of "$work/new.out" nodes)" "$(stat_of "$work/new.out" failures)" "$nc" "$diff_names"
done
