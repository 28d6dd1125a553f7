#include "puzzles/rule.hpp"

#include <algorithm>

namespace prune::puzzles {
namespace {

std::string range_text(int low, int high) {
    return low == high ? std::to_string(low) : std::to_string(low) + ".." + std::to_string(high);
}

// The name of cell c in a check line: the kind's own (r1c1), else the SMT-LIB name.
std::string name_of(const CellNames& names, int c) {
    return static_cast<std::size_t>(c) < names.size() ? names[static_cast<std::size_t>(c)] : cell_name(c);
}

std::vector<int> values_of(const std::vector<int>& cells, const Values& values) {
    std::vector<int> result;
    result.reserve(cells.size());
    for (int c : cells) result.push_back(values[c]);
    return result;
}

RuleOutcome evaluate_values_in_range(const Rule& rule, const Values& values, const CellNames& names) {
    for (int c : rule.cells) {
        if (values[c] < rule.low || values[c] > rule.high) {
            return {false, name_of(names, c) + " is " + std::to_string(values[c]) + ", outside " + range_text(rule.low, rule.high)};
        }
    }
    return {true, "all " + std::to_string(rule.cells.size()) + " in " + range_text(rule.low, rule.high)};
}

RuleOutcome evaluate_clues(const Rule& rule, const Values& values, const CellNames& names) {
    for (std::size_t i = 0; i < rule.cells.size(); ++i) {
        const int c = rule.cells[i];
        if (values[c] != rule.given[i]) {
            return {false, name_of(names, c) + " is " + std::to_string(values[c]) + ", the clue says " + std::to_string(rule.given[i])};
        }
    }
    return {true, std::to_string(rule.cells.size()) + " kept"};
}

RuleOutcome evaluate_sum(const Rule& rule, const Values& values) {
    long long sum = 0;
    for (int c : rule.cells) sum += values[c];
    const bool holds = sum >= rule.low && sum <= rule.high;
    std::string detail = "sum " + std::to_string(sum);
    if (!holds) detail += " (must be " + range_text(rule.low, rule.high) + ")";
    return {holds, detail};
}

RuleOutcome evaluate_all_different(const Rule& rule, const Values& values) {
    const std::vector<int> held = values_of(rule.cells, values);
    std::string detail = "values " + bracketed(held);
    for (std::size_t i = 0; i < held.size(); ++i) {
        if (held[i] < rule.low || held[i] > rule.high) {
            return {false, detail + ": " + std::to_string(held[i]) + " outside " + range_text(rule.low, rule.high)};
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (held[i] == held[j]) return {false, detail + ": " + std::to_string(held[i]) + " repeated"};
        }
    }
    return {true, detail};
}

RuleOutcome evaluate_equal(const Rule& rule, const Values& values) {
    const int a = values[rule.cells[0]];
    const int b = values[rule.cells[1]];
    if (a == b) return {true, std::to_string(a) + " = " + std::to_string(b)};
    return {false, std::to_string(a) + " != " + std::to_string(b)};
}

RuleOutcome evaluate_allowed_tuples(const Rule& rule, const Values& values) {
    const std::vector<int> held = values_of(rule.cells, values);
    long long sum = 0;
    for (int v : held) sum += v;
    std::string detail = "sum " + std::to_string(sum);
    const bool holds = std::find(rule.tuples.begin(), rule.tuples.end(), held) != rule.tuples.end();
    if (!holds) detail += ", pattern " + bracketed(held) + " not allowed";
    return {holds, detail};
}

RuleOutcome evaluate_no_long_run(const Rule& rule, const Values& values) {
    int longest = 0;
    int run = 0;
    for (std::size_t i = 0; i < rule.cells.size(); ++i) {
        run = (i > 0 && values[rule.cells[i]] == values[rule.cells[i - 1]]) ? run + 1 : 1;
        longest = std::max(longest, run);
    }
    std::string detail = "longest run " + std::to_string(longest);
    const bool holds = longest <= rule.high;
    if (!holds) detail += " (at most " + std::to_string(rule.high) + ")";
    return {holds, detail};
}

RuleOutcome evaluate_lines_differ(const Rule& rule, const Values& values) {
    const bool differ = values_of(rule.cells, values) != values_of(rule.given, values);
    return {differ, differ ? "differ" : "identical"};
}

RuleOutcome evaluate_weighted_count(const Rule& rule, const Values& values) {
    long long sum = 0;
    for (std::size_t i = 0; i < rule.cells.size(); ++i) {
        if (values[rule.cells[i]] == rule.value) sum += rule.given[i];
    }
    const bool holds = sum >= rule.low && sum <= rule.high;
    std::string detail = "weight " + std::to_string(sum);
    if (!holds) detail += " (must be " + range_text(rule.low, rule.high) + ")";
    return {holds, detail};
}

RuleOutcome evaluate_some_sum(const Rule& rule, const Values& values, const CellNames& names) {
    for (const std::vector<int>& group : rule.tuples) {
        long long sum = 0;
        for (int c : group) sum += values[c];
        if (sum >= rule.low && sum <= rule.high) {
            std::string detail = "sum ";
            detail += std::to_string(sum);
            detail += " over ";
            for (std::size_t i = 0; i < group.size(); ++i) {
                if (i > 0) detail += '+';
                detail += name_of(names, group[i]);
            }
            return {true, detail};
        }
    }
    std::string detail = "none of the ";
    detail += std::to_string(rule.tuples.size());
    detail += " groups sums to ";
    detail += range_text(rule.low, rule.high);
    return {false, detail};
}

RuleOutcome evaluate_bits_differ(const Rule& rule, const Values& values) {
    const std::vector<int> held = values_of(rule.cells, values);
    std::string detail = "values ";
    detail += bracketed(held);
    for (int v : held) {
        if (v < 0) return {false, detail + ": a negative value has no bits"};
    }
    for (int k = 0; k < rule.high; ++k) {
        std::size_t set = 0;
        for (int v : held) set += static_cast<std::size_t>((v >> k) & 1);
        if (set == 0 || set == held.size()) {
            detail += ": bit ";
            detail += std::to_string(k);
            detail += set == 0 ? " is 0 in all" : " is 1 in all";
            return {false, detail};
        }
    }
    return {true, detail};
}

// The runs of 1s; any other value ends a run, as a 0 does (the range rule reports it).
RuleOutcome evaluate_line_runs(const Rule& rule, const Values& values) {
    std::vector<int> runs;
    int run = 0;
    for (int c : rule.cells) {
        if (values[c] == 1) {
            ++run;
        } else if (run > 0) {
            runs.push_back(run);
            run = 0;
        }
    }
    if (run > 0) runs.push_back(run);
    const bool holds = runs == rule.given;
    std::string detail = "runs ";
    detail += bracketed(runs);
    if (!holds) (detail += " (must be ") += bracketed(rule.given) + ")";
    return {holds, detail};
}

// Towers: a cell is seen when it is higher than every cell before it in the line.
RuleOutcome evaluate_visible_count(const Rule& rule, const Values& values) {
    int seen = 0;
    int tallest = 0;
    bool first = true;
    for (int c : rule.cells) {
        if (first || values[c] > tallest) {
            ++seen;
            tallest = values[c];
            first = false;
        }
    }
    const bool holds = seen >= rule.low && seen <= rule.high;
    std::string detail = "values " + bracketed(values_of(rule.cells, values)) + ", " + std::to_string(seen) + " seen";
    if (!holds) detail += " (must be " + range_text(rule.low, rule.high) + ")";
    return {holds, detail};
}

}  // namespace

Rule values_in_range_rule(const char* label, int cells, int low, int high) {
    Rule rule;
    rule.label = label;
    rule.shape = RuleShape::values_in_range;
    for (int c = 0; c < cells; ++c) rule.cells.push_back(c);
    rule.low = low;
    rule.high = high;
    return rule;
}

std::string numbered_name(const char* what, int index) {
    std::string name = what;
    name += ' ';
    name += std::to_string(index + 1);
    return name;
}

Rule clues_rule(const std::vector<int>& clues, int unknown, int cells) {
    Rule rule;
    rule.label = "Clues";
    rule.shape = RuleShape::clues;
    for (int c = 0; c < cells; ++c) {
        if (clues[static_cast<std::size_t>(c)] != unknown) {
            rule.cells.push_back(c);
            rule.given.push_back(clues[static_cast<std::size_t>(c)]);
        }
    }
    return rule;
}

std::string cell_name(int cell) {
    std::string name = "V";
    name += std::to_string(cell);
    return name;
}

std::string bracketed_names(const std::vector<int>& cells, const CellNames& names) {
    std::string text = "[";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += ',';
        text += name_of(names, cells[i]);
    }
    return text + "]";
}

