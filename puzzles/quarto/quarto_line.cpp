#include "puzzles/quarto/quarto_line.hpp"

#include <bit>

#include "engine/learning/explanation.hpp"

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

// matching[t * 16 + v]: the pieces w with w & t = v (v within t).
constexpr std::array<std::uint16_t, 256> matching_table() {
    std::array<std::uint16_t, 256> table{};
    for (unsigned t = 0; t < 16; ++t) {
        for (unsigned w = 0; w < 16; ++w) table[t * 16 + (w & t)] = static_cast<std::uint16_t>(table[t * 16 + (w & t)] | (1u << w));
    }
    return table;
}
constexpr std::array<std::uint16_t, 256> matching = matching_table();

// search_order[open - 3][i]: open cell i first, then the other open cells in turn
// (for 3 and 4 open cells, where support_cell() searches).
constexpr std::array<std::array<int, 4>, 4> search_order_for(int open) {
    std::array<std::array<int, 4>, 4> orders{};
    for (int i = 0; i < open; ++i) {
        orders[i][0] = i;
        for (int j = 0, k = 1; j < open; ++j) {
            if (j != i) orders[i][k++] = j;
        }
    }
    return orders;
}
constexpr std::array<std::array<std::array<int, 4>, 4>, 2> search_order = {search_order_for(3), search_order_for(4)};

// The complements of a set of pieces: bit 15 - p for each bit p (a bit reversal).
constexpr unsigned complements(unsigned pieces) {
    pieces = ((pieces >> 1) & 0x5555u) | ((pieces & 0x5555u) << 1);
    pieces = ((pieces >> 2) & 0x3333u) | ((pieces & 0x3333u) << 2);
    pieces = ((pieces >> 4) & 0x0F0Fu) | ((pieces & 0x0F0Fu) << 4);
    return ((pieces >> 8) | (pieces << 8)) & 0xFFFFu;
}
static_assert(complements(1u) == 0x8000u && complements(0x0006u) == 0x6000u);

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

    // Two open cells, the common case (the other two hold placed pieces): by classes,
    // not piece by piece. Only the attributes the two placed pieces share matter
    // (`shared`, at most 3; `all` has their common value there): each needs one open
    // piece with the other value. Class c (a subset of shared) holds the pieces that
    // differ from the placed ones exactly on c; a piece of class c pairs with the
    // pieces that differ on all of shared \ c, which are of another class unless c is
    // shared itself (then any other piece will do). So both supports come from one
    // pass over the 2^|shared| classes, two table lookups each. False when none.
    bool support_pair(unsigned all, unsigned any, std::uint16_t used) {
        const unsigned shared = (all | ~any) & 15u;
        const unsigned first = domain[0] & ~used & 0xFFFFu;
        const unsigned second = domain[1] & ~used & 0xFFFFu;
        unsigned first_supported = 0, second_supported = 0;
        for (unsigned c = shared;; c = (c - 1) & shared) {  // every subset of shared
            const unsigned of_class = first & matching[shared * 16 + ((all ^ c) & shared)];
            if (of_class != 0) {
                const unsigned missing = shared & ~c;
                const unsigned partners = second & matching[missing * 16 + (~all & missing)];
                if (partners != 0 && c != shared) {
                    first_supported |= of_class;
                    second_supported |= partners;
                } else if (partners != 0) {  // a piece of this class pairs with any other
                    first_supported |= (partners & (partners - 1)) != 0 ? of_class : of_class & ~partners;
                    second_supported |= (of_class & (of_class - 1)) != 0 ? partners : partners & ~of_class;
                }
            }
            if (c == 0) break;
        }
        support[0] = static_cast<std::uint16_t>(first_supported);
        support[1] = static_cast<std::uint16_t>(second_supported);
        return first_supported != 0 && second_supported != 0;
    }

    // Before the search, with three or four open cells, word-parallel: the pieces with
    // a partner in another open cell that completes the line by itself. Two kinds,
    // both found for all pieces at once: a piece's complement (15 - p: the two differ
    // on every attribute, whatever the placed pieces), and a piece that alone
    // completes the placed ones (then any other piece pairs with it). Any distinct
    // pieces then fill the other open cells, and they exist when each open cell has
    // at least `open` pieces (the pair excluded, each filler still has a choice);
    // otherwise this finds nothing. The search then runs for the other pieces only.
    void support_by_pairs(unsigned all, unsigned any, std::uint16_t used) {
        std::array<unsigned, 4> live{};
        for (int i = 0; i < open; ++i) {
            live[i] = domain[i] & ~used & 0xFFFFu;
            if (std::popcount(live[i]) < open) return;
        }
        const unsigned completes_placed = completing[all * 16 + any];
        for (int i = 0; i < open; ++i) {
            unsigned others = 0;
            for (int j = 0; j < open; ++j) others |= j != i ? live[j] : 0u;
            const unsigned finishers = completes_placed & others;
            const unsigned with_finisher = (finishers & (finishers - 1)) != 0 ? 0xFFFFu : finishers != 0 ? ~finishers : 0u;
            support[i] = static_cast<std::uint16_t>(support[i] | (live[i] & (complements(others) | with_finisher)));
        }
    }

    // Looks for a support of every piece of open cell i not yet supported. False when
    // none is left.
    bool support_cell(int i, unsigned all, unsigned any, std::uint16_t used) {
        order = search_order[open - 3][i];
        for (unsigned left = domain[i] & ~support[i] & ~used & 0xFFFFu; left != 0; left &= left - 1) {
            const unsigned piece = static_cast<unsigned>(std::countr_zero(left));
            if ((support[i] >> piece) & 1u) continue;  // found meanwhile, with another piece's support
            chosen[0] = static_cast<std::uint16_t>(1u << piece);
            (void)first_completion(1, all & piece, any | piece, static_cast<std::uint16_t>(used | chosen[0]));
        }
        return support[i] != 0;
    }
};

