#include "trace/profile_tracer.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>

namespace prune::trace {
namespace {

std::string percent(std::int64_t part, std::int64_t total) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%5.1f%%", total > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(total) : 0.0);
    return buffer;
}

std::string pad(std::string text, std::size_t width, bool right) {
    if (text.size() >= width) return text;
    const std::string fill(width - text.size(), ' ');
    return right ? fill + text : text + fill;
}

struct Row {
    std::string name;
    std::string kind;
    std::uint64_t count = 0;  // propagators (per kind)
    Propagator::Counters counters;
    std::int64_t nanoseconds = 0;
};

// `learning`: two more columns, the explanations learning asked for and how many of
// them fell back to the propagator's scope.
void write_table(std::ostream& out, const std::string& first_column, const std::vector<Row>& rows, std::size_t shown, std::int64_t total, bool per_kind,
                 bool learning) {
    std::size_t width = first_column.size();
    for (std::size_t i = 0; i < shown; ++i) width = std::max(width, rows[i].name.size());
    out << pad(first_column, width, false) << "  " << (per_kind ? pad("count", 6, true) : pad("kind", 22, false)) << "  " << pad("runs", 10, true) << "  "
        << pad("removed", 10, true) << "  " << pad("failures", 9, true) << "  " << pad("time", 6, true);
    if (learning) out << "  " << pad("explained", 10, true) << "  " << pad("fallback", 9, true);
    out << "\n";
    for (std::size_t i = 0; i < shown; ++i) {
        const Row& r = rows[i];
        out << pad(r.name, width, false) << "  " << (per_kind ? pad(std::to_string(r.count), 6, true) : pad(r.kind, 22, false)) << "  "
            << pad(std::to_string(r.counters.runs), 10, true) << "  " << pad(std::to_string(r.counters.values_removed), 10, true) << "  "
            << pad(std::to_string(r.counters.failures), 9, true) << "  " << percent(r.nanoseconds, total);
        if (learning)
            out << "  " << pad(std::to_string(r.counters.explanations), 10, true) << "  " << pad(std::to_string(r.counters.fallback_explanations), 9, true);
        out << "\n";
    }
}

}  // namespace

bool ProfileTracer::begin(const Solver& solver, const std::string&, std::string&) {
    nanoseconds_.assign(static_cast<std::size_t>(solver.propagator_count()), 0);
    return true;
}

void ProfileTracer::finish(const Solver& solver, const SearchStatistics& statistics) {
    nanoseconds_.resize(std::max(nanoseconds_.size(), static_cast<std::size_t>(solver.propagator_count())), 0);
    std::vector<Row> rows;
    std::map<std::string, Row> kinds;
    for (int id = 0; id < solver.propagator_count(); ++id) {
        const Propagator& p = solver.propagator(id);
        Row row{solver.display_name(p), p.kind(), 1, p.counters(), nanoseconds_[static_cast<std::size_t>(id)]};
        Row& k = kinds[row.kind];
        k.name = row.kind;
        ++k.count;
        k.counters.runs += row.counters.runs;
        k.counters.values_removed += row.counters.values_removed;
        k.counters.failures += row.counters.failures;
        k.counters.explanations += row.counters.explanations;
        k.counters.fallback_explanations += row.counters.fallback_explanations;
        k.nanoseconds += row.nanoseconds;
        rows.push_back(std::move(row));
    }
    const std::int64_t total = std::accumulate(nanoseconds_.begin(), nanoseconds_.end(), std::int64_t{0});
    // The most expensive first; ties (and runs without time) by runs, then by id.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (a.nanoseconds != b.nanoseconds) return a.nanoseconds > b.nanoseconds;
        return a.counters.runs > b.counters.runs;
    });
    std::vector<Row> kind_rows;
    for (auto& [name, row] : kinds) kind_rows.push_back(row);
    std::stable_sort(kind_rows.begin(), kind_rows.end(), [](const Row& a, const Row& b) { return a.nanoseconds > b.nanoseconds; });

    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", static_cast<double>(total) / 1e6);
    out_ << "profile: " << solver.propagator_count() << " propagators, " << statistics.propagations << " runs, " << seconds << " ms propagating ("
         << statistics.nodes << " nodes, " << statistics.failures << " failures)\n";
    const std::size_t shown = std::min(rows.size(), rows_);
    const bool learning = statistics.explanations > 0;
    write_table(out_, "propagator", rows, shown, total, false, learning);
    if (shown < rows.size()) out_ << "(" << rows.size() - shown << " more propagators not shown)\n";
    out_ << "\n";
    write_table(out_, "per kind", kind_rows, kind_rows.size(), total, true, learning);
    out_.flush();
}

}  // namespace prune::trace
