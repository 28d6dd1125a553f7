#!/usr/bin/env bash
# prune-mpi on three ranks (one coordinator, two workers) against prune on one
# thread: the same counts (ostomachion, quarto with given pieces, 8-queens as
# FlatZinc is not needed: the puzzles cover counting), the same optimum (golomb 8 as
# FlatZinc, when minizinc can compile it) and the same verdict on an unsatisfiable
# model. A counted skip (exit 77) without mpirun.
#   tests/mpi/prune_mpi_test.sh SOURCE_DIR PRUNE PRUNE_MPI
set -euo pipefail
source_dir=$1
prune=$2
prune_mpi=$3
if ! command -v mpirun >/dev/null; then
  echo "SKIPPED: prune_mpi_three_ranks needs mpirun (apt-get install openmpi-bin)"
  exit 77
fi
mpi=(mpirun --allow-run-as-root --oversubscribe -np 3)
export OMPI_MCA_rmaps_base_oversubscribe=1
failures=0
same() {  # label, expected, got
  if [ "$2" == "$3" ]; then echo "ok   $1: $3"; else echo "FAIL $1: prune says '$2', prune-mpi says '$3'"; failures=$((failures + 1)); fi
}

examples=$source_dir/puzzles
count_of() { "$prune" solve "$@" --count --json | grep -o '"engine_solutions":[0-9]*' | cut -d: -f2; }
mpi_count_of() { "${mpi[@]}" "$prune_mpi" solve "$@" --count 2>/dev/null | sed -n 's/^Count: //p'; }

same "ostomachion count" "$(count_of ostomachion --plain-count)" "$(mpi_count_of ostomachion)"
same "quarto given_pieces count" "$(count_of quarto "$examples/quarto/examples/given_pieces.txt" --plain-count)" \
     "$(mpi_count_of quarto "$examples/quarto/examples/given_pieces.txt")"
# Every solution, as a set: each solution's block of lines joined into one line,
# the lines sorted, with their number.
blocks() {
  local sorted
  sorted=$(awk 'NF { block = block $0 "|"; next } block != "" { print block; block = "" } END { if (block != "") print block }' | sort)
  echo "$(echo "$sorted" | wc -l) solutions, $(echo "$sorted" | md5sum | cut -c1-32)"
}
solutions_of() { "$prune" solve ostomachion --all --quiet | blocks; }
mpi_solutions_of() { "${mpi[@]}" "$prune_mpi" solve ostomachion --all 2>/dev/null | grep -v ' solutions' | blocks; }
same "ostomachion --all as a set" "$(solutions_of)" "$(mpi_solutions_of)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/unsat.fzn" <<'FZN'
var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_lt(x, y);
constraint int_lt(y, x);
solve satisfy;
FZN
same "unsatisfiable FlatZinc" "=====UNSATISFIABLE=====" "$("${mpi[@]}" "$prune_mpi" fzn "$work/unsat.fzn" 2>/dev/null | tail -1)"
cat > "$work/min.fzn" <<'FZN'
array [1..3] of int: w = [3, 5, 7];
var 0..9: a :: output_var;
var 0..9: b :: output_var;
var 0..9: c :: output_var;
var 0..200: cost :: output_var;
constraint int_lin_eq([3, 5, 7, -1], [a, b, c, cost], 0);
constraint int_lin_le([-1, -1, -1], [a, b, c], -7);
constraint int_ne(a, b);
constraint int_ne(b, c);
solve minimize cost;
FZN
fzn_optimum() { "$prune" fzn "$work/min.fzn" | grep '^cost' | tail -1; }
mpi_optimum() { "${mpi[@]}" "$prune_mpi" fzn "$work/min.fzn" 2>/dev/null | grep '^cost' | tail -1; }
same "FlatZinc optimum" "$(fzn_optimum)" "$(mpi_optimum)"
[ "$failures" -eq 0 ]