// A cell's pieces as a 16-bit mask. A fixed cell is read by its value: a given
// piece's domain starts at that piece, so its window at 0 is not the inline case.
std::uint16_t piece_mask(const Solver& s, IntVar x) {
    if (s.fixed(x)) {
        const unsigned piece = static_cast<unsigned>(s.value(x));
        return piece < 16 ? static_cast<std::uint16_t>(1u << piece) : 0;
    }
    return static_cast<std::uint16_t>(s.window_bits(x, 0) & 0xFFFFu);
}

// The support search of a run on the four cells' masks (a cell of one piece is
// placed): run.support[k] holds the supported pieces of open cell open_cell[k]. False
// when no line lies within the masks. Inlined: propagate() is the hot path.
[[gnu::always_inline]] inline bool search_supports(const std::array<std::uint16_t, 4>& masks, Supports& run, std::array<int, 4>& open_cell) {
    unsigned all = 15, any = 0;
    std::uint16_t used = 0;
    for (int i = 0; i < 4; ++i) {
        const std::uint16_t mask = masks[i];
        if (mask == 0) return false;  // a value outside 0..15 only: no piece
        if ((mask & (mask - 1)) == 0) {
            if ((used & mask) != 0) return false;  // the same piece twice
            used = static_cast<std::uint16_t>(used | mask);
            const unsigned piece = static_cast<unsigned>(std::countr_zero(mask));
            all &= piece;
            any |= piece;
            continue;
        }
        open_cell[run.open] = i;
        run.domain[run.open++] = mask;
    }
    if (run.open == 0) {
        if (all != 0 || any != 15) return false;
    } else if (run.open == 1) {
        run.support[0] = static_cast<std::uint16_t>(completing[all * 16 + any] & run.domain[0] & ~used);
        if (run.support[0] == 0) return false;
    } else if (run.open == 2) {
        if (!run.support_pair(all, any, used)) return false;
    } else {
        run.support_by_pairs(all, any, used);
        for (int i = 0; i < run.open; ++i) {
            if (!run.support_cell(i, all, any, used)) return false;
        }
    }
    return true;
}

