#include "probing.hpp"

namespace prune {

namespace {

// Probes every value of x once (`values` is scratch); `removed_any` tells whether a
// probe failed.
ProbeResult probe_variable(Solver& s, IntVar x, ProbeStatistics& statistics, std::vector<int>& values, bool& removed_any) {
    values.clear();
    s.for_each_value(x, [&](int v) { values.push_back(v); });
    for (int v : values) {
        if (s.fixed(x)) break;
        if (!s.contains(x, v)) continue;  // gone with an earlier removal's propagation
        ++statistics.probes;
        s.push_level();
        const bool consistent = !is_failure(s.assign(x, v)) && s.propagate();
        if (!consistent) s.clear_queue();
        const bool stopped = !consistent && s.interrupted();
        s.pop_level();
        if (stopped) return ProbeResult::interrupted;
        if (consistent) continue;
        ++statistics.removed;
        removed_any = true;
        if (is_failure(s.remove(x, v)) || !s.propagate()) {
            s.clear_queue();
            if (s.interrupted()) return ProbeResult::interrupted;
            if (s.depth() == 0) s.fail();
            return ProbeResult::failed;
        }
    }
    return ProbeResult::fixpoint;
}

}  // namespace

ProbeResult probe_values(Solver& s, const std::vector<IntVar>& vars, ProbeStatistics& statistics, int max_passes) {
    const std::uint64_t start = s.now();
    std::vector<int> values;
    ProbeResult result = ProbeResult::fixpoint;
    for (bool removed_any = true; removed_any && (max_passes == 0 || statistics.passes < max_passes);) {
        removed_any = false;
        ++statistics.passes;
        for (IntVar x : vars) {
            if (s.fixed(x)) continue;
            result = probe_variable(s, x, statistics, values, removed_any);
            if (result != ProbeResult::fixpoint) break;
        }
        if (result != ProbeResult::fixpoint) break;
    }
    if (s.has_clock()) statistics.seconds += static_cast<double>(s.now() - start) * 1e-9;
    return result;
}

}  // namespace prune
