#!/usr/bin/env bash
# Simon Tatham's Solo (sudoku, jigsaw, killer) game IDs through `prune solve`, per
# variant and difficulty: median and maximum search nodes (first solution and the
# uniqueness proof together), median and maximum whole-process wall time, and how
# many puzzles need no search node at all (root propagation alone). Every puzzle must
# come out unique, and its solution must pass prune's checker (a second, plain run
# whose check lines must all say OK); anything else is reported and the script exits 1.
#
#   bench/tatham_solo.sh [BUILD_DIR] [SET_DIR]
#
# SET_DIR holds one file of IDs per parameter string (3x3du.txt, 3x3jdi.txt,
# 3x3kdb.txt, ...), as `sgt-solo --generate N PARAMS > SET_DIR/PARAMS.txt` writes
# them (Debian package sgt-puzzles); without SET_DIR the script generates
# ${COUNT:-20} per parameter string into a temporary directory. Goal (issue 18): every
# puzzle under 50 ms whole process, median nodes <= 10 on every difficulty.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
sets=${2:-}
prune=$build/prune
[[ -x $prune ]] || { echo "tatham_solo: no prune binary at $prune" >&2; exit 2; }
params=${PARAMS:-"3x3dt 3x3db 3x3di 3x3da 3x3de 3x3du 2x3du 3x4db 4x4db 3x3jdt 3x3jdb 3x3jdi 3x3jda 3x3jde 3x3jdu 3x3kdt 3x3kdb 3x3kdi 3x3kda 3x3kdu 2x3kdb"}
if [[ -z $sets ]]; then
    command -v sgt-solo > /dev/null || PATH=$PATH:/usr/games
    command -v sgt-solo > /dev/null || { echo "tatham_solo: sgt-solo not found (apt-get install sgt-puzzles)" >&2; exit 2; }
    sets=$(mktemp -d)
    trap 'rm -rf "$sets"' EXIT
    for p in $params; do timeout 300 sgt-solo --generate "${COUNT:-20}" "$p" > "$sets/$p.txt" || true; done
fi

PRUNE=$prune SETS=$sets PARAMS=$params python3 - <<'PY'
import json, os, statistics, subprocess, sys, time

prune, sets = os.environ["PRUNE"], os.environ["SETS"]
def kind_of(params):
    head = params.split("d")[0]
    return "killer" if "k" in head else ("jigsaw" if "j" in head else "sudoku")

bad = 0
print(f"{'params':8} {'kind':7} {'n':>3} {'med nodes':>9} {'max nodes':>9} {'0 nodes':>7} {'med ms':>7} {'max ms':>7}")
for params in os.environ["PARAMS"].split():
    path = os.path.join(sets, params + ".txt")
    if not os.path.exists(path):
        continue
    ids = [line.strip() for line in open(path) if line.strip()]
    if not ids:
        print(f"{params:8} (no puzzles generated)")
        continue
    kind = kind_of(params)
    nodes, ms = [], []
    for game_id in ids:
        start = time.perf_counter()
        run = subprocess.run([prune, "solve", kind, game_id, "--json"], capture_output=True, text=True)
        ms.append((time.perf_counter() - start) * 1000)
        out = json.loads(run.stdout) if run.stdout.strip() else {}
        if run.returncode != 0 or out.get("status") != "sat" or out.get("unique") is not True:
            bad += 1
            print(f"  NOT UNIQUE/SOLVED ({run.returncode}): {game_id} {run.stderr.strip()}", file=sys.stderr)
            continue
        nodes.append(out["stats"]["nodes"])
        plain = subprocess.run([prune, "solve", kind, game_id], capture_output=True, text=True)
        if plain.returncode != 0 or "ERROR" in plain.stdout:
            bad += 1
            print(f"  CHECK FAILED: {game_id}", file=sys.stderr)
    if nodes:
        print(f"{params:8} {kind:7} {len(ids):3} {statistics.median(nodes):9g} {max(nodes):9} {sum(1 for n in nodes if n == 0):7} "
              f"{statistics.median(ms):7.1f} {max(ms):7.1f}")
sys.exit(1 if bad else 0)
PY