// The pieces of each cell that lie on some line within the four masks, into
// `supported`; false when there is none (for the explanation).
bool line_supports(const std::array<std::uint16_t, 4>& masks, std::array<std::uint16_t, 4>& supported) {
    Supports run;
    std::array<int, 4> open_cell{};
    if (!search_supports(masks, run, open_cell)) return false;
    supported = masks;  // the placed pieces
    for (int k = 0; k < run.open; ++k) supported[open_cell[k]] = run.support[k];
    return true;
}

}  // namespace

QuartoLineMasks::QuartoLineMasks(std::array<IntVar, 4> cells) : Propagator(PropagatorCost::linear), cells_(cells) {
    declare_exact_with_one_open();  // domain consistent
}

void QuartoLineMasks::attach(Solver& s) {
    for (IntVar x : cells_) s.subscribe(this, x, Condition::domain);
}

Status QuartoLineMasks::propagate(Solver& s) {
    std::array<std::uint16_t, 4> masks{};
    for (int i = 0; i < 4; ++i) masks[i] = piece_mask(s, cells_[i]);
    Supports run;
    std::array<int, 4> open_cell{};
    if (!search_supports(masks, run, open_cell)) return Status::failed;
    if (run.open == 0) return Status::entailed;
    // The unsupported pieces of a cell go in one update: one wake of its subscribers.
    for (int k = 0; k < run.open; ++k) {
        const std::uint64_t gone = run.domain[k] & ~run.support[k] & 0xFFFFu;
        if (gone != 0) PRUNE_TRY(s.remove_values(cells_[open_cell[k]], 0, gone));
    }
    // The pieces left on the last open cell all complete the line: entailed once they
    // are all that is left, so the many later removals on it wake nothing here.
    if (run.open == 1 && s.size(cells_[open_cell[0]]) == std::popcount(static_cast<unsigned>(run.support[0]))) return Status::entailed;
    return Status::ok;
}

// The domains before the inference, the inferred cell's cut to the inferred pieces:
// no line completes there (else the fallback). The removals that keep it so, minimal.
bool QuartoLineMasks::explain(Explanation& e) const {
    const bool failure = e.explaining_failure();
    const Fact& f = e.inferred();
    if (!failure && f.is_equal()) return false;
    const std::uint16_t inferred = failure ? 0xFFFF : static_cast<std::uint16_t>(excluded_bits(f, 0, 16));
    std::array<std::uint16_t, 4> domain{}, removed{};
    for (std::size_t i = 0; i < 4; ++i) {
        const IntVar x = cells_[i];
        const std::uint16_t had = static_cast<std::uint16_t>(e.had_values(x, 0) & 0xFFFFu);
        const std::uint16_t initial = static_cast<std::uint16_t>(initial_bits(e, x, 0, 16));
        const std::uint16_t own = failure || x.index != f.var ? 0xFFFF : inferred;
        domain[i] = static_cast<std::uint16_t>(had & own);
        removed[i] = static_cast<std::uint16_t>(initial & ~had & own);
    }
    std::array<std::uint16_t, 4> supported{};
    if (line_supports(domain, supported)) return false;  // not inferred from these domains: the fallback
    // Minimal by deletion, one cell at a time: a removed piece of cell i is needed
    // where giving it back opens a line, i.e. where it has a support among the other
    // cells' pieces. A line holds one piece of cell i, so giving back its unsupported
    // pieces together changes no other piece's answer there: one support search per
    // cell, where giving back piece by piece would take a search per piece.
    for (std::size_t i = 0; i < 4; ++i) {
        if (removed[i] == 0) continue;
        std::array<std::uint16_t, 4> trial = domain;
        trial[i] = static_cast<std::uint16_t>(trial[i] | removed[i]);
        const std::uint16_t needed = line_supports(trial, supported) ? static_cast<std::uint16_t>(removed[i] & supported[i]) : 0;
        domain[i] = static_cast<std::uint16_t>(domain[i] | (removed[i] & ~needed));
        removed[i] = needed;
    }
    for (std::size_t i = 0; i < 4; ++i) {
        int pieces[16];
        int count = 0;
        for (unsigned rest = removed[i]; rest != 0; rest &= rest - 1) pieces[count++] = std::countr_zero(rest);
        add_none_of(e, cells_[i], pieces, pieces + count);
    }
    return true;
}

}  // namespace prune::puzzles
