// Inverse: f and g are inverse permutations, f[i] = g_offset + j <=> g[j] = f_offset + i
// (0-based positions i, j; the offsets number each array's first position, as
// MiniZinc's index sets and XCSP3's startIndex do).
//
// InverseChannel keeps the two directions of every arc equal: f[i] may take
// g_offset + j only while g[j] may take f_offset + i, and back. Together with
// all_different(f) at domain consistency (Régin 1994), which the post function adds,
// this is domain consistent for inverse: at the joint fixpoint the bipartite graph
// of f's domains is that of g's transposed, and an arc lies on a perfect matching of
// one exactly when it lies on one of the other (the classic channelling argument;
// see e.g. Walsh, "Permutation problems and channelling constraints", LPAR 2001).
// Cost: O(sum of the domain sizes) a run. On a bounds-only domain an interior
// removal does nothing: the bounds are settled on supported values instead.
#pragma once
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class InverseChannel final : public Propagator {
public:
    InverseChannel(std::vector<IntVar> f, std::vector<IntVar> g, int f_offset, int g_offset);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "inverse"; }
    // f[i]'s v by g[v - g_offset]'s lack of f_offset + i (and back); a wipe-out by
    // each value's absence or its partner's.
    bool explain(Explanation& e) const override;

private:
    // Adds why x[i] cannot take v ([y[j] != back] or nothing); false when it could.
    static bool add_unsupported(Explanation& e, const std::vector<IntVar>& y, int back, std::int64_t j);
    static bool explain_wipe_out(Explanation& e, const std::vector<IntVar>& x, const std::vector<IntVar>& y, int x_offset,
                                 int y_offset);
    // Removes from each x[i] the values v whose partner y[v - y_offset] cannot take
    // x_offset + i.
    static bool channel(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y, int x_offset, int y_offset);

    std::vector<IntVar> f_, g_;
    int f_offset_, g_offset_;
};

}  // namespace prune
