#!/usr/bin/env python3
"""Estimates the CPU time of a Quarto draw-board count from a random sample of cubes.

    scripts/quarto_sample.py [--prune PATH] [--lines LIST] [--cubes N] [--sample K]
                             [--seed S] [--model NAME] [--cores 64,512]

The count is the one `prune solve quarto --count` runs (reduction 3): for each of the
22 orbits of the 384 piece maps on the pieces of cells r1c1, r1c2, r1c3, the orbit
size times the count with one representative placed. Each representative's count is
split into N cubes (`prune split`), K of them are drawn at random and solved one by
one (`prune solve --cubes --range k:k+1`), their CPU time (user + system of the child)
and counts recorded. Stratified sampling, one stratum per representative:
    time  = sum_r N_r * mean_r            (CPU seconds of the whole count)
    count = sum_r size_r * N_r * mean count_r   (a check against the known count)
with variance sum_r N_r^2 * s_r^2 / K * (1 - K / N_r) and a 95% interval of
+- 1.96 standard errors (normal approximation over the 22 strata). Wall time on C
cores: time / C, a lower bound reached when the cubes balance (EPS: many more cubes
than cores; the largest sampled cube bounds the tail).
Prints every sampled cube, then the estimate. Defaults: rows,columns,diagonals (the
game's lines, 414,298,141,056 boards), 1,000 cubes, 6 per representative, seed 1.
"""
import argparse
import itertools
import math
import os
import random
import subprocess
import sys
import tempfile

KNOWN = {"rows,columns,diagonals": 414298141056,
         "rows,columns,diagonals,blocks,torus-blocks,broken-diagonals": 2245746048}


def orbit_representatives():
    """(pieces on r1c1..r1c3, orbit size) for the G0-orbits, as prune's reduction 3."""
    group = []
    for order in itertools.permutations(range(4)):
        for mask in range(16):
            image = []
            for p in range(16):
                q = 0
                for k in range(4):
                    q |= ((p >> (3 - order[k])) & 1) << (3 - k)
                image.append(q ^ mask)
            group.append(image)
    seen, reps = set(), []
    for t in itertools.permutations(range(16), 3):
        if t in seen:
            continue
        orbit = {tuple(g[x] for x in t) for g in group}
        seen |= orbit
        reps.append((t, len(orbit)))
    return reps


def child_cpu(run):
    """Runs the command, returns (stdout, CPU seconds of the child)."""
    before = os.times()
    out = subprocess.run(run, check=True, capture_output=True, text=True).stdout
    after = os.times()
    return out, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--prune", default=os.path.join(here, "build", "prune"))
    ap.add_argument("--lines", default="rows,columns,diagonals")
    ap.add_argument("--cubes", type=int, default=1000)
    ap.add_argument("--sample", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", default="masks")
    ap.add_argument("--cores", default="64,512")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    total_time = total_var = total_count = count_var = 0.0
    largest = 0.0
    cubes_total = 0
    with tempfile.TemporaryDirectory() as work:
        for i, (pieces, size) in enumerate(orbit_representatives()):
            board = os.path.join(work, f"rep{i}.txt")
            with open(board, "w") as f:
                f.write(f"lines {a.lines}\n")
                f.write(" ".join(str(p) for p in pieces) + " .\n" + ". . . .\n" * 3)
            flags = ["--model=" + a.model]
            cube_file = os.path.join(work, f"cubes{i}.txt")
            text, _ = child_cpu([a.prune, "split", "quarto", board, "--cubes", str(a.cubes)] + flags)
            with open(cube_file, "w") as f:
                f.write(text)
            n = int(next(line.split()[1] for line in text.splitlines() if line.startswith("cubes ")))
            cubes_total += n
            picked = sorted(rng.sample(range(n), min(a.sample, n)))
            times, counts = [], []
            for k in picked:
                out, cpu = child_cpu([a.prune, "solve", "quarto", board, "--cubes", cube_file, "--range", f"{k}:{k + 1}",
                                      "--count"] + flags)
                count = int(next(line.split()[2] for line in out.splitlines() if ": count " in line))
                times.append(cpu)
                counts.append(count)
                largest = max(largest, cpu)
                print(f"rep {i:2} {pieces} size {size:3} cubes {n:5} cube {k:5}: count {count:12} cpu {cpu:8.3f} s", flush=True)
            m = len(times)
            mean_t, mean_c = sum(times) / m, sum(counts) / m
            fpc = 1 - m / n
            var_t = sum((t - mean_t) ** 2 for t in times) / (m - 1) if m > 1 else 0.0
            var_c = sum((c - mean_c) ** 2 for c in counts) / (m - 1) if m > 1 else 0.0
            total_time += n * mean_t
            total_var += n * n * var_t / m * fpc
            total_count += size * n * mean_c
            count_var += (size * n) ** 2 * var_c / m * fpc
    se = math.sqrt(total_var)
    print(f"\nlines {a.lines}, model {a.model}: 22 representatives, {cubes_total} cubes, {a.sample} sampled per representative (seed {a.seed})")
    print(f"estimated CPU time: {total_time:.0f} s = {total_time / 3600:.2f} h, 95% interval "
          f"[{max(0.0, total_time - 1.96 * se) / 3600:.2f}, {(total_time + 1.96 * se) / 3600:.2f}] h")
    known = KNOWN.get(a.lines)
    cse = math.sqrt(count_var)
    print(f"estimated count: {total_count:.4g} +- {1.96 * cse:.2g}" + (f" (known: {known})" if known else ""))
    for c in (int(x) for x in a.cores.split(",")):
        print(f"wall time on {c} cores: {total_time / c:.0f} s ({(total_time - 1.96 * se) / c:.0f}..{(total_time + 1.96 * se) / c:.0f}) "
              f"if the {cubes_total} cubes balance (largest sampled cube {largest:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
