#include "puzzles/quarto/quarto_line.hpp"

#include <bit>

namespace prune::puzzles {
namespace {

// completing[a * 16 + o]: the pieces w with a & w = 0 and o | w = 15.
constexpr std::array<std::uint16_t, 256> completing_table() {
    std::array<std::uint16_t, 256> table{};
    for (unsigned a = 0; a < 16; ++a) {
        for (unsigned o = 0; o < 16; ++o) {
            std::uint16_t mask = 0;
            for (unsigned w = 0; w < 16; ++w) {
                if ((a & w) == 0 && (o | w) == 15) mask = static_cast<std::uint16_t>(mask | (1u << w));
            }
            table[a * 16 + o] = mask;
        }
    }
    return table;
}
constexpr std::array<std::uint16_t, 256> completing = completing_table();

// One run's support search: the masks of the open cells and the supports found.
struct Supports {
    int open = 0;
    std::array<std::uint16_t, 4> domain{};
    std::array<std::uint16_t, 4> support{};
    std::array<int, 4> order{};             // the open cells in the order they are chosen
    std::array<std::uint16_t, 4> chosen{};  // the pieces chosen for order[0..k), as one-bit masks

    // The first completion of the choices for order[0..k), given the AND, OR and used
    // pieces of the line so far: order[k..open - 2] are chosen in turn, the last open
    // cell is completed by mask. Marks the pieces of the completion (and every
    // completing piece of the last cell) supported; false when there is none.
    bool first_completion(int k, unsigned all, unsigned any, std::uint16_t used) {
        if (k < 1 || k > 3) return false;  // 1 <= k <= open - 1 <= 3, said for the optimiser
        const int cell = order[k];
        if (k == open - 1) {
            const std::uint16_t last = static_cast<std::uint16_t>(completing[all * 16 + any] & domain[cell] & ~used);
            if (last == 0) return false;
            support[cell] = static_cast<std::uint16_t>(support[cell] | last);
            for (int j = 0; j < k; ++j) support[order[j]] = static_cast<std::uint16_t>(support[order[j]] | chosen[j]);
            return true;
        }
        for (unsigned left = domain[cell] & ~used & 0xFFFFu; left != 0; left &= left - 1) {
            const unsigned piece = static_cast<unsigned>(std::countr_zero(left));
            chosen[k] = static_cast<std::uint16_t>(1u << piece);
            if (first_completion(k + 1, all & piece, any | piece, static_cast<std::uint16_t>(used | chosen[k]))) return true;
        }
        return false;
    }

    // Two open cells, the common case: piece p of one is supported exactly by the
    // pieces of the other that complete the line with p, one mask per piece, no
    // search. False when a cell is left without support.
    bool support_pair(unsigned all, unsigned any, std::uint16_t used) {
        for (int i = 0; i < 2; ++i) {
            const int j = 1 - i;
            for (unsigned left = domain[i] & ~support[i] & ~used & 0xFFFFu; left != 0; left &= left - 1) {
                const unsigned piece = static_cast<unsigned>(std::countr_zero(left));
                const unsigned partners = completing[(all & piece) * 16 + (any | piece)] & domain[j] & ~used & ~(1u << piece);
                if (partners == 0) continue;
                support[i] = static_cast<std::uint16_t>(support[i] | (1u << piece));
                support[j] = static_cast<std::uint16_t>(support[j] | partners);
            }
            if (support[i] == 0) return false;
        }
        return true;
    }

    // Looks for a support of every piece of open cell i not yet supported. False when
    // none is left.
    bool support_cell(int i, unsigned all, unsigned any, std::uint16_t used) {
        order[0] = i;
        for (int j = 0, k = 1; j < open; ++j) {
            if (j != i) order[k++] = j;
        }
        for (unsigned left = domain[i] & ~support[i] & ~used & 0xFFFFu; left != 0; left &= left - 1) {
            const unsigned piece = static_cast<unsigned>(std::countr_zero(left));
            if ((support[i] >> piece) & 1u) continue;  // found meanwhile, with another piece's support
            chosen[0] = static_cast<std::uint16_t>(1u << piece);
            (void)first_completion(1, all & piece, any | piece, static_cast<std::uint16_t>(used | chosen[0]));
        }
        return support[i] != 0;
    }
};

}  // namespace

QuartoLineMasks::QuartoLineMasks(std::array<IntVar, 4> cells) : Propagator(PropagatorCost::linear), cells_(cells) {
    declare_exact_with_one_open();  // domain consistent
}

void QuartoLineMasks::attach(Solver& s) {
    for (IntVar x : cells_) s.subscribe(this, x, Condition::domain);
}

Status QuartoLineMasks::propagate(Solver& s) {
    Supports run;
    std::array<int, 4> open_cell{};
    unsigned all = 15, any = 0;
    std::uint16_t used = 0;
    for (int i = 0; i < 4; ++i) {
        const std::uint16_t mask = static_cast<std::uint16_t>(s.window_bits(cells_[i], 0) & 0xFFFFu);
        if (mask == 0) return Status::failed;  // a value outside 0..15 only: no piece
        if ((mask & (mask - 1)) == 0) {
            if ((used & mask) != 0) return Status::failed;  // the same piece twice
            used = static_cast<std::uint16_t>(used | mask);
            const unsigned piece = static_cast<unsigned>(std::countr_zero(mask));
            all &= piece;
            any |= piece;
            continue;
        }
        open_cell[run.open] = i;
        run.domain[run.open++] = mask;
    }
    if (run.open == 0) return all == 0 && any == 15 ? Status::entailed : Status::failed;
    if (run.open == 1) {
        run.support[0] = static_cast<std::uint16_t>(completing[all * 16 + any] & run.domain[0] & ~used);
        if (run.support[0] == 0) return Status::failed;
    } else if (run.open == 2) {
        if (!run.support_pair(all, any, used)) return Status::failed;
    } else {
        for (int i = 0; i < run.open; ++i) {
            if (!run.support_cell(i, all, any, used)) return Status::failed;
        }
    }
    for (int k = 0; k < run.open; ++k) {
        const IntVar x = cells_[open_cell[k]];
        for (unsigned gone = run.domain[k] & ~run.support[k] & 0xFFFFu; gone != 0; gone &= gone - 1) {
            PRUNE_TRY(s.remove(x, std::countr_zero(gone)));
        }
    }
    // The pieces left on the last open cell all complete the line: entailed once they
    // are all that is left, so the many later removals on it wake nothing here.
    if (run.open == 1 && s.size(cells_[open_cell[0]]) == std::popcount(static_cast<unsigned>(run.support[0]))) return Status::entailed;
    return Status::ok;
}

}  // namespace prune::puzzles
