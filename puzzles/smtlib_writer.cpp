#include "puzzles/smtlib_writer.hpp"

#include <string>

namespace prune::puzzles {
namespace {

std::string var(int cell) { return cell_name(cell); }

// SMT-LIB has no negative numerals: -3 is written (- 3).
std::string numeral(long long v) { return v < 0 ? "(- " + std::to_string(-v) + ")" : std::to_string(v); }

std::string sum_of(const std::vector<int>& cells) {
    if (cells.size() == 1) return var(cells[0]);
    std::string text = "(+";
    for (int c : cells) {
        text += ' ';
        text += var(c);
    }
    return text + ")";
}

std::string range(const std::string& term, int low, int high) {
    if (low == high) return "(= " + term + " " + numeral(low) + ")";
    return "(and (<= " + numeral(low) + " " + term + ") (<= " + term + " " + numeral(high) + "))";
}

std::string conjunction(const std::vector<std::string>& terms) {
    if (terms.empty()) return "true";
    if (terms.size() == 1) return terms[0];
    std::string text = "(and";
    for (const std::string& t : terms) text += " " + t;
    return text + ")";
}

std::string disjunction(const std::vector<std::string>& terms) {
    if (terms.empty()) return "false";
    if (terms.size() == 1) return terms[0];
    std::string text = "(or";
    for (const std::string& t : terms) text += " " + t;
    return text + ")";
}

// line_runs as run starts: an Int S_k per run k (declared as "R<rule>_<k>", existential
// in effect: the model may choose them), the runs in order with a gap between them
// and inside the line, and each cell is 1 exactly when some run covers it:
//   0 <= S_0,  S_k + a_k + 1 <= S_{k+1},  S_last + a_last <= n,
//   (V_i = 1) = OR_k (S_k <= i <= S_k + a_k - 1)   (only the runs k that can reach i).
// Linear, O(n x runs) in size; no run at all: no cell is 1.
std::string line_runs_formula(const Rule& rule, int rule_index, std::vector<std::string>& declarations) {
    const std::vector<int>& runs = rule.given;
    const int n = static_cast<int>(rule.cells.size());
    std::vector<std::string> terms;
    if (runs.empty()) {
        for (int c : rule.cells) terms.push_back("(not (= " + var(c) + " 1))");
        return conjunction(terms);
    }
    std::vector<std::string> start;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        start.push_back(std::string("R").append(std::to_string(rule_index)).append("_").append(std::to_string(k)));
        declarations.push_back(start.back());
    }
    // earliest[k]: the first cell run k can start at; latest_end[k]: the last it can cover.
    std::vector<int> earliest(runs.size()), latest_end(runs.size());
    for (std::size_t k = 0, at = 0; k < runs.size(); ++k) {
        earliest[k] = static_cast<int>(at);
        at += static_cast<std::size_t>(runs[k]) + 1;
    }
    for (std::size_t k = runs.size(), end = static_cast<std::size_t>(n); k-- > 0;) {
        latest_end[k] = static_cast<int>(end) - 1;
        end -= static_cast<std::size_t>(runs[k]) + 1;
    }
    terms.push_back("(<= 0 " + start[0] + ")");
    for (std::size_t k = 0; k + 1 < runs.size(); ++k) terms.push_back("(<= (+ " + start[k] + " " + numeral(runs[k] + 1) + ") " + start[k + 1] + ")");
    terms.push_back("(<= (+ " + start.back() + " " + numeral(runs.back()) + ") " + numeral(n) + ")");
    for (int i = 0; i < n; ++i) {
        std::vector<std::string> covered;
        for (std::size_t k = 0; k < runs.size(); ++k) {
            if (i < earliest[k] || i > latest_end[k]) continue;
            const std::string end = runs[k] == 1 ? start[k] : "(+ " + start[k] + " " + numeral(runs[k] - 1) + ")";
            covered.push_back("(and (<= " + start[k] + " " + numeral(i) + ") (<= " + numeral(i) + " " + end + "))");
        }
        terms.push_back("(= (= " + var(rule.cells[static_cast<std::size_t>(i)]) + " 1) " + disjunction(covered) + ")");
    }
    return conjunction(terms);
}

// The assertion (without "(assert ...)") that states one rule, the rule_index-th; the
// auxiliary Int variables it uses are appended to `declarations`.
std::string formula(const Rule& rule, int rule_index, std::vector<std::string>& declarations) {
    std::vector<std::string> terms;
    switch (rule.shape) {
        case RuleShape::values_in_range:
            for (int c : rule.cells) terms.push_back(range(var(c), rule.low, rule.high));
            return conjunction(terms);
        case RuleShape::clues:
            for (std::size_t i = 0; i < rule.cells.size(); ++i) terms.push_back("(= " + var(rule.cells[i]) + " " + numeral(rule.given[i]) + ")");
            return conjunction(terms);
        case RuleShape::sum_between:
            return range(sum_of(rule.cells), rule.low, rule.high);
        case RuleShape::all_different: {
            if (rule.cells.size() < 2) return "true";
            std::string distinct = "(distinct";
            for (int c : rule.cells) distinct += " " + var(c);
            return distinct + ")";
        }
        case RuleShape::equal:
            return "(= " + var(rule.cells[0]) + " " + var(rule.cells[1]) + ")";
        case RuleShape::allowed_tuples:
            for (const std::vector<int>& tuple : rule.tuples) {
                std::vector<std::string> equalities;
                for (std::size_t i = 0; i < rule.cells.size(); ++i) equalities.push_back("(= " + var(rule.cells[i]) + " " + numeral(tuple[i]) + ")");
                terms.push_back(conjunction(equalities));
            }
            return disjunction(terms);
        case RuleShape::no_long_run: {
            // Every window of high+1 consecutive cells holds two different values.
            const std::size_t window = static_cast<std::size_t>(rule.high) + 1;
            for (std::size_t start = 0; start + window <= rule.cells.size(); ++start) {
                std::vector<std::string> changes;
                for (std::size_t i = start + 1; i < start + window; ++i) {
                    changes.push_back("(not (= " + var(rule.cells[i - 1]) + " " + var(rule.cells[i]) + "))");
                }
                terms.push_back(disjunction(changes));
            }
            return conjunction(terms);
        }
        case RuleShape::lines_differ:
            for (std::size_t i = 0; i < rule.cells.size(); ++i) terms.push_back("(not (= " + var(rule.cells[i]) + " " + var(rule.given[i]) + "))");
            return disjunction(terms);
        case RuleShape::weighted_count: {
            std::string total = "(+ 0";
            for (std::size_t i = 0; i < rule.cells.size(); ++i) {
                total += " (ite (= " + var(rule.cells[i]) + " " + numeral(rule.value) + ") " + numeral(rule.given[i]) + " 0)";
            }
            return range(total + ")", rule.low, rule.high);
        }
        case RuleShape::some_sum:
            for (const std::vector<int>& group : rule.tuples) terms.push_back(range(sum_of(group), rule.low, rule.high));
            return disjunction(terms);
        case RuleShape::bits_differ:
            // Bit k of V is (mod (div V 2^k) 2); the rules' value ranges keep V >= 0.
            for (int k = 0; k < rule.high; ++k) {
                std::string bits = "(+";
                for (int c : rule.cells) {
                    bits += k == 0 ? " (mod " : " (mod (div ";
                    bits += var(c);
                    if (k > 0) (bits += ' ') += numeral(1LL << k) + ")";
                    bits += " 2)";
                }
                terms.push_back(range(bits + ")", 1, static_cast<int>(rule.cells.size()) - 1));
            }
            return conjunction(terms);
        case RuleShape::line_runs:
            return line_runs_formula(rule, rule_index, declarations);
        case RuleShape::visible_count: {
            // Cell i counts when it is higher than every cell before it.
            std::string seen = "(+ 0";
            for (std::size_t i = 0; i < rule.cells.size(); ++i) {
                std::vector<std::string> higher;
                for (std::size_t j = 0; j < i; ++j) higher.push_back("(> " + var(rule.cells[i]) + " " + var(rule.cells[j]) + ")");
                seen += " (ite " + conjunction(higher) + " 1 0)";
            }
            return range(seen + ")", rule.low, rule.high);
        }
    }
    return "true";
}

}  // namespace

std::string write_smtlib(const Puzzle& puzzle, std::string_view kind, std::string_view origin) {
    std::string out;
    out += "; prune smtlib " + std::string(kind) + " " + std::string(origin) + "\n";
    out += "; " + puzzle.summary() + "\n";
    out += "(set-logic QF_LIA)\n";
    const int n = puzzle.cell_count();
    for (int c = 0; c < n; ++c) out += "(declare-fun " + var(c) + " () Int)\n";
    int rule_index = 0;
    for (const Rule& rule : puzzle.rules()) {
        std::vector<std::string> declarations;
        const std::string assertion = formula(rule, rule_index++, declarations);
        out += "; " + rule.label + "\n";
        for (const std::string& name : declarations) out += "(declare-fun " + name + " () Int)\n";
        out += "(assert " + assertion + ")\n";
    }
    out += "(check-sat)\n(get-value (";
    for (int c = 0; c < n; ++c) {
        if (c > 0) out += ' ';
        out += var(c);
    }
    out += "))\n";
    return out;
}

}  // namespace prune::puzzles
