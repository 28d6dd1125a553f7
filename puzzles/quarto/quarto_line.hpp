// QuartoLineMasks: the four cells of a Quarto line hold four different pieces (0..15, the
// four bits of a piece its attributes) that share no attribute value: for each bit,
// not all four pieces have it set and not all four have it clear. The same relation
// as the permutation model's table (QuartoPuzzle::line_tuples()), on 16-bit masks.
//
// Consistency: domain consistency (GAC), as the table. A run reads the four domains
// as 16-bit masks and, for each piece of each open cell that has no support yet,
// looks for one completion of the line: the other open cells but the last take
// pieces in turn (different from each other and from the fixed pieces), and the last
// one is completed in O(1): the pieces w that end a line whose other pieces have AND
// a and OR o are those with a & w = 0 and o | w = 15, a mask precomputed for the 256
// pairs (a, o). A completion supports all its pieces (and every completing piece of
// the last cell). Before that search, word-parallel: a piece whose complement (15 -
// p) is in another open cell, or any piece beside another cell's piece that alone
// completes the placed ones, is supported once every open cell has enough pieces
// left for distinct fillers; so most pieces need no search of their own.
// With two open cells (the common run) there is no search: only the attributes the
// two placed pieces share matter, and the supports of both cells come from one pass
// over the classes of pieces by those attributes (at most 8), two table lookups
// each. Pieces without support are removed; that leaves every support intact, so a
// run reaches its fixpoint (idempotent). A fixed cell is read by its value, not its
// window. Cost per run: O(1) with one open cell, at most 8 class steps with two;
// with three or four, usually a few completions per open cell, at most, per piece,
// the product of the domain sizes of the other open cells but one (16^2 at an empty
// line). On the torus count (t3 in docs/scaling.md) a run averages about 500
// instructions, removals and their wakes included. No allocation. Entailed once at
// most one cell is open (all its pieces then complete the line). (Generalised arc
// consistency by support enumeration, as in Bessiere and Régin, "Arc consistency
// for general constraint networks: preliminary results", IJCAI 1997, specialised
// to Quarto's bit structure.)
//
// Explanation (learning): the removals of pieces 0..15 made before the inference
// that leave the inferred pieces (or, at a failure, every piece) on no line, made
// minimal by deletion a cell at a time: a removed piece of a cell stays where giving
// it back opens a line, that is where it has a support among the other cells'
// pieces (the run's own support search, on the domains as the deletion leaves them).
// A line holds one piece of a cell, so a cell's unsupported pieces go back together:
// at most five support searches per explanation, where deletion piece by piece takes
// up to 68 (as Visibility's explanation does, whose layered graph has no such
// shortcut). A removal is then explained by the pieces of the other cells that
// would have supported it. Values outside 0..15 need nothing (no line holds them). A
// bound fact [x >= v] explains the pieces below v at once. Nothing allocated.
#pragma once
#include <array>
#include <cstdint>

#include "engine/propagator.hpp"
#include "engine/solver.hpp"

namespace prune::puzzles {

class QuartoLineMasks final : public Propagator {
public:
    explicit QuartoLineMasks(std::array<IntVar, 4> cells);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }
    const char* kind() const override { return "quarto-line"; }

private:
    std::array<IntVar, 4> cells_;
};

}  // namespace prune::puzzles
