#include "puzzles/common/line_automata.hpp"

namespace prune::puzzles {

Automaton balanced_line_automaton(int length) {
    const int half = length / 2;
    // State 0 is the start; (ones, last, run) with run 1 or 2 is numbered from 1.
    auto state = [](int ones, int last, int run) { return 1 + (ones * 2 + last) * 2 + (run - 1); };
    Automaton automaton;
    automaton.states = 1 + (half + 1) * 4;
    automaton.initial = 0;
    automaton.transitions.push_back({0, 0, state(0, 0, 1)});
    if (half >= 1) automaton.transitions.push_back({0, 1, state(1, 1, 1)});
    for (int ones = 0; ones <= half; ++ones) {
        for (int last = 0; last <= 1; ++last) {
            for (int run = 1; run <= 2; ++run) {
                const int from = state(ones, last, run);
                for (int symbol = 0; symbol <= 1; ++symbol) {
                    const int next_ones = ones + symbol;
                    const int next_run = symbol == last ? run + 1 : 1;
                    if (next_ones > half || next_run > 2) continue;
                    automaton.transitions.push_back({from, symbol, state(next_ones, symbol, next_run)});
                }
                if (ones == half) automaton.accepting.push_back(from);
            }
        }
    }
    return automaton;
}

Automaton runs_automaton(const std::vector<int>& runs) {
    Automaton automaton;
    automaton.initial = 0;
    automaton.transitions.push_back({0, 0, 0});  // leading 0s
    int previous = 0;                            // the state a run's first 1 leaves from
    int next_state = 1;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        for (int j = 0; j < runs[k]; ++j) {
            automaton.transitions.push_back({previous, 1, next_state});
            previous = next_state++;
        }
        // The gap after run k: at least one 0 (the last gap may be empty, see below).
        const int gap = next_state++;
        automaton.transitions.push_back({previous, 0, gap});
        automaton.transitions.push_back({gap, 0, gap});
        if (k + 1 == runs.size()) automaton.accepting = {previous, gap};
        previous = gap;
    }
    if (runs.empty()) automaton.accepting = {0};
    automaton.states = next_state;
    return automaton;
}

std::vector<int> runs_of_ones(const std::vector<int>& word) {
    std::vector<int> runs;
    int run = 0;
    for (int symbol : word) {
        if (symbol == 1) {
            ++run;
        } else if (run > 0) {
            runs.push_back(run);
            run = 0;
        }
    }
    if (run > 0) runs.push_back(run);
    return runs;
}

}  // namespace prune::puzzles