std::string bracketed(const std::vector<int>& numbers) {
    std::string text = "[";
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        if (i > 0) text += ',';
        text += std::to_string(numbers[i]);
    }
    return text + "]";
}

RuleOutcome evaluate(const Rule& rule, const Values& values, const CellNames& names) {
    switch (rule.shape) {
        case RuleShape::values_in_range: return evaluate_values_in_range(rule, values, names);
        case RuleShape::clues: return evaluate_clues(rule, values, names);
        case RuleShape::sum_between: return evaluate_sum(rule, values);
        case RuleShape::all_different: return evaluate_all_different(rule, values);
        case RuleShape::equal: return evaluate_equal(rule, values);
        case RuleShape::allowed_tuples: return evaluate_allowed_tuples(rule, values);
        case RuleShape::no_long_run: return evaluate_no_long_run(rule, values);
        case RuleShape::lines_differ: return evaluate_lines_differ(rule, values);
        case RuleShape::weighted_count: return evaluate_weighted_count(rule, values);
        case RuleShape::some_sum: return evaluate_some_sum(rule, values, names);
        case RuleShape::bits_differ: return evaluate_bits_differ(rule, values);
        case RuleShape::line_runs: return evaluate_line_runs(rule, values);
        case RuleShape::visible_count: return evaluate_visible_count(rule, values);
    }
    return {false, "unknown rule shape"};
}

}  // namespace prune::puzzles
